#include "pattern_read.h"

#include "cli.h"
#include "tetromino.h"

#include <stdio.h>
#include <string.h>

bool pattern_read_layout(const struct block *b, int squares, struct layout *layout) {
    layout->squares = squares;
    const char *bottom = b->cells[b->rows - 1];
    for (int t = 0; t < squares; t++) {
        const char *first = memchr(bottom, BLOCK_FIRST_ID + t, BLOCK_WIDTH);
        if (!first || first - bottom > BLOCK_WIDTH - 3 || first[1] != first[0] ||
            first[2] != first[0])
            return false;
        layout->columns[t] = (int)(first - bottom);
        if (t > 0 && layout->columns[t] < layout->columns[t - 1] + 3)
            return false;
    }
    return true;
}

bool pattern_read_platform(const struct block *b, struct platform_start *start) {
    if (b->rows != PLATFORM_HEIGHT)
        return false;
    const char *bottom = b->cells[PLATFORM_HEIGHT - 1];
    const char *first = memchr(bottom, BLOCK_FIRST_ID, BLOCK_WIDTH);
    if (!first || first - bottom > BLOCK_WIDTH - 3)
        return false;
    start->t_column = (int)(first - bottom);
    start->side = b->cells[0][0] == '.' ? NOTCH_LEFT : NOTCH_RIGHT;
    return true;
}

/* True when the block draws the start shapes, and only them, with their letters. */
static bool start_matches(const struct block *b, const struct pattern *p, char last_start) {
    struct pattern shapes_only = *p;
    shapes_only.pieces = 0;
    struct block expected;
    if (shapes_only.start.height != b->rows || !pattern_draw(&shapes_only, &expected))
        return false;
    bool ok = true;
    for (int r = 0; r < b->rows && ok; r++)
        for (int c = 0; c < BLOCK_WIDTH && ok; c++)
            if ((b->cells[r][c] <= last_start && b->cells[r][c] != '.') ||
                expected.cells[r][c] != '.')
                ok = b->cells[r][c] == expected.cells[r][c];
    block_free(&expected);
    return ok;
}

/* The drop of a piece drawn with its bounding box's left edge at `column`. */
static int drop_of(int orientation, int column) {
    int drop = 0;
    while (DROPS[drop].orientation != orientation || DROPS[drop].column != column)
        drop++;
    return drop;
}

bool pattern_read_pieces(const struct block *b, struct pattern *p, char *message, size_t size) {
    char last_start = (char)(BLOCK_FIRST_ID + p->shape_count - 1);
    if (!start_matches(b, p, last_start))
        return cli_reason(message, size,
                          "the starting cells (triples or T) are not where expected");
    /* The start shapes aren't tetrominoes (triples have 3 cells): list the pieces of a copy
     * without them. */
    struct block pieces_only;
    if (!block_alloc(&pieces_only, b->rows))
        return cli_reason(message, size, "out of memory");
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < BLOCK_WIDTH; c++)
            if (b->cells[r][c] > last_start)
                pieces_only.cells[r][c] = b->cells[r][c];
    struct block_piece pieces[BLOCK_MAX_PIECES];
    struct text_error err;
    int count = block_pieces(&pieces_only, pieces, &err);
    block_free(&pieces_only);
    if (count < 0)
        return cli_reason(message, size, "%s", err.message);
    if (count > PACKING_MAX_PIECES)
        return cli_reason(message, size, "%d pieces: more than a matrix can hold", count);
    struct matrix m = p->start;
    for (int i = 0; i < count; i++) {
        const struct block_piece *piece = &pieces[i];
        if (piece->id != last_start + 1 + i)
            return cli_reason(message, size, "piece '%c' is out of sequence (expected '%c')",
                              piece->id, last_start + 1 + i);
        int drop = drop_of(piece->orientation, piece->x);
        int base = b->rows - (piece->y + ORIENTATIONS[piece->orientation].height);
        if (matrix_drop_base(&m, drop) != base)
            return cli_reason(message, size,
                              "piece '%c' can't be dropped there (gap under it, unsupported, or "
                              "outside the matrix)",
                              piece->id);
        matrix_apply(&m, drop, base);
        if (!matrix_regions_ok(&m))
            return cli_reason(message, size,
                              "piece '%c' leaves a region that is not a multiple of 4", piece->id);
        p->placements[i] = (struct placement){(uint16_t)drop, (uint8_t)base};
    }
    if (!matrix_packed(&m))
        return cli_reason(message, size, "the matrix is not completely packed");
    p->pieces = count;
    return true;
}
