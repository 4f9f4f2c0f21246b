/* Reading a script a block at a time (src/core/script_reader.c over block_parser.c): blocks
 * delivered one by one with their numbers, a chain of continued blocks in memory that
 * doesn't grow with it, the caps on a line's length, a block's height and a script's size,
 * problems reported in file order as soon as met, the spool copy, images recognised by
 * their first bytes, and bytes outside printable ASCII shown as 0xNN. */
#include "image_magic.h"
#include "printable.h"
#include "script_reader.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW "AAAA................."
#define EMPTY_ROW "....................."

/* Reads `text` to its end; returns the last status, with the blocks counted. */
static enum script_read read_all(const char *text, size_t length, int *structures,
                                 struct text_error *err) {
    struct script_reader r;
    ck_assert(script_reader_open_text(&r, text, length));
    enum script_read status;
    *structures = 0;
    while ((status = script_reader_next(&r, err)) == SCRIPT_READ_BLOCK)
        ++*structures;
    script_reader_close(&r);
    return status;
}

/* A script of one block of `rows` lines (a piece on its last line). */
static char *tall_script(int rows, size_t *length) {
    size_t size = 16 + (size_t)rows * (sizeof EMPTY_ROW) + sizeof ROW;
    char *text = malloc(size);
    ck_assert_ptr_nonnull(text);
    size_t n = (size_t)sprintf(text, "ffffff\n\n");
    for (int r = 0; r < rows - 1; r++)
        n += (size_t)sprintf(text + n, "%s\n", EMPTY_ROW);
    n += (size_t)sprintf(text + n, "%s\n", ROW);
    *length = n;
    return text;
}

START_TEST(blocks_come_one_at_a_time) {
    const char *text = "ffffff 00ff00\n\n" ROW "\n\n" ROW "\n+\n" ROW "\n\n\n" ROW "\n";
    struct script_reader r;
    struct text_error err;
    ck_assert(script_reader_open_text(&r, text, strlen(text)));
    const bool continues[4] = {false, false, true, false};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(script_reader_next(&r, &err), SCRIPT_READ_BLOCK);
        ck_assert_int_eq(r.block_number, i + 1);
        ck_assert_int_eq(r.block.continues, continues[i]);
        ck_assert_int_eq(r.block.piece_count, 1);
        /* the reader holds the block just read only */
        ck_assert_int_eq(r.file.block_count, 0);
    }
    ck_assert_int_eq(script_reader_width(&r), 21);
    ck_assert_int_eq(r.file.colour_count, 2);
    ck_assert_int_eq(r.block.first_line, 10);
    ck_assert_int_eq(script_reader_next(&r, &err), SCRIPT_READ_END);
    ck_assert_int_eq(script_reader_next(&r, &err), SCRIPT_READ_END);
    script_reader_close(&r);
}
END_TEST

/* A chain of 100,000 blocks continuing one another, the 3rd with a bad piece: reported at
 * once, at its line; without it, read to the end holding one block at a time. */
START_TEST(a_chain_of_blocks_is_read_a_block_at_a_time) {
    size_t size = 16 + 100000 * (sizeof ROW + 2), n = 0;
    char *text = malloc(size);
    ck_assert_ptr_nonnull(text);
    n += (size_t)sprintf(text, "ffffff\n\n");
    for (int i = 0; i < 100000; i++)
        n += (size_t)sprintf(text + n, i ? "+\n%s\n" : "%s\n",
                             i == 2 ? "AAA.................." : ROW);
    struct script_reader r;
    struct text_error err;
    ck_assert(script_reader_open_text(&r, text, n));
    int blocks = 0;
    while (script_reader_next(&r, &err) == SCRIPT_READ_BLOCK)
        blocks++;
    ck_assert_int_eq(blocks, 2);
    ck_assert_int_eq(err.line, 7);
    ck_assert_int_eq(err.block, 3);
    ck_assert_int_lt(r.line_no, 10); /* not read further */
    script_reader_close(&r);
    memcpy(text + 56, ROW, strlen(ROW)); /* the bad piece (block 3, at byte 56) mended */
    ck_assert(script_reader_open_text(&r, text, n));
    blocks = 0;
    while (script_reader_next(&r, &err) == SCRIPT_READ_BLOCK) {
        blocks++;
        ck_assert_int_le(r.parser.capacity, 16); /* the parser's list never grows */
    }
    ck_assert_int_eq(blocks, 100000);
    script_reader_close(&r);
    free(text);
}
END_TEST

/* A script whose block line is padded with blanks to `length` bytes. */
static size_t padded_script(char *text, size_t length) {
    size_t n = (size_t)sprintf(text, "ffffff\n\n%s", ROW);
    memset(text + n, ' ', length - strlen(ROW));
    n += length - strlen(ROW);
    text[n++] = '\n';
    return n;
}

START_TEST(a_line_longer_than_the_cap_is_refused) {
    char text[2 * BLOCK_LINE_MAX];
    int structures;
    struct text_error err;
    /* trailing blanks up to the cap are a block line's own */
    size_t n = padded_script(text, BLOCK_LINE_MAX);
    ck_assert_int_eq(read_all(text, n, &structures, &err), SCRIPT_READ_END);
    ck_assert_int_eq(structures, 1);
    n = padded_script(text, BLOCK_LINE_MAX + 1);
    ck_assert_int_eq(read_all(text, n, &structures, &err), SCRIPT_READ_ERROR);
    ck_assert_int_eq(err.line, 3);
    ck_assert_str_eq(err.message, "line is longer than 1024 bytes");
}
END_TEST

START_TEST(a_line_that_never_ends_stops_at_the_cap) {
    FILE *zero = fopen("/dev/zero", "rb");
    ck_assert_ptr_nonnull(zero);
    struct script_reader r;
    struct text_error err;
    ck_assert(script_reader_open_stream(&r, zero, NULL));
    ck_assert_int_eq(script_reader_next(&r, &err), SCRIPT_READ_ERROR);
    ck_assert_int_eq(err.line, 1);
    ck_assert_str_eq(err.message, "line is longer than 1024 bytes");
    ck_assert_int_le(r.bytes_read, 64 * 1024); /* one chunk */
    script_reader_close(&r);
    fclose(zero);
}
END_TEST

START_TEST(blocks_taller_than_the_cap_are_refused) {
    size_t length;
    char *text = tall_script(BLOCK_MAX_ROWS, &length);
    int structures;
    struct text_error err;
    ck_assert_int_eq(read_all(text, length, &structures, &err), SCRIPT_READ_END);
    free(text);
    /* one line more, and the 40,000 lines that crashed the printer (int16_t rows) */
    int too_tall[] = {BLOCK_MAX_ROWS + 1, 40000};
    for (int i = 0; i < 2; i++) {
        text = tall_script(too_tall[i], &length);
        ck_assert_int_eq(read_all(text, length, &structures, &err), SCRIPT_READ_ERROR);
        ck_assert_int_eq(err.line, 3);
        ck_assert_int_eq(err.block, 1);
        char expected[64];
        snprintf(expected, sizeof expected, "more than %d lines", BLOCK_MAX_ROWS);
        ck_assert_str_eq(err.message, expected);
        free(text);
    }
    /* script_load, which tetris-convert's check uses, says the same */
    text = tall_script(BLOCK_MAX_ROWS + 1, &length);
    struct script s;
    ck_assert(!script_load(text, length, &s, &err));
    ck_assert_int_eq(err.block, 1);
    free(text);
}
END_TEST

START_TEST(a_script_larger_than_its_cap_is_refused) {
    const char *text = "ffffff\n\n" ROW "\n\n" ROW "\n";
    struct script_reader r;
    struct text_error err;
    ck_assert(script_reader_open_text(&r, text, strlen(text)));
    r.max_bytes = 20;
    ck_assert_int_eq(script_reader_next(&r, &err), SCRIPT_READ_ERROR);
    ck_assert_ptr_nonnull(strstr(err.message, "script is longer than"));
    script_reader_close(&r);
}
END_TEST

/* A bad piece in block 1 and a malformed line in block 3: the piece is reported, the
 * first problem in the file, as soon as its block closes. */
START_TEST(problems_are_reported_in_file_order) {
    const char *text = "ffffff\n\nAAA..................\n\n" ROW "\n\n" ROW "x\n";
    int structures;
    struct text_error err;
    ck_assert_int_eq(read_all(text, strlen(text), &structures, &err), SCRIPT_READ_ERROR);
    ck_assert_int_eq(structures, 0);
    ck_assert_int_eq(err.line, 3);
    ck_assert_int_eq(err.block, 1);
    ck_assert_ptr_nonnull(strstr(err.message, "has 3 cells"));
    const char *line_first = "ffffff\n\n" ROW "x\n\nAAA..................\n";
    ck_assert_int_eq(read_all(line_first, strlen(line_first), &structures, &err),
                     SCRIPT_READ_ERROR);
    ck_assert_int_eq(structures, 0);
    ck_assert_int_eq(err.line, 3);
    ck_assert_ptr_nonnull(strstr(err.message, "22 characters"));
}
END_TEST

START_TEST(the_spool_gets_every_byte_read) {
    const char *text = "ffffff\r\n\n" ROW "  \n\n" ROW;
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    FILE *spool = tmpfile();
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(spool);
    struct script_reader r;
    struct text_error err;
    ck_assert(script_reader_open_stream(&r, in, spool));
    enum script_read status;
    while ((status = script_reader_next(&r, &err)) == SCRIPT_READ_BLOCK)
        continue;
    ck_assert_int_eq(status, SCRIPT_READ_END);
    script_reader_close(&r);
    char copy[128] = "";
    rewind(spool);
    ck_assert_uint_eq(fread(copy, 1, sizeof copy, spool), strlen(text));
    ck_assert_str_eq(copy, text);
    fclose(spool);
    fclose(in);
}
END_TEST

START_TEST(images_are_told_by_their_first_bytes) {
    static const struct {
        const char *bytes;
        size_t length;
        const char *format;
    } cases[] = {
        {"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "PNG"},
        {"GIF89a\x01\0\x01\0", 10, "GIF"},
        {"GIF87a\x01\0\x01\0", 10, "GIF"},
        {"\xff\xd8\xff\xe0\0\x10JFIF", 10, "JPEG"},
        {"BM\x46\0\0\0\0\0\0\0\x36\0", 12, "BMP"},
        {"BMW is not an image\n", 20, NULL},
        {"\x89PNG\r\n", 6, NULL},
        {"ffffff\n\n", 8, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *format =
            image_magic_format((const unsigned char *)cases[i].bytes, cases[i].length);
        if (!cases[i].format)
            ck_assert_msg(format == NULL, "case %zu", i);
        else
            ck_assert_msg(format && strcmp(format, cases[i].format) == 0, "case %zu", i);
    }
    /* the reader says so before anything else */
    int structures;
    struct text_error err;
    ck_assert_int_eq(read_all(cases[0].bytes, cases[0].length, &structures, &err),
                     SCRIPT_READ_ERROR);
    ck_assert_int_eq(err.line, 0);
    ck_assert_str_eq(err.message,
                     "this is a PNG image, not a script; convert it with tetris-convert first");
}
END_TEST

START_TEST(messages_show_control_bytes_as_hex) {
    char shown[PRINTABLE_BYTE_SIZE];
    ck_assert_str_eq(printable_byte('g', shown), "g");
    ck_assert_str_eq(printable_byte(' ', shown), " ");
    ck_assert_str_eq(printable_byte('~', shown), "~");
    ck_assert_str_eq(printable_byte(0x1b, shown), "0x1b");
    ck_assert_str_eq(printable_byte(0x7f, shown), "0x7f");
    ck_assert_str_eq(printable_byte(0x89, shown), "0x89");
    const char *text = "ff\033[31mff00\n\n" ROW "\n";
    int structures;
    struct text_error err;
    ck_assert_int_eq(read_all(text, strlen(text), &structures, &err), SCRIPT_READ_ERROR);
    ck_assert_str_eq(err.message,
                     "colour line: '0x1b' is not a hex digit (expected RRGGBB colours)");
    const char *row = "ffffff\n\nAAAA\x80................\n";
    ck_assert_int_eq(read_all(row, strlen(row), &structures, &err), SCRIPT_READ_ERROR);
    ck_assert_ptr_nonnull(strstr(err.message, "byte 0x80 in column 5"));
}
END_TEST

static Suite *script_reader_suite(void) {
    Suite *s = suite_create("script_reader");
    TCase *t = tcase_create("reader");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, blocks_come_one_at_a_time);
    tcase_add_test(t, a_chain_of_blocks_is_read_a_block_at_a_time);
    tcase_add_test(t, a_line_longer_than_the_cap_is_refused);
    tcase_add_test(t, a_line_that_never_ends_stops_at_the_cap);
    tcase_add_test(t, blocks_taller_than_the_cap_are_refused);
    tcase_add_test(t, a_script_larger_than_its_cap_is_refused);
    tcase_add_test(t, problems_are_reported_in_file_order);
    tcase_add_test(t, the_spool_gets_every_byte_read);
    tcase_add_test(t, images_are_told_by_their_first_bytes);
    tcase_add_test(t, messages_show_control_bytes_as_hex);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(script_reader_suite)
