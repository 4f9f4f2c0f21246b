#include "pass_emitters.h"

#include "colours/colour_rules.h"
#include "rng.h"
#include "tetromino.h"

#include <string.h>

/* ------------------------------------------------------------------ cells of the target */

/* Target cells as the drop order sees them: filled (a square, or an emitter dropped) or not,
 * by row (depth - 1) and column. */
typedef bool target_cells[TARGET_MAX_ROWS][FIELD_MAX_WIDTH];

/* Whether the layer is the next pass's, a one-row pass over the target's top row after this
 * one. */
static bool is_next(const struct emitter_search *s, const struct layer *l) {
    return l == &s->next;
}

/* Whether the cell under the target's row at `depth` (1 .. its rows) is filled for the layer:
 * for the pass, what is under the target below its lowest row, else the row below as
 * `filled` has it; for the next pass, under the top row, that row's pixels (the pass prints
 * every pixel of the rows under its top row), or what is under a one-row target. */
static bool under_filled(const struct emitter_search *s, const struct layer *l, int depth,
                         int column, const target_cells filled) {
    int rows = s->t->rows;
    if (is_next(s, l))
        return rows == 1 ? s->t->under[column] : target_pixel(s->t, 1, column);
    return depth == rows ? s->t->under[column] : filled[depth][column];
}

/* An emitter rests when a cell under one of its columns' lowest cells is filled: in the
 * target (`filled`: squares, and the emitters dropped), under it, or, for a column in the
 * matrix, by the matrix's support rule (matrix_column_supports, nothing completed yet): a
 * column starting above row 0 stands on another emitter (which drops first: free_below). */
static bool rests(const struct emitter_search *s, const struct layer *l,
                  const struct chosen_emitter *e, const target_cells filled) {
    for (int i = 0; i < e->shape->width; i++) {
        int column = e->left + i, depth = emitter_lowest_depth(e->shape, i);
        if (depth > 0 ? under_filled(s, l, depth, column, filled)
                      : matrix_column_supports(e->shape->matrix_bottom[i], 0, filled[0][column]))
            return true;
    }
    return false;
}

/* Whether every emitter of the layer under emitter `i`'s cells has dropped: those with a
 * cell in the target under its lowest cell in a column, and those in the matrix rows under
 * a column of its starting above the bottom row. */
static bool free_below(const struct emitter_search *s, const struct layer *l, int i,
                       const bool dropped[]) {
    const struct chosen_emitter *e = &l->chosen[i];
    int rows = is_next(s, l) ? 1 : s->t->rows;
    for (int k = 0; k < e->shape->width; k++) {
        int column = e->left + k, depth = emitter_lowest_depth(e->shape, k);
        for (int d = depth + 1; d <= rows; d++) {
            int under = l->band_owner[d - 1][column];
            if (under >= 0 && under != i && !dropped[under])
                return false;
        }
        for (int r = 0; depth == 0 && r < e->shape->matrix_bottom[k]; r++) {
            int under = l->row_owner[column][r];
            if (under >= 0 && !dropped[under])
                return false;
        }
    }
    return true;
}

/* Marks the emitter's cells in the target as filled. */
static void fill_cells(const struct chosen_emitter *e, target_cells filled) {
    for (int k = 0; k < e->shape->width; k++)
        for (int d = 1; d <= TARGET_MAX_ROWS; d++)
            if (e->shape->band[k] >> (d - 1) & 1u)
                filled[d - 1][e->left + k] = true;
}

/* Orders the layer's emitters from `first` on so that each drops after everything under
 * it and rests on something (`filled`: the target's cells filled before them, updated);
 * the emitters before `first` have dropped. Writes them to `out` when not NULL and returns
 * how many could drop. Adding a square or an emitter never takes support away, and an
 * emitter drops only after those under it, so it never blocks one still to drop: dropping
 * every emitter that can drop, as long as one can, finds an order whenever there is one. */
static int order_layer(const struct emitter_search *s, const struct layer *l, int first,
                       target_cells filled, struct placement *out) {
    bool dropped[MAX_EMITTERS] = {false};
    for (int i = 0; i < first; i++)
        dropped[i] = true;
    int count = 0;
    for (bool progress = true; progress && count < l->chosen_count - first;) {
        progress = false;
        for (int i = first; i < l->chosen_count; i++) {
            const struct chosen_emitter *e = &l->chosen[i];
            if (dropped[i] || !free_below(s, l, i, dropped) || !rests(s, l, e, filled))
                continue;
            dropped[i] = progress = true;
            fill_cells(e, filled);
            if (out)
                out[count] = (struct placement){(uint8_t)e->shape->orientation, (uint8_t)e->left,
                                                (int8_t)-e->shape->depth};
            count++;
        }
    }
    return count;
}

/* The target's squares. */
static void squares_of(const struct emitter_search *s, target_cells filled) {
    for (int d = 0; d < s->t->rows; d++)
        memcpy(filled[d], s->t->square[d], (size_t)s->width * sizeof filled[d][0]);
}

/* Orders the open segment's emitters (order_layer) and appends them to the pieces; the
 * emitters of the segments before it have dropped. */
static bool order_emitters(struct emitter_search *s) {
    const struct layer *l = &s->now;
    target_cells filled;
    squares_of(s, filled);
    for (int i = 0; i < s->segment_first; i++)
        fill_cells(&l->chosen[i], filled);
    int count = order_layer(s, l, s->segment_first, filled, &s->pieces[s->count]);
    s->count += count;
    return count == l->chosen_count - s->segment_first;
}

/* Whether the next pass's emitters can all drop, after this pass has printed its pixels. */
static bool next_pass_drops(const struct emitter_search *s) {
    target_cells filled;
    for (int c = 0; c < s->width; c++)
        filled[0][c] = s->t->square[0][c] || s->now.filled[0][c];
    return order_layer(s, &s->next, 0, filled, NULL) == s->next.chosen_count;
}

/* True when the layer's columns first .. end - 1 are solid stacks (none of their cells
 * stands on nothing). */
static bool columns_solid(const struct layer *l, int first, int end) {
    for (int c = first < 0 ? 0 : first; c < end; c++)
        if (l->occupied[c] & (l->occupied[c] + 1)) /* a gap under an emitter's cell */
            return false;
    return true;
}

/* A column's stack as the pass's emitters leave it (solid: stacks_solid). */
static int emitter_stack(const struct emitter_search *s, int column) {
    return emitter_bits_reach(s->now.occupied[column]); /* solid: 1, 3, 7... */
}

/* The slab of columns first .. end - 1 as the emitters leave it, within the capacities;
 * the rest of the field holds `beside` rows full (matrix.h). The matrix stands on the
 * target's top row. */
static struct pass_slab slab_of(const struct emitter_search *s, int first, int end, int beside) {
    struct pass_slab slab = {.first = first};
    struct matrix *m = &slab.matrix;
    matrix_init(m, end - first, s->p->rows);
    m->beside = (uint8_t)beside;
    for (int c = first; c < end; c++) {
        m->stack[c - first] = (uint8_t)emitter_stack(s, c);
        m->capacity[c - first] = s->p->capacity[c];
        m->floor_support[c - first] = s->t->square[0][c] || s->now.filled[0][c];
    }
    return slab;
}

/* The open segment's emitters, then the slab of columns slab_start .. end - 1 packed over
 * them; the rest of the field holds `beside` rows full. PASS_NONE when that fails, with
 * the pieces as they were. */
static enum pass_result pack_slab(struct emitter_search *s, int end, int beside) {
    int count = s->count;
    enum pass_result r = PASS_NONE;
    if (order_emitters(s)) {
        struct pass_slab slab = slab_of(s, s->slab_start, end, beside);
        r = pass_matrix_pack(&s->matrix, &slab, s->width, s->pieces, &s->count);
    }
    if (r != PASS_FOUND)
        s->count = count;
    return r;
}

/* The rows the field holds full beside the last slab, from slab_start on: those of the
 * slabs packed (their lowest capacity), or all of the matrix's for a whole pass. */
static int rows_full_before(const struct emitter_search *s) {
    int beside = s->p->rows;
    for (int c = 0; c < s->slab_start; c++)
        beside = s->p->capacity[c] < beside ? s->p->capacity[c] : beside;
    return beside;
}

/* True when the emitters leave every column a solid stack (none stands on nothing). */
static bool stacks_solid(const struct emitter_search *s) {
    return columns_solid(&s->now, 0, s->width);
}

/* Whether the next pass's emitters, when the pixels left must be printable, stand on
 * something: solid stacks, and an order in which each drops. */
static bool next_pass_holds(const struct emitter_search *s) {
    return !s->p->leave_printable || (columns_solid(&s->next, 0, s->width) && next_pass_drops(s));
}

static enum pass_result end_slab_between(struct emitter_search *s, int first, int last, int hole);

/* Whether the pass is wide enough to be packed in slabs (pass_emitters.h). */
static bool packed_in_slabs(const struct emitter_search *s) {
    return s->width >= 2 * PASS_SLAB_MIN_WIDTH;
}

static enum pass_result after_emitters(struct emitter_search *s) {
    /* 4 * pieces = the matrix's cells + the pixels printed: a whole number of pieces. */
    bool whole = s->emitters_only || (s->capacity_cells + s->printed) % 4 == 0;
    if (s->printed < s->min_pixels || !whole || !stacks_solid(s) || !next_pass_holds(s))
        return PASS_NONE;
    if (s->emitters_only) { /* a better set of emitters: look for one better still */
        int count = s->count;
        bool ordered = order_emitters(s);
        s->count = count;
        if (ordered) {
            s->most_printed = s->printed;
            s->min_pixels = s->printed + 1;
        }
        return PASS_NONE;
    }
    enum pass_result r = pack_slab(s, s->width, rows_full_before(s));
    if (r != PASS_NONE || !packed_in_slabs(s) || s->width - s->slab_start <= PASS_SLAB_MAX_WIDTH)
        return r;
    /* The columns past the last hole in one slab failed (wide, they seldom pack: a pass
     * printing one pixel near an edge of a wide field would go to the library): in slabs.
     * Only then: tried first, slabs cost fitted pictures on wide fields more pieces. */
    return end_slab_between(s, s->holes[s->hole_count - 1].column + 1, s->width, s->hole_count);
}

/* Whether the cell under a column's lowest cell at `depth` (0: in the matrix's bottom row)
 * could be filled once the layer's emitters drop: a square there, a pixel a pass may print
 * first, or what is under the target. */
static bool could_be_filled(const struct emitter_search *s, const struct layer *l, int depth,
                            int column) {
    int rows = is_next(s, l) ? 1 : s->t->rows;
    if (depth == rows) {
        static const target_cells none; /* under the band: no emitter's cell is read */
        return under_filled(s, l, depth, column, none);
    }
    return s->t->square[depth][column] || target_pending(s->t, depth, column);
}

/* Whether the emitter could rest on anything once dropped (or, hanging from its corner, on
 * another emitter). Those that can't are not tried. */
static bool could_rest(const struct emitter_search *s, const struct layer *l,
                       const struct emitter_shape *shape, int left) {
    for (int i = 0; i < shape->width; i++) {
        int depth = emitter_lowest_depth(shape, i);
        if ((depth == 0 && shape->matrix_bottom[i] > 0) || could_be_filled(s, l, depth, left + i))
            return true;
    }
    return false;
}

/* Whether an emitter of a segment packed already is over the target's cell at `depth`:
 * it dropped before the open segment's emitters, so none of them may reach under it. */
static bool sealed_over(const struct emitter_search *s, int depth, int column) {
    int first = s->segment_first, owner = s->now.row_owner[column][0];
    bool sealed = owner >= 0 && owner < first;
    for (int d = 1; d < depth && !sealed; d++) {
        owner = s->now.band_owner[d - 1][column];
        sealed = owner >= 0 && owner < first;
    }
    return sealed;
}

/* Whether a cell of the target takes an emitter of `type`: a pixel of that type that neither
 * pass fills yet. */
static bool cell_free_for(const struct emitter_search *s, int depth, int column,
                          enum piece_type type) {
    return s->t->want[depth - 1][column] == (int8_t)type && !s->now.filled[depth - 1][column] &&
           !s->next.filled[depth - 1][column];
}

/* Whether the emitter can go into the layer (the pass's or the next pass's) with its box's
 * left column at `left`: each cell in the target on a pixel of its type neither pass fills
 * yet, its matrix cells free and within the capacities (the next pass's are any an emitter
 * needs), and for the pass, inside the open segment and under no emitter dropped before. */
static bool emitter_fits(const struct emitter_search *s, const struct layer *l,
                         const struct emitter_shape *shape, int left) {
    bool now = !is_next(s, l);
    if (left < (now ? s->slab_start : 0) || left + shape->width > s->width)
        return false;
    enum piece_type type = ORIENTATIONS[shape->orientation].type;
    for (int i = 0; i < shape->width; i++) {
        int column = left + i;
        if (s->p->plain_emitters && shape->matrix_bottom[i] > 0)
            return false;
        for (int d = 1; d <= shape->depth; d++)
            if (shape->band[i] >> (d - 1) & 1u &&
                (!cell_free_for(s, d, column, type) || (now && sealed_over(s, d, column))))
                return false;
        if ((now && shape->matrix_top[i] > s->p->capacity[column]) ||
            (l->occupied[column] & shape->matrix_rows[i]))
            return false;
    }
    return could_rest(s, l, shape, left);
}

static void add_emitter(struct layer *l, const struct emitter_shape *shape, int left, bool on) {
    int16_t owner = on ? (int16_t)l->chosen_count : -1;
    for (int i = 0; i < shape->width; i++) {
        int column = left + i;
        l->occupied[column] ^= shape->matrix_rows[i];
        for (int r = shape->matrix_bottom[i]; r < shape->matrix_top[i]; r++)
            l->row_owner[column][r] = owner;
        for (int d = 1; d <= shape->depth; d++)
            if (shape->band[i] >> (d - 1) & 1u) {
                l->filled[d - 1][column] = on;
                l->band_owner[d - 1][column] = owner;
            }
    }
    if (on)
        l->chosen[l->chosen_count++] = (struct chosen_emitter){shape, left};
    else
        l->chosen_count--;
}

static enum pass_result choose_emitters(struct emitter_search *s, int hole);

/* The cell of the matrix's bottom row a J or L hanging from its corner at `left` stands on,
 * when no emitter fills it yet: its column, else -1. */
static int corner_gap(const struct layer *l, const struct emitter_shape *shape, int left) {
    for (int i = 0; i < shape->width; i++)
        if (shape->matrix_bottom[i] > 0 && !(l->occupied[left + i] & 1u))
            return left + i;
    return -1;
}

/* Whether a prop with its box's left column at `left` lies over no pixel still to print
 * (whose emitter would need the cell above it); emitter_fits checks the rest. */
static bool prop_over_no_pixel(const struct emitter_search *s, const struct emitter_shape *prop,
                               int left) {
    for (int i = 0; i < prop->width; i++)
        if (target_pending(s->t, 0, left + i))
            return false;
    return true;
}

/* The gap under a J or L hanging from its corner filled by a prop lying on the squares
 * (emitters.h), dropped before it, then the holes after `hole`; each prop and place in
 * turn. PASS_NONE at once when there is no gap or the target has several rows. */
static enum pass_result with_prop(struct emitter_search *s, struct layer *l, int hole, int gap) {
    if (gap < 0 || s->t->rows != 1)
        return PASS_NONE;
    const struct emitter_shape *props;
    int count = emitter_prop_shapes(&props);
    for (int k = 0; k < count; k++)
        for (int i = 0; i < props[k].width; i++) {
            int left = gap - i;
            if (!(props[k].matrix_rows[i] & 1u) || !prop_over_no_pixel(s, &props[k], left) ||
                !emitter_fits(s, l, &props[k], left))
                continue;
            add_emitter(l, &props[k], left, true);
            enum pass_result r = choose_emitters(s, hole + 1);
            if (r == PASS_FOUND)
                return r;
            add_emitter(l, &props[k], left, false);
            if (r == PASS_TIMEOUT)
                return r;
        }
    return PASS_NONE;
}

/* The emitters of the layer anchored on the hole (emitters.h), in a random order drawn as
 * they are tried: each is given the hole, then the holes after it. The next pass's are a
 * one-row pass's. */
static enum pass_result try_emitters(struct emitter_search *s, struct layer *l, int hole) {
    struct hole h = s->holes[hole];
    int type = s->t->want[h.depth - 1][h.column];
    const struct emitter_shape *shapes = s->shapes[type];
    int shape_count = s->shape_count[type][is_next(s, l)];
    const struct emitter_shape *fitting[EMITTER_SHAPES];
    int count = 0;
    for (int k = 0; k < shape_count; k++)
        if (shapes[k].first_depth == h.depth &&
            emitter_fits(s, l, &shapes[k], h.column - shapes[k].first_emit))
            fitting[count++] = &shapes[k];
    for (int i = 0; i < count; i++) {
        int j = i + (int)rng_below(&s->try.rng, (uint32_t)(count - i));
        const struct emitter_shape *shape = fitting[j];
        fitting[j] = fitting[i];
        int left = h.column - shape->first_emit;
        add_emitter(l, shape, left, true);
        int squares = is_next(s, l) ? 0 : shape->squares;
        s->printed += squares;
        s->left += shape->squares - squares;
        enum pass_result r = PASS_NONE;
        if (s->hole_count - s->left >= s->min_pixels) {
            /* A gap left of the hole stays one: the emitter's own cells wall it off from
             * the emitters still to come. */
            int gap = is_next(s, l) ? -1 : corner_gap(l, shape, left);
            if (gap < 0 || gap > h.column)
                r = choose_emitters(s, hole + 1);
            if (r == PASS_NONE && gap >= 0)
                r = with_prop(s, l, hole, gap);
        }
        s->printed -= squares;
        s->left -= shape->squares - squares;
        if (r == PASS_FOUND)
            return r;
        add_emitter(l, shape, left, false);
        if (r == PASS_TIMEOUT)
            return r;
    }
    return PASS_NONE;
}

/* Whether the pass may leave the hole's pixel for a later pass: on a target of several rows,
 * only a pixel of its top row with a pixel under it (the pass prints the rows under its top
 * row whole, and the row left must stand on them); when what it leaves must be reachable from
 * the row above (pass_problem.leave_reachable), only a pixel of its top row that is. */
static bool may_leave(const struct emitter_search *s, struct hole h) {
    if (s->p->leave_reachable && (h.depth != 1 || !s->p->reachable[h.column]))
        return false;
    return s->t->rows == 1 || (h.depth == 1 && target_pixel(s->t, 1, h.column));
}

/* The hole given each emitter anchored on it, or left for a later pass, then the holes
 * after it. When the pixels left must be printable by one more pass, a pixel left is given
 * an emitter of that pass. */
static enum pass_result fill_hole(struct emitter_search *s, int hole) {
    enum pass_result r = try_emitters(s, &s->now, hole);
    if (r != PASS_NONE || !may_leave(s, s->holes[hole]))
        return r;
    if (s->p->leave_printable)
        return try_emitters(s, &s->next, hole);
    /* Leave the pixel for a later pass, if the pass can still print enough. */
    if (s->hole_count - (s->left + 1) < s->min_pixels)
        return PASS_NONE;
    s->left++;
    r = choose_emitters(s, hole + 1);
    s->left--;
    return r;
}

/* Whether the open segment can end before column `end` as a slab: wide enough, leaving a
 * last slab wide enough, its emitters' stacks solid (nothing after it can fill a gap under
 * them), and a multiple of 4 empty cells in it. */
static bool slab_can_end(const struct emitter_search *s, int end) {
    if (end - s->slab_start < PASS_SLAB_MIN_WIDTH || s->width - end < PASS_SLAB_MIN_WIDTH)
        return false;
    int empty = 0;
    for (int c = s->slab_start; c < end; c++)
        empty += s->p->capacity[c] - emitter_stack(s, c);
    return empty % 4 == 0 && stacks_solid(s);
}

/* The rows the field holds full beside a slab ending before column `end` while the last
 * slab is still to pack: the lowest stack after it (the slabs before it are full). */
static int rows_full_after(const struct emitter_search *s, int end) {
    int beside = rows_full_before(s);
    for (int c = end; c < s->width; c++)
        beside = emitter_stack(s, c) < beside ? emitter_stack(s, c) : beside;
    return beside;
}

/* Ends the open segment before column `end` and packs its slab, then goes on with the hole
 * in a new segment; undone when that fails. */
static enum pass_result end_slab(struct emitter_search *s, int end, int hole) {
    int start = s->slab_start, first = s->segment_first, count = s->count;
    enum pass_result r = pack_slab(s, end, rows_full_after(s, end));
    if (r != PASS_FOUND)
        return r;
    s->slab_start = end;
    s->segment_first = s->now.chosen_count;
    r = choose_emitters(s, hole);
    if (r != PASS_FOUND) {
        s->slab_start = start;
        s->segment_first = first;
        s->count = count;
    }
    return r;
}

/* The slabs that can end before column `last` + 1, from column `first` on, each packed and
 * followed by the holes from `hole` on; PASS_NONE when none leads to a pass. */
static enum pass_result end_slab_between(struct emitter_search *s, int first, int last, int hole) {
    for (int end = first > s->slab_start ? first : s->slab_start; end <= last; end++) {
        if (!slab_can_end(s, end))
            continue;
        enum pass_result r = end_slab(s, end, hole);
        if (r != PASS_NONE)
            return r;
    }
    return PASS_NONE;
}

/* Whether the open segment's columns before `end`, which no emitter still to choose can
 * reach, can still be packed: every run of them that is not full, between full columns (or
 * the segment's start) and ended by a full column, holds a multiple of 4 empty cells. No
 * piece of the matrix crosses a full column, so phase 2 could never pack such a run
 * (matrix_regions_ok); a slab ending inside it needs both its parts whole, so their sum too.
 * Checked as soon as the run is settled, a try backtracks to the emitters that made it
 * instead of spending its placements on the holes to its right: on wide rows where many
 * standing I pieces fill whole columns of a short matrix, the runs between them are each
 * whole only by chance, and a try whose first run isn't never found a pass. */
static bool settled_runs_whole(const struct emitter_search *s, int end) {
    int run = 0;
    for (int c = s->slab_start; c < end; c++) {
        int empty = s->p->capacity[c] - emitter_stack(s, c);
        if (empty == 0 && run % 4 != 0)
            return false;
        run = empty == 0 ? 0 : run + empty;
    }
    return true;
}

/* Whether column c (any int) of the open segment walls a run of empty columns in: no piece
 * of phase 2 has cells both in it and in row 0 beside it. A side of the segment or the field,
 * a full column, or one whose stack is 3 high or more (only a standing I spans 4 rows). */
static bool walls_off(const struct emitter_search *s, int c) {
    if (c < s->slab_start || c >= s->width)
        return true;
    int stack = emitter_stack(s, c);
    return stack >= 3 || stack == s->p->capacity[c];
}

/* Whether column c's matrix starts empty on nothing: no emitter's cell in it, and no square
 * under it in the emission row (one left for later, or no pixel there). */
static bool empty_on_nothing(const struct emitter_search *s, int c) {
    return emitter_stack(s, c) == 0 && s->p->capacity[c] > 0 && !s->t->square[0][c] &&
           !s->now.filled[0][c];
}

/* Whether the open segment's columns before `end`, which no emitter still to choose can
 * reach, hold no well phase 2 could never fill: a run of columns empty on nothing between
 * walls (walls_off). The first piece into such a run would rest on its row 0, so lie in the
 * run, where no column supports it (matrix.h: a stack above the completed rows, or a square
 * under it), or reach a wall, which no piece but a standing I spans. Wide rows make such
 * wells all the time, a pixel left for later between two standing I pieces (an S beside an
 * I can't print until the I has: "IISII"), or the sprite's margin beside one; a try
 * backtracks to the emitters that made them instead of spending its placements on the holes
 * to their right. */
static bool settled_wells_fillable(const struct emitter_search *s, int end) {
    for (int c = s->slab_start; c < end; c++) {
        if (!empty_on_nothing(s, c))
            continue;
        int last = c;
        while (last + 1 < end && empty_on_nothing(s, last + 1))
            last++;
        if (last + 1 < end && walls_off(s, c - 1) && walls_off(s, last + 1))
            return false;
        c = last;
    }
    return true;
}

/* Whether the pixels the pass leaves in the columns before `end`, which no emitter still to
 * choose can reach, may leave the row printable (colour_rules.h): on a one-row target with
 * pixels the library can't print, the planner takes no pass that leaves the row
 * unprintable (pass_planner.c). The columns from `end` on count as printed, which only gives
 * the pixels before them more support, and a run of pixels touching `end` may still grow:
 * only a run ending before it that no more squares could print is given up. Wide rows of
 * photos leave such runs all the time, a lone O of a run of them or an I without pixels on
 * both sides, and every pass found there failed the planner's condition. */
static bool settled_row_printable(const struct emitter_search *s, int end) {
    if (!s->colour_rules)
        return true;
    int8_t type[FIELD_MAX_WIDTH];
    bool square[FIELD_MAX_WIDTH];
    for (int c = 0; c < s->width; c++) {
        bool settled = c < end, filled = s->now.filled[0][c];
        type[c] = settled && !filled ? s->t->want[0][c] : (int8_t)TARGET_NONE;
        square[c] = !settled || filled || s->t->square[0][c];
    }
    int run = 0, first = colour_rules_first_unprintable(s->width, type, square, &run);
    return first < 0 || first + run >= end;
}

/* Whether some layer fills the hole already. */
static bool hole_filled(const struct emitter_search *s, struct hole h) {
    return s->now.filled[h.depth - 1][h.column] || s->next.filled[h.depth - 1][h.column];
}

/* The holes from `hole` on, each given an emitter or left; in a pass wider than a slab, the
 * open segment may end before a hole, its slab packed. */
static enum pass_result choose_emitters(struct emitter_search *s, int hole) {
    /* The columns no emitter can reach any more, past those of the hole before: a gap under
     * an emitter's cell there (a J or L hanging from its corner over nothing) stays. */
    int settled = hole > 0 ? s->holes[hole - 1].column - EMITTER_REACH : 0;
    while (hole < s->hole_count && hole_filled(s, s->holes[hole]))
        hole++;
    if (hole == s->hole_count)
        return after_emitters(s);
    int column = s->holes[hole].column;
    if (!columns_solid(&s->now, settled, column - EMITTER_REACH) ||
        !columns_solid(&s->next, settled, column - EMITTER_REACH) ||
        (!s->emitters_only && (!settled_runs_whole(s, column - EMITTER_REACH) ||
                               !settled_wells_fillable(s, column - EMITTER_REACH) ||
                               !settled_row_printable(s, column - EMITTER_REACH))))
        return PASS_NONE;
    if (search_try_spend(&s->try))
        return PASS_TIMEOUT;
    if (!s->emitters_only && packed_in_slabs(s)) {
        /* The open segment may end before the hole, after the previous one. */
        int after = hole > 0 ? s->holes[hole - 1].column + 1 : 0;
        enum pass_result r = end_slab_between(s, after, column, hole);
        if (r != PASS_NONE)
            return r;
    }
    return fill_hole(s, hole);
}

void pass_emitters_packing(const struct emitter_search *s, struct pass_packing *out) {
    out->count = s->count;
    memcpy(out->pieces, s->pieces, (size_t)s->count * sizeof s->pieces[0]);
    out->printed = 0;
    memset(out->prints, 0, sizeof out->prints);
    for (int k = 0; k < s->hole_count; k++) {
        struct hole h = s->holes[k];
        if (s->now.filled[h.depth - 1][h.column]) {
            out->prints[h.depth - 1][h.column] = true;
            out->printed++;
        }
    }
}

void pass_emitters_init(struct emitter_search *s, const struct pass_problem *p,
                        struct dead_cache *cache) {
    static struct emitter_search zero;
    *s = zero;
    s->matrix = (struct pass_matrix_search){.try = &s->try, .cache = cache};
    s->p = p;
    s->t = &p->target;
    s->width = p->target.width;
    for (int c = 0; c < s->width; c++)
        for (int depth = s->t->rows; depth >= 1; depth--)
            if (target_pending(s->t, depth - 1, c))
                s->holes[s->hole_count++] = (struct hole){(int8_t)c, (int8_t)depth};
    for (int type = 0; type < PIECE_TYPES; type++) {
        s->shape_count[type][0] = emitter_shapes_of(type, s->t->rows, &s->shapes[type]);
        s->shape_count[type][1] = emitter_shapes_of(type, 1, &s->shapes[type]);
    }
    s->min_pixels = p->min_pixels > 1 ? p->min_pixels : 1;
    s->colour_rules = s->t->rows == 1 && target_pending_beyond_library(s->t);
    for (int c = 0; c < s->width; c++)
        s->capacity_cells += p->capacity[c];
    struct layer *layers[2] = {&s->now, &s->next};
    for (int k = 0; k < 2; k++) {
        memset(layers[k]->band_owner, -1, sizeof layers[k]->band_owner);
        memset(layers[k]->row_owner, -1, sizeof layers[k]->row_owner);
    }
}

enum pass_result pass_emitters_try(struct emitter_search *s) {
    return choose_emitters(s, 0);
}

int pass_emitters_most_printed(struct emitter_search *s, long budget) {
    s->emitters_only = true;
    s->min_pixels = 1;
    s->try.limit = budget;
    if (s->hole_count > 0)
        choose_emitters(s, 0);
    return s->most_printed;
}
