/* The parity arithmetic (parity.h): 4 * pieces = W * rows + cells. */
#include "parity.h"
#include "unit.h"

START_TEST(pieces_are_whole_or_none) {
    ck_assert_int_eq(parity_pieces(21, 3, 1), 16);
    ck_assert_int_eq(parity_pieces(21, 3, 2), -1);
    ck_assert_int_eq(parity_pieces(21, 0, 0), -1); /* a pass clears a row at least */
    ck_assert(parity_whole(25, 1, 3));
    ck_assert(!parity_whole(25, 1, 2));
}
END_TEST

/* The smallest height for n cells: W * h + n divisible by 4, then every 4th height. */
START_TEST(first_heights) {
    ck_assert_int_eq(parity_first_height(21, 4), 4);
    ck_assert_int_eq(parity_first_height(21, 1), 3);
    ck_assert_int_eq(parity_first_height(21, 3), 1);
    ck_assert_int_eq(parity_first_height(21, 2), 2);
    ck_assert_int_eq(parity_first_height(25, 3), 1);
    ck_assert_int_eq(parity_first_height(25, 1), 3);
    ck_assert_int_eq(parity_first_height(25, 2), 2);
    for (int width = 11; width <= 71; width += 2)
        for (int cells = 0; cells < 8; cells++) {
            int h = parity_first_height(width, cells);
            ck_assert(h >= 1 && h <= 4 && parity_whole(width, h, cells));
            ck_assert(parity_whole(width, h + 4, cells) && !parity_whole(width, h + 1, cells));
        }
}
END_TEST

START_TEST(least_pieces) {
    ck_assert_int_eq(parity_least_pieces(21, 0), 0);
    ck_assert_int_eq(parity_least_pieces(21, 17), 20); /* (21 * 3 + 17) / 4 */
    ck_assert_int_eq(parity_least_pieces(21, 1), 16);
}
END_TEST

/* Band by band: the best split of the rows into bands, each its fewest pieces. */
START_TEST(band_bounds) {
    const int rows[] = {1, 2, 3, 4};
    /* one row at a time: 16 + 11 + 6 + 22 */
    ck_assert_int_eq(parity_band_bound(21, rows, NULL, 4, 1), 55);
    /* the lowest two rows together, 3 pixels: (21 + 3) / 4; then 3 + 4 pixels: (21 + 7) / 4 */
    ck_assert_int_eq(parity_band_bound(21, rows, NULL, 4, 2), 6 + 7);
    /* 1 + 2 + 3 + 4 = 10 pixels take (42 + 10) / 4 = 13 in one band; 6 + 7 as well */
    ck_assert_int_eq(parity_band_bound(21, rows, NULL, 4, 4), 13);
    ck_assert_int_eq(parity_band_bound(21, rows, NULL, 0, 3), 0);
    /* a row that can't join the row above tops its band: rows 0-1 and 2-3 still pair */
    const bool pairs[] = {true, false, true, false};
    ck_assert_int_eq(parity_band_bound(21, rows, pairs, 4, 4), 6 + 7);
    /* the lowest rows alone, 16 + 11, then rows 2-3 as one band of 7 pixels */
    const bool upper_pair[] = {false, false, true, false};
    ck_assert_int_eq(parity_band_bound(21, rows, upper_pair, 4, 3), 16 + 11 + 7);
    /* rows with no pixels cost nothing, whatever the bands */
    const int empty[] = {0, 0, 5, 0};
    ck_assert_int_eq(parity_band_bound(21, empty, NULL, 4, 3), parity_least_pieces(21, 5));
    /* never more than row by row, at every width */
    const int noise[] = {7, 1, 0, 12, 3, 3, 9, 2, 1, 1, 30, 4};
    for (int width = 11; width <= 71; width += 2)
        for (int band = 2; band <= PARITY_MAX_BAND_ROWS + 2; band++)
            ck_assert(parity_band_bound(width, noise, NULL, 12, band) <=
                      parity_band_bound(width, noise, NULL, 12, band - 1));
}
END_TEST

static Suite *parity_suite(void) {
    Suite *s = suite_create("parity");
    TCase *t = tcase_create("parity");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, pieces_are_whole_or_none);
    tcase_add_test(t, first_heights);
    tcase_add_test(t, least_pieces);
    tcase_add_test(t, band_bounds);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(parity_suite)
