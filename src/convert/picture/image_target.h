/* Where a row decoder (jpeg_rows.c, png_rows.c) puts the rows it decodes, top to bottom:
 * the whole picture as it is (read whole, image_decode.h), or the row reducer that keeps
 * it within a number of pixels (read scaled, image_scaled.h). */
#ifndef TETRIS_CONVERT_IMAGE_TARGET_H
#define TETRIS_CONVERT_IMAGE_TARGET_H

#include "image_reduce.h"
#include "picture.h"

#include <stdbool.h>

struct image_target {
    long max_pixels; /* 0: the whole picture; else the reducer's bound */
    int width, height, rows;
    struct picture whole; /* its pixels from the decoding budget */
    struct image_reducer reducer;
};

/* A target for the whole picture (max_pixels 0) or a reduced one; nothing is taken yet. */
struct image_target image_target_make(long max_pixels);

/* The rows' size, once the decoder knows it: false when memory runs out. */
bool image_target_begin(struct image_target *t, int width, int height);

/* Where the next row goes (width x 4 bytes of RGBA), then image_target_put once it is
 * filled: false when memory runs out. */
unsigned char *image_target_row(struct image_target *t);
bool image_target_put(struct image_target *t);

/* Row y of the whole picture, for a decoder that fills rows out of order (an interlaced
 * PNG); NULL when the target reduces. */
unsigned char *image_target_whole_row(struct image_target *t, int y);

/* The picture once every row was put (into `out`; the target is freed): false when memory
 * runs out. */
bool image_target_finish(struct image_target *t, struct picture *out);

/* Frees what the target holds; harmless on one made, freed or finished. */
void image_target_free(struct image_target *t);

#endif
