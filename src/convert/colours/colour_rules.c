/* The colour rules (see colour_rules.h): each run's rule, the check of a row, and the
 * cheapest printable colouring of a row. */
#include "colour_rules.h"

#include <stdio.h>
#include <string.h>

#define I_RUN 4 /* a lying I prints this many */

enum colour_rule colour_rules_run(enum piece_type type, int start, int length, int width) {
    switch (type) {
    case PIECE_O:
        return length % 2 == 0 ? RULE_ALONE : RULE_NEVER;
    case PIECE_S: /* standing, it rests on the matrix on its left, columns 0..start-1 */
        return length >= 2 || start - 2 <= 0 ? RULE_ALONE : RULE_LEFT;
    case PIECE_Z:
        return length >= 2 || start + 2 >= width - 1 ? RULE_ALONE : RULE_RIGHT;
    case PIECE_I:
        return length % I_RUN == 0 ? RULE_ALONE : length < I_RUN ? RULE_BOTH_SIDES : RULE_ONE_SIDE;
    default:
        return RULE_ALONE;
    }
}

/* ---------------------------------------------------------------- the check */

/* One playfield row as the rules see it: each column's pixel still to print (its type and
 * run), the squares already there, and whether each pixel is known printable yet. */
struct row_rules {
    int width;
    bool pending[COLOUR_RULES_MAX_WIDTH], square[COLOUR_RULES_MAX_WIDTH],
        printable[COLOUR_RULES_MAX_WIDTH];
    enum piece_type type[COLOUR_RULES_MAX_WIDTH];
    int run_start[COLOUR_RULES_MAX_WIDTH], run_end[COLOUR_RULES_MAX_WIDTH];
};

/* A square there, or a pixel known printable, in columns from..to. */
static bool support_in(const struct row_rules *r, int from, int to) {
    for (int c = from < 0 ? 0 : from; c <= to && c < r->width; c++)
        if (r->square[c] || (r->pending[c] && r->printable[c]))
            return true;
    return false;
}

/* Whether the pixel can be printed, given the pixels already known printable. */
static bool can_print(const struct row_rules *r, int c) {
    int a = r->run_start[c], b = r->run_end[c];
    switch (colour_rules_run(r->type[c], a, b - a + 1, r->width)) {
    case RULE_ALONE:
        return true;
    case RULE_NEVER:
        return false;
    case RULE_LEFT:
        return support_in(r, 0, a - 2);
    case RULE_RIGHT:
        return support_in(r, b + 2, r->width - 1);
    case RULE_BOTH_SIDES:
        return support_in(r, 0, a - 1) && support_in(r, b + 1, r->width - 1);
    case RULE_ONE_SIDE:
        return support_in(r, 0, a - 1) || support_in(r, b + 1, r->width - 1);
    }
    return false;
}

static void find_runs(struct row_rules *r) {
    for (int c = 0; c < r->width; c++)
        if (r->pending[c])
            r->run_start[c] = c > 0 && r->pending[c - 1] && r->type[c - 1] == r->type[c]
                                  ? r->run_start[c - 1]
                                  : c;
    for (int c = r->width - 1; c >= 0; c--)
        if (r->pending[c])
            r->run_end[c] = c + 1 < r->width && r->pending[c + 1] && r->type[c + 1] == r->type[c]
                                ? r->run_end[c + 1]
                                : c;
}

int colour_rules_first_unprintable(int width, const int8_t type[], const bool square[], int *run) {
    struct row_rules r;
    memset(&r, 0, sizeof r);
    r.width = width;
    for (int c = 0; c < width; c++) {
        r.pending[c] = type[c] >= 0;
        r.type[c] = type[c] >= 0 ? (enum piece_type)type[c] : PIECE_T;
        r.square[c] = square && square[c];
    }
    find_runs(&r);
    for (bool grew = true; grew;) {
        grew = false;
        for (int c = 0; c < width; c++)
            if (r.pending[c] && !r.printable[c] && can_print(&r, c))
                r.printable[c] = grew = true;
    }
    for (int c = 0; c < width; c++)
        if (r.pending[c] && !r.printable[c]) {
            if (run)
                *run = r.run_end[c] - r.run_start[c] + 1;
            return c;
        }
    return -1;
}

bool colour_rules_row_holds(int width, const int8_t type[], const bool square[]) {
    return colour_rules_first_unprintable(width, type, square, NULL) < 0;
}

void colour_rules_reason(enum piece_type type, int run, char *text, size_t size) {
    switch (type) {
    case PIECE_O:
        snprintf(text, size, "O pieces print horizontal pairs, and it is in a run of %d", run);
        break;
    case PIECE_S:
        snprintf(text, size,
                 "an S piece printing a lone pixel needs another pixel of its row two or more "
                 "columns to its left, and it has none");
        break;
    case PIECE_Z:
        snprintf(text, size,
                 "a Z piece printing a lone pixel needs another pixel of its row two or more "
                 "columns to its right, and it has none");
        break;
    default:
        snprintf(text, size,
                 "an I piece printing a run of %d needs other pixels of its row beside the run "
                 "(on both sides when shorter than 4), and it has none there",
                 run);
        break;
    }
}

/* ---------------------------------------------------------------- the cheapest colouring
 *
 * Which rows of pixels (no squares) the check above accepts, said so that a row can be
 * read once from left to right. Everything a run needs is a printable pixel somewhere to
 * one side, so what is printable grows outwards from the runs that stand alone: a row is
 * printable exactly when
 *   1. no run's rule is RULE_NEVER and some run stands alone (RULE_ALONE);
 *   2. each RULE_LEFT run has a pixel two or more columns to its left, each RULE_RIGHT run
 *      one two or more columns to its right, each RULE_BOTH_SIDES run pixels on both sides
 *      (RULE_ONE_SIDE runs then always have a printable pixel on one side);
 *   3. and the row is not exactly a lone Z, a lone pixel standing alone and a lone S in
 *      three neighbouring columns, each of the two waiting for the other.
 * (Pixels left of the leftmost run standing alone are printable once something to their
 * right is: a lone Z or a long I, one by one outwards; a lone Z right next to the only
 * pixel standing alone needs something printed right of that pixel, which only a lone S
 * right next to it on the other side can fail to give. The tests compare this with the
 * check on every short row.) Rows of at most 3 pixels are tried colouring by colouring
 * with the check itself; longer ones by dynamic programming over the columns, whose state
 * is the run being read (its colour and its length, as much of it as the rules need),
 * whether there are pixels before it (none, only in the column just before, or further),
 * whether a run already closed still waits for a pixel further right, and whether some run
 * stood alone. */

#define BRUTE_FORCE_PIXELS 3

enum before { BEFORE_NONE, BEFORE_NEXT_TO, BEFORE_FAR };

/* A run's length as much as its rule and the runs after it need: O 1 or 2 (odd or even: an
 * odd run is never closed); the others 1 or 2 (one pixel or more), but I 1 to 4 as they
 * are, then 5 to 8 for lengths 5, 6, 7, 8, 9 (= 5), ... */
static int next_length(enum piece_type type, int length) {
    switch (type) {
    case PIECE_O:
        return 3 - length;
    case PIECE_I:
        return length == 8 ? 5 : length + 1;
    default:
        return 2;
    }
}

struct dp_state {
    int colour;         /* of the run being read, -1: the last column read had no pixel */
    int length;         /* as next_length counts it */
    enum before before; /* pixels before the run; without a run, before the next column */
    bool waiting, alone;
};

#define LENGTH_CLASSES 9
#define STATES ((PIECE_TYPES + 1) * LENGTH_CLASSES * 3 * 2 * 2)
_Static_assert(STATES == COLOUR_RULES_STATES, "the workspace holds every state");

static int encode(struct dp_state s) {
    return (((((s.colour + 1) * LENGTH_CLASSES + s.length) * 3 + (int)s.before) * 2 + s.waiting) *
                2 +
            s.alone);
}

static struct dp_state decode(int index) {
    struct dp_state s;
    s.alone = index % 2;
    index /= 2;
    s.waiting = index % 2;
    index /= 2;
    s.before = (enum before)(index % 3);
    index /= 3;
    s.length = index % LENGTH_CLASSES;
    s.colour = index / LENGTH_CLASSES - 1;
    return s;
}

/* Closes the run of `s` ending at column `end`, the next column holding a pixel or not.
 * False when the run can't be printed whatever comes next. */
static bool close_run(struct dp_state *s, const enum piece_type type[], int end, bool pixel_next,
                      int width) {
    if (s->colour < 0)
        return true;
    enum piece_type t = type[s->colour];
    int start = end - s->length + 1; /* exact for a lone pixel, the only one whose place counts */
    switch (colour_rules_run(t, start < 0 ? 0 : start, s->length, width)) {
    case RULE_ALONE:
        s->alone = true;
        break;
    case RULE_NEVER:
        return false;
    case RULE_LEFT:
        if (s->before != BEFORE_FAR)
            return false;
        break;
    case RULE_RIGHT: /* the next column is too close */
        s->waiting = true;
        break;
    case RULE_BOTH_SIDES:
        if (s->before == BEFORE_NONE)
            return false;
        s->waiting = s->waiting || !pixel_next;
        break;
    case RULE_ONE_SIDE:
        break;
    }
    return true;
}

/* Pixels before a run starting in the column after the state's last one. */
static enum before before_next(const struct dp_state *s) {
    if (s->colour < 0)
        return s->before;
    return s->length > 1 || s->before != BEFORE_NONE ? BEFORE_FAR : BEFORE_NEXT_TO;
}

/* The state after reading column c from state `from`: its pixel of colour k (-1: none).
 * -1 when no printable row goes on from there. */
static int transition(int from, int k, int c, const enum piece_type type[], int width) {
    struct dp_state s = decode(from), n = s;
    if (k < 0) {
        if (!close_run(&n, type, c - 1, false, width))
            return -1;
        n.before = s.colour >= 0 || s.before != BEFORE_NONE ? BEFORE_FAR : BEFORE_NONE;
        n.colour = -1;
        n.length = 0;
        return encode(n);
    }
    n.waiting = false; /* this pixel is right of whatever waited */
    if (s.colour == k) {
        n.length = next_length(type[k], s.length);
        return encode(n);
    }
    if (!close_run(&n, type, c - 1, true, width))
        return -1;
    n.before = before_next(&s);
    n.colour = k;
    n.length = 1;
    return encode(n);
}

#define UNKNOWN (-2)

/* The transitions of the columns away from the edges (where a lone S or Z can't lean on the
 * edge, so that the column doesn't matter), remembered while the colours' types and the
 * width stay the same. */
static void remember_types(struct colour_rules_workspace *w, int width, int colours,
                           const enum piece_type type[]) {
    if (w->known_width == width && w->known_colours == colours &&
        memcmp(w->known_type, type, (size_t)colours * sizeof *type) == 0)
        return;
    w->known_width = width;
    w->known_colours = colours;
    memcpy(w->known_type, type, (size_t)colours * sizeof *type);
    for (int i = 0; i < STATES; i++)
        for (int k = 0; k <= PIECE_TYPES; k++)
            w->step[i][k] = UNKNOWN;
}

static int step(struct colour_rules_workspace *w, int from, int k, int c,
                const enum piece_type type[], int width) {
    if (c - 1 <= 2 || c - 1 >= width - 3) /* a lone S or Z closing there leans on the edge */
        return transition(from, k, c, type, width);
    int16_t *known = &w->step[from][k < 0 ? PIECE_TYPES : k];
    if (*known == UNKNOWN)
        *known = (int16_t)transition(from, k, c, type, width);
    return *known;
}

/* Reaches state `to` after `column` at `cost`, from state `from` by giving the column's
 * pixel `colour` (-1: none). */
static void relax(struct colour_rules_workspace *w, int column, int to, int64_t cost, int from,
                  int colour) {
    int side = (column + 1) % 2;
    int64_t *best = &w->cost[side][to];
    if (*best == COLOUR_RULES_NO_COLOURING)
        w->active[side][w->active_count[side]++] = (int16_t)to;
    if (cost < *best) {
        *best = cost;
        w->from[column][to] = (int16_t)from;
        w->colour[column][to] = (int8_t)colour;
    }
}

/* Drops the states another state of the same run makes useless: one that costs no more,
 * has stood alone if this one has, waits for nothing this one doesn't and has at least as
 * many pixels before its run (whatever comes next, it can do all this one can). The index
 * has `before`, `waiting` and `alone` last: 12 states for each run. */
static void drop_dominated(struct colour_rules_workspace *w, int side) {
    int64_t *cost = w->cost[side];
    int kept = 0;
    for (int j = 0; j < w->active_count[side]; j++) {
        int i = w->active[side][j], run = i / 12 * 12, mine = i % 12;
        int before = mine / 4, waiting = mine / 2 % 2, alone = mine % 2;
        bool dominated = false;
        for (int other = 0; other < 12 && !dominated; other++) {
            int b = other / 4, wt = other / 2 % 2, al = other % 2;
            if (other == mine || b < before || wt > waiting || al < alone)
                continue;
            dominated = cost[run + other] <= cost[i];
        }
        if (dominated)
            cost[i] = COLOUR_RULES_NO_COLOURING;
        else
            w->active[side][kept++] = (int16_t)i;
    }
    w->active_count[side] = kept;
}

/* Columns first..last, those from the first pixel to the last. */
static int64_t cheapest_by_columns(int width, int first, int last, const bool pixel[], int colours,
                                   const enum piece_type type[], const int64_t cost[],
                                   int8_t colour[], struct colour_rules_workspace *w) {
    remember_types(w, width, colours, type);
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < STATES; i++)
            w->cost[side][i] = COLOUR_RULES_NO_COLOURING;
        w->active_count[side] = 0;
    }
    int start = encode((struct dp_state){-1, 0, BEFORE_NONE, false, false});
    w->cost[first % 2][start] = 0;
    w->active[first % 2][w->active_count[first % 2]++] = (int16_t)start;
    for (int c = first; c <= last; c++) {
        int now = c % 2, next = (c + 1) % 2;
        for (int j = 0; j < w->active_count[next]; j++)
            w->cost[next][w->active[next][j]] = COLOUR_RULES_NO_COLOURING;
        w->active_count[next] = 0;
        for (int j = 0; j < w->active_count[now]; j++) {
            int i = w->active[now][j];
            int64_t here = w->cost[now][i];
            if (!pixel[c]) {
                int to = step(w, i, -1, c, type, width);
                if (to >= 0)
                    relax(w, c, to, here, i, -1);
                continue;
            }
            for (int k = 0; k < colours; k++) {
                int to = step(w, i, k, c, type, width);
                if (to >= 0)
                    relax(w, c, to, here + cost[c * colours + k], i, k);
            }
        }
        drop_dominated(w, next);
    }
    int end = (last + 1) % 2, best = -1;
    for (int j = 0; j < w->active_count[end]; j++) {
        int i = w->active[end][j];
        struct dp_state s = decode(i);
        if (!close_run(&s, type, last, false, width) || s.waiting || !s.alone)
            continue;
        if (best < 0 || w->cost[end][i] < w->cost[end][best] ||
            (w->cost[end][i] == w->cost[end][best] && i < best))
            best = i;
    }
    if (best < 0)
        return COLOUR_RULES_NO_COLOURING;
    for (int c = last, state = best; c >= first; c--) {
        colour[c] = pixel[c] ? w->colour[c][state] : -1;
        state = w->from[c][state];
    }
    return w->cost[end][best];
}

/* Rows of at most BRUTE_FORCE_PIXELS pixels: every colouring, by the check. */
static int64_t cheapest_by_trying(int width, const bool pixel[], int colours,
                                  const enum piece_type type[], const int64_t cost[],
                                  int8_t colour[]) {
    int at[BRUTE_FORCE_PIXELS], n = 0, combinations = 1;
    for (int c = 0; c < width; c++)
        if (pixel[c]) {
            at[n++] = c;
            combinations *= colours;
        }
    int64_t best = COLOUR_RULES_NO_COLOURING;
    int8_t types[COLOUR_RULES_MAX_WIDTH];
    memset(types, -1, sizeof types);
    for (int combination = 0; combination < combinations; combination++) {
        int64_t total = 0;
        for (int i = 0, rest = combination; i < n; i++, rest /= colours) {
            types[at[i]] = (int8_t)type[rest % colours];
            total += cost[at[i] * colours + rest % colours];
        }
        if (total >= best || !colour_rules_row_holds(width, types, NULL))
            continue;
        best = total;
        for (int i = 0, rest = combination; i < n; i++, rest /= colours)
            colour[at[i]] = (int8_t)(rest % colours);
    }
    return best;
}

int64_t colour_rules_cheapest_row(int width, const bool pixel[], int colours,
                                  const enum piece_type type[], const int64_t cost[],
                                  int8_t colour[], struct colour_rules_workspace *work) {
    int pixels = 0, first = -1, last = -1;
    for (int c = 0; c < width; c++) {
        colour[c] = -1;
        if (!pixel[c])
            continue;
        pixels++;
        first = first < 0 ? c : first;
        last = c;
    }
    if (pixels <= BRUTE_FORCE_PIXELS)
        return cheapest_by_trying(width, pixel, colours, type, cost, colour);
    return cheapest_by_columns(width, first, last, pixel, colours, type, cost, colour, work);
}
