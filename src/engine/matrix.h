/* The matrix model (docs/design.md, "Searching patterns"): the one home of the rules that
 * tetris-search's pattern search (packing.c) and tetris-convert's packer (pass_packer.c)
 * both follow.
 *
 * A matrix is `width` columns wide (the field's width) and `height` rows tall and sits on
 * the emission row. Pieces are only dropped straight down and may not leave a gap under
 * them, so each column is a solid stack and the stack heights describe the whole matrix.
 * A drop is an orientation and the column of its bounding box's left edge, so the drops
 * need no table per width.
 *
 * Two ways to hold a matrix, for two kinds of search:
 *   - struct matrix alone: the stacks, with the counts a search needs (completed rows, empty
 *     cells) worked out when asked; its key (matrix_key) is the stacks themselves, exact,
 *     so that a dead state remembered is a proof (the pattern search proves heights
 *     impossible);
 *   - struct matrix_tracker: a matrix with the row fill, completed rows, lowest open row,
 *     empty cells and a 64-bit Zobrist hash kept up to date at every drop, for the
 *     converter's packer, whose short tries need no proof and many drops per second.
 * Both use the same rules below; neither pays for what only the other needs. */
#ifndef TETRIS_MATRIX_H
#define TETRIS_MATRIX_H

#include "field.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

#define MATRIX_MAX_HEIGHT 15 /* stacks fit in 4 bits for the state key */
/* Pieces that fill the largest matrix: 4 cells each. */
#define MATRIX_MAX_PIECES (FIELD_MAX_WIDTH * MATRIX_MAX_HEIGHT / 4)
/* At one column at most a vertical I, 3 two-wide orientations (a flat step: Jl, O, Lr),
 * 3 three-wide ones (a flat profile: Tu, Ju, Lu) and a horizontal I have a bottom profile
 * that matches the stacks there. */
#define MATRIX_DROPS_PER_COLUMN 8
#define MATRIX_MAX_LEGAL_DROPS (MATRIX_DROPS_PER_COLUMN * FIELD_MAX_WIDTH)

/* A piece dropped into a matrix: its orientation, the column of its bounding box's left
 * edge, and its base: the matrix row of the box's bottom row, which is the stack height
 * under its lowest cell. Below the matrix, levels go on downwards: the converter's emitters
 * hang their lowest row into the target's rows under the matrix, -1 right under it. */
struct placement {
    uint8_t orientation;
    uint8_t column;
    int8_t base;
};

struct matrix {
    int width;
    int height; /* the tallest column's capacity */
    uint8_t stack[FIELD_MAX_WIDTH];
    /* How tall each column must end up: `height` everywhere for an emitter; a platform
     * leaves a notch, so two of its columns end lower. */
    uint8_t capacity[FIELD_MAX_WIDTH];
    /* Columns whose emission-row cell already holds a square: such a column supports a
     * piece even when its stack equals the completed rows. Only the converter's passes
     * have them (squares printed by earlier passes or by the pass's own emitters); the
     * library's patterns start on an empty emission row. */
    bool floor_support[FIELD_MAX_WIDTH];
    /* The rows the field beside the matrix holds full, when the matrix is a slab of a wider
     * one (the converter's slab passes): a row of the field completes only once it is full
     * beside the matrix too, so the matrix's rows complete up to `beside` at most. 0 for a
     * slab packed while the last slab is still empty (no row completes), the lowest
     * capacity of the rest of the field for the slab packed last; `height` for a matrix as
     * wide as the field. */
    uint8_t beside;
};

/* An empty matrix of the given size (every capacity = height), without floor support, as
 * wide as the field (beside = height). */
void matrix_init(struct matrix *m, int width, int height);

/* Number of completed rows: rows complete bottom-up, so it is the lowest stack (and at
 * most `beside`). */
int matrix_completed(const struct matrix *m);

/* The support rule for one column: it holds up a piece when its stack is a cell of a row
 * not yet completed, or when it is empty down to the completed rows over a square already
 * in the emission row (`over_square`: floor_support). The converter's emitters, whose
 * matrix cells stand on the emission row, rest by the same rule (completed 0). */
static inline bool matrix_column_supports(int stack, int completed, bool over_square) {
    return stack > completed || (stack == completed && over_square);
}

/* The lowest stack among the columns not yet full: the lowest row with an empty cell
 * (`height` when every column is full). It differs from the completed rows where a
 * column's capacity is below `height` (a platform's notch). */
int matrix_lowest_open_row(const struct matrix *m);

/* Empty cells left in the matrix. */
int matrix_empty_cells(const struct matrix *m);

/* Where a piece of the orientation dropped at `column` would rest (the stack height under
 * its lowest cell), or -1 when it doesn't fit between the matrix's sides, its bottom
 * profile doesn't sit exactly on the stacks, it leaves the matrix, or none of its columns
 * is supported: a column supports when its stack is above the completed rows, or equal to
 * them over a square of the emission row (floor_support). The region rule is checked
 * separately. */
int matrix_drop_base(const struct matrix *m, int orientation, int column);

/* Lists the drops legal under the profile, bounds and support rules whose base is at most
 * `ceiling` (MATRIX_NO_CEILING for all), by column, then vertical I, two-wide, three-wide
 * orientations and horizontal I, each kind in orientation order. Returns their number.
 * (The searches draw from this list at random, so its order is part of their results.) */
#define MATRIX_NO_CEILING MATRIX_MAX_HEIGHT
int matrix_legal_drops(const struct matrix *m, int ceiling,
                       struct placement drops[MATRIX_MAX_LEGAL_DROPS]);

/* True when the matrix is packed: every column at its capacity. */
bool matrix_packed(const struct matrix *m);

/* The region rule: true when every maximal run of columns not yet full holds a multiple of
 * 4 empty cells. */
bool matrix_regions_ok(const struct matrix *m);

/* The same, once the piece `p` is applied to a matrix whose regions were all right: only
 * the runs around its columns can have changed, and only when one of them filled up
 * (otherwise the piece took its 4 cells from one run). Inline, as the searches ask after
 * every drop and most drops fill no column. */
bool matrix_regions_ok_around(const struct matrix *m, struct placement p);
static inline bool matrix_regions_ok_after(const struct matrix *m, struct placement p) {
    for (int c = p.column; c < p.column + ORIENTATIONS[p.orientation].width; c++)
        if (m->stack[c] == m->capacity[c])
            return matrix_regions_ok_around(m, p);
    return true;
}

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

/* A matrix and what a search keeps up to date with it at every drop, so that none of it
 * is counted again: each row's cells, the completed rows, the lowest open row, the empty
 * cells, and a Zobrist hash of the stacks and the floor support. Set `m`, then call
 * matrix_tracker_start; from then on change the stacks only through matrix_tracker_apply
 * and matrix_tracker_remove (the capacities and floor support stay as they were). */
struct matrix_tracker {
    struct matrix m;
    uint8_t row_fill[MATRIX_MAX_HEIGHT]; /* cells of each row */
    uint8_t row_room[MATRIX_MAX_HEIGHT]; /* cells each row can hold (capacities above it) */
    int completed;                       /* = matrix_completed(&m): rows full */
    int lowest_open;                     /* = matrix_lowest_open_row(&m): rows full to room */
    int empty;                           /* = matrix_empty_cells(&m) */
    uint64_t hash;
};

/* Counts the row fill, completed rows, lowest open row, empty cells and hash of t->m. */
void matrix_tracker_start(struct matrix_tracker *t);

void matrix_tracker_apply(struct matrix_tracker *t, struct placement p);
void matrix_tracker_remove(struct matrix_tracker *t, struct placement p);

/* matrix_legal_drops of t->m, from the completed rows counted. */
int matrix_tracker_legal_drops(const struct matrix_tracker *t, int ceiling,
                               struct placement drops[MATRIX_MAX_LEGAL_DROPS]);

/* The tracker's key for a dead-state cache: the hash in the first word and `tag` in the
 * second, which takes the three half-words of a key of MATRIX_HASHED_KEY_WIDTH columns
 * whatever the matrix's width (so the cache is made for that width: dead_cache_init). Two
 * states may share a hash: a cache of such keys is a heuristic, not a proof. */
#define MATRIX_HASHED_KEY_WIDTH FIELD_DEFAULT_WIDTH
struct matrix_key matrix_tracker_key(const struct matrix_tracker *t, uint32_t tag);

#endif
