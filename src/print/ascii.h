/* --ascii: the final playfield as text on standard output. */
#ifndef TETRIS_PRINT_ASCII_H
#define TETRIS_PRINT_ASCII_H

#include "drawing/palette.h"
#include "playfield.h"

#include <stdbool.h>
#include <stdio.h>

/* Rows top_row .. the floor, one line each: '.' empty, else the piece letter; with `colour`,
 * each cell is two characters: a coloured block (ANSI 24-bit background) or " ." when empty. */
bool ascii_print(FILE *out, const struct playfield *pf, int top_row, bool colour,
                 const struct palette *p);

#endif
