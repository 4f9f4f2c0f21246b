#include "output_list.h"

#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void output_list_add(struct output_list *list, const struct output_ops *ops, const char *path) {
    if (list->count < OUTPUT_LIST_MAX)
        list->entries[list->count++] = (struct output_entry){.ops = ops, .path = path};
}

int output_list_usable(const struct output_list *list) {
    for (int i = 0; i < list->count; i++) {
        const struct output_entry *e = &list->entries[i];
        int status = e->ops->usable ? e->ops->usable(e->path) : EXIT_OK;
        if (status != EXIT_OK)
            return status;
    }
    return EXIT_OK;
}

bool output_list_shows_frames(const struct output_list *list) {
    for (int i = 0; i < list->count; i++)
        if (list->entries[i].ops->frame)
            return true;
    return false;
}

bool output_list_draws_frames(const struct output_list *list) {
    for (int i = 0; i < list->count; i++)
        if (list->entries[i].ops->draws_frames)
            return true;
    return false;
}

bool output_list_draws(const struct output_list *list) {
    for (int i = 0; i < list->count; i++)
        if (list->entries[i].ops->draws_frames || list->entries[i].ops->draws_final)
            return true;
    return false;
}

const struct output_entry *output_list_animation(const struct output_list *list) {
    for (int i = 0; i < list->count; i++)
        if (list->entries[i].ops->animation)
            return &list->entries[i];
    return NULL;
}

/* The one wording of a streamed output's file that can't be opened or committed. */
static void file_failed(const struct output_entry *e) {
    cli_error("%s: %s", e->path, strerror(errno ? errno : EIO));
}

/* Undoes one output: its own abort, then its file. */
static void abort_entry(struct output_entry *e) {
    if (e->self)
        e->ops->abort(e->self);
    free(e->self);
    e->self = NULL;
    if (e->ops->streamed && (e->file.file || e->file.temporary_path))
        atomic_output_abort(&e->file);
}

/* Begins one output; false (reported, undone) on a failure. */
static bool begin_entry(struct output_entry *e, const struct output_start *common) {
    struct output_start start = *common;
    start.path = e->path;
    start.file = NULL;
    if (e->ops->streamed) {
        if (!atomic_output_open(&e->file, e->path)) {
            file_failed(e);
            return false;
        }
        start.file = e->file.file;
    }
    e->self = calloc(1, e->ops->size ? e->ops->size : 1);
    if (!e->self) {
        cli_error("out of memory");
        abort_entry(e);
        return false;
    }
    if (!e->ops->begin(e->self, &start)) {
        abort_entry(e);
        return false;
    }
    return true;
}

bool output_list_begin(struct output_list *list, const struct output_start *start) {
    for (; list->begun < list->count; list->begun++)
        if (!begin_entry(&list->entries[list->begun], start)) {
            output_list_abort(list);
            return false;
        }
    return true;
}

bool output_list_piece(struct output_list *list, const struct play_event *event) {
    for (int i = 0; i < list->begun; i++) {
        struct output_entry *e = &list->entries[i];
        if (e->ops->piece && !e->ops->piece(e->self, event))
            return false;
    }
    return true;
}

bool output_list_frame(struct output_list *list, const struct output_frame *frame) {
    for (int i = 0; i < list->begun; i++) {
        struct output_entry *e = &list->entries[i];
        if (e->ops->frame && !e->ops->frame(e->self, frame))
            return false;
    }
    return true;
}

bool output_list_end(struct output_list *list, const struct output_frame *last) {
    while (list->begun > 0) {
        struct output_entry *e = &list->entries[list->begun - 1];
        if (!e->ops->end(e->self, last)) {
            output_list_abort(list);
            return false;
        }
        free(e->self);
        e->self = NULL;
        list->begun--;
        if (e->ops->streamed && !atomic_output_commit(&e->file)) {
            file_failed(e);
            output_list_abort(list);
            return false;
        }
    }
    return true;
}

void output_list_abort(struct output_list *list) {
    while (list->begun > 0)
        abort_entry(&list->entries[--list->begun]);
}
