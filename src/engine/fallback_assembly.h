/* Fallback passes (docs/design.md, "Searching patterns"): a pass that prints one unit of a
 * row, put together from the fallback tiles (fallback_tiles.h) on a field of any width from
 * 11 to 71, with no search. The converter takes one when its search finds no pass; the units
 * are what the colour rules (src/convert/colours/colour_rules.h) let each piece type print, so that
 * any row the rules accept is printed unit by unit, each unit once the squares it needs are there.
 *
 * A pass is laid in this order:
 *   1. slabs: the columns beside the unit that only a square of the emission row can hold
 *      up (left of a standing S, right of a standing Z, both sides of standing I's) are
 *      filled to 4 rows, standing on that square: an anchor on it, corridors from its
 *      frontiers to the slab's ends, end tiles there (a slab 3 wide: one tile);
 *   2. the unit's pieces, hanging into the emission row, and its tile, which fills the
 *      matrix's 4 bottom rows over them but for the core at 3 and leaves frontiers; the
 *      corridors from them to the walls (a lying I: a slab on its own squares, and the pass
 *      ends there, 4 rows tall);
 *   3. the rows above the 4th, beside a window around the core: vertical I pieces, rows of
 *      lying I pieces or O pieces, whichever the rectangle's size takes;
 *   4. the window, over the core and a few columns beside it, to the top.
 * While the slabs and the anchors are laid some column is still empty (the core, or the far
 * side of a corridor), so no row completes; the other tiles hold whatever has completed.
 * tetris-search --check proves it: every tile under the matrix model, every slab of every
 * width on every square, and every unit at every column of every width from 11 to 71. */
#ifndef TETRIS_FALLBACK_ASSEMBLY_H
#define TETRIS_FALLBACK_ASSEMBLY_H

#include "fallback_tiles.h"

#include <stdbool.h>
#include <stddef.h>

enum fallback_unit_kind {
    FALLBACK_UNIT_I_LYING,    /* 4 pixels */
    FALLBACK_UNIT_I_STANDING, /* 1 to 3 pixels side by side, held up on both sides */
    FALLBACK_UNIT_O,          /* 2 pixels */
    FALLBACK_UNIT_S_LYING,    /* 2 pixels */
    FALLBACK_UNIT_Z_LYING,    /* 2 pixels */
    FALLBACK_UNIT_S_STANDING, /* 1 pixel, held up on its left (or the field's edge: column 2) */
    FALLBACK_UNIT_Z_STANDING, /* 1 pixel, held up on its right (or column W - 3) */
    FALLBACK_UNIT_KINDS,
};

struct fallback_unit {
    enum fallback_unit_kind kind;
    int column; /* its leftmost pixel */
    int pixels; /* standing I pieces: 1 to 3; the other kinds: their shape's */
    /* The squares already in the emission row that hold the matrix up beside the unit, -1
     * for none: standing I pieces need both, a standing S `left` (but at column 2), a
     * standing Z `right` (but at column W - 3). */
    int left, right;
};

/* A unit's pixels: 4 for a lying I, 2 for a pair, 1 for a standing S or Z, its `pixels`
 * for standing I pieces. */
int fallback_unit_pixels(const struct fallback_unit *unit);

/* What a unit is, in words: "a lying I", "2 standing I", ... */
void fallback_unit_name(const struct fallback_unit *unit, char *text, size_t size);

/* The most pieces of a fallback pass: its matrix is at most 9 rows tall. */
#define FALLBACK_MAX_PIECES MATRIX_MAX_PIECES

struct fallback_pass {
    int width, rows; /* of the matrix over the emission row */
    int count;
    struct placement pieces[FALLBACK_MAX_PIECES]; /* in drop order; the unit's hang (base -1) */
};

/* Puts the unit's pass together; false when a unit there can't be printed so (a column, or
 * a square holding it up, that the colour rules never give it). */
bool fallback_assemble(const struct fallback_tiles *tiles, int width,
                       const struct fallback_unit *unit, struct fallback_pass *out);

/* Plays the pass under the matrix model from an emission row holding squares where `square`
 * says (the field's width of them): each piece that hangs finds its columns empty and its
 * pixels' cells free, every other rests where it is drawn, legally, and the matrix ends
 * packed. False with the first problem in `message`. */
bool fallback_pass_check(const struct fallback_pass *pass, const bool square[], char *message,
                         size_t size);

/* Proves what the converter relies on for a field `width` wide: every slab (every width
 * from 3, on a square in each of its columns a pixel can be in) and every unit at every
 * column the colour rules let it be in put together and checked. Returns the passes
 * checked, or -1 with the first problem in `message`. */
long fallback_prove_width(const struct fallback_tiles *tiles, int width, char *message,
                          size_t size);

#endif
