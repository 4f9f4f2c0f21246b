#include "tetromino.h"

#include <stddef.h>

/* Pivot-relative cells of the NES orientation table, in the NES order; r+ moves to the
 * next orientation of the same type (clockwise), r- to the previous one. */
static struct orientation table[ORIENTATION_COUNT] = {
    [ORIENTATION_TU] = {.type = PIECE_T,
                        .name = "Tu",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {0, -1}},
                        .clockwise = ORIENTATION_TR,
                        .counterclockwise = ORIENTATION_TL},
    [ORIENTATION_TR] = {.type = PIECE_T,
                        .name = "Tr",
                        .cells = {{0, -1}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TD,
                        .counterclockwise = ORIENTATION_TU},
    [ORIENTATION_TD] = {.type = PIECE_T,
                        .name = "Td",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TL,
                        .counterclockwise = ORIENTATION_TR},
    [ORIENTATION_TL] = {.type = PIECE_T,
                        .name = "Tl",
                        .cells = {{0, -1}, {-1, 0}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TU,
                        .counterclockwise = ORIENTATION_TD},
    [ORIENTATION_JL] = {.type = PIECE_J,
                        .name = "Jl",
                        .cells = {{0, -1}, {0, 0}, {-1, 1}, {0, 1}},
                        .clockwise = ORIENTATION_JU,
                        .counterclockwise = ORIENTATION_JD},
    [ORIENTATION_JU] = {.type = PIECE_J,
                        .name = "Ju",
                        .cells = {{-1, -1}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_JR,
                        .counterclockwise = ORIENTATION_JL},
    [ORIENTATION_JR] = {.type = PIECE_J,
                        .name = "Jr",
                        .cells = {{0, -1}, {1, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_JD,
                        .counterclockwise = ORIENTATION_JU},
    [ORIENTATION_JD] = {.type = PIECE_J,
                        .name = "Jd",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {1, 1}},
                        .clockwise = ORIENTATION_JL,
                        .counterclockwise = ORIENTATION_JR},
    [ORIENTATION_ZH] = {.type = PIECE_Z,
                        .name = "Zh",
                        .cells = {{-1, 0}, {0, 0}, {0, 1}, {1, 1}},
                        .clockwise = ORIENTATION_ZV,
                        .counterclockwise = ORIENTATION_ZV},
    [ORIENTATION_ZV] = {.type = PIECE_Z,
                        .name = "Zv",
                        .cells = {{1, -1}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_ZH,
                        .counterclockwise = ORIENTATION_ZH},
    [ORIENTATION_O] = {.type = PIECE_O,
                       .name = "O-",
                       .cells = {{-1, 0}, {0, 0}, {-1, 1}, {0, 1}},
                       .clockwise = ORIENTATION_O,
                       .counterclockwise = ORIENTATION_O},
    [ORIENTATION_SH] = {.type = PIECE_S,
                        .name = "Sh",
                        .cells = {{0, 0}, {1, 0}, {-1, 1}, {0, 1}},
                        .clockwise = ORIENTATION_SV,
                        .counterclockwise = ORIENTATION_SV},
    [ORIENTATION_SV] = {.type = PIECE_S,
                        .name = "Sv",
                        .cells = {{0, -1}, {0, 0}, {1, 0}, {1, 1}},
                        .clockwise = ORIENTATION_SH,
                        .counterclockwise = ORIENTATION_SH},
    [ORIENTATION_LR] = {.type = PIECE_L,
                        .name = "Lr",
                        .cells = {{0, -1}, {0, 0}, {0, 1}, {1, 1}},
                        .clockwise = ORIENTATION_LD,
                        .counterclockwise = ORIENTATION_LU},
    [ORIENTATION_LD] = {.type = PIECE_L,
                        .name = "Ld",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {-1, 1}},
                        .clockwise = ORIENTATION_LL,
                        .counterclockwise = ORIENTATION_LR},
    [ORIENTATION_LL] = {.type = PIECE_L,
                        .name = "Ll",
                        .cells = {{-1, -1}, {0, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_LU,
                        .counterclockwise = ORIENTATION_LD},
    [ORIENTATION_LU] = {.type = PIECE_L,
                        .name = "Lu",
                        .cells = {{1, -1}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_LR,
                        .counterclockwise = ORIENTATION_LL},
    [ORIENTATION_IV] = {.type = PIECE_I,
                        .name = "Iv",
                        .cells = {{0, -2}, {0, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_IH,
                        .counterclockwise = ORIENTATION_IH},
    [ORIENTATION_IH] = {.type = PIECE_I,
                        .name = "Ih",
                        .cells = {{-2, 0}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_IV,
                        .counterclockwise = ORIENTATION_IV},
};

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
    static const int spawn[PIECE_TYPES] = {
        [PIECE_T] = ORIENTATION_TD, [PIECE_J] = ORIENTATION_JD, [PIECE_Z] = ORIENTATION_ZH,
        [PIECE_O] = ORIENTATION_O,  [PIECE_S] = ORIENTATION_SH, [PIECE_L] = ORIENTATION_LD,
        [PIECE_I] = ORIENTATION_IH,
    };
    return spawn[type];
}

/* Colours are piece types (docs/design.md): J, T, L as in the article, then I, O, S, Z. */
static const enum piece_type colour_printers[] = {PIECE_J, PIECE_T, PIECE_L, PIECE_I,
                                                  PIECE_O, PIECE_S, PIECE_Z};

enum piece_type colour_piece(int colour) {
    return colour_printers[colour - 1];
}

int piece_colour(enum piece_type type) {
    int colour = 1;
    while (colour_printers[colour - 1] != type)
        colour++;
    return colour;
}

int hanging_cell_column(enum piece_type type) {
    const struct orientation *o = &table[spawn_orientation(type)];
    int lowest = 0;
    for (int i = 1; i < PIECE_CELLS; i++)
        if (o->cells[i].y > o->cells[lowest].y)
            lowest = i;
    return o->cells[lowest].x - o->min_x;
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
