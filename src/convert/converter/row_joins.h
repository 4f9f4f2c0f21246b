/* Which rows can share a band with the row above them (docs/design.md, "Converting"): the
 * geometry behind the joined bound of --stats.
 *
 * A row under a band's top row is printed whole by the band's pass, and every piece of it
 * leaves its cells in the band for good, the rows under the band being printed already. So a
 * pixel of such a row needs a tetromino placed over it whose cells from the row above down
 * to the band's lowest row are all pixels of its type (cells higher up may be in the matrix
 * or the band's top row). A row with a pixel that has none tops every band it is in: a
 * one-pixel rim stepping out diagonally (an emoji's) is such a pixel on each row it steps
 * on, and noise has one on every row. */
#ifndef TETRIS_CONVERT_ROW_JOINS_H
#define TETRIS_CONVERT_ROW_JOINS_H

#include "picture/sprite_rules.h"

#include <stdbool.h>

/* joins[r], r counted from the sprite's lowest row (0) up: whether each pixel of that row has
 * such a tetromino in the band of the row above, that row and the one below, if any (a band
 * has at most TARGET_MAX_ROWS rows). The top row joins nothing. */
void sprite_row_joins(const struct sprite *sprite, bool joins[SPRITE_MAX_HEIGHT]);

#endif
