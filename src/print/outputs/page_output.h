/* -o FILE.html: one self-contained page (no network, no other file) that replays the play
 * on a canvas with play/pause, one piece back and forth, speed, a scrub bar, piece and line
 * counters and the final picture. The page (page.html, built in) gets the field, the
 * palette, the orientations, the spawn and each locked piece (orientation, pivot, which of
 * its cells are picture cells, its rotations), written as the play goes; the page shows each
 * piece's trip when it plays slowly. */
#ifndef TETRIS_PRINT_PAGE_OUTPUT_H
#define TETRIS_PRINT_PAGE_OUTPUT_H

#include "output.h"

extern const struct output_ops PAGE_OUTPUT;

#endif
