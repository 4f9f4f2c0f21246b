/* The real-time search for one pass (DESIGN.md, "Real-time search"): a base of flipped
 * J/T/L over three same-colour pixels, then hanging ones under single pixels, packed by the
 * randomized search in the smallest usable matrix, then in taller ones, with the squares
 * already printed in the row as extra support.
 *
 * The candidates (a base and a height, in order of preference) are split into jobs, each
 * a few budgeted tries with its own seed. Jobs run in parallel, and the pass is the
 * earliest job in that order that finds a packing which also plays on the playfield, so
 * the result is the same whatever the number of threads. */
#ifndef TETRIS_CONVERT_REALTIME_PASS_H
#define TETRIS_CONVERT_REALTIME_PASS_H

#include "pass.h"
#include "playfield.h"

#include <stdbool.h>
#include <stdint.h>

struct realtime_limits {
    int jobs_per_candidate;
    int tries_per_job;
    long attempts_per_try;
};

#define REALTIME_DEFAULT_LIMITS                                                                    \
    ((struct realtime_limits){                                                                     \
        .jobs_per_candidate = 8, .tries_per_job = 4, .attempts_per_try = 1000})

/* The greedy base: flipped pieces first, then hanging ones; `flipped` false skips the
 * flipped ones. */
void realtime_pass_greedy(const struct row_state *row, bool flipped, struct pass_base *base);

/* What a pass must satisfy besides a packing: its block must play from this playfield. */
typedef bool pass_plays_function(const struct pattern *pass, const struct playfield *pf);

/* Searches a pass for the pixels still to print. Returns 1 with the pass in `out`, 0 when
 * no job found one, -1 when out of memory. */
int realtime_pass_search(const struct row_state *row, const struct playfield *pf, uint64_t seed,
                         struct realtime_limits limits, pass_plays_function *plays,
                         struct pattern *out);

#endif
