/* Parses the block format (block.h) one line at a time: the one home of its rules (line
 * length and characters, the colour line, blank and '+' lines, continued blocks), shared
 * by block_file_parse, which has a whole text in memory, and the script reader
 * (script_reader.h), which reads a stream a block at a time. */
#ifndef TETRIS_BLOCK_PARSER_H
#define TETRIS_BLOCK_PARSER_H

#include "block.h"

#include <stdbool.h>
#include <stddef.h>

struct block_parser {
    struct block_file *out; /* its blocks: those closed and not yet released */
    struct text_error *err;
    bool expect_colours, colours_seen;
    int blocks_released; /* blocks closed before out's (block_parser_release) */
    int capacity;        /* of out->blocks */
    char *rows;          /* the open block's lines, out->width characters each */
    int row_count, row_capacity, first_line;
    bool continuing; /* the open block follows a '+' line ... */
    int plus_line;   /* ... on this line */
    int last_rows;   /* lines of the block closed last (released or not) */
};

/* Starts parsing into `out` (emptied); problems go to `err`. */
void block_parser_init(struct block_parser *p, bool expect_colours, struct block_file *out,
                       struct text_error *err);

/* Parses line `line_no` (1-based), given without its '\n': at most BLOCK_LINE_MAX bytes, or
 * refused. Returns false with err set on the first problem. */
bool block_parser_line(struct block_parser *p, const char *text, size_t length, int line_no);

/* Ends the text, after `line_count` lines: closes the open block and refuses a text with no
 * colour line (when expected) or no block. */
bool block_parser_finish(struct block_parser *p, int line_count);

/* Frees out's blocks and counts them as released, so that the next block keeps its number
 * in messages. */
void block_parser_release(struct block_parser *p);

/* Frees what the parser holds, not out's blocks. */
void block_parser_free(struct block_parser *p);

#endif
