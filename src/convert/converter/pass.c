#include "pass.h"

#include "tetromino.h"

#include <string.h>

bool row_pending(const struct row_state *row) {
    for (int c = 0; c < row->width; c++)
        if (row_pixel_pending(row, c))
            return true;
    return false;
}

int row_pending_count(const struct row_state *row) {
    int n = 0;
    for (int c = 0; c < row->width; c++)
        n += row_pixel_pending(row, c);
    return n;
}

void pass_base_clear(struct pass_base *base) {
    memset(base, 0, sizeof *base);
}

/* A hanging piece's three cells are left of, around or right of the pixel it prints
 * (hanging_cell_column); flipped, it points up from the cell it would hang, mirrored (a half
 * turn moves the J's corner to the left, the L's to the right). */
int emitter_piece_bottom(struct emitter_piece piece, int columns[3]) {
    int hanging = hanging_cell_column(colour_piece(piece.colour));
    if (piece.flipped) {
        columns[0] = piece.column + 2 - hanging;
        return 1;
    }
    int left = piece.column - hanging;
    for (int i = 0; i < 3; i++)
        columns[i] = left + i;
    return 3;
}

bool pass_base_add(const struct row_state *row, struct pass_base *base,
                   struct emitter_piece piece) {
    int columns[3], n = emitter_piece_bottom(piece, columns);
    int last = piece.flipped ? piece.column + 2 : piece.column;
    if (base->count == BASE_MAX_PIECES || piece.column < 0 || last >= row->width)
        return false;
    for (int i = 0; i < n; i++)
        if (columns[i] < 0 || columns[i] >= row->width || base->bottom_used[columns[i]])
            return false;
    for (int i = 0; i < n; i++)
        base->bottom_used[columns[i]] = true;
    base->bottom_cells += n;
    base->pieces[base->count++] = piece;
    return true;
}

bool pass_base_held(const struct row_state *row, const struct pass_base *base) {
    bool square[FIELD_MAX_WIDTH]; /* the emission row once the flipped pieces are down */
    memcpy(square, row->printed, sizeof square);
    for (int i = 0; i < base->count; i++) {
        const struct emitter_piece *p = &base->pieces[i];
        if (p->flipped) {
            if (!row->below[p->column] && !row->below[p->column + 1] && !row->below[p->column + 2])
                return false;
            square[p->column] = square[p->column + 1] = square[p->column + 2] = true;
        }
    }
    for (int i = 0; i < base->count; i++) {
        const struct emitter_piece *p = &base->pieces[i];
        int columns[3];
        if (p->flipped || row->below[p->column])
            continue;
        emitter_piece_bottom(*p, columns);
        if (!square[columns[0]] && !square[columns[1]] && !square[columns[2]])
            return false;
    }
    return true;
}

/* The piece's cells as a start shape: level 0 is the matrix's bottom row, -1 the emission
 * row. */
static void add_piece_shape(struct pattern *p, struct emitter_piece piece) {
    int bottom[3], n = emitter_piece_bottom(piece, bottom);
    int columns[4], levels[4], k = 0;
    for (int i = 0; i < n; i++, k++) {
        columns[k] = bottom[i];
        levels[k] = 0;
    }
    for (int i = 0; i < (piece.flipped ? 3 : 1); i++, k++) {
        columns[k] = piece.column + i;
        levels[k] = -1;
    }
    pattern_add_shape(p, 4, columns, levels);
}

void pass_start(struct pattern *p, const struct row_state *row, const struct pass_base *base,
                int height) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, row->width, height);
    p->emission_row = true;
    /* Flipped pieces drop first: their cells pass through the matrix's bottom row, where
     * a hanging piece's three cells may already be. Each kind goes left to right (as the
     * library draws its triples), given that bases are built left to right. */
    for (int flipped = 1; flipped >= 0; flipped--)
        for (int i = 0; i < base->count; i++)
            if (base->pieces[i].flipped == flipped)
                add_piece_shape(p, base->pieces[i]);
    /* The emission row's squares support pieces above them: those printed by earlier
     * passes, and the cells of flipped pieces. */
    for (int c = 0; c < row->width; c++)
        p->start.floor_support[c] = row->printed[c];
    for (int i = 0; i < base->count; i++)
        if (base->pieces[i].flipped)
            for (int c = base->pieces[i].column; c < base->pieces[i].column + 3; c++)
                p->start.floor_support[c] = true;
}

void pass_mark_printed(struct row_state *row, const struct pattern *pass) {
    for (int s = 0; s < pass->shape_count; s++)
        for (int i = 0; i < pass->shapes[s].cells; i++)
            if (pass->shapes[s].level[i] < 0)
                row->printed[pass->shapes[s].column[i]] = true;
}
