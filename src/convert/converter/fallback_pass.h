/* The real-time method's last resort: wherever the search finds no pass and the library
 * has none either (row_printer.c), a fallback pass prints one unit of the row's pixels
 * instead, put together from the library's fallback tiles with no search
 * (fallback_assembly.h), so that it can't miss.
 *
 * The units are what the colour rules (colour_rules.h) let each piece type print: an O
 * pair, a lying S or Z pair, a lying I four, a standing S or Z held up by a square of its
 * row two or more columns away on its side (or by the field's edge), standing I pieces
 * held up by squares on both sides. Any row the rules accept has a unit that the squares
 * already in it let be printed (J, T and L pixels aside, which the library's emitters
 * print), and printing it leaves a row the rules accept: the row is printed unit by unit.
 * Of the units printable now, the one whose pass takes the fewest pieces and plays from the
 * playfield is taken, its hanging pieces resting on what is under the row or on its squares
 * (on a row wanting a platform, a way without one may have nothing under a unit; such a
 * pass would play, but a row lower as a whole). The units are of a one-row target (target.h):
 * on a taller band there are none. */
#ifndef TETRIS_CONVERT_FALLBACK_PASS_H
#define TETRIS_CONVERT_FALLBACK_PASS_H

#include "fallback_assembly.h"
#include "library/pattern_library.h"
#include "pass.h"
#include "pass_planner.h"
#include "playfield.h"

#include <stdbool.h>

/* The units of the pixels still to print in `row` that the squares already there let be
 * printed (at most one per run of a piece type's pixels); returns their number. */
#define FALLBACK_MAX_UNITS FIELD_MAX_WIDTH
int fallback_pass_units(const struct target *row, struct fallback_unit units[]);

/* The fallback pass for the row from `pf`, its block built and played as the planner's are
 * (planned_pass): false when no unit's pass plays there. */
bool fallback_pass_next(const struct pattern_library *lib, const struct target *row,
                        const struct playfield *pf, struct planned_pass *out);

#endif
