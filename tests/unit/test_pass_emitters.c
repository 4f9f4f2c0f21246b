/* Passes into a band of rows (target.h, pass_emitters.c): pieces that hang into two or three
 * picture rows, or lie whole in them, print what a pass over one row can't; props hold up a
 * J or L hanging from its corner where no emitter does; every pass found plays as drawn and
 * leaves exactly the pixels it says. */
#include "emitters.h"
#include "pass_packer.h"
#include "pass_planner.h"
#include "piece_block.h"
#include "player.h"
#include "unit.h"

#include <limits.h>
#include <string.h>

#define WIDTH FIELD_DEFAULT_WIDTH

static struct pass_packer packer;
static struct pass_packing packing;
static const struct pass_budget BUDGET = {
    .tries = 400, .nodes_per_try = 4000, .nodes_per_matrix = 4000};

static void setup(void) {
    ck_assert(pass_packer_init(&packer));
}

static void teardown(void) {
    pass_packer_free(&packer);
}

/* A band from rows of piece letters ('.' none, '#' a square printed already), its top row
 * first, on the floor. */
static struct target band_of(const char *const rows[], int count) {
    struct target t;
    target_init(&t, (int)strlen(rows[0]));
    t.rows = count;
    for (int r = 0; r < count; r++)
        for (int c = 0; c < t.width; c++) {
            t.square[r][c] = rows[r][c] == '#';
            for (int type = 0; type < PIECE_TYPES; type++)
                if (piece_type_letter((enum piece_type)type) == rows[r][c])
                    t.want[r][c] = (int8_t)type;
        }
    memset(t.under, true, sizeof t.under);
    return t;
}

/* The most pixels of the band emitters print at once under `rows` matrix rows. */
static int most_printed(const struct target *band, int rows) {
    struct pass_problem p;
    pass_planner_problem(band, rows, 1, &p);
    return pass_emitters_most(&packer, &p, 100000);
}

/* Searches a pass printing every pixel of the band under `rows` matrix rows, with a few
 * seeds. */
static enum pass_result pack_all(const struct target *band, int rows, struct pass_problem *p) {
    pass_planner_problem(band, rows, target_pending_count(band), p);
    enum pass_result r = PASS_NONE;
    for (uint64_t seed = 1; seed <= 8 && r != PASS_FOUND; seed++)
        r = pass_pack(&packer, p, seed, BUDGET, &packing);
    return r;
}

/* A square of the band in the field: a cell of some piece (its type is not read). */
#define SQUARE_CELL playfield_cell_of(PIECE_J)

/* The pass plays on a field holding only the band's squares, the band on the floor, and
 * leaves exactly those squares and the band's pixels, each of its piece's type;
 * 4 * pieces = W * rows + pixels. */
static void assert_band_printed(const struct pass_problem *p) {
    struct script_block block;
    ck_assert(piece_block_from_pass(&packing, p, &block));
    struct playfield pf;
    int height = field_default_height(WIDTH), rows = p->target.rows;
    playfield_init(&pf, WIDTH, height);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < WIDTH; c++)
            if (p->target.square[r][c]) {
                pf.cells[height - rows + r][c] = SQUARE_CELL;
                pf.filled[height - rows + r]++;
            }
    ck_assert_msg(piece_block_play(&block, &pf), "the pass does not play as drawn");
    script_block_free(&block);
    for (int y = 0; y < height; y++)
        for (int c = 0; c < WIDTH; c++) {
            int r = y - (height - rows); /* the band's row, 0 its top */
            bool pixel = r >= 0 && packing.prints[r][c];
            if (pixel)
                ck_assert(target_pending(&p->target, r, c));
            int want =
                pixel ? playfield_cell_of((enum piece_type)p->target.want[r][c]) : PLAYFIELD_EMPTY;
            ck_assert_int_eq(pf.cells[y][c], r >= 0 && p->target.square[r][c] ? SQUARE_CELL : want);
        }
    ck_assert_int_eq(4 * packing.count, WIDTH * p->rows + packing.printed);
}

/* True when the packing holds a piece of the orientation with its box's bottom at `depth`. */
static bool has_piece(int orientation, int depth) {
    for (int i = 0; i < packing.count; i++)
        if (packing.pieces[i].orientation == orientation && packing.pieces[i].base == -depth)
            return true;
    return false;
}

START_TEST(shapes_reach_down_and_lie) {
    const struct emitter_shape *shapes;
    int n = emitter_shapes_of(PIECE_I, TARGET_MAX_ROWS, &shapes);
    bool hangs_three = false, lies_four = false;
    for (int i = 0; i < n; i++) {
        const struct emitter_shape *s = &shapes[i];
        if (s->orientation == ORIENTATION_IV && s->depth == 3)
            hangs_three = s->squares == 3 && !emitter_lies(s) && s->band[0] == 7u;
        if (s->orientation == ORIENTATION_IH && s->depth == 2)
            lies_four = s->squares == 4 && emitter_lies(s) && s->band[3] == 2u;
    }
    ck_assert(hangs_three && lies_four);
    n = emitter_shapes_of(PIECE_O, 2, &shapes);
    ck_assert_int_eq(n, 2);
    ck_assert(shapes[1].depth == 2 && emitter_lies(&shapes[1]) && shapes[1].squares == 4);
}
END_TEST

/* A column of two J pixels: a vertical J hangs both, its foot in the matrix. */
START_TEST(a_column_of_two_hangs_from_a_vertical_j) {
    const char *const rows[] = {".........J...........", ".........J..........."};
    struct target band = band_of(rows, 2);
    struct pass_problem p;
    ck_assert_int_eq(pack_all(&band, 6, &p), PASS_FOUND); /* 126 + 2 = 128: 32 pieces */
    ck_assert_int_eq(packing.printed, 2);
    assert_band_printed(&p);
}
END_TEST

/* A 2x2 square of O pixels: an O lies whole in the band. */
START_TEST(an_o_lies_in_a_square_of_four) {
    const char *const rows[] = {"........OO...........", "........OO..........."};
    struct target band = band_of(rows, 2);
    struct pass_problem p;
    ck_assert_int_eq(pack_all(&band, 4, &p), PASS_FOUND);
    ck_assert(has_piece(ORIENTATION_O, 2));
    assert_band_printed(&p);
}
END_TEST

/* Three I pixels one above another: a vertical I hangs all three (its one cell in the
 * matrix is the only one there, so the matrix over it is hard to pack: the emitters alone). */
START_TEST(a_vertical_i_hangs_three) {
    const char *const rows[] = {"..........I..........", "..........I..........",
                                "..........I.........."};
    struct target band = band_of(rows, 3);
    ck_assert_int_eq(most_printed(&band, 5), 3);
    band.want[0][10] = TARGET_NONE; /* two I pixels: no shape prints a column of two alone */
    ck_assert_int_eq(most_printed(&band, 5), 0);
}
END_TEST

/* Two rows of T, L and J regions, printed in one pass (a one-row pass reaches only the top
 * row). */
START_TEST(two_rows_of_regions_in_one_pass) {
    const char *const rows[] = {"....TTTJJ..LLL.......", ".....T.JJ..LLL......."};
    struct target band = band_of(rows, 2);
    struct pass_problem p;
    int pixels = target_pending_count(&band); /* 14: 21 * 6 + 14 = 140 */
    ck_assert_int_eq(pixels, 14);
    ck_assert_int_eq(pack_all(&band, 6, &p), PASS_FOUND);
    ck_assert_int_eq(packing.printed, 14);
    assert_band_printed(&p);
}
END_TEST

/* The rows under a band's top row are printed whole: a J under a T can't be (no J reaches
 * it), so no pass prints anything of that band. */
START_TEST(the_rows_under_the_top_are_printed_whole) {
    const char *const rows[] = {".....T...T...........", ".....J..............."};
    struct target band = band_of(rows, 2);
    ck_assert_int_eq(most_printed(&band, 4), 0);
    /* Without the T above it, the J's column is free, but one J pixel alone in the lower row
     * still has no shape: a piece reaching it has a cell in the row above. */
    const char *const alone[] = {".........T...........", ".....J..............."};
    band = band_of(alone, 2);
    ck_assert_int_eq(most_printed(&band, 4), 0);
}
END_TEST

/* A pixel of the top row may be left for a later pass only over a pixel of the row under
 * it, which the pass prints: the row left then stands on it. The T at column 7 has nothing
 * under it, but its piece prints the T under column 8 too, which the pass must print. */
START_TEST(a_band_leaves_top_pixels_only_over_pixels) {
    const char *const rows[] = {"....JJ.TT............", "....JJ..T............"};
    struct target band = band_of(rows, 2);
    struct pass_problem p;
    pass_planner_problem(&band, 6, 6, &p); /* 126 + 6 = 132: one top pixel left */
    int found = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        if (pass_pack(&packer, &p, seed, BUDGET, &packing) != PASS_FOUND)
            continue;
        found++;
        ck_assert_int_eq(packing.printed, 6);
        for (int c = 0; c < WIDTH; c++) {
            if (target_pending(&band, 1, c))
                ck_assert(packing.prints[1][c]); /* the lower row, whole */
            if (target_pending(&band, 0, c) && !packing.prints[0][c])
                ck_assert(target_pixel(&band, 1, c)); /* left over a pixel */
        }
        assert_band_printed(&p);
    }
    ck_assert_int_gt(found, 0);
    /* The lone T with nothing under it can neither be printed nor left. */
    const char *const lone[] = {"....JJ......T........", "....JJ..............."};
    band = band_of(lone, 2);
    ck_assert_int_eq(most_printed(&band, 6), 0);
}
END_TEST

/* A pass whose pixels left must be reachable from the row above leaves none elsewhere: of
 * two J pixels side by side, which no pass prints together at 3 rows, it prints the one
 * whose column the row above can't reach. */
START_TEST(a_pass_leaves_pixels_only_where_told) {
    const char *const row[] = {".......JJ............"};
    struct target band = band_of(row, 1);
    struct pass_problem p;
    pass_planner_problem(&band, 3, 1, &p);
    p.leave_reachable = true;
    p.reachable[7] = true;
    int found = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        if (pass_pack(&packer, &p, seed, BUDGET, &packing) != PASS_FOUND)
            continue;
        found++;
        ck_assert(packing.prints[0][8]);
        assert_band_printed(&p);
    }
    ck_assert_int_gt(found, 0);
}
END_TEST

/* The planner's next pass for a window of rows, its lowest being printed. */
struct next_pass {
    struct target window;
    enum planner_result result;
    struct planned_pass pass;
};

static void plan_next(void *context, struct search_team *team) {
    struct next_pass *n = context;
    struct playfield pf;
    playfield_init(&pf, WIDTH, field_default_height(WIDTH));
    n->result = pass_planner_next(team, &n->window, &pf, 2013, PLANNER_DEFAULT_LIMITS, LONG_MAX,
                                  INT_MAX, &n->pass);
}

/* Plans the next pass for a window of 3 rows (band_of), which must find one. */
static void plan_window(const char *const rows[3], struct next_pass *n) {
    n->window = band_of(rows, 3);
    ck_assert(search_team_run(plan_next, n));
    ck_assert_int_eq(n->result, PLANNER_FOUND);
}

/* Which pixels of a band's lower row a piece hangs through pixels of its type in the row
 * above to print: a column of two (a vertical J, L or I), three cells over two columns (a
 * vertical T, S or Z), or three cells over one (a T, J or L lying whole). */
START_TEST(a_pixel_is_reached_through_pixels_of_its_type) {
    static const struct {
        const char *upper, *lower;
        int column;
        bool reached;
    } cases[] = {
        {".....J...............", ".....J...............", 5, true},  /* vertical J */
        {".....I...............", ".....I...............", 5, true},  /* vertical I */
        {".....TT..............", ".....T...............", 5, true},  /* vertical T */
        {"....TT...............", ".....T...............", 5, true},  /* the other way */
        {"....TTT..............", ".....T...............", 5, true},  /* T lying, stem down */
        {".....T...............", ".....T...............", 5, false}, /* no nub */
        {"....SS...............", ".....S...............", 5, true},  /* vertical S */
        {".....SS..............", ".....S...............", 5, false}, /* an S leans left */
        {".....ZZ..............", ".....Z...............", 5, true},  /* vertical Z */
        {"....JJJ..............", "......J..............", 6, true},  /* J lying */
        {".....OO..............", ".....O...............", 5, false}, /* O: two cells deep */
        {".....T...............", ".....J...............", 5, false}, /* another type */
        {"TT...................", "T....................", 0, true},  /* at the edge */
        {".TT..................", "T....................", 0, false},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const char *const rows[] = {cases[k].upper, cases[k].lower};
        struct target band = band_of(rows, 2);
        ck_assert_msg(emitter_reaches_through(&band, 1, cases[k].column) == cases[k].reached,
                      "case %zu: %s over %s", k, cases[k].upper, cases[k].lower);
    }
}
END_TEST

/* A row's first pass that can't print all of it leaves only pixels a band pass over the row
 * above reaches (a sprite of 5 colours, seed 2027's random 0058). Without that, the pass here
 * leaves the L at column 6 under a J, which then takes a pass of its own. */
START_TEST(a_row_leaves_what_the_band_above_reaches) {
    const char *const rows[] = {"....TTT..............", ".......J.............",
                                ".......JJ............"};
    static struct next_pass n;
    plan_window(rows, &n);
    const struct target *band = &n.pass.problem.target;
    ck_assert_int_eq(band->rows, 1);
    int left = 0;
    for (int c = 0; c < WIDTH; c++) {
        if (!target_pending(band, 0, c) || n.pass.packing.prints[0][c])
            continue;
        left++;
        ck_assert_msg(emitter_reaches_through(&n.window, 2, c), "column %d left unreached", c);
    }
    ck_assert_int_gt(left, 0); /* the row doesn't go in one pass */
    planned_pass_free(&n.pass);
}
END_TEST

/* ... whatever piece reaches it: here the T at column 9, under a T with a T beside it, which
 * a vertical T prints with them. The pass prints the L in a matrix of 3 rows (16 pieces);
 * both pixels at once would take 5. */
START_TEST(a_row_leaves_a_t_for_a_vertical_t_above) {
    const char *const rows[] = {".........L...........", ".........TT..........",
                                ".........TL.........."};
    static struct next_pass n;
    plan_window(rows, &n);
    ck_assert(n.pass.problem.leave_reachable);
    ck_assert(n.pass.packing.prints[0][10]);
    ck_assert(!n.pass.packing.prints[0][9]);
    ck_assert_int_eq(n.pass.packing.count, 16);
    planned_pass_free(&n.pass);
}
END_TEST

/* ... but only while the row above stands on the row: here its T has nothing under it, so a
 * band pass over the two would have to print the T resting on its neighbours alone, and the
 * J left for it would take a pass of its own. */
START_TEST(a_row_leaves_nothing_for_a_band_it_cannot_hold) {
    const char *const rows[] = {"....TTT..............", ".....T.J.............",
                                ".......JJ............"};
    static struct next_pass n;
    plan_window(rows, &n);
    ck_assert(!n.pass.problem.leave_reachable);
    planned_pass_free(&n.pass);
}
END_TEST

/* The props: flat in the matrix, nothing in the target, at most 2 rows tall. */
START_TEST(props_lie_flat_in_the_matrix) {
    const struct emitter_shape *props;
    int n = emitter_prop_shapes(&props);
    ck_assert_int_eq(n, 2); /* the T pointing up, the lying I */
    for (int k = 0; k < n; k++) {
        ck_assert_int_eq(props[k].squares, 0);
        for (int i = 0; i < props[k].width; i++) {
            ck_assert_int_eq(props[k].band[i], 0);
            ck_assert_int_eq(props[k].matrix_bottom[i], 0);
            ck_assert_int_le(props[k].matrix_top[i], 2);
        }
    }
}
END_TEST

/* An L then a J in a row begun by an earlier pass: each alone needs the bottom-row cell
 * over the other unless it hangs from its corner, the L's standing over the square on its
 * left, the J's over the square on its right, where no emitter can be: each on a prop, both
 * in one pass (on main, emitters printed one of the two). Also with no pixel left of the L:
 * its prop lies on the squares further left, over the empty cell. */
START_TEST(an_l_and_a_j_stand_on_props) {
    const char *const rows[][1] = {{"..#######LJ########.."}, {"..######.LJ########.."}};
    for (int k = 0; k < 2; k++) {
        struct target band = band_of(rows[k], 1);
        ck_assert_int_eq(most_printed(&band, 3), 2);
        struct pass_problem p;
        ck_assert_int_eq(pack_all(&band, 6, &p), PASS_FOUND); /* 126 + 2 = 128: 32 pieces */
        assert_band_printed(&p);
    }
}
END_TEST

static Suite *pass_emitters_suite(void) {
    Suite *s = suite_create("pass_emitters");
    TCase *t = tcase_create("bands");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 240);
    tcase_add_test(t, shapes_reach_down_and_lie);
    tcase_add_test(t, a_column_of_two_hangs_from_a_vertical_j);
    tcase_add_test(t, an_o_lies_in_a_square_of_four);
    tcase_add_test(t, a_vertical_i_hangs_three);
    tcase_add_test(t, two_rows_of_regions_in_one_pass);
    tcase_add_test(t, the_rows_under_the_top_are_printed_whole);
    tcase_add_test(t, a_band_leaves_top_pixels_only_over_pixels);
    tcase_add_test(t, a_pass_leaves_pixels_only_where_told);
    tcase_add_test(t, a_pixel_is_reached_through_pixels_of_its_type);
    tcase_add_test(t, a_row_leaves_what_the_band_above_reaches);
    tcase_add_test(t, a_row_leaves_a_t_for_a_vertical_t_above);
    tcase_add_test(t, a_row_leaves_nothing_for_a_band_it_cannot_hold);
    tcase_add_test(t, props_lie_flat_in_the_matrix);
    tcase_add_test(t, an_l_and_a_j_stand_on_props);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(pass_emitters_suite)
