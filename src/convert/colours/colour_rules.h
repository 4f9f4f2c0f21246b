/* What each piece type can print in a row (docs/design.md, "The game"): the one
 * home of these rules, used by the converter (which piece prints each colour, which passes
 * leave a row printable) and by the colour reduction (which colour each pixel can take).
 *
 * A row's pixels are held up only by the pieces that hang into it, and a matrix needs
 * squares of the row under it to stand on. J, T and L print any pixel alone (the library's
 * single-square emitters prove it). The others hang from the matrix by one side or print
 * several pixels at once; a run is a maximal horizontal run of pixels of one type:
 *   - O prints two pixels side by side, so its runs must have even lengths;
 *   - S and Z print a pair (lying), or one pixel (standing, the rest of the piece on the
 *     pixel's left for S, on its right for Z): the matrix on that side then has only the
 *     squares printed there to rest on, so a lone S needs a pixel of its row printed at
 *     least two columns to its left (or the field's edge there: column 2 or less), a lone Z
 *     one at least two columns to its right (or column W - 3 or more);
 *   - I prints four pixels lying, or one standing: a run of 4, 8, ... stands alone, any
 *     other run needs pixels of its row beside it to rest on, on both sides when shorter
 *     than 4, on one side otherwise.
 * A pixel that needs another is printable once that one is, and squares already printed
 * count as such. Rows are W columns of a field, W at most FIELD_MAX_WIDTH. */
#ifndef TETRIS_COLOUR_RULES_H
#define TETRIS_COLOUR_RULES_H

#include "field.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define COLOUR_RULES_MAX_WIDTH FIELD_MAX_WIDTH

/* What a run needs besides itself to be printed. */
enum colour_rule {
    RULE_ALONE,      /* nothing: J, T, L; an even O run; S and Z pairs; I fours */
    RULE_NEVER,      /* an O run of odd length */
    RULE_LEFT,       /* a printable pixel two or more columns left of it (a lone S) */
    RULE_RIGHT,      /* one two or more columns right of it (a lone Z) */
    RULE_BOTH_SIDES, /* printable pixels on both sides of the run (an I run shorter than 4) */
    RULE_ONE_SIDE,   /* one on either side (an I run longer than 4, not a multiple of 4) */
};

/* The rule of a run of `length` pixels of `type` starting at column `start` of a row
 * `width` wide (the position matters only to a lone S or Z, which can lean on the field's
 * edge). */
enum colour_rule colour_rules_run(enum piece_type type, int start, int length, int width);

/* The first pixel (leftmost) of a row that can't be printed, or -1: `type[c]` is the piece
 * type of the pixel at column c, -1 for none; `square[c]` says the row already holds a
 * square there (NULL: none). `run`, when not NULL, receives the length of its run. */
int colour_rules_first_unprintable(int width, const int8_t type[], const bool square[], int *run);

/* Whether every pixel of the row can be printed (colour_rules_first_unprintable < 0). */
bool colour_rules_row_holds(int width, const int8_t type[], const bool square[]);

/* Says in words why a pixel of `type` in a run of `run` can't be printed, e.g. "O pieces
 * print horizontal pairs, and it is in a run of 3". */
void colour_rules_reason(enum piece_type type, int run, char *text, size_t size);

/* ---------------------------------------------------------------- the cheapest colouring */

#define COLOUR_RULES_NO_COLOURING INT64_MAX

/* The working memory of colour_rules_cheapest_row (large: allocate it once, zeroed). */
#define COLOUR_RULES_STATES 864
struct colour_rules_workspace {
    int64_t cost[2][COLOUR_RULES_STATES];
    int16_t active[2][COLOUR_RULES_STATES];
    int active_count[2];
    int16_t from[COLOUR_RULES_MAX_WIDTH][COLOUR_RULES_STATES];
    int8_t colour[COLOUR_RULES_MAX_WIDTH][COLOUR_RULES_STATES];
    /* the transitions known for these types and width */
    int known_width, known_colours;
    enum piece_type known_type[PIECE_TYPES];
    int16_t step[COLOUR_RULES_STATES][PIECE_TYPES + 1];
};

/* The cheapest way to colour a row's pixels (no square printed yet) so that every one can
 * be printed: `pixel[c]` says column c holds one; it may take any of `colours` colours,
 * colour k printed by `type[k]` (distinct types), at `cost[c * colours + k]` (at most
 * INT64_MAX / (2 * width) each). Writes each pixel's colour into `colour[c]` (-1 where no
 * pixel) and returns the total, or COLOUR_RULES_NO_COLOURING when no colouring can be
 * printed (which takes a row without J, T and L). Of equal colourings, the same one every
 * time. */
int64_t colour_rules_cheapest_row(int width, const bool pixel[], int colours,
                                  const enum piece_type type[], const int64_t cost[],
                                  int8_t colour[], struct colour_rules_workspace *work);

#endif
