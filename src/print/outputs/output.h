/* One output of tetris-print: -o FILE in its format (PNG, GIF, MP4 or WebM video, the
 * page), --frames DIR, --play, --moves. Each is a table of functions over its own state,
 * which output_list.c drives for run.c through the second pass:
 *
 *   usable  before anything is read: whether it can work here (ffmpeg, a terminal)
 *   begin   before the second pass: the field, the palette, the frame count, its file
 *   piece   once per locked piece, before the piece's frames: where it locked, its moves
 *   frame   for every frame shown (frame_choice.c chose them): the scene, the raster drawn
 *   end     after the last piece: finish (hold the last frame, write the picture)
 *   abort   on any failure, also after its own begin or end failed: undo, free, leave no
 *           partial file
 *
 * A successful end has freed everything; abort is not called after it. An output reports
 * its own failures, each in one line and one wording, and returns false; whoever drives
 * it then reports nothing more. usable, piece and frame may be NULL. */
#ifndef TETRIS_PRINT_OUTPUT_H
#define TETRIS_PRINT_OUTPUT_H

#include "drawing/palette.h"
#include "drawing/raster.h"
#include "drawing/scene.h"
#include "player.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an output learns before the second pass. */
struct output_start {
    const char *path;  /* where it writes: -o's FILE, --frames' DIR; NULL: standard output */
    FILE *file;        /* a streamed output's: the atomic output at path, opened for it */
    const char *title; /* what is printing: --title, else the script's name */
    int columns, rows; /* the field */
    int top_row;       /* the first row shown: 0, or the crop */
    int scale;         /* pixels a cell */
    bool well;         /* the frames show the well (raster_has_well) */
    bool transparent;  /* the background is transparent */
    const struct palette *palette;
    const struct raster *raster; /* the frames' pixels once drawn; NULL when no output draws */
    long frame_count;            /* the frames it will be given (frame_choice.c) */
    int delay;                   /* centiseconds a frame is shown */
    int fps;                     /* the exact frame rate (--fps); 0 when the pace is `delay` */
    long length;                 /* centiseconds the frames last at that pace, the hold apart */
    int hold;                    /* centiseconds the last frame is held */
};

/* One frame, or (given to end) the final playfield. */
struct output_frame {
    const struct scene *scene;
    const struct raster *raster; /* the scene drawn, when the output draws */
    struct pixel_rect changed;   /* pixels that may differ from the previous frame's */
};

struct output_ops {
    size_t size;       /* of its state, zeroed before begin */
    bool streamed;     /* writes into start->file, committed after a successful end and
                          removed on abort by whoever opened it */
    bool draws_frames; /* frame reads frame->raster */
    bool draws_final;  /* end reads last->raster */
    bool animation;    /* an animation one shares (GIF, video, the page): without --every or
                          --duration it lasts at most the default length (frame_choice.h) */
    /* An exit status (cli.h), reporting why when it is not EXIT_OK. */
    int (*usable)(const char *path);
    bool (*begin)(void *self, const struct output_start *start);
    bool (*piece)(void *self, const struct play_event *event);
    bool (*frame)(void *self, const struct output_frame *frame);
    bool (*end)(void *self, const struct output_frame *last);
    void (*abort)(void *self);
};

#endif
