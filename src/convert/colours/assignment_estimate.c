#include "assignment_estimate.h"

#include "parity.h"
#include "picture/sprite_limits.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define ESTIMATED_HEIGHTS 2 /* the fewest rows parity allows (at least 2), and 4 more */

/* The fewest rows of a pass over `pixels` pixels, 1-row matrices (seldom packed) aside. */
static int first_rows(int width, int pixels) {
    int rows = parity_first_height(width, pixels);
    return rows < 2 ? rows + 4 : rows;
}

/* The problem of printing the band of `bands` sprite rows from row `y` (from the top) down
 * in one pass over all their pixels, standing on a flat platform, sprite colour c printed as
 * script colour script_colour[c]: at the fewest rows parity allows, and `height` times 4
 * rows more. */
static void band_problem(const struct sprite *sprite, int width, const uint8_t script_colour[],
                         int y, int bands, int height, struct pass_problem *p) {
    struct target band;
    target_init(&band, width);
    band.rows = bands;
    memset(band.under, true, sizeof band.under);
    int first = sprite_column(sprite, width);
    for (int r = 0; r < bands; r++)
        for (int x = 0; x < sprite->width; x++) {
            uint8_t colour = sprite->pixels[y + r][x];
            if (colour)
                band.want[r][first + x] = (int8_t)colour_piece(script_colour[colour]);
        }
    int pixels = target_pending_count(&band);
    pass_planner_problem(&band, first_rows(width, pixels) + 4 * height, pixels, p);
}

/* The index of a band among a candidate's, by its top row y and its rows; each band has
 * ESTIMATED_HEIGHTS searches, the fewest rows first. */
static int option_index(int y, int bands) {
    return y * TARGET_MAX_ROWS + bands - 1;
}

/* The matrix rows of a band's pass: the first height found among the `searched`; when none
 * was, `next_height` heights more than the fewest (ESTIMATED_HEIGHTS: none will be: 8 rows
 * more for a row alone, no pass for a band of several rows, 0). */
static int band_rows_with(const struct pass_job *heights, int bands, int searched,
                          int next_height) {
    for (int h = 0; h < searched; h++)
        if (heights[h].found)
            return heights[h].problem.rows;
    if (bands > 1 && next_height >= ESTIMATED_HEIGHTS)
        return 0;
    return heights[0].problem.rows + 4 * next_height;
}

/* A candidate's estimate, the cheapest split of the sprite's rows into bands of 1 to
 * TARGET_MAX_ROWS rows (those `usable`), with bands not found yet at the heights searched
 * counted as found at `next_height` heights more: a lower bound when the next height is still
 * to search, an upper bound with ESTIMATED_HEIGHTS. */
static long estimate_with(const struct sprite *sprite, int width, const struct pass_job *jobs,
                          const bool *usable, int searched, int next_height) {
    long least[SPRITE_MAX_HEIGHT + 1]; /* least[y]: rows y and below */
    least[sprite->height] = 0;
    for (int y = sprite->height - 1; y >= 0; y--) {
        least[y] = LONG_MAX;
        for (int bands = 1; bands <= TARGET_MAX_ROWS && y + bands <= sprite->height; bands++) {
            int option = option_index(y, bands);
            const struct pass_job *heights = &jobs[option * ESTIMATED_HEIGHTS];
            int rows = usable[option] ? band_rows_with(heights, bands, searched, next_height) : 0;
            if (rows == 0)
                continue;
            long pieces =
                parity_pieces(width, rows, heights->problem.min_pixels) + least[y + bands];
            least[y] = pieces < least[y] ? pieces : least[y];
        }
    }
    return least[0];
}

/* Which bands of several rows the candidates' estimates may count: those whose pixels
 * emitters can print all at once (pass_emitters_most), a band pass printing the rows under
 * its top row whole. Rows alone are always usable. */
static bool find_usable(struct search_team *team, const struct sprite *sprite,
                        const struct pass_job *jobs, int count, bool *usable) {
    int options = sprite->height * TARGET_MAX_ROWS;
    struct pass_problem *problems = calloc((size_t)(count * options), sizeof *problems);
    int *most = malloc((size_t)(count * options) * sizeof *most);
    int *place = malloc((size_t)(count * options) * sizeof *place);
    if (!problems || !most || !place) {
        free(problems);
        free(most);
        free(place);
        return false;
    }
    int n = 0;
    for (int k = 0; k < count; k++)
        for (int y = 0; y < sprite->height; y++)
            for (int bands = 1; bands <= TARGET_MAX_ROWS; bands++) {
                int option = k * options + option_index(y, bands);
                usable[option] = bands == 1;
                if (bands > 1 && y + bands <= sprite->height) {
                    place[n] = option;
                    problems[n++] = jobs[option * ESTIMATED_HEIGHTS].problem;
                }
            }
    search_team_most_printable(team, problems, n, most);
    for (int i = 0; i < n; i++)
        usable[place[i]] = most[i] >= problems[i].min_pixels;
    free(problems);
    free(most);
    free(place);
    return true;
}

/* The searches of the candidates' estimates. */
struct estimation {
    int options, per_candidate; /* a candidate's bands, and their searches */
    struct pass_job *jobs;      /* the candidates' searches, one after the other */
    bool *usable;               /* the candidates' bands (find_usable) */
    struct pass_job *wanted;    /* the searches of one height */
    int *place;                 /* wanted[i]'s in jobs */
};

/* The searches of `height` for the candidates that can still win (estimate), each band's
 * only when no lower one found its pass. */
static void search_height(struct search_team *team, const struct sprite *sprite, int width,
                          int count, int height, struct estimation *e) {
    long best_worst = LONG_MAX; /* the lowest estimate should the rest all fail */
    for (int k = 0; k < count; k++) {
        long worst = estimate_with(sprite, width, &e->jobs[k * e->per_candidate],
                                   &e->usable[k * e->options], height, ESTIMATED_HEIGHTS);
        best_worst = worst < best_worst ? worst : best_worst;
    }
    int n = 0;
    for (int k = 0; k < count; k++) {
        const struct pass_job *mine = &e->jobs[k * e->per_candidate];
        const bool *usable = &e->usable[k * e->options];
        if (height > 0 && estimate_with(sprite, width, mine, usable, height, height) > best_worst)
            continue;
        for (int option = 0; option < e->options; option++) {
            const struct pass_job *heights = &mine[option * ESTIMATED_HEIGHTS];
            bool found_lower = false;
            for (int lower = 0; lower < height; lower++)
                found_lower = found_lower || heights[lower].found;
            if (usable[option] && !found_lower) {
                e->place[n] = k * e->per_candidate + option * ESTIMATED_HEIGHTS + height;
                e->wanted[n] = e->jobs[e->place[n]];
                n++;
            }
        }
    }
    search_team_each(team, e->wanted, n);
    for (int i = 0; i < n; i++)
        e->jobs[e->place[i]].found = e->wanted[i].found;
}

/* The searches at the fewest rows first; the taller ones only for the candidates that can
 * still win: a candidate whose estimate, if every taller search succeeded, is above another's,
 * if every one failed, can't. */
bool assignment_estimate(struct search_team *team, const struct sprite *sprite, int width,
                         uint64_t seed, struct planner_limits limits,
                         const uint8_t script_colours[][MAX_COLOURS + 1], int count,
                         long estimates[]) {
    struct estimation e = {.options = sprite->height * TARGET_MAX_ROWS};
    e.per_candidate = e.options * ESTIMATED_HEIGHTS;
    size_t all = (size_t)(count * e.per_candidate);
    e.jobs = calloc(all, sizeof *e.jobs);
    e.wanted = calloc(all, sizeof *e.wanted);
    e.place = calloc(all, sizeof *e.place);
    e.usable = calloc((size_t)(count * e.options), sizeof *e.usable);
    bool ok = false;
    if (e.jobs && e.wanted && e.place && e.usable) {
        for (int k = 0; k < count; k++)
            for (int y = 0; y < sprite->height; y++)
                for (int bands = 1; bands <= TARGET_MAX_ROWS && y + bands <= sprite->height;
                     bands++)
                    for (int h = 0; h < ESTIMATED_HEIGHTS; h++) {
                        struct pass_job *job =
                            &e.jobs[k * e.per_candidate +
                                    option_index(y, bands) * ESTIMATED_HEIGHTS + h];
                        band_problem(sprite, width, script_colours[k], y, bands, h, &job->problem);
                        job->budget = pass_planner_budget(limits, width, job->problem.rows);
                        job->seed = pass_problem_seed(&job->problem, seed, 0);
                    }
        ok = find_usable(team, sprite, e.jobs, count, e.usable);
    }
    for (int h = 0; h < ESTIMATED_HEIGHTS && ok; h++)
        search_height(team, sprite, width, count, h, &e);
    for (int k = 0; k < count && ok; k++)
        estimates[k] =
            estimate_with(sprite, width, &e.jobs[k * e.per_candidate], &e.usable[k * e.options],
                          ESTIMATED_HEIGHTS, ESTIMATED_HEIGHTS);
    free(e.jobs);
    free(e.wanted);
    free(e.place);
    free(e.usable);
    return ok;
}
