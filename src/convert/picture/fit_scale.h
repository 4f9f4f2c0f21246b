/* The scaling step of --fit (fit.h): a picture larger than the box is made to fit it,
 * keeping its aspect ratio. Pixel art enlarged by an integer factor k (every k x k block of
 * pixels equal) is reduced by exactly k, pixel for pixel: by the smallest such k that makes
 * it fit, so that it is printed as large as it can be while every pixel of the art still
 * takes the same number of cells (art enlarged 8 times whose 2x enlargement fits comes out
 * 2x). What is still too large after the largest such k, or was never pixel art, goes
 * through an area filter (stb_image_resize's box filter, averaging in linear light,
 * transparent pixels weighing nothing), after which a pixel is opaque when at least half of
 * its area was.
 *
 * Blocks must tile the trimmed picture exactly: a partial block at an edge would mean the
 * enlarged picture was cropped through its pixels, and then it is no longer known where
 * the blocks start. */
#ifndef TETRIS_CONVERT_FIT_SCALE_H
#define TETRIS_CONVERT_FIT_SCALE_H

#include "fit_options.h"
#include "picture.h"

#include <stdbool.h>

/* The block size to reduce `p` by: among the k >= 2 such that `p` is made of k x k blocks of
 * equal pixels, the smallest that makes it fit the box, else the largest; 1 when none. */
int fit_scale_block(const struct picture *p, int max_width, int max_height);

/* `p` (trimmed, every alpha 0 or 255, larger than max_width x max_height) scaled into the
 * box, as a new picture `out`; says how in *scaling and *block. False when memory runs
 * out. */
bool fit_scale(const struct picture *p, int max_width, int max_height, struct picture *out,
               enum fit_scaling *scaling, int *block);

/* Alpha is coverage after an area filter. A row that is less than half covered everywhere
 * between rows that are more keeps its most covered pixels, so that scaling never opens an
 * empty row (which Tetris could not print) inside a picture, and a picture no pixel of which
 * is half covered keeps its most covered ones, so that scaling never empties it; then
 * every pixel is made opaque (at least half covered) or transparent. */
void fit_scale_settle_coverage(struct picture *p);

#endif
