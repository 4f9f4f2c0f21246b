#include "block.h"

#include "hex_colour.h"
#include "tetromino.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool fail(struct text_error *err, int line, int block, const char *fmt, ...) {
    err->line = line;
    err->block = block;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

bool block_alloc(struct block *block, int width, int rows) {
    size_t cells = (size_t)(rows > 0 ? rows : 1) * (size_t)width;
    *block = (struct block){.rows = rows, .width = width, .cells = malloc(cells)};
    if (!block->cells)
        return false;
    memset(block->cells, '.', cells);
    return true;
}

void block_free(struct block *block) {
    free(block->cells);
    block->cells = NULL;
    block->rows = 0;
}

void block_file_free(struct block_file *file) {
    for (int i = 0; i < file->block_count; i++)
        block_free(&file->blocks[i]);
    free(file->blocks);
    file->blocks = NULL;
    file->block_count = 0;
}

/* One line of the text without its line end and trailing blanks. */
struct line {
    const char *text;
    size_t length;
};

static struct line next_line(const char *text, size_t length, size_t *pos) {
    size_t start = *pos, end = start;
    while (end < length && text[end] != '\n')
        end++;
    *pos = end < length ? end + 1 : end;
    while (end > start && (text[end - 1] == '\r' || text[end - 1] == ' ' || text[end - 1] == '\t'))
        end--;
    return (struct line){text + start, end - start};
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
            return fail(err, line_no, 0, "colour line: more than %d colours", MAX_COLOURS);
        if (line.text[i] == '-' && (i + 1 == line.length || line.text[i + 1] == ' ' ||
                                    line.text[i + 1] == '\t')) { /* a piece type not used */
            out->colours[out->colour_count++] = BLOCK_NO_COLOUR;
            for (i++; i < line.length && (line.text[i] == ' ' || line.text[i] == '\t'); i++)
                ;
            continue;
        }
        size_t start = i;
        for (; i < line.length && line.text[i] != ' ' && line.text[i] != '\t'; i++)
            if (hex_digit_value(line.text[i]) < 0)
                return fail(err, line_no, 0,
                            "colour line: '%c' is not a hex digit (expected RRGGBB colours)",
                            line.text[i]);
        if (!hex_colour_parse(line.text + start, i - start, &out->colours[out->colour_count]))
            return fail(err, line_no, 0,
                        "colour line: a colour has %zu hex digits, expected %d (RRGGBB)", i - start,
                        HEX_COLOUR_DIGITS);
        out->colour_count++;
        while (i < line.length && (line.text[i] == ' ' || line.text[i] == '\t'))
            i++;
    }
    return true;
}

/* A file being parsed: the blocks so far and the lines of the open one. */
struct parser {
    struct block_file *out;
    struct text_error *err;
    int capacity;
    struct line *rows;
    int row_count, row_capacity, first_line;
    bool continuing; /* the open block follows a '+' line ... */
    int plus_line;   /* ... on this line */
};

/* The first block line sets the file's width; every other must have it. */
static bool check_row(struct parser *p, struct line line, int line_no) {
    int block_no = p->out->block_count + 1;
    if (p->out->width == 0 && !field_width_valid((long)line.length))
        return fail(p->err, line_no, block_no,
                    "line has %zu characters, expected an odd number from %d to %d (the field's "
                    "width)",
                    line.length, FIELD_MIN_WIDTH, FIELD_MAX_WIDTH);
    if (p->out->width == 0)
        p->out->width = (int)line.length;
    if (line.length != (size_t)p->out->width)
        return fail(p->err, line_no, block_no, "line has %zu characters, expected %d", line.length,
                    p->out->width);
    for (size_t i = 0; i < line.length; i++) {
        unsigned char c = (unsigned char)line.text[i];
        if (c != '.' && (c < BLOCK_FIRST_ID || c > BLOCK_LAST_ID))
            return fail(p->err, line_no, block_no,
                        c >= 32 && c < 127 ? "character '%c' in column %zu is neither '.' nor "
                                             "a piece ('A'..'~')"
                                           : "byte 0x%02x in column %zu is neither '.' nor a "
                                             "piece ('A'..'~')",
                        c, i + 1);
    }
    return true;
}

static bool add_row(struct parser *p, struct line line, int line_no) {
    if (p->row_count == p->row_capacity) {
        int grown_capacity = p->row_capacity ? p->row_capacity * 2 : 64;
        struct line *grown = realloc(p->rows, (size_t)grown_capacity * sizeof *grown);
        if (!grown)
            return fail(p->err, line_no, p->out->block_count + 1, "out of memory");
        p->rows = grown;
        p->row_capacity = grown_capacity;
    }
    if (p->row_count == 0)
        p->first_line = line_no;
    p->rows[p->row_count++] = line;
    return true;
}

/* Closes the open block, if any: appends it to the file. */
static bool close_block(struct parser *p, int line_no) {
    struct block_file *out = p->out;
    if (p->row_count == 0)
        return true;
    if (p->continuing && out->blocks[out->block_count - 1].rows != p->row_count)
        return fail(p->err, p->first_line, out->block_count + 1,
                    "block continues block %d, so it must have its %d lines, not %d",
                    out->block_count, out->blocks[out->block_count - 1].rows, p->row_count);
    if (out->block_count == p->capacity) {
        int grown = p->capacity ? p->capacity * 2 : 16;
        struct block *blocks = realloc(out->blocks, (size_t)grown * sizeof *blocks);
        if (!blocks)
            return fail(p->err, line_no, out->block_count + 1, "out of memory");
        out->blocks = blocks;
        p->capacity = grown;
    }
    struct block *b = &out->blocks[out->block_count];
    if (!block_alloc(b, out->width, p->row_count))
        return fail(p->err, line_no, out->block_count + 1, "out of memory");
    b->first_line = p->first_line;
    b->continues = p->continuing;
    for (int r = 0; r < p->row_count; r++)
        memcpy(block_row(b, r), p->rows[r].text, (size_t)out->width);
    out->block_count++;
    p->row_count = 0;
    p->continuing = false;
    return true;
}

/* A '+' line closes the open block and says that the next block continues it. */
static bool continuation_line(struct parser *p, int line_no) {
    if (p->continuing && p->row_count == 0)
        return fail(p->err, p->plus_line, p->out->block_count + 1,
                    "a '+' line must be followed by the block that continues the one before it");
    if (p->row_count == 0)
        return fail(p->err, line_no, p->out->block_count + 1,
                    "a '+' line must come right after a block (it joins that block to the next)");
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

bool block_file_parse(const char *text, size_t length, bool expect_colours, struct block_file *out,
                      struct text_error *err) {
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    struct parser p = {.out = out, .err = err};
    size_t pos = 0;
    int line_no = 0;
    bool colours_seen = !expect_colours;
    bool ok = true;
    while (ok && pos <= length) {
        bool at_end = pos == length;
        struct line line = at_end ? (struct line){text + pos, 0} : next_line(text, length, &pos);
        if (!at_end)
            line_no++;
        if (memchr(line.text, '\0', line.length)) {
            ok = fail(err, line_no, colours_seen ? out->block_count + 1 : 0, "NUL byte in line");
        } else if (line.length == 0) { /* blank line or end: close the open block */
            if (p.continuing && p.row_count == 0)
                ok = fail(err, p.plus_line, out->block_count + 1,
                          "a '+' line must be followed by the block that continues the one "
                          "before it");
            else
                ok = close_block(&p, line_no);
            if (at_end)
                break;
        } else if (!colours_seen) {
            if (looks_like_block_row(line))
                ok = fail(err, line_no, 0,
                          "missing colour line: expected 1 to 7 RRGGBB colours before the "
                          "first block");
            else
                ok = parse_colours(line, line_no, out, err);
            colours_seen = true;
        } else if (is_continuation(line)) {
            ok = continuation_line(&p, line_no);
        } else {
            ok = check_row(&p, line, line_no) && add_row(&p, line, line_no);
        }
    }
    free(p.rows);
    if (ok && !colours_seen)
        ok = fail(err, 0, 0, "empty script: no colour line");
    if (ok && out->block_count == 0)
        ok = fail(err, 0, 0, expect_colours ? "empty script: no blocks" : "no blocks");
    if (!ok)
        block_file_free(out);
    return ok;
}

int block_structure_end(const struct block *blocks, int count, int first) {
    int end = first + 1;
    while (end < count && blocks[end].continues)
        end++;
    return end;
}

int block_pieces(const struct block *block, struct block_piece pieces[BLOCK_MAX_PIECES],
                 struct text_error *err) {
    int xs[BLOCK_MAX_PIECES][PIECE_CELLS], ys[BLOCK_MAX_PIECES][PIECE_CELLS];
    int counts[BLOCK_MAX_PIECES] = {0};
    int first_row[BLOCK_MAX_PIECES];
    memset(err, 0, sizeof *err);
    for (int r = 0; r < block->rows; r++) {
        for (int c = 0; c < block->width; c++) {
            char ch = block_row(block, r)[c];
            if (ch == '.')
                continue;
            int id = ch - BLOCK_FIRST_ID;
            if (counts[id] == 0)
                first_row[id] = r;
            if (counts[id] < PIECE_CELLS) {
                xs[id][counts[id]] = c;
                ys[id][counts[id]] = r;
            }
            counts[id]++;
        }
    }
    int n = 0;
    for (int id = 0; id < BLOCK_MAX_PIECES; id++) {
        if (counts[id] == 0)
            continue;
        char ch = (char)(BLOCK_FIRST_ID + id);
        int line = block->first_line ? block->first_line + first_row[id] : 0;
        if (counts[id] != PIECE_CELLS) {
            fail(err, line, 0,
                 "piece '%c' has %d cells, expected 4 (one character names one piece)", ch,
                 counts[id]);
            return -1;
        }
        int x, y;
        int o = orientation_from_cells(xs[id], ys[id], &x, &y);
        if (o < 0) {
            fail(err, line, 0,
                 "piece '%c' is not a tetromino (its 4 cells are not one of the 19 "
                 "orientations)",
                 ch);
            return -1;
        }
        pieces[n++] = (struct block_piece){ch, (int8_t)o, (int8_t)x, (int16_t)y};
    }
    return n;
}

bool block_write(FILE *out, const struct block *block) {
    size_t width = (size_t)block->width;
    for (int r = 0; r < block->rows; r++) {
        if (fwrite(block_row(block, r), 1, width, out) != width || putc('\n', out) == EOF)
            return false;
    }
    return true;
}

bool block_write_separator(FILE *out, const struct block *next) {
    return fprintf(out, "%s\n", next->continues ? BLOCK_CONTINUATION : "") >= 0;
}

bool colours_write(FILE *out, int count, const uint32_t colours[]) {
    for (int i = 0; i < count; i++) {
        int n = colours[i] == BLOCK_NO_COLOUR
                    ? fprintf(out, "%s-", i ? " " : "")
                    : fprintf(out, "%s%06x", i ? " " : "", (unsigned)colours[i]);
        if (n < 0)
            return false;
    }
    return putc('\n', out) != EOF;
}
