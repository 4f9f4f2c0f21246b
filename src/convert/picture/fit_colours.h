/* Where the colour step (fit.h, fit_reduce.h) takes its palettes from: the picture's own
 * colours, and libimagequant's choice.
 *
 * libimagequant chooses at most N colours from a histogram of the picture's flat pixels
 * (those whose four neighbours are within FIT_COLOURS_FLAT_DISTANCE: the blends along edges,
 * JPEG ringing and halos of a removed background are left out, unless flat pixels are too
 * few to judge by) among at most FIT_COLOURS_SAMPLES opaque pixels taken evenly in reading
 * order; colours closer than FIT_COLOURS_MERGE_DISTANCE are one colour (JPEG noise in a flat
 * area is not a second colour: fit_colours_close), and libimagequant is asked again for one
 * colour fewer until none are. Distances here are in RGB. */
#ifndef TETRIS_CONVERT_FIT_COLOURS_H
#define TETRIS_CONVERT_FIT_COLOURS_H

#include "block.h"
#include "picture.h"

#include <stdbool.h>
#include <stdint.h>

#define FIT_COLOURS_FLAT_DISTANCE 24
#define FIT_COLOURS_MERGE_DISTANCE 24
#define FIT_COLOURS_SAMPLES (1L << 18)

struct fit_palette_colours {
    int count;
    uint32_t rgb[MAX_COLOURS];
};

/* The opaque colours of `p` when there are at most `most`; false when there are more. */
bool fit_colours_own(const struct picture *p, int most, struct fit_palette_colours *palette);

/* The histogram libimagequant chooses from, built once for a picture; NULL when memory
 * runs out. */
struct fit_colours_histogram;
struct fit_colours_histogram *fit_colours_histogram(const struct picture *p);
void fit_colours_histogram_free(struct fit_colours_histogram *histogram);

/* libimagequant's palette of at most `wanted` (1 to MAX_COLOURS) colours from the
 * histogram. False when memory runs out. */
bool fit_colours_choose_from(const struct fit_colours_histogram *histogram, int wanted,
                             struct fit_palette_colours *palette);

/* Whether two colours are one: closer than FIT_COLOURS_MERGE_DISTANCE. */
bool fit_colours_close(uint32_t a, uint32_t b);

#endif
