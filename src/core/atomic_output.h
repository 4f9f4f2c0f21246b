/* Output files that appear whole or not at all.
 *
 * A regular file (or one about to be created) is written to a temporary file in the same
 * directory and renamed over it on commit, so an error or an interruption never leaves a
 * partial file. The target is what the path names: a symbolic link is followed and its
 * final target replaced, the link kept; an existing file keeps its permissions (and, for
 * root, its owner). Targets that can't be replaced are written directly: "-" and
 * /dev/stdout (standard output), /dev/fd/N and /proc/self/fd/N (the open descriptor N,
 * sharing its offset), devices, FIFOs and sockets. A directory is an error (EISDIR).
 *
 * Temporary names are short, ".tetris-PID-XXXXXX", so a target with a 255-byte name
 * works; atomic_output_remove_stale() removes those of processes that no longer run. */
#ifndef TETRIS_ATOMIC_OUTPUT_H
#define TETRIS_ATOMIC_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

struct atomic_output {
    FILE *file;
    char *temporary_path; /* NULL when written directly */
    char *final_path;     /* the resolved target */
    bool is_stdout;       /* file is stdout itself: flushed, never closed */
    bool keep_owner;      /* an existing file: give the new one its mode and owner */
    mode_t mode;
    uid_t owner;
    gid_t group;
};

/* Opens `path` for writing as described above. Returns false with errno set. */
bool atomic_output_open(struct atomic_output *out, const char *path);

/* Flushes, syncs, closes and renames into place. Returns false with errno set (and
 * removes the temporary file) when any write failed. */
bool atomic_output_commit(struct atomic_output *out);

/* Commits several outputs as one: every file is written, flushed and synced first; only
 * then are they renamed, with signals blocked, so that a set of files (a pattern library)
 * is replaced as a whole or not at all. On failure every output is aborted. */
bool atomic_output_commit_all(struct atomic_output *outs[], int count);

/* Discards the temporary file (or closes a direct target). */
void atomic_output_abort(struct atomic_output *out);

/* Removes the temporary files in `dir` left by processes that no longer run (killed by
 * SIGKILL, say). Returns the number removed. */
int atomic_output_remove_stale(const char *dir);

#endif
