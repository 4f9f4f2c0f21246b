/* A raster as an 8-bit RGBA PNG (libpng): the PNG output's picture and --frames' files. */
#ifndef TETRIS_PRINT_PNG_RASTER_H
#define TETRIS_PRINT_PNG_RASTER_H

#include "drawing/palette.h"
#include "drawing/raster.h"

#include <stdbool.h>
#include <stdio.h>

/* Returns false on a write or libpng error. The output depends only on the pixels. */
bool png_raster_write(FILE *out, const struct raster *r, const struct palette *p);

/* Writes the PNG as a new file at `path` in a directory the program fills (--frames DIR),
 * atomically: whatever was there, a symbolic link included, is replaced, never written
 * through. Returns false with errno set (EIO when libpng failed). */
bool png_raster_write_file(const char *path, const struct raster *r, const struct palette *p);

#endif
