/* The size an image's header gives, read without decoding: what image_decode.h checks
 * and image_scaled.h probes a stream for. */
#ifndef TETRIS_CONVERT_IMAGE_HEADER_H
#define TETRIS_CONVERT_IMAGE_HEADER_H

#include <stdbool.h>

struct image_header {
    int width, height;
    bool jpeg; /* no alpha at all, and slow to decode when large */
    bool png;
};

#endif
