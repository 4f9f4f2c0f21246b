/* Recognises an image by its first bytes (its magic number), so that a command given an
 * image where it expects a script can say so: the one home of the image signatures. */
#ifndef TETRIS_IMAGE_MAGIC_H
#define TETRIS_IMAGE_MAGIC_H

#include <stddef.h>

/* The bytes image_magic_format needs to tell every format it knows. */
#define IMAGE_MAGIC_BYTES 10

/* "PNG", "GIF", "JPEG" or "BMP" when `data` (its first `length` bytes) starts like an
 * image of that format, else NULL. */
const char *image_magic_format(const unsigned char *data, size_t length);

#endif
