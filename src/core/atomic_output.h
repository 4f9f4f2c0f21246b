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
 * works. A signal that ends the program (any that can be caught, exit_signals.h) first
 * ends the child processes writing into them (atomic_output_writer), then removes them;
 * signals are blocked while one is created and listed, so none is ever left behind by a
 * signal. One a crash or SIGKILL left is removed by the next run writing next to it once
 * it is a day old (atomic_output_remove_stale). */
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

/* The same for a file in a directory the program fills itself (--frames DIR, the pattern
 * cache): whatever is at `path` (a symbolic link, a file of any mode) is replaced by a new
 * file with a new file's mode, a link never followed. A directory is an error (EISDIR). */
bool atomic_output_open_replacing(struct atomic_output *out, const char *path);

/* Flushes, syncs, closes and renames into place. Returns false with errno set (and
 * removes the temporary file) when any write failed. */
bool atomic_output_commit(struct atomic_output *out);

/* Commits several outputs as one: every file is written, flushed and synced first; only
 * then are they renamed, with signals blocked, so that a set of files (a pattern library)
 * is replaced as a whole or not at all. On failure every output is aborted. */
bool atomic_output_commit_all(struct atomic_output *outs[], int count);

/* Discards the temporary file (or closes a direct target). */
void atomic_output_abort(struct atomic_output *out);

/* A child process writing into a temporary file (`running`), or no longer (!running): a
 * signal that ends the program kills it and waits for it before removing the files. */
void atomic_output_writer(pid_t pid, bool running);

/* A temporary file untouched for this long was left by a run that died (SIGKILL, a crash,
 * a power cut): no run writes for a day without a pause. */
#define ATOMIC_OUTPUT_STALE_SECONDS (24L * 60 * 60)

/* Removes the stale temporary files in `dir`: our names, regular files of this user, not
 * modified for ATOMIC_OUTPUT_STALE_SECONDS. Returns the number removed. Called on the first
 * temporary file a run opens in a directory. */
int atomic_output_remove_stale(const char *dir);

#endif
