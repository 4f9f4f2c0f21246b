/* Platforms (docs/design.md, "Converting"): a row whose pixels can't all rest on the row below
 * can be printed on a platform, three full rows but for a notch at one edge; its last piece,
 * a J or L dropped once the row is printed, fills the notch, the three rows clear and the
 * row falls onto the one below.
 *
 * Two kinds: the library's, built on a square of the row below by a T pointing up (4 rows,
 * the bottom one clearing as it is built: W pieces in all), and one left standing by the
 * previous row's last pass (pass_planner_platform_top): the top 3 rows of that pass's
 * matrix, which clear only with the notch piece. When the pass packs so at its own height
 * that costs nothing (its pieces but one, and the notch piece); when it packs only 4 rows
 * taller, W pieces more (a pass of 3 rows that all stay has no row completing under its
 * pieces: on the 21-wide field a lone J packs so at even columns only). Whether a row gets
 * one, and which, the converter decides by the pieces each way needs (converter.c). */
#ifndef TETRIS_CONVERT_PLATFORM_H
#define TETRIS_CONVERT_PLATFORM_H

#include "library/pattern_library.h"
#include "pass.h"
#include "pattern.h"
#include "playfield.h"
#include "script.h"

#include <stdbool.h>
#include <stdint.h>

/* Rows a platform leaves standing until its last piece. */
#define PLATFORM_TOP_ROWS 3

/* The capacities of a pass of `rows` matrix rows whose top PLATFORM_TOP_ROWS rows stay as a
 * platform with its notch at `side`. */
void platform_top_capacities(int width, int rows, enum notch_side side, uint8_t capacity[]);

/* The block of the last piece of a platform left standing by a pass of `rows` matrix rows
 * packed to `capacity`: the notch piece (pattern.h) on the side the capacities reserve.
 * Returns false when out of memory. */
bool platform_top_notch_block(int width, int rows, const uint8_t capacity[],
                              struct script_block *out);

/* The first platform of the library (in the order of its starts) whose T rests on a square
 * of the row below and whose body (every piece but the last) plays from `pf`, or NULL. */
const struct pattern *platform_from_library(const struct pattern_library *lib,
                                            const struct target *below, const struct playfield *pf);

/* The blocks of a library platform: its body, and its last piece (the notch piece, as the
 * file has it) alone. Returns false when out of memory. */
bool platform_library_blocks(const struct pattern *p, struct script_block *body,
                             struct script_block *notch);

#endif
