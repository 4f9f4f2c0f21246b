#include "realtime_pass.h"

#include "dead_cache.h"
#include "packing.h"
#include "rng.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Each thread's dead-state cache: small, as real-time tries are short; the same size
 * whatever the thread count, since it steers the search. */
#define REALTIME_CACHE_LOG2_SLOTS 16
#define MAX_CANDIDATES 4

static bool pending(const struct row_state *row, int c) {
    return c < FIELD_WIDTH && row->want[c] && !row->printed[c];
}

void realtime_pass_greedy(const struct row_state *row, bool flipped, struct pass_base *base) {
    pass_base_clear(base);
    bool taken[FIELD_WIDTH] = {false};
    for (int c = 0; flipped && c + 2 < FIELD_WIDTH; c++) {
        bool three = true;
        for (int k = 0; k < 3; k++)
            three =
                three && pending(row, c + k) && !taken[c + k] && row->want[c + k] == row->want[c];
        struct emitter_piece piece = {row->want[c], true, (int8_t)c};
        if (three && pass_base_add(base, piece))
            taken[c] = taken[c + 1] = taken[c + 2] = true;
    }
    for (int c = 0; c < FIELD_WIDTH; c++) {
        struct emitter_piece piece = {row->want[c], false, (int8_t)c};
        if (pending(row, c) && !taken[c] && pass_base_add(base, piece))
            taken[c] = true;
    }
}

struct candidate {
    struct pattern start;
};

/* The candidates in order of preference: the whole greedy base in its smallest matrix and
 * 4 rows taller, then hanging pieces only (when that differs) in its smallest matrix. */
static int list_candidates(const struct row_state *row, struct candidate out[MAX_CANDIDATES]) {
    struct pass_base full, hanging;
    realtime_pass_greedy(row, true, &full);
    realtime_pass_greedy(row, false, &hanging);
    int n = 0;
    if (full.count > 0) {
        int h = pass_first_height(full.bottom_cells);
        pass_start(&out[n++].start, row, &full, h);
        pass_start(&out[n++].start, row, &full, h + 4);
    }
    if (hanging.count > 0 && hanging.bottom_cells != full.bottom_cells)
        pass_start(&out[n++].start, row, &hanging, pass_first_height(hanging.bottom_cells));
    return n;
}

struct job_result {
    bool found;
    struct pattern pass;
};

static bool run_job(const struct candidate *c, uint64_t seed, struct realtime_limits limits,
                    struct dead_cache *cache, const struct playfield *pf,
                    pass_plays_function *plays, struct pattern *out) {
    struct packing_limits packing = {.tries = limits.tries_per_job,
                                     .attempts_per_try = limits.attempts_per_try,
                                     .final_attempts = limits.attempts_per_try};
    struct packing_outcome outcome;
    packing_solve(&c->start.start, seed, packing, cache, &outcome);
    if (outcome.result != PACKING_FOUND)
        return false;
    *out = c->start;
    out->pieces = outcome.pieces;
    memcpy(out->placements, outcome.placements, (size_t)outcome.pieces * sizeof out->placements[0]);
    return plays(out, pf);
}

int realtime_pass_search(const struct row_state *row, const struct playfield *pf, uint64_t seed,
                         struct realtime_limits limits, pass_plays_function *plays,
                         struct pattern *out) {
    struct candidate candidates[MAX_CANDIDATES];
    int count = list_candidates(row, candidates);
    int jobs = count * limits.jobs_per_candidate;
    struct job_result *results = calloc((size_t)(jobs > 0 ? jobs : 1), sizeof *results);
    if (!results)
        return -1;
    int best = INT_MAX; /* the earliest job found so far; later ones need not run */
    bool out_of_memory = false;
#pragma omp parallel
    {
        struct dead_cache cache;
        bool have_cache = dead_cache_init(&cache, REALTIME_CACHE_LOG2_SLOTS);
        if (!have_cache) {
#pragma omp critical(realtime_best)
            out_of_memory = true;
        }
#pragma omp for schedule(dynamic, 1)
        for (int j = 0; j < jobs; j++) {
            int current;
#pragma omp critical(realtime_best)
            current = best;
            if (!have_cache || j > current)
                continue;
            const struct candidate *c = &candidates[j / limits.jobs_per_candidate];
            results[j].found = run_job(c, rng_derive(seed, (uint64_t)j), limits, &cache, pf, plays,
                                       &results[j].pass);
            if (results[j].found) {
#pragma omp critical(realtime_best)
                if (j < best)
                    best = j;
            }
        }
        dead_cache_free(&cache);
    }
    bool found = best != INT_MAX && !out_of_memory;
    if (found)
        *out = results[best].pass;
    free(results);
    return out_of_memory ? -1 : found;
}
