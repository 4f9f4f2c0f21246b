/* Packing a matrix with tetrominoes: the article's randomized incremental construction
 * with backtracking, and an exhaustive mode that decides for certain.
 *
 * A try drops pieces one by one, first an S or Z at the lowest spot of the bottom row when
 * one fits there, then the legal drops in a random order, backtracking on dead ends. A try
 * that spends its attempt budget is abandoned and the next one starts with fresh
 * randomness; the budget may double every so many tries (packing_limits). Budgeted tries
 * only drop pieces low in the matrix (a heuristic); the last try has no budget and
 * considers every drop, so it decides: it finds a packing or proves there is none. States proved
 * dead are remembered (dead_cache.h). */
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
    long attempts_per_try; /* the article's MAX_ATTEMPTS, for the first tries */
    long final_attempts;   /* the exhaustive try's budget: LONG_MAX to always decide */
    /* The per-try budget doubles after every this many tries (0: it stays), so that a budget
     * too small to ever find a packing still grows into one that does, instead of leaving
     * every layout to the exhaustive try (minutes where the tries take a second). */
    int tries_per_doubling;
};

/* The article's settings: abandon a try after 1,000 attempts; then decide for certain.
 * The budget doubles after every 1,000 tries, which no layout of the 21-wide library needs
 * with 1,000 attempts (357 tries at most, seed 2013); from --attempts 1 it reaches 1,024
 * after 10,000 tries, about 2 million attempts. */
#define PACKING_TRIES_PER_DOUBLING 1000
#define PACKING_DEFAULT_LIMITS                                                                     \
    ((struct packing_limits){.tries = 100000,                                                      \
                             .attempts_per_try = 1000,                                             \
                             .final_attempts = LONG_MAX,                                           \
                             .tries_per_doubling = PACKING_TRIES_PER_DOUBLING})

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
