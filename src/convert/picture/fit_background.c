/* The background step (see fit_background.h). */
#include "fit_background.h"

#include <stdlib.h>

static bool matches(const struct picture *p, int x, int y, uint32_t rgb) {
    if (!picture_opaque(p, x, y))
        return false;
    uint32_t c = picture_rgb(p, x, y);
    long distance = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        long d = (long)(c >> shift & 255) - (long)(rgb >> shift & 255);
        distance += d * d;
    }
    return distance <= (long)FIT_BACKGROUND_TOLERANCE * FIT_BACKGROUND_TOLERANCE;
}

/* The border's pixels, clockwise from the top left corner, each once. */
static int border_length(const struct picture *p) {
    if (p->width == 1 || p->height == 1)
        return p->width * p->height;
    return 2 * (p->width + p->height) - 4;
}

static void border_pixel(const struct picture *p, int i, int *x, int *y) {
    int w = p->width, h = p->height;
    if (w == 1 || h == 1) {
        *x = w == 1 ? 0 : i;
        *y = w == 1 ? i : 0;
    } else if (i < w) {
        *x = i, *y = 0;
    } else if (i < w + h - 1) {
        *x = w - 1, *y = i - w + 1;
    } else if (i < 2 * w + h - 2) {
        *x = w - 1 - (i - (w + h - 1)) - 1, *y = h - 1;
    } else {
        *x = 0, *y = h - 2 - (i - (2 * w + h - 2));
    }
}

/* The median of a 256-bin histogram holding `count` values. */
static int median(const long *histogram, long count) {
    long seen = 0;
    int value = 0;
    while (value < 255 && (seen += histogram[value]) * 2 < count)
        value++;
    return value;
}

bool fit_background_find(const struct picture *p, uint32_t *rgb) {
    long histogram[3][256] = {{0}}, opaque = 0;
    int length = border_length(p);
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        if (!picture_opaque(p, x, y))
            continue;
        opaque++;
        for (int c = 0; c < 3; c++)
            histogram[c][picture_pixel(p, x, y)[c]]++;
    }
    if (opaque * 2 <= length)
        return false;
    *rgb = (uint32_t)median(histogram[0], opaque) << 16 |
           (uint32_t)median(histogram[1], opaque) << 8 | (uint32_t)median(histogram[2], opaque);
    long matching = 0;
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        matching += matches(p, x, y, *rgb);
    }
    return matching * 100 >= opaque * FIT_BACKGROUND_BORDER_SHARE;
}

/* The pixels whose neighbours are still to visit, first in first out, in a ring that
 * grows when full: it holds the region's frontier, not all of it. */
struct frontier {
    uint32_t *at; /* y * width + x */
    size_t capacity, head, count;
    bool failed; /* out of memory */
};

static void frontier_push(struct frontier *f, uint32_t at) {
    if (f->count == f->capacity) {
        size_t capacity = f->capacity ? 2 * f->capacity : 1024;
        uint32_t *grown = malloc(capacity * sizeof *grown);
        if (!grown) {
            f->failed = true;
            return;
        }
        for (size_t i = 0; i < f->count; i++)
            grown[i] = f->at[(f->head + i) % f->capacity];
        free(f->at);
        *f = (struct frontier){grown, capacity, 0, f->count, false};
    }
    f->at[(f->head + f->count++) % f->capacity] = at;
}

static uint32_t frontier_pop(struct frontier *f) {
    uint32_t at = f->at[f->head];
    f->head = (f->head + 1) % f->capacity;
    f->count--;
    return at;
}

/* Makes the pixel transparent and queues it when it matches: each pixel is queued once. */
static long take(struct picture *p, int x, int y, uint32_t rgb, struct frontier *f) {
    if (x < 0 || y < 0 || x >= p->width || y >= p->height || !matches(p, x, y, rgb))
        return 0;
    picture_pixel(p, x, y)[3] = 0;
    frontier_push(f, (uint32_t)y * (uint32_t)p->width + (uint32_t)x);
    return 1;
}

long fit_background_remove(struct picture *p, uint32_t rgb) {
    struct frontier f = {NULL, 0, 0, 0, false};
    long removed = 0;
    int length = border_length(p);
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        removed += take(p, x, y, rgb, &f);
    }
    while (f.count > 0 && !f.failed) {
        uint32_t at = frontier_pop(&f);
        int x = (int)(at % (uint32_t)p->width), y = (int)(at / (uint32_t)p->width);
        removed += take(p, x + 1, y, rgb, &f) + take(p, x - 1, y, rgb, &f) +
                   take(p, x, y + 1, rgb, &f) + take(p, x, y - 1, rgb, &f);
    }
    free(f.at);
    return f.failed ? -1 : removed;
}
