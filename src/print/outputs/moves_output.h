/* --moves: each piece's trajectory from its spawn, one line on standard output as it
 * locks, e.g. "block 3 piece C (L): r+ r+ sl sl sl hd". */
#ifndef TETRIS_PRINT_MOVES_OUTPUT_H
#define TETRIS_PRINT_MOVES_OUTPUT_H

#include "output.h"

extern const struct output_ops MOVES_OUTPUT;

#endif
