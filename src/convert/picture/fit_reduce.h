/* The colour step of --fit and --colors (fit.h): the palette, the piece type that prints
 * each of its colours and each pixel's colour, chosen together so that the prepared picture
 * can be printed (colour_plan.h) as close to the picture as it can, the distance measured
 * in Oklab (oklab.h).
 *
 * - A picture of at most N colours (N: --colors, else 7) keeps them. Unscaled, or reduced by
 *   whole blocks, it is taken as it is, unless --colors is given and no assignment of piece
 *   types to its colours can print it: then it is repaired, as few pixels changed as can be
 *   (then each as little as can be). Scaled through the area filter, each pixel takes the
 *   nearest of its colours that the rules let it have.
 * - A picture of more colours, with --colors N, is reduced: for n = 1, 2, ..., N in turn,
 *   palettes of n colours are tried, libimagequant's choice of n (fit_colours.h) and the
 *   best palette of n - 1 with the colour of the pixel furthest from it added; each is
 *   refined, as long as that brings it closer, by moving each colour to the mean of its
 *   pixels; the closest is kept for n unless the one kept for n - 1 is closer. So with N
 *   colours the picture never comes out further from the picture than with fewer.
 * - With --colors, a picture of its own colours also comes out as the reduction to fewer
 *   colours when that is closer.
 * - --dither then spreads the errors (fit_dither.h) over the palette and types chosen. */
#ifndef TETRIS_CONVERT_FIT_REDUCE_H
#define TETRIS_CONVERT_FIT_REDUCE_H

#include "fit_options.h"
#include "picture.h"

#include <stdbool.h>

/* Maps the pixels of `p` (the picture as it will be printed; `source`, before scaling, is
 * what libimagequant chooses from) and says what it did in the report's palette,
 * mean_error, repaired and dithered, and the plan's assignments of piece types in
 * planned_*; `blended`: `p` went through the area filter. `max_colours` applies without
 * --colors. False when memory runs out. */
bool fit_reduce(const struct picture *source, struct picture *p, const struct fit_options *o,
                int max_colours, bool blended, struct fit_report *report);

#endif
