/* --frames DIR: the time-lapse as numbered PNG files, each written atomically. Frame names
 * are DIR/frame-N.png with N zero-padded to the digits of the run's frame count (at least
 * FRAMES_MIN_DIGITS), so that they sort in order; DIR holds exactly this run's frames. */
#ifndef TETRIS_PRINT_FRAMES_H
#define TETRIS_PRINT_FRAMES_H

#include "drawing/palette.h"
#include "drawing/raster.h"

#include <stdbool.h>

#define FRAMES_MIN_DIGITS 5

/* The digits of frame numbers for a run of `count` frames. */
int frames_digits(long count);

/* Creates DIR when it does not exist yet, and removes its files named like frames
 * ("frame-" digits ".png") other than this run's frame-1 .. frame-count at `digits` digits,
 * nothing else. False with errno set on failure. */
bool frames_prepare(const char *dir, long count, int digits);

/* DIR/frame-N.png into `path` (size at least strlen(dir) + 32). */
void frames_path(char *path, size_t size, const char *dir, long number, int digits);

/* Writes DIR/frame-N.png (number from 1). False with errno set on failure. */
bool frames_write(const char *dir, long number, int digits, const struct raster *r,
                  const struct palette *p);

#endif
