/* What one frame shows: the locked cells by look (palette.h), the moving piece if any,
 * and the counters. Every output draws frames from scenes. */
#ifndef TETRIS_PRINT_SCENE_H
#define TETRIS_PRINT_SCENE_H

#include "cell_tags.h"

#include <stdint.h>

struct scene {
    const struct cell_tags *looks; /* the playfield's cells; CELL_TAG_EMPTY when empty */
    int moving;                    /* cells of the moving piece: 0 or PIECE_CELLS */
    int xs[PIECE_CELLS], ys[PIECE_CELLS];
    uint8_t moving_looks[PIECE_CELLS];
    long pieces_locked, piece_total, rows_cleared;
};

/* The look of cell (x, y): the moving piece's where it is, else the locked cell's. */
static inline uint32_t scene_look(const struct scene *s, int x, int y) {
    for (int i = 0; i < s->moving; i++)
        if (s->xs[i] == x && s->ys[i] == y)
            return s->moving_looks[i];
    return cell_tags_at(s->looks, x, y);
}

#endif
