/* The packer of tetris-convert: finds one pass over a target (target.h), that is pieces
 * dropped straight down that fill a matrix of rows above the target so that all of them
 * clear, while some pieces hang into the target and leave its pixels there (emitters.h).
 *
 * The model is the matrix model (matrix.h) widened by the target: every column is a solid
 * stack, and each pixel still to print is a one-cell hole under the matrix that only a
 * piece of that pixel's type, in an emitting orientation, may fill. Emitters rest on what is
 * under the target, on its squares, or on one another (a J or L hanging from its corner,
 * also on a prop lying flat on the squares, emitters.h), never on the rest of the matrix,
 * so every packing can drop all its emitters and props first. A
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
#include "pass_problem.h"

#include <stdbool.h>
#include <stdint.h>

struct pass_budget {
    int tries;
    long nodes_per_try;    /* placements tried (both phases) before a try is abandoned */
    long nodes_per_matrix; /* of which phase 2 may spend this many on one set of emitters */
};

/* A thread's workspace: its dead-state memory. */
struct pass_packer {
    struct dead_cache cache;
    long nodes; /* placements tried by the last pass_pack */
    /* Set by the caller: the search stops (PASS_TIMEOUT) between tries once this returns
     * true, its answer no longer wanted. NULL for never. */
    bool (*unwanted)(const void *context);
    const void *unwanted_context;
};

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

#endif
