/* A value for every cell of the playfield that follows the play: a locked piece writes
 * its four cells' values, and its full rows clear as the playfield's do (naive gravity).
 * tetris-print tags cells with their piece and cell number in the check pass, to learn
 * which cells remain in the final picture, and with their look (palette.h) when drawing. */
#ifndef TETRIS_PRINT_CELL_TAGS_H
#define TETRIS_PRINT_CELL_TAGS_H

#include "player.h"

#include <stdbool.h>
#include <stdint.h>

#define CELL_TAG_EMPTY 0

struct cell_tags {
    int width, height;
    uint32_t *tags; /* width * height, rows top first */
};

bool cell_tags_init(struct cell_tags *g, int width, int height);
void cell_tags_free(struct cell_tags *g);
uint32_t cell_tags_at(const struct cell_tags *g, int x, int y);

/* Applies a locked piece: its cells (at event->final) take `values`, then the rows that
 * event->lock cleared are removed. Cells above row 0 are ignored. */
void cell_tags_lock(struct cell_tags *g, const struct play_event *event,
                    const uint32_t values[PIECE_CELLS]);

/* The tag of cell `cell` of piece `number` (1-based) in the check pass: never CELL_TAG_EMPTY. */
static inline uint32_t cell_tags_id(long number, int cell) {
    return (uint32_t)(number - 1) * PIECE_CELLS + (uint32_t)cell + 1;
}

#endif
