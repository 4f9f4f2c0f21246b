/* Orientation table: profiles, boxes, spawn orientations, rotation order, recognition. */
#include "matrix.h"
#include "tetromino.h"
#include "unit.h"

static const char *const names[ORIENTATION_COUNT] = {"Tu", "Tr", "Td", "Tl", "Jl", "Ju", "Jr",
                                                     "Jd", "Zh", "Zv", "O-", "Sh", "Sv", "Lr",
                                                     "Ld", "Ll", "Lu", "Iv", "Ih"};

/* The table writes each orientation's bounding box and column profiles out; here they are
 * derived again from its cells: the box spans the cells; a column's bottom is the height of
 * its lowest cell above the box's bottom row, its top the height just above its highest. */
START_TEST(box_and_profiles_follow_from_the_cells) {
    const struct orientation *o = &ORIENTATIONS[_i];
    ck_assert_str_eq(o->name, names[_i]);
    int min_x = 99, min_y = 99, max_x = -99, max_y = -99;
    for (int i = 0; i < PIECE_CELLS; i++) {
        int x = o->cells[i].x, y = o->cells[i].y;
        min_x = x < min_x ? x : min_x;
        max_x = x > max_x ? x : max_x;
        min_y = y < min_y ? y : min_y;
        max_y = y > max_y ? y : max_y;
    }
    ck_assert_int_eq(o->min_x, min_x);
    ck_assert_int_eq(o->min_y, min_y);
    ck_assert_int_eq(o->width, max_x - min_x + 1);
    ck_assert_int_eq(o->height, max_y - min_y + 1);
    for (int column = 0; column < 4; column++) {
        int lowest = 99, highest = -1;
        for (int i = 0; i < PIECE_CELLS; i++) {
            if (o->cells[i].x - min_x != column)
                continue;
            int up = max_y - o->cells[i].y;
            lowest = up < lowest ? up : lowest;
            highest = up > highest ? up : highest;
        }
        /* Columns past the box hold 0 in both. */
        ck_assert_int_eq(o->bottom[column], highest < 0 ? 0 : lowest);
        ck_assert_int_eq(o->top[column], highest + 1);
    }
}
END_TEST

START_TEST(cells_add_up_to_four) {
    const struct orientation *o = &ORIENTATIONS[_i];
    int cells = 0;
    for (int c = 0; c < o->width; c++)
        cells += o->top[c] - o->bottom[c];
    ck_assert_int_eq(cells, 4);
}
END_TEST

START_TEST(rotation_is_a_quarter_turn_about_the_pivot) {
    const struct orientation *o = &ORIENTATIONS[_i];
    const struct orientation *r = &ORIENTATIONS[o->clockwise];
    ck_assert_int_eq(r->type, o->type);
    ck_assert_int_eq(ORIENTATIONS[o->clockwise].counterclockwise, _i);
    if (o->type != PIECE_J && o->type != PIECE_T && o->type != PIECE_L)
        return; /* I, S, Z toggle between two states and O never turns (NES) */
    /* clockwise on screen (y down): (x, y) -> (-y, x) */
    for (int i = 0; i < PIECE_CELLS; i++) {
        int x = -o->cells[i].y, y = o->cells[i].x, found = 0;
        for (int j = 0; j < PIECE_CELLS; j++)
            found += r->cells[j].x == x && r->cells[j].y == y;
        ck_assert_int_eq(found, 1);
    }
}
END_TEST

START_TEST(spawn_orientations_are_the_nes_ones) {
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_T)].name, "Td");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_J)].name, "Jd");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_L)].name, "Ld");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_S)].name, "Sh");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_Z)].name, "Zh");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_I)].name, "Ih");
    ck_assert_str_eq(ORIENTATIONS[spawn_orientation(PIECE_O)].name, "O-");
    for (int t = 0; t < PIECE_TYPES; t++)
        ck_assert_int_eq(ORIENTATIONS[spawn_orientation(t)].type, t);
}
END_TEST

START_TEST(recognises_every_orientation_anywhere) {
    const struct orientation *o = &ORIENTATIONS[_i];
    int xs[4], ys[4], bx, by;
    for (int i = 0; i < 4; i++) {
        xs[3 - i] = o->cells[i].x + 7; /* shuffled order, shifted origin */
        ys[3 - i] = o->cells[i].y + 5;
    }
    ck_assert_int_eq(orientation_from_cells(xs, ys, &bx, &by), _i);
    ck_assert_int_eq(bx, o->min_x + 7);
    ck_assert_int_eq(by, o->min_y + 5);
}
END_TEST

START_TEST(rejects_shapes_that_are_not_tetrominoes) {
    int bx, by;
    const int line_x[4] = {0, 1, 2, 4}, line_y[4] = {0, 0, 0, 0}; /* gap */
    const int diag_x[4] = {0, 1, 2, 3}, diag_y[4] = {0, 1, 2, 3};
    ck_assert_int_eq(orientation_from_cells(line_x, line_y, &bx, &by), -1);
    ck_assert_int_eq(orientation_from_cells(diag_x, diag_y, &bx, &by), -1);
}
END_TEST

/* A drop is an orientation and the column of its left edge: 371 of them fit the default
 * field, as the article counts. */
START_TEST(there_are_371_drops) {
    int drops = 0;
    struct matrix m;
    matrix_init(&m, 21, 4);
    for (int c = 0; c < 21; c++)
        m.stack[c] = (uint8_t)(c % 2); /* every column supports */
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        for (int column = 0; column + ORIENTATIONS[o].width <= 21; column++)
            drops++;
    ck_assert_int_eq(drops, 371);
    for (int o = 0; o < ORIENTATION_COUNT; o++) { /* beyond the sides, nothing rests */
        ck_assert_int_eq(matrix_drop_base(&m, o, -1), -1);
        ck_assert_int_eq(matrix_drop_base(&m, o, 21 - ORIENTATIONS[o].width + 1), -1);
    }
}
END_TEST

/* The names of the orientation identifiers are the table's. */
START_TEST(orientation_ids_name_the_table) {
    static const char *const names[ORIENTATION_COUNT] = {"Tu", "Tr", "Td", "Tl", "Jl", "Ju", "Jr",
                                                         "Jd", "Zh", "Zv", "O-", "Sh", "Sv", "Lr",
                                                         "Ld", "Ll", "Lu", "Iv", "Ih"};
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        ck_assert_str_eq(ORIENTATIONS[o].name, names[o]);
    ck_assert_int_eq(ORIENTATIONS[ORIENTATION_IH].width, 4);
    ck_assert_int_eq(spawn_orientation(PIECE_T), ORIENTATION_TD);
    /* Colours 1, 2, 3 are printed by J, T, L. */
    ck_assert_int_eq(colour_piece(1), PIECE_J);
    ck_assert_int_eq(colour_piece(2), PIECE_T);
    ck_assert_int_eq(colour_piece(3), PIECE_L);
    /* In their spawn orientation, J hangs its right cell, T its middle one, L its left. */
    ck_assert_int_eq(hanging_cell_column(PIECE_J), 2);
    ck_assert_int_eq(hanging_cell_column(PIECE_T), 1);
    ck_assert_int_eq(hanging_cell_column(PIECE_L), 0);
}
END_TEST

static Suite *tetromino_suite(void) {
    Suite *s = suite_create("tetromino");
    TCase *t = tcase_create("orientations");
    tcase_set_timeout(t, 30);
    tcase_add_loop_test(t, box_and_profiles_follow_from_the_cells, 0, ORIENTATION_COUNT);
    tcase_add_loop_test(t, cells_add_up_to_four, 0, ORIENTATION_COUNT);
    tcase_add_loop_test(t, rotation_is_a_quarter_turn_about_the_pivot, 0, ORIENTATION_COUNT);
    tcase_add_test(t, spawn_orientations_are_the_nes_ones);
    tcase_add_loop_test(t, recognises_every_orientation_anywhere, 0, ORIENTATION_COUNT);
    tcase_add_test(t, rejects_shapes_that_are_not_tetrominoes);
    tcase_add_test(t, there_are_371_drops);
    tcase_add_test(t, orientation_ids_name_the_table);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(tetromino_suite)
