/* Reads a script a block at a time, so that a reader's memory doesn't grow with the
 * script's length, however long a chain of blocks continuing one another (block.h): the
 * colour line, then each block with its pieces listed (script.h), checked with the block
 * parser's rules (block_parser.h) as it closes. It reads a stream (a file, a pipe),
 * optionally copying every byte it reads to a spool file for a second pass, or a text
 * already in memory (script_load).
 *
 * Problems are reported in the order of the file, as soon as they are met: a malformed
 * line, or a piece that is not a tetromino in the block just closed, stops the reading
 * there. */
#ifndef TETRIS_SCRIPT_READER_H
#define TETRIS_SCRIPT_READER_H

#include "block_parser.h"
#include "script.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest script read: 1 GiB keeps line and piece numbers far within their types, and
 * a spooled standard input within reason on disk. */
#define SCRIPT_MAX_MIB 1024L
#define SCRIPT_MAX_BYTES (SCRIPT_MAX_MIB << 20)

struct script_reader {
    /* the source: a stream, or a text in memory */
    FILE *in;
    FILE *spool; /* gets a copy of every byte read from `in`, or NULL */
    const char *text;
    size_t text_length;
    long long max_bytes; /* SCRIPT_MAX_BYTES; lower in tests */
    /* bytes read and not yet split into lines */
    unsigned char *chunk;
    const unsigned char *bytes;
    size_t length, pos;
    long long bytes_read;
    bool source_done;
    /* the line being read, at most BLOCK_LINE_MAX + 1 bytes (one more is refused) */
    char *line;
    size_t line_length;
    int line_no;
    /* the script so far */
    struct block_parser parser;
    struct block_file file;    /* width and colours, once read; the block just closed */
    struct script_block block; /* the last one delivered (block.continues: it continues the
                                  one before it) */
    int block_number;          /* its number in the script, 1-based */
    bool ended;
    bool copy_failed; /* the error is in writing the spool, not in the script */
};

/* Starts reading `in` (not closed by the reader), copying what is read to `spool` when not
 * NULL. */
bool script_reader_open_stream(struct script_reader *r, FILE *in, FILE *spool);
/* Starts reading a text in memory, which must outlive the reader. */
bool script_reader_open_text(struct script_reader *r, const char *text, size_t length);

enum script_read {
    SCRIPT_READ_BLOCK, /* r->block holds the next block, until the next call */
    SCRIPT_READ_END,   /* the script ended, and was well formed */
    SCRIPT_READ_ERROR, /* err says what and where (r->copy_failed: the spool's fault) */
};
enum script_read script_reader_next(struct script_reader *r, struct text_error *err);

/* After the first block: the script's width and colours. */
static inline int script_reader_width(const struct script_reader *r) {
    return r->file.width;
}

void script_reader_close(struct script_reader *r);

/* Parses and checks a whole script in memory, read block by block. On error returns false with
 * `err` naming the line and block (1-based; 0 when not relevant). */
bool script_load(const char *text, size_t length, struct script *out, struct text_error *err);

#endif
