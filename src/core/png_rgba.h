/* Writing an 8-bit RGBA PNG with libpng, one row at a time. */
#ifndef TETRIS_PNG_RGBA_H
#define TETRIS_PNG_RGBA_H

#include <stdbool.h>
#include <stdio.h>

/* Fills row y of the image, width * 4 bytes of RGBA. */
typedef void png_rgba_row_function(void *context, int y, unsigned char *rgba);

/* Writes a width x height PNG whose rows `row` gives, top first. Returns false on a write
 * or libpng error (or when memory runs out). The output depends only on the pixels. */
bool png_write_rgba(FILE *out, int width, int height, png_rgba_row_function *row, void *context);

#endif
