/* --preview FILE.png: the prepared sprite as the converter will print it, before the
 * conversion, each pixel a PREVIEW_SCALE x PREVIEW_SCALE square (a cell of tetris-print's
 * default scale), transparent pixels transparent. */
#ifndef TETRIS_CONVERT_PREVIEW_H
#define TETRIS_CONVERT_PREVIEW_H

#include "sprite_rules.h"

#include <stdbool.h>

#define PREVIEW_SCALE 16

/* Writes the preview atomically. Returns false with errno set (EIO when libpng failed). */
bool preview_write(const char *path, const struct sprite *sprite);

#endif
