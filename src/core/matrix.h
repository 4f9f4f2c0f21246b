/* The matrix model used to search patterns (DESIGN.md, "The matrix model").
 *
 * A matrix is FIELD_WIDTH columns wide and `height` rows tall and sits on the emission
 * row. Pieces are only dropped straight down and may not leave a gap under them, so each
 * column is a solid stack and the 21 stack heights describe the whole matrix. */
#ifndef TETRIS_MATRIX_H
#define TETRIS_MATRIX_H

#include <stdbool.h>
#include <stdint.h>

#define FIELD_WIDTH 21
#define FIELD_HEIGHT 42
#define DROP_COUNT 371
#define MATRIX_MAX_HEIGHT 15 /* stacks fit in 4 bits for the state key */

/* One of the 371 ways to drop a piece: an orientation whose bounding box starts at `column`. */
struct drop {
    int8_t orientation;
    int8_t column;
    int8_t width;
    int8_t height;
    int8_t bottom[4]; /* copied from the orientation, for a tight inner loop */
    int8_t top[4];
};

/* The table of drops, ordered by orientation then column. */
extern const struct drop *const DROPS;

struct matrix {
    int height; /* the tallest column's capacity */
    uint8_t stack[FIELD_WIDTH];
    /* How tall each column must end up: `height` everywhere for an emitter; a platform
     * leaves a notch, so two of its columns end lower. */
    uint8_t capacity[FIELD_WIDTH];
    /* Columns whose emission-row cell already holds a square: such a column supports a
     * piece even when its stack equals the completed rows (real-time search only). */
    bool floor_support[FIELD_WIDTH];
};

/* An empty matrix of the given height (every capacity = height), without floor support. */
void matrix_init(struct matrix *m, int height);

/* Number of completed rows: rows complete bottom-up, so it is the lowest stack. */
int matrix_completed(const struct matrix *m);

/* Empty cells left in the matrix. */
int matrix_empty_cells(const struct matrix *m);

/* Where the drop would rest (the stack height under the piece's lowest cell), or -1 when
 * its bottom profile doesn't sit exactly on the stacks, it leaves the matrix, or none of
 * its columns is supported. The region rule is checked separately. */
int matrix_drop_base(const struct matrix *m, int drop);

/* Lists the drops legal under the profile, bounds and support rules, in table order.
 * Returns their number; `bases` receives each one's base. */
int matrix_legal_drops(const struct matrix *m, uint16_t drops[DROP_COUNT],
                       uint8_t bases[DROP_COUNT]);

/* True when the matrix is packed: every column at its capacity. */
bool matrix_packed(const struct matrix *m);

/* True when every maximal run of columns not yet full holds a multiple of 4 empty cells. */
bool matrix_regions_ok(const struct matrix *m);

void matrix_apply(struct matrix *m, int drop, int base);
void matrix_remove(struct matrix *m, int drop, int base);

/* Applies the drop when it is legal under all rules (profile, bounds, support, regions)
 * and returns its base, or returns -1 and leaves the matrix unchanged. */
int matrix_try_drop(struct matrix *m, int drop);

/* The state key: the 21 stacks, 4 bits each. */
struct matrix_key {
    uint64_t low, high;
};
struct matrix_key matrix_key(const struct matrix *m);

#endif
