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

static Suite *parity_suite(void) {
    Suite *s = suite_create("parity");
    TCase *t = tcase_create("parity");
    tcase_add_test(t, pieces_are_whole_or_none);
    tcase_add_test(t, first_heights);
    tcase_add_test(t, least_pieces);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(parity_suite)
