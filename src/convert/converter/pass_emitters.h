/* Phase 1 of a pass's search (pass_packer.h): the emitters. The holes (the target's pixels
 * still to print) from left to right, each filled by an emitter of its type or (when the pass
 * may leave pixels for later) left, a J or L hanging from its corner over a square or an
 * empty cell with no emitter under it given a prop there (emitters.h); the emitters and
 * props of a segment are then ordered so that each drops after those under it and rests
 * on something (what is under the target, a square, an emitter or a prop). Each segment's
 * columns, as its emitters leave them, go to phase 2 as a slab (pass_matrix.h), the whole
 * pass at once or, on a wide pass, a slab at a time. Depth-first with random choices and
 * backtracking, from the try that phase 2 shares. The columns no emitter can reach any more
 * are given up at once when phase 2 could never pack them (between full columns, a number of
 * empty cells not a multiple of 4; a well no piece can fill) or, on a row with pixels the
 * library can't print, when the pixels left there can't all be printed (colour_rules.h). */
#ifndef TETRIS_CONVERT_PASS_EMITTERS_H
#define TETRIS_CONVERT_PASS_EMITTERS_H

#include "emitters.h"
#include "matrix_search.h"
#include "pass_matrix.h"
#include "pass_problem.h"

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

#define MAX_EMITTERS (TARGET_MAX_ROWS * FIELD_MAX_WIDTH) /* at most one per pixel */

struct chosen_emitter {
    const struct emitter_shape *shape;
    int left;
};

/* The emitters phase 1 has chosen for a pass: those of the pass searched (`now`) and, when
 * the pixels it leaves must be printable by one more pass, those of that pass (`next`, a
 * one-row pass over the target's top row). */
struct layer {
    uint8_t occupied[FIELD_MAX_WIDTH];             /* bit r: matrix row r holds an emitter's cell */
    bool filled[TARGET_MAX_ROWS][FIELD_MAX_WIDTH]; /* target cells filled by the emitters */
    int chosen_count;
    struct chosen_emitter chosen[MAX_EMITTERS];
    /* The chosen emitter with a cell in each row of the target, and in each of the matrix
     * rows emitters reach, at each column (-1: none). */
    int16_t band_owner[TARGET_MAX_ROWS][FIELD_MAX_WIDTH];
    int16_t row_owner[FIELD_MAX_WIDTH][EMITTER_MATRIX_ROWS];
};

/* A pixel still to print: its column and its depth in the target (1 right under the
 * matrix). */
struct hole {
    int8_t column, depth;
};

/* The state of the search (the fields are its own; callers use the functions below). */
struct emitter_search {
    const struct pass_problem *p;
    const struct target *t; /* the problem's */
    int width;
    struct search_try try;            /* both phases draw from it and spend its budget */
    struct pass_matrix_search matrix; /* how phase 2 searches during the try */
    int min_pixels;
    bool emitters_only; /* phase 1 alone, for the most pixels (most_printed) */
    /* A one-row target with pixels the library can't print: the pixels a pass leaves must
     * leave the row printable (colour_rules.h). */
    bool colour_rules;
    int most_printed;

    /* Phase 1. */
    /* The holes by column, left to right, each column's from the deepest up: a shape is
     * given the first hole it fills, its anchor (emitters.h). */
    struct hole holes[MAX_EMITTERS];
    int hole_count;
    struct layer now, next;
    /* Each type's shapes (emitter_shapes_of), looked up once: the pass's, the first
     * shape_count[type][0], the next pass's (a one-row pass's) the first [type][1]. */
    const struct emitter_shape *shapes[PIECE_TYPES];
    int shape_count[PIECE_TYPES][2];
    int printed, left;  /* holes filled, holes left for a later pass */
    int capacity_cells; /* the matrix's cells */

    /* Slabs: the columns before `slab_start` are packed, the emitters from `segment_first`
     * on are the open segment's (pass_packer.h). */
    int slab_start, segment_first;

    /* The packing: each segment's ordered emitters, then its slab's pieces. */
    int count;
    struct placement pieces[PASS_MAX_PIECES];
};

/* A search of the problem, before its first try; phase 2's dead states go to `cache`. */
void pass_emitters_init(struct emitter_search *s, const struct pass_problem *p,
                        struct dead_cache *cache);

/* Whether the problem has no pixel to print (no try can find a pass). */
static inline bool pass_emitters_nothing_to_print(const struct emitter_search *s) {
    return s->hole_count == 0;
}

/* One try, from s->try (its random stream and budget), with phase 2's restriction and
 * budget in s->matrix. */
enum pass_result pass_emitters_try(struct emitter_search *s);

/* Phase 1 alone, exhaustive within `budget` nodes: the most pixels emitters can print at
 * once (pass_emitters_most). */
int pass_emitters_most_printed(struct emitter_search *s, long budget);

/* The packing of a try that found one. */
void pass_emitters_packing(const struct emitter_search *s, struct pass_packing *out);

#endif
