/* A target (docs/design.md, glossary): what a pass prints into, the converter's step. A band
 * of 1 to TARGET_MAX_ROWS picture rows right under the pass's matrix, as the pass sees it:
 * each cell wants a piece type (a pixel still to print), holds a square (printed already)
 * or stays empty; and, under the band's lowest row, whether each cell is filled (the row
 * below, the floor or a platform), so that a piece can rest on it.
 *
 * The band's rows are counted down from the matrix: row 0 is right under it, row rows - 1
 * the band's lowest, the picture row being printed. Every target today is one row: row 0,
 * the emission row of the article.
 *
 * This is the converter's one encoding of a pixel: a piece type (tetromino.h), or
 * TARGET_NONE. The sprite's colours become piece types when a target is loaded
 * (colour_piece), and nothing else in the converter speaks of colours. */
#ifndef TETRIS_CONVERT_TARGET_H
#define TETRIS_CONVERT_TARGET_H

#include "field.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

#define TARGET_MAX_ROWS 3
#define TARGET_NONE (-1)

struct target {
    int width;                                     /* of the field */
    int rows;                                      /* of the band: 1 .. TARGET_MAX_ROWS */
    int8_t want[TARGET_MAX_ROWS][FIELD_MAX_WIDTH]; /* the pixel's piece type, or TARGET_NONE */
    bool square[TARGET_MAX_ROWS][FIELD_MAX_WIDTH]; /* printed already */
    bool under[FIELD_MAX_WIDTH]; /* the cell under the band's lowest row is filled */
};

/* An empty target of one row on a field `width` wide. */
void target_init(struct target *t, int width);

/* True when the cell of band row `row`, column c (any int), holds a pixel still to print. */
static inline bool target_pending(const struct target *t, int row, int c) {
    return c >= 0 && c < t->width && t->want[row][c] != TARGET_NONE;
}

/* Whether two targets ask the same: the same cells, and the same filled cells under the
 * pixels of the lowest row (nothing else rests on what is under the band). */
bool target_same(const struct target *a, const struct target *b);

/* True when the cell of band row `row`, column c holds a pixel, printed or still to print. */
static inline bool target_pixel(const struct target *t, int row, int c) {
    return t->want[row][c] != TARGET_NONE || t->square[row][c];
}

/* The target of the window's lowest `rows` rows: a band with the same lowest row, and the
 * same cells under it. */
void target_lowest_rows(const struct target *window, int rows, struct target *band);

/* Puts a band's cells back into the window's lowest rows (target_lowest_rows). */
void target_set_lowest_rows(struct target *window, const struct target *band);

/* True when band row `row` has a pixel still to print. */
bool target_pending_in_row(const struct target *t, int row);

/* The pixels still to print. */
int target_pending_count(const struct target *t);

/* True when some pixel is still to print. */
static inline bool target_has_pending(const struct target *t) {
    return target_pending_count(t) > 0;
}

/* True when a pixel still to print is of a type the library can't print: not a J, T or L
 * (piece_is_hanging). */
bool target_pending_beyond_library(const struct target *t);

/* The pixel of band row `row`, column c is printed: a square from now on. */
static inline void target_mark_printed(struct target *t, int row, int c) {
    t->want[row][c] = TARGET_NONE;
    t->square[row][c] = true;
}

#endif
