/* Searching patterns: one layout of an emitter set, or one platform start, decided at its
 * smallest height that has a packing, with the smaller heights proved to have none; and
 * running many such jobs in parallel (OpenMP). */
#ifndef TETRIS_LIBRARY_H
#define TETRIS_LIBRARY_H

#include "pattern.h"
#include "progress.h"

#include <stdint.h>

#define MAX_PROOFS 4

/* What the search decided for one layout or one platform start. */
struct search_result {
    bool found;
    struct pattern pattern; /* at the smallest height with a packing, when found */
    int proof_count;        /* heights proved to have no packing, increasing */
    int proved_heights[MAX_PROOFS];
    long attempts;
};

struct search_settings {
    uint64_t seed;
    struct packing_limits limits;
    bool quiet;
};

/* Decides layout number `index` (0-based, in file order) of its set: tries its heights in
 * increasing order until one has a packing, proving the smaller ones have none. */
void search_emitter_layout(int index, const struct layout *layout,
                           const struct search_settings *settings, struct dead_cache *cache,
                           struct search_result *result);

/* Decides platform start number `start` (platform_start_number). */
void search_platform_start(int start, const struct search_settings *settings,
                           struct dead_cache *cache, struct search_result *result);

/* The set number platforms use in job seeds (emitter sets are 1..7). */
#define PLATFORM_SET 8

/* Seed of one search job, derived from the run's seed, so results don't depend on which
 * thread runs which job. */
uint64_t job_seed(uint64_t seed, int set, int index, int height);

typedef void job_function(int index, struct dead_cache *cache, void *context);

/* Runs jobs 0..count-1 over the threads, each thread with its own dead-state cache,
 * with a progress line named `label` unless quiet. Returns false when a cache could not
 * be allocated (then some jobs did not run). */
bool run_jobs(int count, const char *label, bool quiet, job_function *job, void *context);

/* Each thread's dead-state cache: 2^20 entries of 16 bytes (16 MiB, touched as used). It
 * is the same whatever the thread count, as its size steers the search. */
#define SEARCH_CACHE_LOG2_SLOTS 20

#endif
