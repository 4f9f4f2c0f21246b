/* A playfield drawn as palette indices (palette.h): `scale` x `scale` pixels per cell,
 * the field's rows from `top_row` down to the floor, and around them the well (one cell of
 * wall on each side and of floor) unless it is left out. Drawing a scene redraws only the
 * cells whose look changed and records the pixels it touched. */
#ifndef TETRIS_PRINT_RASTER_H
#define TETRIS_PRINT_RASTER_H

#include "scene.h"

#include <stdbool.h>
#include <stdint.h>

/* From this scale up, every block (piece cells, well) has a one-pixel border in its darker
 * colour. */
#define RASTER_BORDER_MIN_SCALE 3
/* Below this scale there is no well: at scale 1 each pixel is one cell of the field. */
#define RASTER_WELL_MIN_SCALE 2

struct pixel_rect {
    int x0, y0, x1, y1; /* x0 <= x < x1, y0 <= y < y1; empty when x0 >= x1 */
};

struct raster {
    int width, height; /* pixels */
    int scale;
    int columns, top_row, rows; /* the field's cells shown: columns x rows from top_row */
    int well;                   /* cells of wall on each side and of floor: 0 or 1 */
    uint8_t *pixels;            /* width * height indices, rows top first */
    uint8_t *shown;             /* the look drawn in each shown cell */
    struct pixel_rect dirty;    /* pixels changed since raster_take_dirty */
};

/* A field of `columns` x `field_rows` cells shown from `top_row`; `well` asks for the well
 * (drawn from RASTER_WELL_MIN_SCALE up). The well is drawn at once, the field empty. */
bool raster_init(struct raster *r, int columns, int field_rows, int top_row, int scale, bool well);
void raster_draw(struct raster *r, const struct scene *scene);
/* The rectangle changed since the last call (all of it after raster_init), then none. */
struct pixel_rect raster_take_dirty(struct raster *r);
void raster_free(struct raster *r);

/* Whether a frame of `scale` and `well` options has a well. */
bool raster_has_well(int scale, bool well);

#endif
