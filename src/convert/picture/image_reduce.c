/* The row reducer (see image_reduce.h). */
#include "image_reduce.h"

#include "fit_scale.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static long cells(long side, long k) {
    return (side + k - 1) / k;
}

int image_reduce_factor(long width, long height, long max_pixels) {
    long k = 1;
    while (cells(width, k) * cells(height, k) > max_pixels)
        k++;
    return (int)k;
}

/* sRGB to linear light in 16 bits, and back: the nearest code. */
static void make_linear(uint16_t linear[256]) {
    for (int c = 0; c < 256; c++) {
        double v = c / 255.0;
        v = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
        linear[c] = (uint16_t)lround(v * 65535);
    }
}

static unsigned char to_srgb(const uint16_t linear[256], uint64_t value) {
    int low = 0, high = 255; /* the largest code whose midpoint with the next is <= value */
    while (low < high) {
        int mid = (low + high + 1) / 2;
        if ((uint64_t)linear[mid - 1] + linear[mid] + 1 <= 2 * value)
            low = mid;
        else
            high = mid - 1;
    }
    return (unsigned char)low;
}

bool image_reducer_begin(struct image_reducer *r, int width, int height, long max_pixels) {
    memset(r, 0, sizeof *r);
    r->width = width;
    r->height = height;
    r->max_pixels = max_pixels;
    r->factor = image_reduce_factor(width, height, max_pixels);
    r->block = picture_gcd(width, height);
    /* Blocks only ever get smaller: art too large to keep now never will be. */
    if ((long)(width / r->block) * (height / r->block) > max_pixels)
        r->block = 1;
    make_linear(r->linear);
    int out_width = (int)cells(width, r->factor), out_height = (int)cells(height, r->factor);
    r->sums = calloc((size_t)out_width * 4, sizeof *r->sums);
    r->previous = malloc((size_t)width * 4);
    r->row = malloc((size_t)width * 4);
    bool ok = r->sums && r->previous && r->row && picture_create(&r->area, out_width, out_height);
    if (ok && r->block > 1)
        ok = picture_create(&r->blocks, width / r->block, height / r->block);
    if (!ok)
        image_reducer_free(r);
    return ok;
}

static bool same(const unsigned char *a, const unsigned char *b) {
    return memcmp(a, b, 4) == 0;
}

/* The picture sampled every `block` pixels, for a smaller block dividing the old one: each
 * sample repeated; rows not yet read are filled later. */
static bool resample_blocks(struct image_reducer *r, int old_block) {
    int ratio = old_block / r->block;
    struct picture finer;
    long pixels = (long)(r->width / r->block) * (r->height / r->block);
    if (r->block == 1 || pixels > r->max_pixels || !r->blocks.rgba) {
        picture_free(&r->blocks);
        return true;
    }
    if (!picture_create(&finer, r->width / r->block, r->height / r->block))
        return false;
    for (int y = 0; y < finer.height; y++)
        for (int x = 0; x < finer.width; x++)
            memcpy(picture_pixel(&finer, x, y), picture_pixel(&r->blocks, x / ratio, y / ratio), 4);
    picture_free(&r->blocks);
    r->blocks = finer;
    return true;
}

/* Narrows `block` to every place the row differs from its left and upper neighbours. */
static bool watch_blocks(struct image_reducer *r, const unsigned char *rgba) {
    int y = r->rows, old_block = r->block;
    if (y > 0 && memcmp(rgba, r->previous, (size_t)r->width * 4) != 0)
        r->block = picture_gcd(r->block, y);
    for (int x = 1; x < r->width && r->block > 1; x++)
        if (x % r->block != 0 && !same(rgba + 4 * x, rgba + 4 * (x - 1)))
            r->block = picture_gcd(r->block, x);
    memcpy(r->previous, rgba, (size_t)r->width * 4);
    if (r->block != old_block && !resample_blocks(r, old_block))
        return false;
    if (r->blocks.rgba && y % r->block == 0)
        for (int x = 0; x < r->blocks.width; x++)
            memcpy(picture_pixel(&r->blocks, x, y / r->block), rgba + 4 * x * r->block, 4);
    return true;
}

/* The area row of the squares just completed. */
static void flush_area(struct image_reducer *r) {
    int band = (r->rows - 1) / r->factor, band_rows = r->rows - band * r->factor;
    for (int x = 0; x < r->area.width; x++) {
        uint64_t *sum = r->sums + 4 * x;
        long columns = r->width - x * r->factor < r->factor ? r->width - x * r->factor : r->factor;
        long pixels = columns * band_rows;
        unsigned char *out = picture_pixel(&r->area, x, band);
        for (int c = 0; c < 3 && sum[0]; c++)
            out[c] = to_srgb(r->linear, (sum[1 + c] + sum[0] / 2) / sum[0]);
        out[3] = (unsigned char)((sum[0] * 255 + (uint64_t)pixels / 2) / (uint64_t)pixels);
    }
    memset(r->sums, 0, (size_t)r->area.width * 4 * sizeof *r->sums);
}

bool image_reducer_row(struct image_reducer *r, unsigned char *rgba) {
    for (int x = 0; x < r->width; x++)
        if (rgba[4 * x + 3] != PICTURE_OPAQUE)
            memset(rgba + 4 * x, 0, 4);
    if (r->block > 1 && !watch_blocks(r, rgba))
        return false;
    if (r->factor == 1) { /* nothing to average */
        memcpy(picture_pixel(&r->area, 0, r->rows++), rgba, (size_t)r->width * 4);
        return true;
    }
    for (int x = 0; x < r->width; x++) {
        const unsigned char *p = rgba + 4 * x;
        if (p[3] != PICTURE_OPAQUE)
            continue;
        uint64_t *sum = r->sums + 4 * (x / r->factor);
        sum[0]++;
        for (int c = 0; c < 3; c++)
            sum[1 + c] += r->linear[p[c]];
    }
    r->rows++;
    if (r->rows % r->factor == 0 || r->rows == r->height)
        flush_area(r);
    return true;
}

/* The smallest divisor d of the block such that the art enlarged by d stays within
 * max_pixels. */
static int finest_block(const struct image_reducer *r) {
    for (int d = 1; d < r->block; d++)
        if (r->block % d == 0 && (long)(r->width / d) * (r->height / d) <= r->max_pixels)
            return d;
    return r->block;
}

bool image_reducer_finish(struct image_reducer *r, struct picture *out) {
    bool ok = true;
    if (r->block > 1 && r->blocks.rgba) {
        int ratio = r->block / finest_block(r);
        ok = picture_create(out, r->blocks.width * ratio, r->blocks.height * ratio);
        for (int y = 0; ok && y < out->height; y++)
            for (int x = 0; x < out->width; x++)
                memcpy(picture_pixel(out, x, y), picture_pixel(&r->blocks, x / ratio, y / ratio),
                       4);
    } else {
        fit_scale_settle_coverage(&r->area);
        *out = r->area;
        r->area = (struct picture){.rgba = NULL};
    }
    image_reducer_free(r);
    return ok;
}

void image_reducer_free(struct image_reducer *r) {
    free(r->sums);
    free(r->previous);
    free(r->row);
    picture_free(&r->area);
    picture_free(&r->blocks);
    r->sums = NULL;
    r->previous = NULL;
    r->row = NULL;
}
