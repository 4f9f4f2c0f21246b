/* Searching patterns: one layout of an emitter set, or one platform start, decided at its
 * smallest height that has a packing, with the smaller heights proved to have none;
 * running many such jobs in parallel (OpenMP); and writing the found ones as a pattern
 * file. tetris-search regenerates libraries with it, tetris-convert the patterns of a
 * width it has no library for. */
#ifndef TETRIS_PATTERN_SEARCH_H
#define TETRIS_PATTERN_SEARCH_H

#include "pattern.h"
#include "progress.h"

#include <stdint.h>
#include <stdio.h>

#define MAX_PROOFS 4
/* The seed of tetris-search's libraries, and of the patterns tetris-convert searches. */
#define SEARCH_DEFAULT_SEED 2013

/* What the search decided for one layout or one platform start. */
struct search_result {
    bool found;
    struct pattern pattern; /* at the smallest height with a packing, when found */
    int proof_count;        /* heights proved to have no packing, increasing */
    int proved_heights[MAX_PROOFS];
    long attempts;
};

struct search_settings {
    int width; /* of the field the patterns are for */
    uint64_t seed;
    struct packing_limits limits;
    bool quiet;
};

/* Decides layout number `index` (0-based, in file order) of its set: tries its heights in
 * increasing order until one has a packing, proving the smaller ones have none. */
void search_emitter_layout(int index, const struct layout *layout,
                           const struct search_settings *settings, struct dead_cache *cache,
                           struct search_result *result);

/* Decides platform start number `start` (platform_start_number): when found, the pattern
 * is the platform whole, its notch piece last (pattern_finish_platform). */
void search_platform_start(int start, const struct search_settings *settings,
                           struct dead_cache *cache, struct search_result *result);

/* Writes the found patterns among `count` results, in order, as a pattern file. */
bool search_results_write(FILE *out, const struct search_result *results, int count);

/* Finds platform start number `start` the way tetris-convert does on fields it has no
 * library for, where the randomized search alone rarely finds wide platforms and proofs
 * take far too long: the pieces any platform with its T at an even column needs are
 * dropped first (the S and Z chains that fill the two bottom rows outwards from the T),
 * then horizontal I pieces along the middle of the third row, then the randomized search
 * packs the rest. Not a proof: a start it doesn't find may exist (the T at an odd column
 * is never tried). */
void search_platform_scaffolded(int start, const struct search_settings *settings,
                                struct dead_cache *cache, struct search_result *result);

/* The set number platforms use in job seeds (emitter sets are 1 .. width / 3: set 8 exists
 * from width 24 on and shares seeds with the platforms, which only means that two unrelated
 * matrices draw the same random numbers). */
#define PLATFORM_SET 8

/* Seed of one search job, derived from the run's seed, so results don't depend on which
 * thread runs which job. */
uint64_t job_seed(uint64_t seed, int set, int index, int height);

typedef void job_function(int index, struct dead_cache *cache, void *context);

/* Runs jobs 0..count-1 over the threads, each thread with its own dead-state cache for
 * matrices `width` wide, with a progress line named `label` unless quiet. Returns false
 * when a cache could not be allocated (then some jobs did not run). */
bool run_jobs(int count, int width, const char *label, bool quiet, job_function *job,
              void *context);

/* Each thread's dead-state cache: 2^20 entries of 16 bytes on the 21-wide field (16 MiB,
 * touched as used; 40 MiB on the widest). It is the same whatever the thread count, as its
 * size steers the search. */
#define SEARCH_CACHE_LOG2_SLOTS 20

#endif
