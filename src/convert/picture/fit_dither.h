/* --dither: Floyd-Steinberg error diffusion within the colour rules. The plan's palette and
 * piece types stay; rows go top to bottom, serpentine, and each pixel takes the colour
 * nearest (in Oklab) to what it should show, its own colour plus the errors spread to it:
 * 7/16 to the next pixel of its row, 3/16, 5/16 and 1/16 to the three below, to opaque
 * pixels only. A row whose nearest colours the rules can't print is coloured by
 * colour_rules_cheapest_row against the same wants, and its errors are then spread from the
 * colours it keeps. */
#ifndef TETRIS_CONVERT_FIT_DITHER_H
#define TETRIS_CONVERT_FIT_DITHER_H

#include "colours/colour_plan.h"

#include <stdbool.h>

/* Replaces the plan's labels (and its count of repaired pixels: those not given the colour
 * nearest to their want). False when memory runs out (the plan is then unchanged). */
bool fit_dither(const struct colour_problem *problem, struct colour_plan *plan);

#endif
