#include "row_joins.h"

#include "target.h"

/* Whether the orientation, its cell `anchor` on the pixel of band row `row`, column c, has
 * every cell from row - 1 down on a pixel still to print of that pixel's type. */
static bool lies_in_type(const struct target *band, const struct orientation *o, int anchor,
                         int row, int c) {
    int8_t type = band->want[row][c];
    for (int k = 0; k < PIECE_CELLS; k++) {
        int x = c + o->cells[k].x - o->cells[anchor].x;
        int y = row + o->cells[k].y - o->cells[anchor].y;
        if (y < row - 1)
            continue; /* in the matrix, or the band's top row */
        if (y >= band->rows || !target_pending(band, y, x) || band->want[y][x] != type)
            return false;
    }
    return true;
}

static bool pixel_joins(const struct target *band, int row, int c) {
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        for (int anchor = 0; anchor < PIECE_CELLS; anchor++)
            if (lies_in_type(band, &ORIENTATIONS[o], anchor, row, c))
                return true;
    return false;
}

/* Whether band row `row` (at least 1) joins the row above it: each of its pixels still to
 * print has a tetromino over it whose cells from row - 1 down are pixels of its type. */
static bool target_row_joins(const struct target *band, int row) {
    for (int c = 0; c < band->width; c++)
        if (target_pending(band, row, c) && !pixel_joins(band, row, c))
            return false;
    return true;
}

void sprite_row_joins(const struct sprite *sprite, bool joins[SPRITE_MAX_HEIGHT]) {
    joins[sprite->height - 1] = false; /* the top row: nothing above it */
    for (int y = 1; y < sprite->height; y++) {
        /* The band of the row above, this row and the one below, if any: colour k as
         * type k - 1 (colours are at most PIECE_TYPES). */
        struct target band;
        target_init(&band, sprite->width);
        band.rows = y + 1 < sprite->height ? TARGET_MAX_ROWS : TARGET_MAX_ROWS - 1;
        for (int r = 0; r < band.rows; r++)
            for (int x = 0; x < sprite->width; x++) {
                uint8_t colour = sprite->pixels[y - 1 + r][x];
                band.want[r][x] = colour ? (int8_t)(colour - 1) : TARGET_NONE;
            }
        joins[sprite->height - 1 - y] = target_row_joins(&band, 1);
    }
}
