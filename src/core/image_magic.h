/* Recognises an image by its first bytes (its magic number), so that a command given an
 * image where it expects a script can say so: the one home of the image signatures. */
#ifndef TETRIS_IMAGE_MAGIC_H
#define TETRIS_IMAGE_MAGIC_H

#include <stddef.h>

#include <stdint.h>

/* A PNG's first 8 bytes. */
#define IMAGE_MAGIC_PNG "\x89PNG\r\n\x1a\n"
#define IMAGE_MAGIC_PNG_SIZE 8

/* A big-endian 32-bit number, as PNG headers and chunks store them. */
static inline uint32_t image_magic_be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The bytes image_magic_format needs to tell every format it knows. */
#define IMAGE_MAGIC_BYTES 10

/* "PNG", "GIF", "JPEG" or "BMP" when `data` (its first `length` bytes) starts like an
 * image of that format, else NULL. */
const char *image_magic_format(const unsigned char *data, size_t length);

#endif
