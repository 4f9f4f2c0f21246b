/* The matrix model's rules (profile, bounds, support, regions) and the block format's
 * reader and writer. */
#include "block.h"
#include "matrix.h"
#include "tetromino.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static int drop_of(const char *orientation_name, int column) {
    for (int d = 0; d < DROP_COUNT; d++)
        if (strcmp(ORIENTATIONS[DROPS[d].orientation].name, orientation_name) == 0 &&
            DROPS[d].column == column)
            return d;
    ck_abort_msg("no drop %s at %d", orientation_name, column);
    return -1;
}

static void set_stacks(struct matrix *m, const char *digits) {
    for (int c = 0; c < FIELD_WIDTH; c++)
        m->stack[c] = (uint8_t)(digits[c] - '0');
}

START_TEST(floor_supports_nothing) {
    struct matrix m;
    matrix_init(&m, 3);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 0)), -1);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("O-", 5)), -1);
}
END_TEST

START_TEST(a_stack_above_the_completed_rows_supports) {
    struct matrix m;
    matrix_init(&m, 3);
    set_stacks(&m, "111000000000000000000"); /* a triple at 0..2 */
    /* Zh at column 2: its left cell rests on the triple, the others on the floor. */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Zh", 2)), 0);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), -1); /* floor only */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ju", 0)), 1);  /* on the triple */
}
END_TEST

START_TEST(completed_rows_no_longer_support) {
    struct matrix m;
    matrix_init(&m, 4);
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
    matrix_init(&m, 3);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), -1);
    m.floor_support[5] = true;
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 3)), 0);
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 6)), -1);
}
END_TEST

START_TEST(profile_must_sit_exactly) {
    struct matrix m;
    matrix_init(&m, 4);
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
    matrix_init(&m, 2);
    set_stacks(&m, "111100000000000000000");
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("O-", 0)), -1); /* would reach row 3 */
    ck_assert_int_eq(matrix_drop_base(&m, drop_of("Ih", 0)), 1);
}
END_TEST

START_TEST(regions_must_hold_multiples_of_four) {
    struct matrix m;
    matrix_init(&m, 2);
    set_stacks(&m, "000002000000000000000"); /* column 5 full: 10 cells left of it */
    ck_assert(!matrix_regions_ok(&m));
    set_stacks(&m, "000000200000000000000"); /* 12 left, 28 right */
    ck_assert(matrix_regions_ok(&m));
    /* try_drop rejects a drop that splits the empty space badly and leaves no trace */
    set_stacks(&m, "111000000000000000000");
    struct matrix before = m;
    ck_assert_int_eq(matrix_try_drop(&m, drop_of("Iv", 3)), -1);
    ck_assert_mem_eq(m.stack, before.stack, FIELD_WIDTH);
}
END_TEST

START_TEST(apply_and_remove_are_inverse) {
    struct matrix m;
    matrix_init(&m, 4);
    set_stacks(&m, "111000000000000000000");
    int d = drop_of("Zh", 2);
    int base = matrix_drop_base(&m, d);
    matrix_apply(&m, d, base);
    ck_assert_int_eq(m.stack[2], 2);
    ck_assert_int_eq(m.stack[3], 2);
    ck_assert_int_eq(m.stack[4], 1);
    matrix_remove(&m, d, base);
    ck_assert_int_eq(m.stack[2], 1);
    ck_assert_int_eq(m.stack[3], 0);
}
END_TEST

START_TEST(keys_tell_states_apart) {
    struct matrix a, b;
    matrix_init(&a, 7);
    matrix_init(&b, 7);
    b.stack[20] = 7;
    struct matrix_key ka = matrix_key(&a), kb = matrix_key(&b);
    ck_assert(ka.low != kb.low || ka.high != kb.high);
}
END_TEST

/* The fast lookup of legal drops agrees with trying each of the 371 drops. */
START_TEST(legal_drops_match_trying_every_drop) {
    uint64_t state = 12345;
    for (int round = 0; round < 3000; round++) {
        struct matrix m;
        matrix_init(&m, 1 + (int)(round % 7));
        for (int c = 0; c < FIELD_WIDTH; c++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            m.stack[c] = (uint8_t)((state >> 33) % (uint64_t)(m.height + 1));
            m.floor_support[c] = (state >> 20) % 5 == 0;
        }
        if (round % 3 == 0) /* smooth stacks, where most drops fit */
            for (int c = 1; c < FIELD_WIDTH; c++)
                if (abs(m.stack[c] - m.stack[c - 1]) > 1)
                    m.stack[c] = m.stack[c - 1];
        uint16_t drops[DROP_COUNT];
        uint8_t bases[DROP_COUNT];
        int count = matrix_legal_drops(&m, drops, bases);
        bool listed[DROP_COUNT] = {false};
        for (int i = 0; i < count; i++) {
            ck_assert(!listed[drops[i]]);
            listed[drops[i]] = true;
            ck_assert_int_eq(bases[i], matrix_drop_base(&m, drops[i]));
        }
        for (int d = 0; d < DROP_COUNT; d++)
            ck_assert_int_eq(listed[d], matrix_drop_base(&m, d) >= 0);
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
            fputc('\n', out);
        ck_assert(block_write(out, &file.blocks[i]));
    }
    fclose(out);
    ck_assert_str_eq(written, "AAABBCCEEFFHHIIKKLLNP\n.....................\n\n"
                              "BPPPFFFFIIIILLLLOOOON\n");
    struct block_file again;
    ck_assert(block_file_parse(written, size, false, &again, &err));
    ck_assert_int_eq(again.block_count, 2);
    ck_assert_mem_eq(again.blocks[0].cells, file.blocks[0].cells, 2 * BLOCK_WIDTH);
    free(written);
    block_file_free(&file);
    block_file_free(&again);
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
    tcase_add_test(rules, keys_tell_states_apart);
    tcase_add_test(rules, legal_drops_match_trying_every_drop);
    suite_add_tcase(s, rules);
    TCase *io = tcase_create("block format");
    tcase_set_timeout(io, 30);
    tcase_add_test(io, block_file_round_trip);
    tcase_add_test(io, colour_line_round_trip);
    tcase_add_test(io, reader_rejects_bad_lines);
    suite_add_tcase(s, io);
    return s;
}

UNIT_MAIN(matrix_suite)
