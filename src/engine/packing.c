#include "packing.h"

#include "matrix_search.h"

#include <string.h>

void packing_solve(const struct matrix *start, uint64_t seed, struct packing_limits limits,
                   struct dead_cache *cache, struct packing_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    int empty = matrix_empty_cells(start);
    outcome->pieces = empty / 4;
    outcome->result = PACKING_NONE;
    if (empty % 4 != 0 || outcome->pieces > PACKING_MAX_PIECES || !matrix_regions_ok(start))
        return;
    dead_cache_reset(cache);
    struct search_try try = {.rng = seed};
    int count = 0;
    struct matrix_search s = {.s_or_z_first = true,
                              .exact_keys = true,
                              .cache = cache,
                              .try = &try,
                              .matrix_limit = LONG_MAX,
                              .pieces = outcome->placements,
                              .count = &count};
    /* Budgeted tries follow the schedule of restrictions; when both restrictions are
     * dropped, or the tries are used up, the exhaustive try decides. */
    struct try_schedule schedule = {{false, false}};
    enum matrix_search_result result = MATRIX_SEARCH_TIMEOUT;
    long budget = limits.attempts_per_try;
    for (int attempt = 0; result != MATRIX_SEARCH_FOUND; attempt++) {
        if (attempt > 0 && limits.tries_per_doubling > 0 &&
            attempt % limits.tries_per_doubling == 0 && budget <= LONG_MAX / 2)
            budget *= 2;
        int rows_above = try_schedule_rows_above(&schedule, attempt);
        bool exhaustive = attempt >= limits.tries || rows_above < 0;
        s.tracker.m = *start;
        matrix_search_start(&s);
        try.nodes = 0;
        try.limit = exhaustive ? limits.final_attempts : budget;
        s.rows_above = exhaustive ? -1 : rows_above;
        result = matrix_search_fill(&s);
        outcome->attempts += try.nodes;
        outcome->tries++;
        if (exhaustive)
            break;
        if (result == MATRIX_SEARCH_NONE)
            try_schedule_space_empty(&schedule, rows_above);
    }
    outcome->result = result == MATRIX_SEARCH_FOUND  ? PACKING_FOUND
                      : result == MATRIX_SEARCH_NONE ? PACKING_NONE
                                                     : PACKING_TIMEOUT;
}
