/* Dithering within the rules (see fit_dither.h). */
#include "fit_dither.h"

#include <stdlib.h>
#include <string.h>

struct diffusion {
    const struct colour_problem *problem;
    const struct colour_palette *palette;
    struct oklab *want;         /* the row's pixels' */
    struct oklab *here, *below; /* errors, indexed by column + 1 */
    bool *opaque;               /* each pixel of the picture */
};

static void add(struct oklab *to, struct oklab error, double weight) {
    to->l += error.l * weight;
    to->a += error.a * weight;
    to->b += error.b * weight;
}

static int nearest(const struct colour_palette *palette, struct oklab want) {
    int best = 0;
    for (int k = 1; k < palette->count; k++)
        if (oklab_distance(want, palette->lab[k]) < oklab_distance(want, palette->lab[best]))
            best = k;
    return best;
}

/* Row y in the direction `step`: each pixel's want from the errors in `errors` (changed as
 * they spread along the row), its colour chosen when `choose` (else as `label` says), and
 * the errors spread below when `spread_below`. Returns the pixels whose colour is not the
 * nearest to their want. */
static long run_row(struct diffusion *d, int y, int step, struct oklab *errors, uint8_t label[],
                    bool choose, bool spread_below) {
    const struct colour_problem *p = d->problem;
    long first = p->row_start[y], last = p->row_start[y + 1] - 1, off = 0;
    for (long n = 0; n <= last - first; n++) {
        long i = step > 0 ? first + n : last - n;
        int x = p->column[i];
        struct oklab want = p->colour[i];
        add(&want, errors[x + 1], 1);
        d->want[i - first] = want;
        int best = nearest(d->palette, want);
        if (choose)
            label[i] = (uint8_t)best;
        off += label[i] != best;
        struct oklab chosen = d->palette->lab[label[i]];
        struct oklab error = {want.l - chosen.l, want.a - chosen.a, want.b - chosen.b};
        if (x + step >= 0 && x + step < p->width && d->opaque[(long)y * p->width + x + step])
            add(&errors[x + step + 1], error, 7.0 / 16);
        if (!spread_below || y + 1 >= p->height)
            continue;
        static const int dx[3] = {-1, 0, 1};
        static const double weight[3] = {3.0 / 16, 5.0 / 16, 1.0 / 16};
        for (int k = 0; k < 3; k++) {
            int bx = x + dx[k] * step;
            if (bx >= 0 && bx < p->width && d->opaque[(long)(y + 1) * p->width + bx])
                add(&d->below[bx + 1], error, weight[k]);
        }
    }
    return off;
}

bool fit_dither(const struct colour_problem *p, struct colour_plan *plan) {
    size_t row = (size_t)p->width + 2;
    int colours = plan->palette.count;
    struct diffusion d = {p, &plan->palette, NULL, NULL, NULL, NULL};
    d.want = malloc(row * sizeof *d.want);
    d.here = calloc(row, sizeof *d.here);
    d.below = calloc(row, sizeof *d.below);
    struct oklab *trial = malloc(row * sizeof *trial);
    d.opaque = calloc((size_t)p->width * (size_t)p->height + 1, sizeof *d.opaque);
    uint8_t *label = malloc((size_t)p->pixels + 1);
    int64_t *cost = malloc(((size_t)p->pixels + 1) * (size_t)colours * sizeof *cost);
    bool ok = d.want && d.here && d.below && trial && d.opaque && label && cost;
    for (int y = 0; ok && y < p->height; y++)
        for (long i = p->row_start[y]; i < p->row_start[y + 1]; i++)
            d.opaque[(long)y * p->width + p->column[i]] = true;
    long repaired = 0;
    for (int y = 0; ok && y < p->height; y++) {
        int step = y % 2 ? -1 : 1;
        memset(d.below, 0, row * sizeof *d.below);
        memcpy(trial, d.here, row * sizeof *trial);
        run_row(&d, y, step, trial, label, true, false);
        if (!colour_plan_row_holds(p, y, label, plan->type)) {
            long first = p->row_start[y], last = p->row_start[y + 1];
            for (long i = first; i < last; i++)
                for (int k = 0; k < colours; k++)
                    cost[i * colours + k] =
                        colour_distance_cost(d.want[i - first], plan->palette.lab[k]);
            colour_plan_row(p, y, colours, plan->type, cost, label, label);
        }
        repaired += run_row(&d, y, step, d.here, label, false, true);
        struct oklab *swap = d.here;
        d.here = d.below;
        d.below = swap;
    }
    if (ok) {
        memcpy(plan->label, label, (size_t)p->pixels);
        plan->repaired = repaired;
    }
    free(d.want);
    free(d.here);
    free(d.below);
    free(trial);
    free(d.opaque);
    free(label);
    free(cost);
    return ok;
}
