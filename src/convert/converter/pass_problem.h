/* What a pass's search solves and finds (pass_packer.h): the problem, a packing, and the
 * outcome of a search, shared by the packer and its two phases (pass_emitters.h,
 * pass_matrix.h); and a problem's digest and seed, so that the same problem gets the same
 * pass wherever and whenever it is searched. */
#ifndef TETRIS_CONVERT_PASS_PROBLEM_H
#define TETRIS_CONVERT_PASS_PROBLEM_H

#include "matrix.h"
#include "target.h"

#include <stdbool.h>
#include <stdint.h>

/* The most pieces of a pass: 4 * pieces = width * rows + squares printed (parity.h), and
 * a pass prints at most one square per cell of its target, under a matrix of at most
 * MATRIX_MAX_HEIGHT rows (a platform left standing on it included). */
#define PASS_MAX_PIECES                                                                            \
    ((FIELD_MAX_WIDTH * MATRIX_MAX_HEIGHT + TARGET_MAX_ROWS * FIELD_MAX_WIDTH) / 4)

/* What a pass must do: print into its target (a one-row target: the emission row) under a
 * matrix. Columns are playfield columns; rows of the matrix are counted from 0, the one right
 * above the target. */
struct pass_problem {
    struct target target;
    int rows;                          /* matrix rows, at most MATRIX_MAX_HEIGHT */
    uint8_t capacity[FIELD_MAX_WIDTH]; /* each column is filled to this row: `rows`, or
                                          less in a platform's notch */
    int min_pixels;                    /* print at least this many pixels (at least 1) */
    /* The pixels the pass leaves must all be printable by one more pass, as far as its
     * emitters go (each slab's, on a wide pass: pass_pack). */
    bool leave_printable;
    /* The pixels the pass leaves in its target's top row must be where `reachable` says: a
     * band pass over the row above can print them hanging from it. */
    bool leave_reachable;
    bool reachable[FIELD_MAX_WIDTH];
    bool plain_emitters; /* no J or L hanging from its corner (emitters.h) */
};

/* A packing found: the pieces in drop order (the emitters first, with base -1) and the
 * pixels they print. */
struct pass_packing {
    int count;
    struct placement pieces[PASS_MAX_PIECES];
    int printed;
    bool prints[TARGET_MAX_ROWS][FIELD_MAX_WIDTH]; /* by the target's rows */
};

enum pass_result { PASS_FOUND, PASS_NONE, PASS_TIMEOUT };

/* Marks the pixels the packing prints in the target as squares. */
void pass_packing_mark(const struct pass_packing *packing, struct target *target);

/* A digest of what a problem asks, and whether two problems ask the same: what is under the
 * target only counts under pixels (only emitters rest on it). */
uint64_t pass_problem_digest(const struct pass_problem *p);
bool pass_problems_same(const struct pass_problem *a, const struct pass_problem *b);

/* The seed of the k-th search of a problem in a run seeded with `run_seed`: a search depends
 * on what it solves, not on where or when, so the same problem gets the same pass. */
uint64_t pass_problem_seed(const struct pass_problem *p, uint64_t run_seed, int k);

#endif
