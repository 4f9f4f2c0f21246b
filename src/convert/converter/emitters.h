/* Every tetromino emits (docs/design.md, "Converting"): the orientations in which a piece can hang
 * into the emission row, the sprite row being printed, leaving cells there once the rows above have
 * cleared.
 *
 * An orientation emits when it can rest with its lowest row in the emission row and every
 * other cell in the matrix above it: all 19. In 17 of them each column's cells in the
 * matrix start on its bottom row, so that nothing has to be under them but the emission
 * row. One square from spawn J, T, L, vertical T (both), vertical S, Z and I; two adjacent
 * squares from O, horizontal S and Z and the vertical J and L standing on their foot;
 * three from flipped J, T and L; four from a horizontal I lying in the row. The other two,
 * the vertical J and L hanging from their corner (one square each), have a column whose
 * only cell is on the matrix's second row: they stand on another emitter of the pass, which
 * fills the bottom row there and drops first (`matrix_bottom`). A J left of a pixel printed
 * by an emitter with a cell over that pixel's column, or an L right of one, can then print
 * in the same pass, where the spawn J or L would need the cells of its neighbours.
 *
 * Colours are piece types: an emitted square takes the colour of its piece, so a pixel of
 * colour k is printed by a piece of type colour_piece(k) in one of these orientations. */
#ifndef TETRIS_CONVERT_EMITTERS_H
#define TETRIS_CONVERT_EMITTERS_H

#include "tetromino.h"

#include <stdint.h>

#define EMITTER_SHAPES 19
#define EMITTER_MAX_COLUMNS 4
/* Emitters reach at most this many matrix rows up (a standing I). */
#define EMITTER_MATRIX_ROWS 3
/* An emitter's cells are at most this many columns left of its leftmost emitting cell (the
 * spawn J's). */
#define EMITTER_REACH 2

struct emitter_shape {
    int8_t orientation;
    int8_t width;      /* columns of the bounding box */
    uint8_t emits;     /* bit i: box column i has a cell in the emission row */
    int8_t first_emit; /* the leftmost emitting box column */
    int8_t squares;    /* cells left in the emission row: 1 to 4 */
    /* Box column i fills matrix rows matrix_bottom[i] .. matrix_top[i] - 1 (none when
     * they are equal); a column starting above row 0 stands on another emitter there. */
    int8_t matrix_bottom[EMITTER_MAX_COLUMNS];
    int8_t matrix_top[EMITTER_MAX_COLUMNS];
};

/* The emitting orientations of a piece type (4 for T, J and L, 2 for S, Z and I, 1 for O),
 * in orientation order; returns their number. */
int emitter_shapes_of(enum piece_type type, const struct emitter_shape **shapes);

/* True when a piece of this type can print a horizontal run of `length` pixels of its
 * colour by itself and with others of its type: every type but O, which only prints pairs
 * and so needs runs of even length. */
static inline bool emitter_prints_run(enum piece_type type, int length) {
    return type != PIECE_O || length % 2 == 0;
}

#endif
