/* The article's randomized incremental construction with backtracking, filling a matrix
 * (matrix.h) with tetrominoes: the one body that tetris-search's pattern search (packing.c)
 * and tetris-convert's pass search (pass_matrix.c) both run.
 *
 * From the current stacks, it draws the legal drops in a random order (a lazy Fisher-Yates,
 * so only the drops tried cost a draw), drops each in turn under the region rule and goes
 * on from there, undoing a drop whose search fails; the matrix is packed when no cell is
 * empty. A search may be restricted to drops resting at most `rows_above` rows above the
 * lowest empty row (growing a packing from the bottom finds one far sooner), and may try
 * first an S or Z at the lowest spot of the bottom row (the article's opening move). States
 * fully explored without a packing are remembered (dead_cache.h), by the exact key (a dead
 * state is then a proof) or by the tracker's hash (a heuristic, for short tries).
 *
 * A try: the random stream and the node budget a search spends. The converter's pass search
 * draws its emitters and fills its matrices from one try, so the try is shared, not owned. */
#ifndef TETRIS_MATRIX_SEARCH_H
#define TETRIS_MATRIX_SEARCH_H

#include "dead_cache.h"
#include "matrix.h"

#include <stdbool.h>
#include <stdint.h>

/* One try of a randomized search: its random stream and the nodes it may visit. */
struct search_try {
    uint64_t rng;
    long nodes, limit;
};

/* Counts a node of the try; true when that spends more than its budget. */
static inline bool search_try_spend(struct search_try *t) {
    return ++t->nodes > t->limit;
}

/* Budgeted tries alternate between the two restrictions, drops resting on the lowest empty
 * row and at most one row above it; a restriction whose whole space turned out empty (a try
 * ended without spending its budget) is dropped, and with both gone the tries consider
 * every drop. */
struct try_schedule {
    bool space_empty[2];
};

/* The restriction of the attempt-th try: 0 or 1 rows above, or -1 for every drop. */
static inline int try_schedule_rows_above(const struct try_schedule *s, int attempt) {
    if (s->space_empty[0] && s->space_empty[1])
        return -1;
    int rows_above = attempt % 2;
    return s->space_empty[rows_above] ? 1 - rows_above : rows_above;
}

/* A try restricted to `rows_above` found its whole space empty. */
static inline void try_schedule_space_empty(struct try_schedule *s, int rows_above) {
    if (rows_above >= 0)
        s->space_empty[rows_above] = true;
}

enum matrix_search_result { MATRIX_SEARCH_FOUND, MATRIX_SEARCH_NONE, MATRIX_SEARCH_TIMEOUT };

struct matrix_search {
    /* The matrix: set tracker.m, then matrix_search_start. */
    struct matrix_tracker tracker;
    /* How the search goes. */
    int rows_above;         /* -1: every drop */
    bool ceiling_from_open; /* rows_above counts from the lowest open row (a platform's notch
                               or a slab's rows beside it aside, the completed rows) */
    bool s_or_z_first;
    bool exact_keys;
    uint64_t salt; /* mixed into hashed keys: what else the dead states hang on */
    struct dead_cache *cache;
    struct search_try *try;
    long matrix_nodes, matrix_limit; /* of this matrix alone, besides the try's budget */
    /* The pieces found, appended in drop order from pieces[*count], their columns shifted by
     * `column_offset` (the matrix's column 0 in the caller's columns); on a failure *count is
     * as it was. */
    struct placement *pieces;
    int *count;
    int column_offset;
};

/* Counts the tracker's rows and cells from tracker.m (matrix_tracker_start) and this
 * matrix's nodes from 0. */
void matrix_search_start(struct matrix_search *s);

/* Packs the matrix from its stacks; on MATRIX_SEARCH_FOUND the stacks are full. */
enum matrix_search_result matrix_search_fill(struct matrix_search *s);

#endif
