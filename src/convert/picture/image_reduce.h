/* Reducing a picture read a row at a time, so that a picture of any size is held in memory
 * at most `max_pixels` large: the streaming decoders (image_scaled.h) give their rows here.
 *
 * Two reductions run side by side, and the exact one wins:
 * - Exact blocks. The rows are watched for the largest B such that the picture is made of
 *   B x B blocks of equal pixels (B divides the width, the height and every place where a
 *   pixel differs from its left or upper neighbour), while the picture sampled every B
 *   pixels is kept. Pixel art enlarged k times is such a picture: it comes out exactly,
 *   enlarged by the smallest divisor of B that stays within max_pixels, and the blocks
 *   step of --fit (fit_scale.h) then reduces it as it reduces art read whole.
 * - Area. Otherwise each k x k square (k the smallest factor that brings the picture
 *   within max_pixels) becomes one pixel: the average of its opaque pixels in linear
 *   light, opaque when at least half of it is (fit_scale_settle_coverage), as the area
 *   filter of --fit averages.
 * Opacity is the loader's: a pixel is opaque when its alpha is 255; the others are
 * transparent whatever their colour. */
#ifndef TETRIS_CONVERT_IMAGE_REDUCE_H
#define TETRIS_CONVERT_IMAGE_REDUCE_H

#include "picture.h"

#include <stdbool.h>
#include <stdint.h>

struct image_reducer {
    int width, height; /* of the rows given */
    long max_pixels;
    int factor;         /* k of the area reduction */
    int rows;           /* rows given so far */
    unsigned char *row; /* room for one row (width x 4 bytes), for a decoder to fill */
    struct picture area;
    uint64_t *sums; /* per pixel of the area row being made: opaque pixels, linear R, G, B */
    int block;      /* B so far; 1: not made of blocks */
    unsigned char *previous;
    struct picture blocks; /* sampled every `block` pixels; rgba NULL once given up */
    uint16_t linear[256];
};

/* The smallest factor k such that a width x height picture reduced k times (its last
 * squares partial) has at most max_pixels pixels. */
int image_reduce_factor(long width, long height, long max_pixels);

/* False when memory runs out (nothing to free then). */
bool image_reducer_begin(struct image_reducer *r, int width, int height, long max_pixels);

/* One row, top to bottom: `width` RGBA pixels (made transparent black where not opaque). */
bool image_reducer_row(struct image_reducer *r, unsigned char *rgba);

/* The reduced picture once every row was given (into `out`; the reducer is freed). False
 * when memory runs out. */
bool image_reducer_finish(struct image_reducer *r, struct picture *out);

void image_reducer_free(struct image_reducer *r);

#endif
