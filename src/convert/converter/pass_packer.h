/* The packer of tetris-convert: finds one pass over a target (target.h), that is pieces
 * dropped straight down that fill a matrix of rows above the target so that all of them
 * clear, while some pieces hang into the target and leave its pixels there (emitters.h).
 *
 * The model is the matrix model (matrix.h) widened by the target: every column is a solid
 * stack, and each pixel still to print is a one-cell hole under the matrix that only a
 * piece of that pixel's type, in an emitting orientation, may fill. Emitters rest on what is
 * under the target, on its squares, or on one another (a J or L hanging from its corner),
 * never on the rest of the matrix, so every packing can drop all its emitters first. A
 * search therefore has two phases, which meet at one interface, the slab (pass_matrix.h):
 *   1. the emitters (pass_emitters.h): the holes from left to right, each filled by an
 *      emitter of its type or (when the pass may leave pixels for later) left; then the
 *      emitters ordered so that each drops after the emitters under it and rests on
 *      something;
 *   2. the matrix (pass_matrix.h): the article's randomized incremental construction
 *      (matrix_search.h) over the stacks the emitters leave, the target's squares, the
 *      emitters' included, as floor support; tries alternate between drops resting on the
 *      lowest empty row and at most one row above it (as tetris-search's do), then every drop.
 * Both are depth-first with random choices and backtracking, without sorting: a try that
 * spends its budget is abandoned for a fresh one, as in the article, and each set of
 * emitters gets a budget of its own in phase 2. States of phase 2 proved to lead nowhere
 * are remembered (dead_cache.h, by the tracker's hashed key) for the rest of the search.
 *
 * The width is a parameter (up to FIELD_MAX_WIDTH); a pass's pieces are kept as placements
 * (matrix.h: the emitters' base is -1) that the player and the script writer use as they
 * are. */
#ifndef TETRIS_CONVERT_PASS_PACKER_H
#define TETRIS_CONVERT_PASS_PACKER_H

#include "dead_cache.h"
#include "matrix.h"
#include "target.h"

#include <stdbool.h>
#include <stdint.h>

/* A pass at least twice PASS_SLAB_MIN_WIDTH wide is packed in slabs: the holes are still
 * given emitters from left to right, but the segment of them since the last slab may end
 * before a hole, once at least PASS_SLAB_MIN_WIDTH columns wide and holding a multiple of 4
 * empty cells, leaving the last slab as wide; its emitters are dropped and the columns
 * under it packed (phase 2) right then, and the next emitters may not reach into them.
 * When no slab can end before a hole, the segment goes on past it (made to end within
 * PASS_SLAB_MAX_WIDTH columns, it would give up the pixels beyond: dense sprites would take
 * more pieces, and a lone pixel far into a wide field would go to the library, as a slab
 * with nothing in its emission row has nothing to stand on). Pieces dropped straight
 * down into a slab never leave it, and no row of the field completes before the last slab
 * is packed, so each slab is a matrix of its own (matrix.h, `beside`): its rows complete
 * only in the last slab, up to the lowest capacity of the others. A slab's search is as
 * narrow as a slab, however wide the pass, and one that fails is tried again with other
 * emitters of its own segment, not of the whole row. The columns past the last hole are one
 * slab, or when that fails and the last slab is wider than PASS_SLAB_MAX_WIDTH, slabs
 * ending where the same rule allows. */
#define PASS_SLAB_MIN_WIDTH 12
#define PASS_SLAB_MAX_WIDTH 28

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

struct pass_budget {
    int tries;
    long nodes_per_try;    /* placements tried (both phases) before a try is abandoned */
    long nodes_per_matrix; /* of which phase 2 may spend this many on one set of emitters */
};

enum pass_result { PASS_FOUND, PASS_NONE, PASS_TIMEOUT };

/* A thread's workspace: its dead-state memory. */
struct pass_packer {
    struct dead_cache cache;
    long nodes; /* placements tried by the last pass_pack */
    /* Set by the caller: the search stops (PASS_TIMEOUT) between tries once this returns
     * true, its answer no longer wanted. NULL for never. */
    bool (*unwanted)(const void *context);
    const void *unwanted_context;
};

/* Marks the pixels the packing prints in the target as squares. */
void pass_packing_mark(const struct pass_packing *packing, struct target *target);

bool pass_packer_init(struct pass_packer *packer);
void pass_packer_free(struct pass_packer *packer);

/* Searches a packing; `seed` fixes every random choice, and the result does not depend on
 * what the packer did before. PASS_NONE: no packing in the space searched (which is not
 * all packings: see above); PASS_TIMEOUT: none within the budget. */
enum pass_result pass_pack(struct pass_packer *packer, const struct pass_problem *problem,
                           uint64_t seed, struct pass_budget budget, struct pass_packing *out);

/* The most pixels emitters can print in one pass, as far as they go alone: they fit together,
 * each rests on something when it drops, and they leave the columns solid; the matrix over
 * them is not searched. An exhaustive phase 1 (problem->min_pixels is ignored); when it
 * needs more than `budget` placements, the answer is the most it found within them (counting
 * every pixel instead lists options that all fail on wide rows). */
int pass_emitters_most(struct pass_packer *packer, const struct pass_problem *problem, long budget);

/* A digest of what a problem asks, and whether two problems ask the same: what is under the
 * target only counts under pixels (only emitters rest on it). */
uint64_t pass_problem_digest(const struct pass_problem *p);
bool pass_problems_same(const struct pass_problem *a, const struct pass_problem *b);

/* The seed of the k-th search of a problem in a run seeded with `run_seed`: a search depends
 * on what it solves, not on where or when, so the same problem gets the same pass. */
uint64_t pass_problem_seed(const struct pass_problem *p, uint64_t run_seed, int k);

#endif
