/* A pattern: a matrix's starting cells (an emitter's triples or a platform's first T),
 * the pieces that pack it, and how it is drawn as a block of a pattern file (or several
 * blocks continuing one another when it has more than 62 pieces, block.h). */
#ifndef TETRIS_PATTERN_H
#define TETRIS_PATTERN_H

#include "block.h"
#include "layouts.h"
#include "packing.h"

enum notch_side { NOTCH_LEFT, NOTCH_RIGHT };

/* A platform's notch, filled by its last piece, the J (left) or L (right) that completes its
 * rows: the top NOTCH_EDGE_ROWS cells of the edge column and the top NOTCH_INNER_ROWS of the
 * one next to it, on a matrix `width` columns wide. pattern.c owns this geometry. */
#define NOTCH_EDGE_ROWS 3
#define NOTCH_INNER_ROWS 1
static inline int notch_edge_column(enum notch_side side, int width) {
    return side == NOTCH_LEFT ? 0 : width - 1;
}
static inline int notch_inner_column(enum notch_side side, int width) {
    return side == NOTCH_LEFT ? 1 : width - 2;
}

/* Lowers the capacities of the notch's columns in a matrix of `rows` rows, so that a
 * packing leaves the notch empty for the last piece. */
void notch_reserve(uint8_t capacity[], int width, int rows, enum notch_side side);

/* The side of the notch that `capacity` reserves (notch_reserve) in a matrix of `rows` rows. */
enum notch_side notch_side_of(const uint8_t capacity[], int width, int rows);

/* The piece that fills the notch of a matrix of `rows` rows: a J on the left, an L on the
 * right, its cells exactly the notch's. */
struct placement notch_piece(enum notch_side side, int width, int rows);

#define PLATFORM_HEIGHT 4
/* Start shapes: at most one per column a pass prints into (the field's columns but the
 * FIELD_EDGE_COLUMNS at each edge), or the triples of an emitter, fewer. */
#define PATTERN_MAX_SHAPES (FIELD_MAX_WIDTH - 2 * FIELD_EDGE_COLUMNS)

/* The T's left column of a platform is 0 .. width - 3. */
static inline int platform_t_columns(int width) {
    return width - 2;
}
#define PLATFORM_MAX_STARTS (2 * (FIELD_MAX_WIDTH - 2))

/* Where a platform starts: the T's left column and the notch side. Starts are numbered
 * T column * 2 + notch side, which is the order of platforms.txt. */
struct platform_start {
    int t_column;
    enum notch_side side;
};

static inline int platform_start_number(struct platform_start start) {
    return start.t_column * 2 + (int)start.side;
}

static inline struct platform_start platform_start_of(int number) {
    return (struct platform_start){number / 2, (enum notch_side)(number % 2)};
}

/* Platform starts on a field of this width: every T column, both notch sides. */
static inline int platform_start_count(int width) {
    return 2 * platform_t_columns(width);
}

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
    struct placement placements[MATRIX_MAX_PIECES];
};

/* Whether an emitter of `squares` triples on a field `width` wide can be `height` rows tall:
 * a whole number of pieces (parity_whole) and no taller than MATRIX_MAX_HEIGHT. */
bool pattern_emitter_height_valid(int width, int squares, int height);

/* An emitter's matrix of the given size with the layout's triples in its bottom row. */
void pattern_start_emitter(struct pattern *p, int width, const struct layout *layout, int height);

/* A platform's 4-row matrix, whole: a T pointing up with its flat side at the start's T
 * column..+2 in the bottom row. The pieces that pack it end with the notch piece
 * (notch_piece), as pattern files hold them; the search packs the body first. */
void pattern_start_platform(struct pattern *p, int width, struct platform_start start);

/* The matrix a platform's pieces but the last pack: its start with the notch reserved. */
struct matrix platform_body(const struct pattern *p, enum notch_side side);

/* Completes a platform whose body is packed (its pieces in p->placements): the notch piece
 * is dropped last. */
void pattern_finish_platform(struct pattern *p, enum notch_side side);

/* Adds a start shape: its cells at level 0 and above raise the stacks. */
void pattern_add_shape(struct pattern *p, int cells, const int columns[], const int levels[]);

/* The blocks a pattern is drawn as: one, and more when its shapes and pieces are more than
 * a block can name. */
#define PATTERN_MAX_BLOCKS                                                                         \
    ((PATTERN_MAX_SHAPES + MATRIX_MAX_PIECES + BLOCK_MAX_PIECES - 1) / BLOCK_MAX_PIECES)
struct pattern_blocks {
    int count;
    struct block blocks[PATTERN_MAX_BLOCKS];
};

/* Draws the pattern: start shapes 'A', 'B', ... in the order added, then the pieces in
 * drop order, the 63rd and later in blocks that continue the first. Returns false when out
 * of memory. */
bool pattern_draw(const struct pattern *p, struct pattern_blocks *out);
void pattern_blocks_free(struct pattern_blocks *drawn);

#endif
