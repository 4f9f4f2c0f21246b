#include "colour_rules.h"

#include "converter.h"

#include <stdio.h>
#include <string.h>

#define I_RUN 4 /* a lying I prints this many */

/* One row as the rules see it: each pixel's type, run and whether it can be printed yet. */
struct row_rules {
    int width, first_column; /* the playfield column of pixel 0 */
    enum piece_type type[SPRITE_MAX_WIDTH];
    bool pixel[SPRITE_MAX_WIDTH], printable[SPRITE_MAX_WIDTH];
    int run_start[SPRITE_MAX_WIDTH], run_end[SPRITE_MAX_WIDTH]; /* inclusive */
};

static bool printable_in(const struct row_rules *r, int from, int to) {
    for (int x = from < 0 ? 0 : from; x <= to && x < r->width; x++)
        if (r->pixel[x] && r->printable[x])
            return true;
    return false;
}

/* Whether the pixel can be printed now, given the pixels already known printable. */
static bool can_print(const struct row_rules *r, int x) {
    int a = r->run_start[x], b = r->run_end[x], n = b - a + 1;
    int column = r->first_column + x;
    switch (r->type[x]) {
    case PIECE_O:
        return n % 2 == 0;
    case PIECE_S: /* standing, it rests on the matrix on its left */
        return n >= 2 || column - 2 <= 0 || printable_in(r, 0, x - 2);
    case PIECE_Z:
        return n >= 2 || column + 2 >= FIELD_WIDTH - 1 || printable_in(r, x + 2, r->width - 1);
    case PIECE_I: {
        if (n % I_RUN == 0)
            return true;
        bool left = printable_in(r, 0, a - 1), right = printable_in(r, b + 1, r->width - 1);
        return n < I_RUN ? left && right : left || right;
    }
    default:
        return true;
    }
}

static void load_rules(const struct sprite *sprite, int y, const enum piece_type printer[],
                       struct row_rules *r) {
    memset(r, 0, sizeof *r);
    r->width = sprite->width;
    r->first_column = sprite_first_column(sprite);
    const uint8_t *row = sprite->pixels[y];
    for (int x = 0; x < sprite->width; x++) {
        r->pixel[x] = row[x] != 0;
        if (!r->pixel[x])
            continue;
        r->type[x] = printer[row[x]];
        r->run_start[x] = x > 0 && row[x - 1] == row[x] ? r->run_start[x - 1] : x;
    }
    for (int x = sprite->width - 1; x >= 0; x--)
        if (r->pixel[x])
            r->run_end[x] = x + 1 < sprite->width && row[x + 1] == row[x] ? r->run_end[x + 1] : x;
}

bool colour_rules_hold(const struct sprite *sprite, const enum piece_type printer[],
                       struct unprintable_pixel *why) {
    for (int y = 0; y < sprite->height; y++) {
        struct row_rules r;
        load_rules(sprite, y, printer, &r);
        for (bool grew = true; grew;) {
            grew = false;
            for (int x = 0; x < r.width; x++)
                if (r.pixel[x] && !r.printable[x] && can_print(&r, x))
                    r.printable[x] = grew = true;
        }
        for (int x = 0; x < r.width; x++)
            if (r.pixel[x] && !r.printable[x]) {
                *why =
                    (struct unprintable_pixel){x, y, r.type[x], r.run_end[x] - r.run_start[x] + 1};
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
