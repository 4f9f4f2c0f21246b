/* Choosing the next pass of a sprite row (the real-time method).
 *
 * A pass of matrix height h that prints e pixels uses (W*h + e)/4 pieces on a field W wide,
 * so all the passes of a row of P pixels use (W*H + P)/4, H being the rows they clear in
 * all: what a row costs is H. A single pass needs W*h + P divisible by 4, so the cheapest
 * row is one pass at the smallest such h; failing that, one 4 rows taller, or several
 * passes whose heights add up to as little.
 *
 * The planner lists the passes worth trying, each a height and a number of pixels (all of
 * them, or at least k, the rest left for later), in the order of the rows the whole row
 * would then clear (this pass's, plus an estimate for the pixels left), and hands them to
 * the search team as jobs: the first that succeeds in that order is the pass. */
#ifndef TETRIS_CONVERT_PASS_PLANNER_H
#define TETRIS_CONVERT_PASS_PLANNER_H

#include "pass.h"
#include "pass_packer.h"
#include "playfield.h"
#include "script.h"
#include "search_team.h"

#include <stdbool.h>
#include <stdint.h>

struct planner_limits {
    int jobs_per_option; /* searches, each with its own seed, for each height and pixel count */
    struct pass_budget budget;
    /* The row's searches before this one that found no pass (converter.c): a retry asks for
     * emitters hanging from no corner (pass_packer.h's plain_emitters), tries options whose
     * estimates lie further from the best one, and on a target with pixels the library
     * can't print, has a pass leave only pixels one more pass prints (leave_printable). */
    int retry;
    /* The most rows of a target (target.h): 1 for the article's row at a time. */
    int band_rows;
};

/* Many short tries find more passes than a few long ones: a set of emitters whose matrix
 * doesn't pack within a few hundred placements seldom packs at all. */
#define PLANNER_DEFAULT_LIMITS                                                                     \
    ((struct planner_limits){                                                                      \
        .jobs_per_option = 1,                                                                      \
        .budget = {.tries = 128, .nodes_per_try = 250, .nodes_per_matrix = 250},                   \
        .band_rows = TARGET_MAX_ROWS})

/* A pass chosen: the problem it solves (its height, capacities and pixels), its pieces, their
 * block (piece_block.h) and the field after it, which it plays from the field it was
 * planned on. */
struct planned_pass {
    struct pass_problem problem;
    struct pass_packing packing;
    struct script_block block;
    struct playfield after;
};

/* Frees the block, unless the caller has taken it. */
void planned_pass_free(struct planned_pass *pass);

enum planner_result { PLANNER_FOUND, PLANNER_NONE, PLANNER_NO_MEMORY };

/* The packing problem of one pass over the pixels still to print in `row`: a matrix of
 * `rows` rows printing at least `min_pixels` of them. */
void pass_planner_problem(const struct target *row, int rows, int min_pixels,
                          struct pass_problem *p);

/* The budget of a search of a pass of `rows` matrix rows on a field `width` wide. */
struct pass_budget pass_planner_budget(struct planner_limits limits, int width, int rows);

/* Whether a field is wider than those whose searches get all their tries (pass_planner.c,
 * FULL_TRIES_WIDTH). */
bool pass_planner_wide_field(int width);

/* The limits with `effort` times fewer tries, at least one. */
struct planner_limits pass_planner_fewer_tries(struct planner_limits limits, int effort);

/* The rows a row of `pending` pixels would clear in all after a pass of `rows` matrix rows
 * printing `pixels` of them: these, and an estimate for the rest. */
int pass_planner_estimate(int width, int rows, int pixels, int pending);

/* The next pass for the pixels still to print in the window's lowest row (the row being
 * printed; the window holds the rows above it too, up to TARGET_MAX_ROWS, nothing printed in
 * them), playing from `pf`: into a target of that row or, up to limits.band_rows, a band of
 * it and the rows above, which the pass prints but for pixels of its top row (target.h).
 * Among the options that can finish the row within `max_pieces` pieces (LONG_MAX for any)
 * and whose estimate is at most `estimate_limit` (INT_MAX for any; else the library's
 * one-row pass's): those near the best estimate first, then, when none is found and
 * `estimate_limit` is finite, the others up to it with fewer tries. Estimates count the rows
 * the whole window would clear. `seed` is the run's: each search's seed derives from it and
 * the problem searched (pass_problem_seed). */
enum planner_result pass_planner_next(struct search_team *team, const struct target *window,
                                      const struct playfield *pf, uint64_t seed,
                                      struct planner_limits limits, long max_pieces,
                                      int estimate_limit, struct planned_pass *out);

/* The last resort for pixels the library can't print (colours 4 to 7): a pass printing any
 * of them, from the fewest rows up, each searched ANY_PIXEL_EFFORT times longer. When it
 * finds one it does so early; on wide sparse rows it mostly finds none (a lone S or Z
 * leaning on a square far away: the fallback pass prints it), and more tries cost seconds. */
#define ANY_PIXEL_EFFORT 2
enum planner_result pass_planner_any_pixel(struct search_team *team, const struct target *row,
                                           const struct playfield *pf, uint64_t seed,
                                           struct planner_limits limits, struct planned_pass *out);

/* A last pass for the row that also leaves a platform for the next row standing: the
 * matrix's top 3 rows don't clear, for a notch of 4 cells at one edge that one J or L
 * fills once the next row is printed (platform.h). */
enum planner_result pass_planner_platform_top(struct search_team *team, const struct target *row,
                                              const struct playfield *pf, uint64_t seed,
                                              struct planner_limits limits,
                                              struct planned_pass *out);

#endif
