#include "pass_planner.h"

#include "colours/colour_rules.h"
#include "emitters.h"
#include "parity.h"
#include "picture/sprite_limits.h"
#include "piece_block.h"
#include "platform.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Matrices of fewer rows than PARITY_FIRST_LIKELY_HEIGHT seldom pack: pixels left for later
 * are counted as needing 4 rows more (parity_likely_height), and such matrices get this many
 * times fewer tries: when they pack, they pack quickly. */
#define UNLIKELY_ROWS_EFFORT 16
/* More than FEW_LEFT pixels left for later seldom go in one pass on the 21-wide field: they
 * are counted as needing MANY_LEFT_ROWS rows more (two passes, roughly). Without it, passes
 * printing one pixel each look as good as one over many whenever the full pass fails. A
 * wider field's pass has room for more of them, and its rows have more pixels: the number
 * grows with the square of the sprite's width (in proportion only, wide dense sprites take
 * more pieces, more of the library's passes, and more time). */
#define FEW_LEFT 4
#define MANY_LEFT_ROWS 8
/* Options whose estimate exceeds the best one's by more than this many rows are tried only
 * when none of the others is found, and only up to the library's pass's estimate: that pass
 * is about as good. A retry of the row tries them as far again. */
#define ROWS_BEYOND_BEST 4
/* ... and then with this many times fewer tries. On the 21-wide field they often print a row
 * the library's pass would have begun, for fewer pieces; on wide fields they seldom pack at
 * all, and full tries of them would cost dense sprites much time for nothing. */
#define FAR_OPTIONS_EFFORT 16
/* Past this width a pass's search spends no more placements than on a field this wide:
 * fewer tries of more placements each. A try on a wide field goes further (its segments go
 * on past slabs that can't end, pass_packer.h), and all the tries of the 21-wide field would
 * cost dense sprites on the widest fields much more time for a few pieces fewer. */
#define FULL_TRIES_WIDTH 37
#define MAX_OPTIONS 256

struct option {
    int band;             /* the target's rows (band_choice) */
    int rows, pixels;     /* matrix rows, and pixels printed: at least this many */
    int estimate;         /* rows the window clears, this pass's and an estimate for the rest */
    bool leave_printable; /* the pixels left must all be printable by one more pass */
    bool leave_reachable; /* ... or by a band pass over the row above (band_choice.reachable) */
};

/* Options in the order to try: lowest estimate first, then more pixels, then fewer rows. */
static int compare_options(const void *a, const void *b) {
    const struct option *x = a, *y = b;
    if (x->estimate != y->estimate)
        return x->estimate - y->estimate;
    if (x->pixels != y->pixels)
        return y->pixels - x->pixels;
    if (x->rows != y->rows)
        return x->rows - y->rows;
    if (x->leave_printable != y->leave_printable)
        return y->leave_printable - x->leave_printable;
    if (x->leave_reachable != y->leave_reachable)
        return y->leave_reachable - x->leave_reachable;
    return x->band - y->band;
}

/* Emitters reach at most EMITTER_ROWS matrix rows up: matrices of fewer rows leave some of
 * them out. */
#define EMITTER_ROWS EMITTER_MATRIX_ROWS

/* The estimate of a pass that leaves pixels one more pass prints (leave_printable). */
static int estimate_one_more(int width, int rows, int pixels, int pending) {
    return rows + parity_likely_height(width, pending - pixels);
}

int pass_planner_estimate(int width, int rows, int pixels, int pending) {
    int rest = pending - pixels;
    int sprite = sprite_max_width(width), base = sprite_max_width(FIELD_DEFAULT_WIDTH);
    int few = FEW_LEFT * sprite * sprite / (base * base);
    return estimate_one_more(width, rows, pixels, pending) + (rest > few ? MANY_LEFT_ROWS : 0);
}

/* The estimates of the options tried first: up to ROWS_BEYOND_BEST rows beyond the best. */
static int near_estimates(int width, int pending, int retry) {
    return parity_likely_height(width, pending) + ROWS_BEYOND_BEST * (1 + retry);
}

/* A target a pass may print into (target.h): the window's lowest rows, the current row and
 * up to TARGET_MAX_ROWS - 1 above it. */
struct band_choice {
    struct target band;
    int most[EMITTER_ROWS + 1]; /* most_printable */
    int pending, lower;         /* its pixels to print, those under its top row (all printed) */
    int upper;                  /* an estimate of the rows the window's rows above it clear */
    /* Its top row's pixels a band pass over the window's row above can print (through
     * pixels of their type there: emitter_reaches_through, while that row stands on this
     * one), and how many. */
    bool reachable[FIELD_MAX_WIDTH];
    int reachable_count;
};

/* The options of a band: every height up to the one a block's pieces allow, and every
 * number of pixels it can print (W*rows + pixels divisible by 4, more than the rows under
 * the top row hold) and emitters can print at once (`most[rows]` for rows up to
 * EMITTER_ROWS, then most[EMITTER_ROWS]), that can finish the row within `max_pieces` and
 * whose estimate is above `above` and at most `limit`. Each pass leaving pixels also comes
 * as one whose pixels left one more pass must print (leave_printable); when `strict`, only
 * so. Not strict, a height also comes as one pass leaving only pixels the band pass over the
 * row above reaches (leave_reachable), while some pixel is not so reachable: once all are,
 * that band pass prints them, and a pass before it would be a pass more. At most
 * MAX_OPTIONS of them, appended to out[*n]. */
static void list_options(const struct band_choice *b, long max_pieces, int above, int limit,
                         bool strict, struct option out[], int *n) {
    int width = b->band.width, pending = b->pending, k = b->band.rows, end = *n + MAX_OPTIONS;
    for (int rows = 1; rows <= MATRIX_MAX_HEIGHT; rows++) {
        struct option loosest = {0};
        for (int pixels = pending; pixels > b->lower && pixels >= 1 && *n < end; pixels--) {
            int pieces = parity_pieces(width, rows, pixels);
            if (pixels > b->most[rows < EMITTER_ROWS ? rows : EMITTER_ROWS])
                continue;
            if (pieces < 0 || pieces > PASS_MAX_PIECES ||
                pieces + parity_least_pieces(width, pending - pixels) > max_pieces)
                continue;
            int estimate = pass_planner_estimate(width, rows, pixels, pending) + b->upper;
            if ((!strict || pixels == pending) && estimate > above && estimate <= limit)
                out[(*n)++] = (struct option){k, rows, pixels, estimate, false, false};
            estimate = estimate_one_more(width, rows, pixels, pending) + b->upper;
            if (pixels < pending && *n < end && estimate > above && estimate <= limit)
                out[(*n)++] = (struct option){k, rows, pixels, estimate, true, false};
            /* the pixels left go with the band pass over the row above: this pass's rows
             * only; one option a height, the fewest pixels (the search prints all it can) */
            estimate = rows + b->upper;
            if (!strict && pixels < pending && pending - pixels <= b->reachable_count &&
                b->reachable_count < pending && estimate > above && estimate <= limit)
                loosest = (struct option){k, rows, pixels, estimate, false, true};
        }
        if (loosest.leave_reachable && *n < end)
            out[(*n)++] = loosest;
    }
}

void pass_planner_problem(const struct target *row, int rows, int min_pixels,
                          struct pass_problem *p) {
    memset(p, 0, sizeof *p);
    p->target = *row;
    p->rows = rows;
    p->min_pixels = min_pixels;
    memset(p->capacity, rows, (size_t)row->width);
}

/* A pass must leave the row's other pixels printable (colour_rules.h): the pieces that print
 * several pixels at once, or hang from one side, can be left without a way to print them. */
static bool leaves_row_printable(const struct target *pending, const struct pass_packing *packing) {
    struct target row = *pending;
    pass_packing_mark(packing, &row);
    return colour_rules_row_holds(row.width, row.want[0], row.square[0]);
}

/* What the condition made of a job's packing it accepted: its block, played once on a copy
 * of the field, and that field after it. */
struct pass_play {
    bool made;
    struct script_block block;
    struct playfield *after;
};

static void pass_play_free(struct pass_play *play) {
    if (play->made)
        script_block_free(&play->block);
    free(play->after);
    *play = (struct pass_play){0};
}

/* The condition on a row's passes (search_team.h), with what it made by job. */
struct pass_race {
    const struct playfield *pf;
    struct pass_play *plays;
};

/* A pass counts when it leaves its target printable (on a target whose colours the library
 * doesn't all print) and its block plays from the field; a block that can't be made (out of
 * memory, more pieces than a block names) doesn't. */
static bool pass_plays(const struct pass_job *job, int index, void *context) {
    const struct pass_race *race = context;
    const struct target *target = &job->problem.target;
    if (target_pending_beyond_library(target) && !leaves_row_printable(target, &job->packing))
        return false;
    struct pass_play *play = &race->plays[index];
    play->after = malloc(sizeof *play->after);
    play->made = play->after && piece_block_from_pass(&job->packing, &job->problem, &play->block);
    if (play->made) {
        playfield_copy(play->after, race->pf);
        if (piece_block_play(&play->block, play->after))
            return true;
    }
    pass_play_free(play);
    return false;
}

void planned_pass_free(struct planned_pass *pass) {
    script_block_free(&pass->block);
}

/* The most pixels of the row emitters can print at once under a matrix of each height from
 * 1 to EMITTER_ROWS: most[rows]. */
static void most_printable(struct search_team *team, const struct target *row, int most[]) {
    struct pass_problem problems[EMITTER_ROWS];
    for (int rows = 1; rows <= EMITTER_ROWS; rows++)
        pass_planner_problem(row, rows, 1, &problems[rows - 1]);
    search_team_most_printable(team, problems, EMITTER_ROWS, &most[1]);
}

/* Runs the jobs; the winner is the pass. */
static enum planner_result run(struct search_team *team, struct pass_job *jobs, int count,
                               const struct playfield *pf, struct planned_pass *out) {
    struct pass_race race = {pf, calloc((size_t)(count > 0 ? count : 1), sizeof *race.plays)};
    if (!race.plays)
        return PLANNER_NO_MEMORY;
    int best = search_team_first(team, jobs, count, (struct pass_condition){pass_plays, &race});
    if (best >= 0) {
        out->problem = jobs[best].problem;
        out->packing = jobs[best].packing;
        out->block = race.plays[best].block;
        playfield_copy(&out->after, race.plays[best].after);
        race.plays[best].made = false; /* the block is out's now */
    }
    for (int j = 0; j < count; j++)
        pass_play_free(&race.plays[j]);
    free(race.plays);
    return best >= 0 ? PLANNER_FOUND : PLANNER_NONE;
}

/* `effort` times fewer tries, at least one. */
static int fewer_tries(int tries, int effort) {
    return tries / effort > 0 ? tries / effort : 1;
}

bool pass_planner_wide_field(int width) {
    return width > FULL_TRIES_WIDTH;
}

struct planner_limits pass_planner_fewer_tries(struct planner_limits limits, int effort) {
    limits.budget.tries = fewer_tries(limits.budget.tries, effort);
    return limits;
}

struct pass_budget pass_planner_budget(struct planner_limits limits, int width, int rows) {
    struct pass_budget budget = limits.budget;
    /* A try's placements grow with the pass's pieces, which grow with its width; each slab
     * of a wide pass has the matrix budget of its own (pass_packer.h). Past FULL_TRIES_WIDTH
     * columns the tries shrink as much. */
    budget.nodes_per_try = budget.nodes_per_try * width / FIELD_DEFAULT_WIDTH;
    if (pass_planner_wide_field(width))
        budget.tries = budget.tries * FULL_TRIES_WIDTH / width;
    if (rows < PARITY_FIRST_LIKELY_HEIGHT)
        budget.tries = fewer_tries(budget.tries, UNLIKELY_ROWS_EFFORT);
    return budget;
}

/* The k-th job of an option. */
static void set_job(struct pass_job *job, const struct pass_problem *problem, uint64_t seed,
                    struct planner_limits limits, int k) {
    job->problem = *problem;
    job->problem.plain_emitters = limits.retry > 0;
    job->budget = pass_planner_budget(limits, problem->target.width, problem->rows);
    job->seed = pass_problem_seed(problem, seed, k);
}

/* The options of the bands whose estimates lie in (above, limit], searched as jobs. */
static enum planner_result try_options(struct search_team *team, const struct band_choice bands[],
                                       int band_count, const struct playfield *pf, uint64_t seed,
                                       struct planner_limits limits, long max_pieces, int above,
                                       int limit, struct planned_pass *out) {
    struct option options[MAX_OPTIONS * TARGET_MAX_ROWS];
    int count = 0;
    /* On a target with pixels the library can't print, a pass leaving pixels must leave
     * them printable: by the colour rules, as every pass found is checked (pass_plays),
     * or, on a retry of the row, by one more pass (leave_printable), which wide noisy rows
     * seldom find, their passes then falling to the library's single squares. */
    for (int k = 0; k < band_count; k++)
        list_options(&bands[k], max_pieces, above, limit,
                     limits.retry > 0 && target_pending_beyond_library(&bands[k].band), options,
                     &count);
    qsort(options, (size_t)count, sizeof *options, compare_options);
    int jobs = count * limits.jobs_per_option;
    struct pass_job *list = malloc((size_t)(jobs > 0 ? jobs : 1) * sizeof *list);
    if (!list)
        return PLANNER_NO_MEMORY;
    for (int j = 0; j < jobs; j++) {
        const struct option *o = &options[j / limits.jobs_per_option];
        struct pass_problem problem;
        pass_planner_problem(&bands[o->band - 1].band, o->rows, o->pixels, &problem);
        problem.leave_printable = o->leave_printable;
        problem.leave_reachable = o->leave_reachable;
        if (o->leave_reachable)
            memcpy(problem.reachable, bands[o->band - 1].reachable, sizeof problem.reachable);
        set_job(&list[j], &problem, seed, limits, j % limits.jobs_per_option);
    }
    enum planner_result result = run(team, list, jobs, pf, out);
    free(list);
    return result;
}

/* The estimate of the window's rows from `first` (0: its top row) to `end` - 1, each printed
 * by passes of its own later. */
static int rows_estimate(const struct target *window, int first, int end) {
    int rows = 0;
    for (int r = first; r < end; r++) {
        int pending = 0;
        for (int c = 0; c < window->width; c++)
            pending += target_pending(window, r, c);
        rows += parity_likely_height(window->width, pending);
    }
    return rows;
}

/* Whether every pixel of window row `upper` still to print has a pixel or a square under
 * it. When one hasn't, a band pass over that row and the one under it must print it (a pass
 * leaves a pixel of its top row only over a pixel: pass_emitters.c), resting on nothing but
 * its neighbours, which seldom packs: the row's pixels left for such a pass take one of
 * their own (on an emoji's widening rows, a pass of 5 rows for 1 to 3 pixels). */
static bool row_stands_on(const struct target *window, int upper, int lower) {
    for (int c = 0; c < window->width; c++)
        if (target_pending(window, upper, c) && !target_pixel(window, lower, c))
            return false;
    return true;
}

/* The bands of up to band_rows rows from the window's lowest row up, each with a pixel to
 * print in its top row and nothing printed above its lowest row: bands[k - 1] holds k rows.
 * Returns their number. */
static int band_choices(struct search_team *team, const struct target *window, int band_rows,
                        struct band_choice bands[]) {
    int count = 0;
    for (int k = 1; k <= band_rows && k <= window->rows; k++) {
        struct band_choice *b = &bands[k - 1];
        target_lowest_rows(window, k, &b->band);
        bool top_pending = false;
        for (int c = 0; c < window->width; c++)
            top_pending = top_pending || target_pending(&b->band, 0, c);
        if (!top_pending && k > 1)
            break;
        b->pending = target_pending_count(&b->band);
        b->lower = 0;
        for (int r = 1; r < k; r++)
            for (int c = 0; c < window->width; c++)
                b->lower += target_pending(&b->band, r, c);
        b->upper = rows_estimate(window, 0, window->rows - k);
        int top = window->rows - k;
        b->reachable_count = 0;
        bool stood_on = top > 0 && row_stands_on(window, top - 1, top);
        for (int c = 0; c < window->width; c++) {
            b->reachable[c] = stood_on && emitter_reaches_through(window, top, c);
            b->reachable_count += b->reachable[c];
        }
        memset(b->most, 0, sizeof b->most);
        most_printable(team, &b->band, b->most);
        count = k;
    }
    return count;
}

enum planner_result pass_planner_next(struct search_team *team, const struct target *window,
                                      const struct playfield *pf, uint64_t seed,
                                      struct planner_limits limits, long max_pieces,
                                      int estimate_limit, struct planned_pass *out) {
    struct band_choice bands[TARGET_MAX_ROWS];
    int count = band_choices(team, window, limits.band_rows, bands);
    /* Estimates are of the window's rows: a one-row pass's, the row's and the rows above. */
    int upper = bands[0].upper;
    int near = near_estimates(window->width, bands[0].pending, limits.retry) + upper;
    if (estimate_limit != INT_MAX)
        estimate_limit += upper;
    enum planner_result result =
        try_options(team, bands, count, pf, seed, limits, max_pieces, INT_MIN,
                    near < estimate_limit ? near : estimate_limit, out);
    if (result != PLANNER_NONE || estimate_limit == INT_MAX || estimate_limit <= near)
        return result;
    limits.budget.tries = fewer_tries(limits.budget.tries, FAR_OPTIONS_EFFORT);
    return try_options(team, bands, count, pf, seed, limits, max_pieces, near, estimate_limit, out);
}

enum planner_result pass_planner_any_pixel(struct search_team *team, const struct target *row,
                                           const struct playfield *pf, uint64_t seed,
                                           struct planner_limits limits, struct planned_pass *out) {
    struct pass_job *list = malloc((size_t)MATRIX_MAX_HEIGHT * sizeof *list);
    if (!list)
        return PLANNER_NO_MEMORY;
    limits.budget.tries *= ANY_PIXEL_EFFORT;
    int jobs = 0, most[EMITTER_ROWS + 1];
    most_printable(team, row, most);
    for (int rows = 2; rows <= MATRIX_MAX_HEIGHT; rows++) {
        struct pass_problem problem;
        pass_planner_problem(row, rows, 1, &problem);
        /* taller matrices hold the same emitters */
        if (most[rows < EMITTER_ROWS ? rows : EMITTER_ROWS] > 0)
            set_job(&list[jobs++], &problem, seed, limits, 0);
    }
    enum planner_result result = run(team, list, jobs, pf, out);
    free(list);
    return result;
}

enum planner_result pass_planner_platform_top(struct search_team *team, const struct target *row,
                                              const struct playfield *pf, uint64_t seed,
                                              struct planner_limits limits,
                                              struct planned_pass *out) {
    int pending = target_pending_count(row);
    /* Matrix heights from the smallest up, the platform's rows included (its notch, 4
     * cells, changes no count mod 4), each with the notch on the left then on the right. */
    struct pass_job *list =
        malloc((size_t)(2 * MATRIX_MAX_HEIGHT * limits.jobs_per_option) * sizeof *list);
    if (!list)
        return PLANNER_NO_MEMORY;
    int jobs = 0;
    for (int rows = parity_first_height(row->width, pending); rows <= MATRIX_MAX_HEIGHT;
         rows += 4) {
        if (rows < PLATFORM_TOP_ROWS)
            continue;
        if (parity_pieces(row->width, rows, pending) - 1 > PASS_MAX_PIECES)
            break;
        struct pass_problem problem;
        pass_planner_problem(row, rows, pending, &problem);
        for (int side = 0; side < 2; side++) {
            platform_top_capacities(row->width, rows, (enum notch_side)side, problem.capacity);
            for (int k = 0; k < limits.jobs_per_option; k++, jobs++)
                set_job(&list[jobs], &problem, seed, limits, k);
        }
    }
    enum planner_result result = run(team, list, jobs, pf, out);
    free(list);
    return result;
}
