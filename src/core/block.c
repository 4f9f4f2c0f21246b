#include "block.h"

#include "tetromino.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool text_error_set(struct text_error *err, int line, int block, const char *fmt, ...) {
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
            text_error_set(err, line, 0,
                           "piece '%c' has %d cells, expected 4 (one character names one piece)",
                           ch, counts[id]);
            return -1;
        }
        int x, y;
        int o = orientation_from_cells(xs[id], ys[id], &x, &y);
        if (o < 0) {
            text_error_set(err, line, 0,
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
