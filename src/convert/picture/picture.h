/* A decoded picture: 8-bit RGBA, rows from the top, 4 bytes a pixel. Every step of the
 * loader (decoding, background, scaling, colours, the sprite rules) works on one.
 *
 * Opacity: a pixel is opaque when its alpha is 255 (an image without alpha is all
 * opaque); every other alpha is transparent, and the RGB of a transparent pixel never
 * matters. */
#ifndef TETRIS_CONVERT_PICTURE_H
#define TETRIS_CONVERT_PICTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PICTURE_OPAQUE 255

struct picture {
    int width, height;
    unsigned char *rgba; /* malloc()ed, width * height * 4 bytes */
    /* The image's own size when it was decoded scaled (image_scaled.h), else 0. */
    int image_width, image_height;
    bool lossy; /* decoded from a JPEG: flat areas carry its noise */
};

/* The opaque pixels' bounding box, inclusive; right < 0 when there is none. */
struct picture_box {
    int left, top, right, bottom;
};

/* A new picture, all transparent black; false when memory runs out. */
bool picture_create(struct picture *p, int width, int height);
void picture_free(struct picture *p);

static inline unsigned char *picture_pixel(const struct picture *p, int x, int y) {
    return p->rgba + ((size_t)y * (size_t)p->width + (size_t)x) * 4;
}

static inline bool picture_opaque(const struct picture *p, int x, int y) {
    return picture_pixel(p, x, y)[3] == PICTURE_OPAQUE;
}

/* 0xRRGGBB */
static inline uint32_t picture_rgb(const struct picture *p, int x, int y) {
    const unsigned char *c = picture_pixel(p, x, y);
    return (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
}

/* The squared distance in RGB between two 0xRRGGBB colours (0 to 3 x 255^2): the measure
 * of the background's match and of the palette's flat areas (the colours' error is in
 * Oklab, oklab.h). */
static inline long picture_rgb_distance2(uint32_t a, uint32_t b) {
    long sum = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        long d = (long)(a >> shift & 255) - (long)(b >> shift & 255);
        sum += d * d;
    }
    return sum;
}

static inline void picture_set(struct picture *p, int x, int y, uint32_t rgb, int alpha) {
    unsigned char *c = picture_pixel(p, x, y);
    c[0] = (unsigned char)(rgb >> 16);
    c[1] = (unsigned char)(rgb >> 8);
    c[2] = (unsigned char)rgb;
    c[3] = (unsigned char)alpha;
}

struct picture_box picture_opaque_box(const struct picture *p);

/* The greatest common divisor: square blocks that tile a picture divide that of its sides. */
static inline int picture_gcd(int a, int b) {
    while (b) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Makes every pixel that is not opaque fully transparent black, so that filters and
 * colour counts see one transparent value. */
void picture_clear_transparent(struct picture *p);

#endif
