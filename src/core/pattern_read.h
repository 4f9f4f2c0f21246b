/* Reading patterns back from the blocks of pattern files: the layout of an emitter, the
 * start of a platform, and the pieces that pack the matrix, each drop checked under the
 * matrix model. tetris-search --check and tetris-convert's library both use it. */
#ifndef TETRIS_PATTERN_READ_H
#define TETRIS_PATTERN_READ_H

#include "pattern.h"

#include <stdbool.h>
#include <stddef.h>

/* Reads an emitter block's layout: letters 'A'.. each 3 cells in the bottom row, left to
 * right, not overlapping. */
bool pattern_read_layout(const struct block *b, int squares, struct layout *layout);

/* Reads a platform block's start: T column and notch side (4 rows, the T 'A' in the bottom
 * row). */
bool pattern_read_platform(const struct block *b, struct platform_start *start);

/* Reads the pieces of a block drawn from `p`'s start (shapes and matrix already set): the
 * start shapes must be drawn exactly where the start has them, every other letter must be a
 * tetromino, in sequence, whose drop is legal at the place drawn, and the matrix must end
 * packed. Fills p->pieces and p->placements, or returns false with a one-line reason. */
bool pattern_read_pieces(const struct block *b, struct pattern *p, char *message, size_t size);

#endif
