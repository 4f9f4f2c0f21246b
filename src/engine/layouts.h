/* Emitter layouts: the ways to put n disjoint triples (the tops of n J/T/L pieces) in the
 * W columns of a matrix's bottom row, C(W - 2n, n) of them, for n = 1 .. W / 3. */
#ifndef TETRIS_LAYOUTS_H
#define TETRIS_LAYOUTS_H

#include "field.h"

#define LAYOUT_MAX_SQUARES (FIELD_MAX_WIDTH / 3)

struct layout {
    int squares;
    int columns[LAYOUT_MAX_SQUARES]; /* left column of each triple, increasing */
};

/* The most triples a row of this width holds: the emitter sets are 1 .. this. */
static inline int layout_max_squares(int width) {
    return width / 3;
}

/* Number of layouts of n squares on a field of this width, C(width - 2n, n); LONG_MAX
 * when it doesn't fit a long. */
long layout_count(int width, int squares);

/* Fills `out` (layout_count(width, n) entries) in increasing order of the triple columns
 * read as base-width digits, leftmost triple first. */
void layouts_enumerate(int width, int squares, struct layout *out);

/* Orders layouts of the same size as the pattern files do: by triple columns, leftmost
 * first. Returns <0, 0 or >0. */
int layout_compare(const struct layout *a, const struct layout *b);

#endif
