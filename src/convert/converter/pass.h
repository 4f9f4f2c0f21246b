/* A pass of the article's table method over a sprite row: J, T and L pieces whose cells
 * reach into the emission row (the sprite row being printed), under a matrix packed with
 * tetrominoes whose rows all clear and leave those cells behind; and the sprite row as the
 * passes of both methods print it.
 *
 * Each piece hangs in its spawn orientation (three cells in the matrix's bottom row, one
 * below them in the emission row) and prints one pixel. (The real-time method's passes,
 * whose emitters are any of the 19 orientations, are pass_packer.h's.) */
#ifndef TETRIS_CONVERT_PASS_H
#define TETRIS_CONVERT_PASS_H

#include "matrix.h"
#include "pattern.h"

#include <stdbool.h>
#include <stdint.h>

/* A sprite row as the passes print it: colours 1..7 (printed by colour_piece(colour)), 0 for
 * no pixel. */
struct row_state {
    int width; /* of the field */
    uint8_t want[FIELD_MAX_WIDTH];
    bool printed[FIELD_MAX_WIDTH];
    bool below[FIELD_MAX_WIDTH]; /* a square right under the emission row's cell */
};

struct emitter_piece {
    uint8_t colour; /* 1 J, 2 T, 3 L */
    int8_t column;  /* the pixel printed */
};

#define BASE_MAX_PIECES PATTERN_MAX_SHAPES

struct pass_base {
    int count;
    struct emitter_piece pieces[BASE_MAX_PIECES];
    bool bottom_used[FIELD_MAX_WIDTH]; /* the matrix's bottom-row cells the pieces take */
    int bottom_cells;
};

/* True when column c (any int) holds a pixel still to print. */
static inline bool row_pixel_pending(const struct row_state *row, int c) {
    return c >= 0 && c < row->width && row->want[c] && !row->printed[c];
}

/* True when some pixel of the row is still to print. */
bool row_pending(const struct row_state *row);

/* The pixels of the row still to print. */
int row_pending_count(const struct row_state *row);

/* True when the row has pixels the library can't print (colours 4 to 7) still to print. */
bool row_pending_beyond_library(const struct row_state *row);

void pass_base_clear(struct pass_base *base);

/* Adds a piece when its cells fit the row's columns and the bottom row; returns false
 * otherwise. */
bool pass_base_add(const struct row_state *row, struct pass_base *base, struct emitter_piece piece);

/* The leftmost of the three matrix bottom-row columns a piece takes (it hangs its cell from
 * one of them: hanging_cell_column). */
int emitter_piece_left(struct emitter_piece piece);

/* True when every piece of the base comes to rest where the base draws it: on a square
 * under the cell it hangs, or with one of its three cells on a square already printed in
 * the emission row. */
bool pass_base_held(const struct row_state *row, const struct pass_base *base);

/* The start of a pass: the base's pieces as start shapes, in the order of the base (left
 * to right), in a matrix of the given height. */
void pass_start(struct pattern *p, const struct row_state *row, const struct pass_base *base,
                int height);

/* Marks the pixels a pass prints: its cells in the emission row. */
void pass_mark_printed(struct row_state *row, const struct pattern *pass);

#endif
