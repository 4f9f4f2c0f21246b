#include "colour_assignment.h"

#include "assignment_estimate.h"
#include "colour_rules.h"
#include "picture/sprite_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct candidate {
    uint8_t script_colour[MAX_COLOURS + 1];
    long pixels_off_library, lone_off_library; /* given to I, O, S, Z */
    long estimate;
};

struct enumeration {
    const struct sprite *sprite;
    int width;                                           /* of the field */
    long pixels[MAX_COLOURS + 1], lone[MAX_COLOURS + 1]; /* per sprite colour */
    struct candidate current, kept[ASSIGNMENT_TRIED];
    int kept_count;
    bool used[MAX_COLOURS + 1];
    bool keep_plan; /* only the sprite's planned assignments (sprite_rules.h) are kept */
};

bool colour_assignment_holds(const struct sprite *sprite, int width,
                             const enum piece_type printer[], struct unprintable_pixel *why) {
    int first = sprite_column(sprite, width);
    for (int y = 0; y < sprite->height; y++) {
        int8_t type[COLOUR_RULES_MAX_WIDTH];
        memset(type, -1, sizeof type);
        for (int x = 0; x < sprite->width; x++)
            if (sprite->pixels[y][x])
                type[first + x] = (int8_t)printer[sprite->pixels[y][x]];
        int run, c = colour_rules_first_unprintable(width, type, NULL, &run);
        if (c >= 0) {
            *why = (struct unprintable_pixel){c - first, y, (enum piece_type)type[c], run};
            return false;
        }
    }
    return true;
}

static void printers_of(const struct sprite *sprite, const uint8_t script_colour[],
                        enum piece_type printer[]) {
    for (int k = 1; k <= sprite->colour_count; k++)
        printer[k] = colour_piece(script_colour[k]);
}

bool colour_assignment_prints(const struct sprite *sprite, int width,
                              const struct colour_assignment *a) {
    enum piece_type printer[MAX_COLOURS + 1];
    printers_of(sprite, a->script_colour, printer);
    struct unprintable_pixel why;
    return colour_assignment_holds(sprite, width, printer, &why);
}

/* Keeps the candidate if it is among the ASSIGNMENT_TRIED best by pixels then lone pixels
 * given to I, O, S and Z; earlier ones win ties. */
static void keep(struct enumeration *e) {
    struct candidate *c = &e->current;
    int at = e->kept_count;
    while (at > 0 && (e->kept[at - 1].pixels_off_library > c->pixels_off_library ||
                      (e->kept[at - 1].pixels_off_library == c->pixels_off_library &&
                       e->kept[at - 1].lone_off_library > c->lone_off_library)))
        at--;
    if (at >= ASSIGNMENT_TRIED)
        return;
    int last = e->kept_count < ASSIGNMENT_TRIED ? e->kept_count : ASSIGNMENT_TRIED - 1;
    memmove(&e->kept[at + 1], &e->kept[at], (size_t)(last - at) * sizeof e->kept[0]);
    e->kept[at] = *c;
    if (e->kept_count < ASSIGNMENT_TRIED)
        e->kept_count++;
}

/* Whether the current assignment is one of the sprite's planned ones (sprite_rules.h): the
 * same types for the colours it gives I, O, S and Z, J, T or L for the others (which the
 * rules, and so the plan's costs, treat alike). */
static bool planned(const struct enumeration *e) {
    const struct sprite *sprite = e->sprite;
    for (int t = 0; t < sprite->planned_ties; t++) {
        int k = 1;
        while (k <= sprite->colour_count) {
            enum piece_type type = sprite->planned_type[t][k - 1];
            int s = e->current.script_colour[k];
            if (piece_is_hanging(type) ? !colour_is_hanging(s) : colour_piece(s) != type)
                break;
            k++;
        }
        if (k > sprite->colour_count)
            return true;
    }
    return false;
}

/* Every assignment of script colours to the sprite's colours from `colour` on, in reading
 * order: J, T and L only up to 3 colours, all three of them beyond; kept if it prints every
 * pixel (and with `keep_plan`, is planned). */
static void enumerate(struct enumeration *e, int colour) {
    int count = e->sprite->colour_count;
    if (colour > count) {
        enum piece_type printer[MAX_COLOURS + 1];
        struct unprintable_pixel why;
        printers_of(e->sprite, e->current.script_colour, printer);
        if ((!e->keep_plan || planned(e)) &&
            colour_assignment_holds(e->sprite, e->width, printer, &why))
            keep(e);
        return;
    }
    int library_left = 0; /* J, T, L not yet given */
    for (int s = 1; s <= MAX_COLOURS; s++)
        library_left += colour_is_hanging(s) && !e->used[s];
    int highest = count <= HANGING_COLOURS ? HANGING_COLOURS : MAX_COLOURS;
    for (int s = 1; s <= highest; s++) {
        bool library = colour_is_hanging(s);
        /* Beyond 3 colours, J, T and L must all be given: leave enough colours for them. */
        if (e->used[s] || (!library && library_left > count - colour))
            continue;
        e->used[s] = true;
        e->current.script_colour[colour] = (uint8_t)s;
        if (!library) {
            e->current.pixels_off_library += e->pixels[colour];
            e->current.lone_off_library += e->lone[colour];
        }
        enumerate(e, colour + 1);
        if (!library) {
            e->current.pixels_off_library -= e->pixels[colour];
            e->current.lone_off_library -= e->lone[colour];
        }
        e->used[s] = false;
    }
}

static void count_pixels(const struct sprite *sprite, struct enumeration *e) {
    for (int y = 0; y < sprite->height; y++)
        for (int x = 0; x < sprite->width; x++) {
            uint8_t c = sprite->pixels[y][x];
            if (!c)
                continue;
            e->pixels[c]++;
            bool left = x > 0 && sprite->pixels[y][x - 1] == c;
            bool right = x + 1 < sprite->width && sprite->pixels[y][x + 1] == c;
            e->lone[c] += !left && !right;
        }
}

/* The kept candidates' estimates (assignment_estimate.h). */
static enum assignment_status estimate_kept(struct search_team *team, const struct sprite *sprite,
                                            int width, uint64_t seed, struct planner_limits limits,
                                            struct enumeration *e) {
    uint8_t script_colours[ASSIGNMENT_TRIED][MAX_COLOURS + 1];
    long estimates[ASSIGNMENT_TRIED];
    for (int k = 0; k < e->kept_count; k++)
        memcpy(script_colours[k], e->kept[k].script_colour, sizeof script_colours[k]);
    if (!assignment_estimate(team, sprite, width, seed, limits,
                             (const uint8_t(*)[MAX_COLOURS + 1]) script_colours, e->kept_count,
                             estimates))
        return ASSIGNMENT_NO_MEMORY;
    for (int k = 0; k < e->kept_count; k++)
        e->kept[k].estimate = estimates[k];
    return ASSIGNMENT_OK;
}

/* ------------------------------------------------------------------ choice */

static void reading_order(int count, struct colour_assignment *out) {
    out->count = count;
    for (int k = 1; k <= count; k++)
        out->script_colour[k] = (uint8_t)k;
}

static void describe(const struct sprite *sprite, const struct unprintable_pixel *why, char *text,
                     size_t size) {
    char reason[192];
    colour_rules_reason(why->type, why->run, reason, sizeof reason);
    snprintf(text, size, "pixel %d,%d (#%06x) can't be printed: %s", why->x, why->y,
             (unsigned)sprite->colours[sprite->pixels[why->y][why->x] - 1], reason);
}

/* Why no assignment works: with all 7 colours, when none can be O's; otherwise what the
 * reading order can't print. Either way --fit repairs it (changing as few pixels as it can). */
static void explain_none(const struct sprite *sprite, int width, char *message, size_t size) {
    enum piece_type printer[MAX_COLOURS + 1];
    struct unprintable_pixel why;
    char text[320];
    const char *hint = " (try --fit)";
    if (sprite->colour_count == MAX_COLOURS) {
        bool some_colour_pairs = false;
        struct unprintable_pixel first = {0};
        for (int k = 1; k <= MAX_COLOURS && !some_colour_pairs; k++) {
            for (int j = 1; j <= MAX_COLOURS; j++)
                printer[j] = j == k ? PIECE_O : PIECE_J;
            some_colour_pairs = colour_assignment_holds(sprite, width, printer, &why);
            if (k == 1)
                first = why;
        }
        if (!some_colour_pairs) {
            describe(sprite, &first, text, sizeof text);
            snprintf(message, size,
                     "none of the 7 colours can be printed by O pieces, which print horizontal "
                     "pairs: each has a run of odd length (%s)%s",
                     text, hint);
            return;
        }
    }
    struct colour_assignment reading;
    reading_order(sprite->colour_count, &reading);
    printers_of(sprite, reading.script_colour, printer);
    colour_assignment_holds(sprite, width, printer, &why);
    describe(sprite, &why, text, sizeof text);
    snprintf(message, size,
             "no assignment of the %d colours to pieces can print every pixel; in reading order, "
             "%s%s",
             sprite->colour_count, text, hint);
}

/* The assignments --color-order fewest chooses among (NULL when memory runs out). */
static struct enumeration *printable_assignments(const struct sprite *sprite, int width) {
    static struct enumeration zero;
    struct enumeration *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    *e = zero;
    e->sprite = sprite;
    e->width = width;
    count_pixels(sprite, e);
    /* The plan's assignments print its colours on the field it was made for (the first of
     * them at least); on another (--width auto tries wider ones), a lone S or Z that leant on
     * the field's edge may not: if none does, the choice is made as for any sprite. */
    e->keep_plan = sprite->planned_ties > 0;
    enumerate(e, 1);
    if (e->kept_count == 0 && e->keep_plan) {
        e->keep_plan = false;
        enumerate(e, 1);
    }
    return e;
}

bool colour_assignment_exists(const struct sprite *sprite, int width, char *message, size_t size) {
    struct enumeration *e = printable_assignments(sprite, width);
    bool exists = e && e->kept_count > 0;
    if (e && !exists)
        explain_none(sprite, width, message, size);
    else if (!e)
        snprintf(message, size, "out of memory");
    free(e);
    return exists;
}

/* The kept candidates into out, by estimate (the lowest first), ties to the earlier. */
static void rank_kept(const struct enumeration *e, int colour_count,
                      struct assignment_ranking *out) {
    int order[ASSIGNMENT_TRIED];
    for (int k = 0; k < e->kept_count; k++) {
        int at = k;
        while (at > 0 && e->kept[order[at - 1]].estimate > e->kept[k].estimate) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = k;
    }
    out->count = e->kept_count;
    for (int k = 0; k < e->kept_count; k++) {
        out->by_rank[k].count = colour_count;
        memcpy(out->by_rank[k].script_colour, e->kept[order[k]].script_colour,
               sizeof out->by_rank[k].script_colour);
    }
}

enum assignment_status colour_assignment_rank(struct search_team *team, const struct sprite *sprite,
                                              int width, enum colour_order order, uint64_t seed,
                                              struct planner_limits limits,
                                              struct assignment_ranking *out, char *message,
                                              size_t size) {
    out->count = 1;
    reading_order(sprite->colour_count, &out->by_rank[0]);
    if (order == COLOUR_ORDER_READING) {
        enum piece_type printer[MAX_COLOURS + 1];
        struct unprintable_pixel why;
        printers_of(sprite, out->by_rank[0].script_colour, printer);
        if (colour_assignment_holds(sprite, width, printer, &why))
            return ASSIGNMENT_OK;
        char text[320];
        describe(sprite, &why, text, sizeof text);
        snprintf(message, size, "%s (with --color-order reading)", text);
        return ASSIGNMENT_UNPRINTABLE;
    }
    struct enumeration *e = printable_assignments(sprite, width);
    if (!e)
        return ASSIGNMENT_NO_MEMORY;
    enum assignment_status status = ASSIGNMENT_OK;
    if (e->kept_count == 0) {
        explain_none(sprite, width, message, size);
        status = ASSIGNMENT_UNPRINTABLE;
    } else if (e->kept_count > 1) {
        status = estimate_kept(team, sprite, width, seed, limits, e);
    }
    if (status == ASSIGNMENT_OK)
        rank_kept(e, sprite->colour_count, out);
    free(e);
    return status;
}

void colour_assignment_apply(const struct colour_assignment *a, const struct sprite *in,
                             struct sprite *out) {
    *out = *in;
    out->planned_ties = 0; /* its colours are the script's now */
    out->colour_count = 0;
    for (int k = 1; k <= a->count; k++)
        if (a->script_colour[k] > out->colour_count)
            out->colour_count = a->script_colour[k];
    for (int s = 0; s < MAX_COLOURS; s++)
        out->colours[s] = BLOCK_NO_COLOUR;
    for (int k = 1; k <= a->count; k++)
        out->colours[a->script_colour[k] - 1] = in->colours[k - 1];
    for (int y = 0; y < in->height; y++)
        for (int x = 0; x < in->width; x++)
            if (in->pixels[y][x])
                out->pixels[y][x] = a->script_colour[in->pixels[y][x]];
}
