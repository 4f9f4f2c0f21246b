/* A colour plan: for a palette of at most 7 colours, which piece type prints each colour
 * and which colour each pixel of the picture takes, so that every row can be printed
 * (src/convert/colours/colour_rules.h). Colours are piece types (docs/design.md, "The game"): J, T
 * and L print any pixel, I, O, S and Z only what their shapes allow, so a
 * palette of more than 3 colours gives 3 of them to J, T and L and the others to I, O, S
 * and Z, and a pixel whose cheapest colour can't be printed where it is takes the
 * cheapest one that can.
 *
 * What a colour costs a pixel is the caller's (colour_costs_*): the distance in Oklab, or
 * for a repair, first whether the pixel changes. Among the assignments of piece types to
 * colours, colour_plan_assign keeps the one whose cheapest printable colouring costs least,
 * the rows coloured by colour_rules_cheapest_row, and says which others it found as cheap:
 * under them the plan's colours may print too, and which of them prints in fewest pieces is
 * the converter's choice (colour_assignment.h). */
#ifndef TETRIS_CONVERT_COLOUR_PLAN_H
#define TETRIS_CONVERT_COLOUR_PLAN_H

#include "colour_rules.h"
#include "picture/oklab.h"
#include "picture/picture.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

/* Cost units: one ΔE (black to white) is COLOUR_COST_SCALE; changing a pixel's colour in a
 * repair costs COLOUR_CHANGE_COST more, so that the fewest changes come first. */
#define COLOUR_COST_SCALE 100000
#define COLOUR_CHANGE_COST ((int64_t)1 << 32)

/* The assignments of piece types to 7 colours, 3 to J, T and L, the others to distinct
 * ones of I, O, S and Z: C(7, 3) * 4!. */
#define COLOUR_PLAN_ASSIGNMENTS 840

/* The picture as the plan sees it: its opaque pixels row by row, and where they land on the
 * field (the rules of the field's edges depend on it). */
struct colour_problem {
    int width, height;
    int field_width;
    int first_column; /* the field column of the picture's column 0 (may be negative) */
    long pixels;      /* opaque */
    long *row_start;  /* height + 1: row y's pixels are row_start[y] .. row_start[y + 1] - 1 */
    int *column;      /* each pixel's column in the picture */
    uint32_t *rgb;    /* each pixel's colour */
    struct oklab *colour;
    struct colour_rules_workspace *work;
};

/* The opaque pixels of `p`, printed on a field `field_width` wide (0: the width
 * sprite_field_width picks for the picture's opaque box, in a field `field_height` tall,
 * 0 for each width's default). False when memory runs out. */
bool colour_problem_init(struct colour_problem *problem, const struct picture *p, int field_width,
                         int field_height);
void colour_problem_free(struct colour_problem *problem);

struct colour_palette {
    int count;
    uint32_t rgb[PIECE_TYPES];
    struct oklab lab[PIECE_TYPES];
};

/* Adds a colour (its Oklab computed). */
void colour_palette_add(struct colour_palette *palette, uint32_t rgb);

/* The cost of showing colour y for colour x: their distance in cost units. */
int64_t colour_distance_cost(struct oklab x, struct oklab y);

/* What each colour costs each pixel: cost[pixel * palette count + colour]. The distance,
 * or (a repair) the distance plus COLOUR_CHANGE_COST unless the colour is `own[pixel]`. NULL
 * when memory runs out. */
int64_t *colour_costs_distance(const struct colour_problem *problem,
                               const struct colour_palette *palette);
int64_t *colour_costs_repair(const struct colour_problem *problem,
                             const struct colour_palette *palette, const uint8_t own[]);

struct colour_plan {
    struct colour_palette palette;
    enum piece_type type[PIECE_TYPES]; /* the piece type that prints each colour */
    /* The assignments found as cheap as `type` (the first of them), in the order tried: the
     * piece type (enum piece_type) each gives each colour. */
    int ties;
    uint8_t tied_type[COLOUR_PLAN_ASSIGNMENTS][PIECE_TYPES];
    uint8_t *label; /* each pixel's colour */
    int64_t cost;
    long repaired; /* pixels that don't have their cheapest colour */
};

/* How hard colour_plan_assign looks: QUICK scores every assignment by the colours' own
 * penalties (each colour given its type while the others print anything) and colours the
 * pixels under the few best; EXACT colours them under every assignment that those penalties
 * don't rule out, and so finds the cheapest (unless the picture is so large and so far from
 * printable that the search stops after a million pixels coloured by the rules: every
 * assignment of a 32 x 32 tile fits in that). */
enum colour_effort { COLOUR_QUICK, COLOUR_EXACT };

/* The plan for the palette: its types and each pixel's colour. False when memory runs out.
 * `plan` owns its labels (colour_plan_free). */
bool colour_plan_assign(const struct colour_problem *problem, const struct colour_palette *palette,
                        const int64_t cost[], enum colour_effort effort, struct colour_plan *plan);

/* Whether the pixels of row y coloured `label` can all be printed when colour k is printed
 * by type[k]. */
bool colour_plan_row_holds(const struct colour_problem *problem, int y, const uint8_t label[],
                           const enum piece_type type[]);

/* The cheapest colouring of row y when colour k is printed by type[k]: its cost above that of
 * the colours `nearest` (0 when those can be printed: they are kept), written into `label`
 * when not NULL; COLOUR_RULES_NO_COLOURING when there is none. */
int64_t colour_plan_row(const struct colour_problem *problem, int y, int colours,
                        const enum piece_type type[], const int64_t cost[], const uint8_t nearest[],
                        uint8_t label[]);

void colour_plan_free(struct colour_plan *plan);

#endif
