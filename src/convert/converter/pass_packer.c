#include "pass_packer.h"

#include "pass_emitters.h"
#include "rng.h"

#include <string.h>

/* Each job's memory of dead states: small, as tries are short; the same size whatever the
 * thread count, since it steers the search. */
#define PACKER_CACHE_LOG2_SLOTS 16

/* ------------------------------------------------------------------ tries */

bool pass_packer_init(struct pass_packer *packer) {
    packer->nodes = 0;
    packer->unwanted = NULL;
    return dead_cache_init(&packer->cache, PACKER_CACHE_LOG2_SLOTS, MATRIX_HASHED_KEY_WIDTH);
}

void pass_packer_free(struct pass_packer *packer) {
    dead_cache_free(&packer->cache);
}

/* A search of the problem by the packer: its dead states forgotten. */
static void start_search(struct emitter_search *s, struct pass_packer *packer,
                         const struct pass_problem *p) {
    pass_emitters_init(s, p, &packer->cache);
    packer->nodes = 0;
    dead_cache_reset(&packer->cache);
}

enum pass_result pass_pack(struct pass_packer *packer, const struct pass_problem *p, uint64_t seed,
                           struct pass_budget budget, struct pass_packing *out) {
    struct emitter_search s;
    start_search(&s, packer, p);
    s.matrix.budget = budget.nodes_per_matrix;
    out->count = 0;
    enum pass_result result = PASS_NONE;
    if (pass_emitters_nothing_to_print(&s) || p->rows > MATRIX_MAX_HEIGHT)
        return result;
    /* Phase 2's restrictions follow the schedule of tetris-search's budgeted tries
     * (matrix_search.h). */
    struct try_schedule schedule = {{false, false}};
    for (int attempt = 0; attempt < budget.tries; attempt++) {
        if (packer->unwanted && packer->unwanted(packer->unwanted_context)) {
            result = PASS_TIMEOUT;
            break;
        }
        s.matrix.rows_above = try_schedule_rows_above(&schedule, attempt);
        s.try = (struct search_try){rng_derive(seed, (uint64_t)attempt), 0, budget.nodes_per_try};
        s.matrix.gave_up = false;
        result = pass_emitters_try(&s);
        packer->nodes += s.try.nodes;
        /* A try finds no pass in its whole space only when no slab's matrix gave up on its
         * own budget: one that did may pack with the next try's random choices. */
        bool space_empty = result == PASS_NONE && !s.matrix.gave_up;
        if (result == PASS_FOUND || (space_empty && s.matrix.rows_above < 0))
            break;
        if (space_empty)
            try_schedule_space_empty(&schedule, s.matrix.rows_above);
    }
    if (result == PASS_FOUND)
        pass_emitters_packing(&s, out);
    return result;
}

int pass_emitters_most(struct pass_packer *packer, const struct pass_problem *p, long budget) {
    struct emitter_search s;
    start_search(&s, packer, p);
    int most = pass_emitters_most_printed(&s, budget);
    packer->nodes = s.try.nodes;
    return most;
}
