#include "base_choice.h"

#include "packing.h"
#include "table_pass.h"

#include <string.h>

#define MAX_BASES 20000 /* bounds the enumeration on the busiest rows */
/* Leftover pixels are estimated to need a pass of LATER_PASS_PIECES pieces besides their
 * own per PIXELS_PER_LATER_PASS pixels. */
#define PIXELS_PER_LATER_PASS 4
/* Both were measured on the default field. A pass packs rows as wide as the field, so its
 * pieces grow with the width; a wider row can't be printed in one pass, so each column
 * beyond the default field's may wait for a later one too. */
#define MAX_LEFT_FOR_LATER 2 /* pixels a base may leave to a later pass, on the default field */
#define LATER_PASS_PIECES 14 /* on the default field */

static int max_left_for_later(int width) {
    return MAX_LEFT_FOR_LATER + (width - FIELD_DEFAULT_WIDTH);
}

static int later_pass_pieces(int width) {
    return LATER_PASS_PIECES * width / FIELD_DEFAULT_WIDTH;
}
/* A 1-row matrix only holds I pieces lying on printed squares: on the sample sprites it
 * never packed, so it isn't tried. 2-row matrices rarely pack: their score carries a risk
 * so that only clearly better ones come before 3 rows and more. */
#define MIN_HEIGHT 2
#define TWO_ROW_RISK 6
/* Budgeted tries almost never pack larger matrices (measured on a random 65x128 sprite at
 * width 69: 2 of 1,612 options of 60 to 69 pieces, none larger), so they aren't searched.
 * Matrices of the default field hold fewer. */
#define MAX_SEARCHED_PIECES 56
/* At most this many searched options of one height, so that the list holds alternatives
 * when a whole family of similar bases fails. */
#define MAX_SAME_HEIGHT 6

/* Options sorted by score, ties in insertion order. */
struct ranking {
    struct base_choice items[BASE_CHOICE_SEARCHED];
    int count, max;
    int max_same_height; /* 0 for no limit */
};

struct enumeration {
    const struct row_state *row;
    const struct pattern_library *lib;
    struct pass_base current;
    bool taken[FIELD_MAX_WIDTH];
    int left_for_later, pending_pixels;
    long bases;
    struct ranking searched, sure;
};

static void remove_at(struct ranking *r, int at) {
    memmove(&r->items[at], &r->items[at + 1], (size_t)(r->count - at - 1) * sizeof r->items[0]);
    r->count--;
}

static void rank(struct ranking *r, const struct base_choice *choice) {
    if (r->max_same_height) {
        int same = 0, worst_same = -1;
        for (int i = 0; i < r->count; i++)
            if (r->items[i].height == choice->height) {
                same++;
                worst_same = i;
            }
        if (same >= r->max_same_height) { /* replace the worst of that height if better */
            if (r->items[worst_same].score <= choice->score)
                return;
            remove_at(r, worst_same);
        }
    }
    int at = r->count;
    while (at > 0 && r->items[at - 1].score > choice->score)
        at--;
    if (at >= r->max)
        return;
    if (r->count == r->max)
        r->count--;
    memmove(&r->items[at + 1], &r->items[at], (size_t)(r->count - at) * sizeof r->items[0]);
    r->items[at] = *choice;
    r->count++;
}

static int pixels_covered(const struct pass_base *base) {
    int n = 0;
    for (int i = 0; i < base->count; i++)
        n += base->pieces[i].flipped ? 3 : 1;
    return n;
}

static void score_base(struct enumeration *e) {
    const struct pass_base *base = &e->current;
    if (base->count == 0 || !pass_base_held(e->row, base))
        return;
    int left = e->pending_pixels - pixels_covered(base);
    int later = later_pass_pieces(e->row->width) *
                    ((left + PIXELS_PER_LATER_PASS - 1) / PIXELS_PER_LATER_PASS) +
                left;
    const struct pattern *emitter = table_pass_emitter(e->lib, base);
    if (emitter) {
        struct base_choice sure = {*base, emitter->start.height, emitter,
                                   base->count + emitter->pieces + later};
        rank(&e->sure, &sure);
    }
    int width = e->row->width, first = field_first_matrix_height(width, base->bottom_cells);
    for (int h = first; h <= first + 4 && h <= MATRIX_MAX_HEIGHT; h += 4) {
        int pieces = (width * h - base->bottom_cells) / 4;
        if (h < MIN_HEIGHT || pieces > MAX_SEARCHED_PIECES ||
            (emitter && h >= emitter->start.height))
            continue;
        int risk = h == 2 ? TWO_ROW_RISK : 0;
        struct base_choice choice = {*base, h, NULL, base->count + pieces + later + risk};
        rank(&e->searched, &choice);
    }
}

static void enumerate(struct enumeration *e, int c);

static void try_piece(struct enumeration *e, struct emitter_piece piece) {
    struct pass_base saved = e->current;
    int width = piece.flipped ? 3 : 1;
    if (pass_base_add(e->row, &e->current, piece)) {
        for (int k = 0; k < width; k++)
            e->taken[piece.column + k] = true;
        enumerate(e, piece.column + width);
        for (int k = 0; k < width; k++)
            e->taken[piece.column + k] = false;
    }
    e->current = saved;
}

/* Decides the pending pixels from column c on: a flipped piece starting there, a hanging
 * piece, or leaving the pixel to a later pass. */
static void enumerate(struct enumeration *e, int c) {
    while (c < e->row->width && (!row_pixel_pending(e->row, c) || e->taken[c]))
        c++;
    if (e->bases >= MAX_BASES)
        return;
    if (c == e->row->width) {
        e->bases++;
        score_base(e);
        return;
    }
    const uint8_t *want = e->row->want;
    if (row_pixel_pending(e->row, c + 1) && row_pixel_pending(e->row, c + 2) && !e->taken[c + 1] &&
        !e->taken[c + 2] && want[c + 1] == want[c] && want[c + 2] == want[c])
        try_piece(e, (struct emitter_piece){want[c], true, (int8_t)c});
    try_piece(e, (struct emitter_piece){want[c], false, (int8_t)c});
    if (e->left_for_later < max_left_for_later(e->row->width)) {
        e->left_for_later++;
        e->taken[c] = true;
        enumerate(e, c + 1);
        e->taken[c] = false;
        e->left_for_later--;
    }
}

int base_choices(const struct row_state *row, const struct pattern_library *lib,
                 struct base_choice out[BASE_CHOICE_MAX]) {
    static struct enumeration zero;
    struct enumeration e = zero;
    e.row = row;
    e.lib = lib;
    e.searched.max = BASE_CHOICE_SEARCHED;
    e.searched.max_same_height = MAX_SAME_HEIGHT;
    e.sure.max = BASE_CHOICE_SURE;
    for (int c = 0; c < row->width; c++)
        e.pending_pixels += row_pixel_pending(row, c);
    enumerate(&e, 0);
    /* The article's greedy base (up to 7 hanging pieces, left to right) may leave more
     * pixels than the enumeration does, but it always has a sure option. */
    int n = 0;
    for (int i = 0; i < e.searched.count; i++)
        if (e.sure.count == 0 || e.searched.items[i].score < e.sure.items[0].score)
            out[n++] = e.searched.items[i];
    for (int i = 0; i < e.sure.count; i++)
        out[n++] = e.sure.items[i];
    return n;
}
