/* Layouts, the dead-state cache and the packing search: what it finds is a real packing,
 * what it proves impossible stays impossible, and a seed fixes its result. */
#include "dead_cache.h"
#include "layouts.h"
#include "packing.h"
#include "pattern.h"
#include "unit.h"

#include <string.h>

static struct dead_cache cache;

static void setup(void) {
    ck_assert(dead_cache_init(&cache, 16));
}

static void teardown(void) {
    dead_cache_free(&cache);
}

START_TEST(layout_counts_and_order) {
    const int counts[8] = {0, 19, 136, 455, 715, 462, 84, 1};
    const int first_heights[8] = {0, 3, 2, 1, 4, 3, 2, 1};
    for (int n = 1; n <= MAX_SQUARES; n++) {
        ck_assert_int_eq(layout_count(n), counts[n]);
        ck_assert_int_eq(emitter_first_height(n), first_heights[n]);
        struct layout layouts[715];
        layouts_enumerate(n, layouts);
        for (int i = 0; i < counts[n]; i++) {
            for (int t = 1; t < n; t++) /* disjoint triples, left to right */
                ck_assert_int_ge(layouts[i].columns[t], layouts[i].columns[t - 1] + 3);
            ck_assert_int_le(layouts[i].columns[n - 1], FIELD_WIDTH - 3);
            if (i > 0) { /* strictly increasing, leftmost triple first */
                int t = 0;
                while (layouts[i].columns[t] == layouts[i - 1].columns[t])
                    t++;
                ck_assert_int_gt(layouts[i].columns[t], layouts[i - 1].columns[t]);
            }
        }
    }
}
END_TEST

START_TEST(dead_cache_remembers_per_job) {
    struct matrix m;
    matrix_init(&m, 5);
    m.stack[3] = 2;
    struct matrix_key key = matrix_key(&m);
    ck_assert(!dead_cache_contains(&cache, key));
    dead_cache_insert(&cache, key);
    ck_assert(dead_cache_contains(&cache, key));
    m.stack[3] = 1;
    ck_assert(!dead_cache_contains(&cache, matrix_key(&m)));
    dead_cache_reset(&cache);
    ck_assert(!dead_cache_contains(&cache, key));
}
END_TEST

/* Replays the found placements under the matrix rules: each legal, the matrix packed. */
static void assert_packs(const struct matrix *start, const struct packing_outcome *o) {
    struct matrix m = *start;
    for (int i = 0; i < o->pieces; i++) {
        ck_assert_int_eq(matrix_drop_base(&m, o->placements[i].drop), o->placements[i].base);
        matrix_apply(&m, o->placements[i].drop, o->placements[i].base);
        ck_assert(matrix_regions_ok(&m));
    }
    ck_assert(matrix_packed(&m));
}

static void start_single(struct pattern *p, int column, int height) {
    struct layout layout = {.squares = 1, .columns = {column}};
    pattern_start_emitter(p, &layout, height);
}

START_TEST(finds_single_square_emitters) {
    struct pattern p;
    struct packing_outcome o;
    start_single(&p, 0, 3);
    packing_solve(&p.start, 1, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_eq(o.pieces, 15);
    assert_packs(&p.start, &o);
    start_single(&p, 3, 7); /* one of the four that need 7 rows */
    packing_solve(&p.start, 1, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_eq(o.pieces, 36);
    assert_packs(&p.start, &o);
}
END_TEST

START_TEST(proves_the_article_s_impossible_emitters) {
    const int columns[] = {3, 7, 11, 15}; /* the four single-square layouts of 7 rows */
    for (int i = 0; i < 4; i++) {
        struct pattern p;
        struct packing_outcome o;
        start_single(&p, columns[i], 3);
        packing_solve(&p.start, 99, PACKING_DEFAULT_LIMITS, &cache, &o);
        ck_assert_int_eq(o.result, PACKING_NONE);
    }
}
END_TEST

START_TEST(two_square_emitter_in_two_rows) {
    struct layout layout = {.squares = 2, .columns = {0, 17}};
    struct pattern p;
    struct packing_outcome o;
    pattern_start_emitter(&p, &layout, 2);
    packing_solve(&p.start, 5, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    assert_packs(&p.start, &o);
    layout.columns[1] = 16; /* but not (0, 16) */
    pattern_start_emitter(&p, &layout, 2);
    packing_solve(&p.start, 5, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_NONE);
}
END_TEST

START_TEST(platforms_exist_only_at_even_columns) {
    struct pattern p;
    struct packing_outcome o;
    pattern_start_platform(&p, 4, NOTCH_RIGHT);
    packing_solve(&p.start, 3, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_eq(o.pieces, 19); /* + the T, and the J/L held back */
    assert_packs(&p.start, &o);
    pattern_start_platform(&p, 1, NOTCH_LEFT);
    packing_solve(&p.start, 3, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_NONE);
}
END_TEST

START_TEST(a_seed_fixes_the_result) {
    struct pattern p;
    struct packing_outcome a, b, c;
    struct layout layout = {.squares = 3, .columns = {1, 5, 12}};
    pattern_start_emitter(&p, &layout, 5);
    packing_solve(&p.start, 42, PACKING_DEFAULT_LIMITS, &cache, &a);
    packing_solve(&p.start, 42, PACKING_DEFAULT_LIMITS, &cache, &b);
    packing_solve(&p.start, 43, PACKING_DEFAULT_LIMITS, &cache, &c);
    ck_assert_int_eq(a.result, PACKING_FOUND);
    ck_assert_int_eq(a.attempts, b.attempts);
    ck_assert_mem_eq(a.placements, b.placements, sizeof a.placements);
    ck_assert(memcmp(a.placements, c.placements, sizeof a.placements) != 0);
}
END_TEST

START_TEST(drawn_pattern_letters) {
    struct pattern p;
    struct packing_outcome o;
    start_single(&p, 0, 3);
    packing_solve(&p.start, 1, PACKING_DEFAULT_LIMITS, &cache, &o);
    p.pieces = o.pieces;
    memcpy(p.placements, o.placements, sizeof o.placements);
    struct block b;
    ck_assert(pattern_draw(&p, &b));
    ck_assert_int_eq(b.rows, 3);
    ck_assert(memcmp(b.cells[2], "AAA", 3) == 0);
    int counts[128] = {0};
    for (int r = 0; r < b.rows; r++)
        for (int c = 0; c < BLOCK_WIDTH; c++)
            counts[(int)b.cells[r][c]]++;
    ck_assert_int_eq(counts['A'], 3);
    for (char id = 'B'; id < 'B' + 15; id++)
        ck_assert_int_eq(counts[(int)id], 4);
    ck_assert_int_eq(counts['.'], 0);
    block_free(&b);
}
END_TEST

static Suite *packing_suite(void) {
    Suite *s = suite_create("packing search");
    TCase *t = tcase_create("search");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 240);
    tcase_add_test(t, layout_counts_and_order);
    tcase_add_test(t, dead_cache_remembers_per_job);
    tcase_add_test(t, finds_single_square_emitters);
    tcase_add_test(t, proves_the_article_s_impossible_emitters);
    tcase_add_test(t, two_square_emitter_in_two_rows);
    tcase_add_test(t, platforms_exist_only_at_even_columns);
    tcase_add_test(t, a_seed_fixes_the_result);
    tcase_add_test(t, drawn_pattern_letters);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(packing_suite)
