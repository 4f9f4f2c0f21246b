/* The matrix model's rules (profile, bounds, support, regions) and the block format's
 * reader and writer. */
#include "block.h"
#include "dead_cache.h"
#include "matrix.h"
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
    struct placement p = {(uint8_t)orientation_named("Zh"), 2, (uint8_t)base};
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
    Suite *s = suite_create("matrix model and block format");
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
