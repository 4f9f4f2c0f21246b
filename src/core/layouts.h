/* Emitter layouts: the ways to put n disjoint triples (the tops of n J/T/L pieces) in the
 * 21 columns of a matrix's bottom row, C(21 - 2n, n) of them. */
#ifndef TETRIS_LAYOUTS_H
#define TETRIS_LAYOUTS_H

#define MAX_SQUARES 7

struct layout {
    int squares;
    int columns[MAX_SQUARES]; /* left column of each triple, increasing */
};

/* Number of layouts for n squares (1..7). */
int layout_count(int squares);

/* Fills `out` (layout_count(n) entries) in increasing order of the triple columns read as
 * base-21 digits, leftmost triple first. */
void layouts_enumerate(int squares, struct layout *out);

/* Orders layouts of the same size as the pattern files do: by triple columns, leftmost
 * first. Returns <0, 0 or >0. */
int layout_compare(const struct layout *a, const struct layout *b);

/* Smallest matrix height h >= 1 with 21h - 3n divisible by 4; taller ones step by 4. */
int emitter_first_height(int squares);

#endif
