#include "pass_problem.h"

#include "playfield.h"
#include "rng.h"

static uint64_t mix(uint64_t h, uint64_t value) {
    h ^= value + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

/* A cell of the target as the digest hashes it: a pixel as its playfield cell
 * (playfield_cell_of), then the square. These are the numbers the digests, hence the seeds and
 * the scripts, have always had. */
static uint64_t cell_digest(const struct target *t, int row, int c) {
    uint64_t pixel =
        target_pending(t, row, c) ? playfield_cell_of((enum piece_type)t->want[row][c]) : 0;
    return pixel | (uint64_t)t->square[row][c] << 8;
}

uint64_t pass_problem_digest(const struct pass_problem *p) {
    const struct target *t = &p->target;
    uint64_t h = mix(mix(mix(0, (uint64_t)t->width), (uint64_t)p->rows), (uint64_t)p->min_pixels);
    /* Problems with neither flag keep the digests, hence the seeds, they had before. */
    if (p->leave_printable || p->plain_emitters)
        h = mix(h, (uint64_t)p->leave_printable | (uint64_t)p->plain_emitters << 1);
    int lowest = t->rows - 1;
    for (int c = 0; c < t->width; c++)
        h = mix(h, (uint64_t)p->capacity[c] | cell_digest(t, 0, c) << 8 |
                       (uint64_t)(t->under[c] && target_pending(t, lowest, c)) << 17);
    if (p->leave_reachable)
        for (int c = 0; c < t->width; c++)
            h = mix(h, (uint64_t)p->reachable[c] + 2);
    if (t->rows > 1) /* a one-row target's digest is as it was */
        h = mix(h, (uint64_t)t->rows);
    for (int row = 1; row < t->rows; row++)
        for (int c = 0; c < t->width; c++)
            h = mix(h, cell_digest(t, row, c));
    return h;
}

bool pass_problems_same(const struct pass_problem *a, const struct pass_problem *b) {
    if (a->rows != b->rows || a->min_pixels != b->min_pixels ||
        a->leave_printable != b->leave_printable || a->leave_reachable != b->leave_reachable ||
        a->plain_emitters != b->plain_emitters || !target_same(&a->target, &b->target))
        return false;
    for (int c = 0; c < a->target.width; c++)
        if (a->capacity[c] != b->capacity[c] ||
            (a->leave_reachable && a->reachable[c] != b->reachable[c]))
            return false;
    return true;
}

uint64_t pass_problem_seed(const struct pass_problem *p, uint64_t run_seed, int k) {
    return rng_derive(rng_derive(run_seed, pass_problem_digest(p)), (uint64_t)k);
}

void pass_packing_mark(const struct pass_packing *packing, struct target *target) {
    for (int row = 0; row < target->rows; row++)
        for (int c = 0; c < target->width; c++)
            if (packing->prints[row][c])
                target_mark_printed(target, row, c);
}
