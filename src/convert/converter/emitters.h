/* Every tetromino emits (docs/design.md, "Converting"): the shapes in which a piece can hang
 * into a target (target.h), the band of rows under the matrix, leaving cells there once the
 * rows above have cleared, or lie whole in it.
 *
 * A shape is an orientation with its box's bottom row at a depth of the target: 1 is the row
 * right under the matrix (the article's emission row), up to TARGET_MAX_ROWS. Its cells
 * above the target are in the matrix; the others are pixels of the target it prints. At
 * depth 1 every orientation emits (19 shapes). In 17 of them each column's cells in the
 * matrix start on its bottom row, so that nothing has to be under them but the target. One
 * square from spawn J, T, L, vertical T (both), vertical S, Z and I; two adjacent squares
 * from O, horizontal S and Z and the vertical J and L standing on their foot; three from
 * flipped J, T and L; four from a horizontal I lying in the row. The other two, the vertical
 * J and L hanging from their corner (one square each), have a column whose only cell is on
 * the matrix's second row: they stand on another emitter of the pass, which fills the bottom
 * row there and drops first (`matrix_bottom`), or, over a square or a cell left empty, on a
 * prop lying on the squares (emitter_prop_shapes), dropped first. Deeper, a piece reaches
 * further down: a vertical J or L hangs a column of two, a vertical I two or three, a
 * vertical S, Z or T three cells over two rows, and a piece whose box is no taller than its
 * depth lies whole in the target (all four cells pixels).
 *
 * Colours are piece types: a pixel of type t is printed by a piece of type t in one of its
 * shapes. */
#ifndef TETRIS_CONVERT_EMITTERS_H
#define TETRIS_CONVERT_EMITTERS_H

#include "target.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

#define EMITTER_ORIENTATIONS 19
#define EMITTER_SHAPES (EMITTER_ORIENTATIONS * TARGET_MAX_ROWS)
#define EMITTER_MAX_COLUMNS 4
/* Emitters reach at most this many matrix rows up (a standing I). */
#define EMITTER_MATRIX_ROWS 3
/* An emitter's cells are at most this many columns left of its anchor (the spawn J's). */
#define EMITTER_REACH 2

struct emitter_shape {
    int8_t orientation;
    int8_t width; /* columns of the bounding box */
    int8_t depth; /* the target row of the box's bottom row: 1 .. TARGET_MAX_ROWS */
    /* Box column i's cells in the target: bit d - 1 for a cell at depth d. */
    uint8_t band[EMITTER_MAX_COLUMNS];
    /* The anchor: the cell a search gives the shape to, its leftmost column in the target
     * and that column's deepest cell there. */
    int8_t first_emit, first_depth;
    int8_t squares; /* cells left in the target: 1 to 4 */
    /* Box column i fills matrix rows matrix_bottom[i] .. matrix_top[i] - 1 (none when
     * they are equal); a column starting above row 0 stands on another emitter there. */
    int8_t matrix_bottom[EMITTER_MAX_COLUMNS];
    int8_t matrix_top[EMITTER_MAX_COLUMNS];
    uint8_t matrix_rows[EMITTER_MAX_COLUMNS]; /* the same rows as bits (bit r: row r) */
};

/* The shapes of a piece type at depths 1 to `depth`, the depth-1 ones first, each depth's in
 * orientation order (4 a depth for T, J and L, 2 for S, Z and I, 1 for O); returns their
 * number. */
int emitter_shapes_of(enum piece_type type, int depth, const struct emitter_shape **shapes);

/* Props: pieces lying flat in the matrix's bottom rows, no cell in the target: the T
 * pointing up and the lying I. One dropped on squares fills the bottom-row cell a J or L
 * hanging from its corner stands on, where no emitter does. The corner's column holds the
 * J's or L's own cell in the second row, so a prop has one cell there: an O never fits, and
 * a J or L lying flat held up a pass found in 1 of 18,697 tries on the dense 17x32 sprites.
 * Returns their number. */
int emitter_prop_shapes(const struct emitter_shape **props);

/* One more than the index of the highest bit set (0 when none is): the depth of a column's
 * deepest cell from its bits by depth, or the height of a stack from its bits by row. */
static inline int emitter_bits_reach(unsigned bits) {
    return bits ? (int)(sizeof bits * 8) - __builtin_clz(bits) : 0;
}

/* The deepest cell of box column i in the target (0: none, its cells all in the matrix). */
static inline int emitter_lowest_depth(const struct emitter_shape *shape, int i) {
    return emitter_bits_reach(shape->band[i]);
}

/* True when the shape lies whole in the target (no cell in the matrix). */
static inline bool emitter_lies(const struct emitter_shape *shape) {
    for (int i = 0; i < shape->width; i++)
        if (shape->matrix_top[i] > 0)
            return false;
    return true;
}

/* Whether a pass over a band of window rows `lower` - 1 and `lower` (0: the window's top row)
 * can print the pixel of row `lower` in `column` by a piece hanging through the row above:
 * one of its type's shapes at depth 2 has its one cell at depth 2 there and each of its cells
 * at depth 1 on a pixel of that type in row `lower` - 1: a vertical J, L or I hanging a
 * column of two, a vertical T, S or Z hanging three cells over two columns, or a T, J or L
 * lying whole, three cells in the row above and one under them. */
bool emitter_reaches_through(const struct target *window, int lower, int column);

/* True when a piece of this type can print a horizontal run of `length` pixels of its
 * colour by itself and with others of its type in one row: every type but O, which only
 * prints pairs and so needs runs of even length. */
static inline bool emitter_prints_run(enum piece_type type, int length) {
    return type != PIECE_O || length % 2 == 0;
}

#endif
