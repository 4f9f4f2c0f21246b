/* Which rows the frames show and how many pixels a cell takes: the one home of that choice
 * (--scale, --crop, --no-crop, and the defaults that make an animation fit a screen).
 *
 *   rows    --crop: the final picture's, from its highest row down to the floor;
 *           --no-crop: the whole field; otherwise, for an animation (a GIF, a video, the
 *           page, --play: output_ops.animation), without --motion, what never changes is left out:
 *           the rows above the highest any piece locked in (the frames show the field once
 *           each piece has locked, so nothing ever appears there); the whole field else.
 *   scale   --scale; otherwise, for an animation, the largest up to
 *           DEFAULT_SCALE whose frame (the rows shown and the well) is at most
 *           FRAME_SIZE_LONG_SIDE pixels on its long side, at least 1; DEFAULT_SCALE else. */
#ifndef TETRIS_PRINT_FRAME_SIZE_H
#define TETRIS_PRINT_FRAME_SIZE_H

#include <stdbool.h>

/* The long side of an animation's frame by default: it fits a laptop's screen and a
 * phone's, and a video of it encodes quickly. */
#define FRAME_SIZE_LONG_SIDE 720

struct frame_size_spec {
    int columns, rows;  /* the field */
    int picture_top;    /* the final picture's highest row (rows when it has none) */
    int highest_stack;  /* the most rows a locked piece reached, counted from the floor */
    int scale;          /* --scale, 0 when not given */
    bool crop, no_crop; /* --crop, --no-crop */
    bool motion;        /* --motion: each piece's trip from the spawn row is shown */
    bool animation;     /* the run has an animation among its outputs */
    bool well;          /* the well is asked for (not --no-well) */
};

struct frame_size {
    int top_row; /* the first row shown */
    int scale;   /* pixels a cell */
};

struct frame_size frame_size_choose(const struct frame_size_spec *spec);

#endif
