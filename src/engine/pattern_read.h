/* Reading patterns back from the blocks of pattern files: the layout of an emitter, the
 * start of a platform, and the pieces that pack the matrix, each drop checked under the
 * matrix model. tetris-search --check and tetris-convert's library both use it. A pattern
 * is a structure: a block and the blocks continuing it (block.h). */
#ifndef TETRIS_PATTERN_READ_H
#define TETRIS_PATTERN_READ_H

#include "pattern.h"

#include <stdbool.h>
#include <stddef.h>

/* The longest pattern file read (256 MiB): far more than tetris-search writes for its most
 * layouts a run; a longer file, or one that is not a regular file (a FIFO, a device), is
 * refused before it is read. */
#define PATTERN_FILE_MAX_MIB 256
#define PATTERN_FILE_MAX_BYTES ((size_t)PATTERN_FILE_MAX_MIB << 20)

/* Reads an emitter block's layout: letters 'A'.. each 3 cells in the bottom row, left to
 * right, not overlapping. */
bool pattern_read_layout(const struct block *b, int squares, struct layout *layout);

/* Reads a platform's start from its `count` blocks: the T column (4 rows, the T 'A' in the
 * first block's bottom row) and the notch side (the top corner that the last letter, the
 * notch piece, holds). Returns false with a one-line reason. */
bool pattern_read_platform(const struct block *blocks, int count, struct platform_start *start,
                           char *message, size_t size);

/* Reads a platform's pieces (pattern_read_pieces, from pattern_start_platform) and checks
 * its last piece: the J or L that fills exactly the notch at `side`, completing the rows. */
bool pattern_read_platform_pieces(const struct block *blocks, int count, enum notch_side side,
                                  struct pattern *p, char *message, size_t size);

/* Reads the pieces of a structure of `count` blocks drawn from `p`'s start (shapes and
 * matrix already set; with p->emission_row, the blocks' last line is the emission row): the
 * first block must draw the start shapes exactly where the start has them, every other
 * letter must be a tetromino, in sequence, whose drop is legal at the place drawn, and the
 * matrix must end packed. Fills p->pieces and p->placements, or
 * returns false with a one-line reason. */
bool pattern_read_pieces(const struct block *blocks, int count, struct pattern *p, char *message,
                         size_t size);

/* The width of the pattern files in DIR: the length of the lines of its emitters1.txt, or
 * of its platforms.txt, or `fallback` when neither reads (each read as
 * cli_read_regular_file reads, within PATTERN_FILE_MAX_BYTES). */
int pattern_dir_width(const char *dir, int fallback);

#endif
