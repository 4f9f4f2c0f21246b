/* The rules of what Tetris can print, applied to a picture (docs/design.md, "Converting"): it is
 * trimmed of its transparent borders, and must then have an opaque pixel, fit the caller's
 * limits, have no fully transparent row between opaque rows (nothing can rest above an
 * empty row) and at most limits.max_colours opaque colours, numbered in reading order. */
#ifndef TETRIS_CONVERT_SPRITE_RULES_H
#define TETRIS_CONVERT_SPRITE_RULES_H

#include "fit.h"
#include "picture.h"
#include "sprite.h"

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
