/* The cells of a piece in a state, in its orientation's cell order: where a locked piece
 * tags its cells (cell_tags.c) and where a moving piece is drawn (scene.h). */
#ifndef TETRIS_PRINT_PIECE_CELLS_H
#define TETRIS_PRINT_PIECE_CELLS_H

#include "playfield.h"

static inline void piece_cells(const struct piece_state *state, int xs[PIECE_CELLS],
                               int ys[PIECE_CELLS]) {
    const struct orientation *o = &ORIENTATIONS[state->orientation];
    for (int i = 0; i < PIECE_CELLS; i++) {
        xs[i] = state->x + o->cells[i].x;
        ys[i] = state->y + o->cells[i].y;
    }
}

#endif
