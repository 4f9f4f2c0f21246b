/* picture_tool: test pictures for tetris-convert's fitting steps and hostile inputs, made
 * independently of the converter (deterministic: the same arguments give the same bytes).
 *
 *   picture_tool scale IN.png K OUT.png
 *       Enlarges IN by the integer factor K: every pixel becomes a K x K block.
 *   picture_tool reduce IN.png K OUT.png
 *       The inverse: one pixel per K x K block. Exit 1 (one line naming the first block
 *       that differs) unless IN is made of such blocks of equal pixels.
 *   picture_tool blocks IN.png
 *       Prints the largest K such that IN is made of K x K blocks of equal pixels (1: none).
 *   picture_tool photo --seed S --width W --height H OUT.png|OUT.jpg
 *       A photo-like picture, opaque: a sky gradient, a sun, hills with a gradient, and
 *       noise everywhere. JPEG at quality 90.
 *   picture_tool logo --seed S --width W --height H OUT.png|OUT.jpg
 *       A two-colour logo (a navy disc and an orange bar across it, with soft edges) on a
 *       white background, with noise. JPEG at quality 75.
 *   picture_tool emoji --seed S --width W --height H OUT.png
 *       A smiling face as an emoji is drawn: a yellow disc shaded to orange with a dark rim,
 *       eyes with a glint, an open mouth with a tongue, pink cheeks, antialiased, on a
 *       transparent background (the seed moves the eyes and the mouth a little).
 *   picture_tool bomb --megabytes M OUT.png
 *       A PNG whose header says 17x32 RGBA but whose pixel data inflates to M MiB (zeros,
 *       compressed by libpng at level 9: about a thousandth of that on disk).
 */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define TOOL_NAME "picture_tool"
#include "tool_image.h"

enum { EXIT_OK = 0, EXIT_DIFFERENT = 1, EXIT_BAD = 2 };

static void usage(void) {
    fputs("usage: picture_tool scale IN.png K OUT.png\n"
          "       picture_tool reduce IN.png K OUT.png\n"
          "       picture_tool blocks IN.png\n"
          "       picture_tool photo --seed S --width W --height H OUT.png|OUT.jpg\n"
          "       picture_tool logo --seed S --width W --height H OUT.png|OUT.jpg\n"
          "       picture_tool emoji --seed S --width W --height H OUT.png\n"
          "       picture_tool bomb --megabytes M OUT.png\n",
          stderr);
}

static bool parse_int(const char *text, int min, int max, int *out) {
    char *end;
    errno = 0;
    long value = text ? strtol(text, &end, 10) : 0;
    if (!text || !*text || errno || *end || value < min || value > max)
        return false;
    *out = (int)value;
    return true;
}

/* ---------------------------------------------------------------- blocks */

static int cmd_scale(const char *in, const char *factor, const char *out) {
    struct image src, big;
    int k;
    if (!parse_int(factor, 1, 64, &k)) {
        usage();
        return EXIT_BAD;
    }
    if (!load_png(in, &src))
        return EXIT_BAD;
    big = (struct image){src.width * k, src.height * k, NULL};
    big.rgba = malloc((size_t)big.width * (size_t)big.height * 4);
    bool ok = big.rgba != NULL;
    for (int y = 0; ok && y < big.height; y++)
        for (int x = 0; x < big.width; x++)
            memcpy(pixel(&big, x, y), pixel(&src, x / k, y / k), 4);
    ok = ok && write_image(out, &big, 0);
    free(big.rgba);
    stbi_image_free(src.rgba);
    return ok ? EXIT_OK : EXIT_BAD;
}

/* The first pixel that differs from its k x k block's top left one, or false. */
static bool first_difference(const struct image *im, int k, int *at_x, int *at_y) {
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++)
            if (memcmp(pixel(im, x, y), pixel(im, x - x % k, y - y % k), 4) != 0) {
                *at_x = x, *at_y = y;
                return true;
            }
    return false;
}

static int cmd_reduce(const char *in, const char *factor, const char *out) {
    struct image big;
    int k, x, y;
    if (!parse_int(factor, 1, 64, &k)) {
        usage();
        return EXIT_BAD;
    }
    if (!load_png(in, &big))
        return EXIT_BAD;
    int status = EXIT_OK;
    if (big.width % k || big.height % k) {
        fprintf(stderr, "picture_tool: %s: %dx%d is not made of %dx%d blocks\n", in, big.width,
                big.height, k, k);
        status = EXIT_DIFFERENT;
    } else if (first_difference(&big, k, &x, &y)) {
        fprintf(stderr, "picture_tool: %s: pixel %d,%d differs from its %dx%d block\n", in, x, y, k,
                k);
        status = EXIT_DIFFERENT;
    } else {
        struct image small = {big.width / k, big.height / k, NULL};
        small.rgba = malloc((size_t)small.width * (size_t)small.height * 4);
        for (y = 0; small.rgba && y < small.height; y++)
            for (x = 0; x < small.width; x++)
                memcpy(pixel(&small, x, y), pixel(&big, x * k, y * k), 4);
        status = small.rgba && write_image(out, &small, 0) ? EXIT_OK : EXIT_BAD;
        free(small.rgba);
    }
    stbi_image_free(big.rgba);
    return status;
}

static int cmd_blocks(const char *in) {
    struct image im;
    if (!load_png(in, &im))
        return EXIT_BAD;
    int largest = 1, x, y;
    for (int k = 2; k <= im.width && k <= im.height; k++)
        if (im.width % k == 0 && im.height % k == 0 && !first_difference(&im, k, &x, &y))
            largest = k;
    printf("%d\n", largest);
    stbi_image_free(im.rgba);
    return EXIT_OK;
}

/* ---------------------------------------------------------------- generated pictures */

struct generated {
    uint64_t seed;
    int width, height;
    const char *out;
};

static bool parse_generated(int argc, char **argv, struct generated *g) {
    unsigned long long seed = 0;
    bool have_seed = false;
    *g = (struct generated){0, 0, 0, NULL};
    for (int i = 0; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--seed") == 0 && value) {
            char *end;
            errno = 0;
            seed = strtoull(value, &end, 10);
            have_seed = !errno && *value && !*end;
            i++;
        } else if (strcmp(argv[i], "--width") == 0 && parse_int(value, 1, 4096, &g->width)) {
            i++;
        } else if (strcmp(argv[i], "--height") == 0 && parse_int(value, 1, 4096, &g->height)) {
            i++;
        } else if (i == argc - 1 && argv[i][0] != '-') {
            g->out = argv[i];
        } else {
            return false;
        }
    }
    g->seed = seed;
    return have_seed && g->width && g->height && g->out;
}

static int noise(uint64_t *state, int amplitude) {
    return (int)rng_below(state, (uint32_t)(2 * amplitude + 1)) - amplitude;
}

static unsigned char clamp(double value) {
    return (unsigned char)(value < 0 ? 0 : value > 255 ? 255 : lround(value));
}

static void set_rgb(struct image *im, int x, int y, const double rgb[3], uint64_t *state,
                    int amplitude) {
    unsigned char *p = pixel(im, x, y);
    for (int c = 0; c < 3; c++)
        p[c] = clamp(rgb[c] + noise(state, amplitude));
    p[3] = 255;
}

/* Mixes a and b: t = 0 gives a, 1 gives b. */
static void mix(const double a[3], const double b[3], double t, double out[3]) {
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    for (int c = 0; c < 3; c++)
        out[c] = a[c] + (b[c] - a[c]) * t;
}

static void photo(struct image *im, uint64_t *state) {
    const double sky_top[3] = {40, 90, 200}, sky_low[3] = {200, 220, 245};
    const double sun[3] = {255, 230, 120}, grass[3] = {40, 140, 50}, soil[3] = {110, 80, 40};
    double phase = (double)rng_below(state, 1000) / 1000 * 6.28;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            double u = (double)x / im->width, v = (double)y / im->height, rgb[3];
            double hill = 0.62 + 0.08 * sin(u * 9 + phase) + 0.04 * sin(u * 23 + 2 * phase);
            double dx = u - 0.7, dy = (v - 0.25) * im->height / im->width;
            double sun_distance = sqrt(dx * dx + dy * dy);
            if (v > hill) {
                mix(grass, soil, (v - hill) / (1 - hill) + 0.2 * sin(u * 40), rgb);
            } else {
                mix(sky_top, sky_low, v / hill, rgb);
                if (sun_distance < 0.12)
                    mix(sun, rgb, sun_distance / 0.12 - 0.5, rgb);
            }
            set_rgb(im, x, y, rgb, state, 12);
        }
}

/* Coverage of a pixel by a shape given by its signed distance (negative inside), with an
 * edge one pixel soft, as a drawing program antialiases. */
static double coverage(double distance) {
    return distance < -0.5 ? 1 : distance > 0.5 ? 0 : 0.5 - distance;
}

static void logo(struct image *im, uint64_t *state) {
    const double white[3] = {255, 255, 255}, navy[3] = {20, 40, 110}, orange[3] = {240, 140, 20};
    double r = 0.4 * (im->height < im->width ? im->height : im->width);
    double cx = im->width * 0.4, cy = im->height * 0.5;
    double bar_top = cy - r * 0.25, bar_bottom = cy + r * 0.25;
    double bar_left = cx - r * 0.2, bar_right = im->width * 0.9;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            double px = x + 0.5, py = y + 0.5, rgb[3];
            double disc = sqrt((px - cx) * (px - cx) + (py - cy) * (py - cy)) - r;
            double bar =
                fmax(fmax(bar_top - py, py - bar_bottom), fmax(bar_left - px, px - bar_right));
            mix(white, navy, coverage(disc), rgb);
            mix(rgb, orange, coverage(bar), rgb);
            set_rgb(im, x, y, rgb, state, 6);
        }
}

/* Paints `rgb` over the pixel with the coverage given (an antialiased edge). */
static void paint(double rgb[3], double *alpha, const double colour[3], double cover) {
    mix(rgb, colour, cover, rgb);
    *alpha = *alpha + (1 - *alpha) * cover;
}

static void emoji(struct image *im, uint64_t *state) {
    const double yellow[3] = {255, 214, 60}, orange[3] = {245, 150, 30}, rim[3] = {120, 70, 20};
    const double dark[3] = {70, 40, 20}, white[3] = {255, 255, 255}, tongue[3] = {225, 70, 80};
    const double pink[3] = {250, 140, 130};
    double size = im->width < im->height ? im->width : im->height;
    double cx = im->width / 2.0, cy = im->height / 2.0, r = 0.46 * size;
    double eye_y = cy - r * (0.25 + 0.1 * rng_below(state, 100) / 100.0);
    double mouth_w = r * (0.5 + 0.15 * rng_below(state, 100) / 100.0);
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            double px = x + 0.5, py = y + 0.5, rgb[3] = {0, 0, 0}, alpha = 0;
            double face = hypot(px - cx, py - cy) - r;
            double shade[3];
            mix(yellow, orange, (py - (cy - r)) / (2 * r) - 0.3, shade);
            paint(rgb, &alpha, rim, coverage(face));
            paint(rgb, &alpha, shade, coverage(face + 0.06 * r));
            for (int side = -1; side <= 1; side += 2) {
                double ex = cx + side * 0.36 * r;
                double eye = hypot((px - ex) / 0.13, (py - eye_y) / 0.2) - r;
                paint(rgb, &alpha, dark, coverage(eye * 0.13));
                double glint = hypot(px - ex + 0.04 * r, py - eye_y + 0.08 * r) - 0.05 * r;
                paint(rgb, &alpha, white, coverage(glint));
                double cheek =
                    hypot((px - ex - side * 0.12 * r) / 0.16, (py - cy - 0.18 * r) / 0.09) - r;
                paint(rgb, &alpha, pink, coverage(cheek * 0.09) * 0.8);
            }
            /* The mouth: the lower half of an ellipse, its tongue at the bottom. */
            double mx = (px - cx) / mouth_w, my = (py - cy - 0.22 * r) / (0.42 * r);
            double mouth = (hypot(mx, my) - 1) * 0.42 * r;
            if (py >= cy + 0.22 * r) {
                paint(rgb, &alpha, dark, coverage(mouth));
                double t = hypot((px - cx) / (0.55 * mouth_w), (py - cy - 0.55 * r) / (0.12 * r));
                paint(rgb, &alpha, tongue,
                      coverage((t - 1) * 0.12 * r) * coverage(mouth + 0.03 * r));
            }
            unsigned char *p = pixel(im, x, y);
            for (int c = 0; c < 3; c++)
                p[c] = clamp(rgb[c]);
            p[3] = clamp(alpha * 255);
        }
}

/* A picture drawn by `draw`, written as JPEG at `quality` when its name says so. */
static int cmd_generated(int argc, char **argv, void (*draw)(struct image *, uint64_t *),
                         int quality) {
    struct generated g;
    if (!parse_generated(argc, argv, &g)) {
        usage();
        return EXIT_BAD;
    }
    struct image im = {g.width, g.height, calloc((size_t)g.width * (size_t)g.height, 4)};
    if (!im.rgba)
        return EXIT_BAD;
    uint64_t state = g.seed;
    draw(&im, &state);
    bool ok = write_image(g.out, &im, quality);
    free(im.rgba);
    return ok ? EXIT_OK : EXIT_BAD;
}

/* ---------------------------------------------------------------- bomb */

static uint32_t crc32_of(const unsigned char *data, size_t size) {
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < size; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++)
            crc = crc & 1 ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
    }
    return ~crc;
}

static void put32(unsigned char *p, uint32_t value) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(value >> (24 - 8 * i));
}

/* libpng writes a grey image 16383 pixels wide and tall enough for the data, its rows all
 * zeros; then the IHDR chunk (always first, at byte 8) is rewritten to say 17x32 RGBA. */
static int cmd_bomb(int argc, char **argv) {
    int megabytes;
    if (argc != 3 || strcmp(argv[0], "--megabytes") != 0 ||
        !parse_int(argv[1], 1, 1 << 14, &megabytes)) {
        usage();
        return EXIT_BAD;
    }
    const char *path = argv[2];
    enum { WIDTH = 16383 }; /* a row and its filter byte: 16 KiB */
    FILE *out = fopen(path, "w+b");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned char *row = calloc(WIDTH, 1);
    if (!out || !png || !info || !row) {
        fprintf(stderr, "picture_tool: %s: %s\n", path, out ? "out of memory" : strerror(errno));
        return EXIT_BAD;
    }
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "picture_tool: %s: libpng failed\n", path);
        return EXIT_BAD;
    }
    png_init_io(png, out);
    png_uint_32 rows = (png_uint_32)megabytes * 64;
    png_set_IHDR(png, info, WIDTH, rows, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 9);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (png_uint_32 y = 0; y < rows; y++)
        png_write_row(png, row);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    unsigned char ihdr[17] = {'I', 'H', 'D', 'R'};
    put32(ihdr + 4, 17);
    put32(ihdr + 8, 32);
    ihdr[12] = 8; /* bits per sample */
    ihdr[13] = 6; /* RGBA; compression, filter and interlace stay 0 */
    unsigned char crc[4];
    put32(crc, crc32_of(ihdr, sizeof ihdr));
    bool ok = fseek(out, 12, SEEK_SET) == 0 && fwrite(ihdr, 1, sizeof ihdr, out) == sizeof ihdr &&
              fwrite(crc, 1, 4, out) == 4;
    ok = fclose(out) == 0 && ok;
    if (!ok)
        fprintf(stderr, "picture_tool: %s: %s\n", path, strerror(errno));
    return ok ? EXIT_OK : EXIT_BAD;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "scale") == 0)
        return cmd_scale(argv[2], argv[3], argv[4]);
    if (argc == 5 && strcmp(argv[1], "reduce") == 0)
        return cmd_reduce(argv[2], argv[3], argv[4]);
    if (argc == 3 && strcmp(argv[1], "blocks") == 0)
        return cmd_blocks(argv[2]);
    if (argc >= 2 && strcmp(argv[1], "photo") == 0)
        return cmd_generated(argc - 2, argv + 2, photo, 90);
    if (argc >= 2 && strcmp(argv[1], "logo") == 0)
        return cmd_generated(argc - 2, argv + 2, logo, 75);
    if (argc >= 2 && strcmp(argv[1], "emoji") == 0)
        return cmd_generated(argc - 2, argv + 2, emoji, 90);
    if (argc >= 2 && strcmp(argv[1], "bomb") == 0)
        return cmd_bomb(argc - 2, argv + 2);
    usage();
    return EXIT_BAD;
}
