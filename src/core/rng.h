/* A small, fast, seedable random number generator (SplitMix64). Every random choice of
 * the project derives from a seed through these functions, so a seed fixes the output
 * whatever the thread count. */
#ifndef TETRIS_RNG_H
#define TETRIS_RNG_H

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, bound), bound > 0 (multiply-shift; bias is below 2^-32). */
static inline uint32_t rng_below(uint64_t *state, uint32_t bound) {
    return (uint32_t)(((rng_next(state) >> 32) * bound) >> 32);
}

/* Derives an independent stream's seed from a seed and a tag (e.g. a job number). */
static inline uint64_t rng_derive(uint64_t seed, uint64_t tag) {
    uint64_t state = seed ^ (tag * 0xd6e8feb86659fd93ULL);
    rng_next(&state);
    return rng_next(&state);
}

#endif
