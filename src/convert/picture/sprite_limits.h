/* How large a sprite may be and where it sits on a field: the room every sprite has, what a
 * field of a given size prints, and what a caller can print. */
#ifndef TETRIS_CONVERT_SPRITE_LIMITS_H
#define TETRIS_CONVERT_SPRITE_LIMITS_H

#include "field.h"

#include <stdbool.h>

/* Rows above a sprite the converter needs: a platform's 3 rows, a pass matrix over the
 * emission row, and the spawn rows. 42 - 32 on the article's field. */
#define SPRITE_HEADROOM 10

/* Room for the largest sprite of any playfield: the widest field, 71 columns, prints 67
 * (two columns stay free on each side), and the tallest, 255 rows, 245. What a caller
 * accepts is its struct sprite_limits. */
#define SPRITE_MAX_WIDTH (FIELD_MAX_WIDTH - 2 * FIELD_EDGE_COLUMNS)
#define SPRITE_MAX_HEIGHT (FIELD_MAX_HEIGHT - SPRITE_HEADROOM)

/* The widest and tallest sprite a field can print. */
static inline int sprite_max_width(int width) {
    return width - 2 * FIELD_EDGE_COLUMNS;
}
static inline int sprite_max_height(int height) {
    return height - SPRITE_HEADROOM;
}

/* True when a sprite fits a field of this size. */
static inline bool sprite_fits_field(int width, int height, int sprite_width, int sprite_height) {
    return sprite_width <= sprite_max_width(width) && sprite_height <= sprite_max_height(height);
}

/* The field width chosen for a sprite when none is given: the default width when the
 * sprite fits it, otherwise the smallest width that fits it. `height` is the field's
 * height, or 0 for the default height of each width. Returns 0 when no width fits. */
static inline int sprite_field_width(int sprite_width, int sprite_height, int height) {
    for (int width = FIELD_DEFAULT_WIDTH; width <= FIELD_MAX_WIDTH; width += 2)
        if (sprite_fits_field(width, field_height_or_default(width, height), sprite_width,
                              sprite_height))
            return width;
    return 0;
}

/* The tallest sprite, of at most `sprite_width` columns, that the field --width auto picks
 * for it prints: the box --fit aims at with --max-width alone (32 rows up to 17 columns). */
static inline int sprite_fit_height(int sprite_width) {
    int width = sprite_field_width(sprite_width, 1, 0);
    return width ? sprite_max_height(field_default_height(width)) : 0;
}

/* The playfield column of a sprite's column 0: centred between the margins (on the
 * article's field, 2 + (17 - sprite_width) / 2). */
static inline int sprite_first_column(int width, int sprite_width) {
    return FIELD_EDGE_COLUMNS + (sprite_max_width(width) - sprite_width) / 2;
}

/* The shifts a sprite may take right of centred (negative: left) and stay between the
 * margins: *least .. *most. */
static inline void sprite_shift_range(int width, int sprite_width, int *least, int *most) {
    int first = sprite_first_column(width, sprite_width);
    *least = FIELD_EDGE_COLUMNS - first;
    *most = width - FIELD_EDGE_COLUMNS - sprite_width - first;
}

/* What the caller can print (field_choice_limits: the field's room, 7 colours). */
struct sprite_limits {
    int max_width, max_height, max_colours;
};

#endif
