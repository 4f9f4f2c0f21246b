/* Layouts, the dead-state cache and the packing search: what it finds is a real packing,
 * what it proves impossible stays impossible, and a seed fixes its result. */
#include "dead_cache.h"
#include "layouts.h"
#include "packing.h"
#include "parity.h"
#include "pattern.h"
#include "pattern_read.h"
#include "tetromino.h"
#include "unit.h"

#include <string.h>

#define WIDTH 21 /* the default field, unless a test says otherwise */

static struct dead_cache cache;

static void setup(void) {
    ck_assert(dead_cache_init(&cache, 16, WIDTH));
}

static void teardown(void) {
    dead_cache_free(&cache);
}

/* C(W - 2n, n) layouts of n triples: on the default field, and 8,640 on a field 25 wide. */
START_TEST(layout_counts_and_order) {
    static const int widths[] = {21, 25};
    static const int counts[2][9] = {{0, 19, 136, 455, 715, 462, 84, 1},
                                     {0, 23, 210, 969, 2380, 3003, 1716, 330, 9}};
    static const int first_heights[2][9] = {{0, 3, 2, 1, 4, 3, 2, 1}, {0, 3, 2, 1, 4, 3, 2, 1, 4}};
    int width = widths[_i], total = 0;
    ck_assert_int_eq(layout_max_squares(width), _i ? 8 : 7);
    for (int n = 1; n <= layout_max_squares(width); n++) {
        ck_assert_int_eq(layout_count(width, n), counts[_i][n]);
        ck_assert_int_eq(parity_first_height(width, n), first_heights[_i][n]);
        total += counts[_i][n];
        static struct layout layouts[3003];
        layouts_enumerate(width, n, layouts);
        for (int i = 0; i < counts[_i][n]; i++) {
            for (int t = 1; t < n; t++) /* disjoint triples, left to right */
                ck_assert_int_ge(layouts[i].columns[t], layouts[i].columns[t - 1] + 3);
            ck_assert_int_le(layouts[i].columns[n - 1], width - 3);
            if (i > 0) { /* strictly increasing, leftmost triple first */
                int t = 0;
                while (layouts[i].columns[t] == layouts[i - 1].columns[t])
                    t++;
                ck_assert_int_gt(layouts[i].columns[t], layouts[i - 1].columns[t]);
            }
        }
    }
    ck_assert_int_eq(total, _i ? 8640 : 1872);
    ck_assert_int_eq(layout_count(71, 12), 52251400851L); /* C(47, 12): counted, not listed */
}
END_TEST

START_TEST(dead_cache_remembers_per_job) {
    struct matrix m;
    matrix_init(&m, WIDTH, 5);
    m.stack[3] = 2;
    struct matrix_key key = matrix_key(&m, 0);
    size_t bucket = dead_cache_locate(&cache, &key);
    ck_assert(!dead_cache_contains(&cache, &key, bucket));
    dead_cache_insert(&cache, &key, bucket);
    ck_assert(dead_cache_contains(&cache, &key, bucket));
    m.stack[3] = 1;
    struct matrix_key other = matrix_key(&m, 0);
    ck_assert(!dead_cache_contains(&cache, &other, dead_cache_locate(&cache, &other)));
    dead_cache_reset(&cache);
    ck_assert(!dead_cache_contains(&cache, &key, bucket));
}
END_TEST

/* Replays the found placements under the matrix rules: each legal, the matrix packed. */
static void assert_packs(const struct matrix *start, const struct packing_outcome *o) {
    struct matrix m = *start;
    for (int i = 0; i < o->pieces; i++) {
        struct placement p = o->placements[i];
        ck_assert_int_eq(matrix_drop_base(&m, p.orientation, p.column), p.base);
        matrix_apply(&m, p);
        ck_assert(matrix_regions_ok(&m));
    }
    ck_assert(matrix_packed(&m));
}

static void start_single(struct pattern *p, int column, int height) {
    struct layout layout = {.squares = 1, .columns = {column}};
    pattern_start_emitter(p, WIDTH, &layout, height);
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
    pattern_start_emitter(&p, WIDTH, &layout, 2);
    packing_solve(&p.start, 5, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    assert_packs(&p.start, &o);
    layout.columns[1] = 16; /* but not (0, 16) */
    pattern_start_emitter(&p, WIDTH, &layout, 2);
    packing_solve(&p.start, 5, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_NONE);
}
END_TEST

START_TEST(platforms_exist_only_at_even_columns) {
    struct pattern p;
    struct packing_outcome o;
    pattern_start_platform(&p, WIDTH, (struct platform_start){4, NOTCH_RIGHT});
    struct matrix body = platform_body(&p, NOTCH_RIGHT);
    packing_solve(&body, 3, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_eq(o.pieces, 19); /* + the T, and the J/L dropped last */
    assert_packs(&body, &o);
    pattern_start_platform(&p, WIDTH, (struct platform_start){1, NOTCH_LEFT});
    body = platform_body(&p, NOTCH_LEFT);
    packing_solve(&body, 3, PACKING_DEFAULT_LIMITS, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_NONE);
}
END_TEST

/* A budget too small to find a packing doubles every PACKING_TRIES_PER_DOUBLING tries until
 * a budgeted try finds one: with one attempt per try and a final try of one attempt too,
 * a layout that needs 7 rows is still packed. */
START_TEST(a_small_budget_grows_until_a_try_packs) {
    struct pattern p;
    struct packing_outcome o;
    struct packing_limits limits = PACKING_DEFAULT_LIMITS;
    limits.attempts_per_try = limits.final_attempts = 1;
    start_single(&p, 3, 7);
    packing_solve(&p.start, 5, limits, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_gt(o.tries, PACKING_TRIES_PER_DOUBLING); /* not found at 1 attempt a try */
    ck_assert_int_lt(o.tries, limits.tries);
    assert_packs(&p.start, &o);
    limits.tries_per_doubling = 0; /* a budget that stays finds nothing */
    limits.tries = 2 * PACKING_TRIES_PER_DOUBLING;
    packing_solve(&p.start, 5, limits, &cache, &o);
    ck_assert_int_eq(o.result, PACKING_TIMEOUT);
}
END_TEST

START_TEST(a_seed_fixes_the_result) {
    struct pattern p;
    struct packing_outcome a, b, c;
    struct layout layout = {.squares = 3, .columns = {1, 5, 12}};
    pattern_start_emitter(&p, WIDTH, &layout, 5);
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
    struct pattern_blocks drawn;
    ck_assert(pattern_draw(&p, &drawn));
    ck_assert_int_eq(drawn.count, 1);
    const struct block *b = &drawn.blocks[0];
    ck_assert_int_eq(b->rows, 3);
    ck_assert(memcmp(block_row(b, 2), "AAA", 3) == 0);
    int counts[128] = {0};
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->width; c++)
            counts[(int)block_row(b, r)[c]]++;
    ck_assert_int_eq(counts['A'], 3);
    for (char id = 'B'; id < 'B' + 15; id++)
        ck_assert_int_eq(counts[(int)id], 4);
    ck_assert_int_eq(counts['.'], 0);
    pattern_blocks_free(&drawn);
}
END_TEST

/* A pattern of more than 62 letters is drawn as blocks continuing one another, and read
 * back from them: a single-square emitter 7 rows tall on a field 37 wide has 64 pieces. */
START_TEST(large_patterns_continue_over_blocks) {
    struct dead_cache wide;
    ck_assert(dead_cache_init(&wide, 16, 37));
    struct layout layout = {.squares = 1, .columns = {3}};
    struct pattern p;
    struct packing_outcome o;
    pattern_start_emitter(&p, 37, &layout, 7);
    packing_solve(&p.start, 1, PACKING_DEFAULT_LIMITS, &wide, &o);
    dead_cache_free(&wide);
    ck_assert_int_eq(o.result, PACKING_FOUND);
    ck_assert_int_eq(o.pieces, 64);
    p.pieces = o.pieces;
    memcpy(p.placements, o.placements, sizeof o.placements);
    struct pattern_blocks drawn;
    ck_assert(pattern_draw(&p, &drawn));
    ck_assert_int_eq(drawn.count, 2);
    ck_assert(!drawn.blocks[0].continues && drawn.blocks[1].continues);
    int letters[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(drawn.blocks[k].rows, 7);
        ck_assert_int_eq(drawn.blocks[k].width, 37);
        bool seen[128] = {false};
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 37; c++) {
                char id = block_row(&drawn.blocks[k], r)[c];
                if (id != '.' && !seen[(int)id]) {
                    seen[(int)id] = true;
                    letters[k]++;
                }
            }
    }
    ck_assert_int_eq(letters[0], 62); /* 'A' the triple and 61 pieces */
    ck_assert_int_eq(letters[1], 3);  /* 'A'..'C', the last three */
    struct pattern back;
    char reason[192];
    pattern_start_emitter(&back, 37, &layout, 7);
    ck_assert_msg(pattern_read_pieces(drawn.blocks, 2, &back, reason, sizeof reason), "%s", reason);
    ck_assert_int_eq(back.pieces, 64);
    ck_assert_mem_eq(back.placements, p.placements, 64 * sizeof p.placements[0]);
    /* The second block alone is not the pattern. */
    pattern_start_emitter(&back, 37, &layout, 7);
    ck_assert(!pattern_read_pieces(drawn.blocks, 1, &back, reason, sizeof reason));
    pattern_blocks_free(&drawn);
}
END_TEST

/* Draws the platform `p` with its last `drawn_pieces` placements and reads it back as
 * from a file, its notch at `side` (or where the drawing has it when `side` < 0): true
 * when the reader accepts it, with the reason otherwise. */
static bool platform_reads(const struct pattern *p, int drawn_pieces, int side, char *reason,
                           size_t size) {
    struct pattern copy = *p;
    copy.pieces = drawn_pieces;
    struct pattern_blocks drawn;
    ck_assert(pattern_draw(&copy, &drawn));
    struct platform_start where;
    struct pattern back;
    bool ok = pattern_read_platform(drawn.blocks, drawn.count, &where, reason, size);
    if (ok) {
        where.side = side < 0 ? where.side : (enum notch_side)side;
        pattern_start_platform(&back, WIDTH, where);
        ok = pattern_read_platform_pieces(drawn.blocks, drawn.count, where.side, &back, reason,
                                          size);
    }
    if (ok) {
        ck_assert_int_eq(where.t_column, 4);
        ck_assert_int_eq(back.pieces, p->pieces);
        ck_assert_mem_eq(back.placements, p->placements, (size_t)p->pieces * sizeof *p->placements);
    }
    pattern_blocks_free(&drawn);
    return ok;
}

/* A platform is read whole: its last piece is the J (left) or L (right) that fills exactly
 * the notch and completes its rows; without it, or with another last piece, it is refused. */
START_TEST(platforms_are_read_with_their_notch_piece) {
    char reason[192];
    for (int side = 0; side < 2; side++) {
        struct pattern p;
        struct packing_outcome o;
        pattern_start_platform(&p, WIDTH, (struct platform_start){4, (enum notch_side)side});
        struct matrix body = platform_body(&p, (enum notch_side)side);
        packing_solve(&body, 3, PACKING_DEFAULT_LIMITS, &cache, &o);
        ck_assert_int_eq(o.result, PACKING_FOUND);
        p.pieces = o.pieces;
        memcpy(p.placements, o.placements, sizeof o.placements);
        pattern_finish_platform(&p, (enum notch_side)side);
        struct placement notch = p.placements[p.pieces - 1];
        ck_assert_int_eq(ORIENTATIONS[notch.orientation].type, side ? PIECE_L : PIECE_J);
        ck_assert_msg(platform_reads(&p, p.pieces, -1, reason, sizeof reason), "%s", reason);
        /* the notch left empty, as files were written before */
        ck_assert(!platform_reads(&p, p.pieces - 1, -1, reason, sizeof reason));
        ck_assert_str_eq(reason, "the notch is empty: a platform ends with the J or L that fills "
                                 "it, as its last letter");
        /* the notch piece dropped before the body's last piece */
        struct pattern swapped = p;
        swapped.placements[p.pieces - 1] = p.placements[p.pieces - 2];
        swapped.placements[p.pieces - 2] = notch;
        ck_assert(!platform_reads(&swapped, p.pieces, -1, reason, sizeof reason));
        ck_assert_msg(strstr(reason, "is not in a top corner (the J or L that fills the notch is "
                                     "dropped last)") != NULL,
                      "%s", reason);
        /* read as a platform with its notch on the other side */
        ck_assert(!platform_reads(&p, p.pieces, 1 - side, reason, sizeof reason));
        ck_assert_str_eq(reason, side ? "the last piece is not the J that fills exactly the left "
                                        "notch (the top 3 cells of column 0 and the top 1 of "
                                        "column 1)"
                                      : "the last piece is not the L that fills exactly the right "
                                        "notch (the top 3 cells of column 20 and the top 1 of "
                                        "column 19)");
    }
}
END_TEST

static Suite *packing_suite(void) {
    Suite *s = suite_create("packing");
    TCase *t = tcase_create("search");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 240);
    tcase_add_loop_test(t, layout_counts_and_order, 0, 2);
    tcase_add_test(t, dead_cache_remembers_per_job);
    tcase_add_test(t, finds_single_square_emitters);
    tcase_add_test(t, proves_the_article_s_impossible_emitters);
    tcase_add_test(t, two_square_emitter_in_two_rows);
    tcase_add_test(t, platforms_exist_only_at_even_columns);
    tcase_add_test(t, platforms_are_read_with_their_notch_piece);
    tcase_add_test(t, a_small_budget_grows_until_a_try_packs);
    tcase_add_test(t, a_seed_fixes_the_result);
    tcase_add_test(t, drawn_pattern_letters);
    tcase_add_test(t, large_patterns_continue_over_blocks);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(packing_suite)
