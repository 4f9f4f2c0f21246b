/* The colour step of --fit and --colors (fit.h): a palette chosen from the picture before
 * scaling, and the pixels of the picture as it will be printed mapped to it (the nearest
 * colour in RGB, or Floyd-Steinberg with --dither, errors spreading to opaque pixels only).
 *
 * The palette: the picture's own colours when they are few enough (a scaled picture then
 * keeps exactly them, crisp); otherwise, with --colors N, libimagequant's choice of at most
 * N from a histogram of the picture's flat pixels (those whose four neighbours are within
 * FIT_COLOURS_FLAT_DISTANCE: the blends along edges, JPEG ringing and halos of a removed
 * background are left out, unless flat pixels are too few to judge by) among at most
 * FIT_COLOURS_SAMPLES opaque pixels taken evenly in reading order; colours closer than
 * FIT_COLOURS_MERGE_DISTANCE are one colour (JPEG noise in a flat area is not a second
 * colour), and libimagequant is asked again for one colour fewer until none are. */
#ifndef TETRIS_CONVERT_FIT_COLOURS_H
#define TETRIS_CONVERT_FIT_COLOURS_H

#include "fit.h"
#include "picture.h"
#include "sprite.h"

#include <stdbool.h>
#include <stdint.h>

#define FIT_COLOURS_FLAT_DISTANCE 24
#define FIT_COLOURS_MERGE_DISTANCE 24
#define FIT_COLOURS_SAMPLES (1L << 18)

struct fit_palette_colours {
    int count;
    uint32_t rgb[SPRITE_MAX_COLOURS];
};

/* The opaque colours of `p` when there are at most `most`; false when there are more. */
bool fit_colours_own(const struct picture *p, int most, struct fit_palette_colours *palette);

/* libimagequant's palette of at most `wanted` (1 to SPRITE_MAX_COLOURS) colours for `p`.
 * False when memory runs out. */
bool fit_colours_choose(const struct picture *p, int wanted, struct fit_palette_colours *palette);

/* Maps every opaque pixel of `p` to the palette; returns the mean RGB distance of a pixel
 * to its colour. */
double fit_colours_map(struct picture *p, const struct fit_palette_colours *palette, bool dither);

#endif
