/* The scaling step (see fit_scale.h). */
#include "fit_scale.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image_resize.h>

/* A pixel is opaque after the area filter when at least half of its area was. */
#define HALF_COVERED 128

static uint32_t rgba_at(const struct picture *p, int x, int y) {
    uint32_t value;
    memcpy(&value, picture_pixel(p, x, y), 4);
    return value;
}

static bool uniform_blocks(const struct picture *p, int k) {
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (rgba_at(p, x, y) != rgba_at(p, x - x % k, y - y % k))
                return false;
    return true;
}

/* The block sizes k >= 2 that tile `p`, smallest first, are the divisors of the gcd of its
 * sides; of those `p` is made of, the smallest whose reduction fits, else the largest. */
int fit_scale_block(const struct picture *p, int max_width, int max_height) {
    int g = picture_gcd(p->width, p->height), largest = 1;
    for (int k = 2; k <= g; k++) {
        if (g % k != 0 || !uniform_blocks(p, k))
            continue;
        if (p->width / k <= max_width && p->height / k <= max_height)
            return k;
        largest = k;
    }
    return largest;
}

static bool reduce_blocks(const struct picture *p, int k, struct picture *out) {
    if (!picture_create(out, p->width / k, p->height / k))
        return false;
    for (int y = 0; y < out->height; y++)
        for (int x = 0; x < out->width; x++)
            memcpy(picture_pixel(out, x, y), picture_pixel(p, x * k, y * k), 4);
    return true;
}

/* The size of `p` scaled into the box, aspect kept, rounded to the nearest pixel. */
static void fitted_size(const struct picture *p, int max_width, int max_height, int *width,
                        int *height) {
    long w = p->width, h = p->height;
    if (w * max_height >= h * max_width) { /* the width is what limits */
        *width = max_width;
        *height = (int)((2 * h * max_width + w) / (2 * w));
    } else {
        *height = max_height;
        *width = (int)((2 * w * max_height + h) / (2 * h));
    }
    *width = *width < 1 ? 1 : *width;
    *height = *height < 1 ? 1 : *height;
}

/* The most covered pixels of rows from..to (inclusive) become half covered, when none is. */
static void keep_most_covered(struct picture *p, int from, int to) {
    int most = 0;
    for (int y = from; y <= to; y++)
        for (int x = 0; x < p->width; x++)
            most = picture_pixel(p, x, y)[3] > most ? picture_pixel(p, x, y)[3] : most;
    for (int y = from; most > 0 && most < HALF_COVERED && y <= to; y++)
        for (int x = 0; x < p->width; x++)
            if (picture_pixel(p, x, y)[3] == most)
                picture_pixel(p, x, y)[3] = HALF_COVERED;
}

void fit_scale_settle_coverage(struct picture *p) {
    int first = -1, last = -1;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (picture_pixel(p, x, y)[3] >= HALF_COVERED) {
                first = first < 0 ? y : first;
                last = y;
            }
    if (first < 0) /* nothing half covered: the most covered pixels stay */
        keep_most_covered(p, 0, p->height - 1);
    for (int y = first + 1; y < last; y++)
        keep_most_covered(p, y, y);
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            picture_pixel(p, x, y)[3] =
                picture_pixel(p, x, y)[3] >= HALF_COVERED ? PICTURE_OPAQUE : 0;
    picture_clear_transparent(p);
}

static bool area_filter(const struct picture *p, int max_width, int max_height,
                        struct picture *out) {
    int width, height;
    fitted_size(p, max_width, max_height, &width, &height);
    if (!picture_create(out, width, height))
        return false;
    if (!stbir_resize_uint8_generic(p->rgba, p->width, p->height, 0, out->rgba, width, height, 0, 4,
                                    3, 0, STBIR_EDGE_CLAMP, STBIR_FILTER_BOX, STBIR_COLORSPACE_SRGB,
                                    NULL)) {
        picture_free(out);
        return false;
    }
    fit_scale_settle_coverage(out);
    return true;
}

static bool fits(const struct picture *p, int max_width, int max_height) {
    return p->width <= max_width && p->height <= max_height;
}

bool fit_scale(const struct picture *p, int max_width, int max_height, struct picture *out,
               enum fit_scaling *scaling, int *block) {
    *scaling = FIT_NOT_SCALED;
    *block = fit_scale_block(p, max_width, max_height);
    if (*block == 1) {
        *scaling = FIT_AREA;
        return area_filter(p, max_width, max_height, out);
    }
    *scaling = FIT_BLOCKS;
    if (!reduce_blocks(p, *block, out))
        return false;
    if (fits(out, max_width, max_height))
        return true;
    struct picture reduced = *out;
    *scaling = FIT_BLOCKS_THEN_AREA;
    bool ok = area_filter(&reduced, max_width, max_height, out);
    picture_free(&reduced);
    return ok;
}
