/* The matrix model used to search patterns (docs/design.md, "Searching patterns").
 *
 * A matrix is `width` columns wide (the field's width) and `height` rows tall and sits on
 * the emission row. Pieces are only dropped straight down and may not leave a gap under
 * them, so each column is a solid stack and the stack heights describe the whole matrix.
 * A drop is an orientation and the column of its bounding box's left edge, so the drops
 * need no table per width. */
#ifndef TETRIS_MATRIX_H
#define TETRIS_MATRIX_H

#include "field.h"

#include <stdbool.h>
#include <stdint.h>

#define MATRIX_MAX_HEIGHT 15 /* stacks fit in 4 bits for the state key */
#define MATRIX_MAX_PIECES (FIELD_MAX_WIDTH * MATRIX_MAX_HEIGHT / 4)
/* At one column at most a vertical I, 4 two-wide and 4 three-wide orientations whose
 * bottom profile matches the stacks, and a horizontal I, rest there. */
#define MATRIX_DROPS_PER_COLUMN 10
#define MATRIX_MAX_LEGAL_DROPS (MATRIX_DROPS_PER_COLUMN * FIELD_MAX_WIDTH)

/* A piece dropped into a matrix: its orientation, the column of its bounding box's left
 * edge, and its base (the stack height under its lowest cell). */
struct placement {
    uint8_t orientation;
    uint8_t column;
    uint8_t base;
};

struct matrix {
    int width;
    int height; /* the tallest column's capacity */
    uint8_t stack[FIELD_MAX_WIDTH];
    /* How tall each column must end up: `height` everywhere for an emitter; a platform
     * leaves a notch, so two of its columns end lower. */
    uint8_t capacity[FIELD_MAX_WIDTH];
    /* Columns whose emission-row cell already holds a square: such a column supports a
     * piece even when its stack equals the completed rows (real-time search only). */
    bool floor_support[FIELD_MAX_WIDTH];
};

/* An empty matrix of the given size (every capacity = height), without floor support. */
void matrix_init(struct matrix *m, int width, int height);

/* Number of completed rows: rows complete bottom-up, so it is the lowest stack. */
int matrix_completed(const struct matrix *m);

/* Empty cells left in the matrix. */
int matrix_empty_cells(const struct matrix *m);

/* Where a piece of the orientation dropped at `column` would rest (the stack height under
 * its lowest cell), or -1 when it doesn't fit between the matrix's sides, its bottom
 * profile doesn't sit exactly on the stacks, it leaves the matrix, or none of its columns
 * is supported. The region rule is checked separately. */
int matrix_drop_base(const struct matrix *m, int orientation, int column);

/* Lists the drops legal under the profile, bounds and support rules whose base is at most
 * `ceiling` (MATRIX_NO_CEILING for all), by column, then vertical I, two-wide, three-wide
 * orientations and horizontal I. Returns their number. */
#define MATRIX_NO_CEILING MATRIX_MAX_HEIGHT
int matrix_legal_drops(const struct matrix *m, int ceiling,
                       struct placement drops[MATRIX_MAX_LEGAL_DROPS]);

/* True when the matrix is packed: every column at its capacity. */
bool matrix_packed(const struct matrix *m);

/* True when every maximal run of columns not yet full holds a multiple of 4 empty cells. */
bool matrix_regions_ok(const struct matrix *m);

/* The same, once the piece `p` is applied to a matrix whose regions were all right: only
 * the runs around its columns can have changed. */
bool matrix_regions_ok_after(const struct matrix *m, struct placement p);

void matrix_apply(struct matrix *m, struct placement p);
void matrix_remove(struct matrix *m, struct placement p);

/* Applies the drop when it is legal under all rules (profile, bounds, support, regions)
 * and returns its base, or returns -1 and leaves the matrix unchanged. */
int matrix_try_drop(struct matrix *m, int orientation, int column);

/* The state key: the stacks, 4 bits each, 16 to a word, and a tag of MATRIX_KEY_TAG_BITS
 * (what the state is a fact about) in the top bits of the 32-bit half-word after them.
 * Keys of one width compare equal exactly when the stacks and tags are equal. */
#define MATRIX_KEY_TAG_BITS 2
#define MATRIX_KEY_BITS(width) (4 * (width) + MATRIX_KEY_TAG_BITS)
#define MATRIX_KEY_WORDS ((MATRIX_KEY_BITS(FIELD_MAX_WIDTH) + 32 + 63) / 64)
struct matrix_key {
    uint64_t words[MATRIX_KEY_WORDS];
};
struct matrix_key matrix_key(const struct matrix *m, unsigned tag);

/* 32-bit half-words a key of this width uses (the tag ends the last one). */
static inline int matrix_key_halves(int width) {
    return (MATRIX_KEY_BITS(width) + 31) / 32;
}

/* Words matrix_key sets: those of its half-words and of the half-word after them, which is
 * zero (a cache entry keeps its job number there). */
static inline int matrix_key_words(int width) {
    return (matrix_key_halves(width) + 2) / 2;
}

#endif
