/* Which piece type prints each colour of the sprite. Colours are piece types: in a script,
 * colour k is printed by colour_piece(k), J, T, L, I, O, S, Z for 1 to 7, and its colour
 * line lists them in that order ("-" for a type that prints nothing).
 *
 * The rule (--color-order fewest, the default): a sprite of up to 3 colours is printed by J,
 * T and L; with more colours, 3 of them go to J, T and L and the others to I, O, S and Z.
 * Of the assignments under which every pixel can be printed (src/convert/colours/colour_rules.h),
 * those giving I, O, S and Z the fewest pixels (then the fewest lone pixels) are kept, at most
 * ASSIGNMENT_TRIED of them; each is scored by the pieces its passes would take, estimated
 * by searching a pass for each row and for each band of 2 or 3 rows (assignment_estimate.h),
 * and ranked, the lowest first, ties going to the earlier assignment in reading order (the
 * first colour to J, the second to T, ...). The first is converted, and the next ones too
 * within a budget (ASSIGNMENT_CONVERTED): the script with the fewest pieces is kept.
 * For a sprite --fit's colour plan prepared (sprite.planned_ties), one choice by two
 * criteria: the colour cost first, the plan's (colour_plan.h), then the estimate of pieces:
 * only the assignments the plan found as cheap as its own are considered (each colour it
 * gave I, O, S or Z that type, J, T or L for each of the others, which the rules and so the
 * colour costs treat alike), kept and scored as above. Should none of them print every pixel
 * on this field (the plan was made for another: --width auto tries wider ones, where a lone
 * S or Z no longer leans on the edge), the choice is made as for any sprite.
 * --color-order reading keeps the reading order: colour k of the sprite, in the order the
 * colours first appear reading it row by row from the top left, is printed by
 * colour_piece(k). */
#ifndef TETRIS_CONVERT_COLOUR_ASSIGNMENT_H
#define TETRIS_CONVERT_COLOUR_ASSIGNMENT_H

#include "converter/pass_planner.h"
#include "converter/search_team.h"
#include "picture/sprite.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ASSIGNMENT_TRIED 6

/* The estimate ranks well, not perfectly: it scores each band alone, standing on a flat
 * platform. tetris-convert (convert_run.c) converts the sprite with the estimate's next
 * assignments too, up to ASSIGNMENT_CONVERTED in all, without estimating again: the next
 * one starts while the placements searched so far and as many as the first conversion's
 * stay within ASSIGNMENT_CONVERTED_PLACEMENTS, and stops there (about a second on two
 * cores for a 17x32 sprite). The script with the fewest pieces is kept, the earlier on a
 * tie. A small sprite is converted with all of them, a large one (an emoji, a photo) once.
 * On 1,000 random sprites (tests/bench-convert.sh): 574,128 -> 566,892 pieces. */
#define ASSIGNMENT_CONVERTED 3
#define ASSIGNMENT_CONVERTED_PLACEMENTS 9000000L

enum colour_order { COLOUR_ORDER_FEWEST, COLOUR_ORDER_READING };

struct colour_assignment {
    int count;                              /* the sprite's colours */
    uint8_t script_colour[MAX_COLOURS + 1]; /* sprite colour k (1-based) -> script colour */
};

/* The assignments considered, the estimate's first first. */
struct assignment_ranking {
    int count; /* 1 to ASSIGNMENT_TRIED (1 for reading order) */
    struct colour_assignment by_rank[ASSIGNMENT_TRIED];
};

enum assignment_status { ASSIGNMENT_OK, ASSIGNMENT_UNPRINTABLE, ASSIGNMENT_NO_MEMORY };

/* The first pixel that can't be printed (reading order): its place and why. */
struct unprintable_pixel {
    int x, y; /* in the sprite, y from the top */
    enum piece_type type;
    int run; /* the length of its run */
};

/* Whether every pixel of the sprite, centred on a field `width` wide, can be printed
 * (colour_rules.h) when sprite colour k (1-based) is printed by `printer[k]`; otherwise `why`
 * names the first pixel that can't. */
bool colour_assignment_holds(const struct sprite *sprite, int width,
                             const enum piece_type printer[], struct unprintable_pixel *why);

/* colour_assignment_holds for the pieces `a` gives the sprite's colours. */
bool colour_assignment_prints(const struct sprite *sprite, int width,
                              const struct colour_assignment *a);

/* Whether some assignment of the sprite's colours to piece types (as --color-order fewest
 * chooses among) can print every pixel; otherwise `message` says why, as
 * colour_assignment_rank does. */
bool colour_assignment_exists(const struct sprite *sprite, int width, char *message, size_t size);

/* Ranks the assignments for the sprite at its column on a field `width` wide, the one to use
 * first in out->by_rank[0]. The estimating searches are the passes' first searches, with the
 * run's seed and the passes' limits (the team remembers them for the conversion).
 * ASSIGNMENT_UNPRINTABLE: no assignment can print every pixel; `message` says why. */
enum assignment_status colour_assignment_rank(struct search_team *team, const struct sprite *sprite,
                                              int width, enum colour_order order, uint64_t seed,
                                              struct planner_limits limits,
                                              struct assignment_ranking *out, char *message,
                                              size_t size);

/* The sprite in the script's colours: pixels renumbered, colours listed in script order up to
 * the last used, BLOCK_NO_COLOUR for the types that print nothing. */
void colour_assignment_apply(const struct colour_assignment *a, const struct sprite *in,
                             struct sprite *out);

#endif
