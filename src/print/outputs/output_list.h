/* The outputs of a run, driven as one: begun in order, all or none; each piece and frame
 * given to each in order; ended in the reverse order (the terminal is given back before
 * the files are finished), and on any failure, the others aborted, so that no output is
 * left half written. A streamed output's file is an atomic output (atomic_output.h) that
 * the list opens before its begin, commits after its end and removes when it aborts. */
#ifndef TETRIS_PRINT_OUTPUT_LIST_H
#define TETRIS_PRINT_OUTPUT_LIST_H

#include "atomic_output.h"
#include "output.h"

#include <stdbool.h>

#define OUTPUT_LIST_MAX 8

struct output_entry {
    const struct output_ops *ops;
    const char *path;
    void *self;                /* its state, between begin and end */
    struct atomic_output file; /* a streamed output's */
};

struct output_list {
    int count;
    int begun; /* entries begun, and not ended or aborted yet: the first `begun` */
    struct output_entry entries[OUTPUT_LIST_MAX];
};

/* Adds an output writing to `path` (NULL for standard output); at most OUTPUT_LIST_MAX. */
void output_list_add(struct output_list *list, const struct output_ops *ops, const char *path);

/* EXIT_OK when every output can work here, else the first one's status (it said why). */
int output_list_usable(const struct output_list *list);

/* Whether some output is given frames; draws them (needs the raster at every frame);
 * draws the final picture (needs the raster at the end). */
bool output_list_shows_frames(const struct output_list *list);
bool output_list_draws_frames(const struct output_list *list);
bool output_list_draws(const struct output_list *list);

/* The first output that is an animation one shares (output_ops.animation), or NULL. */
const struct output_entry *output_list_animation(const struct output_list *list);

/* Begins every output with `start` (its path and file set for each). On a failure, those
 * begun are aborted and false returned. */
bool output_list_begin(struct output_list *list, const struct output_start *start);

bool output_list_piece(struct output_list *list, const struct play_event *event);
bool output_list_frame(struct output_list *list, const struct output_frame *frame);

/* Ends every output, in the reverse order; after a failure the rest are aborted. */
bool output_list_end(struct output_list *list, const struct output_frame *last);

/* Aborts every output begun (after a failed piece or frame, or a failed pass). */
void output_list_abort(struct output_list *list);

#endif
