/* Output files that appear whole or not at all: written to a temporary file beside the
 * target and renamed over it on commit, so an error or an interruption never leaves a
 * partial file. "-" means standard output (written directly). */
#ifndef TETRIS_ATOMIC_OUTPUT_H
#define TETRIS_ATOMIC_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

struct atomic_output {
    FILE *file;
    char *temporary_path; /* NULL for standard output */
    char *final_path;
};

/* Opens a temporary file for `path`. Returns false with errno set. */
bool atomic_output_open(struct atomic_output *out, const char *path);
/* Flushes, closes and renames into place. Returns false with errno set (and removes the
 * temporary file) when any write failed. */
bool atomic_output_commit(struct atomic_output *out);
/* Discards the temporary file. */
void atomic_output_abort(struct atomic_output *out);

#endif
