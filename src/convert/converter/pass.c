#include "pass.h"

#include "tetromino.h"

#include <string.h>

void pass_base_clear(struct pass_base *base) {
    memset(base, 0, sizeof *base);
}

/* A piece's three cells are left of, around or right of the pixel it prints
 * (hanging_cell_column). */
int emitter_piece_left(struct emitter_piece piece) {
    return piece.column - hanging_cell_column(piece.type);
}

bool pass_base_add(const struct target *row, struct pass_base *base, struct emitter_piece piece) {
    int left = emitter_piece_left(piece);
    if (base->count == BASE_MAX_PIECES || piece.column < 0 || piece.column >= row->width ||
        left < 0 || left + 2 >= row->width)
        return false;
    for (int c = left; c < left + 3; c++)
        if (base->bottom_used[c])
            return false;
    for (int c = left; c < left + 3; c++)
        base->bottom_used[c] = true;
    base->bottom_cells += 3;
    base->pieces[base->count++] = piece;
    return true;
}

/* A piece rests on what is under the pixel it prints, or by the matrix's support rule on a
 * square under one of its three cells in the matrix's bottom row. */
static bool piece_held(const struct target *row, struct emitter_piece piece) {
    int left = emitter_piece_left(piece);
    if (row->under[piece.column])
        return true;
    for (int c = left; c < left + 3; c++)
        if (matrix_column_supports(0, 0, row->square[0][c]))
            return true;
    return false;
}

bool pass_base_held(const struct target *row, const struct pass_base *base) {
    for (int i = 0; i < base->count; i++)
        if (!piece_held(row, base->pieces[i]))
            return false;
    return true;
}

/* The piece's cells as a start shape: level 0 is the matrix's bottom row, -1 the emission
 * row. */
static void add_piece_shape(struct pattern *p, struct emitter_piece piece) {
    int left = emitter_piece_left(piece);
    const int columns[4] = {left, left + 1, left + 2, piece.column}, levels[4] = {0, 0, 0, -1};
    pattern_add_shape(p, 4, columns, levels);
}

void pass_start(struct pattern *p, const struct target *row, const struct pass_base *base,
                int height) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, row->width, height);
    p->emission_row = true;
    for (int i = 0; i < base->count; i++)
        add_piece_shape(p, base->pieces[i]);
}

void pass_mark_printed(struct target *row, const struct pattern *pass) {
    for (int s = 0; s < pass->shape_count; s++)
        for (int i = 0; i < pass->shapes[s].cells; i++)
            if (pass->shapes[s].level[i] < 0)
                target_mark_printed(row, 0, pass->shapes[s].column[i]);
}
