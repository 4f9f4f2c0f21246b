/* likeness: how recognisable a print is, measured on tetris-convert's preview against the
 * picture it came from, independently of the converter (tests/bench-fit-sizes.sh).
 *
 *   likeness PICTURE.png|.jpg PREVIEW.png
 *       Prints "ssim S error E": S the structural similarity of their lightness (1 is the
 *       same picture, near 0 nothing in common), E the mean distance in Oklab x 100
 *       between their pixels (black to white is 100).
 *
 * Both are seen as a person sees them on a grey page: composited over mid grey. The
 * picture is trimmed to its pixels at least half opaque (as the print is trimmed of what
 * it leaves empty), and both are brought to one size by an area filter in linear light:
 * the picture's own, at most 256 pixels on its long side. SSIM is Wang et al.'s, on
 * Oklab's L, over 8 x 8 windows every 4 pixels (the whole picture when smaller), with the
 * usual constants (0.01 and 0.03 of the range). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TOOL_NAME "likeness"
#define TOOL_IMAGE_JPEG
#include "tool_image.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define STB_IMAGE_RESIZE_STATIC
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#include <stb/stb_image_resize.h>
#pragma GCC diagnostic pop

#define REFERENCE_SIDE 256
#define GREY 128
#define HALF_OPAQUE 128
#define WINDOW 8
#define STRIDE 4

struct lab {
    double l, a, b;
};

static double linear(double v) {
    v /= 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static struct lab oklab(const unsigned char *rgb) {
    double r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2]);
    double l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    double m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    double s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return (struct lab){0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s};
}

/* Composites every pixel over grey, in sRGB as a viewer does, and makes it opaque. */
static void over_grey(struct image *im) {
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            unsigned char *p = pixel(im, x, y);
            for (int c = 0; c < 3; c++)
                p[c] = (unsigned char)((p[c] * p[3] + GREY * (255 - p[3]) + 127) / 255);
            p[3] = 255;
        }
}

/* The box of the pixels at least half opaque (the whole picture when there is none). */
static void trim(struct image *im) {
    int left = im->width, top = im->height, right = -1, bottom = -1;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++)
            if (pixel(im, x, y)[3] >= HALF_OPAQUE) {
                left = x < left ? x : left;
                right = x > right ? x : right;
                top = y < top ? y : top;
                bottom = y;
            }
    if (right < 0)
        return;
    int width = right - left + 1, height = bottom - top + 1;
    for (int y = 0; y < height; y++)
        memmove(im->rgba + (size_t)y * (size_t)width * 4, pixel(im, left, top + y),
                (size_t)width * 4);
    im->width = width;
    im->height = height;
}

static bool resized(const struct image *in, int width, int height, struct image *out) {
    *out = (struct image){width, height, malloc((size_t)width * (size_t)height * 4)};
    return out->rgba && stbir_resize_uint8_srgb(in->rgba, in->width, in->height, 0, out->rgba,
                                                width, height, 0, 4, 3, 0);
}

/* SSIM of one window of the two lightness planes. */
static double window_ssim(const double *a, const double *b, int stride, int w, int h) {
    double ma = 0, mb = 0, va = 0, vb = 0, cov = 0, n = (double)w * h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            ma += a[y * stride + x];
            mb += b[y * stride + x];
        }
    ma /= n, mb /= n;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double da = a[y * stride + x] - ma, db = b[y * stride + x] - mb;
            va += da * da, vb += db * db, cov += da * db;
        }
    va /= n - 1 > 0 ? n - 1 : 1, vb /= n - 1 > 0 ? n - 1 : 1, cov /= n - 1 > 0 ? n - 1 : 1;
    const double c1 = 0.01 * 0.01, c2 = 0.03 * 0.03;
    return (2 * ma * mb + c1) * (2 * cov + c2) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
}

static double ssim(const double *a, const double *b, int width, int height) {
    int w = width < WINDOW ? width : WINDOW, h = height < WINDOW ? height : WINDOW;
    double sum = 0;
    long windows = 0;
    for (int y = 0; y + h <= height; y += STRIDE)
        for (int x = 0; x + w <= width; x += STRIDE, windows++)
            sum += window_ssim(a + (size_t)y * width + x, b + (size_t)y * width + x, width, w, h);
    return sum / (double)windows;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fputs("usage: likeness PICTURE.png|.jpg PREVIEW.png\n", stderr);
        return 2;
    }
    struct image picture, preview;
    if (!load_png(argv[1], &picture) || !load_png(argv[2], &preview))
        return 2;
    trim(&picture);
    over_grey(&picture);
    over_grey(&preview);
    int long_side = picture.width > picture.height ? picture.width : picture.height;
    double shrink = long_side > REFERENCE_SIDE ? (double)REFERENCE_SIDE / long_side : 1;
    int width = (int)lround(picture.width * shrink), height = (int)lround(picture.height * shrink);
    width = width < 1 ? 1 : width;
    height = height < 1 ? 1 : height;
    struct image a, b;
    if (!resized(&picture, width, height, &a) || !resized(&preview, width, height, &b)) {
        fputs("likeness: out of memory\n", stderr);
        return 2;
    }
    size_t n = (size_t)width * (size_t)height;
    double *la = malloc(n * sizeof *la), *lb = malloc(n * sizeof *lb), error = 0;
    if (!la || !lb) {
        fputs("likeness: out of memory\n", stderr);
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        struct lab x = oklab(a.rgba + 4 * i), y = oklab(b.rgba + 4 * i);
        la[i] = x.l, lb[i] = y.l;
        error +=
            sqrt((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) + (x.b - y.b) * (x.b - y.b));
    }
    printf("ssim %.3f error %.1f\n", ssim(la, lb, width, height), 100 * error / (double)n);
    stbi_image_free(picture.rgba);
    stbi_image_free(preview.rgba);
    free(a.rgba), free(b.rgba), free(la), free(lb);
    return 0;
}
