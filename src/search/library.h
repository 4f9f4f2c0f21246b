/* Regenerating the pattern library: every layout of an emitter set, or every platform,
 * searched in parallel (OpenMP), each at its smallest height that has a packing, with
 * the smaller heights proved to have none. */
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

/* Searches every layout of the n-square set. `results` gets layout_count(n) entries in
 * file order. Returns false when some layout has no packing up to MATRIX_MAX_HEIGHT or
 * memory ran out (with a message on stderr). */
bool search_emitters(int squares, const struct search_settings *settings,
                     struct search_result *results);

/* Searches the 19 T columns x 2 notch sides; results[t * 2 + side]. */
#define PLATFORM_STARTS (PLATFORM_T_COLUMNS * 2)
bool search_platforms(const struct search_settings *settings, struct search_result *results);

/* Decides one pattern start: packs it or proves it has no packing. */
void decide_start(const struct pattern *start, uint64_t seed, struct packing_limits limits,
                  struct dead_cache *cache, struct packing_outcome *outcome);

/* Seed of one search job, derived from the run's seed, so results don't depend on which
 * thread runs which job. */
uint64_t job_seed(uint64_t seed, int set, int index, int height);

typedef void job_function(int index, struct dead_cache *cache, void *context);

/* Runs jobs 0..count-1 over the threads, each thread with its own dead-state cache,
 * counting them on `progress`. Returns false when a cache could not be allocated (then
 * some jobs did not run). */
bool run_jobs(int count, struct progress *progress, job_function *job, void *context);

/* Each thread's dead-state cache: 2^20 entries of 16 bytes (16 MiB, touched as used). It
 * is the same whatever the thread count, as its size steers the search. */
#define SEARCH_CACHE_LOG2_SLOTS 20

#endif
