/* --frames DIR: the names of the frame files and the directory that holds them. Frame
 * names are DIR/frame-N.png with N zero-padded to the digits of the run's frame count (at
 * least FRAMES_DIR_MIN_DIGITS), so that they sort in order; DIR holds exactly this run's
 * frames. */
#ifndef TETRIS_PRINT_FRAMES_DIR_H
#define TETRIS_PRINT_FRAMES_DIR_H

#include <stdbool.h>
#include <stddef.h>

#define FRAMES_DIR_MIN_DIGITS 5

/* The digits of frame numbers for a run of `count` frames. */
int frames_dir_digits(long count);

/* Creates DIR when it does not exist yet, and removes its files named like frames
 * ("frame-" digits ".png") other than this run's frame-1 .. frame-count at `digits` digits,
 * nothing else. False with errno set on failure. */
bool frames_dir_prepare(const char *dir, long count, int digits);

/* The size of a buffer that holds the path of any frame in DIR. */
size_t frames_dir_path_size(const char *dir);

/* DIR/frame-N.png into `path` (frames_dir_path_size(dir) bytes). */
void frames_dir_path(char *path, size_t size, const char *dir, long number, int digits);

#endif
