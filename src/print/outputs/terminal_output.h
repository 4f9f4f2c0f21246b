/* --play: the print animated in the terminal, in place: every character shows two cells,
 * one above the other ("▀" in the upper cell's colour on the lower cell's, ANSI 24-bit
 * colours), inside the well, with a line of counters below. Standard output must be a
 * terminal, as wide as the field and its walls (refused, saying so, when it is narrower).
 * The field is shown from the crop, or lower when the terminal is too short for it (said
 * in one line before it plays). The cursor is hidden while it plays and the terminal
 * restored at the end, on an error, and on SIGINT, SIGTERM or SIGHUP (which then end the
 * program as they would have). Frames are paced by the clock, a delay apart, so that the
 * play lasts its length however slowly the terminal draws; like an animation one shares,
 * it lasts at most the default length unless --every or --duration says otherwise. */
#ifndef TETRIS_PRINT_TERMINAL_OUTPUT_H
#define TETRIS_PRINT_TERMINAL_OUTPUT_H

#include "output.h"

extern const struct output_ops TERMINAL_OUTPUT;

#endif
