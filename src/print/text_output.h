/* The text outputs: --moves lines and the --ascii playfield. */
#ifndef TETRIS_PRINT_TEXT_OUTPUT_H
#define TETRIS_PRINT_TEXT_OUTPUT_H

#include "drawing/palette.h"
#include "player.h"

#include <stdbool.h>
#include <stdio.h>

/* "block 3 piece C (L): r+ r+ sl sl sl hd" */
bool moves_print(FILE *out, const struct play_event *event);

/* Rows top_row..41, one line each: '.' empty, else the piece letter; with `colour`, each
 * cell is two characters: a coloured block (ANSI 24-bit background) or " ." when empty. */
bool ascii_print(FILE *out, const struct playfield *pf, int top_row, bool colour,
                 const struct palette *p);

#endif
