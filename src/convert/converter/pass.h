/* A pass of the article's table method over a one-row target: J, T and L pieces whose cells
 * reach into the emission row (the sprite row being printed), under a matrix packed with
 * tetrominoes whose rows all clear and leave those cells behind.
 *
 * Each piece hangs in its spawn orientation (three cells in the matrix's bottom row, one
 * below them in the emission row) and prints one pixel. (The real-time method's passes,
 * whose emitters are any of the 19 orientations, are pass_packer.h's.) */
#ifndef TETRIS_CONVERT_PASS_H
#define TETRIS_CONVERT_PASS_H

#include "matrix.h"
#include "pattern.h"
#include "target.h"

#include <stdbool.h>
#include <stdint.h>

/* A J, T or L hanging in its spawn orientation. */
struct emitter_piece {
    enum piece_type type;
    int8_t column; /* the pixel printed */
};

#define BASE_MAX_PIECES PATTERN_MAX_SHAPES

struct pass_base {
    int count;
    struct emitter_piece pieces[BASE_MAX_PIECES];
    bool bottom_used[FIELD_MAX_WIDTH]; /* the matrix's bottom-row cells the pieces take */
    int bottom_cells;
};

void pass_base_clear(struct pass_base *base);

/* Adds a piece when its cells fit the row's columns and the bottom row; returns false
 * otherwise. */
bool pass_base_add(const struct target *row, struct pass_base *base, struct emitter_piece piece);

/* The leftmost of the three matrix bottom-row columns a piece takes (it hangs its cell from
 * one of them: hanging_cell_column). */
int emitter_piece_left(struct emitter_piece piece);

/* True when every piece of the base comes to rest where the base draws it: on a square
 * under the cell it hangs, or with one of its three cells on a square already printed in
 * the emission row. */
bool pass_base_held(const struct target *row, const struct pass_base *base);

/* The start of a pass: the base's pieces as start shapes, in the order of the base (left
 * to right), in a matrix of the given height. */
void pass_start(struct pattern *p, const struct target *row, const struct pass_base *base,
                int height);

/* Marks the pixels a pass prints: its cells in the emission row. */
void pass_mark_printed(struct target *row, const struct pattern *pass);

#endif
