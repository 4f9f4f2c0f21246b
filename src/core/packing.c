#include "packing.h"

#include "rng.h"
#include "tetromino.h"

#include <string.h>

struct search {
    struct matrix matrix;
    uint64_t rng;
    long attempts, budget;
    int rows_above; /* budgeted tries: see drop_ceiling; -1 in the exhaustive try */
    struct dead_cache *cache;
    struct placement *placements;
};

static bool is_horizontal_s_or_z(int orientation) {
    return orientation == ORIENTATION_SH || orientation == ORIENTATION_ZH;
}

/* Among the legal drops, a random horizontal S or Z whose lowest cell fills the lowest
 * empty spot of the bottom incomplete row, or -1. */
static int bottom_s_or_z(struct search *s, int completed, const struct placement *drops,
                         int count) {
    int lowest_column = -1;
    for (int c = 0; c < s->matrix.width && lowest_column < 0; c++)
        if (s->matrix.stack[c] == completed)
            lowest_column = c;
    int candidates[8], n = 0;
    for (int i = 0; i < count && n < 8; i++) {
        const struct orientation *o = &ORIENTATIONS[drops[i].orientation];
        if (drops[i].base != completed || !is_horizontal_s_or_z(drops[i].orientation))
            continue;
        for (int k = 0; k < o->width; k++)
            if (drops[i].column + k == lowest_column && o->bottom[k] == 0)
                candidates[n++] = i;
    }
    return n ? candidates[rng_below(&s->rng, (uint32_t)n)] : -1;
}

static enum packing_result search(struct search *s, int remaining);

/* The highest base a drop may have: budgeted tries only drop pieces that rest at most
 * `rows_above` rows above the lowest incomplete row. Growing the packing from the bottom
 * like this finds packings far sooner (the hardest emitters need 5 to 100 times fewer
 * attempts), but it is a heuristic: the exhaustive try considers every drop. Budgeted tries
 * alternate between 0 and 1 row above, as neither is best for every layout. */
static int drop_ceiling(const struct search *s, int completed) {
    return s->rows_above < 0 ? MATRIX_NO_CEILING : completed + s->rows_above;
}

/* Dead states of each restricted search and of the exhaustive one are different facts. */
static struct matrix_key state_key(const struct search *s) {
    return matrix_key(&s->matrix, (unsigned)(s->rows_above + 1));
}

static enum packing_result place_and_search(struct search *s, int remaining,
                                            struct placement drop) {
    matrix_apply(&s->matrix, drop);
    enum packing_result result = PACKING_NONE;
    if (matrix_regions_ok_after(&s->matrix, drop)) {
        s->placements[remaining - 1] = drop;
        result = search(s, remaining - 1);
    }
    if (result != PACKING_FOUND)
        matrix_remove(&s->matrix, drop);
    return result;
}

static enum packing_result search(struct search *s, int remaining) {
    if (remaining == 0)
        return PACKING_FOUND;
    if (++s->attempts > s->budget)
        return PACKING_TIMEOUT;
    struct matrix_key key = state_key(s);
    size_t bucket = dead_cache_locate(s->cache, &key);
    if (dead_cache_contains(s->cache, &key, bucket))
        return PACKING_NONE;
    struct placement drops[MATRIX_MAX_LEGAL_DROPS];
    int completed = matrix_completed(&s->matrix);
    int count = matrix_legal_drops(&s->matrix, drop_ceiling(s, completed), drops);
    int first = bottom_s_or_z(s, completed, drops, count);
    if (first >= 0) {
        enum packing_result r = place_and_search(s, remaining, drops[first]);
        if (r != PACKING_NONE)
            return r;
        drops[first] = drops[--count]; /* tried: take it out of the random order */
    }
    for (int i = 0; i < count; i++) { /* lazy Fisher-Yates: a random order, drawn as used */
        int j = i + (int)rng_below(&s->rng, (uint32_t)(count - i));
        struct placement drop = drops[j];
        drops[j] = drops[i];
        enum packing_result r = place_and_search(s, remaining, drop);
        if (r != PACKING_NONE)
            return r;
    }
    dead_cache_insert(s->cache, &key, bucket);
    return PACKING_NONE;
}

void packing_solve(const struct matrix *start, uint64_t seed, struct packing_limits limits,
                   struct dead_cache *cache, struct packing_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    int empty = matrix_empty_cells(start);
    outcome->pieces = empty / 4;
    outcome->result = PACKING_NONE;
    if (empty % 4 != 0 || outcome->pieces > PACKING_MAX_PIECES || !matrix_regions_ok(start))
        return;
    dead_cache_reset(cache);
    /* Placements are recorded from the last slot down, so they end in drop order. */
    struct placement reversed[PACKING_MAX_PIECES];
    struct search s = {.rng = seed, .cache = cache, .placements = reversed};
    /* Budgeted tries alternate between the two restrictions; one whose space turns out
     * empty (its try ends without spending the budget) is dropped. When both are, or the
     * tries are used up, the exhaustive try decides. */
    bool empty_space[2] = {false, false};
    enum packing_result result = PACKING_TIMEOUT;
    long budget = limits.attempts_per_try;
    for (int attempt = 0; result != PACKING_FOUND; attempt++) {
        if (attempt > 0 && limits.tries_per_doubling > 0 &&
            attempt % limits.tries_per_doubling == 0 && budget <= LONG_MAX / 2)
            budget *= 2;
        int rows_above = attempt % 2;
        if (empty_space[rows_above])
            rows_above = 1 - rows_above;
        bool exhaustive = attempt >= limits.tries || (empty_space[0] && empty_space[1]);
        s.matrix = *start;
        s.attempts = 0;
        s.rows_above = exhaustive ? -1 : rows_above;
        s.budget = exhaustive ? limits.final_attempts : budget;
        result = search(&s, outcome->pieces);
        outcome->attempts += s.attempts;
        outcome->tries++;
        if (exhaustive)
            break;
        if (result == PACKING_NONE)
            empty_space[rows_above] = true;
    }
    outcome->result = result;
    if (result == PACKING_FOUND)
        for (int i = 0; i < outcome->pieces; i++)
            outcome->placements[i] = reversed[outcome->pieces - 1 - i];
}
