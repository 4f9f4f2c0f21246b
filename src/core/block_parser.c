#include "block_parser.h"

#include "hex_colour.h"
#include "printable.h"

#include <stdlib.h>
#include <string.h>

/* One line of the text without its line end and trailing blanks. */
struct line {
    const char *text;
    size_t length;
};

static struct line trimmed(const char *text, size_t length) {
    while (length > 0 &&
           (text[length - 1] == '\r' || text[length - 1] == ' ' || text[length - 1] == '\t'))
        length--;
    return (struct line){text, length};
}

static bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

/* The number the open (or next) block will have in messages. */
static int open_block_number(const struct block_parser *p) {
    return p->blocks_released + p->out->block_count + 1;
}

/* A first line that looks like a block row (a field's width of '.' and piece characters)
 * means the colour line is missing; a colour line is 6 characters or holds a blank. The
 * line is not NUL-terminated, so no str* function may scan it. */
static bool looks_like_block_row(struct line line) {
    if (!field_width_valid((long)line.length))
        return false;
    for (size_t i = 0; i < line.length; i++)
        if (line.text[i] != '.' && (line.text[i] < BLOCK_FIRST_ID || line.text[i] > BLOCK_LAST_ID))
            return false;
    return true;
}

static bool parse_colours(struct line line, int line_no, struct block_file *out,
                          struct text_error *err) {
    size_t i = 0;
    out->colour_count = 0;
    while (i < line.length) {
        if (out->colour_count == MAX_COLOURS)
            return text_error_set(err, line_no, 0, "colour line: more than %d colours",
                                  MAX_COLOURS);
        if (line.text[i] == '-' && (i + 1 == line.length || is_blank(line.text[i + 1]))) {
            out->colours[out->colour_count++] = BLOCK_NO_COLOUR; /* a piece type not used */
            for (i++; i < line.length && is_blank(line.text[i]); i++)
                ;
            continue;
        }
        size_t start = i;
        for (; i < line.length && !is_blank(line.text[i]); i++) {
            char shown[PRINTABLE_BYTE_SIZE];
            if (hex_digit_value(line.text[i]) < 0)
                return text_error_set(
                    err, line_no, 0,
                    "colour line: '%s' is not a hex digit (expected RRGGBB colours)",
                    printable_byte((unsigned char)line.text[i], shown));
        }
        if (!hex_colour_parse(line.text + start, i - start, &out->colours[out->colour_count]))
            return text_error_set(err, line_no, 0,
                                  "colour line: a colour has %zu hex digits, expected %d (RRGGBB)",
                                  i - start, HEX_COLOUR_DIGITS);
        out->colour_count++;
        while (i < line.length && is_blank(line.text[i]))
            i++;
    }
    return true;
}

/* The first block line sets the file's width; every other must have it. */
static bool check_row(struct block_parser *p, struct line line, int line_no) {
    int block_no = open_block_number(p);
    if (p->out->width == 0 && !field_width_valid((long)line.length))
        return text_error_set(p->err, line_no, block_no,
                              "line has %zu characters, expected an odd number from %d to %d (the "
                              "field's width)",
                              line.length, FIELD_MIN_WIDTH, FIELD_MAX_WIDTH);
    if (p->out->width == 0)
        p->out->width = (int)line.length;
    if (line.length != (size_t)p->out->width)
        return text_error_set(p->err, line_no, block_no, "line has %zu characters, expected %d",
                              line.length, p->out->width);
    for (size_t i = 0; i < line.length; i++) {
        unsigned char c = (unsigned char)line.text[i];
        char shown[PRINTABLE_BYTE_SIZE];
        if (c != '.' && (c < BLOCK_FIRST_ID || c > BLOCK_LAST_ID))
            return text_error_set(p->err, line_no, block_no,
                                  byte_is_printable(c) ? "character '%s' in column %zu is neither "
                                                         "'.' nor a piece ('A'..'~')"
                                                       : "byte %s in column %zu is neither '.' "
                                                         "nor a piece ('A'..'~')",
                                  printable_byte(c, shown), i + 1);
    }
    return true;
}

static bool add_row(struct block_parser *p, struct line line, int line_no) {
    if (p->row_count == BLOCK_MAX_ROWS)
        return text_error_set(p->err, p->first_line, open_block_number(p), "more than %d lines",
                              BLOCK_MAX_ROWS);
    if (p->row_count == p->row_capacity) {
        int grown_capacity = p->row_capacity ? p->row_capacity * 2 : 64;
        char *grown = realloc(p->rows, (size_t)grown_capacity * (size_t)p->out->width);
        if (!grown)
            return text_error_set(p->err, line_no, open_block_number(p), "out of memory");
        p->rows = grown;
        p->row_capacity = grown_capacity;
    }
    if (p->row_count == 0)
        p->first_line = line_no;
    memcpy(p->rows + (size_t)p->row_count * (size_t)p->out->width, line.text, line.length);
    p->row_count++;
    return true;
}

/* Closes the open block, if any: appends it to out. */
static bool close_block(struct block_parser *p, int line_no) {
    struct block_file *out = p->out;
    if (p->row_count == 0)
        return true;
    if (p->continuing && p->last_rows != p->row_count)
        return text_error_set(p->err, p->first_line, open_block_number(p),
                              "block continues block %d, so it must have its %d lines, not %d",
                              open_block_number(p) - 1, p->last_rows, p->row_count);
    if (out->block_count == p->capacity) {
        int grown = p->capacity ? p->capacity * 2 : 16;
        struct block *blocks = realloc(out->blocks, (size_t)grown * sizeof *blocks);
        if (!blocks)
            return text_error_set(p->err, line_no, open_block_number(p), "out of memory");
        out->blocks = blocks;
        p->capacity = grown;
    }
    struct block *b = &out->blocks[out->block_count];
    if (!block_alloc(b, out->width, p->row_count))
        return text_error_set(p->err, line_no, open_block_number(p), "out of memory");
    b->first_line = p->first_line;
    b->continues = p->continuing;
    memcpy(b->cells, p->rows, (size_t)p->row_count * (size_t)out->width);
    out->block_count++;
    p->last_rows = p->row_count;
    p->row_count = 0;
    p->continuing = false;
    return true;
}

static bool dangling_continuation(struct block_parser *p) {
    return text_error_set(p->err, p->plus_line, open_block_number(p),
                          "a '+' line must be followed by the block that continues the one "
                          "before it");
}

/* A '+' line closes the open block and says that the next block continues it. */
static bool continuation_line(struct block_parser *p, int line_no) {
    if (p->continuing && p->row_count == 0)
        return dangling_continuation(p);
    if (p->row_count == 0)
        return text_error_set(p->err, line_no, open_block_number(p),
                              "a '+' line must come right after a block (it joins that block to "
                              "the next)");
    if (!close_block(p, line_no))
        return false;
    p->continuing = true;
    p->plus_line = line_no;
    return true;
}

static bool is_continuation(struct line line) {
    size_t n = strlen(BLOCK_CONTINUATION);
    return line.length == n && memcmp(line.text, BLOCK_CONTINUATION, n) == 0;
}

/* A blank line, or the end of the text: closes the open block. */
static bool end_of_block(struct block_parser *p, int line_no) {
    if (p->continuing && p->row_count == 0)
        return dangling_continuation(p);
    return close_block(p, line_no);
}

void block_parser_init(struct block_parser *p, bool expect_colours, struct block_file *out,
                       struct text_error *err) {
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    *p = (struct block_parser){
        .out = out, .err = err, .expect_colours = expect_colours, .colours_seen = !expect_colours};
}

bool block_parser_line(struct block_parser *p, const char *text, size_t length, int line_no) {
    if (length > BLOCK_LINE_MAX)
        return text_error_set(p->err, line_no, p->colours_seen ? open_block_number(p) : 0,
                              "line is longer than %d bytes", BLOCK_LINE_MAX);
    struct line line = trimmed(text, length);
    if (memchr(line.text, '\0', line.length))
        return text_error_set(p->err, line_no, p->colours_seen ? open_block_number(p) : 0,
                              "NUL byte in line");
    if (line.length == 0)
        return end_of_block(p, line_no);
    if (!p->colours_seen) {
        p->colours_seen = true;
        if (looks_like_block_row(line))
            return text_error_set(p->err, line_no, 0,
                                  "missing colour line: expected 1 to %d RRGGBB colours before "
                                  "the first block",
                                  MAX_COLOURS);
        return parse_colours(line, line_no, p->out, p->err);
    }
    if (is_continuation(line))
        return continuation_line(p, line_no);
    return check_row(p, line, line_no) && add_row(p, line, line_no);
}

bool block_parser_finish(struct block_parser *p, int line_count) {
    if (!end_of_block(p, line_count))
        return false;
    if (!p->colours_seen)
        return text_error_set(p->err, 0, 0, "empty script: no colour line");
    if (p->blocks_released + p->out->block_count == 0)
        return text_error_set(p->err, 0, 0,
                              p->expect_colours ? "empty script: no blocks" : "no blocks");
    return true;
}

void block_parser_release(struct block_parser *p) {
    for (int i = 0; i < p->out->block_count; i++)
        block_free(&p->out->blocks[i]);
    p->blocks_released += p->out->block_count;
    p->out->block_count = 0;
}

void block_parser_free(struct block_parser *p) {
    free(p->rows);
    p->rows = NULL;
}

bool block_file_parse(const char *text, size_t length, bool expect_colours, struct block_file *out,
                      struct text_error *err) {
    struct block_parser p;
    block_parser_init(&p, expect_colours, out, err);
    size_t pos = 0;
    int line_no = 0;
    bool ok = true;
    while (ok && pos < length) {
        const char *end = memchr(text + pos, '\n', length - pos);
        size_t line_length = end ? (size_t)(end - (text + pos)) : length - pos;
        ok = block_parser_line(&p, text + pos, line_length, ++line_no);
        pos += line_length + (end != NULL);
    }
    ok = ok && block_parser_finish(&p, line_no);
    block_parser_free(&p);
    if (!ok)
        block_file_free(out);
    return ok;
}
