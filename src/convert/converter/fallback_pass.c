#include "fallback_pass.h"

#include "colours/colour_rules.h"
#include "fallback_assembly.h"
#include "piece_block.h"
#include "tetromino.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- the units */

/* The nearest square of the target's row at or left of `column`, or -1. */
static int square_left_of(const struct target *row, int column) {
    for (int c = column; c >= 0; c--)
        if (row->square[0][c])
            return c;
    return -1;
}

/* The nearest square at or right of `column`, or -1. */
static int square_right_of(const struct target *row, int column) {
    for (int c = column; c >= 0 && c < row->width; c++)
        if (row->square[0][c])
            return c;
    return -1;
}

/* A run the colour rules let stand alone: its first unit (O, S: a pair from the left; Z: a
 * pair from the right, so that a lone one left over leans on it; S or Z alone: on the
 * field's edge; I: a four). */
static bool unit_alone(enum piece_type type, int a, int b, struct fallback_unit *u) {
    bool pair = b > a;
    switch (type) {
    case PIECE_O:
        u->kind = FALLBACK_UNIT_O;
        return true;
    case PIECE_S:
        u->kind = pair ? FALLBACK_UNIT_S_LYING : FALLBACK_UNIT_S_STANDING;
        return true;
    case PIECE_Z:
        u->kind = pair ? FALLBACK_UNIT_Z_LYING : FALLBACK_UNIT_Z_STANDING;
        u->column = pair ? b - 1 : a;
        return true;
    case PIECE_I:
        u->kind = FALLBACK_UNIT_I_LYING;
        return true;
    default: /* J, T and L: the library's single-square emitters */
        return false;
    }
}

/* The unit of the run of `type` pixels a..b that the squares already in the row let be
 * printed, if any, by the run's rule (colour_rules.h): what it needs must be squares now.
 * An I run of more than 4 gives a lying four from the side away from its support. */
static bool unit_of_run(const struct target *row, enum piece_type type, int a, int b,
                        struct fallback_unit *u) {
    int left = square_left_of(row, a - 1), right = square_right_of(row, b + 1);
    *u = (struct fallback_unit){.column = a, .pixels = b - a + 1, .left = -1, .right = -1};
    switch (colour_rules_run(type, a, b - a + 1, row->width)) {
    case RULE_ALONE:
        return unit_alone(type, a, b, u);
    case RULE_LEFT: /* a lone S: a square two columns left of it or further */
        u->kind = FALLBACK_UNIT_S_STANDING;
        u->left = square_left_of(row, a - 2);
        return u->left >= 0;
    case RULE_RIGHT:
        u->kind = FALLBACK_UNIT_Z_STANDING;
        u->right = square_right_of(row, b + 2);
        return u->right >= 0;
    case RULE_BOTH_SIDES:
        *u = (struct fallback_unit){FALLBACK_UNIT_I_STANDING, a, b - a + 1, left, right};
        return left >= 0 && right >= 0;
    case RULE_ONE_SIDE:
        u->kind = FALLBACK_UNIT_I_LYING;
        u->column = right >= 0 ? a : b - 3;
        return left >= 0 || right >= 0;
    case RULE_NEVER:
        break;
    }
    return false;
}

int fallback_pass_units(const struct target *row, struct fallback_unit units[]) {
    int n = 0;
    if (row->rows != 1)
        return 0;
    for (int a = 0, b; a < row->width; a = b + 1) {
        b = a;
        if (!target_pending(row, 0, a))
            continue;
        int8_t type = row->want[0][a];
        while (target_pending(row, 0, b + 1) && row->want[0][b + 1] == type)
            b++;
        if (unit_of_run(row, (enum piece_type)type, a, b, &units[n]))
            n++;
    }
    return n;
}

/* ---------------------------------------------------------------- the pass */

/* The unit's pass as the planner's passes are: its problem (matrix rows, pixels) and its
 * pieces. */
static void as_planned(const struct target *row, const struct fallback_unit *u,
                       const struct fallback_pass *pass, struct planned_pass *out) {
    int pixels = fallback_unit_pixels(u);
    pass_planner_problem(row, pass->rows, pixels, &out->problem);
    struct pass_packing *p = &out->packing;
    memset(p, 0, sizeof *p);
    p->count = pass->count;
    memcpy(p->pieces, pass->pieces, (size_t)pass->count * sizeof p->pieces[0]);
    p->printed = pixels;
    for (int c = u->column; c < u->column + pixels; c++)
        p->prints[0][c] = true;
}

/* Builds the pass's block and plays it on a copy of `pf`, as the planner's condition does
 * (pass_planner.h's planned_pass: the block and the field after it); false when it doesn't
 * play there, or out of memory. */
static bool plays(struct planned_pass *planned, const struct playfield *pf) {
    if (!piece_block_from_pass(&planned->packing, &planned->problem, &planned->block))
        return false;
    playfield_copy(&planned->after, pf);
    if (piece_block_play(&planned->block, &planned->after))
        return true;
    script_block_free(&planned->block);
    return false;
}

/* Whether each piece hanging into the row rests where the pass draws it: on what is under
 * its pixel, or on a square under one of its cells in the matrix's bottom row (the row's,
 * or a pixel a piece hanging before it printed). A pass that only the row below could hold
 * up, on a row with nothing there, would otherwise land lower as a whole, its pieces where
 * the block draws them relative to one another. */
static bool pass_held(const struct target *row, const struct fallback_pass *pass) {
    bool square[FIELD_MAX_WIDTH];
    memcpy(square, row->square[0], sizeof square);
    for (int k = 0; k < pass->count; k++) {
        struct placement p = pass->pieces[k];
        if (p.base >= 0)
            continue;
        const struct orientation *o = &ORIENTATIONS[p.orientation];
        bool held = false;
        for (int i = 0; i < o->width; i++) {
            int c = p.column + i;
            held = held || (o->bottom[i] == 0 ? row->under[c] : o->bottom[i] == 1 && square[c]);
        }
        if (!held)
            return false;
        for (int i = 0; i < o->width; i++)
            square[p.column + i] = square[p.column + i] || o->bottom[i] == 0;
    }
    return true;
}

struct candidate {
    struct fallback_unit unit;
    int pieces;
};

/* Fewest pieces first, then leftmost. */
static int compare_candidates(const void *a, const void *b) {
    const struct candidate *x = a, *y = b;
    if (x->pieces != y->pieces)
        return x->pieces - y->pieces;
    return x->unit.column - y->unit.column;
}

bool fallback_pass_next(const struct pattern_library *lib, const struct target *row,
                        const struct playfield *pf, struct planned_pass *out) {
    struct fallback_unit units[FALLBACK_MAX_UNITS];
    struct candidate candidates[FALLBACK_MAX_UNITS];
    struct fallback_pass *pass = malloc(sizeof *pass);
    if (!pass)
        return false;
    int units_found = fallback_pass_units(row, units), n = 0;
    for (int i = 0; i < units_found; i++)
        if (fallback_assemble(lib->fallback, row->width, &units[i], pass) && pass_held(row, pass))
            candidates[n++] = (struct candidate){units[i], pass->count};
    qsort(candidates, (size_t)n, sizeof candidates[0], compare_candidates);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        fallback_assemble(lib->fallback, row->width, &candidates[i].unit, pass);
        as_planned(row, &candidates[i].unit, pass, out);
        found = plays(out, pf);
    }
    free(pass);
    return found;
}
