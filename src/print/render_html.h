/* -o FILE.html: one self-contained page (no network, no other file) that replays the play
 * on a canvas with play/pause, one piece back and forth, speed, a scrub bar, piece and line
 * counters and the final picture. The page (player.html, built in) gets the field, the
 * palette, the orientations, the spawn and each locked piece (orientation, pivot, which of
 * its cells are picture cells, its rotations), written as the play goes; the page shows each
 * piece's trip when it plays slowly. */
#ifndef TETRIS_PRINT_RENDER_HTML_H
#define TETRIS_PRINT_RENDER_HTML_H

#include "drawing/palette.h"
#include "player.h"

#include <stdbool.h>
#include <stdio.h>

struct html_page {
    const char *title;
    int columns, rows, top_row, scale;
    bool well;
    int delay; /* centiseconds a piece: the page's first speed */
    long piece_total;
    const struct palette *palette;
    struct piece_state spawn[PIECE_TYPES]; /* where each piece type spawns (the same pivot) */
};

struct html_writer {
    FILE *out;
    long pieces;
};

/* Writes the page up to the pieces. False on a write error. */
bool html_begin(struct html_writer *h, FILE *out, const struct html_page *page);
/* One locked piece; bit i of picture_mask is set when its cell i stays in the picture. */
bool html_add_piece(struct html_writer *h, const struct play_event *event, unsigned picture_mask);
/* Writes the rest of the page. */
bool html_end(struct html_writer *h);

#endif
