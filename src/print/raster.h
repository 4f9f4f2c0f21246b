/* A playfield drawn as palette indices (palette.h): `scale` x `scale` pixels per cell,
 * rows from `top_row` down to the floor, for playfields of one size. */
#ifndef TETRIS_PRINT_RASTER_H
#define TETRIS_PRINT_RASTER_H

#include "playfield.h"

#include <stdbool.h>
#include <stdint.h>

/* From this scale up, filled cells get a one-pixel border in their darker colour. */
#define RASTER_BORDER_MIN_SCALE 3

struct raster {
    int width, height;
    int scale, top_row;
    uint8_t *pixels; /* width * height indices, rows top first */
};

/* A raster for playfields of pf's size. */
bool raster_init(struct raster *r, const struct playfield *pf, int scale, int top_row);
void raster_draw(struct raster *r, const struct playfield *pf);
void raster_free(struct raster *r);

#endif
