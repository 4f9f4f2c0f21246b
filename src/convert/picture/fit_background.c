/* The background step (see fit_background.h). */
#include "fit_background.h"

#include <stdlib.h>

static bool matches(const struct picture *p, int x, int y, const struct fit_background_match *m) {
    return picture_opaque(p, x, y) &&
           picture_rgb_distance2(picture_rgb(p, x, y), m->rgb) <= (long)m->tolerance * m->tolerance;
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

/* The distances (rounded up) of the border's opaque pixels to `rgb`: a histogram, with
 * everything past the largest tolerance in its last bin. */
#define DISTANCES (FIT_BACKGROUND_MAX_TOLERANCE + 2)

static long border_distances(const struct picture *p, uint32_t rgb, long histogram[DISTANCES]) {
    long opaque = 0;
    int length = border_length(p);
    for (int i = 0; i < DISTANCES; i++)
        histogram[i] = 0;
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        if (!picture_opaque(p, x, y))
            continue;
        long d2 = picture_rgb_distance2(picture_rgb(p, x, y), rgb);
        int d = 0;
        while (d < DISTANCES - 1 && (long)d * d < d2)
            d++;
        histogram[d]++;
        opaque++;
    }
    return opaque;
}

int fit_background_tolerance(const struct picture *p, uint32_t rgb) {
    long histogram[DISTANCES];
    long opaque = border_distances(p, rgb, histogram), within = 0;
    int spread = 0;
    while (spread < DISTANCES - 1 &&
           (within += histogram[spread]) * 100 < opaque * FIT_BACKGROUND_BORDER_SHARE)
        spread++;
    if (p->lossy || opaque == 0 || spread > FIT_BACKGROUND_MAX_TOLERANCE)
        return FIT_BACKGROUND_MAX_TOLERANCE;
    int tolerance = spread ? 2 * spread + 4 : 0;
    return tolerance < FIT_BACKGROUND_MAX_TOLERANCE ? tolerance : FIT_BACKGROUND_MAX_TOLERANCE;
}

bool fit_background_find(const struct picture *p, struct fit_background_match *match) {
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
    match->rgb = (uint32_t)median(histogram[0], opaque) << 16 |
                 (uint32_t)median(histogram[1], opaque) << 8 |
                 (uint32_t)median(histogram[2], opaque);
    match->tolerance = fit_background_tolerance(p, match->rgb);
    long matching = 0;
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        matching += matches(p, x, y, match);
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
static long take(struct picture *p, int x, int y, const struct fit_background_match *m,
                 unsigned char *removed, struct frontier *f) {
    if (x < 0 || y < 0 || x >= p->width || y >= p->height || !matches(p, x, y, m))
        return 0;
    picture_pixel(p, x, y)[3] = 0;
    if (removed)
        removed[(size_t)y * (size_t)p->width + (size_t)x] = 1;
    frontier_push(f, (uint32_t)y * (uint32_t)p->width + (uint32_t)x);
    return 1;
}

long fit_background_remove(struct picture *p, const struct fit_background_match *m,
                           unsigned char *removed) {
    struct frontier f = {NULL, 0, 0, 0, false};
    long count = 0;
    int length = border_length(p);
    for (int i = 0; i < length; i++) {
        int x, y;
        border_pixel(p, i, &x, &y);
        count += take(p, x, y, m, removed, &f);
    }
    while (f.count > 0 && !f.failed) {
        uint32_t at = frontier_pop(&f);
        int x = (int)(at % (uint32_t)p->width), y = (int)(at / (uint32_t)p->width);
        count += take(p, x + 1, y, m, removed, &f) + take(p, x - 1, y, m, removed, &f) +
                 take(p, x, y + 1, m, removed, &f) + take(p, x, y - 1, m, removed, &f);
    }
    free(f.at);
    return f.failed ? -1 : count;
}

static bool row_empty(const struct picture *p, int y) {
    for (int x = 0; x < p->width; x++)
        if (picture_opaque(p, x, y))
            return false;
    return true;
}

/* Puts the background back in row y of `p`; true when there was some. */
static bool keep_row(struct picture *p, int y, struct fit_background_removal *removal) {
    unsigned char *removed =
        removal->removed + (size_t)(removal->top + y) * (size_t)removal->width + removal->left;
    bool kept = false;
    for (int x = 0; x < p->width; x++)
        if (removed[x]) {
            picture_set(p, x, y, removal->rgb, PICTURE_OPAQUE);
            removed[x] = 0;
            kept = true;
        }
    return kept;
}

int fit_background_keep_rows(struct picture *p, const struct picture *scaled,
                             struct fit_background_removal *removal) {
    int first = 0, last = scaled->height - 1, mended = 0;
    while (first <= last && row_empty(scaled, first))
        first++;
    while (last > first && row_empty(scaled, last))
        last--;
    for (int y = first + 1; removal->removed && y < last; y++) {
        if (!row_empty(scaled, y))
            continue;
        /* The rows of p the scaled row y averages (all of them when not scaled). */
        int from = (int)((long)y * p->height / scaled->height),
            to = (int)(((long)y + 1) * p->height + scaled->height - 1) / scaled->height;
        bool kept = false;
        for (int source = from; source < to; source++)
            kept = keep_row(p, source, removal) || kept;
        mended += kept;
    }
    return mended;
}
