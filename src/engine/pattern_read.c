#include "pattern_read.h"

#include "cli.h"
#include "tetromino.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool pattern_read_layout(const struct block *b, int squares, struct layout *layout) {
    layout->squares = squares;
    const char *bottom = block_row(b, b->rows - 1);
    for (int t = 0; t < squares; t++) {
        const char *first = memchr(bottom, BLOCK_FIRST_ID + t, (size_t)b->width);
        if (!first || first - bottom > b->width - 3 || first[1] != first[0] || first[2] != first[0])
            return false;
        layout->columns[t] = (int)(first - bottom);
        if (t > 0 && layout->columns[t] < layout->columns[t - 1] + 3)
            return false;
    }
    return true;
}

/* The highest letter of a block: its last piece. */
static char last_letter(const struct block *b) {
    char last = '.';
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->width; c++)
            if (block_row(b, r)[c] != '.' && (last == '.' || block_row(b, r)[c] > last))
                last = block_row(b, r)[c];
    return last;
}

bool pattern_read_platform(const struct block *blocks, int count, struct platform_start *start,
                           char *message, size_t size) {
    const struct block *b = &blocks[0];
    const char *bottom = block_row(b, b->rows - 1);
    const char *first = memchr(bottom, BLOCK_FIRST_ID, (size_t)b->width);
    if (b->rows != PLATFORM_HEIGHT || !first || first - bottom > b->width - 3)
        return cli_reason(message, size, "not a 4-row platform with a T 'A' in its bottom row");
    start->t_column = (int)(first - bottom);
    /* The notch piece is the last letter; it fills one top corner. */
    const struct block *last = &blocks[count - 1];
    char letter = last_letter(last), top_left = '.', top_right = '.';
    for (int k = 0; k < count; k++) {
        const char *top = block_row(&blocks[k], 0);
        top_left = top[0] != '.' ? top[0] : top_left;
        top_right = top[b->width - 1] != '.' ? top[b->width - 1] : top_right;
    }
    if (top_left == '.' || top_right == '.')
        return cli_reason(message, size,
                          "the notch is empty: a platform ends with the J or L that fills it, "
                          "as its last letter");
    const char *last_top = block_row(last, 0);
    if (letter == '.' || (last_top[0] != letter && last_top[b->width - 1] != letter))
        return cli_reason(message, size,
                          "the last piece '%c' is not in a top corner (the J or L that fills "
                          "the notch is dropped last)",
                          letter);
    start->side = last_top[0] == letter ? NOTCH_LEFT : NOTCH_RIGHT;
    return true;
}

bool pattern_read_platform_pieces(const struct block *blocks, int count, enum notch_side side,
                                  struct pattern *p, char *message, size_t size) {
    if (!pattern_read_pieces(blocks, count, p, message, size))
        return false;
    struct placement want = notch_piece(side, p->start.width, p->start.height),
                     last = p->placements[p->pieces - 1]; /* a packed platform has pieces */
    if (last.orientation != want.orientation || last.column != want.column ||
        last.base != want.base)
        return cli_reason(message, size,
                          "the last piece is not the %c that fills exactly the %s notch (the top "
                          "%d cells of column %d and the top %d of column %d)",
                          piece_type_letter(ORIENTATIONS[want.orientation].type),
                          side == NOTCH_LEFT ? "left" : "right", NOTCH_EDGE_ROWS,
                          notch_edge_column(side, p->start.width), NOTCH_INNER_ROWS,
                          notch_inner_column(side, p->start.width));
    return true;
}

/* True when the block draws the start shapes, and only them, with their letters. */
static bool start_matches(const struct block *b, const struct pattern *p, char last_start) {
    struct pattern shapes_only = *p;
    shapes_only.pieces = 0;
    struct pattern_blocks expected;
    if (shapes_only.start.height + shapes_only.emission_row != b->rows ||
        shapes_only.start.width != b->width || shapes_only.shape_count > BLOCK_MAX_PIECES ||
        !pattern_draw(&shapes_only, &expected))
        return false;
    const struct block *e = &expected.blocks[0];
    bool ok = true;
    for (int r = 0; r < b->rows && ok; r++) {
        const char *row = block_row(b, r), *expected_row = block_row(e, r);
        for (int c = 0; c < b->width && ok; c++)
            if ((row[c] <= last_start && row[c] != '.') || expected_row[c] != '.')
                ok = row[c] == expected_row[c];
    }
    pattern_blocks_free(&expected);
    return ok;
}

/* The pieces of a block, drop order, leaving out letters up to `last_start` (the start
 * shapes, which aren't tetrominoes: triples have 3 cells). Returns the count or -1. */
static int list_pieces(const struct block *b, char last_start, struct block_piece *pieces,
                       char *message, size_t size) {
    struct block pieces_only;
    if (!block_alloc(&pieces_only, b->width, b->rows)) {
        cli_reason(message, size, "out of memory");
        return -1;
    }
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->width; c++)
            if (block_row(b, r)[c] > last_start)
                block_row(&pieces_only, r)[c] = block_row(b, r)[c];
    struct text_error err;
    int count = block_pieces(&pieces_only, pieces, &err);
    block_free(&pieces_only);
    if (count < 0)
        cli_reason(message, size, "%s", err.message);
    return count;
}

bool pattern_read_pieces(const struct block *blocks, int count, struct pattern *p, char *message,
                         size_t size) {
    char last_start = (char)(BLOCK_FIRST_ID + p->shape_count - 1);
    if (!start_matches(&blocks[0], p, last_start))
        return cli_reason(message, size,
                          "the starting cells (triples or T) are not where expected");
    struct matrix m = p->start;
    int placed_count = 0;
    for (int k = 0; k < count; k++) {
        const struct block *b = &blocks[k];
        char first_id = k == 0 ? last_start + 1 : BLOCK_FIRST_ID;
        struct block_piece pieces[BLOCK_MAX_PIECES];
        int n = list_pieces(b, (char)(first_id - 1), pieces, message, size);
        if (n < 0)
            return false;
        if (placed_count + n > MATRIX_MAX_PIECES)
            return cli_reason(message, size, "more pieces than a matrix can hold");
        for (int i = 0; i < n; i++) {
            const struct block_piece *piece = &pieces[i];
            if (piece->id != first_id + i)
                return cli_reason(message, size, "piece '%c' is out of sequence (expected '%c')",
                                  piece->id, first_id + i);
            int base =
                b->rows - p->emission_row - (piece->y + ORIENTATIONS[piece->orientation].height);
            if (matrix_drop_base(&m, piece->orientation, piece->x) != base)
                return cli_reason(message, size,
                                  "piece '%c' can't be dropped there (gap under it, unsupported, "
                                  "or outside the matrix)",
                                  piece->id);
            struct placement placed = {(uint8_t)piece->orientation, (uint8_t)piece->x,
                                       (int8_t)base};
            matrix_apply(&m, placed);
            if (!matrix_regions_ok(&m))
                return cli_reason(message, size,
                                  "piece '%c' leaves a region that is not a multiple of 4",
                                  piece->id);
            p->placements[placed_count++] = placed;
        }
    }
    if (!matrix_packed(&m))
        return cli_reason(message, size, "the matrix is not completely packed");
    p->pieces = placed_count;
    return true;
}

int pattern_dir_width(const char *dir, int fallback) {
    static const char *const names[] = {"emitters1.txt", "platforms.txt"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t length;
        char reason[128];
        char *text = cli_read_regular_file(path, PATTERN_FILE_MAX_BYTES, false, &length, reason,
                                           sizeof reason);
        if (!text)
            continue;
        struct block_file file;
        struct text_error err;
        bool ok = block_file_parse(text, length, false, &file, &err);
        free(text);
        if (ok) {
            int width = file.width;
            block_file_free(&file);
            return width;
        }
    }
    return fallback;
}
