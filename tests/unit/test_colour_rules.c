/* The colour rules (src/convert/colours/colour_rules.c): each run's rule, the check of a row, and
 * the cheapest printable colouring, compared with the check on every short row and with every
 * colouring of random small ones. */
#include "colour_rules.h"
#include "rng.h"
#include "unit.h"

#include <string.h>

#define WIDTH 9 /* a small field: its edges are in reach */

/* The types a row's pixels can be: one standing alone, and the four with rules. */
static const enum piece_type TYPES[] = {PIECE_J, PIECE_I, PIECE_O, PIECE_S, PIECE_Z};
#define TYPE_COUNT 5

START_TEST(runs_follow_the_pieces) {
    ck_assert_int_eq(colour_rules_run(PIECE_J, 5, 1, 21), RULE_ALONE);
    ck_assert_int_eq(colour_rules_run(PIECE_O, 5, 2, 21), RULE_ALONE);
    ck_assert_int_eq(colour_rules_run(PIECE_O, 5, 3, 21), RULE_NEVER);
    ck_assert_int_eq(colour_rules_run(PIECE_S, 5, 1, 21), RULE_LEFT);
    ck_assert_int_eq(colour_rules_run(PIECE_S, 2, 1, 21), RULE_ALONE); /* on the left edge */
    ck_assert_int_eq(colour_rules_run(PIECE_S, 5, 2, 21), RULE_ALONE);
    ck_assert_int_eq(colour_rules_run(PIECE_Z, 5, 1, 21), RULE_RIGHT);
    ck_assert_int_eq(colour_rules_run(PIECE_Z, 18, 1, 21), RULE_ALONE); /* the right edge */
    ck_assert_int_eq(colour_rules_run(PIECE_I, 5, 3, 21), RULE_BOTH_SIDES);
    ck_assert_int_eq(colour_rules_run(PIECE_I, 5, 8, 21), RULE_ALONE);
    ck_assert_int_eq(colour_rules_run(PIECE_I, 5, 6, 21), RULE_ONE_SIDE);
    /* A lone Z, a J, a lone S: each waits for the other. */
    int8_t row[WIDTH];
    memset(row, -1, sizeof row);
    row[3] = PIECE_Z, row[4] = PIECE_J, row[5] = PIECE_S;
    int run;
    ck_assert_int_eq(colour_rules_first_unprintable(WIDTH, row, NULL, &run), 3);
    ck_assert_int_eq(run, 1);
    row[7] = PIECE_J; /* something right of the J: the Z leans on it, the S on the Z */
    ck_assert(colour_rules_row_holds(WIDTH, row, NULL));
    char reason[192];
    colour_rules_reason(PIECE_O, 3, reason, sizeof reason);
    ck_assert_str_eq(reason, "O pieces print horizontal pairs, and it is in a run of 3");
}
END_TEST

/* Row `row` (types, -1 for none) `width` wide: the cheapest colouring where each pixel may
 * keep its type at no cost and change it at a cost of 1 costs 0 exactly when the check
 * accepts the row, and what it returns is printable and costs what it says. Returns whether
 * the row is printable. */
static bool agrees(int width, const int8_t row[]) {
    static struct colour_rules_workspace work;
    int8_t colour[COLOUR_RULES_MAX_WIDTH];
    bool pixel[COLOUR_RULES_MAX_WIDTH] = {false};
    int64_t cost[COLOUR_RULES_MAX_WIDTH * TYPE_COUNT];
    for (int c = 0; c < width; c++) {
        pixel[c] = row[c] >= 0;
        for (int k = 0; k < TYPE_COUNT; k++)
            cost[c * TYPE_COUNT + k] = row[c] != (int8_t)TYPES[k];
    }
    bool holds = colour_rules_row_holds(width, row, NULL);
    int64_t best = colour_rules_cheapest_row(width, pixel, TYPE_COUNT, TYPES, cost, colour, &work);
    if ((best == 0) != holds) {
        char text[COLOUR_RULES_MAX_WIDTH + 1];
        for (int c = 0; c < width; c++)
            text[c] = row[c] < 0 ? '.' : piece_type_letter((enum piece_type)row[c]);
        text[width] = '\0';
        ck_abort_msg("row %s: the check says %d, the cheapest colouring costs %lld", text, holds,
                     (long long)best);
    }
    int8_t types[COLOUR_RULES_MAX_WIDTH];
    int64_t total = 0;
    for (int c = 0; c < width; c++) {
        ck_assert_int_eq(colour[c] >= 0, pixel[c]);
        types[c] = pixel[c] ? (int8_t)TYPES[colour[c]] : -1;
        total += pixel[c] ? cost[c * TYPE_COUNT + colour[c]] : 0;
    }
    ck_assert(colour_rules_row_holds(width, types, NULL));
    ck_assert_int_eq(total, best);
    return holds;
}

/* Every row of 6 columns (1 to 6 of a field 8 wide: both edges in reach). */
START_TEST(cheapest_agrees_with_the_check_on_every_short_row) {
    enum { FIELD = 8, COLUMNS = 6 };
    int combinations = 1;
    for (int i = 0; i < COLUMNS; i++)
        combinations *= TYPE_COUNT + 1;
    long printable = 0;
    for (int combination = 0; combination < combinations; combination++) {
        int8_t row[FIELD];
        memset(row, -1, sizeof row);
        for (int i = 0, rest = combination; i < COLUMNS; i++, rest /= TYPE_COUNT + 1)
            if (rest % (TYPE_COUNT + 1))
                row[1 + i] = (int8_t)TYPES[rest % (TYPE_COUNT + 1) - 1];
        printable += agrees(FIELD, row);
    }
    ck_assert_int_gt(printable, combinations / 10); /* the test sees both kinds */
    ck_assert_int_lt(printable, combinations - combinations / 10);
}
END_TEST

/* Longer rows, at random: long I runs, lone pixels leaning on others far away. */
START_TEST(cheapest_agrees_with_the_check_on_long_rows) {
    enum { FIELD = 17 };
    uint64_t state = 5;
    long printable = 0, rows = 20000;
    for (long n = 0; n < rows; n++) {
        int8_t row[FIELD];
        memset(row, -1, sizeof row);
        int dense = 2 + (int)rng_below(&state, 6);
        for (int c = 1; c < FIELD - 1; c++)
            if (rng_below(&state, (uint32_t)dense) != 0) /* runs of the same type are likely */
                row[c] = c > 1 && row[c - 1] >= 0 && rng_below(&state, 2) == 0
                             ? row[c - 1]
                             : (int8_t)TYPES[rng_below(&state, TYPE_COUNT)];
        printable += agrees(FIELD, row);
    }
    ck_assert_int_gt(printable, rows / 10);
    ck_assert_int_lt(printable, rows - rows / 10);
}
END_TEST

/* Random costs on random rows of up to 5 pixels: no printable colouring is cheaper. */
START_TEST(cheapest_is_the_cheapest) {
    static struct colour_rules_workspace work;
    uint64_t state = 16;
    for (int trial = 0; trial < 300; trial++) {
        int colours = 2 + (int)rng_below(&state, 4); /* 2 to 5 of the types */
        enum piece_type type[TYPE_COUNT];
        for (int k = 0; k < colours; k++)
            type[k] = TYPES[(k + (int)rng_below(&state, TYPE_COUNT)) % TYPE_COUNT];
        bool distinct = true;
        for (int k = 0; k < colours; k++)
            for (int j = 0; j < k; j++)
                distinct = distinct && type[j] != type[k];
        if (!distinct)
            continue;
        bool pixel[WIDTH] = {false};
        int at[WIDTH], n = 0;
        for (int c = 1; c < WIDTH - 1; c++)
            if (n < 5 && rng_below(&state, 4) != 0) {
                pixel[c] = true;
                at[n++] = c;
            }
        int64_t cost[WIDTH * TYPE_COUNT];
        for (int i = 0; i < WIDTH * TYPE_COUNT; i++)
            cost[i] = (int64_t)rng_below(&state, 100);
        int8_t colour[WIDTH];
        int64_t best = colour_rules_cheapest_row(WIDTH, pixel, colours, type, cost, colour, &work);
        int64_t brute = COLOUR_RULES_NO_COLOURING;
        int combinations = 1;
        for (int i = 0; i < n; i++)
            combinations *= colours;
        for (int combination = 0; combination < combinations; combination++) {
            int8_t types[WIDTH];
            memset(types, -1, sizeof types);
            int64_t total = 0;
            for (int i = 0, rest = combination; i < n; i++, rest /= colours) {
                types[at[i]] = (int8_t)type[rest % colours];
                total += cost[at[i] * colours + rest % colours];
            }
            if (total < brute && colour_rules_row_holds(WIDTH, types, NULL))
                brute = total;
        }
        ck_assert_int_eq(best, brute);
    }
}
END_TEST

static Suite *colour_rules_suite(void) {
    Suite *s = suite_create("colour_rules");
    TCase *t = tcase_create("rules");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, runs_follow_the_pieces);
    tcase_add_test(t, cheapest_agrees_with_the_check_on_every_short_row);
    tcase_add_test(t, cheapest_agrees_with_the_check_on_long_rows);
    tcase_add_test(t, cheapest_is_the_cheapest);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(colour_rules_suite)
