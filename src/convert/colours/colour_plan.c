/* Colour plans (see colour_plan.h). */
#include "colour_plan.h"

#include "field.h"
#include "picture/sprite_limits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SHAPED_TYPES 4    /* I, O, S and Z */
#define QUICK_EVALUATED 6 /* assignments coloured by COLOUR_QUICK */
/* COLOUR_EXACT stops trying assignments once it has coloured this many pixels by the rules
 * (in rows whose nearest colours can't be printed): enough to try every assignment of a
 * 32 x 32 tile, and a bound on the time a large picture of noise takes (about half a
 * second). */
#define SEARCH_BUDGET 1000000

static const enum piece_type SHAPED[SHAPED_TYPES] = {PIECE_I, PIECE_O, PIECE_S, PIECE_Z};

/* ---------------------------------------------------------------- the problem */

static int placement_width(const struct picture_box *box, int field_width, int field_height) {
    int width = box->right - box->left + 1, height = box->bottom - box->top + 1;
    int tall = field_height_or_default(field_width, field_height);
    if (field_width && sprite_fits_field(field_width, tall, width, height))
        return field_width;
    /* A field the sprite doesn't fit refuses it later: any placement will do. */
    int automatic = sprite_field_width(width, height, field_height);
    return automatic ? automatic : FIELD_MAX_WIDTH;
}

bool colour_problem_init(struct colour_problem *problem, const struct picture *p, int field_width,
                         int field_height) {
    *problem = (struct colour_problem){.width = p->width, .height = p->height};
    struct picture_box box = picture_opaque_box(p);
    if (box.right >= 0) {
        problem->field_width = placement_width(&box, field_width, field_height);
        problem->first_column =
            sprite_first_column(problem->field_width, box.right - box.left + 1) - box.left;
    }
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            problem->pixels += picture_opaque(p, x, y);
    size_t n = (size_t)problem->pixels + 1;
    problem->row_start = malloc(((size_t)p->height + 1) * sizeof *problem->row_start);
    problem->column = malloc(n * sizeof *problem->column);
    problem->colour = malloc(n * sizeof *problem->colour);
    problem->rgb = malloc(n * sizeof *problem->rgb);
    problem->work = calloc(1, sizeof *problem->work);
    if (!problem->row_start || !problem->column || !problem->colour || !problem->rgb ||
        !problem->work) {
        colour_problem_free(problem);
        return false;
    }
    long i = 0;
    for (int y = 0; y < p->height; y++) {
        problem->row_start[y] = i;
        for (int x = 0; x < p->width; x++)
            if (picture_opaque(p, x, y)) {
                problem->column[i] = x;
                problem->rgb[i] = picture_rgb(p, x, y);
                problem->colour[i] = oklab_from_rgb(problem->rgb[i]);
                i++;
            }
    }
    problem->row_start[p->height] = i;
    return true;
}

void colour_problem_free(struct colour_problem *problem) {
    free(problem->row_start);
    free(problem->column);
    free(problem->colour);
    free(problem->rgb);
    free(problem->work);
    *problem = (struct colour_problem){0};
}

void colour_palette_add(struct colour_palette *palette, uint32_t rgb) {
    palette->rgb[palette->count] = rgb;
    palette->lab[palette->count++] = oklab_from_rgb(rgb);
}

/* ---------------------------------------------------------------- costs */

int64_t colour_distance_cost(struct oklab x, struct oklab y) {
    return (int64_t)llround(oklab_distance(x, y) * COLOUR_COST_SCALE);
}

int64_t *colour_costs_distance(const struct colour_problem *problem,
                               const struct colour_palette *palette) {
    int64_t *cost = malloc(((size_t)problem->pixels + 1) * (size_t)palette->count * sizeof *cost);
    for (long i = 0; cost && i < problem->pixels; i++)
        for (int k = 0; k < palette->count; k++)
            cost[i * palette->count + k] =
                colour_distance_cost(problem->colour[i], palette->lab[k]);
    return cost;
}

int64_t *colour_costs_repair(const struct colour_problem *problem,
                             const struct colour_palette *palette, const uint8_t own[]) {
    int64_t *cost = colour_costs_distance(problem, palette);
    for (long i = 0; cost && i < problem->pixels; i++)
        for (int k = 0; k < palette->count; k++)
            cost[i * palette->count + k] += k == own[i] ? 0 : COLOUR_CHANGE_COST;
    return cost;
}

/* ---------------------------------------------------------------- rows */

/* The pixels of row y on the field: which columns hold one, and which pixel that is. */
static int row_on_field(const struct colour_problem *p, int y, bool pixel[], long index[]) {
    memset(pixel, 0, (size_t)p->field_width * sizeof *pixel);
    for (long i = p->row_start[y]; i < p->row_start[y + 1]; i++) {
        int c = p->first_column + p->column[i];
        pixel[c] = true;
        index[c] = i;
    }
    return (int)(p->row_start[y + 1] - p->row_start[y]);
}

bool colour_plan_row_holds(const struct colour_problem *p, int y, const uint8_t label[],
                           const enum piece_type type[]) {
    int8_t types[COLOUR_RULES_MAX_WIDTH];
    memset(types, -1, sizeof types);
    for (long i = p->row_start[y]; i < p->row_start[y + 1]; i++)
        types[p->first_column + p->column[i]] = (int8_t)type[label[i]];
    return colour_rules_row_holds(p->field_width, types, NULL);
}

/* The hanging type printing the n-th colour (from 0) of those J, T and L print. */
static enum piece_type hanging_type(int n) {
    return colour_piece(n % HANGING_COLOURS + 1);
}

/* The groups the row is coloured by: each colour printed by I, O, S or Z on its own, and one
 * for the colours J, T and L print (the rules treat them alike, whatever their runs: a
 * pixel of that group takes the cheapest of them). Returns the groups; `group_type` and
 * `group_of` say each group's type and each colour's group. */
static int groups_of(int colours, const enum piece_type type[], enum piece_type group_type[],
                     int group_of[]) {
    int groups = 0, free_group = -1;
    for (int k = 0; k < colours; k++) {
        if (!piece_is_hanging(type[k])) {
            group_type[groups] = type[k];
            group_of[k] = groups++;
        } else {
            if (free_group < 0) {
                group_type[groups] = hanging_type(0);
                free_group = groups++;
            }
            group_of[k] = free_group;
        }
    }
    return groups;
}

int64_t colour_plan_row(const struct colour_problem *p, int y, int colours,
                        const enum piece_type type[], const int64_t cost[], const uint8_t nearest[],
                        uint8_t label[]) {
    if (colour_plan_row_holds(p, y, nearest, type)) {
        if (label)
            for (long i = p->row_start[y]; i < p->row_start[y + 1]; i++)
                label[i] = nearest[i];
        return 0;
    }
    bool pixel[COLOUR_RULES_MAX_WIDTH];
    long index[COLOUR_RULES_MAX_WIDTH];
    int8_t group[COLOUR_RULES_MAX_WIDTH], cheapest[COLOUR_RULES_MAX_WIDTH][PIECE_TYPES];
    int64_t row_cost[COLOUR_RULES_MAX_WIDTH * PIECE_TYPES];
    enum piece_type group_type[PIECE_TYPES];
    int group_of[PIECE_TYPES];
    int groups = groups_of(colours, type, group_type, group_of);
    row_on_field(p, y, pixel, index);
    int64_t nearest_total = 0;
    for (int c = 0; c < p->field_width; c++) {
        if (!pixel[c])
            continue;
        const int64_t *mine = &cost[index[c] * colours];
        for (int g = 0; g < groups; g++)
            row_cost[c * groups + g] = COLOUR_RULES_NO_COLOURING;
        for (int k = 0; k < colours; k++) {
            int g = group_of[k];
            if (mine[k] < row_cost[c * groups + g]) {
                row_cost[c * groups + g] = mine[k];
                cheapest[c][g] = (int8_t)k;
            }
        }
        nearest_total += mine[nearest[index[c]]];
    }
    int64_t total = colour_rules_cheapest_row(p->field_width, pixel, groups, group_type, row_cost,
                                              group, p->work);
    if (total == COLOUR_RULES_NO_COLOURING)
        return COLOUR_RULES_NO_COLOURING;
    if (label)
        for (int c = 0; c < p->field_width; c++)
            if (pixel[c])
                label[index[c]] = (uint8_t)cheapest[c][group[c]];
    return total - nearest_total;
}

/* What searching assignments knows: the cost of each pixel's nearest colour, and each
 * colour's own penalty in each row as each shaped type (the other colours printed by J, T
 * or L), a lower bound of that row's penalty under any assignment giving it that type. */
struct search {
    const struct colour_problem *problem;
    int colours;
    const int64_t *cost;
    const uint8_t *nearest;
    int64_t *own;      /* [(colour * SHAPED_TYPES + type) * height + row] */
    long work, budget; /* pixels coloured by the rules so far, and how many may be */
};

static int64_t *own_row(const struct search *s, int colour, int shaped) {
    return &s->own[((long)colour * SHAPED_TYPES + shaped) * s->problem->height];
}

/* Row y's penalty under `type`, counted in the search's work when the nearest colours
 * can't be printed. */
static int64_t row_penalty(struct search *s, int y, const enum piece_type type[], uint8_t label[]) {
    int64_t row = colour_plan_row(s->problem, y, s->colours, type, s->cost, s->nearest, label);
    if (row > 0)
        s->work += s->problem->row_start[y + 1] - s->problem->row_start[y];
    return row;
}

/* The picture's penalty under `type` (each row's bound in `bound`, NULL for none): given up,
 * returning at least `limit`, once the rows done and the others' bounds reach it. */
static int64_t penalty(struct search *s, const enum piece_type type[], const int64_t bound[],
                       int64_t limit, uint8_t label[]) {
    const struct colour_problem *p = s->problem;
    int64_t total = 0, ahead = 0;
    for (int y = 0; bound && y < p->height; y++)
        ahead += bound[y];
    for (int y = 0; y < p->height; y++) {
        if (total + ahead >= limit)
            return limit;
        ahead -= bound ? bound[y] : 0;
        total += row_penalty(s, y, type, label);
    }
    return total;
}

/* ---------------------------------------------------------------- assignments */

/* An assignment: the shaped type (index into SHAPED) of each colour, -1 for J, T or L. */
struct assignment {
    int8_t shaped[PIECE_TYPES];
    int64_t estimate, bound; /* the sum of the colours' own penalties, and a lower bound */
};

static void types_of(const struct assignment *a, int colours, enum piece_type type[]) {
    int library = 0;
    for (int k = 0; k < colours; k++)
        type[k] = a->shaped[k] >= 0 ? SHAPED[a->shaped[k]] : hanging_type(library++);
}

/* Every assignment giving J, T and L to 3 colours and distinct shaped types to the others,
 * in order. */
static void enumerate(int colours, int colour, int library_left, bool used[],
                      struct assignment *current, struct assignment out[], int *count) {
    if (colour == colours) {
        out[(*count)++] = *current;
        return;
    }
    int left = colours - colour;
    if (library_left > 0) {
        current->shaped[colour] = -1;
        enumerate(colours, colour + 1, library_left - 1, used, current, out, count);
    }
    if (left > library_left)
        for (int t = 0; t < SHAPED_TYPES; t++) {
            if (used[t])
                continue;
            used[t] = true;
            current->shaped[colour] = (int8_t)t;
            enumerate(colours, colour + 1, library_left, used, current, out, count);
            used[t] = false;
        }
}

static int by_estimate(const void *x, const void *y) {
    const struct assignment *a = x, *b = y;
    if (a->estimate != b->estimate)
        return a->estimate < b->estimate ? -1 : 1;
    return memcmp(a->shaped, b->shaped, sizeof a->shaped); /* the same order every time */
}

/* Each colour's own penalty in each row as each shaped type. */
static void own_penalties(struct search *s) {
    for (int k = 0; k < s->colours; k++)
        for (int t = 0; t < SHAPED_TYPES; t++) {
            enum piece_type type[PIECE_TYPES];
            for (int j = 0; j < s->colours; j++)
                type[j] = j == k ? SHAPED[t] : hanging_type(j);
            int64_t *row = own_row(s, k, t);
            for (int y = 0; y < s->problem->height; y++)
                row[y] = row_penalty(s, y, type, NULL);
        }
}

/* Row by row, the largest own penalty of the assignment's shaped colours: a lower bound of
 * its penalty there. Returns their sum; the estimate is the sum of all. */
static int64_t bounds(const struct search *s, struct assignment *a, int64_t bound[]) {
    int64_t total = 0;
    a->estimate = 0;
    for (int y = 0; y < s->problem->height; y++) {
        bound[y] = 0;
        for (int k = 0; k < s->colours; k++)
            if (a->shaped[k] >= 0) {
                int64_t own = own_row(s, k, a->shaped[k])[y];
                bound[y] = own > bound[y] ? own : bound[y];
                a->estimate += own;
            }
        total += bound[y];
    }
    return total;
}

/* The assignments of least penalty (COLOUR_EXACT; COLOUR_QUICK: of the few best estimated),
 * those found into `tied`, their count into `ties`; their penalty. */
static int64_t search_assignments(struct search *s, enum colour_effort effort,
                                  struct assignment all[], int64_t bound[],
                                  struct assignment tied[], int *ties) {
    int count = 0;
    bool used[SHAPED_TYPES] = {false};
    struct assignment current;
    enumerate(s->colours, 0, HANGING_COLOURS, used, &current, all, &count);
    own_penalties(s);
    for (int a = 0; a < count; a++)
        all[a].bound = bounds(s, &all[a], bound);
    qsort(all, (size_t)count, sizeof *all, by_estimate);
    int64_t best = INT64_MAX;
    int tried = 0;
    *ties = 0; /* (the first assignment tried makes one) */
    for (int a = 0; a < count; a++) {
        if (all[a].bound > best)
            continue; /* can't do as well */
        /* COLOUR_QUICK, past the few best estimated: only listing more as cheap */
        bool listing = effort == COLOUR_QUICK && tried >= QUICK_EVALUATED;
        if (tried > 0 && s->work > s->budget)
            break;
        tried += all[a].bound < best; /* (one that can at best tie isn't counted) */
        enum piece_type type[PIECE_TYPES];
        types_of(&all[a], s->colours, type);
        bounds(s, &all[a], bound);
        /* (given up above `best`, so that a tie is told from worse) */
        int64_t total = penalty(s, type, bound, best == INT64_MAX ? best : best + 1, NULL);
        if (total < best && !listing) {
            best = total;
            *ties = 0;
        }
        if (total == best)
            tied[(*ties)++] = all[a];
    }
    return best;
}

bool colour_plan_assign(const struct colour_problem *p, const struct colour_palette *palette,
                        const int64_t cost[], enum colour_effort effort, struct colour_plan *plan) {
    int colours = palette->count;
    *plan = (struct colour_plan){.palette = *palette};
    plan->label = malloc((size_t)p->pixels + 1);
    uint8_t *nearest = malloc((size_t)p->pixels + 1);
    struct assignment *all = malloc(COLOUR_PLAN_ASSIGNMENTS * sizeof *all);
    struct assignment *tied = malloc(COLOUR_PLAN_ASSIGNMENTS * sizeof *tied);
    int64_t *bound = malloc(((size_t)p->height + 1) * sizeof *bound);
    int64_t *own = malloc((size_t)colours * SHAPED_TYPES * ((size_t)p->height + 1) * sizeof *own);
    bool ok = plan->label && nearest && all && tied && bound && own;
    int64_t base = 0;
    for (long i = 0; ok && i < p->pixels; i++) {
        const int64_t *c = &cost[i * colours];
        int best = 0;
        for (int k = 1; k < colours; k++)
            best = c[k] < c[best] ? k : best;
        nearest[i] = (uint8_t)best;
        base += c[best];
    }
    struct search s = {p, colours, cost, nearest, own, 0, SEARCH_BUDGET};
    if (ok)
        tied[0] = (struct assignment){{-1, -1, -1, -1, -1, -1, -1}, 0, 0}; /* J, T, L */
    plan->ties = 1;
    int64_t best_penalty = 0;
    if (ok && colours > HANGING_COLOURS)
        best_penalty = search_assignments(&s, effort, all, bound, tied, &plan->ties);
    if (ok) {
        for (int t = plan->ties - 1; t >= 0; t--) { /* the plan's own, the first, last */
            types_of(&tied[t], colours, plan->type);
            for (int k = 0; k < colours; k++)
                plan->tied_type[t][k] = (uint8_t)plan->type[k];
        }
        penalty(&s, plan->type, NULL, INT64_MAX, plan->label);
        plan->cost = base + best_penalty;
        for (long i = 0; i < p->pixels; i++)
            plan->repaired += plan->label[i] != nearest[i];
    } else {
        colour_plan_free(plan);
    }
    free(nearest);
    free(all);
    free(tied);
    free(bound);
    free(own);
    return ok;
}

void colour_plan_free(struct colour_plan *plan) {
    free(plan->label);
    plan->label = NULL;
}
