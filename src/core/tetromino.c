#include "tetromino.h"

#include <stddef.h>

/* Pivot-relative cells of the NES orientation table, in the NES order; r+ moves to the
 * next orientation of the same type (clockwise), r- to the previous one. The bounding box
 * and the column profiles follow from the cells (struct orientation says how);
 * tests/unit/test_tetromino.c derives them again from the cells and compares. */
static const struct orientation table[ORIENTATION_COUNT] = {
    [ORIENTATION_TU] = {.type = PIECE_T,
                        .name = "Tu",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {0, -1}},
                        .clockwise = ORIENTATION_TR,
                        .counterclockwise = ORIENTATION_TL,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 3,
                        .height = 2,
                        .bottom = {0, 0, 0},
                        .top = {1, 2, 1}},
    [ORIENTATION_TR] = {.type = PIECE_T,
                        .name = "Tr",
                        .cells = {{0, -1}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TD,
                        .counterclockwise = ORIENTATION_TU,
                        .min_x = 0,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {0, 1},
                        .top = {3, 2}},
    [ORIENTATION_TD] = {.type = PIECE_T,
                        .name = "Td",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TL,
                        .counterclockwise = ORIENTATION_TR,
                        .min_x = -1,
                        .min_y = 0,
                        .width = 3,
                        .height = 2,
                        .bottom = {1, 0, 1},
                        .top = {2, 2, 2}},
    [ORIENTATION_TL] = {.type = PIECE_T,
                        .name = "Tl",
                        .cells = {{0, -1}, {-1, 0}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_TU,
                        .counterclockwise = ORIENTATION_TD,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {1, 0},
                        .top = {2, 3}},
    [ORIENTATION_JL] = {.type = PIECE_J,
                        .name = "Jl",
                        .cells = {{0, -1}, {0, 0}, {-1, 1}, {0, 1}},
                        .clockwise = ORIENTATION_JU,
                        .counterclockwise = ORIENTATION_JD,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {0, 0},
                        .top = {1, 3}},
    [ORIENTATION_JU] = {.type = PIECE_J,
                        .name = "Ju",
                        .cells = {{-1, -1}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_JR,
                        .counterclockwise = ORIENTATION_JL,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 3,
                        .height = 2,
                        .bottom = {0, 0, 0},
                        .top = {2, 1, 1}},
    [ORIENTATION_JR] = {.type = PIECE_J,
                        .name = "Jr",
                        .cells = {{0, -1}, {1, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_JD,
                        .counterclockwise = ORIENTATION_JU,
                        .min_x = 0,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {0, 2},
                        .top = {3, 3}},
    [ORIENTATION_JD] = {.type = PIECE_J,
                        .name = "Jd",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {1, 1}},
                        .clockwise = ORIENTATION_JL,
                        .counterclockwise = ORIENTATION_JR,
                        .min_x = -1,
                        .min_y = 0,
                        .width = 3,
                        .height = 2,
                        .bottom = {1, 1, 0},
                        .top = {2, 2, 2}},
    [ORIENTATION_ZH] = {.type = PIECE_Z,
                        .name = "Zh",
                        .cells = {{-1, 0}, {0, 0}, {0, 1}, {1, 1}},
                        .clockwise = ORIENTATION_ZV,
                        .counterclockwise = ORIENTATION_ZV,
                        .min_x = -1,
                        .min_y = 0,
                        .width = 3,
                        .height = 2,
                        .bottom = {1, 0, 0},
                        .top = {2, 2, 1}},
    [ORIENTATION_ZV] = {.type = PIECE_Z,
                        .name = "Zv",
                        .cells = {{1, -1}, {0, 0}, {1, 0}, {0, 1}},
                        .clockwise = ORIENTATION_ZH,
                        .counterclockwise = ORIENTATION_ZH,
                        .min_x = 0,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {0, 1},
                        .top = {2, 3}},
    [ORIENTATION_O] = {.type = PIECE_O,
                       .name = "O-",
                       .cells = {{-1, 0}, {0, 0}, {-1, 1}, {0, 1}},
                       .clockwise = ORIENTATION_O,
                       .counterclockwise = ORIENTATION_O,
                       .min_x = -1,
                       .min_y = 0,
                       .width = 2,
                       .height = 2,
                       .bottom = {0, 0},
                       .top = {2, 2}},
    [ORIENTATION_SH] = {.type = PIECE_S,
                        .name = "Sh",
                        .cells = {{0, 0}, {1, 0}, {-1, 1}, {0, 1}},
                        .clockwise = ORIENTATION_SV,
                        .counterclockwise = ORIENTATION_SV,
                        .min_x = -1,
                        .min_y = 0,
                        .width = 3,
                        .height = 2,
                        .bottom = {0, 0, 1},
                        .top = {1, 2, 2}},
    [ORIENTATION_SV] = {.type = PIECE_S,
                        .name = "Sv",
                        .cells = {{0, -1}, {0, 0}, {1, 0}, {1, 1}},
                        .clockwise = ORIENTATION_SH,
                        .counterclockwise = ORIENTATION_SH,
                        .min_x = 0,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {1, 0},
                        .top = {3, 2}},
    [ORIENTATION_LR] = {.type = PIECE_L,
                        .name = "Lr",
                        .cells = {{0, -1}, {0, 0}, {0, 1}, {1, 1}},
                        .clockwise = ORIENTATION_LD,
                        .counterclockwise = ORIENTATION_LU,
                        .min_x = 0,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {0, 0},
                        .top = {3, 1}},
    [ORIENTATION_LD] = {.type = PIECE_L,
                        .name = "Ld",
                        .cells = {{-1, 0}, {0, 0}, {1, 0}, {-1, 1}},
                        .clockwise = ORIENTATION_LL,
                        .counterclockwise = ORIENTATION_LR,
                        .min_x = -1,
                        .min_y = 0,
                        .width = 3,
                        .height = 2,
                        .bottom = {0, 1, 1},
                        .top = {2, 2, 2}},
    [ORIENTATION_LL] = {.type = PIECE_L,
                        .name = "Ll",
                        .cells = {{-1, -1}, {0, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_LU,
                        .counterclockwise = ORIENTATION_LD,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 2,
                        .height = 3,
                        .bottom = {2, 0},
                        .top = {3, 3}},
    [ORIENTATION_LU] = {.type = PIECE_L,
                        .name = "Lu",
                        .cells = {{1, -1}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_LR,
                        .counterclockwise = ORIENTATION_LL,
                        .min_x = -1,
                        .min_y = -1,
                        .width = 3,
                        .height = 2,
                        .bottom = {0, 0, 0},
                        .top = {1, 1, 2}},
    [ORIENTATION_IV] = {.type = PIECE_I,
                        .name = "Iv",
                        .cells = {{0, -2}, {0, -1}, {0, 0}, {0, 1}},
                        .clockwise = ORIENTATION_IH,
                        .counterclockwise = ORIENTATION_IH,
                        .min_x = 0,
                        .min_y = -2,
                        .width = 1,
                        .height = 4,
                        .bottom = {0},
                        .top = {4}},
    [ORIENTATION_IH] = {.type = PIECE_I,
                        .name = "Ih",
                        .cells = {{-2, 0}, {-1, 0}, {0, 0}, {1, 0}},
                        .clockwise = ORIENTATION_IV,
                        .counterclockwise = ORIENTATION_IV,
                        .min_x = -2,
                        .min_y = 0,
                        .width = 4,
                        .height = 1,
                        .bottom = {0, 0, 0, 0},
                        .top = {1, 1, 1, 1}},
};

const struct orientation *const ORIENTATIONS = table;

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

bool piece_is_hanging(enum piece_type type) {
    return type == PIECE_J || type == PIECE_T || type == PIECE_L;
}

bool colour_is_hanging(int colour) {
    return piece_is_hanging(colour_piece(colour));
}

int hanging_cell_column(enum piece_type type) {
    const struct orientation *o = &table[spawn_orientation(type)];
    int lowest = 0;
    for (int i = 1; i < PIECE_CELLS; i++)
        if (o->cells[i].y > o->cells[lowest].y)
            lowest = i;
    return o->cells[lowest].x - o->min_x;
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
