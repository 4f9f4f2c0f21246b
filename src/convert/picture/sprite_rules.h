/* The rules of what Tetris can print, applied to a picture (docs/design.md, "Converting"): it is
 * trimmed of its transparent borders, and must then have an opaque pixel, fit the caller's
 * limits, have no fully transparent row between opaque rows (nothing can rest above an
 * empty row) and at most limits.max_colours opaque colours, numbered in reading order.
 * What passes is a struct sprite, the converter's input (sprite.h). */
#ifndef TETRIS_CONVERT_SPRITE_RULES_H
#define TETRIS_CONVERT_SPRITE_RULES_H

#include "block.h"
#include "fit_options.h"
#include "picture.h"
#include "sprite_limits.h"
#include "tetromino.h"

#include <stddef.h>
#include <stdint.h>

enum sprite_status { SPRITE_OK, SPRITE_BAD_INPUT, SPRITE_NO_MEMORY };

struct sprite {
    int width, height; /* after trimming: within the caller's limits */
    int colour_count;  /* 1..limits.max_colours */
    /* 0xRRGGBB, in reading order (above) */
    uint32_t colours[MAX_COLOURS];
    /* 0 = transparent, else 1 + index into colours; pixels[0] is the TOP row */
    uint8_t pixels[SPRITE_MAX_HEIGHT][SPRITE_MAX_WIDTH];
    int trim_left, trim_top; /* where the trimmed sprite was in the (prepared) picture */
    /* Prepared by --fit's colour plan (fit_reduce.h): the assignments of piece types to the
     * colours as cheap as the plan's (colour_plan.h), which the converter chooses among
     * (colour_assignment.h); 0: none planned. */
    int planned_ties;
    uint8_t planned_type[COLOUR_PLAN_ASSIGNMENTS][MAX_COLOURS]; /* enum piece_type */
    /* Where the converter prints it: columns right of centred (sprite_column); 0 unless it
     * chose another column (convert_run.c). */
    int shift;
};

/* The playfield column of the sprite's column 0 on a field `width` wide. */
static inline int sprite_column(const struct sprite *sprite, int width) {
    return sprite_first_column(width, sprite->width) + sprite->shift;
}

/* The pixels of row y (from the top). */
static inline int sprite_row_pixels(const struct sprite *sprite, int y) {
    int pixels = 0;
    for (int x = 0; x < sprite->width; x++)
        pixels += sprite->pixels[y][x] != 0;
    return pixels;
}

/* Colours named in the "too many colours" message before "...". */
#define SPRITE_LISTED_COLOURS 6

/* The sprite in `p`. On SPRITE_BAD_INPUT, `message` gets the first rule broken, in the
 * order above, ending with its hint; `out` is then all zero. The empty row is named as a
 * 0-based row of `p` counted from the top; the colours as #rrggbb in reading order (at most
 * SPRITE_LISTED_COLOURS, then "..."). */
enum sprite_status sprite_from_picture(const struct picture *p, const struct sprite_limits *limits,
                                       const struct fit_hints *hints, struct sprite *out,
                                       char *message, size_t message_size);

#endif
