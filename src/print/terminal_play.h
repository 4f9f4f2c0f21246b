/* --play: the print animated in the terminal, in place: every character shows two cells,
 * one above the other ("▀" in the upper cell's colour on the lower cell's, ANSI 24-bit
 * colours), inside the well, with a line of counters below. The cursor is hidden while it
 * plays and the terminal restored at the end, on an error, and on SIGINT, SIGTERM or
 * SIGHUP (which then end the program as they would have). Frames are paced by the delay. */
#ifndef TETRIS_PRINT_TERMINAL_PLAY_H
#define TETRIS_PRINT_TERMINAL_PLAY_H

#include "drawing/palette.h"
#include "drawing/scene.h"

#include <stdbool.h>
#include <stdio.h>

struct terminal_player {
    FILE *out;
    const struct palette *palette;
    int columns, rows; /* the field */
    int first_row; /* the first field row shown: the crop, or lower when the terminal is short */
    int lines;     /* text lines of a frame, the counters included */
    int delay;     /* centiseconds after each frame */
    bool drawn;    /* a frame is on the screen: the next one goes over it */
    char *text;    /* one frame's bytes */
    size_t capacity;
};

bool terminal_is_terminal(FILE *out);
/* A field of `columns` x `rows` shown from `top_row` (--crop), or lower when the terminal
 * is too short for it. */
bool terminal_begin(struct terminal_player *t, FILE *out, const struct palette *p, int columns,
                    int rows, int top_row, int delay);
bool terminal_draw(struct terminal_player *t, const struct scene *scene);
/* Leaves the last frame on the screen and restores the terminal. */
bool terminal_end(struct terminal_player *t);

#endif
