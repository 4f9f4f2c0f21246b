/* A pattern: a matrix's starting cells (an emitter's triples or a platform's first T),
 * the pieces that pack it, and how it is drawn as a block of a pattern file. */
#ifndef TETRIS_PATTERN_H
#define TETRIS_PATTERN_H

#include "block.h"
#include "layouts.h"
#include "packing.h"

enum notch_side { NOTCH_LEFT, NOTCH_RIGHT };

/* A platform's notch, filled by the J (left) or L (right) dropped last: the top
 * NOTCH_EDGE_ROWS cells of the edge column and the top NOTCH_INNER_ROWS of the one next to
 * it, on a matrix `width` columns wide. */
#define NOTCH_EDGE_ROWS 3
#define NOTCH_INNER_ROWS 1
static inline int notch_edge_column(enum notch_side side, int width) {
    return side == NOTCH_LEFT ? 0 : width - 1;
}
static inline int notch_inner_column(enum notch_side side, int width) {
    return side == NOTCH_LEFT ? 1 : width - 2;
}

#define PLATFORM_HEIGHT 4
#define PATTERN_MAX_SHAPES 17                    /* at most one per pixel of a sprite row */
#define PLATFORM_T_COLUMNS (FIELD_WIDTH - 2)     /* the T's left column: 0..18 */
#define PLATFORM_STARTS (PLATFORM_T_COLUMNS * 2) /* numbered T column * 2 + notch side */

/* Cells already in the matrix when the packing starts, drawn as the first letters. */
struct start_shape {
    int cells;
    int8_t column[4];
    int8_t level[4]; /* 0 = the matrix's bottom row, -1 = the emission row under it */
};

struct pattern {
    struct matrix start;
    bool emission_row; /* drawn with the emission row as its last line (scripts) */
    int shape_count;
    struct start_shape shapes[PATTERN_MAX_SHAPES];
    int pieces;
    struct placement placements[PACKING_MAX_PIECES];
};

/* An emitter's matrix of the given height with the layout's triples in its bottom row. */
void pattern_start_emitter(struct pattern *p, const struct layout *layout, int height);

/* A platform's 4-row matrix: a T pointing up with its flat side at `t_column`..+2 in the
 * bottom row, and a notch of 4 cells at the given edge for the J or L dropped last. */
void pattern_start_platform(struct pattern *p, int t_column, enum notch_side side);

/* Adds a start shape: its cells at level 0 and above raise the stacks. */
void pattern_add_shape(struct pattern *p, int cells, const int columns[], const int levels[]);

/* Draws the pattern: start shapes 'A', 'B', ... in the order added, then the pieces in
 * drop order. Returns false when out of memory. */
bool pattern_draw(const struct pattern *p, struct block *out);

#endif
