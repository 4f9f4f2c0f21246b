/* tetris-print's palette, built directly: script colours 1..7 go to J T L I O S Z, the
 * background and the helper greys stand apart from every script colour, --helpers and
 * --background are taken as given, borders are the fill at 60%. */
#include "palette.h"
#include "rng.h"
#include "unit.h"

static struct palette make(int count, const uint32_t colours[]) {
    struct palette p;
    struct palette_spec spec = {.colour_count = count, .colours = colours};
    palette_init(&p, &spec);
    return p;
}

START_TEST(seven_colours_go_to_j_t_l_i_o_s_z) {
    const uint32_t colours[7] = {0x010101, 0x020202, 0x030303, 0x040404,
                                 0x050505, 0x060606, 0x070707};
    for (int count = 1; count <= 7; count++) {
        struct palette p = make(count, colours);
        static const enum piece_type order[7] = {PIECE_J, PIECE_T, PIECE_L, PIECE_I,
                                                 PIECE_O, PIECE_S, PIECE_Z};
        for (int i = 0; i < count; i++)
            ck_assert_uint_eq(palette_rgb(&p, PALETTE_PICTURE + order[i]), colours[i]);
        /* the types without a colour keep the classic ones */
        if (count < 7)
            ck_assert_uint_ne(palette_rgb(&p, PALETTE_PICTURE + order[6]), 0x070707);
    }
    struct palette p = make(3, colours);
    ck_assert_uint_eq(palette_rgb(&p, PALETTE_PICTURE + PIECE_Z), 0xe03030);
}
END_TEST

START_TEST(borders_are_darker) {
    const uint32_t colours[1] = {0x64c8fa};
    struct palette p = make(1, colours);
    ck_assert_uint_eq(palette_rgb(&p, PALETTE_PICTURE + PIECE_J + PALETTE_BORDER_OFFSET), 0x3c7896);
    for (int look = 1; look < PALETTE_LOOKS; look++)
        ck_assert_int_eq(p.rgba[look][3], 255);
    ck_assert_int_lt(PALETTE_KEY, PALETTE_SIZE);
    ck_assert_int_eq(PALETTE_SIZE, 32); /* 5-bit GIF codes */
}
END_TEST

/* Colours close to one another: Z e03030 against c83030, O f0e040 against ffd83a, S 40c040
 * against 4cdc48; and black pixels on a black background. */
START_TEST(helpers_and_background_stand_apart) {
    const uint32_t sets[][3] = {
        {0xc83030, 0xf0f0f0, 0xffd83a}, {0x4cdc48, 0xfc7460, 0xfcfcfc},
        {0x000000, 0xffffff, 0xff0000}, {0x808080, 0x6e7480, 0x9ca2ae},
        {0x12141c, 0x2a3040, 0xe4e6ec},
    };
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        struct palette p = make(3, sets[s]);
        uint32_t background = palette_rgb(&p, PALETTE_BACKGROUND);
        for (int i = 0; i < 3; i++) {
            ck_assert_msg(palette_colour_distance(background, sets[s][i]) >= 20,
                          "set %zu: background %06x near %06x", s, background, sets[s][i]);
            for (int t = 0; t < PIECE_TYPES; t++) {
                uint32_t helper = palette_rgb(&p, PALETTE_HELPER + t);
                ck_assert_msg(palette_colour_distance(helper, sets[s][i]) >= 12,
                              "set %zu: helper %06x near %06x", s, helper, sets[s][i]);
            }
        }
        uint32_t well = palette_rgb(&p, PALETTE_WELL);
        ck_assert_msg(palette_colour_distance(well, background) >= 12, "set %zu: well", s);
    }
}
END_TEST

/* Seeded random colour sets: the choices keep their distances whenever some candidate can. */
START_TEST(random_colour_sets) {
    uint64_t rng = 12;
    int far_backgrounds = 0;
    for (int n = 0; n < 500; n++) {
        uint32_t colours[3];
        for (int i = 0; i < 3; i++)
            colours[i] = (uint32_t)(rng_next(&rng) >> 40);
        struct palette p = make(3, colours);
        uint32_t background = palette_rgb(&p, PALETTE_BACKGROUND);
        double nearest = 1e9;
        for (int i = 0; i < 3; i++) {
            double d = palette_colour_distance(background, colours[i]);
            nearest = d < nearest ? d : nearest;
        }
        far_backgrounds += nearest >= 30;
        ck_assert_msg(nearest >= 15, "background %06x", background);
    }
    ck_assert_int_ge(far_backgrounds, 495);
}
END_TEST

START_TEST(given_background_and_helpers) {
    const uint32_t colours[3] = {0x000000, 0xffffff, 0xff0000};
    const uint32_t one[1] = {0x123456};
    const uint32_t seven[7] = {1, 2, 3, 4, 5, 6, 7};
    struct palette p;
    struct palette_spec spec = {.colour_count = 3,
                                .colours = colours,
                                .has_background = true,
                                .background = 0x000000,
                                .helper_count = 1,
                                .helpers = one};
    palette_init(&p, &spec);
    ck_assert_uint_eq(palette_rgb(&p, PALETTE_BACKGROUND), 0x000000);
    for (int t = 0; t < PIECE_TYPES; t++)
        ck_assert_uint_eq(palette_rgb(&p, PALETTE_HELPER + t), 0x123456);
    spec.helper_count = 7;
    spec.helpers = seven;
    spec.transparent = true;
    palette_init(&p, &spec);
    ck_assert_uint_eq(palette_rgb(&p, PALETTE_HELPER + PIECE_J), 1);
    ck_assert_uint_eq(palette_rgb(&p, PALETTE_HELPER + PIECE_Z), 7);
    ck_assert_int_eq(p.rgba[PALETTE_BACKGROUND][3], 0);
}
END_TEST

START_TEST(distance_is_perceptual) {
    ck_assert(palette_colour_distance(0x000000, 0x000000) == 0);
    ck_assert(palette_colour_distance(0x000000, 0xffffff) > 99 &&
              palette_colour_distance(0x000000, 0xffffff) < 101);
    /* the red pair e03030, c83030 is close; a red and a grey are not */
    ck_assert(palette_colour_distance(0xe03030, 0xc83030) < 12);
    ck_assert(palette_colour_distance(0xe03030, 0x6e7480) > 40);
}
END_TEST

static Suite *palette_suite(void) {
    Suite *s = suite_create("palette");
    TCase *t = tcase_create("palette");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, seven_colours_go_to_j_t_l_i_o_s_z);
    tcase_add_test(t, borders_are_darker);
    tcase_add_test(t, helpers_and_background_stand_apart);
    tcase_add_test(t, random_colour_sets);
    tcase_add_test(t, given_background_and_helpers);
    tcase_add_test(t, distance_is_perceptual);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(palette_suite)
