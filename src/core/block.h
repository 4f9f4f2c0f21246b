/* Reader and writer of the block format shared by pattern files and scripts
 * (DESIGN.md, "Script format"): blocks of 21-character lines separated by blank lines,
 * '.' for empty and 'A'..'~' for the cells of a piece, one character per piece. */
#ifndef TETRIS_BLOCK_H
#define TETRIS_BLOCK_H

#include "matrix.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BLOCK_WIDTH FIELD_WIDTH
#define BLOCK_FIRST_ID 'A'
#define BLOCK_LAST_ID '~'
#define BLOCK_MAX_PIECES (BLOCK_LAST_ID - BLOCK_FIRST_ID + 1)
#define MAX_COLOURS 7 /* one per piece type: J, T, L, I, O, S, Z (colour_piece) */

struct block {
    int rows;
    char (*cells)[BLOCK_WIDTH]; /* rows lines, top first */
    int first_line;             /* 1-based line of the block's first row in its file */
};

/* A colour line entry "-": the piece type of that place prints no pixel, and a printer
 * draws it in its own colour. */
#define BLOCK_NO_COLOUR 0xffffffffu

struct block_file {
    int colour_count;              /* 0 for pattern files */
    uint32_t colours[MAX_COLOURS]; /* 0xRRGGBB, for J, T, L, I, O, S, Z */
    struct block *blocks;
    int block_count;
};

/* Where and why a text was rejected: line and block are 1-based, 0 when not relevant. */
struct text_error {
    int line;
    int block;
    char message[192];
};

/* Parses a whole file. With `expect_colours`, the first non-blank line must be the colour
 * line (scripts): 1 to MAX_COLOURS entries, each RRGGBB or "-" (BLOCK_NO_COLOUR); otherwise
 * there is none (pattern files). CRLF line ends and trailing
 * blanks are accepted. Returns false and fills `err` on the first problem. */
bool block_file_parse(const char *text, size_t length, bool expect_colours, struct block_file *out,
                      struct text_error *err);
void block_file_free(struct block_file *file);

/* A piece drawn in a block: its orientation and bounding box's top-left cell. */
struct block_piece {
    char id;
    int8_t orientation;
    int8_t x;  /* column of the bounding box's left edge */
    int16_t y; /* row of the bounding box's top edge, 0 = the block's first line */
};

/* Lists the pieces of a block in drop order (increasing character). Returns the count,
 * or -1 with `err` set when a character does not draw exactly one tetromino. */
int block_pieces(const struct block *block, struct block_piece pieces[BLOCK_MAX_PIECES],
                 struct text_error *err);

/* Allocates a block of `rows` empty lines. */
bool block_alloc(struct block *block, int rows);
void block_free(struct block *block);

/* Writes a block's lines; blocks in a file are separated by one blank line. */
bool block_write(FILE *out, const struct block *block);
/* Writes the colour line of a script. */
bool colours_write(FILE *out, int count, const uint32_t colours[]);

#endif
