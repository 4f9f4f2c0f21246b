/* The colour step (see fit_reduce.h). */
#include "fit_reduce.h"

#include "colours/colour_plan.h"
#include "fit_colours.h"
#include "fit_dither.h"

#include <stdlib.h>
#include <string.h>

#define REFINE_ROUNDS 8 /* at most, for each palette tried */

struct reduction {
    const struct colour_problem *problem;
    const struct picture *source;
    struct fit_colours_histogram *histogram; /* built when first needed */
};

/* The sum of the distances between the pixels and their colours. */
static int64_t plan_error(const struct colour_problem *p, const struct colour_plan *plan) {
    int64_t total = 0;
    for (long i = 0; i < p->pixels; i++)
        total += colour_distance_cost(p->colour[i], plan->palette.lab[plan->label[i]]);
    return total;
}

static bool plan_palette(const struct colour_problem *p, const struct colour_palette *palette,
                         struct colour_plan *plan) {
    int64_t *cost = colour_costs_distance(p, palette);
    bool ok = cost && colour_plan_assign(p, palette, cost, COLOUR_QUICK, plan);
    free(cost);
    return ok;
}

/* Each colour moved to the mean of its pixels (a colour without pixels stays). False when
 * that changes nothing or makes two colours one. */
static bool moved_to_means(const struct colour_problem *p, const struct colour_plan *plan,
                           struct colour_palette *out) {
    double sum[PIECE_TYPES][3] = {{0}};
    long count[PIECE_TYPES] = {0};
    for (long i = 0; i < p->pixels; i++) {
        int k = plan->label[i];
        sum[k][0] += p->colour[i].l;
        sum[k][1] += p->colour[i].a;
        sum[k][2] += p->colour[i].b;
        count[k]++;
    }
    *out = (struct colour_palette){0};
    bool moved = false;
    for (int k = 0; k < plan->palette.count; k++) {
        uint32_t rgb = plan->palette.rgb[k];
        if (count[k] > 0)
            rgb = oklab_to_rgb((struct oklab){sum[k][0] / (double)count[k],
                                              sum[k][1] / (double)count[k],
                                              sum[k][2] / (double)count[k]});
        for (int j = 0; j < out->count; j++)
            if (fit_colours_close(rgb, out->rgb[j]))
                return false;
        moved = moved || rgb != plan->palette.rgb[k];
        colour_palette_add(out, rgb);
    }
    return moved;
}

/* The plan for a palette, refined. */
static bool refine(const struct colour_problem *p, const struct colour_palette *palette,
                   struct colour_plan *plan) {
    if (!plan_palette(p, palette, plan))
        return false;
    for (int round = 0; round < REFINE_ROUNDS; round++) {
        struct colour_palette moved;
        if (!moved_to_means(p, plan, &moved))
            break;
        struct colour_plan next;
        if (!plan_palette(p, &moved, &next)) {
            colour_plan_free(plan);
            return false;
        }
        if (next.cost >= plan->cost) {
            colour_plan_free(&next);
            break;
        }
        colour_plan_free(plan);
        *plan = next;
    }
    return true;
}

/* Keeps `candidate` in `best` when it is closer (strictly; `best` empty: label NULL). */
static void keep_closer(struct colour_plan *best, struct colour_plan *candidate) {
    if (!best->label || candidate->cost < best->cost) {
        colour_plan_free(best);
        *best = *candidate;
    } else {
        colour_plan_free(candidate);
    }
}

/* `best`'s palette with the colour of its furthest pixel added; false when that colour is
 * one of them already (every pixel is then as close as colours can be told apart). */
static bool with_furthest_pixel(const struct colour_problem *p, const struct colour_plan *best,
                                struct colour_palette *out) {
    long furthest = -1;
    double distance = -1;
    for (long i = 0; i < p->pixels; i++) {
        double d = oklab_distance(p->colour[i], best->palette.lab[best->label[i]]);
        if (d > distance) {
            distance = d;
            furthest = i;
        }
    }
    if (furthest < 0 || best->palette.count == PIECE_TYPES)
        return false;
    for (int k = 0; k < best->palette.count; k++)
        if (fit_colours_close(p->rgb[furthest], best->palette.rgb[k]))
            return false;
    *out = best->palette;
    colour_palette_add(out, p->rgb[furthest]);
    return true;
}

/* The closest plan of n colours, from libimagequant's palette and from `fewer` (the closest
 * of n - 1, empty for n = 1) with a colour added, into `kept`. */
static bool closest_of(struct reduction *r, int n, const struct colour_plan *fewer,
                       struct colour_plan *kept) {
    const struct colour_problem *p = r->problem;
    struct fit_palette_colours chosen;
    if (!fit_colours_choose_from(r->histogram, n, &chosen))
        return false;
    struct colour_palette palette = {0};
    for (int k = 0; k < chosen.count; k++)
        colour_palette_add(&palette, chosen.rgb[k]);
    struct colour_plan candidate;
    if (!refine(p, &palette, &candidate))
        return false;
    keep_closer(kept, &candidate);
    if (fewer->label && fewer->palette.count == n - 1 && with_furthest_pixel(p, fewer, &palette)) {
        if (!refine(p, &palette, &candidate))
            return false;
        keep_closer(kept, &candidate);
    }
    return true;
}

/* The closest plan of at most `colours` colours, built up from one colour: each number of
 * colours keeps the plan of fewer when that is closer. */
static bool reduce(struct reduction *r, int colours, struct colour_plan *best) {
    *best = (struct colour_plan){0};
    if (!r->histogram && !(r->histogram = fit_colours_histogram(r->source)))
        return false;
    for (int n = 1; n <= colours; n++) {
        struct colour_plan kept = {0};
        if (!closest_of(r, n, best, &kept)) {
            colour_plan_free(&kept);
            colour_plan_free(best);
            return false;
        }
        keep_closer(best, &kept);
    }
    return true;
}

/* The picture's own colours: their plan, repaired (fewest changes) when `repair`. */
static bool own_plan(const struct colour_problem *p, const struct fit_palette_colours *own,
                     bool repair, struct colour_plan *plan) {
    struct colour_palette palette = {0};
    for (int k = 0; k < own->count; k++)
        colour_palette_add(&palette, own->rgb[k]);
    uint8_t *label = malloc((size_t)p->pixels + 1);
    int64_t *cost = NULL;
    if (label) {
        for (long i = 0; i < p->pixels; i++) {
            int k = 0;
            while (k + 1 < own->count && own->rgb[k] != p->rgb[i])
                k++;
            label[i] = (uint8_t)k;
        }
        cost =
            repair ? colour_costs_repair(p, &palette, label) : colour_costs_distance(p, &palette);
    }
    bool ok =
        cost && colour_plan_assign(p, &palette, cost, repair ? COLOUR_EXACT : COLOUR_QUICK, plan);
    free(label);
    free(cost);
    return ok;
}

static void apply(const struct colour_problem *p, const struct colour_plan *plan,
                  struct picture *picture) {
    for (int y = 0; y < p->height; y++)
        for (long i = p->row_start[y]; i < p->row_start[y + 1]; i++)
            picture_set(picture, p->column[i], y, plan->palette.rgb[plan->label[i]],
                        PICTURE_OPAQUE);
}

bool fit_reduce(const struct picture *source, struct picture *picture, const struct fit_options *o,
                int max_colours, bool blended, struct fit_report *report) {
    struct fit_palette_colours own;
    bool has_own = fit_colours_own(source, o->colours ? o->colours : max_colours, &own);
    report->palette = FIT_COLOURS_KEPT;
    if (!o->colours && (!has_own || !blended))
        return true; /* as it is: the sprite rules and the converter say what can't be printed */
    struct colour_problem p;
    if (!colour_problem_init(&p, picture, o->field_width, o->field_height))
        return false;
    struct reduction r = {&p, source, NULL};
    struct colour_plan plan = {0};
    bool ok = true;
    if (p.pixels == 0) {
        colour_problem_free(&p);
        return true;
    }
    if (has_own) {
        ok = own_plan(&p, &own, !blended, &plan);
        report->palette = blended ? FIT_COLOURS_SNAPPED : FIT_COLOURS_KEPT;
        if (ok && o->colours && own.count > 1 && plan_error(&p, &plan) > 0) {
            struct colour_plan fewer;
            ok = reduce(&r, own.count - 1, &fewer);
            if (ok && plan_error(&p, &fewer) < plan_error(&p, &plan)) {
                colour_plan_free(&plan);
                plan = fewer;
                report->palette = FIT_COLOURS_REDUCED;
            } else if (ok) {
                colour_plan_free(&fewer);
            }
        }
    } else {
        ok = reduce(&r, o->colours, &plan);
        report->palette = FIT_COLOURS_REDUCED;
    }
    if (ok && o->dither && report->palette != FIT_COLOURS_KEPT) {
        ok = fit_dither(&p, &plan);
        report->dithered = true;
    }
    if (ok) {
        apply(&p, &plan, picture);
        report->mean_error =
            (double)plan_error(&p, &plan) * 100 / COLOUR_COST_SCALE / (double)p.pixels;
        report->repaired = plan.repaired;
        report->planned_colours = plan.palette.count;
        memcpy(report->planned_rgb, plan.palette.rgb, sizeof report->planned_rgb);
        report->planned_ties = plan.ties;
        memcpy(report->planned_type, plan.tied_type, sizeof report->planned_type);
    }
    colour_plan_free(&plan);
    fit_colours_histogram_free(r.histogram);
    colour_problem_free(&p);
    return ok;
}
