/* --frames DIR: the time-lapse as numbered PNG files, each written atomically. */
#ifndef TETRIS_PRINT_FRAMES_H
#define TETRIS_PRINT_FRAMES_H

#include "palette.h"
#include "raster.h"

#include <stdbool.h>

/* Creates DIR when it does not exist yet. False with errno set on failure. */
bool frames_prepare(const char *dir);

/* Writes DIR/frame-NNNNN.png (number from 1). False with errno set on failure. */
bool frames_write(const char *dir, long number, const struct raster *r, const struct palette *p);

#endif
