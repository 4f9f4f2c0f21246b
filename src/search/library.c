#include "library.h"

#include "cli.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>

uint64_t job_seed(uint64_t seed, int set, int index, int height) {
    return rng_derive(rng_derive(seed, (uint64_t)set), (uint64_t)index * 64 + (uint64_t)height);
}

static void record_outcome(struct search_result *r, struct pattern *p,
                           const struct packing_outcome *o, int height) {
    r->attempts += o->attempts;
    if (o->result == PACKING_FOUND) {
        r->found = true;
        p->pieces = o->pieces;
        for (int i = 0; i < o->pieces; i++)
            p->placements[i] = o->placements[i];
        r->pattern = *p;
    } else if (r->proof_count < MAX_PROOFS) {
        r->proved_heights[r->proof_count++] = height;
    }
}

void search_emitter_layout(int index, const struct layout *layout,
                           const struct search_settings *settings, struct dead_cache *cache,
                           struct search_result *r) {
    int squares = layout->squares;
    struct packing_outcome outcome;
    struct pattern p;
    *r = (struct search_result){0};
    for (int h = emitter_first_height(squares); h <= MATRIX_MAX_HEIGHT && !r->found; h += 4) {
        pattern_start_emitter(&p, layout, h);
        int pieces = matrix_empty_cells(&p.start) / 4;
        if (pieces > PACKING_MAX_PIECES || squares + pieces > BLOCK_MAX_PIECES)
            break;
        packing_solve(&p.start, job_seed(settings->seed, squares, index, h), settings->limits,
                      cache, &outcome);
        record_outcome(r, &p, &outcome, h);
    }
}

bool run_jobs(int count, const char *label, bool quiet, job_function *job, void *context) {
    struct progress progress;
    progress_start(&progress, label, count, quiet);
    bool all_ran = true;
#pragma omp parallel
    {
        struct dead_cache cache;
        bool have_cache = dead_cache_init(&cache, SEARCH_CACHE_LOG2_SLOTS);
        if (!have_cache) {
#pragma omp atomic write
            all_ran = false;
        }
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < count; i++) {
            if (have_cache) {
                job(i, &cache, context);
                progress_advance(&progress);
            }
        }
        dead_cache_free(&cache);
    }
    progress_finish(&progress);
    if (!all_ran)
        cli_error("out of memory");
    return all_ran;
}

void search_platform_start(int start, const struct search_settings *settings,
                           struct dead_cache *cache, struct search_result *r) {
    struct pattern p;
    struct packing_outcome outcome;
    *r = (struct search_result){0};
    pattern_start_platform(&p, platform_start_of(start));
    packing_solve(&p.start, job_seed(settings->seed, PLATFORM_SET, start, PLATFORM_HEIGHT),
                  settings->limits, cache, &outcome);
    record_outcome(r, &p, &outcome, PLATFORM_HEIGHT);
}
