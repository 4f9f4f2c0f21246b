/* A raster as an 8-bit RGBA PNG (libpng): the PNG output's picture and --frames' files. */
#ifndef TETRIS_PRINT_PNG_RASTER_H
#define TETRIS_PRINT_PNG_RASTER_H

#include "drawing/palette.h"
#include "drawing/raster.h"

#include <stdbool.h>
#include <stdio.h>

/* Returns false on a write or libpng error. The output depends only on the pixels. */
bool png_raster_write(FILE *out, const struct raster *r, const struct palette *p);

/* Writes the PNG to `path` ("-" for standard output) atomically. Returns false with errno
 * set (EIO when libpng failed). */
bool png_raster_write_file(const char *path, const struct raster *r, const struct palette *p);

#endif
