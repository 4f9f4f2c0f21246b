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
 *   picture_tool differ A.png B.png
 *       Prints how many pixels differ between two pictures of one size (transparent pixels
 *       are equal whatever their colour). Exit 1 when the sizes differ.
 *   picture_tool photo --seed S --width W --height H [--noise N] [--grey] [--progressive]
 *                      OUT.png|OUT.jpg
 *       A photo-like picture, opaque: a sky gradient, a sun, hills with a gradient, and
 *       noise everywhere (N per channel, default 12). JPEG at quality 90, in grey levels
 *       with --grey, progressive with --progressive. Up to 65535 pixels a side: written a
 *       row at a time (libpng, libjpeg), so that a 50-megapixel picture takes no more
 *       memory than a small one.
 *   picture_tool logo --seed S --width W --height H [--noise N] OUT.png|OUT.jpg
 *       A two-colour logo (a navy disc and an orange bar across it, with soft edges) on a
 *       white background, with noise (default 6). JPEG at quality 75.
 *   picture_tool dark --seed S --width W --height H OUT.png|OUT.jpg
 *       A photo of two objects on a dark background that touches the whole border: a lit
 *       disc above and a bar below, apart, with noise. JPEG at quality 90.
 *   picture_tool random --seed S OUT.png|.jpg|.bmp|.gif|.tga|.ppm|.pgm|.psd
 *       A random picture (deterministic in S): 1 pixel to 50 megapixels (PNG and JPEG,
 *       written a row at a time; the others at most 1024 a side), a flat, graded, noisy,
 *       striped or transparent background, then boxes, discs, lines a pixel or so wide,
 *       text-like letters, gradients, noise and stripes, a few colours or any, sometimes
 *       pixel art (blocks of 2 to 16), noise over all; partial alpha in PNG, TGA and PSD,
 *       one transparent colour in a GIF (BMP, JPEG, PPM and PGM are opaque). Prints what
 *       --fit makes of its opacity (alpha 128 or more is opaque): "printable" when some
 *       pixel is opaque and no row without an opaque pixel lies between rows with one,
 *       "gap ROW" for the first such row, "nothing-opaque" when no pixel is.
 *   picture_tool drawing --seed S --width W --height H OUT.png
 *       A drawing as an emoji or an icon is drawn: on a transparent background, a disc of
 *       one flat colour with a soft (anti-aliased) outline, and on it discs, bars and dots of
 *       up to six more flat colours with anti-aliased edges, some a pixel or two wide.
 *   picture_tool emoji --seed S --width W --height H OUT.png
 *       A smiling face as an emoji is drawn: a yellow disc shaded to orange with a dark rim,
 *       eyes with a glint, an open mouth with a tongue, pink cheeks, antialiased, on a
 *       transparent background (the seed moves the eyes and the mouth a little).
 *   picture_tool bomb --megabytes M OUT.png
 *       A PNG whose header says 17x32 RGBA but whose pixel data inflates to M MiB (zeros,
 *       compressed by libpng at level 9: about a thousandth of that on disk).
 */
#include <errno.h>
#include <gif_lib.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "rng.h"

#define TOOL_NAME "picture_tool"
#include "tool_image.h"

enum { EXIT_OK = 0, EXIT_DIFFERENT = 1, EXIT_BAD = 2 };

static void usage(void) {
    fputs("usage: picture_tool scale IN.png K OUT.png\n"
          "       picture_tool reduce IN.png K OUT.png\n"
          "       picture_tool blocks IN.png\n"
          "       picture_tool differ A.png B.png\n"
          "       picture_tool photo --seed S --width W --height H [--noise N] [--grey]\n"
          "                          [--progressive] OUT.png|OUT.jpg\n"
          "       picture_tool logo --seed S --width W --height H [--noise N] OUT.png|OUT.jpg\n"
          "       picture_tool dark --seed S --width W --height H OUT.png|OUT.jpg\n"
          "       picture_tool random --seed S OUT.png|.jpg|.bmp|.gif|.tga|.ppm|.pgm|.psd\n"
          "       picture_tool drawing --seed S --width W --height H OUT.png\n"
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
    if (!parse_int(factor, 1, 512, &k)) {
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
    if (!parse_int(factor, 1, 512, &k)) {
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

static int cmd_differ(const char *a_path, const char *b_path) {
    struct image a, b;
    if (!load_png(a_path, &a))
        return EXIT_BAD;
    if (!load_png(b_path, &b)) {
        stbi_image_free(a.rgba);
        return EXIT_BAD;
    }
    int status = EXIT_OK;
    if (a.width != b.width || a.height != b.height) {
        fprintf(stderr, "picture_tool: %s is %dx%d, %s %dx%d\n", a_path, a.width, a.height, b_path,
                b.width, b.height);
        status = EXIT_DIFFERENT;
    } else {
        long differ = 0;
        for (int y = 0; y < a.height; y++)
            for (int x = 0; x < a.width; x++) {
                const unsigned char *p = pixel(&a, x, y), *q = pixel(&b, x, y);
                bool clear = p[3] == 0 && q[3] == 0;
                differ += !clear && memcmp(p, q, 4) != 0;
            }
        printf("%ld\n", differ);
    }
    stbi_image_free(a.rgba);
    stbi_image_free(b.rgba);
    return status;
}

/* ---------------------------------------------------------------- generated pictures */

struct generated {
    uint64_t seed;
    int width, height;
    int noise; /* -1: the picture's default */
    bool grey, progressive;
    const char *out;
};

static bool parse_generated(int argc, char **argv, struct generated *g) {
    unsigned long long seed = 0;
    bool have_seed = false;
    *g = (struct generated){0, 0, 0, -1, false, false, NULL};
    for (int i = 0; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--seed") == 0 && value) {
            char *end;
            errno = 0;
            seed = strtoull(value, &end, 10);
            have_seed = !errno && *value && !*end;
            i++;
        } else if (strcmp(argv[i], "--width") == 0 && parse_int(value, 1, 65535, &g->width)) {
            i++;
        } else if (strcmp(argv[i], "--height") == 0 && parse_int(value, 1, 65535, &g->height)) {
            i++;
        } else if (strcmp(argv[i], "--noise") == 0 && parse_int(value, 0, 128, &g->noise)) {
            i++;
        } else if (strcmp(argv[i], "--grey") == 0) {
            g->grey = true;
        } else if (strcmp(argv[i], "--progressive") == 0) {
            g->progressive = true;
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

static void set_rgb(unsigned char *p, const double rgb[3], uint64_t *state, int amplitude) {
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

/* Coverage of a pixel by a shape given by its signed distance (negative inside), with an
 * edge one pixel soft, as a drawing program antialiases. */
static double coverage(double distance) {
    return distance < -0.5 ? 1 : distance > 0.5 ? 0 : 0.5 - distance;
}

/* A picture made a row at a time: `row` receives row y (RGBA), rows in order. */
struct row_source {
    int width, height, amplitude;
    bool grey, progressive; /* how a JPEG is written */
    uint64_t state;
    double phase;
    void (*row)(struct row_source *s, int y, unsigned char *rgba);
};

static void photo_row(struct row_source *s, int y, unsigned char *rgba) {
    const double sky_top[3] = {40, 90, 200}, sky_low[3] = {200, 220, 245};
    const double sun[3] = {255, 230, 120}, grass[3] = {40, 140, 50}, soil[3] = {110, 80, 40};
    for (int x = 0; x < s->width; x++) {
        double u = (double)x / s->width, v = (double)y / s->height, rgb[3];
        double hill = 0.62 + 0.08 * sin(u * 9 + s->phase) + 0.04 * sin(u * 23 + 2 * s->phase);
        double dx = u - 0.7, dy = (v - 0.25) * s->height / s->width;
        double sun_distance = sqrt(dx * dx + dy * dy);
        if (v > hill) {
            mix(grass, soil, (v - hill) / (1 - hill) + 0.2 * sin(u * 40), rgb);
        } else {
            mix(sky_top, sky_low, v / hill, rgb);
            if (sun_distance < 0.12)
                mix(sun, rgb, sun_distance / 0.12 - 0.5, rgb);
        }
        set_rgb(rgba + 4 * x, rgb, &s->state, s->amplitude);
    }
}

static void logo_row(struct row_source *s, int y, unsigned char *rgba) {
    const double white[3] = {255, 255, 255}, navy[3] = {20, 40, 110}, orange[3] = {240, 140, 20};
    double r = 0.4 * (s->height < s->width ? s->height : s->width);
    double cx = s->width * 0.4, cy = s->height * 0.5;
    double bar_top = cy - r * 0.25, bar_bottom = cy + r * 0.25;
    double bar_left = cx - r * 0.2, bar_right = s->width * 0.9;
    for (int x = 0; x < s->width; x++) {
        double px = x + 0.5, py = y + 0.5, rgb[3];
        double disc = sqrt((px - cx) * (px - cx) + (py - cy) * (py - cy)) - r;
        double bar = fmax(fmax(bar_top - py, py - bar_bottom), fmax(bar_left - px, px - bar_right));
        mix(white, navy, coverage(disc), rgb);
        mix(rgb, orange, coverage(bar), rgb);
        set_rgb(rgba + 4 * x, rgb, &s->state, s->amplitude);
    }
}

/* Two lit objects on a dark, noisy background: a disc in the upper third, a bar in the
 * lower third, dark rows between them. */
static void dark_row(struct row_source *s, int y, unsigned char *rgba) {
    const double night[3] = {14, 12, 20}, moon[3] = {235, 220, 170}, lamp[3] = {200, 60, 40};
    double side = s->height < s->width ? s->height : s->width;
    double cx = s->width * (0.45 + 0.1 * sin(s->phase)), cy = s->height * 0.25, r = side * 0.18;
    double top = s->height * 0.62, bottom = s->height * 0.8;
    for (int x = 0; x < s->width; x++) {
        double px = x + 0.5, py = y + 0.5, rgb[3];
        double disc = sqrt((px - cx) * (px - cx) + (py - cy) * (py - cy)) - r;
        double bar =
            fmax(fmax(top - py, py - bottom), fmax(s->width * 0.2 - px, px - s->width * 0.8));
        mix(night, moon, coverage(disc), rgb);
        mix(rgb, lamp, coverage(bar), rgb);
        set_rgb(rgba + 4 * x, rgb, &s->state, s->amplitude);
    }
}

/* ---------------------------------------------------------------- writing a row at a time */

static bool ends_with(const char *path, const char *suffix) {
    size_t n = strlen(path), m = strlen(suffix);
    return n >= m && strcmp(path + n - m, suffix) == 0;
}

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void jpeg_fail(j_common_ptr cinfo) {
    longjmp(((struct jpeg_failure *)cinfo->err)->jump, 1);
}

/* The source's rows to a JPEG at `quality`, through libjpeg. */
static bool write_jpeg_rows(FILE *out, struct row_source *s, int quality, unsigned char *rgba) {
    struct jpeg_compress_struct c;
    struct jpeg_failure failure;
    c.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    jpeg_create_compress(&c);
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&c);
        return false;
    }
    jpeg_stdio_dest(&c, out);
    c.image_width = (JDIMENSION)s->width;
    c.image_height = (JDIMENSION)s->height;
    c.input_components = 4;
    c.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, quality, TRUE);
    if (s->grey)
        jpeg_set_colorspace(&c, JCS_GRAYSCALE);
    if (s->progressive)
        jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    for (int y = 0; y < s->height; y++) {
        s->row(s, y, rgba);
        JSAMPROW row = rgba;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    return true;
}

/* The source's rows to an RGBA PNG, through libpng (fast compression: large pictures). */
static bool write_png_rows(FILE *out, struct row_source *s, unsigned char *rgba) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)s->width, (png_uint_32)s->height, 8,
                 PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 3);
    png_write_info(png, info);
    for (int y = 0; y < s->height; y++) {
        s->row(s, y, rgba);
        png_write_row(png, rgba);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return true;
}

static bool write_rows(const char *path, struct row_source *s, int quality) {
    FILE *out = fopen(path, "wb");
    unsigned char *rgba = malloc((size_t)s->width * 4);
    bool ok = out && rgba &&
              (ends_with(path, ".jpg") ? write_jpeg_rows(out, s, quality, rgba)
                                       : write_png_rows(out, s, rgba));
    ok = (out && fclose(out) == 0) && ok;
    free(rgba);
    if (!ok)
        fprintf(stderr, "picture_tool: %s: cannot write the image\n", path);
    return ok;
}

enum generated_kind { PHOTO, LOGO, DARK };

/* Paints `rgb` over the pixel with the given coverage (0 to 1), its alpha the union's. */
static void paint(struct image *im, int x, int y, const double rgb[3], double cover) {
    unsigned char *p = pixel(im, x, y);
    double alpha = p[3] / 255.0, out = alpha + cover * (1 - alpha);
    for (int c = 0; c < 3 && out > 0; c++)
        p[c] = clamp((p[c] * alpha * (1 - cover) + rgb[c] * cover) / out);
    p[3] = clamp(out * 255);
}

static double random_unit(uint64_t *state) {
    return (double)rng_below(state, 1u << 20) / (1u << 20);
}

static void drawing(struct image *im, uint64_t *state) {
    double size = im->width < im->height ? im->width : im->height, colours[7][3];
    for (int k = 0; k < 7; k++)
        for (int c = 0; c < 3; c++)
            colours[k][c] = rng_below(state, 256);
    double cx = im->width / 2.0, cy = im->height / 2.0, r = size * 0.46;
    int shapes = 4 + (int)rng_below(state, 8);
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            double px = x + 0.5, py = y + 0.5;
            paint(im, x, y, colours[0],
                  coverage(sqrt((px - cx) * (px - cx) + (py - cy) * (py - cy)) - r));
        }
    for (int s = 0; s < shapes; s++) {
        const double *rgb = colours[1 + rng_below(state, 6)];
        double sx = cx + (random_unit(state) - 0.5) * r * 1.2;
        double sy = cy + (random_unit(state) - 0.5) * r * 1.2;
        double half_w = 0.5 + random_unit(state) * size * 0.15;
        double half_h = 0.5 + random_unit(state) * size * 0.15;
        bool disc = rng_below(state, 2) == 0;
        for (int y = 0; y < im->height; y++)
            for (int x = 0; x < im->width; x++) {
                if (pixel(im, x, y)[3] == 0)
                    continue; /* within the drawing */
                double px = x + 0.5, py = y + 0.5, d;
                if (disc)
                    d = sqrt((px - sx) * (px - sx) + (py - sy) * (py - sy)) - half_w;
                else
                    d = fmax(fabs(px - sx) - half_w, fabs(py - sy) - half_h);
                double cover = coverage(d);
                if (cover > 0)
                    paint(im, x, y, rgb, cover * pixel(im, x, y)[3] / 255.0);
            }
    }
}

/* A layer over a pixel being drawn in doubles: `colour` with the coverage given (an
 * antialiased edge), the alpha the union's. The emoji is drawn so, rounded once. */
static void add_layer(double rgb[3], double *alpha, const double colour[3], double cover) {
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
            add_layer(rgb, &alpha, rim, coverage(face));
            add_layer(rgb, &alpha, shade, coverage(face + 0.06 * r));
            for (int side = -1; side <= 1; side += 2) {
                double ex = cx + side * 0.36 * r;
                double eye = hypot((px - ex) / 0.13, (py - eye_y) / 0.2) - r;
                add_layer(rgb, &alpha, dark, coverage(eye * 0.13));
                double glint = hypot(px - ex + 0.04 * r, py - eye_y + 0.08 * r) - 0.05 * r;
                add_layer(rgb, &alpha, white, coverage(glint));
                double cheek =
                    hypot((px - ex - side * 0.12 * r) / 0.16, (py - cy - 0.18 * r) / 0.09) - r;
                add_layer(rgb, &alpha, pink, coverage(cheek * 0.09) * 0.8);
            }
            /* The mouth: the lower half of an ellipse, its tongue at the bottom. */
            double mx = (px - cx) / mouth_w, my = (py - cy - 0.22 * r) / (0.42 * r);
            double mouth = (hypot(mx, my) - 1) * 0.42 * r;
            if (py >= cy + 0.22 * r) {
                add_layer(rgb, &alpha, dark, coverage(mouth));
                double t = hypot((px - cx) / (0.55 * mouth_w), (py - cy - 0.55 * r) / (0.12 * r));
                add_layer(rgb, &alpha, tongue,
                          coverage((t - 1) * 0.12 * r) * coverage(mouth + 0.03 * r));
            }
            unsigned char *p = pixel(im, x, y);
            for (int c = 0; c < 3; c++)
                p[c] = clamp(rgb[c]);
            p[3] = clamp(alpha * 255);
        }
}

/* A drawing or an emoji (see the header comment), always a PNG: it has a transparent
 * background. */
static int cmd_transparent(int argc, char **argv, void (*draw)(struct image *, uint64_t *)) {
    struct generated g;
    if (!parse_generated(argc, argv, &g) || !ends_with(g.out, ".png")) {
        usage();
        return EXIT_BAD;
    }
    struct image im = {g.width, g.height, calloc((size_t)g.width * (size_t)g.height, 4)};
    if (!im.rgba)
        return EXIT_BAD;
    uint64_t state = g.seed;
    draw(&im, &state);
    bool ok = write_image(g.out, &im, 0);
    free(im.rgba);
    return ok ? EXIT_OK : EXIT_BAD;
}

static int cmd_generated(int argc, char **argv, enum generated_kind kind) {
    struct generated g;
    if (!parse_generated(argc, argv, &g)) {
        usage();
        return EXIT_BAD;
    }
    static const int default_noise[3] = {12, 6, 10}, quality[3] = {90, 75, 90};
    static void (*const rows[3])(struct row_source *, int, unsigned char *) = {photo_row, logo_row,
                                                                               dark_row};
    struct row_source s = {g.width, g.height,      g.noise < 0 ? default_noise[kind] : g.noise,
                           g.grey,  g.progressive, g.seed,
                           0,       rows[kind]};
    s.phase = kind == LOGO ? 0 : (double)rng_below(&s.state, 1000) / 1000 * 6.28;
    return write_rows(g.out, &s, quality[kind]) ? EXIT_OK : EXIT_BAD;
}

/* ---------------------------------------------------------------- random pictures
 *
 * A random picture is a scene: a background and layers painted over it (boxes, discs,
 * lines a pixel or so wide, text-like letters, gradients, noise, stripes), each pixel a
 * function of its place alone (its noise hashed from it, not drawn in turn), so that a
 * picture of any size is made a row at a time: PNG and JPEG are written as they are made
 * (up to 50 megapixels), the other formats from a buffer (at most RANDOM_BUFFER_SIDE a
 * side, within what the converter reads of them). */

enum { RANDOM_MAX_LAYERS = 10, RANDOM_BUFFER_SIDE = 1024, RANDOM_STREAMED_SIDE = 4096 };
#define RANDOM_HUGE_PIXELS 50000000.0 /* 8160 x 6120, a 50-megapixel camera's */

enum picture_format { PNG, JPEG, BMP, GIF, TGA, PPM, PGM, PSD };
static const char *const FORMAT_SUFFIX[] = {".png", ".jpg", ".bmp", ".gif",
                                            ".tga", ".ppm", ".pgm", ".psd"};
enum { FORMATS = sizeof FORMAT_SUFFIX / sizeof FORMAT_SUFFIX[0] };

/* Whether a reader sees the alpha the picture was made with (a GIF: only below or above
 * half). */
static bool format_keeps_alpha(enum picture_format f) {
    return f == PNG || f == TGA || f == PSD || f == GIF;
}

static bool format_streamed(enum picture_format f) {
    return f == PNG || f == JPEG;
}

enum layer_kind { BOX, DISC, LINE, TEXT, LINEAR, RADIAL, NOISE, STRIPES };

struct layer {
    enum layer_kind kind;
    double colour[3], second[3];
    double x0, y0, x1, y1; /* its box; a line's ends; a gradient's axis */
    double size;           /* a line's width, a letter's height, a stripe's period, a radius */
    bool soft, checker;
    double opacity; /* 1: opaque (less only in formats that keep alpha) */
    int amplitude;  /* noise on its pixels */
    uint64_t seed;
};

enum background_alpha { OPAQUE, TRANSPARENT, ALPHA_RAMP };

struct scene {
    int width, height;
    int block; /* pixel art: each block x block square of one colour (1: none) */
    enum picture_format format;
    struct layer background; /* covering everything */
    enum background_alpha alpha;
    int layer_count;
    struct layer layers[RANDOM_MAX_LAYERS];
    int amplitude; /* noise over everything */
    uint64_t seed;
    /* the last letter drawn by each layer, which the next pixels mostly share */
    uint64_t glyph_cell[RANDOM_MAX_LAYERS];
    uint64_t glyph_bits[RANDOM_MAX_LAYERS];
};

static double uniform(uint64_t *state) {
    return (double)rng_below(state, 1u << 30) / (double)(1u << 30);
}

static void random_colour(uint64_t *state, double rgb[3]) {
    for (int c = 0; c < 3; c++)
        rgb[c] = rng_below(state, 256);
}

/* A hashed number in [-amplitude, amplitude] for channel c of pixel (x, y). */
static int hashed_noise(uint64_t seed, int x, int y, int c, int amplitude) {
    if (amplitude == 0)
        return 0;
    uint64_t h = rng_derive(seed, ((uint64_t)(uint32_t)x << 34) ^ ((uint64_t)(uint32_t)y << 2) ^
                                      (uint64_t)c);
    return (int)(h % (uint64_t)(2 * amplitude + 1)) - amplitude;
}

/* The letter of a text cell: 5 x 7 dots (bit 5 * row + column), 2 to 5 strokes along its
 * rows and columns, as a bitmap font draws them. */
static uint64_t glyph(uint64_t seed) {
    uint64_t state = seed, bits = 0;
    int strokes = 2 + (int)rng_below(&state, 4);
    for (int s = 0; s < strokes; s++) {
        bool across = rng_below(&state, 2);
        int at = (int)rng_below(&state, across ? 7 : 5), from = (int)rng_below(&state, 4),
            length = 2 + (int)rng_below(&state, across ? 4 : 6);
        for (int k = from; k < from + length && k < (across ? 5 : 7); k++)
            bits |= 1ull << (across ? 5 * at + k : 5 * k + at);
    }
    return bits;
}

/* How much of pixel (px, py) (its centre) layer i covers, 0 to 1, and its colour there. */
static double layer_at(struct scene *s, int i, double px, double py, double rgb[3]) {
    const struct layer *l = &s->layers[i];
    double box = fmax(fmax(l->x0 - px, px - l->x1), fmax(l->y0 - py, py - l->y1));
    double t = 0, distance = box;
    memcpy(rgb, l->colour, sizeof l->colour);
    switch (l->kind) {
    case DISC: {
        double cx = (l->x0 + l->x1) / 2, cy = (l->y0 + l->y1) / 2;
        double rx = fmax((l->x1 - l->x0) / 2, 0.5), ry = fmax((l->y1 - l->y0) / 2, 0.5);
        distance = (hypot((px - cx) / rx, (py - cy) / ry) - 1) * fmin(rx, ry);
        break;
    }
    case LINE: {
        double dx = l->x1 - l->x0, dy = l->y1 - l->y0, length2 = dx * dx + dy * dy;
        double along = length2 > 0 ? ((px - l->x0) * dx + (py - l->y0) * dy) / length2 : 0;
        along = along < 0 ? 0 : along > 1 ? 1 : along;
        distance = hypot(px - l->x0 - along * dx, py - l->y0 - along * dy) - l->size / 2;
        break;
    }
    case TEXT: {
        if (box > 0)
            return 0;
        double cell_w = l->size * 6 / 7, cell_h = l->size * 8 / 7;
        int column = (int)((px - l->x0) / cell_w), line = (int)((py - l->y0) / cell_h);
        int dot_x = (int)((px - l->x0 - column * cell_w) / cell_w * 6);
        int dot_y = (int)((py - l->y0 - line * cell_h) / cell_h * 8);
        uint64_t cell = ((uint64_t)line << 32) | (uint64_t)column;
        if (s->glyph_cell[i] != cell + 1) {
            s->glyph_cell[i] = cell + 1;
            s->glyph_bits[i] = glyph(rng_derive(l->seed, cell));
        }
        return dot_x < 5 && dot_y < 7 && (s->glyph_bits[i] >> (5 * dot_y + dot_x) & 1) ? 1 : 0;
    }
    case LINEAR: {
        double dx = l->x1 - l->x0, dy = l->y1 - l->y0, length2 = dx * dx + dy * dy;
        t = length2 > 0 ? ((px - l->x0) * dx + (py - l->y0) * dy) / length2 : 0;
        break;
    }
    case RADIAL:
        t = hypot(px - (l->x0 + l->x1) / 2, py - (l->y0 + l->y1) / 2) / fmax(l->size, 1);
        break;
    case NOISE:
        for (int c = 0; c < 3; c++)
            rgb[c] = 128 + hashed_noise(l->seed, (int)px, (int)py, c, 127);
        break;
    case STRIPES: {
        long k =
            l->checker
                ? lround(floor(px / l->size) + floor(py / l->size))
                : lround(floor((px + py * (l->y1 - l->y0) / fmax(l->x1 - l->x0, 1)) / l->size));
        t = k % 2 == 0 ? 0 : 1;
        break;
    }
    default:
        break;
    }
    if (l->kind == LINEAR || l->kind == RADIAL || l->kind == STRIPES)
        mix(l->colour, l->second, t, rgb);
    for (int c = 0; c < 3; c++)
        rgb[c] += hashed_noise(l->seed + 1, (int)px, (int)py, c, l->amplitude);
    return l->soft ? coverage(distance) : distance <= 0;
}

/* Pixel (x, y) as made, RGBA. */
static void scene_pixel(struct scene *s, int x, int y, unsigned char *p) {
    x -= x % s->block; /* pixel art: the block's corner decides */
    y -= y % s->block;
    double px = x + 0.5, py = y + 0.5, rgb[3], alpha = 1;
    layer_at(s, 0, px, py, rgb); /* the background: layer 0, covering all */
    if (s->alpha == TRANSPARENT)
        alpha = 0;
    else if (s->alpha == ALPHA_RAMP)
        alpha = (double)x / s->width;
    for (int i = 1; i < s->layer_count; i++) {
        double colour[3], cover = layer_at(s, i, px, py, colour) * s->layers[i].opacity;
        if (cover > 0)
            add_layer(rgb, &alpha, colour, cover);
    }
    for (int c = 0; c < 3; c++)
        p[c] = clamp(rgb[c] + hashed_noise(s->seed, x, y, c, s->amplitude));
    p[3] = format_keeps_alpha(s->format) ? clamp(alpha * 255) : 255;
}

/* A side: often small, sometimes large; huge only for the formats written a row at a time. */
static void random_size(uint64_t *state, enum picture_format f, int *width, int *height) {
    int kind = (int)rng_below(state, 200);
    for (int k = 0; k < 2; k++) {
        int *side = k ? height : width;
        if (kind < 70)
            *side = 1 + (int)rng_below(state, 40);
        else if (kind < 140)
            *side = 41 + (int)rng_below(state, 360);
        else if (kind < 180 || !format_streamed(f))
            *side = 401 + (int)rng_below(state, RANDOM_BUFFER_SIDE - 400);
        else if (kind < 198)
            *side = RANDOM_BUFFER_SIDE + 1 +
                    (int)rng_below(state, RANDOM_STREAMED_SIDE - RANDOM_BUFFER_SIDE);
        else
            *side = 1 + (int)rng_below(state, 8160);
    }
    if (kind >= 198 && format_streamed(f)) /* at most 50 megapixels */
        *height = (int)fmin(*height, RANDOM_HUGE_PIXELS / *width);
}

/* A layer of the kind in a random place, colour and size. */
static void random_layer(uint64_t *state, const struct scene *s, enum layer_kind kind,
                         const double palette[][3], int colours, struct layer *l) {
    double w = s->width, h = s->height, side = fmin(w, h);
    double cx = uniform(state) * w, cy = uniform(state) * h;
    double rx = 0.5 + uniform(state) * w / 2, ry = 0.5 + uniform(state) * h / 2;
    *l = (struct layer){.kind = kind,
                        .x0 = cx - rx,
                        .y0 = cy - ry,
                        .x1 = cx + rx,
                        .y1 = cy + ry,
                        .size = 1,
                        .soft = rng_below(state, 2),
                        .checker = rng_below(state, 3) == 0,
                        .opacity = 1,
                        .amplitude = rng_below(state, 4) == 0 ? (int)rng_below(state, 40) : 0,
                        .seed = rng_next(state)};
    memcpy(l->colour, palette[rng_below(state, (uint32_t)colours)], sizeof l->colour);
    memcpy(l->second, palette[rng_below(state, (uint32_t)colours)], sizeof l->second);
    if (kind == LINE) { /* a pixel or so wide, anywhere */
        l->x0 = uniform(state) * w, l->y0 = uniform(state) * h;
        l->x1 = uniform(state) * w, l->y1 = uniform(state) * h;
        l->size = 0.5 + uniform(state) * fmin(4, side / 8 + 0.5);
    } else if (kind == TEXT) {
        l->size = 5 + uniform(state) * fmax(side / 4, 3);
    } else if (kind == LINEAR || kind == RADIAL || kind == STRIPES) {
        l->size = 1 + uniform(state) * side / 3;
        if (rng_below(state, 2)) /* across the whole picture */
            l->x0 = 0, l->y0 = 0, l->x1 = w, l->y1 = h;
        if (kind != STRIPES && rng_below(state, 2)) { /* the other diagonal */
            double x0 = l->x0;
            l->x0 = l->x1, l->x1 = x0;
        }
    }
    if (format_keeps_alpha(s->format) && rng_below(state, 4) == 0)
        l->opacity = uniform(state);
}

static void random_scene(uint64_t seed, enum picture_format format, struct scene *s) {
    uint64_t state = rng_derive(seed, 0x9a1c);
    memset(s, 0, sizeof *s);
    s->format = format;
    s->seed = rng_next(&state);
    random_size(&state, format, &s->width, &s->height);
    s->block = rng_below(&state, 7) == 0 ? 2 + (int)rng_below(&state, 15) : 1;
    /* a few colours, for flat areas, or any colour */
    double palette[8][3];
    int colours = rng_below(&state, 2) ? 2 + (int)rng_below(&state, 4) : 8;
    for (int k = 0; k < colours; k++)
        random_colour(&state, palette[k]);
    static const enum layer_kind backgrounds[] = {BOX, BOX, LINEAR, RADIAL, NOISE, STRIPES};
    enum layer_kind kind = backgrounds[rng_below(&state, 6)];
    random_layer(&state, s, kind, palette, colours, &s->layers[0]);
    struct layer *b = &s->layers[0];
    b->soft = false, b->opacity = 1;
    if (kind != LINEAR) { /* a gradient keeps its axis; the others cover everything */
        b->x0 = 0, b->y0 = 0, b->x1 = s->width, b->y1 = s->height;
    }
    if (kind == BOX && rng_below(&state, 2)) /* near white */
        for (int c = 0; c < 3; c++)
            b->colour[c] = 255 - rng_below(&state, 3) * rng_below(&state, 20);
    if (format_keeps_alpha(format))
        s->alpha = (enum background_alpha)rng_below(&state, 4) % 3;
    /* thin lines and letters the most often: the rows they leave are the hardest to print */
    static const enum layer_kind kinds[] = {BOX,  DISC, LINE, LINE,   LINE,   TEXT,  TEXT,
                                            TEXT, BOX,  DISC, LINEAR, RADIAL, NOISE, STRIPES};
    s->layer_count = 1 + (int)rng_below(&state, RANDOM_MAX_LAYERS);
    for (int i = 1; i < s->layer_count; i++)
        random_layer(&state, s, kinds[rng_below(&state, sizeof kinds / sizeof kinds[0])], palette,
                     colours, &s->layers[i]);
    if (rng_below(&state, 4) == 0)
        s->amplitude = 1 + (int)rng_below(&state, 30);
}

/* What --fit makes of the picture's opacity, a row at a time (see the header comment): at
 * least half opaque is opaque (tetris-convert's FIT_DEFAULT_ALPHA_THRESHOLD, written here
 * independently). */
struct opacity {
    int rows, first, gap; /* rows seen; the first with an opaque pixel; the first empty after */
    bool gap_closed;      /* an opaque row came after the gap */
};

static void opacity_row(struct opacity *o, const unsigned char *rgba, int width) {
    bool opaque = false;
    for (int x = 0; x < width && !opaque; x++)
        opaque = rgba[4 * x + 3] >= 128;
    if (opaque && o->first < 0)
        o->first = o->rows;
    else if (opaque && o->gap >= 0)
        o->gap_closed = true;
    else if (!opaque && o->first >= 0 && o->gap < 0)
        o->gap = o->rows;
    o->rows++;
}

static void opacity_print(const struct opacity *o) {
    if (o->first < 0)
        printf("nothing-opaque\n");
    else if (o->gap >= 0 && o->gap_closed) /* transparent rows at the bottom are trimmed */
        printf("gap %d\n", o->gap - o->first);
    else
        printf("printable\n");
}

struct scene_rows {
    struct row_source source; /* first: the writers see this */
    struct scene *scene;
    struct opacity opacity;
};

static void scene_row(struct row_source *source, int y, unsigned char *rgba) {
    struct scene_rows *r = (struct scene_rows *)source;
    for (int x = 0; x < r->scene->width; x++)
        scene_pixel(r->scene, x, y, rgba + 4 * x);
    opacity_row(&r->opacity, rgba, r->scene->width);
}

/* A GIF of the picture: colours on a 6 x 7 x 6 cube, alpha below 128 transparent (the last
 * entry of the colour map). `im` gets what a reader will see. */
static bool write_gif(const char *path, struct image *im) {
    enum { LEVELS_R = 6, LEVELS_G = 7, LEVELS_B = 6, TRANSPARENT = 255 };
    GifColorType colours[256] = {{0, 0, 0}};
    for (int r = 0; r < LEVELS_R; r++)
        for (int g = 0; g < LEVELS_G; g++)
            for (int b = 0; b < LEVELS_B; b++)
                colours[(r * LEVELS_G + g) * LEVELS_B + b] =
                    (GifColorType){(GifByteType)(r * 255 / (LEVELS_R - 1)),
                                   (GifByteType)(g * 255 / (LEVELS_G - 1)),
                                   (GifByteType)(b * 255 / (LEVELS_B - 1))};
    GifByteType *indices = malloc((size_t)im->width * (size_t)im->height);
    if (!indices)
        return false;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            unsigned char *p = pixel(im, x, y);
            int r = (p[0] * (LEVELS_R - 1) + 127) / 255, g = (p[1] * (LEVELS_G - 1) + 127) / 255,
                b = (p[2] * (LEVELS_B - 1) + 127) / 255;
            int i = p[3] < 128 ? TRANSPARENT : (r * LEVELS_G + g) * LEVELS_B + b;
            indices[(size_t)y * (size_t)im->width + (size_t)x] = (GifByteType)i;
            const GifColorType *c = &colours[i];
            p[0] = c->Red, p[1] = c->Green, p[2] = c->Blue, p[3] = i == TRANSPARENT ? 0 : 255;
        }
    int error;
    GifFileType *gif = EGifOpenFileName(path, false, &error);
    ColorMapObject *map = GifMakeMapObject(256, colours);
    GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, 0, TRANSPARENT};
    GifByteType extension[4];
    EGifGCBToExtension(&gcb, extension);
    bool ok = gif && map && EGifPutScreenDesc(gif, im->width, im->height, 8, 0, map) == GIF_OK &&
              EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_OK &&
              EGifPutImageDesc(gif, 0, 0, im->width, im->height, false, NULL) == GIF_OK;
    for (int y = 0; ok && y < im->height; y++)
        ok = EGifPutLine(gif, indices + (size_t)y * (size_t)im->width, im->width) == GIF_OK;
    if (gif)
        ok = EGifCloseFile(gif, &error) == GIF_OK && ok;
    GifFreeMapObject(map);
    free(indices);
    return ok;
}

/* A binary PNM: P6 colour or P5 grey. */
static bool write_pnm(const char *path, const struct image *im, bool grey) {
    FILE *out = fopen(path, "wb");
    bool ok = out && fprintf(out, "P%d\n%d %d\n255\n", grey ? 5 : 6, im->width, im->height) > 0;
    for (int y = 0; ok && y < im->height; y++)
        for (int x = 0; ok && x < im->width; x++) {
            const unsigned char *p = pixel(im, x, y);
            if (grey)
                ok = putc((p[0] * 30 + p[1] * 59 + p[2] * 11) / 100, out) != EOF;
            else
                ok = fwrite(p, 1, 3, out) == 3;
        }
    return (out && fclose(out) == 0) && ok;
}

static bool put_be(FILE *out, uint32_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; i--)
        if (putc((int)(value >> (8 * i)) & 0xff, out) == EOF)
            return false;
    return true;
}

/* A Photoshop file: RGBA, 8 bits, raw planes, no layers. */
static bool write_psd(const char *path, const struct image *im) {
    FILE *out = fopen(path, "wb");
    bool ok = out && fwrite("8BPS", 1, 4, out) == 4 && put_be(out, 1, 2) && put_be(out, 0, 4) &&
              put_be(out, 0, 2) && put_be(out, 4, 2) && put_be(out, (uint32_t)im->height, 4) &&
              put_be(out, (uint32_t)im->width, 4) && put_be(out, 8, 2) && put_be(out, 3, 2) &&
              put_be(out, 0, 4) && put_be(out, 0, 4) && put_be(out, 0, 4) && put_be(out, 0, 2);
    for (int c = 0; ok && c < 4; c++)
        for (int y = 0; ok && y < im->height; y++)
            for (int x = 0; ok && x < im->width; x++)
                ok = putc(pixel(im, x, y)[c], out) != EOF;
    return (out && fclose(out) == 0) && ok;
}

/* The formats that need the whole picture in memory. */
static bool write_buffered(struct scene_rows *r, const char *path) {
    struct scene *s = r->scene;
    struct image im = {s->width, s->height, malloc((size_t)s->width * (size_t)s->height * 4)};
    if (!im.rgba)
        return false;
    for (int y = 0; y < s->height; y++)
        scene_row(&r->source, y, pixel(&im, 0, y));
    bool ok = false;
    switch (s->format) {
    case BMP:
        ok = stbi_write_bmp(path, im.width, im.height, 4, im.rgba) != 0;
        break;
    case GIF: /* what a reader sees of its alpha, again */
        ok = write_gif(path, &im);
        r->opacity = (struct opacity){0, -1, -1, false};
        for (int y = 0; y < im.height; y++)
            opacity_row(&r->opacity, pixel(&im, 0, y), im.width);
        break;
    case TGA:
        ok = stbi_write_tga(path, im.width, im.height, 4, im.rgba) != 0;
        break;
    case PSD:
        ok = write_psd(path, &im);
        break;
    default:
        ok = write_pnm(path, &im, s->format == PGM);
        break;
    }
    free(im.rgba);
    return ok;
}

static int cmd_random(int argc, char **argv) {
    unsigned long long seed;
    char *end;
    errno = 0;
    if (argc != 3 || strcmp(argv[0], "--seed") != 0 || !*argv[1] ||
        (seed = strtoull(argv[1], &end, 10), errno || *end)) {
        usage();
        return EXIT_BAD;
    }
    const char *path = argv[2];
    int format = 0;
    while (format < FORMATS && !ends_with(path, FORMAT_SUFFIX[format]))
        format++;
    if (format == FORMATS) {
        usage();
        return EXIT_BAD;
    }
    struct scene s;
    random_scene(seed, (enum picture_format)format, &s);
    struct scene_rows r = {.source = {.width = s.width, .height = s.height, .row = scene_row},
                           .scene = &s,
                           .opacity = {0, -1, -1, false}};
    if (format_streamed(s.format)) { /* write_rows says what failed */
        if (!write_rows(path, &r.source, 30 + (int)(rng_derive(seed, 7) % 70)))
            return EXIT_BAD;
    } else if (!write_buffered(&r, path)) {
        fprintf(stderr, "picture_tool: %s: cannot write the image\n", path);
        return EXIT_BAD;
    }
    opacity_print(&r.opacity);
    return EXIT_OK;
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
    if (argc == 4 && strcmp(argv[1], "differ") == 0)
        return cmd_differ(argv[2], argv[3]);
    if (argc >= 2 && strcmp(argv[1], "photo") == 0)
        return cmd_generated(argc - 2, argv + 2, PHOTO);
    if (argc >= 2 && strcmp(argv[1], "logo") == 0)
        return cmd_generated(argc - 2, argv + 2, LOGO);
    if (argc >= 2 && strcmp(argv[1], "dark") == 0)
        return cmd_generated(argc - 2, argv + 2, DARK);
    if (argc >= 2 && strcmp(argv[1], "random") == 0)
        return cmd_random(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "drawing") == 0)
        return cmd_transparent(argc - 2, argv + 2, drawing);
    if (argc >= 2 && strcmp(argv[1], "emoji") == 0)
        return cmd_transparent(argc - 2, argv + 2, emoji);
    if (argc >= 2 && strcmp(argv[1], "bomb") == 0)
        return cmd_bomb(argc - 2, argv + 2);
    usage();
    return EXIT_BAD;
}
