/* tetris-print's images, decoded again: the PNG contract (--scale 1 --background
 * transparent: 21 x 42 RGBA, one pixel per cell), scaled cells with borders, --crop,
 * --frames and the animated GIF. Runs the command's work (print_run) on the article's
 * example and compares pixels with its final playfield worked out by hand. */
#include "../../src/print/options.h"
#include "../../src/print/run.h"
#include "cli.h"
#include "unit.h"
#include <stdarg.h>

#include <gif_lib.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ARTICLE "tests/data/article-example.txt"

/* Rows 38..41 of the article's final playfield (rows above are empty). */
static const char *const BOTTOM[4] = {
    "......T..T...L.......",
    ".....TJJJTTTTTTT.....",
    "...JTTTT...LLLL......",
    "..TTTTTTJJJJLLLJJJ...",
};

static uint32_t script_colour(char letter) {
    return letter == 'J' ? 0xfc7460 : letter == 'T' ? 0x4cdc48 : 0xfcfcfc;
}

static char letter_at(int row, int col) {
    return row < 38 ? '.' : BOTTOM[row - 38][col];
}

struct image {
    int width, height;
    uint8_t *rgba;
};

static struct image read_png(const char *path) {
    FILE *in = fopen(path, "rb");
    ck_assert_msg(in != NULL, "%s missing", path);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    ck_assert(png && info);
    if (setjmp(png_jmpbuf(png)))
        ck_abort_msg("libpng could not decode %s", path);
    png_init_io(png, in);
    png_read_info(png, info);
    ck_assert_int_eq(png_get_color_type(png, info), PNG_COLOR_TYPE_RGBA);
    ck_assert_int_eq(png_get_bit_depth(png, info), 8);
    struct image img = {(int)png_get_image_width(png, info), (int)png_get_image_height(png, info),
                        NULL};
    img.rgba = malloc((size_t)img.width * (size_t)img.height * 4);
    for (int y = 0; y < img.height; y++)
        png_read_row(png, img.rgba + (size_t)y * (size_t)img.width * 4, NULL);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(in);
    return img;
}

static uint32_t rgb_at(const struct image *img, int x, int y) {
    const uint8_t *p = img->rgba + ((size_t)y * (size_t)img->width + (size_t)x) * 4;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static int alpha_at(const struct image *img, int x, int y) {
    return img->rgba[((size_t)y * (size_t)img->width + (size_t)x) * 4 + 3];
}

static char dir[64];

static void make_dir(void) {
    strcpy(dir, "/tmp/test-print-XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
}

static void remove_dir(void) {
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(command), 0);
}

/* Runs tetris-print's work with the given arguments (NULL-terminated). */
static int run(const char *first, ...) {
    char *argv[32] = {"tetris-print"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    struct print_options o;
    char error[256];
    if (!options_parse(argc, argv, &o, error, sizeof error)) {
        fprintf(stderr, "%s\n", error);
        return EXIT_BAD_INPUT;
    }
    return print_run(&o);
}

static char *path_in(const char *name) {
    static char path[8][128];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 128, "%s/%s", dir, name);
    return p;
}

START_TEST(png_contract_one_pixel_per_cell) {
    make_dir();
    char *out = path_in("out.png");
    ck_assert_int_eq(run(ARTICLE, "--scale", "1", "--background", "transparent", "-o", out, NULL),
                     0);
    struct image img = read_png(out);
    ck_assert_int_eq(img.width, 21);
    ck_assert_int_eq(img.height, 42);
    int opaque = 0;
    for (int y = 0; y < 42; y++) {
        for (int x = 0; x < 21; x++) {
            char letter = letter_at(y, x);
            if (letter == '.') {
                ck_assert_int_eq(alpha_at(&img, x, y), 0);
                continue;
            }
            opaque++;
            ck_assert_int_eq(alpha_at(&img, x, y), 255);
            ck_assert_uint_eq(rgb_at(&img, x, y), script_colour(letter));
        }
    }
    ck_assert_int_eq(opaque, 16 + 9 + 11 + 3);
    free(img.rgba);
    remove_dir();
}
END_TEST

START_TEST(scaled_cells_have_borders_and_background) {
    make_dir();
    char *out = path_in("big.png");
    ck_assert_int_eq(run(ARTICLE, "--background", "#102030", "-o", out, NULL), 0);
    struct image img = read_png(out);
    ck_assert_int_eq(img.width, 21 * 16);
    ck_assert_int_eq(img.height, 42 * 16);
    /* Cell (2, 41) is T 4cdc48: inside in the colour, its edge at 60%. */
    int x0 = 2 * 16, y0 = 41 * 16;
    ck_assert_uint_eq(rgb_at(&img, x0 + 8, y0 + 8), 0x4cdc48);
    ck_assert_uint_eq(rgb_at(&img, x0, y0 + 8), 0x2d842b);
    ck_assert_uint_eq(rgb_at(&img, x0 + 15, y0 + 15), 0x2d842b);
    ck_assert_int_eq(alpha_at(&img, x0 + 8, y0 + 8), 255);
    /* An empty cell is all background, opaque. */
    ck_assert_uint_eq(rgb_at(&img, 0, 0), 0x102030);
    ck_assert_uint_eq(rgb_at(&img, 15, 41 * 16 + 15), 0x102030);
    ck_assert_int_eq(alpha_at(&img, 0, 0), 255);
    free(img.rgba);
    remove_dir();
}
END_TEST

START_TEST(crop_keeps_the_rows_in_use) {
    make_dir();
    char *out = path_in("crop.png");
    ck_assert_int_eq(run(ARTICLE, "--scale", "2", "--crop", "-o", out, NULL), 0);
    struct image img = read_png(out);
    /* The stack is highest (rows 31..41 after clears) while block 4 builds on the platform. */
    ck_assert_int_eq(img.width, 42);
    ck_assert_int_eq(img.height, 11 * 2);
    /* Its last pixel row is the floor row. */
    ck_assert_uint_eq(rgb_at(&img, 2 * 2, img.height - 1), 0x4cdc48);
    ck_assert_uint_eq(rgb_at(&img, 0, img.height - 1), 0x000000);
    free(img.rgba);
    remove_dir();
}
END_TEST

static char *slurp(const char *path, size_t *length) {
    char *data = cli_read_file(path, length);
    ck_assert_msg(data != NULL, "%s missing", path);
    return data;
}

START_TEST(frames_are_a_time_lapse) {
    make_dir();
    char *frames = path_in("frames");
    char *out = path_in("final.png");
    ck_assert_int_eq(
        run(ARTICLE, "--frames", frames, "--every", "50", "--scale", "3", "-o", out, NULL), 0);
    /* 141 pieces: frames for pieces 50, 100 and the last one. */
    char *f1 = path_in("frames/frame-00001.png"), *f3 = path_in("frames/frame-00003.png");
    ck_assert_int_eq(access(f1, F_OK), 0);
    ck_assert_int_eq(access(path_in("frames/frame-00004.png"), F_OK), -1);
    struct image first = read_png(f1);
    ck_assert_int_eq(first.width, 63);
    free(first.rgba);
    size_t a, b;
    char *last = slurp(f3, &a), *final = slurp(out, &b);
    ck_assert_uint_eq(a, b);
    ck_assert(memcmp(last, final, a) == 0); /* the last frame is the final playfield */
    free(last);
    free(final);
    remove_dir();
}
END_TEST

START_TEST(gif_animation) {
    make_dir();
    char *out = path_in("play.gif");
    ck_assert_int_eq(run(ARTICLE, "--every", "10", "--delay", "7", "--scale", "1", "-o", out, NULL),
                     0);
    int error = 0;
    GifFileType *gif = DGifOpenFileName(out, &error);
    ck_assert(gif != NULL);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    ck_assert_int_eq(gif->SWidth, 21);
    ck_assert_int_eq(gif->SHeight, 42);
    ck_assert_int_eq(gif->ImageCount, 15); /* pieces 10, 20, ..., 140 and 141 */
    GraphicsControlBlock gcb;
    ck_assert_int_eq(DGifSavedExtensionToGCB(gif, 0, &gcb), GIF_OK);
    ck_assert_int_eq(gcb.DelayTime, 7);
    ck_assert_int_eq(DGifSavedExtensionToGCB(gif, 14, &gcb), GIF_OK);
    ck_assert_int_eq(gcb.DelayTime, 300);
    const SavedImage *lastframe = &gif->SavedImages[14];
    const ColorMapObject *map = gif->SColorMap;
    for (int y = 0; y < 42; y++) {
        for (int x = 0; x < 21; x++) {
            GifColorType c = map->Colors[lastframe->RasterBits[y * 21 + x]];
            uint32_t rgb = (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
            char letter = letter_at(y, x);
            ck_assert_uint_eq(rgb, letter == '.' ? 0 : script_colour(letter));
        }
    }
    DGifCloseFile(gif, &error);
    remove_dir();
}
END_TEST

START_TEST(output_is_deterministic) {
    make_dir();
    char *a = path_in("a.png"), *b = path_in("b.png");
    ck_assert_int_eq(run(ARTICLE, "--scale", "5", "-o", a, NULL), 0);
    ck_assert_int_eq(run(ARTICLE, "--scale", "5", "-o", b, NULL), 0);
    size_t la, lb;
    char *da = slurp(a, &la), *db = slurp(b, &lb);
    ck_assert_uint_eq(la, lb);
    ck_assert(memcmp(da, db, la) == 0);
    free(da);
    free(db);
    remove_dir();
}
END_TEST

START_TEST(no_output_file_for_a_bad_script) {
    make_dir();
    char *script = path_in("bad.txt"), *out = path_in("out.png");
    FILE *f = fopen(script, "w");
    fputs("ffffff\n\n.....BBBB............\nAAAA.................\n", f);
    fclose(f);
    ck_assert_int_eq(run(script, "-o", out, NULL), EXIT_BAD_INPUT);
    ck_assert_int_eq(access(out, F_OK), -1);
    ck_assert_int_eq(run(script, "--lenient", "-o", out, NULL), 0);
    ck_assert_int_eq(access(out, F_OK), 0);
    remove_dir();
}
END_TEST

static Suite *render_suite(void) {
    Suite *s = suite_create("print_render");
    TCase *t = tcase_create("images");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, png_contract_one_pixel_per_cell);
    tcase_add_test(t, scaled_cells_have_borders_and_background);
    tcase_add_test(t, crop_keeps_the_rows_in_use);
    tcase_add_test(t, frames_are_a_time_lapse);
    tcase_add_test(t, gif_animation);
    tcase_add_test(t, output_is_deterministic);
    tcase_add_test(t, no_output_file_for_a_bad_script);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(render_suite)
