#include "pass_matrix.h"

#include "rng.h"

/* What a slab's dead states hang on besides its stacks: its width, the rows beside it and its
 * capacities. Mixed into their keys; 0 for a whole pass, whose keys are the stacks alone. */
static uint64_t slab_salt(const struct pass_slab *slab, int field_width) {
    const struct matrix *m = &slab->matrix;
    if (m->width >= field_width)
        return 0;
    uint64_t salt = rng_derive((uint64_t)m->width, (uint64_t)m->beside + 1);
    for (int c = 0; c < m->width; c++)
        salt = rng_derive(salt, m->capacity[c]);
    return salt;
}

enum pass_result pass_matrix_pack(struct pass_matrix_search *search, const struct pass_slab *slab,
                                  int field_width, struct placement pieces[], int *count) {
    if (!matrix_regions_ok(&slab->matrix))
        return PASS_NONE;
    struct matrix_search s = {.tracker.m = slab->matrix,
                              .rows_above = search->rows_above,
                              .ceiling_from_open = true,
                              .salt = slab_salt(slab, field_width),
                              .cache = search->cache,
                              .try = search->try,
                              .matrix_limit = search->budget,
                              .pieces = pieces,
                              .count = count,
                              .column_offset = slab->first};
    matrix_search_start(&s);
    enum matrix_search_result r = matrix_search_fill(&s);
    if (r == MATRIX_SEARCH_FOUND)
        return PASS_FOUND;
    /* A matrix that ran out of its own budget is left for other emitters. */
    if (r == MATRIX_SEARCH_TIMEOUT && search->try->nodes > search->try->limit)
        return PASS_TIMEOUT;
    search->gave_up = search->gave_up || r == MATRIX_SEARCH_TIMEOUT;
    return PASS_NONE;
}
