#include "colour_rules.h"

#include "field.h"

#include <stdio.h>
#include <string.h>

#define I_RUN 4 /* a lying I prints this many */

/* One playfield row as the rules see it: each column's pixel still to print (its type and
 * run), the squares already there, and whether each pixel is known printable yet. */
struct row_rules {
    int width;
    bool pending[FIELD_MAX_WIDTH], square[FIELD_MAX_WIDTH], printable[FIELD_MAX_WIDTH];
    enum piece_type type[FIELD_MAX_WIDTH];
    int run_start[FIELD_MAX_WIDTH], run_end[FIELD_MAX_WIDTH]; /* runs of pending pixels */
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
    int a = r->run_start[c], b = r->run_end[c], n = b - a + 1;
    switch (r->type[c]) {
    case PIECE_O:
        return n % 2 == 0;
    case PIECE_S: /* standing, it rests on the matrix on its left, columns 0..c-1 */
        return n >= 2 || c - 2 <= 0 || support_in(r, 0, c - 2);
    case PIECE_Z:
        return n >= 2 || c + 2 >= r->width - 1 || support_in(r, c + 2, r->width - 1);
    case PIECE_I: {
        if (n % I_RUN == 0)
            return true;
        bool left = support_in(r, 0, a - 1), right = support_in(r, b + 1, r->width - 1);
        return n < I_RUN ? left && right : left || right;
    }
    default:
        return true;
    }
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

/* The first pixel (leftmost) that can't be printed, or -1. */
static int first_unprintable(struct row_rules *r) {
    find_runs(r);
    for (bool grew = true; grew;) {
        grew = false;
        for (int c = 0; c < r->width; c++)
            if (r->pending[c] && !r->printable[c] && can_print(r, c))
                r->printable[c] = grew = true;
    }
    for (int c = 0; c < r->width; c++)
        if (r->pending[c] && !r->printable[c])
            return c;
    return -1;
}

bool colour_rules_row_holds(int width, const int8_t type[], const bool square[]) {
    struct row_rules r;
    memset(&r, 0, sizeof r);
    r.width = width;
    for (int c = 0; c < width; c++) {
        r.pending[c] = type[c] >= 0;
        r.type[c] = type[c] >= 0 ? (enum piece_type)type[c] : PIECE_T;
        r.square[c] = square[c];
    }
    return first_unprintable(&r) < 0;
}

bool colour_rules_hold(const struct sprite *sprite, int width, const enum piece_type printer[],
                       struct unprintable_pixel *why) {
    int first = field_sprite_first_column(width, sprite->width);
    for (int y = 0; y < sprite->height; y++) {
        struct row_rules r;
        memset(&r, 0, sizeof r);
        r.width = width;
        for (int x = 0; x < sprite->width; x++)
            if (sprite->pixels[y][x]) {
                r.pending[first + x] = true;
                r.type[first + x] = printer[sprite->pixels[y][x]];
            }
        int c = first_unprintable(&r);
        if (c >= 0) {
            *why = (struct unprintable_pixel){c - first, y, r.type[c],
                                              r.run_end[c] - r.run_start[c] + 1};
            return false;
        }
    }
    return true;
}

void colour_rules_reason(const struct unprintable_pixel *why, char *text, size_t size) {
    switch (why->type) {
    case PIECE_O:
        snprintf(text, size, "O pieces print horizontal pairs, and it is in a run of %d", why->run);
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
                 why->run);
        break;
    }
}
