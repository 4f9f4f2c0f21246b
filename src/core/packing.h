/* Packing a matrix with tetrominoes: the article's randomized incremental construction
 * with backtracking, and an exhaustive mode that decides for certain.
 *
 * A try drops pieces one by one, first an S or Z at the lowest spot of the bottom row when
 * one fits there, then the legal drops in a random order, backtracking on dead ends. A try
 * that spends its attempt budget is abandoned and the next one starts with fresh
 * randomness. Budgeted tries only drop pieces low in the matrix (a heuristic); the last try
 * has no budget and considers every drop, so it decides: it finds a packing or proves
 * there is none. States proved dead are remembered (dead_cache.h). */
#ifndef TETRIS_PACKING_H
#define TETRIS_PACKING_H

#include "dead_cache.h"
#include "matrix.h"

#include <limits.h>
#include <stdint.h>

#define PACKING_MAX_PIECES MATRIX_MAX_PIECES

enum packing_result { PACKING_FOUND, PACKING_NONE, PACKING_TIMEOUT };

struct packing_limits {
    int tries;             /* budgeted tries before the exhaustive one */
    long attempts_per_try; /* the article's MAX_ATTEMPTS */
    long final_attempts;   /* the exhaustive try's budget: LONG_MAX to always decide */
};

/* The article's settings: abandon a try after 1,000 attempts; then decide for certain. */
#define PACKING_DEFAULT_LIMITS                                                                     \
    ((struct packing_limits){.tries = 100000, .attempts_per_try = 1000, .final_attempts = LONG_MAX})

struct packing_outcome {
    enum packing_result result; /* TIMEOUT only when the final try has a budget */
    int pieces;
    struct placement placements[PACKING_MAX_PIECES];
    long attempts; /* search nodes visited, all tries together */
    int tries;     /* tries started, the exhaustive one included */
};

/* Packs `start` (whose stacks may already hold the triples or the first T). The cache is
 * reset first; `seed` fixes every random choice. */
void packing_solve(const struct matrix *start, uint64_t seed, struct packing_limits limits,
                   struct dead_cache *cache, struct packing_outcome *outcome);

#endif
