/* The playfield's size and the rules that follow from it: the one home of the default
 * 21 x 42 field (the article's), of the bounds of the width and height, and of the small
 * rules that depend on the width (spawn column, sprite placement, matrix heights).
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

/* Columns at each edge where a sprite can't be: J, T and L can't emit all three colours
 * there, and they are kept free for a platform's last piece. */
#define FIELD_SPRITE_MARGIN 2
/* Rows above a sprite the converter needs: a platform's 3 rows, a pass matrix over the
 * emission row, and the spawn rows. 42 - 32 on the article's field. */
#define FIELD_SPRITE_HEADROOM 10

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

/* The widest and tallest sprite a field can print. */
static inline int field_sprite_max_width(int width) {
    return width - 2 * FIELD_SPRITE_MARGIN;
}
static inline int field_sprite_max_height(int height) {
    return height - FIELD_SPRITE_HEADROOM;
}

/* True when a sprite fits a field of this size. */
static inline bool field_fits_sprite(int width, int height, int sprite_width, int sprite_height) {
    return sprite_width <= field_sprite_max_width(width) &&
           sprite_height <= field_sprite_max_height(height);
}

/* The field width chosen for a sprite when none is given: the default width when the
 * sprite fits it, otherwise the smallest width that fits it. `height` is the field's
 * height, or 0 for the default height of each width. Returns 0 when no width fits. */
static inline int field_width_for_sprite(int sprite_width, int sprite_height, int height) {
    for (int width = FIELD_DEFAULT_WIDTH; width <= FIELD_MAX_WIDTH; width += 2)
        if (field_fits_sprite(width, field_height_or_default(width, height), sprite_width,
                              sprite_height))
            return width;
    return 0;
}

/* The tallest sprite, of at most `sprite_width` columns, that the field --width auto picks
 * for it prints: the box --fit aims at with --max-width alone (32 rows up to 17 columns). */
static inline int field_fit_height(int sprite_width) {
    int width = field_width_for_sprite(sprite_width, 1, 0);
    return width ? field_sprite_max_height(field_default_height(width)) : 0;
}

/* The field whose pattern library is committed (patterns/) and built into tetris-convert:
 * the default one. Other widths' libraries are searched (tetris-search --width W, or
 * tetris-convert's cache). */
static inline bool field_library_is_builtin(int width) {
    return width == FIELD_DEFAULT_WIDTH;
}

/* The playfield column of a sprite's column 0: centred between the margins (on the
 * article's field, 2 + (17 - sprite_width) / 2). */
static inline int field_sprite_first_column(int width, int sprite_width) {
    return FIELD_SPRITE_MARGIN + (field_sprite_max_width(width) - sprite_width) / 2;
}

#endif
