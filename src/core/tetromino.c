#include "tetromino.h"

#include <stddef.h>

/* Pivot-relative cells of the NES orientation table, in the NES order; r+ moves to the
 * next orientation of the same type (clockwise), r- to the previous one. */
#define O4(t, n, a, b, c, d, cw, ccw) {t, n, {a, b, c, d}, cw, ccw, 0, 0, 0, 0, {0}, {0}}
static struct orientation table[ORIENTATION_COUNT] = {
    O4(PIECE_T, "Tu", {-1, 0}, {0, 0}, {1, 0}, {0, -1}, 1, 3),
    O4(PIECE_T, "Tr", {0, -1}, {0, 0}, {1, 0}, {0, 1}, 2, 0),
    O4(PIECE_T, "Td", {-1, 0}, {0, 0}, {1, 0}, {0, 1}, 3, 1),
    O4(PIECE_T, "Tl", {0, -1}, {-1, 0}, {0, 0}, {0, 1}, 0, 2),
    O4(PIECE_J, "Jl", {0, -1}, {0, 0}, {-1, 1}, {0, 1}, 5, 7),
    O4(PIECE_J, "Ju", {-1, -1}, {-1, 0}, {0, 0}, {1, 0}, 6, 4),
    O4(PIECE_J, "Jr", {0, -1}, {1, -1}, {0, 0}, {0, 1}, 7, 5),
    O4(PIECE_J, "Jd", {-1, 0}, {0, 0}, {1, 0}, {1, 1}, 4, 6),
    O4(PIECE_Z, "Zh", {-1, 0}, {0, 0}, {0, 1}, {1, 1}, 9, 9),
    O4(PIECE_Z, "Zv", {1, -1}, {0, 0}, {1, 0}, {0, 1}, 8, 8),
    O4(PIECE_O, "O-", {-1, 0}, {0, 0}, {-1, 1}, {0, 1}, 10, 10),
    O4(PIECE_S, "Sh", {0, 0}, {1, 0}, {-1, 1}, {0, 1}, 12, 12),
    O4(PIECE_S, "Sv", {0, -1}, {0, 0}, {1, 0}, {1, 1}, 11, 11),
    O4(PIECE_L, "Lr", {0, -1}, {0, 0}, {0, 1}, {1, 1}, 14, 16),
    O4(PIECE_L, "Ld", {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, 15, 13),
    O4(PIECE_L, "Ll", {-1, -1}, {0, -1}, {0, 0}, {0, 1}, 16, 14),
    O4(PIECE_L, "Lu", {1, -1}, {-1, 0}, {0, 0}, {1, 0}, 13, 15),
    O4(PIECE_I, "Iv", {0, -2}, {0, -1}, {0, 0}, {0, 1}, 18, 18),
    O4(PIECE_I, "Ih", {-2, 0}, {-1, 0}, {0, 0}, {1, 0}, 17, 17),
};
#undef O4

const struct orientation *const ORIENTATIONS = table;

static void derive_box_and_profiles(struct orientation *o) {
    int min_x = 99, min_y = 99, max_x = -99, max_y = -99;
    for (int i = 0; i < PIECE_CELLS; i++) {
        int x = o->cells[i].x, y = o->cells[i].y;
        min_x = x < min_x ? x : min_x;
        max_x = x > max_x ? x : max_x;
        min_y = y < min_y ? y : min_y;
        max_y = y > max_y ? y : max_y;
    }
    o->min_x = (int8_t)min_x;
    o->min_y = (int8_t)min_y;
    o->width = (int8_t)(max_x - min_x + 1);
    o->height = (int8_t)(max_y - min_y + 1);
    for (int col = 0; col < o->width; col++) {
        int lowest = 99, highest = -1;
        for (int i = 0; i < PIECE_CELLS; i++) {
            if (o->cells[i].x - min_x != col)
                continue;
            int up = max_y - o->cells[i].y; /* height above the box's bottom row */
            lowest = up < lowest ? up : lowest;
            highest = up > highest ? up : highest;
        }
        o->bottom[col] = (int8_t)lowest;
        o->top[col] = (int8_t)(highest + 1);
    }
}

/* The derived fields are computed once, before main, so the table can be const for users. */
__attribute__((constructor(101))) static void orientation_table_init(void) {
    for (int i = 0; i < ORIENTATION_COUNT; i++)
        derive_box_and_profiles(&table[i]);
}

char piece_type_letter(enum piece_type type) {
    static const char letters[PIECE_TYPES] = {'T', 'J', 'Z', 'O', 'S', 'L', 'I'};
    return letters[type];
}

int spawn_orientation(enum piece_type type) {
    static const int spawn[PIECE_TYPES] = {2, 7, 8, 10, 11, 14, 18};
    return spawn[type];
}

int orientation_count_of(enum piece_type type) {
    static const int counts[PIECE_TYPES] = {4, 4, 2, 1, 2, 4, 2};
    return counts[type];
}

int orientation_from_cells(const int xs[PIECE_CELLS], const int ys[PIECE_CELLS], int *box_x,
                           int *box_y) {
    int min_x = xs[0], min_y = ys[0];
    for (int i = 1; i < PIECE_CELLS; i++) {
        min_x = xs[i] < min_x ? xs[i] : min_x;
        min_y = ys[i] < min_y ? ys[i] : min_y;
    }
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        const struct orientation *ori = &table[o];
        int matched = 0;
        for (int i = 0; i < PIECE_CELLS; i++) {
            for (int j = 0; j < PIECE_CELLS; j++) {
                if (xs[i] - min_x == ori->cells[j].x - ori->min_x &&
                    ys[i] - min_y == ori->cells[j].y - ori->min_y) {
                    matched++;
                    break;
                }
            }
        }
        if (matched == PIECE_CELLS) {
            *box_x = min_x;
            *box_y = min_y;
            return o;
        }
    }
    return -1;
}
