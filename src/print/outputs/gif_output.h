/* -o FILE.gif: the play as an animated GIF (giflib), looping forever. Each frame holds only
 * the rectangle that changed since the previous one, its unchanged pixels transparent
 * (PALETTE_KEY); a frame that changes nothing lengthens the previous one. With a
 * transparent background each frame is the whole canvas instead, replacing the previous
 * one. The last frame is held for at least --hold. */
#ifndef TETRIS_PRINT_GIF_OUTPUT_H
#define TETRIS_PRINT_GIF_OUTPUT_H

#include "output.h"

extern const struct output_ops GIF_OUTPUT;

#endif
