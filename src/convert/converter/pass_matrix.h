/* Phase 2 of a pass's search (pass_packer.h): the matrix over the emitters. The emitters'
 * phase (pass_emitters.h) hands it a slab, the columns it has chosen emitters for as they
 * leave them, and this phase packs the slab's matrix under the matrix model with the
 * randomized search of matrix_search.h. The two phases meet here and nowhere else; they
 * share the try (its random stream and node budget), which the emitters' phase owns. */
#ifndef TETRIS_CONVERT_PASS_MATRIX_H
#define TETRIS_CONVERT_PASS_MATRIX_H

#include "dead_cache.h"
#include "matrix.h"
#include "matrix_search.h"
#include "pass_problem.h"

/* How phase 2 searches during a try. */
struct pass_matrix_search {
    struct search_try *try;
    struct dead_cache *cache; /* dead states, for the rest of the pass's search */
    int rows_above;           /* the try's restriction (matrix_search.h), -1 for none */
    long budget;              /* nodes for one slab's matrix */
    /* Set when a slab's matrix ran out of its own budget during the try: a try that then
     * finds no pass has not searched its whole space. */
    bool gave_up;
};

/* A slab: columns first .. first + matrix.width - 1 of the field, as the emitters leave them:
 * the matrix's stacks are the emitters' cells in each column (solid), its capacities the
 * pass's, its floor support the target's top row's squares (printed before, or by the pass's
 * emitters), `beside` the rows the field holds full beside it (matrix.h). A slab as wide as
 * the field is the whole pass. */
struct pass_slab {
    struct matrix matrix;
    int first;
};

/* Packs the slab's matrix on a field `field_width` wide, appending the pieces in drop order
 * (field columns) at pieces[*count]. PASS_NONE when its regions break the rule or no packing
 * was found within the slab's budget, PASS_TIMEOUT when the try's budget is spent; *count is
 * then as it was. */
enum pass_result pass_matrix_pack(struct pass_matrix_search *search, const struct pass_slab *slab,
                                  int field_width, struct placement pieces[], int *count);

#endif
