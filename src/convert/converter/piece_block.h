/* A block of the script as its pieces: the one representation of placed pieces that the
 * converter's search results, its player and its script writer share. A block is a
 * `struct script_block` (script.h): its pieces in drop order, each an orientation and the
 * top-left cell of its bounding box among the block's lines; the block's text is drawn
 * from them only when the script is written. */
#ifndef TETRIS_CONVERT_PIECE_BLOCK_H
#define TETRIS_CONVERT_PIECE_BLOCK_H

#include "pass_packer.h"
#include "pattern.h"
#include "playfield.h"
#include "script.h"

#include <stdbool.h>
#include <stdio.h>

/* A block here is a structure: it may hold more pieces than one written block names
 * (BLOCK_MAX_PIECES); piece_block_write writes it as blocks continuing one another. */
#define PIECE_BLOCK_MAX_PIECES (MATRIX_MAX_PIECES + PATTERN_MAX_SHAPES)

/* The block of a pass found for `problem`: its matrix rows, then its target's rows, the last
 * line the lowest. Returns false when out of memory or when the pass has more than
 * PIECE_BLOCK_MAX_PIECES pieces. */
bool piece_block_from_pass(const struct pass_packing *pass, const struct pass_problem *problem,
                           struct script_block *out);

/* The block of a pattern (a library platform, or a pass built on a library emitter): its
 * start shapes, each a whole tetromino, then its pieces. */
bool piece_block_from_pattern(const struct pattern *p, struct script_block *out);

/* A block of one piece whose bounding box, starting at `column`, fills the block. */
bool piece_block_single(int orientation, int column, struct script_block *out);

/* A copy of a block. */
bool piece_block_copy(const struct script_block *from, struct script_block *to);

/* Plays the block on `pf`; returns true when every piece lands where the block has it
 * (`pf` is then the field after it; otherwise it is left part-way). */
bool piece_block_play(const struct script_block *block, struct playfield *pf);

/* Whether the block plays from `pf`, which is not changed. */
bool piece_block_plays(const struct script_block *block, const struct playfield *pf);

/* Writes the block's lines, `width` characters each: each piece drawn with its letter, 'A'
 * for the first dropped; a block of more than BLOCK_MAX_PIECES pieces as blocks of as many
 * lines, each continuing the one before it (a '+' line between them). */
bool piece_block_write(FILE *out, const struct script_block *block, int width);

/* Blocks in script order, with the pieces they hold. */
struct block_list {
    struct script_block *blocks;
    int count, capacity;
    long pieces;
};

/* Appends a block, taking it over (it is freed when it can't be appended). */
bool block_list_append(struct block_list *list, struct script_block *block);
/* Appends a copy of a block. */
bool block_list_append_copy(struct block_list *list, const struct script_block *block);
/* Frees the blocks from `count` on. */
void block_list_truncate(struct block_list *list, int count);
void block_list_free(struct block_list *list);

#endif
