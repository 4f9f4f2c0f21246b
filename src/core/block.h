/* Reader and writer of the block format shared by pattern files and scripts
 * (docs/design.md, "Files"): blocks of lines as wide as the field (21 characters on the
 * default field; every line of a file the same length), separated by blank lines, '.' for
 * empty and 'A'..'~' for the cells of a piece, one character per piece.
 *
 * A block names at most 62 pieces. A structure of more pieces (an emitter or a pass on a
 * wide field) is written as consecutive blocks separated by a line holding only '+'
 * instead of a blank line: the block after the '+' continues the one before it. It has as
 * many lines and pictures the same rows, its pieces (named from 'A' again) drop after the
 * ones before it, and the printer checks where they land in the same frame. */
#ifndef TETRIS_BLOCK_H
#define TETRIS_BLOCK_H

#include "field.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BLOCK_FIRST_ID 'A'
#define BLOCK_LAST_ID '~'
#define BLOCK_MAX_PIECES (BLOCK_LAST_ID - BLOCK_FIRST_ID + 1)
#define BLOCK_CONTINUATION "+"  /* the line between a block and the one continuing it */
#define MAX_COLOURS PIECE_TYPES /* one per piece type: J, T, L, I, O, S, Z (colour_piece) */
/* The longest line a reader takes, its line end excluded: a block line is at most
 * FIELD_MAX_WIDTH characters and a colour line MAX_COLOURS entries, plus trailing blanks
 * and a CR. A longer line (a binary file, /dev/zero) is refused as soon as it passes this. */
#define BLOCK_LINE_MAX 1024
/* The most lines a block may have: a block pictures rows of the field, and a piece spawns
 * on its top two rows, so a taller block can't play on the tallest field. */
#define BLOCK_SPAWN_ROWS 2
#define BLOCK_MAX_ROWS (FIELD_MAX_HEIGHT + BLOCK_SPAWN_ROWS)

struct block {
    int rows, width;
    char *cells;    /* rows lines of `width` characters, top first (block_row) */
    int first_line; /* 1-based line of the block's first row in its file */
    bool continues; /* continues the block before it (a '+' line separates them) */
};

/* Line `row` of a block (0 = the top line). */
static inline char *block_row(const struct block *block, int row) {
    return block->cells + (size_t)row * (size_t)block->width;
}
/* A colour line entry "-": the piece type of that place prints no pixel, and a printer
 * draws it in its own colour. */
#define BLOCK_NO_COLOUR 0xffffffffu

struct block_file {
    int width;                     /* of every line: a field width (field.h) */
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

/* Fills `err` and returns false, for parsers: `return text_error_set(err, ...);`. */
bool text_error_set(struct text_error *err, int line, int block, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Parses a whole file (block_parser.h reads it line by line). With `expect_colours`, the first
 * non-blank line must be the colour line (scripts): 1 to MAX_COLOURS entries, each RRGGBB or "-"
 * (BLOCK_NO_COLOUR); otherwise there is none (pattern files). The first block line sets the width,
 * which must be a valid field width. CRLF line ends and trailing blanks are accepted. Returns false
 * and fills `err` on the first problem. */
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

/* Allocates a block of `rows` empty lines of `width` characters. */
bool block_alloc(struct block *block, int width, int rows);
void block_free(struct block *block);

/* The blocks of the structure starting at blocks[first]: the index after its last
 * continuation. */
int block_structure_end(const struct block *blocks, int count, int first);

/* Writes a block's lines. */
bool block_write(FILE *out, const struct block *block);
/* Writes what separates a block from the one before it: a blank line, or the '+' line
 * when it continues that block. */
bool block_write_separator(FILE *out, const struct block *next);
/* Writes the colour line of a script. */
bool colours_write(FILE *out, int count, const uint32_t colours[]);

#endif
