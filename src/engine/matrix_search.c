#include "matrix_search.h"

#include "rng.h"
#include "tetromino.h"

void matrix_search_start(struct matrix_search *s) {
    matrix_tracker_start(&s->tracker);
    s->matrix_nodes = 0;
}

static bool is_horizontal_s_or_z(int orientation) {
    return orientation == ORIENTATION_SH || orientation == ORIENTATION_ZH;
}

/* Among the legal drops, a random horizontal S or Z whose lowest cell fills the lowest
 * empty spot of the bottom incomplete row, or -1. */
static int bottom_s_or_z(struct matrix_search *s, const struct placement *drops, int count) {
    const struct matrix *m = &s->tracker.m;
    int completed = s->tracker.completed, lowest_column = -1;
    for (int c = 0; c < m->width && lowest_column < 0; c++)
        if (m->stack[c] == completed)
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
    return n ? candidates[rng_below(&s->try->rng, (uint32_t)n)] : -1;
}

/* The highest base a drop may have under the search's restriction. */
static int drop_ceiling(const struct matrix_search *s) {
    if (s->rows_above < 0)
        return MATRIX_NO_CEILING;
    return (s->ceiling_from_open ? s->tracker.lowest_open : s->tracker.completed) + s->rows_above;
}

/* Dead states of searches restricted to different rows are different facts: the
 * restriction is the key's tag. */
static struct matrix_key state_key(const struct matrix_search *s) {
    uint32_t tag = (uint32_t)(s->rows_above + 1);
    struct matrix_key key =
        s->exact_keys ? matrix_key(&s->tracker.m, tag) : matrix_tracker_key(&s->tracker, tag);
    key.words[0] ^= s->salt;
    return key;
}

static enum matrix_search_result fill(struct matrix_search *s);

/* Drops the piece and searches on; undone unless that packs the matrix. */
static enum matrix_search_result drop_and_fill(struct matrix_search *s, struct placement drop) {
    matrix_tracker_apply(&s->tracker, drop);
    struct placement *recorded = &s->pieces[(*s->count)++];
    *recorded = drop;
    recorded->column += (uint8_t)s->column_offset;
    enum matrix_search_result r =
        matrix_regions_ok_after(&s->tracker.m, drop) ? fill(s) : MATRIX_SEARCH_NONE;
    if (r != MATRIX_SEARCH_FOUND) {
        (*s->count)--;
        matrix_tracker_remove(&s->tracker, drop);
    }
    return r;
}

static enum matrix_search_result fill(struct matrix_search *s) {
    if (s->tracker.empty == 0)
        return MATRIX_SEARCH_FOUND;
    if (search_try_spend(s->try) || ++s->matrix_nodes > s->matrix_limit)
        return MATRIX_SEARCH_TIMEOUT;
    struct matrix_key key = state_key(s);
    size_t bucket = dead_cache_locate(s->cache, &key);
    if (dead_cache_contains(s->cache, &key, bucket))
        return MATRIX_SEARCH_NONE;
    struct placement drops[MATRIX_MAX_LEGAL_DROPS];
    int count = matrix_tracker_legal_drops(&s->tracker, drop_ceiling(s), drops);
    int first = s->s_or_z_first ? bottom_s_or_z(s, drops, count) : -1;
    if (first >= 0) {
        enum matrix_search_result r = drop_and_fill(s, drops[first]);
        if (r != MATRIX_SEARCH_NONE)
            return r;
        drops[first] = drops[--count]; /* tried: take it out of the random order */
    }
    for (int i = 0; i < count; i++) { /* lazy Fisher-Yates: a random order, drawn as used */
        int j = i + (int)rng_below(&s->try->rng, (uint32_t)(count - i));
        struct placement drop = drops[j];
        drops[j] = drops[i];
        enum matrix_search_result r = drop_and_fill(s, drop);
        if (r != MATRIX_SEARCH_NONE)
            return r;
    }
    dead_cache_insert(s->cache, &key, bucket);
    return MATRIX_SEARCH_NONE;
}

enum matrix_search_result matrix_search_fill(struct matrix_search *s) {
    return fill(s);
}
