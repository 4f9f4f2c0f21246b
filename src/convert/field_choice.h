/* Which field tetris-convert prints on, the one home of that choice (field.h has the
 * rules it applies): --width and --height when given; otherwise, with --width auto, the
 * width of the --patterns library, or the default field when the sprite fits it, else the
 * smallest that does (or the next wider, when it prints the sprite in fewer pieces:
 * field_choice_parity_alternative); the height twice the width unless --height says; and
 * the columns tried besides centred (field_choice_shifts). What a picture is read within
 * and what --fit aims at follow from the same choice. */
#ifndef TETRIS_CONVERT_FIELD_CHOICE_H
#define TETRIS_CONVERT_FIELD_CHOICE_H

#include "convert_options.h"
#include "picture/fit_options.h"
#include "picture/sprite_limits.h"
#include "picture/sprite_rules.h"

#include <stdbool.h>
#include <stddef.h>

/* What a picture may be once prepared: the room of the field --width and --height give,
 * or with --width auto of the widest field (its height --height's when given). */
struct sprite_limits field_choice_limits(const struct convert_options *o);

/* What a picture is read within: field_choice_limits when it is fitted; otherwise any
 * sprite of the widest field (field_choice_for_sprite then says which field it needs). */
struct sprite_limits field_choice_read_limits(const struct convert_options *o);

/* The columns --fit prints a picture in unless told otherwise: the size that shows photos,
 * emoji and icons (tests/bench-fit-sizes.sh: more columns bring them little closer, and
 * cost time) and converts in seconds to a minute on two cores today. Pixel art that fits
 * the default field keeps to it (field_choice_fit_box). */
#define FIELD_CHOICE_FIT_WIDTH 33

/* The box --fit scales into: --max-width, else the width the field given (--width, or the
 * --patterns library's) prints, else FIELD_CHOICE_FIT_WIDTH columns; and the height that
 * goes with it; with none of these given, pixel art's box is the default field's. False,
 * with a message, when --max-width is wider than the field can print. */
bool field_choice_fit_box(struct convert_options *o, char *error, size_t size);

/* The field's width when it doesn't depend on the sprite: --width, or the width of the
 * --patterns library (read once by convert_options_parse); 0 when --width auto picks it for
 * the sprite. */
int field_choice_given_width(const struct convert_options *o);

/* The fitting options with the field the picture will be printed on (fit_options's
 * field_width and field_height), for the colour rules at the field's edges. */
struct fit_options field_choice_fit_options(const struct convert_options *o);

/* With --width auto and the real-time method, the sprite is converted on the field 2
 * columns wider than its own too, and the script with fewer pieces kept, when parity says
 * the wider may take a FIELD_CHOICE_PARITY_GAIN-th fewer pieces (convert_likely_pieces);
 * returns that width, or 0. The two widths are the two residues mod 4, and a row's pixel
 * count calls for other heights on each (parity.h): lone pixels take 3-row passes on one and
 * 5-row ones on the other (hubble_deep_field fitted 49 wide: 4,301 pieces on 51 columns,
 * 3,303 on 53). The estimate counts a pass a row, and bands and second passes make it miss
 * (a column of 33 pixels: 589 pieces on 23, 627 on 25), hence converting on both. */
#define FIELD_CHOICE_PARITY_GAIN 8
int field_choice_parity_alternative(const struct convert_options *o, const struct sprite *sprite,
                                    int width);

/* With the real-time method and unless --center, the sprite is converted at up to
 * FIELD_CHOICE_SHIFTS columns either side of centred as well, within the margins, and the
 * script with the fewest pieces kept (the centred one on a tie, then the nearer). Where a
 * row's pixels fall decides whether its passes pack at the fewest rows parity allows: a lone
 * L pixel in column 11 of the 21-wide field takes a 7-row pass, in columns 8 to 10 or 12 a
 * 3-row one. On the 21-wide sample sprites: 6,421 pieces with --center (which also
 * keeps the estimate's first colour assignment), 6,085 so. Writes the
 * shifts to try after the centred one (struct sprite's shift), the nearer first and the left
 * before the right, to shifts[]; returns their number.
 *
 * The next column is tried only while the placements searched so far and as many as the
 * centred conversion's stay within FIELD_CHOICE_SHIFT_PLACEMENTS (about 3 s on two cores):
 * a small sprite goes to all the columns, a large one (a 64x64 sprite, an emoji 48 wide,
 * dense noise) is converted once, as fast as centred. Placements are counted the same
 * whatever the threads, so the choice is too. */
#define FIELD_CHOICE_SHIFTS 2
#define FIELD_CHOICE_SHIFT_PLACEMENTS 20000000L
int field_choice_shifts(const struct convert_options *o, const struct sprite *sprite, int width,
                        int shifts[2 * FIELD_CHOICE_SHIFTS]);

/* The field for the sprite, into *width and *height. Returns the exit status (cli.h); on
 * failure one line was reported, naming `input` and the width that would fit, if any. */
int field_choice_for_sprite(const struct convert_options *o, const struct sprite *sprite,
                            const char *input, int *width, int *height);

/* With --width auto, a sprite whose conversion fails on its field (a row no way prints) is
 * converted again on the next wider fields that hold it, at most this many. */
#define FIELD_CHOICE_WIDER 2

/* The field to try after `width` failed (see FIELD_CHOICE_WIDER; `tries` made so far): the
 * next odd width that holds the sprite, its height --height's or the default, into *width
 * and *height; false when --width or --patterns fixed the width, or none is left. */
bool field_choice_wider(const struct convert_options *o, const struct sprite *sprite, int tries,
                        int *width, int *height);

#endif
