/* Reads a script a structure at a time (a block and the blocks continuing it, block.h), so
 * that a reader's memory doesn't grow with the script's length: the colour line, then each
 * structure with its pieces listed (script.h), checked with the block parser's rules
 * (block_parser.h). It reads a stream (a file, a pipe), optionally copying every byte it
 * reads to a spool file for a second pass, or a text already in memory (script_load).
 *
 * Problems come in the order a whole-script reader finds them: a malformed line anywhere
 * before a piece that is not a tetromino anywhere, so once a structure's pieces fail the
 * reader reads on to the end and reports that piece only if no line is malformed. */
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

/* The blocks of one structure, each after the first continuing the one before it. */
struct script_structure {
    struct script_block *blocks;
    int count;
    int first_block; /* number of blocks[0] in the script, 1-based */
};

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
    struct block_file file; /* width and colours, once read; the blocks of the open structure */
    struct script_structure structure; /* the last one delivered */
    int structure_capacity;
    bool ended;
    bool pieces_failed; /* a structure's pieces failed: read on, then report pieces_error */
    struct text_error pieces_error;
    bool copy_failed; /* the error is in writing the spool, not in the script */
};

/* Starts reading `in` (not closed by the reader), copying what is read to `spool` when not
 * NULL. */
bool script_reader_open_stream(struct script_reader *r, FILE *in, FILE *spool);
/* Starts reading a text in memory, which must outlive the reader. */
bool script_reader_open_text(struct script_reader *r, const char *text, size_t length);

enum script_read {
    SCRIPT_READ_STRUCTURE, /* r->structure holds the next structure, until the next call */
    SCRIPT_READ_END,       /* the script ended, and was well formed */
    SCRIPT_READ_ERROR,     /* err says what and where (r->copy_failed: the spool's fault) */
};
enum script_read script_reader_next(struct script_reader *r, struct text_error *err);

/* Reads the rest of the script only to check it: SCRIPT_READ_END when it is well formed. */
enum script_read script_reader_check_rest(struct script_reader *r, struct text_error *err);

/* After the first structure: the script's width and colours. */
static inline int script_reader_width(const struct script_reader *r) {
    return r->file.width;
}

void script_reader_close(struct script_reader *r);

#endif
