#include "pattern.h"

#include "parity.h"
#include "tetromino.h"

#include <string.h>

void pattern_add_shape(struct pattern *p, int cells, const int columns[], const int levels[]) {
    struct start_shape *s = &p->shapes[p->shape_count++];
    s->cells = cells;
    for (int i = 0; i < cells; i++) {
        s->column[i] = (int8_t)columns[i];
        s->level[i] = (int8_t)levels[i];
        if (levels[i] >= 0 && p->start.stack[columns[i]] < levels[i] + 1)
            p->start.stack[columns[i]] = (uint8_t)(levels[i] + 1);
    }
}

bool pattern_emitter_height_valid(int width, int squares, int height) {
    return parity_whole(width, height, squares) && height <= MATRIX_MAX_HEIGHT;
}

void pattern_start_emitter(struct pattern *p, int width, const struct layout *layout, int height) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, width, height);
    for (int t = 0; t < layout->squares; t++) {
        int c = layout->columns[t];
        const int columns[3] = {c, c + 1, c + 2}, levels[3] = {0, 0, 0};
        pattern_add_shape(p, 3, columns, levels);
    }
}

void notch_reserve(uint8_t capacity[], int width, int rows, enum notch_side side) {
    capacity[notch_edge_column(side, width)] = (uint8_t)(rows - NOTCH_EDGE_ROWS);
    capacity[notch_inner_column(side, width)] = (uint8_t)(rows - NOTCH_INNER_ROWS);
}

enum notch_side notch_side_of(const uint8_t capacity[], int width, int rows) {
    return capacity[notch_edge_column(NOTCH_LEFT, width)] < rows ? NOTCH_LEFT : NOTCH_RIGHT;
}

_Static_assert(NOTCH_EDGE_ROWS + NOTCH_INNER_ROWS == PIECE_CELLS, "the notch is one piece");

struct placement notch_piece(enum notch_side side, int width, int rows) {
    int xs[PIECE_CELLS], ys[PIECE_CELLS], n = 0; /* y grows downwards, from the top row */
    for (int row = 0; row < NOTCH_EDGE_ROWS; row++, n++) {
        xs[n] = notch_edge_column(side, width);
        ys[n] = row;
    }
    for (int row = 0; row < NOTCH_INNER_ROWS; row++, n++) {
        xs[n] = notch_inner_column(side, width);
        ys[n] = row;
    }
    int x, y, orientation = orientation_from_cells(xs, ys, &x, &y);
    int base = rows - y - ORIENTATIONS[orientation].height;
    return (struct placement){(uint8_t)orientation, (uint8_t)x, (int8_t)base};
}

void pattern_start_platform(struct pattern *p, int width, struct platform_start start) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, width, PLATFORM_HEIGHT);
    int t = start.t_column;
    const int columns[4] = {t, t + 1, t + 2, t + 1}, levels[4] = {0, 0, 0, 1};
    pattern_add_shape(p, 4, columns, levels);
}

struct matrix platform_body(const struct pattern *p, enum notch_side side) {
    struct matrix body = p->start;
    notch_reserve(body.capacity, body.width, body.height, side);
    return body;
}

void pattern_finish_platform(struct pattern *p, enum notch_side side) {
    p->placements[p->pieces++] = notch_piece(side, p->start.width, p->start.height);
}

/* The cell of letter number `k` of the drawing at `level` (0 = the matrix's bottom row,
 * -1 the emission row). */
static void draw_cell(struct pattern_blocks *out, int height, int k, int level, int column) {
    struct block *b = &out->blocks[k / BLOCK_MAX_PIECES];
    block_row(b, height - 1 - level)[column] = (char)(BLOCK_FIRST_ID + k % BLOCK_MAX_PIECES);
}

bool pattern_draw(const struct pattern *p, struct pattern_blocks *out) {
    int height = p->start.height; /* the matrix's bottom row is line height - 1 */
    int letters = p->shape_count + p->pieces;
    out->count = 0;
    while (out->count == 0 || out->count * BLOCK_MAX_PIECES < letters) {
        struct block *b = &out->blocks[out->count];
        if (!block_alloc(b, p->start.width, height + (p->emission_row ? 1 : 0))) {
            pattern_blocks_free(out);
            return false;
        }
        b->continues = out->count++ > 0;
    }
    int k = 0;
    for (int s = 0; s < p->shape_count; s++, k++)
        for (int i = 0; i < p->shapes[s].cells; i++)
            draw_cell(out, height, k, p->shapes[s].level[i], p->shapes[s].column[i]);
    for (int n = 0; n < p->pieces; n++, k++) {
        struct placement piece = p->placements[n];
        const struct orientation *o = &ORIENTATIONS[piece.orientation];
        for (int i = 0; i < o->width; i++)
            for (int level = piece.base + o->bottom[i]; level < piece.base + o->top[i]; level++)
                draw_cell(out, height, k, level, piece.column + i);
    }
    return true;
}

void pattern_blocks_free(struct pattern_blocks *drawn) {
    for (int i = 0; i < drawn->count; i++)
        block_free(&drawn->blocks[i]);
    drawn->count = 0;
}
