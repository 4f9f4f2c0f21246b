/* The matrix model's rules (profile, bounds, support, regions), its keys, the tracker's
 * counts and hash, and the block format's reader and writer. */
#include "block.h"
#include "dead_cache.h"
#include "matrix.h"
#include "rng.h"
#include "tetromino.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define WIDTH 21 /* the default field, unless a test says otherwise */

static int orientation_named(const char *name) {
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        if (strcmp(ORIENTATIONS[o].name, name) == 0)
            return o;
    ck_abort_msg("no orientation %s", name);
    return -1;
}

/* A drop: the orientation named and the column of its left edge. */
#define drop_of(name, column) orientation_named(name), (column)

static void set_stacks(struct matrix *m, const char *digits) {
    ck_assert_int_eq((int)strlen(digits), m->width);
    for (int c = 0; c < m->width; c++)
        m->stack[c] = (uint8_t)(digits[c] - '0');
}

START_TEST(floor_supports_nothing) {
    struct matrix m;
    matrix_init(&m, WIDTH, 3);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 0)), -1);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("O-", 5)), -1);
}
END_TEST

START_TEST(a_stack_above_the_completed_rows_supports) {
    struct matrix m;
    matrix_init(&m, WIDTH, 3);
    set_stacks(&m, "111000000000000000000"); /* a triple at 0..2 */
    /* Zh at column 2: its left cell rests on the triple, the others on the floor. */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Zh", 2)), 0);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), -1); /* floor only */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ju", 0)), 1);  /* on the triple */
}
END_TEST

START_TEST(completed_rows_no_longer_support) {
    struct matrix m;
    matrix_init(&m, WIDTH, 4);
    set_stacks(&m, "111111111111111111111"); /* bottom row complete */
    ck_assert_int_eq(matrix_completed(&m), 1);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 4)), -1);
    m.stack[4] = 2;
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Tl", 4)), 1);  /* rests on column 4 */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Tr", 5)), -1); /* columns 5-6 only */
}
END_TEST

START_TEST(emission_row_squares_support_empty_columns) {
    struct matrix m;
    matrix_init(&m, WIDTH, 3);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), -1);
    m.floor_support[5] = true;
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), 0);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 6)), -1);
}
END_TEST

START_TEST(profile_must_sit_exactly) {
    struct matrix m;
    matrix_init(&m, WIDTH, 4);
    set_stacks(&m, "121000000000000000000");
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Td", 0)), -1); /* point on a bump */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 0)), -1); /* would leave gaps */
    set_stacks(&m, "212000000000000000000");
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Td", 0)), 1); /* point fills the dip */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Tu", 0)), -1);
}
END_TEST

START_TEST(pieces_stay_inside_the_matrix) {
    struct matrix m;
    matrix_init(&m, WIDTH, 2);
    set_stacks(&m, "111100000000000000000");
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("O-", 0)), -1); /* would reach row 3 */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 0)), 1);
}
END_TEST

START_TEST(regions_must_hold_multiples_of_four) {
    struct matrix m;
    matrix_init(&m, WIDTH, 2);
    set_stacks(&m, "000002000000000000000"); /* column 5 full: 10 cells left of it */
    ck_assert(!matrix_regions_ok(&m));
    set_stacks(&m, "000000200000000000000"); /* 12 left, 28 right */
    ck_assert(matrix_regions_ok(&m));
    /* try_drop rejects a drop that splits the empty space badly and leaves no trace */
    set_stacks(&m, "111000000000000000000");
    struct matrix before = m;
    ck_assert_int_eq(matrix_try_drop(&m, drop_of("Iv", 3)), -1);
    ck_assert_mem_eq(m.stack, before.stack, WIDTH);
}
END_TEST

START_TEST(apply_and_remove_are_inverse) {
    struct matrix m;
    matrix_init(&m, WIDTH, 4);
    set_stacks(&m, "111000000000000000000");
    int base = matrix_drop_base(&m, drop_of("Zh", 2));
    struct placement p = {(uint8_t)orientation_named("Zh"), 2, (int8_t)base};
    matrix_apply(&m, p);
    ck_assert_int_eq(m.stack[2], 2);
    ck_assert_int_eq(m.stack[3], 2);
    ck_assert_int_eq(m.stack[4], 1);
    matrix_remove(&m, p);
    ck_assert_int_eq(m.stack[2], 1);
    ck_assert_int_eq(m.stack[3], 0);
}
END_TEST

static bool same_key(const struct matrix_key *a, const struct matrix_key *b, int width) {
    return memcmp(a->words, b->words, (size_t)matrix_key_words(width) * sizeof a->words[0]) == 0;
}

/* Keys are the whole state, on every width: equal stacks and tags give equal keys, any
 * other column or tag another key. */
START_TEST(keys_tell_states_apart) {
    static const int widths[] = {11, 21, 25, 71};
    int width = widths[_i];
    struct matrix a, b;
    matrix_init(&a, width, 15);
    for (int c = 0; c < width; c++)
        a.stack[c] = (uint8_t)(c * 7 % 16);
    b = a;
    struct matrix_key ka = matrix_key(&a, 1), kb = matrix_key(&b, 1);
    ck_assert(same_key(&ka, &kb, width));
    kb = matrix_key(&b, 2);
    ck_assert(!same_key(&ka, &kb, width));
    for (int c = 0; c < width; c++) {
        b = a;
        b.stack[c] ^= 15;
        kb = matrix_key(&b, 1);
        ck_assert_msg(!same_key(&ka, &kb, width), "column %d of %d", c, width);
    }
}
END_TEST

/* The dead-state cache only answers for the very state stored, whatever the width. */
START_TEST(dead_cache_hits_are_exact) {
    static const int widths[] = {11, 21, 25, 71};
    int width = widths[_i];
    struct dead_cache cache;
    ck_assert(dead_cache_init(&cache, 4, width)); /* 16 slots: collisions are certain */
    struct matrix m;
    matrix_init(&m, width, 15);
    struct matrix_key stored[40];
    for (int k = 0; k < 40; k++) {
        m.stack[k % width] = (uint8_t)(k / width + 1);
        stored[k] = matrix_key(&m, 0);
        dead_cache_insert(&cache, &stored[k], dead_cache_locate(&cache, &stored[k]));
    }
    int hits = 0;
    for (int k = 0; k < 40; k++)
        hits += dead_cache_contains(&cache, &stored[k], dead_cache_locate(&cache, &stored[k]));
    ck_assert_int_gt(hits, 0);
    /* States never stored are never found, not even those of the same slots. */
    for (int k = 0; k < 200; k++) {
        m.stack[(k * 5) % width] = (uint8_t)(k % 15);
        struct matrix_key key = matrix_key(&m, (unsigned)k % 2 * 3);
        bool was_stored = false;
        for (int i = 0; i < 40; i++)
            was_stored = was_stored || same_key(&key, &stored[i], width);
        if (!was_stored)
            ck_assert(!dead_cache_contains(&cache, &key, dead_cache_locate(&cache, &key)));
    }
    dead_cache_reset(&cache); /* a new job forgets everything */
    for (int k = 0; k < 40; k++)
        ck_assert(!dead_cache_contains(&cache, &stored[k], dead_cache_locate(&cache, &stored[k])));
    dead_cache_free(&cache);
}
END_TEST

/* The fast lookup of legal drops agrees with trying every orientation at every column
 * (371 drops on the default field), below a ceiling or not; and the region check after a
 * drop agrees with checking the whole matrix. */
START_TEST(legal_drops_match_trying_every_drop) {
    static const int widths[] = {11, 21, 71};
    int width = widths[_i];
    uint64_t state = 12345;
    for (int round = 0; round < (width == 21 ? 3000 : 600); round++) {
        struct matrix m;
        matrix_init(&m, width, 1 + (int)(round % 7));
        for (int c = 0; c < width; c++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            m.stack[c] = (uint8_t)((state >> 33) % (uint64_t)(m.height + 1));
            m.floor_support[c] = (state >> 20) % 5 == 0;
        }
        if (round % 3 == 0) /* smooth stacks, where most drops fit */
            for (int c = 1; c < width; c++)
                if (abs(m.stack[c] - m.stack[c - 1]) > 1)
                    m.stack[c] = m.stack[c - 1];
        int ceiling = round % 2 ? MATRIX_NO_CEILING : matrix_completed(&m) + round % 4 / 2;
        struct placement drops[MATRIX_MAX_LEGAL_DROPS];
        int count = matrix_legal_drops(&m, ceiling, drops);
        bool listed[ORIENTATION_COUNT][FIELD_MAX_WIDTH] = {{false}};
        for (int i = 0; i < count; i++) {
            ck_assert(i == 0 || drops[i - 1].column <= drops[i].column); /* by column */
            ck_assert(!listed[drops[i].orientation][drops[i].column]);
            listed[drops[i].orientation][drops[i].column] = true;
            ck_assert_int_eq(drops[i].base,
                             matrix_drop_base(&m, drops[i].orientation, drops[i].column));
        }
        for (int o = 0; o < ORIENTATION_COUNT; o++)
            for (int c = -2; c < width + 2; c++) {
                int base = matrix_drop_base(&m, o, c);
                bool legal = base >= 0 && base <= ceiling;
                ck_assert_int_eq(c >= 0 && c < width && listed[o][c], legal);
            }
        if (!matrix_regions_ok(&m) || count == 0)
            continue;
        struct placement p = drops[round % count];
        matrix_apply(&m, p);
        ck_assert_int_eq(matrix_regions_ok_after(&m, p), matrix_regions_ok(&m));
    }
}
END_TEST

/* At most MATRIX_DROPS_PER_COLUMN drops rest at one column, whatever the stacks there (every
 * profile of 4 columns, heights 0..4, every column supporting), and so many can. */
START_TEST(drops_per_column_are_bounded) {
    struct matrix m;
    matrix_init(&m, 11, MATRIX_MAX_HEIGHT);
    memset(m.floor_support, true, sizeof m.floor_support);
    int most = 0;
    for (int profile = 0; profile < 5 * 5 * 5 * 5; profile++) {
        for (int c = 0, rest = profile; c < 4; c++, rest /= 5)
            m.stack[c] = (uint8_t)(rest % 5);
        struct placement drops[MATRIX_MAX_LEGAL_DROPS];
        int count = matrix_legal_drops(&m, MATRIX_NO_CEILING, drops), at_first = 0;
        for (int i = 0; i < count; i++)
            at_first += drops[i].column == 0;
        most = at_first > most ? at_first : most;
    }
    ck_assert_int_eq(most, MATRIX_DROPS_PER_COLUMN);
}
END_TEST

/* A random matrix of the given width: height 1..15, stacks within random capacities (a few
 * lower, as a platform's notch), some floor support. */
static void random_matrix(struct matrix *m, int width, uint64_t *rng) {
    matrix_init(m, width, 1 + (int)rng_below(rng, MATRIX_MAX_HEIGHT));
    for (int c = 0; c < width; c++) {
        if (rng_below(rng, 8) == 0)
            m->capacity[c] = (uint8_t)rng_below(rng, (uint32_t)m->height + 1);
        m->stack[c] = (uint8_t)rng_below(rng, (uint32_t)m->capacity[c] / 2 + 1);
        m->floor_support[c] = rng_below(rng, 4) == 0;
    }
}

/* The tracker's counts and hash equal those of a fresh start on the same stacks. */
static void assert_tracker_fresh(const struct matrix_tracker *t) {
    struct matrix_tracker fresh = {.m = t->m};
    matrix_tracker_start(&fresh);
    ck_assert_mem_eq(t->row_fill, fresh.row_fill, (size_t)t->m.height);
    ck_assert_int_eq(t->completed, matrix_completed(&t->m));
    ck_assert_int_eq(t->lowest_open, matrix_lowest_open_row(&t->m));
    ck_assert_mem_eq(t->row_room, fresh.row_room, (size_t)t->m.height);
    ck_assert_int_eq(t->empty, matrix_empty_cells(&t->m));
    ck_assert_uint_eq(t->hash, fresh.hash);
    for (int r = 0; r < t->m.height; r++) { /* and that start counted right */
        int cells = 0;
        for (int c = 0; c < t->m.width; c++)
            cells += t->m.stack[c] > r;
        ck_assert_int_eq(fresh.row_fill[r], cells);
    }
}

/* Walks random drops and takes them back: after every step the tracker's row fill, completed
 * rows, lowest open row, empty cells and hash equal a fresh count, and its legal drops are
 * the matrix's. */
START_TEST(tracker_counts_follow_every_drop) {
    static const int widths[] = {11, 21, 71};
    int width = widths[_i];
    uint64_t rng = 2013;
    for (int round = 0; round < 200; round++) {
        struct matrix_tracker t;
        random_matrix(&t.m, width, &rng);
        matrix_tracker_start(&t);
        assert_tracker_fresh(&t);
        struct placement path[64];
        int depth = 0;
        for (int step = 0; step < 60; step++) {
            struct placement drops[MATRIX_MAX_LEGAL_DROPS], plain[MATRIX_MAX_LEGAL_DROPS];
            int ceiling = step % 3 ? MATRIX_NO_CEILING : t.lowest_open + step % 2;
            int count = matrix_tracker_legal_drops(&t, ceiling, drops);
            ck_assert_int_eq(matrix_legal_drops(&t.m, ceiling, plain), count);
            ck_assert_mem_eq(drops, plain, (size_t)count * sizeof drops[0]);
            if (count > 0 && (depth == 0 || rng_below(&rng, 4) != 0)) {
                path[depth] = drops[rng_below(&rng, (uint32_t)count)];
                matrix_tracker_apply(&t, path[depth++]);
            } else if (depth > 0) {
                matrix_tracker_remove(&t, path[--depth]);
            }
            assert_tracker_fresh(&t);
        }
        while (depth > 0) /* back to the start, the same hash */
            matrix_tracker_remove(&t, path[--depth]);
        assert_tracker_fresh(&t);
    }
}
END_TEST

/* The k-th draw (from 1) of the hash's generator. */
static uint64_t hash_draw(int k) {
    uint64_t state = 0x7e7215c0ffee2013ULL, draw = 0;
    for (int i = 0; i < k; i++)
        draw = rng_next(&state);
    return draw;
}

/* The hash is the Zobrist hash of the packer's dead states since they were first kept: the
 * draws of SplitMix64 from 0x7e7215c0ffee2013, column by column, a word per stack height
 * 0..15 and one for floor support. The cache's hits steer the packer's search, so another
 * hash would change tetris-convert's scripts. */
START_TEST(tracker_hash_keeps_its_draws) {
    struct matrix_tracker t;
    matrix_init(&t.m, FIELD_MAX_WIDTH, MATRIX_MAX_HEIGHT);
    uint64_t rng = 7;
    for (int c = 0; c < FIELD_MAX_WIDTH; c++) {
        t.m.stack[c] = (uint8_t)rng_below(&rng, MATRIX_MAX_HEIGHT + 1);
        t.m.floor_support[c] = rng_below(&rng, 2);
    }
    for (int width = FIELD_MIN_WIDTH; width <= FIELD_MAX_WIDTH; width += 30) {
        t.m.width = width;
        matrix_tracker_start(&t);
        uint64_t expected = 0;
        for (int c = 0; c < width; c++) {
            int first = c * (MATRIX_MAX_HEIGHT + 2); /* the column's draws follow this many */
            expected ^= hash_draw(first + t.m.stack[c] + 1);
            if (t.m.floor_support[c])
                expected ^= hash_draw(first + MATRIX_MAX_HEIGHT + 2);
        }
        ck_assert_uint_eq(t.hash, expected);
    }
    /* Keys: the hash, and the tag apart from it. */
    struct matrix_key a = matrix_tracker_key(&t, 1), b = matrix_tracker_key(&t, 2);
    ck_assert_uint_eq(a.words[0], t.hash);
    ck_assert(!same_key(&a, &b, MATRIX_HASHED_KEY_WIDTH));
    b = matrix_tracker_key(&t, 1);
    ck_assert(same_key(&a, &b, MATRIX_HASHED_KEY_WIDTH));
}
END_TEST

/* The lowest open row leaves out full columns; the completed rows don't. */
START_TEST(lowest_open_row_skips_full_columns) {
    struct matrix m;
    matrix_init(&m, 11, 4);
    set_stacks(&m, "22222222222");
    ck_assert_int_eq(matrix_lowest_open_row(&m), 2);
    m.capacity[0] = 1; /* a notch, full */
    m.stack[0] = 1;
    ck_assert_int_eq(matrix_completed(&m), 1);
    ck_assert_int_eq(matrix_lowest_open_row(&m), 2);
    set_stacks(&m, "14444444444");
    ck_assert(matrix_packed(&m));
    ck_assert_int_eq(matrix_lowest_open_row(&m), 4); /* none open: the height */
}
END_TEST

START_TEST(block_file_round_trip) {
    const char *text = "AAABBCCEEFFHHIIKKLLNP\r\n.....................  \n\n"
                       "BPPPFFFFIIIILLLLOOOON\n";
    struct block_file file;
    struct text_error err;
    ck_assert(block_file_parse(text, strlen(text), false, &file, &err));
    ck_assert_int_eq(file.block_count, 2);
    ck_assert_int_eq(file.blocks[0].rows, 2);
    ck_assert_int_eq(file.blocks[1].first_line, 4);
    char *written = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&written, &size);
    for (int i = 0; i < file.block_count; i++) {
        if (i)
            ck_assert(block_write_separator(out, &file.blocks[i]));
        ck_assert(block_write(out, &file.blocks[i]));
    }
    fclose(out);
    ck_assert_str_eq(written, "AAABBCCEEFFHHIIKKLLNP\n.....................\n\n"
                              "BPPPFFFFIIIILLLLOOOON\n");
    struct block_file again;
    ck_assert(block_file_parse(written, size, false, &again, &err));
    ck_assert_int_eq(again.block_count, 2);
    ck_assert_int_eq(again.width, 21);
    ck_assert_mem_eq(again.blocks[0].cells, file.blocks[0].cells, 2 * 21);
    free(written);
    block_file_free(&file);
    block_file_free(&again);
}
END_TEST

/* A '+' line between two blocks makes the second continue the first; it is written back. */
START_TEST(continuation_round_trip) {
    const char *text = "...AAAA....\nBBBB.......\n+\n.......AAAA\nBBBB.......\n\n"
                       "AAAA.......\n";
    struct block_file file;
    struct text_error err;
    ck_assert_msg(block_file_parse(text, strlen(text), false, &file, &err), "%s", err.message);
    ck_assert_int_eq(file.width, 11);
    ck_assert_int_eq(file.block_count, 3);
    ck_assert(!file.blocks[0].continues && file.blocks[1].continues && !file.blocks[2].continues);
    ck_assert_int_eq(file.blocks[1].first_line, 4);
    ck_assert_int_eq(block_structure_end(file.blocks, 3, 0), 2);
    ck_assert_int_eq(block_structure_end(file.blocks, 3, 2), 3);
    char *written = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&written, &size);
    for (int i = 0; i < file.block_count; i++)
        ck_assert((i == 0 || block_write_separator(out, &file.blocks[i])) &&
                  block_write(out, &file.blocks[i]));
    fclose(out);
    ck_assert_str_eq(written, text);
    free(written);
    block_file_free(&file);
}
END_TEST

START_TEST(colour_line_round_trip) {
    const char *text = "fc7460 4cdc48 fcfcfc\n\n..AAA................\n...A.................\n";
    struct block_file file;
    struct text_error err;
    ck_assert(block_file_parse(text, strlen(text), true, &file, &err));
    ck_assert_int_eq(file.colour_count, 3);
    ck_assert_uint_eq(file.colours[1], 0x4cdc48);
    char *written = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&written, &size);
    ck_assert(colours_write(out, file.colour_count, file.colours));
    fclose(out);
    ck_assert_str_eq(written, "fc7460 4cdc48 fcfcfc\n");
    free(written);
    block_file_free(&file);
}
END_TEST

START_TEST(reader_rejects_bad_lines) {
    struct block_file file;
    struct text_error err;
    const char *short_line = "AAAB\n";
    ck_assert(!block_file_parse(short_line, strlen(short_line), false, &file, &err));
    ck_assert_int_eq(err.line, 1);
    ck_assert_ptr_nonnull(strstr(err.message, "4 characters"));
    const char *bad_char = "\n\nAAAB....... .........\n";
    ck_assert(!block_file_parse(bad_char, strlen(bad_char), false, &file, &err));
    ck_assert_int_eq(err.line, 3);
    ck_assert_ptr_nonnull(strstr(err.message, "column 12"));
}
END_TEST

static Suite *matrix_suite(void) {
    Suite *s = suite_create("matrix");
    TCase *rules = tcase_create("rules");
    tcase_set_timeout(rules, 120); /* 2-3 s under ASan at rest */
    tcase_add_test(rules, floor_supports_nothing);
    tcase_add_test(rules, a_stack_above_the_completed_rows_supports);
    tcase_add_test(rules, completed_rows_no_longer_support);
    tcase_add_test(rules, emission_row_squares_support_empty_columns);
    tcase_add_test(rules, profile_must_sit_exactly);
    tcase_add_test(rules, pieces_stay_inside_the_matrix);
    tcase_add_test(rules, regions_must_hold_multiples_of_four);
    tcase_add_test(rules, apply_and_remove_are_inverse);
    tcase_add_loop_test(rules, keys_tell_states_apart, 0, 4);
    tcase_add_loop_test(rules, dead_cache_hits_are_exact, 0, 4);
    tcase_add_loop_test(rules, legal_drops_match_trying_every_drop, 0, 3);
    tcase_add_test(rules, drops_per_column_are_bounded);
    tcase_add_loop_test(rules, tracker_counts_follow_every_drop, 0, 3);
    tcase_add_test(rules, tracker_hash_keeps_its_draws);
    tcase_add_test(rules, lowest_open_row_skips_full_columns);
    suite_add_tcase(s, rules);
    TCase *io = tcase_create("block format");
    tcase_set_timeout(io, 30);
    tcase_add_test(io, block_file_round_trip);
    tcase_add_test(io, continuation_round_trip);
    tcase_add_test(io, colour_line_round_trip);
    tcase_add_test(io, reader_rejects_bad_lines);
    suite_add_tcase(s, io);
    return s;
}

UNIT_MAIN(matrix_suite)
