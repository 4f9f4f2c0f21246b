/* --frames DIR: every frame as a PNG file of its own (frames_dir.h names them), each written
 * atomically; on a failure, the frames this run wrote are removed again. */
#ifndef TETRIS_PRINT_FRAMES_OUTPUT_H
#define TETRIS_PRINT_FRAMES_OUTPUT_H

#include "output.h"

extern const struct output_ops FRAMES_OUTPUT;

#endif
