/* The estimate of the pieces a sprite takes under each of some assignments of its colours to
 * piece types, by which colour_assignment.h chooses among them.
 *
 * The sprite's rows are split into bands of 1 to TARGET_MAX_ROWS rows, the cheapest split
 * counted: a band costs one pass over all its pixels standing on a flat platform, at the
 * fewest rows parity allows (2 at least), or failing that at 4 rows more; a row alone whose
 * both searches fail costs 8 rows more, a band of several rows whose searches fail is not
 * used. A band of several rows is searched only where emitters print all its pixels at once
 * (pass_emitters_most): a band pass prints the rows under its top row whole, so bands count
 * where a colour's pieces reach down through pixels of its own (a J, L or I hanging a column
 * of two), which rows alone don't show. The searches are the passes' first searches, with
 * the run's seed and the passes' limits (the team remembers them for the conversion). */
#ifndef TETRIS_CONVERT_ASSIGNMENT_ESTIMATE_H
#define TETRIS_CONVERT_ASSIGNMENT_ESTIMATE_H

#include "converter/pass_planner.h"
#include "converter/search_team.h"
#include "picture/sprite.h"

#include <stdbool.h>
#include <stdint.h>

/* The estimates of `count` assignments of the sprite centred (at its shift) on a field
 * `width` wide, assignment k printing sprite colour c (1-based) as script colour
 * script_colours[k][c]: estimates[k] is its, in pieces. False when out of memory. */
bool assignment_estimate(struct search_team *team, const struct sprite *sprite, int width,
                         uint64_t seed, struct planner_limits limits,
                         const uint8_t script_colours[][MAX_COLOURS + 1], int count,
                         long estimates[]);

#endif
