/* How large a sprite may be: the room every sprite has, and what a caller can print. */
#ifndef TETRIS_CONVERT_SPRITE_LIMITS_H
#define TETRIS_CONVERT_SPRITE_LIMITS_H

#include "block.h"
#include "field.h"

/* Room for the largest sprite of any playfield: the widest field, 71 columns, prints 67
 * (two columns stay free on each side), and the tallest, 255 rows, 245. What a caller
 * accepts is its struct sprite_limits. */
#define SPRITE_MAX_WIDTH (FIELD_MAX_WIDTH - 2 * FIELD_SPRITE_MARGIN)
#define SPRITE_MAX_HEIGHT (FIELD_MAX_HEIGHT - FIELD_SPRITE_HEADROOM)

/* What the caller can print (field_choice_limits: the field's room, 7 colours). */
struct sprite_limits {
    int max_width, max_height, max_colours;
};

#endif
