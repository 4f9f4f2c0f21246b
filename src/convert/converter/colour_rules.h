/* What each piece type can print (emitters.h), row by row: the conditions a sprite must
 * meet for its colours to be printed by given piece types.
 *
 * J, T and L print any pixel alone (the library's single-square emitters prove it). The
 * others hang from the matrix by one side or print several pixels at once, and a matrix
 * needs squares of the row under it to stand on:
 *   - O prints two pixels side by side, so its colour's runs (maximal horizontal runs of
 *     one colour in a row) must have even lengths;
 *   - S and Z print a pair (lying), or one pixel (standing, the rest of the piece on the
 *     pixel's left for S, on its right for Z): the matrix on that side then has only the
 *     squares printed there to rest on, so a lone S needs a pixel of its row printed at
 *     least two columns to its left (or the sprite's edge of the field there), a lone Z one
 *     at least two columns to its right;
 *   - I prints four pixels lying, or one standing: a run of 4, 8, ... stands alone, any other
 *     run needs pixels of its row beside it to rest on, on both sides when shorter than 4,
 *     on one side otherwise.
 * A pixel that needs another is printable once that one is, and squares already printed
 * count as such. */
#ifndef TETRIS_CONVERT_COLOUR_RULES_H
#define TETRIS_CONVERT_COLOUR_RULES_H

#include "field.h"
#include "picture/sprite.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The first pixel that can't be printed (reading order): its place and why. */
struct unprintable_pixel {
    int x, y; /* in the sprite, y from the top */
    enum piece_type type;
    int run; /* the length of its run */
};

/* Whether every pixel of the sprite, centred on a field `width` wide, can be printed when
 * sprite colour k (1-based) is printed by `printer[k]`; otherwise `why` names the first pixel that
 * can't. */
bool colour_rules_hold(const struct sprite *sprite, int width, const enum piece_type printer[],
                       struct unprintable_pixel *why);

/* Whether the pixels of a playfield row still to print can all be printed: `type[c]` is the
 * piece type of the pixel at column c, -1 for none; `square[c]` says the row already holds a
 * square there. */
bool colour_rules_row_holds(int width, const int8_t type[], const bool square[]);

/* Says in words why the pixel can't be printed by its type, e.g. "O pieces print
 * horizontal pairs and it is in a run of 3". */
void colour_rules_reason(const struct unprintable_pixel *why, char *text, size_t size);

#endif
