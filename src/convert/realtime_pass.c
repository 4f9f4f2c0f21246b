#include "realtime_pass.h"

#include "base_choice.h"
#include "dead_cache.h"
#include "packing.h"
#include "rng.h"
#include "table_pass.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Each thread's dead-state cache: small, as real-time tries are short; the same size
 * whatever the thread count, since it steers the search. */
#define REALTIME_CACHE_LOG2_SLOTS 16

struct job_result {
    bool found;
    struct pattern pass;
};

/* A try costs time in proportion to the field's width (every node lists the drops across
 * it): wider fields get fewer tries per job, so that a job takes about as long as on the
 * default field (measured: a quarter of the tries at width 69 costs 5% more pieces and
 * halves the time). */
static int tries_per_job(struct realtime_limits limits, int width) {
    int tries = limits.tries_per_job * FIELD_DEFAULT_WIDTH / width;
    return tries > 0 ? tries : 1;
}

static bool run_job(const struct pattern *start, uint64_t seed, struct realtime_limits limits,
                    struct dead_cache *cache, const struct playfield *pf,
                    pass_plays_function *plays, struct pattern *out) {
    struct packing_limits packing = {.tries = tries_per_job(limits, pf->width),
                                     .attempts_per_try = limits.attempts_per_try,
                                     .final_attempts = limits.attempts_per_try};
    struct packing_outcome outcome;
    packing_solve(&start->start, seed, packing, cache, &outcome);
    if (outcome.result != PACKING_FOUND)
        return false;
    *out = *start;
    out->pieces = outcome.pieces;
    memcpy(out->placements, outcome.placements, (size_t)outcome.pieces * sizeof out->placements[0]);
    return plays(out, pf);
}

/* Runs the jobs of the searched options; returns the earliest that found a pass, INT_MAX
 * for none, -1 when out of memory. */
static int run_jobs(const struct pattern starts[], int jobs, const struct playfield *pf,
                    uint64_t seed, struct realtime_limits limits, pass_plays_function *plays,
                    struct job_result results[]) {
    int best = INT_MAX; /* the earliest job found so far; later ones need not run */
    bool out_of_memory = false;
#pragma omp parallel
    {
        struct dead_cache cache;
        bool have_cache = dead_cache_init(&cache, REALTIME_CACHE_LOG2_SLOTS, pf->width);
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
            results[j].found =
                run_job(&starts[j / limits.jobs_per_option], rng_derive(seed, (uint64_t)j), limits,
                        &cache, pf, plays, &results[j].pass);
            if (results[j].found) {
#pragma omp critical(realtime_best)
                if (j < best)
                    best = j;
            }
        }
        dead_cache_free(&cache);
    }
    return out_of_memory ? -1 : best;
}

int realtime_pass_search(const struct row_state *row, const struct pattern_library *lib,
                         const struct playfield *pf, uint64_t seed, struct realtime_limits limits,
                         pass_plays_function *plays, struct pattern *out) {
    struct base_choice choices[BASE_CHOICE_MAX];
    struct pattern starts[BASE_CHOICE_MAX];
    int count = base_choices(row, lib, choices), searched = 0;
    while (searched < count && !choices[searched].emitter) {
        pass_start(&starts[searched], row, &choices[searched].base, choices[searched].height);
        searched++;
    }
    int jobs = searched * limits.jobs_per_option;
    struct job_result *results = calloc((size_t)(jobs > 0 ? jobs : 1), sizeof *results);
    if (!results)
        return -1;
    int best = run_jobs(starts, jobs, pf, seed, limits, plays, results);
    if (best >= 0 && best != INT_MAX)
        *out = results[best].pass;
    free(results);
    if (best != INT_MAX)
        return best < 0 ? -1 : 1;
    for (int i = searched; i < count; i++) {
        table_pass_from_emitter(row, &choices[i].base, choices[i].emitter, out);
        if (plays(out, pf))
            return 1;
    }
    return 0;
}
