/* The playfield's size and the rules that follow from it: the one home of the default
 * 21 x 42 field (the article's), of the bounds of the width and height, and of the small
 * rules that depend on the width (spawn column, the columns no pass prints into).
 *
 * A field is W columns wide and H rows tall. W is odd: on a field W wide,
 * 4 * pieces = W * (rows cleared) + squares left, so a single square needs an odd W.
 * H defaults to 2W (the article's 1:2, like the original game's 10 x 20). Structures that
 * need the size carry it (a matrix its width, a playfield its width and height, a block
 * its line width); nothing reads it from a global. */
#ifndef TETRIS_FIELD_H
#define TETRIS_FIELD_H

#include <stdbool.h>

#define FIELD_DEFAULT_WIDTH 21
#define FIELD_MIN_WIDTH 11
#define FIELD_MAX_WIDTH 71
#define FIELD_HEIGHT_PER_WIDTH 2 /* the default height is 2W */
#define FIELD_DEFAULT_HEIGHT (FIELD_HEIGHT_PER_WIDTH * FIELD_DEFAULT_WIDTH)
/* A piece spawns with cells on rows 0 and 1, and a platform is built 4 rows tall (its bottom
 * row clears while it is built): lower is useless. */
#define FIELD_MIN_HEIGHT 4
#define FIELD_MAX_HEIGHT 255

/* Columns at each edge where no pass prints a pixel: J, T and L can't emit all three
 * colours there, and they are kept free for a platform's last piece. */
#define FIELD_EDGE_COLUMNS 2

/* True for the widths the toolchain handles: odd, FIELD_MIN_WIDTH..FIELD_MAX_WIDTH. */
static inline bool field_width_valid(long width) {
    return width >= FIELD_MIN_WIDTH && width <= FIELD_MAX_WIDTH && width % 2 == 1;
}

static inline bool field_height_valid(long height) {
    return height >= FIELD_MIN_HEIGHT && height <= FIELD_MAX_HEIGHT;
}

/* The height of a field W wide when none is given: 2W. */
static inline int field_default_height(int width) {
    return FIELD_HEIGHT_PER_WIDTH * width;
}

/* The height of a field W wide: `height` when one is given, else (0) the default. */
static inline int field_height_or_default(int width, int height) {
    return height ? height : field_default_height(width);
}

/* The column of a spawning piece's pivot: the top centre. */
static inline int field_spawn_column(int width) {
    return (width - 1) / 2;
}

/* The field whose pattern library is committed (patterns/) and built into tetris-convert:
 * the default one. Other widths' libraries are searched (tetris-search --width W, or
 * tetris-convert's cache). */
static inline bool field_library_is_builtin(int width) {
    return width == FIELD_DEFAULT_WIDTH;
}

#endif
