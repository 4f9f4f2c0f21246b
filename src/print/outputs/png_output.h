/* -o FILE.png: the final picture, the field once every piece has locked. */
#ifndef TETRIS_PRINT_PNG_OUTPUT_H
#define TETRIS_PRINT_PNG_OUTPUT_H

#include "output.h"

extern const struct output_ops PNG_OUTPUT;

#endif
