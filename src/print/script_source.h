/* tetris-print's input, read twice: the first pass checks the whole script before anything
 * is written, the second writes the outputs. A regular file is read again from where it
 * started; standard input or a pipe is copied, as the first pass reads it, to an unlinked
 * temporary file in $TMPDIR (or /tmp), which the second pass reads. Either way memory does
 * not grow with the script. */
#ifndef TETRIS_PRINT_SCRIPT_SOURCE_H
#define TETRIS_PRINT_SCRIPT_SOURCE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

struct script_source {
    FILE *in;
    bool is_stdin;
    off_t start;  /* where a regular file's script starts */
    FILE *spool;  /* the copy of a pipe, or NULL for a regular file */
    bool spooled; /* the first pass has been read: read the spool from now on */
};

enum script_source_status {
    SCRIPT_SOURCE_OK,
    SCRIPT_SOURCE_UNREADABLE, /* the input can't be opened: errno says why */
    SCRIPT_SOURCE_NO_COPY,    /* a pipe's copy can't be made: errno says why */
};

/* Opens `path` ("-" for standard input), and the copy a pipe needs. */
enum script_source_status script_source_open(struct script_source *s, const char *path);

/* Where the copy of a pipe goes: $TMPDIR, else /tmp. */
const char *script_source_copy_dir(void);

/* The stream a pass reads, from the script's start, and in *copy where that pass must copy
 * what it reads (the first pass of a pipe), else NULL. Returns NULL with errno set. */
FILE *script_source_pass(struct script_source *s, FILE **copy);

void script_source_close(struct script_source *s);

#endif
