/* tetris-convert's fitting steps: transparency settled, pixel art reduced exactly (in its
 * own box), the area filter, the background, the palette and its mapping, the hints (and
 * the commands tetris-convert makes of them) and the summary line; and the limits of a
 * sprite for a width. */
#include "colour_plan.h"
#include "fit.h"
#include "fit_background.h"
#include "fit_colours.h"
#include "fit_dither.h"
#include "fit_scale.h"
#include "hint_command.h"
#include "sprite.h"
#include "sprite_limits.h"
#include "unit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Pixels of the test pictures: '.' transparent, opaque R G B W K Y N (navy) O (orange),
 * lower case: the same colour a little off (JPEG-like noise). */
static uint32_t colour_of(char c) {
    static const struct {
        char c;
        uint32_t rgb;
    } table[] = {{'R', 0xff0000}, {'G', 0x00ff00}, {'B', 0x0000ff}, {'W', 0xffffff},
                 {'K', 0x000000}, {'Y', 0xffff00}, {'N', 0x142870}, {'O', 0xf08c14},
                 {'w', 0xf8fbf9}, {'n', 0x182a6c}, {'o', 0xec8f18}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].c == c)
            return table[i].rgb;
    ck_abort_msg("no colour '%c'", c);
    return 0;
}

/* A picture from rows of characters, each enlarged `k` times. */
static struct picture make_picture(int height, const char *const rows[], int k) {
    struct picture p;
    int width = (int)strlen(rows[0]);
    ck_assert(picture_create(&p, width * k, height * k));
    for (int y = 0; y < height * k; y++)
        for (int x = 0; x < width * k; x++) {
            char c = rows[y / k][x / k];
            if (c != '.')
                picture_set(&p, x, y, colour_of(c), PICTURE_OPAQUE);
        }
    return p;
}

/* Asserts the picture's rows as characters of colour_of (and '.'). */
static void picture_is(const struct picture *p, int height, const char *const rows[]) {
    ck_assert_int_eq(p->height, height);
    ck_assert_int_eq(p->width, (int)strlen(rows[0]));
    for (int y = 0; y < height; y++)
        for (int x = 0; x < p->width; x++) {
            if (rows[y][x] == '.') {
                ck_assert_msg(!picture_opaque(p, x, y), "pixel %d,%d is opaque", x, y);
                continue;
            }
            ck_assert_msg(picture_opaque(p, x, y), "pixel %d,%d is transparent", x, y);
            ck_assert_msg(picture_rgb(p, x, y) == colour_of(rows[y][x]), "pixel %d,%d is #%06x", x,
                          y, (unsigned)picture_rgb(p, x, y));
        }
}

/* Today's converter. */
static const struct sprite_limits limits = {17, 32, 3};

static struct fit_options options(void) {
    return (struct fit_options){.enabled = true,
                                .scale = true,
                                .max_width = 17,
                                .max_height = 32,
                                .background = FIT_BACKGROUND_AUTO};
}

START_TEST(height_goes_with_width) {
    ck_assert_int_eq(sprite_fit_height(17), 32);
    ck_assert_int_eq(sprite_fit_height(1), 32);
    /* An 18-wide sprite goes to the 23 x 46 field, which prints 36 rows. */
    ck_assert_int_eq(sprite_fit_height(18), 36);
    ck_assert_int_eq(sprite_fit_height(SPRITE_MAX_WIDTH), 132);
    ck_assert_int_le(sprite_fit_height(SPRITE_MAX_WIDTH), SPRITE_MAX_HEIGHT);
}
END_TEST

static const char *const art[] = {".RR.", "RGGR", "RBBR", ".KK."};

START_TEST(pixel_art_reduced_exactly) {
    for (int k = 2; k <= 8; k++) {
        struct picture p = make_picture(4, art, k), out;
        ck_assert_int_eq(fit_scale_block(&p, 4, 4), k);
        enum fit_scaling how;
        int block;
        /* Into a box smaller than the enlarged art: reduced by k, pixel for pixel. */
        ck_assert(fit_scale(&p, 4, 7, &out, &how, &block));
        ck_assert_int_eq(how, FIT_BLOCKS);
        ck_assert_int_eq(block, k);
        picture_is(&out, 4, art);
        picture_free(&out);
        picture_free(&p);
    }
    /* Enlarged 8 times into a box where twice its size fits: reduced by 4, each pixel of the
     * art 2x2. */
    struct picture p = make_picture(4, art, 8);
    ck_assert_int_eq(fit_scale_block(&p, 9, 9), 4);
    ck_assert_int_eq(fit_scale_block(&p, 7, 9), 8);
    ck_assert_int_eq(fit_scale_block(&p, 3, 3), 8); /* the largest: the area filter does the rest */
    picture_free(&p);
    /* Not blocks: art itself, one pixel changed, and a partial block at an edge. */
    p = make_picture(4, art, 1);
    ck_assert_int_eq(fit_scale_block(&p, 2, 2), 1);
    picture_free(&p);
    p = make_picture(4, art, 3);
    picture_set(&p, 5, 4, 0xff0000, PICTURE_OPAQUE);
    ck_assert_int_eq(fit_scale_block(&p, 2, 2), 1);
    picture_free(&p);
    const char *edge[] = {"RRG", "RRG"}; /* 2x2 blocks, then half a block */
    p = make_picture(2, edge, 1);
    ck_assert_int_eq(fit_scale_block(&p, 1, 1), 1);
    picture_free(&p);
}
END_TEST

START_TEST(blocks_still_too_large_then_area) {
    struct picture p = make_picture(4, art, 4), out;
    enum fit_scaling how;
    int block;
    ck_assert(fit_scale(&p, 2, 2, &out, &how, &block));
    ck_assert_int_eq(how, FIT_BLOCKS_THEN_AREA);
    ck_assert_int_eq(block, 4);
    ck_assert_int_eq(out.width, 2);
    ck_assert_int_eq(out.height, 2);
    picture_free(&out);
    picture_free(&p);
}
END_TEST

START_TEST(area_keeps_aspect_and_half_coverage) {
    /* 100 x 40, the left 61 columns opaque red, then transparent: 17 x 7, and the columns
     * more than half covered opaque. */
    struct picture p, out;
    ck_assert(picture_create(&p, 100, 40));
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 61; x++)
            picture_set(&p, x, y, 0xff0000, PICTURE_OPAQUE);
    enum fit_scaling how;
    int block;
    ck_assert(fit_scale(&p, 17, 32, &out, &how, &block));
    ck_assert_int_eq(how, FIT_AREA);
    ck_assert_int_eq(out.width, 17);
    ck_assert_int_eq(out.height, 7);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 17; x++) {
            /* Column x covers source columns 100x/17 to 100(x+1)/17. */
            double covered = fmin(fmax(61 - 100.0 * x / 17, 0), 100.0 / 17) / (100.0 / 17);
            ck_assert_int_eq(picture_opaque(&out, x, y), covered >= 0.5);
            if (picture_opaque(&out, x, y))
                ck_assert_uint_eq(picture_rgb(&out, x, y), 0xff0000); /* no blend with black */
        }
    picture_free(&out);
    picture_free(&p);
}
END_TEST

START_TEST(area_never_opens_an_empty_row) {
    /* Two 40-row blocks joined by a 2-row bar: scaled 4 times down, the bar covers half of
     * no pixel, yet the row it is in keeps its most covered pixels. */
    struct picture p, out;
    ck_assert(picture_create(&p, 68, 82));
    for (int y = 0; y < 82; y++)
        for (int x = 0; x < 68; x++)
            if (y < 40 || y >= 42 || (x >= 30 && x < 38))
                picture_set(&p, x, y, 0x0000ff, PICTURE_OPAQUE);
    for (int x = 0; x < 68; x++) /* the bar's row is mostly transparent */
        for (int y = 40; y < 42; y++)
            if (x < 30 || x >= 38)
                picture_pixel(&p, x, y)[3] = 0;
    enum fit_scaling how;
    int block;
    ck_assert(fit_scale(&p, 17, 32, &out, &how, &block));
    ck_assert_int_eq(out.width, 17);
    for (int y = 0; y < out.height; y++) {
        bool any = false;
        for (int x = 0; x < out.width; x++)
            any = any || picture_opaque(&out, x, y);
        ck_assert_msg(any, "row %d is empty", y);
    }
    picture_free(&out);
    picture_free(&p);
}
END_TEST

START_TEST(background_found_on_the_border_only) {
    const char *image[] = {"WwWWWWW", "WWNNNWW", "WNWWWNw", "WWNNNWW", "WWWwWWW"};
    struct picture p = make_picture(5, image, 1);
    struct fit_background_match match;
    ck_assert(fit_background_find(&p, &match));
    ck_assert_uint_eq(match.rgb, 0xffffff);
    /* The noise of the border (3 of its 20 pixels 11 off white): within 2 x 11 + 4. */
    ck_assert_int_eq(match.tolerance, 26);
    /* The white inside the ring does not touch the border: it stays. */
    ck_assert_int_eq(fit_background_remove(&p, &match, NULL), 24);
    const char *expected[] = {".......", "..NNN..", ".NWWWN.", "..NNN..", "......."};
    picture_is(&p, 5, expected);
    picture_free(&p);
    /* A border of many colours has no background. */
    const char *busy[] = {"RGBY", "KWWR", "GRBY"};
    p = make_picture(3, busy, 1);
    ck_assert(!fit_background_find(&p, &match));
    picture_free(&p);
    /* Nor has a border mostly transparent. */
    const char *sprite[] = {"..W..", ".WWW.", "..W.."};
    p = make_picture(3, sprite, 1);
    ck_assert(!fit_background_find(&p, &match));
    picture_free(&p);
}
END_TEST

START_TEST(background_auto_in_opaque_images_only) {
    struct fit_options o = options();
    struct fit_report r;
    struct fit_hints hints;
    const char *logo[] = {"WWWWW", "WNNOW", "WNOOW", "WWWWW"};
    struct picture p = make_picture(4, logo, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_REMOVED);
    ck_assert_uint_eq(r.background_colour, 0xffffff);
    const char *trimmed[] = {"NNO", "NOO"};
    picture_is(&p, 2, trimmed);
    ck_assert_str_eq(hints.no_opaque_pixel, " (try --fit --background keep)");
    picture_free(&p);
    /* With transparent pixels, the image's own background is left as it is. */
    const char *sprite[] = {"WWWWW", "WNNOW", "WNOOW", "WWWW."};
    p = make_picture(4, sprite, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_TRANSPARENT);
    ck_assert_int_eq(p.width, 5);
    ck_assert_str_eq(hints.empty_row, " (try --fit --background white)");
    picture_free(&p);
    /* A background that is the whole picture stays. */
    const char *flat[] = {"NNN", "NNN"};
    p = make_picture(2, flat, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_NOT_FOUND);
    picture_is(&p, 2, flat);
    picture_free(&p);
    /* A colour given: removed where it touches the border; keep: nothing removed. */
    o.background = FIT_BACKGROUND_COLOUR;
    o.background_colour = 0x142870;
    const char *framed[] = {"NNNNN", "NWWON", "NNNNN"};
    p = make_picture(3, framed, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_REMOVED);
    const char *inside[] = {"WWO"};
    picture_is(&p, 1, inside);
    picture_free(&p);
    o.background = FIT_BACKGROUND_KEEP;
    p = make_picture(3, framed, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_NOT_ASKED);
    picture_is(&p, 3, framed);
    picture_free(&p);
}
END_TEST

START_TEST(background_exact_on_a_flat_border) {
    /* A sprite of a near-white (#e4ecec, 38 from white: within the old fixed tolerance of
     * 40) on flat white: matched exactly, its body stays. */
    struct picture p;
    ck_assert(picture_create(&p, 8, 6));
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 8; x++) {
            bool body = x >= 2 && x < 6 && y >= 1 && y < 5,
                 eye = body && (x == 3 || x == 4) && y == 2;
            picture_set(&p, x, y, eye ? 0x000000 : body ? 0xe4ecec : 0xffffff, PICTURE_OPAQUE);
        }
    struct fit_background_match match;
    ck_assert(fit_background_find(&p, &match));
    ck_assert_uint_eq(match.rgb, 0xffffff);
    ck_assert_int_eq(match.tolerance, 0);
    ck_assert_int_eq(fit_background_remove(&p, &match, NULL), 8 * 6 - 4 * 4);
    /* A JPEG's noise is not only on its border: it matches within the widest tolerance. */
    p.lossy = true;
    ck_assert_int_eq(fit_background_tolerance(&p, 0xffffff), FIT_BACKGROUND_MAX_TOLERANCE);
    picture_free(&p);
}
END_TEST

START_TEST(background_kept_where_removing_it_empties_a_row) {
    /* Two bars on white, a white row between them: removing the white would leave that row
     * empty. It stays, in that row only, and the summary says so. */
    struct fit_options o = options();
    struct fit_report r;
    struct fit_hints hints;
    const char *rows[] = {"WWWWWWW", "WWKKKWW", "WWWWWWW", "WWRRRWW", "WWWWWWW"};
    struct picture p = make_picture(5, rows, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    const char *kept[] = {"KKK", "WWW", "RRR"};
    picture_is(&p, 3, kept);
    ck_assert_int_eq(r.kept_rows, 1);
    char line[256];
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(line, "7x5 -> 3x3 (not scaled), 3 colours, background #ffffff removed (kept "
                           "in 1 row)");
    picture_free(&p);
    /* Scaled: the rows the empty row of the scaled picture comes from (the gap is 4 of 64
     * rows, 1 of 16 once scaled 4 times down). */
    const char *tall[] = {"WWWWW", "WKKKW", "WWWWW", "WRRRW", "WWWWW"};
    struct picture q;
    ck_assert(picture_create(&q, 68, 72));
    for (int y = 0; y < 72; y++)
        for (int x = 0; x < 68; x++) {
            int band = y < 4 ? 0 : y < 32 ? 1 : y < 36 ? 2 : y < 68 ? 3 : 4;
            char c = x < 4 || x >= 64 ? 'W' : tall[band][1];
            picture_set(&q, x, y, colour_of(c), PICTURE_OPAQUE);
        }
    o.max_height = 16;
    ck_assert(fit_picture(&q, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.background, FIT_BACKGROUND_REMOVED);
    ck_assert_int_gt(r.kept_rows, 0);
    for (int y = 0; y < q.height; y++) {
        bool any = false;
        for (int x = 0; x < q.width; x++)
            any = any || picture_opaque(&q, x, y);
        ck_assert_msg(any, "row %d is empty", y);
    }
    picture_free(&q);
    /* A gap of the picture's own stays: nothing of the background is in it. */
    const char *own[] = {"KKK", "...", "RRR"};
    p = make_picture(3, own, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.kept_rows, 0);
    picture_is(&p, 3, own);
    picture_free(&p);
}
END_TEST

START_TEST(own_colours_counted) {
    struct fit_palette_colours palette;
    struct picture p = make_picture(4, art, 1);
    ck_assert(fit_colours_own(&p, 4, &palette));
    ck_assert_int_eq(palette.count, 4);
    ck_assert_uint_eq(palette.rgb[0], 0xff0000); /* reading order */
    ck_assert_uint_eq(palette.rgb[3], 0x000000);
    ck_assert(!fit_colours_own(&p, 3, &palette));
    picture_free(&p);
}
END_TEST

/* A picture of `colours` flat regions, each a band of rows, with +-noise on every pixel. */
static struct picture noisy_bands(const uint32_t *colours, int count, int noise) {
    struct picture p;
    ck_assert(picture_create(&p, 60, 20 * count));
    uint32_t state = 7;
    for (int y = 0; y < p.height; y++)
        for (int x = 0; x < p.width; x++) {
            uint32_t rgb = colours[y / 20], noisy = 0;
            for (int shift = 16; shift >= 0; shift -= 8) {
                state = state * 1103515245u + 12345u;
                int v = (int)(rgb >> shift & 255) + (int)(state >> 16) % (2 * noise + 1) - noise;
                noisy = noisy << 8 | (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
            picture_set(&p, x, y, noisy, PICTURE_OPAQUE);
        }
    return p;
}

/* libimagequant's palette of at most `wanted` colours for the picture. */
static bool choose(const struct picture *p, int wanted, struct fit_palette_colours *palette) {
    struct fit_colours_histogram *h = fit_colours_histogram(p);
    bool ok = h && fit_colours_choose_from(h, wanted, palette);
    fit_colours_histogram_free(h);
    return ok;
}

START_TEST(palette_from_libimagequant) {
    struct fit_palette_colours palette;
    /* Two noisy colours: asked for 3, they stay 2. */
    const uint32_t two[] = {0xffffff, 0x142870};
    struct picture p = noisy_bands(two, 2, 6);
    ck_assert(choose(&p, 3, &palette));
    ck_assert_int_eq(palette.count, 2);
    picture_free(&p);
    /* Three distinct colours: 3; asked for one: the mean. */
    const uint32_t three[] = {0xff0000, 0x00ff00, 0x0000ff};
    p = noisy_bands(three, 3, 4);
    ck_assert(choose(&p, 3, &palette));
    ck_assert_int_eq(palette.count, 3);
    for (int i = 0; i < 3; i++) {
        bool near = false;
        for (int j = 0; j < 3; j++) {
            long d = 0;
            for (int shift = 0; shift < 24; shift += 8) {
                long diff = (long)(palette.rgb[i] >> shift & 255) - (long)(three[j] >> shift & 255);
                d += diff * diff;
            }
            near = near || d < 12 * 12;
        }
        ck_assert_msg(near, "#%06x is not one of the three", (unsigned)palette.rgb[i]);
    }
    ck_assert(choose(&p, 1, &palette));
    ck_assert_int_eq(palette.count, 1);
    for (int shift = 0; shift < 24; shift += 8) /* 0x555555, give or take the noise */
        ck_assert_int_le(abs((int)(palette.rgb[0] >> shift & 255) - 0x55), 6);
    picture_free(&p);
}
END_TEST

START_TEST(mapping_nearest_and_dithered) {
    /* A grey half way from black to white in Oklab (its L is 0.48), half transparent: the
     * nearest colour is black; dithered, about half of the opaque pixels turn white. */
    struct picture p;
    ck_assert(picture_create(&p, 16, 16));
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            picture_set(&p, x, y, 0x5e5e5e, (x + y) % 2 ? PICTURE_OPAQUE : 0);
    struct colour_problem problem;
    ck_assert(colour_problem_init(&problem, &p, 21, 0));
    struct colour_palette palette = {0};
    colour_palette_add(&palette, 0x000000);
    colour_palette_add(&palette, 0xffffff);
    int64_t *cost = colour_costs_distance(&problem, &palette);
    struct colour_plan plan;
    ck_assert(colour_plan_assign(&problem, &palette, cost, COLOUR_QUICK, &plan));
    for (long i = 0; i < problem.pixels; i++)
        ck_assert_int_eq(plan.label[i], 0);
    ck_assert(fit_dither(&problem, &plan));
    int white = 0;
    for (long i = 0; i < problem.pixels; i++)
        white += plan.label[i] == 1;
    ck_assert_int_eq(problem.pixels, 128);
    ck_assert_int_ge(white, 128 * 2 / 5);
    ck_assert_int_le(white, 128 * 3 / 5);
    colour_plan_free(&plan);
    free(cost);
    colour_problem_free(&problem);
    picture_free(&p);
}
END_TEST

START_TEST(few_colours_stay_crisp) {
    /* A navy and orange picture 41 x 41 scaled down: the area filter blends them along the
     * edge, yet only its own two colours come out. */
    struct picture p;
    ck_assert(picture_create(&p, 41, 41));
    for (int y = 0; y < 41; y++)
        for (int x = 0; x < 41; x++)
            picture_set(&p, x, y, x < 19 ? 0x142870 : 0xf08c14, PICTURE_OPAQUE);
    struct fit_options o = options();
    struct fit_report r;
    struct fit_hints hints;
    o.max_width = 7;
    o.max_height = 7;
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.scaling, FIT_AREA);
    ck_assert_int_eq(r.palette, FIT_COLOURS_SNAPPED);
    ck_assert_int_eq(r.colours, 2);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
            ck_assert(picture_rgb(&p, x, y) == 0x142870 || picture_rgb(&p, x, y) == 0xf08c14);
    picture_free(&p);
}
END_TEST

START_TEST(hints_name_the_option) {
    struct fit_options o = options();
    struct fit_hints hints = fit_hints_unprepared(&limits);
    ck_assert_str_eq(hints.too_large, " (try --fit)");
    ck_assert_str_eq(hints.too_many_colours, " (try --fit --colors 3)");
    ck_assert_str_eq(hints.empty_row, " (try --fit --background white)");
    ck_assert_str_eq(hints.half_opaque, " (try --fit)");
    /* Prepared with --fit and --colors: those can't help any more. */
    struct fit_report r;
    o.colours = 2;
    const char *image[] = {"R.", "GB"};
    struct picture p = make_picture(2, image, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_str_eq(hints.too_large, "");
    ck_assert_str_eq(hints.too_many_colours, "");
    ck_assert_str_eq(hints.half_opaque, "");
    ck_assert_str_eq(hints.picture, "the prepared picture");
    picture_free(&p);
    /* A colour put behind the picture fills any empty row. */
    o.background = FIT_BACKGROUND_COLOUR;
    o.background_colour = 0xffffff;
    p = make_picture(2, image, 1);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_str_eq(hints.empty_row, "");
    picture_free(&p);
}
END_TEST

START_TEST(hints_become_commands) {
    char line[256];
    hint_command("too large (try --fit)", "tetris-convert", "photo.jpg", line, sizeof line);
    ck_assert_str_eq(line, "too large (try tetris-convert --fit photo.jpg)");
    hint_command("too large (try --width 39, or --fit)", "tc", "my pic's.png", line, sizeof line);
    ck_assert_str_eq(line, "too large (try tc --width 39 'my pic'\\''s.png', or tc --fit "
                           "'my pic'\\''s.png')");
    hint_command("gap (try --fit --background white)", "tc", "-", line, sizeof line);
    ck_assert_str_eq(line, "gap (try tc --fit --background white -)");
    hint_command("odd (try --fit)", "tc", "-odd.png", line, sizeof line);
    ck_assert_str_eq(line, "odd (try tc --fit ./-odd.png)");
    hint_command("no hint at all", "tc", "x.png", line, sizeof line);
    ck_assert_str_eq(line, "no hint at all");
    hint_command("(try --fit) said early, then more", "tc", "x.png", line, sizeof line);
    ck_assert_str_eq(line, "(try --fit) said early, then more");
    hint_command("too large (try --fit)", "tetris-convert", "photo.jpg", line, 12);
    ck_assert_str_eq(line, "too large (");
}
END_TEST

/* Rows of alpha values for a picture of one colour (0x2050c0): digits d are alpha 25 * d,
 * '9' opaque. */
static struct picture alpha_picture(int height, const char *const rows[]) {
    struct picture p;
    int width = (int)strlen(rows[0]);
    ck_assert(picture_create(&p, width, height));
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            int d = rows[y][x] - '0';
            picture_set(&p, x, y, 0x2050c0, d == 9 ? PICTURE_OPAQUE : 25 * d);
        }
    return p;
}

START_TEST(transparency_as_image_tools_treat_it) {
    struct fit_options o = options();
    o.background = FIT_BACKGROUND_KEEP;
    struct fit_report r;
    struct fit_hints hints;
    /* Half opaque or more is opaque, in its own colour; the threshold is an option. */
    const char *rows[] = {"0690", "0460"};
    struct picture p = alpha_picture(2, rows);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(p.width, 2);
    ck_assert_int_eq(p.height, 2);
    ck_assert(picture_opaque(&p, 0, 0) && picture_opaque(&p, 1, 0) && picture_opaque(&p, 1, 1));
    ck_assert(!picture_opaque(&p, 0, 1)); /* alpha 100 */
    ck_assert_uint_eq(picture_rgb(&p, 0, 0), 0x2050c0);
    picture_free(&p);
    o.alpha_threshold = 200;
    p = alpha_picture(2, rows);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(p.width, 1); /* only the opaque pixel is left */
    picture_free(&p);
    /* A colour behind: a pixel kept takes its colour over it, the others become it, and it
     * is removed where it touches the border. */
    o.alpha_threshold = 0;
    o.background = FIT_BACKGROUND_COLOUR;
    o.background_colour = 0xffffff;
    const char *solid[] = {"999", "959", "999"}; /* alpha 125 inside: below half */
    p = alpha_picture(3, solid);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(p.width, 3);
    ck_assert_uint_eq(picture_rgb(&p, 1, 1), 0xffffff); /* inside: not removed */
    picture_free(&p);
    const char *kept[] = {"000", "070", "000"}; /* alpha 175: kept */
    p = alpha_picture(3, kept);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(p.width, 1);
    /* 0x2050c0 at 175 / 255 over white, in sRGB: (0x20 * 175 + 0xff * 80 + 127) / 255 ... */
    ck_assert_uint_eq(picture_rgb(&p, 0, 0), 0x6687d4);
    ck_assert_int_eq(r.background, FIT_BACKGROUND_REMOVED);
    picture_free(&p);
}
END_TEST

START_TEST(pixel_art_in_its_own_box) {
    /* 8x8 art enlarged 4 times, with its own box of 17 x 32 and a box of 33 x 64 for the
     * rest: reduced by 2, the smallest factor that fits its box, although it fits the
     * larger box as it is. */
    struct fit_options o = options();
    o.max_width = 33, o.max_height = 64, o.art_width = 17, o.art_height = 32;
    o.background = FIT_BACKGROUND_KEEP;
    const char *art[] = {"RGBRGBRG", "GBRGBRGB", "BRGBRGBR", "RGBRGBRG",
                         "GBRGBRGB", "BRGBRGBR", "RGBRGBRG", "GBRGBRGB"};
    struct picture p = make_picture(8, art, 4);
    struct fit_report r;
    struct fit_hints hints;
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.scaling, FIT_BLOCKS);
    ck_assert_int_eq(r.block, 2);
    ck_assert_int_eq(p.width, 16);
    picture_free(&p);
    /* 40 x 40: by 5 it is 8 x 8, which fits 17 x 32. */
    p = make_picture(8, art, 5);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.block, 5);
    picture_free(&p);
    /* Art too large for its box at any factor goes to the other box, still exactly. */
    o.art_width = 4, o.art_height = 4; /* by 5: 8 x 8, too large for 4 x 4 */
    p = make_picture(8, art, 5);
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.scaling, FIT_BLOCKS); /* 40 x 40 is larger than 33 x 64 */
    ck_assert_int_eq(r.block, 5);
    picture_is(&p, 8, art);
    picture_free(&p);
    p = make_picture(8, art, 4); /* 32 x 32 fits 33 x 64: left as it is */
    ck_assert(fit_picture(&p, &o, &limits, &r, &hints));
    ck_assert_int_eq(r.scaling, FIT_NOT_SCALED);
    picture_free(&p);
}
END_TEST

START_TEST(summary_line) {
    struct fit_report r = {.image_width = 640,
                           .image_height = 480,
                           .width = 17,
                           .height = 13,
                           .scaling = FIT_AREA,
                           .block = 1,
                           .palette = FIT_COLOURS_REDUCED,
                           .colours = 3,
                           .mean_error = 4.14,
                           .background = FIT_BACKGROUND_REMOVED,
                           .background_colour = 0xffffff};
    char line[256];
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(
        line, "640x480 -> 17x13 (area), 3 colours (mean error 4.1), background #ffffff removed");
    r = (struct fit_report){.image_width = 64,
                            .image_height = 64,
                            .width = 16,
                            .height = 16,
                            .scaling = FIT_BLOCKS,
                            .block = 4,
                            .palette = FIT_COLOURS_KEPT,
                            .colours = 1,
                            .background = FIT_BACKGROUND_TRANSPARENT};
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(line,
                     "64x64 -> 16x16 (4x4 blocks), 1 colour, background transparent in the image");
    r.scaling = FIT_BLOCKS_THEN_AREA;
    r.palette = FIT_COLOURS_SNAPPED;
    r.dithered = true;
    r.mean_error = 12;
    r.background = FIT_BACKGROUND_NOT_FOUND;
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(line, "64x64 -> 16x16 (4x4 blocks, then area), 1 colour (its own, dithered, "
                           "mean error 12.0), no background found");
    /* Pixels the rules changed: counted, a kept picture's error shown. */
    r.repaired = 12;
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(line, "64x64 -> 16x16 (4x4 blocks, then area), 1 colour (its own, dithered, "
                           "mean error 12.0), 12 pixels repaired, no background found");
    r = (struct fit_report){.image_width = 14,
                            .image_height = 4,
                            .width = 14,
                            .height = 4,
                            .palette = FIT_COLOURS_KEPT,
                            .colours = 7,
                            .mean_error = 1.14,
                            .repaired = 1,
                            .background = FIT_BACKGROUND_TRANSPARENT};
    fit_summary(&r, line, sizeof line);
    ck_assert_str_eq(line, "14x4 -> 14x4 (not scaled), 7 colours (its own, mean error 1.1), 1 "
                           "pixel repaired, background transparent in the image");
}
END_TEST

static Suite *fit_suite(void) {
    Suite *s = suite_create("fit");
    TCase *t = tcase_create("fit");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, height_goes_with_width);
    tcase_add_test(t, pixel_art_reduced_exactly);
    tcase_add_test(t, blocks_still_too_large_then_area);
    tcase_add_test(t, area_keeps_aspect_and_half_coverage);
    tcase_add_test(t, area_never_opens_an_empty_row);
    tcase_add_test(t, background_found_on_the_border_only);
    tcase_add_test(t, background_auto_in_opaque_images_only);
    tcase_add_test(t, background_exact_on_a_flat_border);
    tcase_add_test(t, background_kept_where_removing_it_empties_a_row);
    tcase_add_test(t, own_colours_counted);
    tcase_add_test(t, palette_from_libimagequant);
    tcase_add_test(t, mapping_nearest_and_dithered);
    tcase_add_test(t, few_colours_stay_crisp);
    tcase_add_test(t, hints_name_the_option);
    tcase_add_test(t, hints_become_commands);
    tcase_add_test(t, transparency_as_image_tools_treat_it);
    tcase_add_test(t, pixel_art_in_its_own_box);
    tcase_add_test(t, summary_line);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(fit_suite)
