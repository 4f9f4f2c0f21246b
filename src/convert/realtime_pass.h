/* The real-time search for one pass (DESIGN.md, "Real-time search"): bases of flipped and
 * hanging J/T/L over the pixels still to print (base_choice.h), each packed by the
 * randomized search in a small matrix whose floor is supported by the squares already
 * printed in the row, with the library's emitters as sure options.
 *
 * Each searched option is split into jobs, a few budgeted tries with their own seed. Jobs
 * run in parallel, and the pass is the earliest job in order that finds a packing which
 * also plays on the playfield, so the result is the same whatever the number of threads.
 * When no job finds one, the sure options are played in order. */
#ifndef TETRIS_CONVERT_REALTIME_PASS_H
#define TETRIS_CONVERT_REALTIME_PASS_H

#include "pass.h"
#include "pattern_library.h"
#include "playfield.h"

#include <stdbool.h>
#include <stdint.h>

struct realtime_limits {
    int jobs_per_option;
    int tries_per_job; /* on the default field; fewer on wider ones */
    long attempts_per_try;
};

#define REALTIME_DEFAULT_LIMITS                                                                    \
    ((struct realtime_limits){.jobs_per_option = 4, .tries_per_job = 16, .attempts_per_try = 1000})

/* What a pass must satisfy besides a packing: its block must play from this playfield. */
typedef bool pass_plays_function(const struct pattern *pass, const struct playfield *pf);

/* Searches a pass for the pixels still to print. Returns 1 with the pass in `out`, 0 when
 * no option works, -1 when out of memory. */
int realtime_pass_search(const struct row_state *row, const struct pattern_library *lib,
                         const struct playfield *pf, uint64_t seed, struct realtime_limits limits,
                         pass_plays_function *plays, struct pattern *out);

#endif
