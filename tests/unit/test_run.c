/* tetris-print's images, decoded again: the PNG contract (--scale 1 --background
 * transparent: 21 x 42 RGBA, one pixel per cell), scaled cells with borders, the well,
 * the background, --crop, --frames, the animated GIF (changed rectangles, --hold), helper
 * colours and --motion (the GIFs with --no-crop, whose frames are the whole field). Runs the
 * command's work (run_print) on the article's example and compares pixels with its final playfield
 * worked out by hand. */
#include "cli.h"
#include "frames_dir.h"
#include "options.h"
#include "palette.h"
#include "run.h"
#include "unit.h"
#include <stdarg.h>

#include <gif_lib.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    return run_print(&o);
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

START_TEST(scaled_cells_have_borders_background_and_well) {
    make_dir();
    char *out = path_in("big.png");
    ck_assert_int_eq(run(ARTICLE, "--background", "#102030", "-o", out, NULL), 0);
    struct image img = read_png(out);
    /* The well: one cell of wall on each side, one of floor. */
    ck_assert_int_eq(img.width, (21 + 2) * 16);
    ck_assert_int_eq(img.height, (42 + 1) * 16);
    /* Cell (2, 41) is T 4cdc48: inside in the colour, its edge at 60%. */
    int x0 = (2 + 1) * 16, y0 = 41 * 16;
    ck_assert_uint_eq(rgb_at(&img, x0 + 8, y0 + 8), 0x4cdc48);
    ck_assert_uint_eq(rgb_at(&img, x0, y0 + 8), 0x2d842b);
    ck_assert_uint_eq(rgb_at(&img, x0 + 15, y0 + 15), 0x2d842b);
    ck_assert_int_eq(alpha_at(&img, x0 + 8, y0 + 8), 255);
    /* An empty cell is all background, opaque. */
    ck_assert_uint_eq(rgb_at(&img, 16, 0), 0x102030);
    ck_assert_uint_eq(rgb_at(&img, 16 + 15, 41 * 16 + 15), 0x102030);
    ck_assert_int_eq(alpha_at(&img, 16, 0), 255);
    /* Walls and floor are blocks of one colour unlike the background and the picture. */
    uint32_t wall = rgb_at(&img, 8, 8);
    ck_assert_uint_eq(rgb_at(&img, img.width - 8, 300), wall);
    ck_assert_uint_eq(rgb_at(&img, 200, img.height - 8), wall);
    ck_assert_uint_ne(wall, 0x102030);
    ck_assert_uint_ne(rgb_at(&img, 0, 0), wall); /* its border */
    free(img.rgba);
    /* --no-well: the field alone. */
    ck_assert_int_eq(run(ARTICLE, "--no-well", "-o", out, NULL), 0);
    img = read_png(out);
    ck_assert_int_eq(img.width, 21 * 16);
    ck_assert_int_eq(img.height, 42 * 16);
    free(img.rgba);
    remove_dir();
}
END_TEST

START_TEST(default_background_contrasts_with_the_colours) {
    make_dir();
    /* Black and white pixels: neither may vanish in the background. */
    char *script = path_in("bw.txt"), *out = path_in("bw.png");
    FILE *f = fopen(script, "w");
    fputs("000000 ffffff\n\nAAAA.................\n", f);
    fclose(f);
    ck_assert_int_eq(run(script, "--scale", "1", "-o", out, NULL), 0);
    struct image img = read_png(out);
    uint32_t background = rgb_at(&img, 0, 0);
    ck_assert_msg(palette_colour_distance(background, 0x000000) >= 30 &&
                      palette_colour_distance(background, 0xffffff) >= 30,
                  "background %06x", background);
    free(img.rgba);
    remove_dir();
}
END_TEST

START_TEST(crop_keeps_the_rows_of_the_final_picture) {
    make_dir();
    char *out = path_in("crop.png");
    ck_assert_int_eq(run(ARTICLE, "--scale", "2", "--crop", "--no-well", "--background", "000000",
                         "-o", out, NULL),
                     0);
    struct image img = read_png(out);
    /* The picture is rows 38..41 (the stack was higher during the play). */
    ck_assert_int_eq(img.width, 42);
    ck_assert_int_eq(img.height, 4 * 2);
    /* Its last pixel row is the floor row; its first holds the picture's top cells. */
    ck_assert_uint_eq(rgb_at(&img, 2 * 2, img.height - 1), 0x4cdc48);
    ck_assert_uint_eq(rgb_at(&img, 0, img.height - 1), 0x000000);
    ck_assert_uint_eq(rgb_at(&img, 6 * 2, 0), 0x4cdc48);
    free(img.rgba);
    /* With the well: the same rows, walls and floor around them. */
    ck_assert_int_eq(run(ARTICLE, "--scale", "2", "--crop", "-o", out, NULL), 0);
    img = read_png(out);
    ck_assert_int_eq(img.width, 46);
    ck_assert_int_eq(img.height, 5 * 2);
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
    ck_assert_int_eq(first.width, 69); /* 21 cells and two walls of 3 pixels */
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

/* A GIF's frames composed as a viewer shows them (every frame here keeps the previous
 * ones: no disposal), as palette indices. */
static uint8_t *compose(const GifFileType *gif, int last) {
    uint8_t *canvas = calloc((size_t)gif->SWidth * (size_t)gif->SHeight, 1);
    for (int i = 0; i <= last; i++) {
        const SavedImage *frame = &gif->SavedImages[i];
        GraphicsControlBlock gcb;
        ck_assert_int_eq(DGifSavedExtensionToGCB((GifFileType *)gif, i, &gcb), GIF_OK);
        ck_assert_int_eq(gcb.DisposalMode, DISPOSE_DO_NOT);
        const GifImageDesc *d = &frame->ImageDesc;
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++) {
                int index = frame->RasterBits[y * d->Width + x];
                if (index != gcb.TransparentColor)
                    canvas[(d->Top + y) * gif->SWidth + d->Left + x] = (uint8_t)index;
            }
    }
    return canvas;
}

static uint32_t gif_rgb(const GifFileType *gif, int index) {
    GifColorType c = gif->SColorMap->Colors[index];
    return (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
}

/* Frame numbers are padded to the digits of the frame count, at least 5, so names sort. */
START_TEST(frame_names_fit_the_frame_count) {
    ck_assert_int_eq(frames_dir_digits(1), 5);
    ck_assert_int_eq(frames_dir_digits(99999), 5);
    ck_assert_int_eq(frames_dir_digits(100000), 6);
    ck_assert_int_eq(frames_dir_digits(1234567), 7);
    make_dir();
    char frames[128], path[256];
    snprintf(frames, sizeof frames, "%s", path_in("frames"));
    ck_assert(mkdir(frames, 0777) == 0);
    /* Before a run of 100,000 frames: a shorter run's 5-digit names go, 6-digit ones of
     * this run's numbers stay (they are about to be replaced), other files stay. */
    const char *names[] = {"frame-00001.png",  "frame-99999.png",  "frame-000001.png",
                           "frame-100000.png", "frame-100001.png", "frame-1.png",
                           "frame.png",        "other.png"};
    const bool kept[] = {false, false, true, true, false, false, true, true};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", frames, names[i]);
        FILE *f = fopen(path, "w");
        ck_assert(f != NULL);
        fclose(f);
    }
    ck_assert(frames_dir_prepare(frames, 100000, frames_dir_digits(100000)));
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", frames, names[i]);
        ck_assert_msg((access(path, F_OK) == 0) == kept[i], "%s", names[i]);
    }
    frames_dir_path(path, sizeof path, frames, 42, frames_dir_digits(100000));
    ck_assert_str_eq(strrchr(path, '/'), "/frame-000042.png");
    remove_dir();
}
END_TEST

START_TEST(gif_animation) {
    make_dir();
    char *out = path_in("play.gif");
    ck_assert_int_eq(run(ARTICLE, "--every", "10", "--delay", "7", "--scale", "1", "--no-crop",
                         "--background", "000000", "--hold", "4.5", "-o", out, NULL),
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
    ck_assert_int_eq(gcb.DelayTime, 450); /* --hold 4.5 */
    /* The first frame is the whole canvas; later ones only what changed. */
    ck_assert_int_eq(gif->SavedImages[0].ImageDesc.Width * gif->SavedImages[0].ImageDesc.Height,
                     21 * 42);
    for (int i = 1; i < 15; i++) {
        const GifImageDesc *d = &gif->SavedImages[i].ImageDesc;
        ck_assert_int_lt(d->Width * d->Height, 21 * 42);
    }
    uint8_t *canvas = compose(gif, 14);
    for (int y = 0; y < 42; y++) {
        for (int x = 0; x < 21; x++) {
            uint32_t rgb = gif_rgb(gif, canvas[y * 21 + x]);
            char letter = letter_at(y, x);
            ck_assert_uint_eq(rgb, letter == '.' ? 0 : script_colour(letter));
        }
    }
    free(canvas);
    DGifCloseFile(gif, &error);
    /* A hold longer than a GIF delay can say (655.35 s): the last frame, then a repeat. */
    ck_assert_int_eq(run(ARTICLE, "--every", "50", "--scale", "1", "--no-crop", "--hold", "700",
                         "-o", out, NULL),
                     0);
    gif = DGifOpenFileName(out, &error);
    ck_assert(gif != NULL);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    ck_assert_int_eq(gif->ImageCount, 4); /* pieces 50, 100 and 141, then the repeat */
    ck_assert_int_eq(DGifSavedExtensionToGCB(gif, 2, &gcb), GIF_OK);
    ck_assert_int_eq(gcb.DelayTime, 65535);
    ck_assert_int_eq(DGifSavedExtensionToGCB(gif, 3, &gcb), GIF_OK);
    ck_assert_int_eq(gcb.DelayTime, 70000 - 65535);
    ck_assert_int_eq(gif->SavedImages[3].ImageDesc.Width * gif->SavedImages[3].ImageDesc.Height, 1);
    DGifCloseFile(gif, &error);
    remove_dir();
}
END_TEST

/* Picture cells never clear, so the picture-coloured cells only grow from frame to frame;
 * helper cells are drawn in colours far from every script colour, and none is left. */
START_TEST(helpers_never_look_like_the_picture) {
    make_dir();
    char *out = path_in("play.gif");
    ck_assert_int_eq(
        run(ARTICLE, "--scale", "1", "--no-crop", "--background", "000000", "-o", out, NULL), 0);
    int error = 0;
    GifFileType *gif = DGifOpenFileName(out, &error);
    ck_assert(gif != NULL);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    int previous = 0, most_helpers = 0;
    for (int i = 0; i < gif->ImageCount; i += 7) {
        uint8_t *canvas = compose(gif, i);
        int picture = 0, helpers = 0;
        for (int p = 0; p < 21 * 42; p++) {
            uint32_t rgb = gif_rgb(gif, canvas[p]);
            if (rgb == 0)
                continue;
            bool scripted = rgb == 0xfc7460 || rgb == 0x4cdc48 || rgb == 0xfcfcfc;
            if (scripted) {
                picture++;
                continue;
            }
            helpers++;
            ck_assert_msg(palette_colour_distance(rgb, 0xfc7460) >= 20 &&
                              palette_colour_distance(rgb, 0x4cdc48) >= 20 &&
                              palette_colour_distance(rgb, 0xfcfcfc) >= 20,
                          "helper colour %06x near a script colour", rgb);
        }
        ck_assert_int_ge(picture, previous);
        previous = picture;
        if (helpers > most_helpers)
            most_helpers = helpers;
        free(canvas);
    }
    ck_assert_int_gt(most_helpers, 20);
    uint8_t *canvas = compose(gif, gif->ImageCount - 1);
    int picture = 0;
    for (int p = 0; p < 21 * 42; p++)
        picture += gif_rgb(gif, canvas[p]) != 0;
    ck_assert_int_eq(picture, 16 + 9 + 11 + 3);
    free(canvas);
    DGifCloseFile(gif, &error);
    /* --helpers: one colour for every helper piece. */
    ck_assert_int_eq(run(ARTICLE, "--scale", "1", "--no-crop", "--helpers", "123456", "--every",
                         "20", "-o", out, NULL),
                     0);
    gif = DGifOpenFileName(out, &error);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    canvas = compose(gif, 1);
    bool seen = false;
    for (int p = 0; p < 21 * 42; p++)
        seen = seen || gif_rgb(gif, canvas[p]) == 0x123456;
    ck_assert(seen);
    free(canvas);
    DGifCloseFile(gif, &error);
    remove_dir();
}
END_TEST

START_TEST(motion_shows_each_trip) {
    make_dir();
    char out[128], frames[128];
    snprintf(out, sizeof out, "%s", path_in("motion.gif"));
    snprintf(frames, sizeof frames, "%s", path_in("frames"));
    ck_assert_int_eq(run(ARTICLE, "--motion", "--every", "1", "--scale", "1", "--frames", frames,
                         "-o", out, NULL),
                     0);
    /* The first piece: spawn, r+ r+ and seven sl, then its fall to row 41 (pivot row 40),
     * then the frame after it locked (the same picture: merged into the GIF's frame). */
    long frames_expected = 0;
    for (long n = 1; n <= 99999; n++) {
        char name[64];
        snprintf(name, sizeof name, "frames/frame-%05ld.png", n);
        if (access(path_in(name), F_OK) != 0)
            break;
        frames_expected = n;
    }
    ck_assert_int_gt(frames_expected, 141 * 10);
    int error = 0;
    GifFileType *gif = DGifOpenFileName(out, &error);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    ck_assert_int_gt(gif->ImageCount, 141 * 10);
    GraphicsControlBlock gcb;
    ck_assert_int_eq(DGifSavedExtensionToGCB(gif, 1, &gcb), GIF_OK);
    ck_assert_int_eq(gcb.DelayTime, 3); /* the motion default */
    /* Frame 2 of the trip: the first piece rotated once at the spawn, row 0 and below. */
    const GifImageDesc *d = &gif->SavedImages[1].ImageDesc;
    ck_assert_int_le(d->Top, 1);
    ck_assert_int_le(d->Width * d->Height, 9);
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

static Suite *run_suite(void) {
    Suite *s = suite_create("run");
    TCase *t = tcase_create("images");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, png_contract_one_pixel_per_cell);
    tcase_add_test(t, scaled_cells_have_borders_background_and_well);
    tcase_add_test(t, default_background_contrasts_with_the_colours);
    tcase_add_test(t, crop_keeps_the_rows_of_the_final_picture);
    tcase_add_test(t, frames_are_a_time_lapse);
    tcase_add_test(t, frame_names_fit_the_frame_count);
    tcase_add_test(t, gif_animation);
    tcase_add_test(t, helpers_never_look_like_the_picture);
    tcase_add_test(t, motion_shows_each_trip);
    tcase_add_test(t, output_is_deterministic);
    tcase_add_test(t, no_output_file_for_a_bad_script);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(run_suite)
