/* The colour reduction of --colors (src/convert/picture/fit_reduce.c): on seeded random
 * pictures every sprite it prepares is one the converter's check accepts, its plan's piece
 * types among them, and the converter keeps them; more colours never come out further from
 * the picture, and a sprite of its own colours that can't be printed is repaired with as
 * few changes as can be. */
#include "colour_assignment.h"
#include "converter.h"
#include "fit.h"
#include "oklab.h"
#include "pattern_library.h"
#include "rng.h"
#include "sprite.h"
#include "sprite_limits.h"
#include "unit.h"

#include <math.h>
#include <string.h>

static const struct sprite_limits limits = {SPRITE_MAX_WIDTH, SPRITE_MAX_HEIGHT, 7};

static struct fit_options options(int colours, bool dither) {
    return (struct fit_options){.enabled = true,
                                .scale = true,
                                .max_width = 17,
                                .max_height = 32,
                                .colours = colours,
                                .dither = dither,
                                .background = FIT_BACKGROUND_KEEP};
}

static uint32_t random_colour(uint64_t *state) {
    return (uint32_t)rng_below(state, 1u << 24);
}

/* Coverage of a pixel by a disc, its edge a pixel soft (anti-aliased). */
static double disc_coverage(double x, double y, double cx, double cy, double r) {
    double d = sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) - r;
    return d < -0.5 ? 1 : d > 0.5 ? 0 : 0.5 - d;
}

static uint32_t blend(uint32_t a, uint32_t b, double t) {
    uint32_t out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double v = (double)(a >> shift & 255) * (1 - t) + (double)(b >> shift & 255) * t;
        out = out << 8 | (uint32_t)lround(v);
    }
    return out;
}

/* A random picture, no row of it fully transparent: pixel art of a few colours with lone
 * pixels and holes, an anti-aliased drawing of discs, or noise; sometimes larger than the
 * box, to be scaled. */
static struct picture random_picture(uint64_t *state) {
    int kind = (int)rng_below(state, 3);
    int width = 2 + (int)rng_below(state, 16), height = 1 + (int)rng_below(state, 20);
    if (rng_below(state, 5) == 0)
        width *= 3, height *= 2; /* --fit scales it */
    struct picture p;
    ck_assert(picture_create(&p, width, height));
    uint32_t palette[9];
    int colours = 2 + (int)rng_below(state, 8);
    for (int k = 0; k < colours; k++)
        palette[k] = random_colour(state);
    double cx[3], cy[3], r[3];
    for (int d = 0; d < 3; d++) {
        cx[d] = (double)rng_below(state, (uint32_t)width);
        cy[d] = (double)rng_below(state, (uint32_t)height);
        r[d] = 1 + (double)rng_below(state, 8);
    }
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            uint32_t rgb = palette[0];
            if (kind == 0)
                rgb = palette[rng_below(state, (uint32_t)colours)];
            else if (kind == 1)
                for (int d = 0; d < 3; d++)
                    rgb = blend(rgb, palette[1 + d],
                                disc_coverage(x + 0.5, y + 0.5, cx[d], cy[d], r[d]));
            else
                rgb = random_colour(state);
            bool hole = x > 0 && kind == 0 && rng_below(state, 6) == 0;
            picture_set(&p, x, y, rgb, hole ? 0 : PICTURE_OPAQUE);
        }
    return p;
}

/* The picture prepared with --colors `colours`: the sprite and the report. */
static void prepare(const struct picture *picture, int colours, bool dither, struct sprite *out,
                    struct fit_report *report) {
    struct picture p;
    ck_assert(picture_create(&p, picture->width, picture->height));
    memcpy(p.rgba, picture->rgba, (size_t)p.width * (size_t)p.height * 4);
    struct fit_options o = options(colours, dither);
    char message[256];
    enum sprite_status status = sprite_make(&p, &limits, &o, out, report, message, sizeof message);
    ck_assert_msg(status == SPRITE_OK, "%s", message);
}

START_TEST(every_sprite_passes_the_converters_check) {
    static struct sprite sprite;
    uint64_t state = 2024;
    int reduced = 0, repaired = 0;
    for (int trial = 0; trial < 300; trial++) {
        struct picture picture = random_picture(&state);
        int colours = 1 + (int)rng_below(&state, 7);
        bool dither = rng_below(&state, 4) == 0;
        struct fit_report report;
        prepare(&picture, colours, dither, &sprite, &report);
        ck_assert_int_le(sprite.colour_count, colours);
        int width = sprite_field_width(sprite.width, sprite.height, 0);
        char message[512];
        if (!colour_assignment_exists(&sprite, width, message, sizeof message))
            ck_abort_msg("picture %d, --colors %d%s: %s", trial, colours, dither ? " --dither" : "",
                         message);
        /* On the field it was made for, the plan's own types (the first it hands on) print
         * every pixel: the converter always has one of the plan's to choose
         * (colour_assignment.h). */
        ck_assert(sprite.planned_ties > 0 || report.palette == FIT_COLOURS_KEPT);
        if (sprite.planned_ties > 0) {
            enum piece_type printer[MAX_COLOURS + 1];
            struct unprintable_pixel why;
            for (int k = 1; k <= sprite.colour_count; k++)
                printer[k] = sprite.planned_type[0][k - 1];
            ck_assert_msg(colour_assignment_holds(&sprite, width, printer, &why),
                          "picture %d: the plan's types don't print pixel %d,%d", trial, why.x,
                          why.y);
        }
        reduced += report.palette == FIT_COLOURS_REDUCED;
        repaired += report.repaired > 0;
        picture_free(&picture);
    }
    ck_assert_int_gt(reduced, 100); /* most are reduced, */
    ck_assert_int_gt(repaired, 10); /* and the rules change some */
}
END_TEST

struct choice {
    const struct sprite *sprite;
    int width;
    struct colour_assignment assignment;
};

static void choose(void *context, struct search_team *team) {
    struct choice *c = context;
    char message[512];
    struct assignment_ranking ranking;
    ck_assert_int_eq(colour_assignment_rank(team, c->sprite, c->width, COLOUR_ORDER_FEWEST, 2013,
                                            PLANNER_DEFAULT_LIMITS, &ranking, message,
                                            sizeof message),
                     ASSIGNMENT_OK);
    c->assignment = ranking.by_rank[0];
}

/* The plan's assignment (of those it handed on, as cheap as its own) that `a` is, -1 for
 * none: the same type for each colour it gave I, O, S or Z, J, T or L for the others. */
static int plans_assignment(const struct sprite *sprite, const struct colour_assignment *a) {
    for (int t = 0; t < sprite->planned_ties; t++) {
        bool same = true;
        for (int k = 1; k <= sprite->colour_count; k++) {
            enum piece_type planned = sprite->planned_type[t][k - 1],
                            given = colour_piece(a->script_colour[k]);
            same = same && (piece_is_hanging(planned) ? piece_is_hanging(given) : given == planned);
        }
        if (same)
            return t;
    }
    return -1;
}

/* The plan's choice is handed on: the converter chooses among the assignments --fit's plan
 * found cheapest (where it alone chooses one of them too, unless the plan missed a cheaper
 * one), only among those the sprite carries, also when they leave out the one it alone
 * would choose, and the script's colour line shows the one chosen. */
START_TEST(the_converter_keeps_the_plans_types) {
    static struct sprite sprite, alone, narrowed;
    uint64_t state = 34;
    int later = 0, differ = 0, converted = 0;
    for (int trial = 0; trial < 40; trial++) {
        struct picture picture = random_picture(&state);
        struct fit_report report;
        prepare(&picture, 7, false, &sprite, &report);
        picture_free(&picture);
        if (!sprite.planned_ties || sprite.colour_count <= HANGING_COLOURS)
            continue;
        struct choice planned = {.sprite = &sprite,
                                 .width = sprite_field_width(sprite.width, sprite.height, 0)};
        ck_assert(search_team_run(choose, &planned));
        int chosen = plans_assignment(&sprite, &planned.assignment);
        ck_assert_msg(chosen >= 0, "picture %d", trial);
        later += chosen > 0;
        alone = sprite;
        alone.planned_ties = 0;
        struct choice unplanned = {.sprite = &alone, .width = planned.width};
        ck_assert(search_team_run(choose, &unplanned));
        int own = plans_assignment(&sprite, &unplanned.assignment);
        if (own < 0)
            continue;
        /* The plan's assignments but the one the converter alone chooses. */
        narrowed = sprite;
        narrowed.planned_ties = 0;
        for (int t = 0; t < sprite.planned_ties; t++)
            if (t != own)
                memcpy(narrowed.planned_type[narrowed.planned_ties++], sprite.planned_type[t],
                       sizeof sprite.planned_type[t]);
        struct choice handed = {.sprite = &narrowed, .width = planned.width};
        ck_assert(narrowed.planned_ties == 0 || search_team_run(choose, &handed));
        chosen = plans_assignment(&narrowed, &handed.assignment);
        if (narrowed.planned_ties == 0 || chosen < 0)
            continue; /* none of the others prints every pixel: chosen as for any sprite */
        differ++;
        if (converted || planned.width != FIELD_DEFAULT_WIDTH)
            continue;
        /* End to end: the script's colours are the chosen one of the plan's. */
        struct pattern_library lib;
        char message[512];
        ck_assert_int_eq(pattern_library_load_builtin(&lib, message, sizeof message), LIBRARY_OK);
        struct convert_settings settings = {.width = FIELD_DEFAULT_WIDTH,
                                            .height = FIELD_DEFAULT_HEIGHT,
                                            .method = METHOD_REALTIME,
                                            .colour_order = COLOUR_ORDER_FEWEST,
                                            .seed = 2013,
                                            .limits = PLANNER_DEFAULT_LIMITS};
        struct conversion c;
        ck_assert_int_eq(convert_sprite(&narrowed, &lib, &settings, &c, message, sizeof message),
                         CONVERT_OK);
        for (int k = 1; k <= sprite.colour_count; k++) {
            enum piece_type planned_type = narrowed.planned_type[chosen][k - 1];
            for (int s = 1; s <= MAX_COLOURS && !piece_is_hanging(planned_type); s++)
                if (colour_piece(s) == planned_type)
                    ck_assert_uint_eq(c.colours[s - 1], sprite.colours[k - 1]);
        }
        conversion_free(&c);
        pattern_library_free(&lib);
        converted++;
    }
    ck_assert_int_gt(later, 0);  /* the estimate, not the plan, breaks the plan's ties */
    ck_assert_int_gt(differ, 0); /* the hand-on bounds the choice */
    ck_assert_int_eq(converted, 1);
}
END_TEST

START_TEST(more_colours_never_further) {
    static struct sprite sprite;
    uint64_t state = 77;
    int closer = 0;
    for (int trial = 0; trial < 30; trial++) {
        struct picture picture = random_picture(&state);
        double before = INFINITY;
        for (int colours = 1; colours <= 7; colours++) {
            struct fit_report report;
            prepare(&picture, colours, false, &sprite, &report);
            ck_assert_msg(report.mean_error <= before,
                          "picture %d: %d colours %.4f, %d colours %.4f", trial, colours - 1,
                          before, colours, report.mean_error);
            closer += colours > 1 && report.mean_error < before;
            before = report.mean_error;
        }
        picture_free(&picture);
    }
    ck_assert_int_gt(closer, 60); /* and mostly closer */
}
END_TEST

/* Pixel art from rows of letters A to G (seven colours), '.' transparent. */
static struct picture art(int height, const char *const rows[]) {
    static const uint32_t colours[] = {0xc83c3c, 0x3cb44b, 0x4363d8, 0xffe119,
                                       0x42d4f4, 0xf032e6, 0x000000};
    struct picture p;
    int width = (int)strlen(rows[0]);
    ck_assert(picture_create(&p, width, height));
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            if (rows[y][x] != '.')
                picture_set(&p, x, y, colours[rows[y][x] - 'A'], PICTURE_OPAQUE);
    return p;
}

/* Prepares the art with --colors 7 and returns the pixels changed. */
static int repaired_pixels(int height, const char *const rows[], struct fit_report *report) {
    static struct sprite sprite;
    struct picture p = art(height, rows);
    prepare(&p, 7, false, &sprite, report);
    int changed = 0;
    for (int y = 0; y < p.height; y++)
        for (int x = 0; x < p.width; x++)
            if (picture_opaque(&p, x, y))
                changed += sprite.colours[sprite.pixels[y][x] - 1] != picture_rgb(&p, x, y);
    char message[512];
    ck_assert(colour_assignment_exists(&sprite, sprite_field_width(sprite.width, height, 0),
                                       message, sizeof message));
    ck_assert_int_eq(report->repaired, changed);
    picture_free(&p);
    return changed;
}

START_TEST(repairs_change_as_few_pixels_as_can_be) {
    struct fit_report report;
    /* Seven colours, one of them must be O's, and each has a run of 1: one pixel changed
     * (B next to A, say) leaves a colour in pairs. */
    const char *one[] = {"AABBCCDDEEFFGG", ".ABCDEFG......"};
    ck_assert_int_eq(repaired_pixels(2, one, &report), 1);
    ck_assert_int_eq(report.palette, FIT_COLOURS_KEPT);
    /* Each colour alone in two rows: a change in each. */
    const char *two[] = {"AABBCCDDEEFFGG", ".ABCDEFG......", ".GFEDCBA......"};
    ck_assert_int_eq(repaired_pixels(3, two, &report), 2);
    /* Printable as it is: nothing changes. */
    const char *none[] = {"AABBCCDDEEFFGG", ".AABBCCDEEFFG."};
    ck_assert_int_eq(repaired_pixels(2, none, &report), 0);
    ck_assert_int_eq(report.repaired, 0);
    ck_assert_int_eq(report.mean_error, 0);
}
END_TEST

START_TEST(oklab_distances) {
    /* Black to white is 1; sRGB round-trips through Oklab. */
    ck_assert(fabs(oklab_distance(oklab_from_rgb(0x000000), oklab_from_rgb(0xffffff)) - 1) < 1e-6);
    for (uint32_t rgb = 0; rgb < 1u << 24; rgb += 0x010307 * 97)
        ck_assert_uint_eq(oklab_to_rgb(oklab_from_rgb(rgb)), rgb);
}
END_TEST

static Suite *fit_reduce_suite(void) {
    Suite *s = suite_create("fit_reduce");
    TCase *t = tcase_create("colours");
    tcase_set_timeout(t, 300);
    tcase_add_test(t, oklab_distances);
    tcase_add_test(t, every_sprite_passes_the_converters_check);
    tcase_add_test(t, more_colours_never_further);
    tcase_add_test(t, the_converter_keeps_the_plans_types);
    tcase_add_test(t, repairs_change_as_few_pixels_as_can_be);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(fit_reduce_suite)
