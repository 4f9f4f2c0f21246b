/* The playfield engine: spawn, rotation, shifts, collisions, drops, clears with naive
 * gravity, top-out and lock-out. Expected cells are written out by hand. */
#include "playfield.h"
#include "unit.h"

#include <string.h>

#define WIDTH 21 /* the default field, 21 x 42, unless a test says otherwise */
#define HEIGHT 42

static void put(struct playfield *pf, int col, int row) {
    pf->cells[row][col] = PIECE_O + 1;
    pf->filled[row]++;
}

/* Fills a row except the columns listed in `holes` (a string of column letters a..u). */
static void fill_row(struct playfield *pf, int row, const char *holes) {
    for (int col = 0; col < pf->width; col++)
        if (!strchr(holes, 'a' + col))
            put(pf, col, row);
}

static bool filled(const struct playfield *pf, int col, int row) {
    return pf->cells[row][col] != PLAYFIELD_EMPTY;
}

/* The filled columns of a row as bits (fields up to 64 wide). */
static uint64_t row_bits(const struct playfield *pf, int row) {
    uint64_t bits = 0;
    for (int col = 0; col < pf->width; col++)
        bits |= (uint64_t)filled(pf, col, row) << col;
    return bits;
}

static int count_filled(const struct playfield *pf) {
    int n = 0;
    for (int row = 0; row < pf->height; row++)
        for (int col = 0; col < pf->width; col++)
            n += filled(pf, col, row);
    return n;
}

/* Spawn cells of each type in playfield coordinates (pivot at column 10, row 0). */
static const struct {
    enum piece_type type;
    const char *orientation;
    int cells[4][2];
} SPAWNS[PIECE_TYPES] = {
    {PIECE_T, "Td", {{9, 0}, {10, 0}, {11, 0}, {10, 1}}},
    {PIECE_J, "Jd", {{9, 0}, {10, 0}, {11, 0}, {11, 1}}},
    {PIECE_Z, "Zh", {{9, 0}, {10, 0}, {10, 1}, {11, 1}}},
    {PIECE_O, "O-", {{9, 0}, {10, 0}, {9, 1}, {10, 1}}},
    {PIECE_S, "Sh", {{10, 0}, {11, 0}, {9, 1}, {10, 1}}},
    {PIECE_L, "Ld", {{9, 0}, {10, 0}, {11, 0}, {9, 1}}},
    {PIECE_I, "Ih", {{8, 0}, {9, 0}, {10, 0}, {11, 0}}},
};

START_TEST(spawn_position_and_orientation) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, SPAWNS[_i].type, &s));
    ck_assert_str_eq(ORIENTATIONS[s.orientation].name, SPAWNS[_i].orientation);
    ck_assert_int_eq(s.x, 10);
    ck_assert_int_eq(s.y, 0);
    struct lock_result r = playfield_lock(&pf, &s); /* lock where it spawned */
    ck_assert(!r.locked_out);
    ck_assert_int_eq(count_filled(&pf), 4);
    for (int i = 0; i < 4; i++) {
        ck_assert(filled(&pf, SPAWNS[_i].cells[i][0], SPAWNS[_i].cells[i][1]));
        ck_assert_int_eq(pf.cells[SPAWNS[_i].cells[i][1]][SPAWNS[_i].cells[i][0]],
                         SPAWNS[_i].type + 1);
    }
}
END_TEST

/* r+ from spawn visits the type's orientations clockwise; r- walks back. */
START_TEST(rotations_from_spawn) {
    static const char *cycles[PIECE_TYPES][4] = {
        [PIECE_T] = {"Td", "Tl", "Tu", "Tr"}, [PIECE_J] = {"Jd", "Jl", "Ju", "Jr"},
        [PIECE_Z] = {"Zh", "Zv", "Zh", "Zv"}, [PIECE_O] = {"O-", "O-", "O-", "O-"},
        [PIECE_S] = {"Sh", "Sv", "Sh", "Sv"}, [PIECE_L] = {"Ld", "Ll", "Lu", "Lr"},
        [PIECE_I] = {"Ih", "Iv", "Ih", "Iv"},
    };
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, (enum piece_type)_i, &s));
    for (int k = 1; k <= 4; k++) {
        ck_assert(playfield_move(&pf, &s, MOVE_ROTATE_CW));
        ck_assert_str_eq(ORIENTATIONS[s.orientation].name, cycles[_i][k % 4]);
        ck_assert_int_eq(s.x, 10);
        ck_assert_int_eq(s.y, 0);
    }
    for (int k = 3; k >= 0; k--) {
        ck_assert(playfield_move(&pf, &s, MOVE_ROTATE_CCW));
        ck_assert_str_eq(ORIENTATIONS[s.orientation].name, cycles[_i][k]);
    }
}
END_TEST

/* The vertical I at spawn reaches two rows into the vanish zone: legal while moving. */
START_TEST(vanish_zone_is_free_while_moving) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, PIECE_I, &s));
    ck_assert(playfield_move(&pf, &s, MOVE_ROTATE_CW));
    ck_assert_str_eq(ORIENTATIONS[s.orientation].name, "Iv");
    ck_assert(playfield_fits(&pf, s.orientation, 10, -5));
    ck_assert(playfield_move(&pf, &s, MOVE_HARD_DROP));
    ck_assert_int_eq(s.y, 40); /* cells at rows 38..41 */
}
END_TEST

START_TEST(shifting_stops_at_the_walls) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, PIECE_I, &s)); /* cells x-2..x+1 */
    int moves = 0;
    while (playfield_move(&pf, &s, MOVE_LEFT))
        moves++;
    ck_assert_int_eq(moves, 8);
    ck_assert_int_eq(s.x, 2);
    moves = 0;
    while (playfield_move(&pf, &s, MOVE_RIGHT))
        moves++;
    ck_assert_int_eq(moves, 17);
    ck_assert_int_eq(s.x, 19);
    ck_assert(!playfield_fits(&pf, s.orientation, 20, 0));
    ck_assert(!playfield_fits(&pf, s.orientation, 1, 0));
}
END_TEST

START_TEST(collisions_with_blocks) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    put(&pf, 13, 1); /* in the way of a T shifted right by two: its stem at (12,1) is free */
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, PIECE_T, &s));
    ck_assert(playfield_move(&pf, &s, MOVE_RIGHT));
    ck_assert(playfield_move(&pf, &s, MOVE_RIGHT));
    ck_assert(!playfield_move(&pf, &s, MOVE_RIGHT)); /* stem would hit (13,1) */
    ck_assert_int_eq(s.x, 12);
    /* Rotation blocked by a cell: Td at (10,1) -> Tl needs (10,0),(9,1),(10,1),(10,2). */
    put(&pf, 10, 0);
    struct piece_state t = {(int8_t)spawn_orientation(PIECE_T), 10, 1};
    ck_assert(!playfield_move(&pf, &t, MOVE_ROTATE_CW));
    ck_assert_str_eq(ORIENTATIONS[t.orientation].name, "Td");
    /* Hard drop rests on a block. */
    put(&pf, 4, 20);
    struct piece_state u = {(int8_t)spawn_orientation(PIECE_T), 4, 0};
    ck_assert(playfield_move(&pf, &u, MOVE_HARD_DROP));
    ck_assert_int_eq(u.y, 18); /* stem at (4,19) on top of (4,20) */
    /* and on the floor */
    struct piece_state v = {(int8_t)spawn_orientation(PIECE_T), 16, 0};
    ck_assert(playfield_move(&pf, &v, MOVE_HARD_DROP));
    ck_assert_int_eq(v.y, 40);
    /* One soft drop step. */
    struct piece_state w = {(int8_t)spawn_orientation(PIECE_O), 4, 17};
    ck_assert(playfield_move(&pf, &w, MOVE_DOWN));
    ck_assert_int_eq(w.y, 18);
    ck_assert(!playfield_move(&pf, &w, MOVE_DOWN)); /* (4,20) below */
}
END_TEST

/* An I dropped vertically into column 0 of rows with a hole there; `expected` rows clear. */
static struct lock_result drop_vertical_i(struct playfield *pf) {
    struct piece_state s;
    ck_assert(playfield_spawn(pf, PIECE_I, &s));
    ck_assert(playfield_move(pf, &s, MOVE_ROTATE_CW));
    for (int i = 0; i < 10; i++)
        ck_assert(playfield_move(pf, &s, MOVE_LEFT));
    ck_assert(playfield_move(pf, &s, MOVE_HARD_DROP));
    return playfield_lock(pf, &s);
}

START_TEST(line_clears_single_to_tetris) {
    int n = _i + 1; /* rows to clear: 1 single .. 4 tetris */
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    for (int r = 0; r < 4; r++)
        fill_row(&pf, 41 - r, r < n ? "a" : "ab"); /* rows >= n keep a second hole */
    put(&pf, 7, 37);                               /* a marker above the stack */
    struct lock_result r = drop_vertical_i(&pf);
    ck_assert(!r.locked_out);
    ck_assert_int_eq(r.top_row, 38);
    ck_assert_int_eq(r.cleared, n);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(r.cleared_rows[i], 41 - (n - 1) + i);
    /* Everything above moved down by n rows; the marker with it. */
    ck_assert(filled(&pf, 7, 37 + n));
    ck_assert(!filled(&pf, 7, 37));
    ck_assert_int_eq(count_filled(&pf), 1 + (4 - n) * 19 + (4 - n)); /* holes "ab" */
    for (int row = 0; row < 41 - (4 - n) + 1 && row < HEIGHT; row++)
        if (row != 37 + n)
            ck_assert_uint_eq(row_bits(&pf, row), 0);
}
END_TEST

/* Naive gravity: rows move down by the cleared rows below them and no further, even over
 * empty cells; cleared rows need not be adjacent. */
START_TEST(naive_gravity_does_not_cascade) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    fill_row(&pf, 41, "a");
    fill_row(&pf, 40, "abcdefghijklmnopqr"); /* not full: only columns s..u */
    fill_row(&pf, 39, "a");
    put(&pf, 5, 38);
    struct lock_result r = drop_vertical_i(&pf); /* rows 38..41 of column 0 */
    ck_assert_int_eq(r.cleared, 2);
    ck_assert_int_eq(r.cleared_rows[0], 39);
    ck_assert_int_eq(r.cleared_rows[1], 41);
    /* Row 40 -> 41, row 38 -> 40; the cell at (5,40) floats over the empty (5,41). */
    ck_assert_uint_eq(row_bits(&pf, 41), (1u << 0) | (7u << 18));
    ck_assert_uint_eq(row_bits(&pf, 40), (1u << 0) | (1u << 5));
    ck_assert_uint_eq(row_bits(&pf, 39), 0);
    ck_assert_int_eq(pf.filled[41], 4);
    ck_assert_int_eq(pf.filled[40], 2);
    ck_assert_int_eq(pf.cells[41][0], PIECE_I + 1);
    ck_assert_int_eq(count_filled(&pf), 6);
}
END_TEST

START_TEST(top_out_when_the_spawn_is_occupied) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    put(&pf, 10, 1); /* under T's pivot, not under I's cells */
    struct piece_state s;
    ck_assert(!playfield_spawn(&pf, PIECE_T, &s));
    ck_assert(playfield_spawn(&pf, PIECE_I, &s));
    ck_assert(!playfield_spawn(&pf, PIECE_O, &s));
}
END_TEST

START_TEST(lock_out_above_row_zero) {
    struct playfield pf;
    playfield_init(&pf, WIDTH, HEIGHT);
    put(&pf, 10, 2);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, PIECE_I, &s));
    ck_assert(playfield_move(&pf, &s, MOVE_ROTATE_CW)); /* rows -2..1 */
    ck_assert(playfield_move(&pf, &s, MOVE_HARD_DROP));
    ck_assert_int_eq(s.y, 0);
    struct lock_result r = playfield_lock(&pf, &s);
    ck_assert(r.locked_out);
    ck_assert_int_eq(r.top_row, -2);
    ck_assert_int_eq(count_filled(&pf), 1); /* nothing was written */
    /* A piece whose cells are all on the field locks even at row 0. */
    struct piece_state o = {(int8_t)spawn_orientation(PIECE_O), 3, 0};
    ck_assert(!playfield_lock(&pf, &o).locked_out);
    ck_assert_int_eq(playfield_top_row(&pf), 0);
}
END_TEST

START_TEST(move_names) {
    ck_assert_str_eq(move_name(MOVE_ROTATE_CW), "r+");
    ck_assert_str_eq(move_name(MOVE_ROTATE_CCW), "r-");
    ck_assert_str_eq(move_name(MOVE_LEFT), "sl");
    ck_assert_str_eq(move_name(MOVE_RIGHT), "sr");
    ck_assert_str_eq(move_name(MOVE_DOWN), "d");
    ck_assert_str_eq(move_name(MOVE_HARD_DROP), "hd");
}
END_TEST

/* Any odd width: the spawn is the top centre, a row clears when all its columns are
 * filled, and the floor is the field's height. */
START_TEST(fields_of_other_sizes) {
    static const int widths[] = {11, 25, 71}, heights[] = {4, 50, 255};
    int width = widths[_i], height = heights[_i];
    struct playfield pf;
    playfield_init(&pf, width, height);
    struct piece_state s;
    ck_assert(playfield_spawn(&pf, PIECE_I, &s));
    ck_assert_int_eq(s.x, (width - 1) / 2);
    ck_assert_int_eq(s.y, 0);
    /* The floor row full but for the last column; a vertical I there clears it. */
    for (int col = 0; col < width - 1; col++)
        put(&pf, col, height - 1);
    ck_assert(playfield_move(&pf, &s, MOVE_ROTATE_CW)); /* Iv: column x + 0 */
    while (playfield_move(&pf, &s, MOVE_RIGHT))
        continue;
    ck_assert_int_eq(s.x, width - 1);
    ck_assert(playfield_move(&pf, &s, MOVE_HARD_DROP));
    struct lock_result r = playfield_lock(&pf, &s);
    ck_assert_int_eq(r.cleared, 1);
    ck_assert_int_eq(r.cleared_rows[0], height - 1);
    ck_assert_int_eq(count_filled(&pf), 3); /* the I's other cells moved down */
    ck_assert(filled(&pf, width - 1, height - 1));
    ck_assert_int_eq(playfield_top_row(&pf), height - 3);
    struct playfield copy;
    playfield_copy(&copy, &pf);
    ck_assert_int_eq(copy.width, width);
    ck_assert_int_eq(copy.height, height);
    ck_assert_int_eq(count_filled(&copy), 3);
}
END_TEST

static Suite *playfield_suite(void) {
    Suite *s = suite_create("playfield");
    TCase *t = tcase_create("engine");
    tcase_set_timeout(t, 60);
    tcase_add_loop_test(t, spawn_position_and_orientation, 0, PIECE_TYPES);
    tcase_add_loop_test(t, rotations_from_spawn, 0, PIECE_TYPES);
    tcase_add_test(t, vanish_zone_is_free_while_moving);
    tcase_add_test(t, shifting_stops_at_the_walls);
    tcase_add_test(t, collisions_with_blocks);
    tcase_add_loop_test(t, line_clears_single_to_tetris, 0, 4);
    tcase_add_test(t, naive_gravity_does_not_cascade);
    tcase_add_test(t, top_out_when_the_spawn_is_occupied);
    tcase_add_test(t, lock_out_above_row_zero);
    tcase_add_test(t, move_names);
    tcase_add_loop_test(t, fields_of_other_sizes, 0, 3);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(playfield_suite)
