/* A script ready to replay: the parsed blocks (core block reader) and, for each block,
 * its pieces in drop order with their orientation and position in the block. */
#ifndef TETRIS_SCRIPT_H
#define TETRIS_SCRIPT_H

#include "block.h"

#include <stdbool.h>
#include <stddef.h>

struct script_block {
    int first_line; /* 1-based line of the block's first row */
    int rows;
    bool continues; /* continues the block before it (block.h) */
    int piece_count;
    struct block_piece *pieces; /* drop order */
    int *piece_lines;           /* file line of each piece's top row */
};

struct script {
    int width; /* of the field: the length of the script's lines */
    int colour_count;
    uint32_t colours[MAX_COLOURS]; /* J, T, L, I, O, S, Z; BLOCK_NO_COLOUR for "-" */
    int block_count;
    struct script_block *blocks;
    int max_rows; /* rows of the tallest block */
};

void script_free(struct script *script);

/* Lists the pieces of one block (block number `number`, 1-based, for messages). */
bool script_block_load(const struct block *block, int number, struct script_block *out,
                       struct text_error *err);
void script_block_free(struct script_block *block);

#endif
