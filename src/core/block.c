#include "block.h"

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

bool block_alloc(struct block *block, int rows) {
    block->rows = rows;
    block->first_line = 0;
    block->cells = malloc((size_t)(rows > 0 ? rows : 1) * sizeof *block->cells);
    if (!block->cells)
        return false;
    memset(block->cells, '.', (size_t)rows * sizeof *block->cells);
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

/* A first line that starts like a block row means the colour line is missing. The line is
 * not NUL-terminated, so no str* function may scan it. */
static bool looks_like_block_row(struct line line) {
    if (line.length != BLOCK_WIDTH)
        return false;
    for (size_t i = 0; i < 6; i++)
        if (line.text[i] != '.' && (line.text[i] < 'A' || line.text[i] > 'Z'))
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
        uint32_t value = 0;
        size_t digits = 0;
        if (line.text[i] == '-' && (i + 1 == line.length || line.text[i + 1] == ' ' ||
                                    line.text[i + 1] == '\t')) { /* a piece type not used */
            out->colours[out->colour_count++] = BLOCK_NO_COLOUR;
            for (i++; i < line.length && (line.text[i] == ' ' || line.text[i] == '\t'); i++)
                ;
            continue;
        }
        for (; i < line.length && line.text[i] != ' ' && line.text[i] != '\t'; i++, digits++) {
            char c = line.text[i];
            int v = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (v < 0)
                return fail(err, line_no, 0,
                            "colour line: '%c' is not a hex digit (expected RRGGBB colours)", c);
            value = value * 16 + (uint32_t)v;
        }
        if (digits != 6)
            return fail(err, line_no, 0,
                        "colour line: a colour has %zu hex digits, expected 6 (RRGGBB)", digits);
        out->colours[out->colour_count++] = value;
        while (i < line.length && (line.text[i] == ' ' || line.text[i] == '\t'))
            i++;
    }
    return true;
}

static bool check_row(struct line line, int line_no, int block_no, struct text_error *err) {
    if (line.length != BLOCK_WIDTH)
        return fail(err, line_no, block_no, "line has %zu characters, expected %d", line.length,
                    BLOCK_WIDTH);
    for (size_t i = 0; i < line.length; i++) {
        unsigned char c = (unsigned char)line.text[i];
        if (c != '.' && (c < BLOCK_FIRST_ID || c > BLOCK_LAST_ID))
            return fail(err, line_no, block_no,
                        c >= 32 && c < 127 ? "character '%c' in column %zu is neither '.' nor "
                                             "a piece ('A'..'~')"
                                           : "byte 0x%02x in column %zu is neither '.' nor a "
                                             "piece ('A'..'~')",
                        c, i + 1);
    }
    return true;
}

static bool append_block(struct block_file *out, int *capacity, const struct line *rows,
                         int row_count, int first_line) {
    if (out->block_count == *capacity) {
        int grown = *capacity ? *capacity * 2 : 16;
        struct block *blocks = realloc(out->blocks, (size_t)grown * sizeof *blocks);
        if (!blocks)
            return false;
        out->blocks = blocks;
        *capacity = grown;
    }
    struct block *b = &out->blocks[out->block_count];
    if (!block_alloc(b, row_count))
        return false;
    b->first_line = first_line;
    for (int r = 0; r < row_count; r++)
        memcpy(b->cells[r], rows[r].text, BLOCK_WIDTH);
    out->block_count++;
    return true;
}

bool block_file_parse(const char *text, size_t length, bool expect_colours, struct block_file *out,
                      struct text_error *err) {
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    size_t pos = 0;
    int line_no = 0, capacity = 0;
    bool colours_seen = !expect_colours;
    struct line *rows = NULL;
    int row_count = 0, row_capacity = 0, first_line = 0;
    bool ok = true;
    while (ok && pos <= length) {
        bool at_end = pos == length;
        struct line line = at_end ? (struct line){text + pos, 0} : next_line(text, length, &pos);
        if (!at_end)
            line_no++;
        if (memchr(line.text, '\0', line.length)) {
            ok = fail(err, line_no, colours_seen ? out->block_count + 1 : 0, "NUL byte in line");
            break;
        }
        if (line.length == 0) { /* blank line or end: close the open block */
            if (row_count > 0 && !append_block(out, &capacity, rows, row_count, first_line))
                ok = fail(err, line_no, out->block_count + 1, "out of memory");
            row_count = 0;
            if (at_end)
                break;
            continue;
        }
        if (!colours_seen) {
            if (looks_like_block_row(line)) {
                ok = fail(err, line_no, 0,
                          "missing colour line: expected 1 to 7 RRGGBB colours before the "
                          "first block");
                break;
            }
            ok = parse_colours(line, line_no, out, err);
            colours_seen = true;
            continue;
        }
        if (!check_row(line, line_no, out->block_count + 1, err)) {
            ok = false;
            break;
        }
        if (row_count == row_capacity) {
            row_capacity = row_capacity ? row_capacity * 2 : 64;
            struct line *grown = realloc(rows, (size_t)row_capacity * sizeof *rows);
            if (!grown) {
                ok = fail(err, line_no, out->block_count + 1, "out of memory");
                break;
            }
            rows = grown;
        }
        if (row_count == 0)
            first_line = line_no;
        rows[row_count++] = line;
    }
    free(rows);
    if (ok && !colours_seen)
        ok = fail(err, 0, 0, "empty script: no colour line");
    if (ok && out->block_count == 0)
        ok = fail(err, 0, 0, expect_colours ? "empty script: no blocks" : "no blocks");
    if (!ok)
        block_file_free(out);
    return ok;
}

int block_pieces(const struct block *block, struct block_piece pieces[BLOCK_MAX_PIECES],
                 struct text_error *err) {
    int xs[BLOCK_MAX_PIECES][PIECE_CELLS], ys[BLOCK_MAX_PIECES][PIECE_CELLS];
    int counts[BLOCK_MAX_PIECES] = {0};
    int first_row[BLOCK_MAX_PIECES];
    memset(err, 0, sizeof *err);
    for (int r = 0; r < block->rows; r++) {
        for (int c = 0; c < BLOCK_WIDTH; c++) {
            char ch = block->cells[r][c];
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
    for (int r = 0; r < block->rows; r++) {
        if (fwrite(block->cells[r], 1, BLOCK_WIDTH, out) != BLOCK_WIDTH || putc('\n', out) == EOF)
            return false;
    }
    return true;
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
