/* tetris-convert's real-time search: the emitting orientations, the packer (each packing
 * replayed as real Tetris and checked under the matrix model), the most pixels emitters
 * print at once, the platform left standing by a pass, the blocks drawn from placed pieces,
 * the colour rules and the choice of the colours' pieces. */
#include "colour_assignment.h"
#include "colour_rules.h"
#include "converter.h"
#include "emitters.h"
#include "parity.h"
#include "pass_packer.h"
#include "pass_planner.h"
#include "pattern_library.h"
#include "piece_block.h"
#include "platform.h"
#include "table_pass.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct pass_packer packer;
static struct pass_packing packing;
static const struct pass_budget BUDGET = {
    .tries = 256, .nodes_per_try = 250, .nodes_per_matrix = 250};

static void setup(void) {
    ck_assert(pass_packer_init(&packer));
}

static void teardown(void) {
    pass_packer_free(&packer);
}

/* A problem on the field as wide as `pixels` (the 21-wide one, mostly), which gives each
 * column's piece letter ('.' none), `rows` matrix rows, the row under the emission row full
 * (a platform or the floor). */
#define WIDTH FIELD_DEFAULT_WIDTH
#define HEIGHT FIELD_DEFAULT_HEIGHT

static struct pass_problem problem_of(const char *pixels, int rows, int min_pixels) {
    struct target row;
    target_init(&row, (int)strlen(pixels));
    ck_assert(field_width_valid(row.width));
    for (int c = 0; c < row.width; c++) {
        row.under[c] = true;
        for (int t = 0; t < PIECE_TYPES && pixels[c] != '.'; t++)
            if (piece_type_letter((enum piece_type)t) == pixels[c])
                row.want[0][c] = (int8_t)t;
    }
    struct pass_problem p;
    pass_planner_problem(&row, rows, min_pixels, &p);
    return p;
}

/* The packer follows tetris-search's matrix model: past its emitters (the first pieces, base
 * -1), a packing's pieces are legal drops of matrix.h one by one (profile, bounds, support,
 * regions) and pack the matrix, whose start is the emitters' cells in it and whose floor
 * support is the emission row's squares, the problem's and those the emitters print. */
static void assert_matrix_model_agrees(const struct pass_problem *p,
                                       const struct pass_packing *found) {
    struct matrix m;
    int width = p->target.width;
    matrix_init(&m, width, p->rows);
    memcpy(m.capacity, p->capacity, (size_t)width);
    int k = 0;
    for (; k < found->count && found->pieces[k].base < 0; k++) {
        const struct placement *e = &found->pieces[k];
        ck_assert_int_eq(e->base, -1);
        const struct orientation *o = &ORIENTATIONS[e->orientation];
        for (int i = 0; i < o->width; i++) {
            int column = e->column + i, top = e->base + o->top[i];
            m.stack[column] = (uint8_t)(top > m.stack[column] ? top : m.stack[column]);
            ck_assert(o->bottom[i] != 0 || found->prints[0][column]); /* its cells there print */
        }
    }
    ck_assert_int_gt(k, 0);
    for (int c = 0; c < width; c++)
        m.floor_support[c] = p->target.square[0][c] || found->prints[0][c];
    ck_assert(matrix_regions_ok(&m));
    for (; k < found->count; k++) {
        struct placement d = found->pieces[k];
        ck_assert_int_eq(matrix_drop_base(&m, d.orientation, d.column), d.base);
        matrix_apply(&m, d);
        ck_assert(matrix_regions_ok(&m));
    }
    ck_assert(matrix_packed(&m));
}

/* Replays a packing found for `p` on an empty playfield, the emission row on the floor, and
 * checks that the field then holds exactly the pixels printed, in their pieces' types. */
static void assert_plays(const struct pass_problem *p, const struct pass_packing *found) {
    struct script_block block;
    ck_assert(piece_block_from_pass(found, p, &block));
    struct playfield pf;
    int width = p->target.width, height = field_default_height(width);
    playfield_init(&pf, width, height);
    ck_assert_msg(piece_block_play(&block, &pf), "the pass does not play as drawn");
    script_block_free(&block);
    int printed = 0;
    for (int r = 0; r < height; r++)
        for (int c = 0; c < width; c++) {
            bool pixel = r == height - 1 && found->prints[0][c];
            ck_assert_int_eq(pf.cells[r][c],
                             pixel ? playfield_cell_of((enum piece_type)p->target.want[0][c])
                                   : PLAYFIELD_EMPTY);
            printed += pixel;
        }
    ck_assert_int_eq(printed, found->printed);
    ck_assert_int_ge(printed, p->min_pixels);
    int squares = 0;
    for (int c = 0; c < width; c++)
        squares += p->capacity[c];
    ck_assert_int_eq(4 * found->count, squares + printed); /* 4 * pieces = W * rows + squares */
}

/* ... and that the packing follows the matrix model (a pass packed whole, not in slabs). */
static void assert_replays(const struct pass_problem *p, const struct pass_packing *found) {
    assert_matrix_model_agrees(p, found);
    assert_plays(p, found);
}

START_TEST(every_orientation_emits) {
    const int expected[PIECE_TYPES] = {[PIECE_T] = 4, [PIECE_J] = 4, [PIECE_L] = 4, [PIECE_S] = 2,
                                       [PIECE_Z] = 2, [PIECE_I] = 2, [PIECE_O] = 1};
    int total = 0, squares[5] = {0};
    for (int t = 0; t < PIECE_TYPES; t++) {
        const struct emitter_shape *shapes;
        int n = emitter_shapes_of((enum piece_type)t, 1, &shapes);
        ck_assert_int_eq(n, expected[t]);
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(ORIENTATIONS[shapes[i].orientation].type, t);
            ck_assert_int_eq(shapes[i].depth, 1);
            ck_assert(shapes[i].band[shapes[i].first_emit] == 1u);
            squares[shapes[i].squares]++;
        }
        total += n;
        /* Deeper, each orientation again at each depth. */
        ck_assert_int_eq(emitter_shapes_of((enum piece_type)t, TARGET_MAX_ROWS, &shapes),
                         expected[t] * TARGET_MAX_ROWS);
    }
    ck_assert_int_eq(total, EMITTER_ORIENTATIONS);
    ck_assert_int_eq(total, ORIENTATION_COUNT);
    /* One square: spawn J T L, both vertical T, vertical S Z I, J and L hanging from their
     * corner; two: O, lying S Z, J and L on their foot; three: flipped J T L; four: the
     * lying I. */
    ck_assert_int_eq(squares[1], 10);
    ck_assert_int_eq(squares[2], 5);
    ck_assert_int_eq(squares[3], 3);
    ck_assert_int_eq(squares[4], 1);
    ck_assert(!emitter_prints_run(PIECE_O, 3) && emitter_prints_run(PIECE_O, 4));
}
END_TEST

START_TEST(single_pixels_pack_and_replay) {
    /* J, T and L alone at 3 rows (the library's height for most columns), at each column. */
    const char *types = "JTL";
    for (int k = 0; k < 3; k++)
        for (int column = 2; column <= 18; column += 4) {
            char pixels[WIDTH + 1];
            memset(pixels, '.', WIDTH);
            pixels[WIDTH] = '\0';
            pixels[column] = types[k];
            struct pass_problem p = problem_of(pixels, 3, 1);
            ck_assert_int_eq(pass_pack(&packer, &p, 7, BUDGET, &packing), PASS_FOUND);
            assert_replays(&p, &packing);
        }
}
END_TEST

/* Packs with seeds 1, 2, ... until one finds a packing (searches are randomized: a seed may
 * miss one that exists), and replays it. */
static void assert_packs(const char *pixels, int rows, int min_pixels) {
    struct pass_problem p = problem_of(pixels, rows, min_pixels);
    bool found = false;
    for (uint64_t seed = 1; seed <= 8 && !found; seed++)
        found = pass_pack(&packer, &p, seed, BUDGET, &packing) == PASS_FOUND;
    ck_assert_msg(found, "no packing of %s in %d rows", pixels, rows);
    assert_replays(&p, &packing);
}

START_TEST(every_type_prints_what_it_can) {
    /* O, S and Z a pair (not in 2 rows: 6), I four in a row (4 rows: 84 + 4 = 88). */
    assert_packs("........OO...........", 6, 2);
    assert_packs(".......SS............", 6, 2);
    assert_packs("........ZZ...........", 6, 2);
    assert_packs(".......IIII..........", 4, 4);
    /* A full row of one colour in one pass of 3 rows: 21 * 3 + 17 = 80, 20 pieces. */
    assert_packs("..TTTTTTTTTTTTTTTTT..", 3, 17);
    ck_assert_int_eq(packing.count, 20);
}
END_TEST

START_TEST(a_lone_pixel_anywhere_on_a_wide_field) {
    /* A pass wide enough for slabs, one pixel: no slab can end before it (nothing in the
     * emission row holds a slab up), so the pass goes on past the widest a slab may be. */
    enum { WIDE = 37 };
    const char *types = "JTL";
    for (int k = 0; k < 3; k++)
        for (int column = 2; column < WIDE - 2; column += 4) {
            char pixels[WIDE + 1];
            memset(pixels, '.', WIDE);
            pixels[WIDE] = '\0';
            pixels[column] = types[k];
            assert_packs(pixels, 3, 1);
        }
}
END_TEST

/* Whether a pass of `rows` rows printing at least `min_pixels` of the row packs within the
 * planner's budget on one of the seeds 1 to 4 (into `packing`), the problem in *p. */
static bool packs_within_the_planners_budget(const char *pixels, int rows, int min_pixels,
                                             struct pass_problem *p) {
    *p = problem_of(pixels, rows, min_pixels);
    struct pass_budget budget = pass_planner_budget(PLANNER_DEFAULT_LIMITS, p->target.width, rows);
    for (uint64_t seed = 1; seed <= 4; seed++)
        if (pass_pack(&packer, p, seed, budget, &packing) == PASS_FOUND)
            return true;
    return false;
}

START_TEST(standing_i_pieces_split_a_short_matrix) {
    /* A row of a photo on the 53-wide field (chelsea.png fitted to 49 columns, its row 15):
     * under 3 matrix rows, each I of a run of 1 to 3 stands (3 cells in the matrix) and fills
     * its column, so the matrix is in runs between them, each of which must hold a multiple
     * of 4 empty cells. A try that leaves its first run broken spent all its placements on
     * the holes to the right and never found a pass: every row like this went to the
     * library, one pixel a pass. Within the planner's budget, the pass prints 29 of them. */
    const char *pixels = "..SLTJTLTIIIJTTJTTTTIIITSSJIJJIIJISLLSJIJTJJTTJIIII..";
    struct pass_problem p;
    ck_assert_msg(packs_within_the_planners_budget(pixels, 3, 29, &p), "no pass of 3 rows over %s",
                  pixels);
    assert_plays(&p, &packing); /* in slabs: the matrix model holds slab by slab */
}
END_TEST

START_TEST(a_pixel_left_between_standing_i_pieces) {
    /* Another row of a photo on the 53-wide field (rocket.jpg fitted to 49 columns, its row 2).
     * The S of "IISII" can't print before the I on its left has (a standing S would hang
     * over it), so a pass leaves it, and with both I pieces standing beside it, its column
     * is a well of 3 rows with nothing under it that no piece can fill. Tries that made such
     * wells spent their placements on the holes to their right: no pass at any height. */
    const char *pixels = "..TTTTJZJZZZZSZSIIZJJJJJZSIISIIZZZSIZZJJTTTTTTZZJTZ..";
    struct pass_problem p;
    ck_assert_msg(packs_within_the_planners_budget(pixels, 4, 32, &p), "no pass of 4 rows over %s",
                  pixels);
    assert_plays(&p, &packing);
}
END_TEST

START_TEST(a_matrix_that_gives_up_leaves_tries) {
    /* One pixel: phase 1 has a few sets of emitters, and a try goes through them all within
     * its budget. When the matrix over each gives up on its own small budget, the try finds
     * no pass without having searched its whole space: the next tries, with other random
     * choices, do pack it. Taken for an empty space, the search stopped after 3 tries. */
    struct pass_problem p = problem_of("..........J..........", 3, 1);
    const struct pass_budget small_matrices = {
        .tries = 64, .nodes_per_try = 2000, .nodes_per_matrix = 40};
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ck_assert_msg(pass_pack(&packer, &p, seed, small_matrices, &packing) == PASS_FOUND,
                      "seed %d", (int)seed);
        assert_replays(&p, &packing);
    }
}
END_TEST

START_TEST(a_pass_leaves_its_row_printable) {
    /* A row of astronaut.png fitted to 49 columns (its row 6), on the 53-wide field. Passes
     * that print some of its O pixels and leave a lone one, or leave an I without pixels on
     * both sides, leave pixels no pass can print: the planner takes none of them. The search
     * gives up such a run as soon as its columns are settled, and finds a pass that leaves
     * the row printable. */
    const char *pixels = "..SSTOOOOOOOOTOOOOTTTOOOOJJLTSISIZILLTZZZSTJTIIITJZ..";
    struct pass_problem p = problem_of(pixels, 3, 29);
    struct pass_budget budget = pass_planner_budget(PLANNER_DEFAULT_LIMITS, p.target.width, 3);
    bool found = false;
    for (uint64_t seed = 1; seed <= 4 && !found; seed++) {
        if (pass_pack(&packer, &p, seed, budget, &packing) != PASS_FOUND)
            continue;
        assert_plays(&p, &packing);
        struct target left = p.target;
        pass_packing_mark(&packing, &left);
        found = colour_rules_row_holds(left.width, left.want[0], left.square[0]);
    }
    ck_assert_msg(found, "no pass of 3 rows over %s leaving it printable", pixels);
}
END_TEST

START_TEST(what_no_pass_can_print) {
    /* A lone O pixel: O prints pairs only; no emitter set at all. */
    struct pass_problem p = problem_of("..........O..........", 3, 1);
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 0);
    ck_assert_int_ne(pass_pack(&packer, &p, 1, BUDGET, &packing), PASS_FOUND);
    /* An L next to a J on its right: both hang three cells over each other. */
    p = problem_of(".......LJ............", 3, 1);
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 1);
    /* A J right of a T: the spawn J would hang its cells over the T's column, and the T's
     * emitters all have a cell there; hanging from its corner, the J stands on an emitter
     * to its right, an L here: all three at once. */
    p = problem_of(".......TJ............", 3, 1);
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 1);
    p = problem_of(".......TJL...........", 3, 1);
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 3);
    /* Three J pixels print flipped, or two on a foot and one hanging: all three at once. */
    p = problem_of(".......JJJ...........", 3, 1);
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 3);
    /* A lone S stands on its left: nothing there to hold the matrix up, at any height. */
    for (int rows = 3; rows <= 11; rows += 4) {
        p = problem_of("..........S..........", rows, 1);
        ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 1);
        ck_assert_int_ne(pass_pack(&packer, &p, 1, BUDGET, &packing), PASS_FOUND);
    }
}
END_TEST

START_TEST(hanging_from_a_corner) {
    /* 21 * 5 + 3 = 108: 27 pieces (at 3 rows, 66 cells make no whole number of pieces);
     * the J stands on the cells of the L. */
    assert_packs(".......TJL...........", 5, 3);
    bool corner = false;
    for (int k = 0; k < packing.count && packing.pieces[k].base < 0; k++)
        corner = corner || ORIENTATIONS[packing.pieces[k].orientation].bottom[1] == 2;
    ck_assert(corner);
}
END_TEST

START_TEST(a_pass_may_leave_pixels_and_squares_support) {
    /* At 2 rows only some of these pixels: at least 2 (42 + 2 = 44). */
    struct pass_problem p = problem_of("....J.T..L..JJJ..T...", 2, 2);
    enum pass_result r = pass_pack(&packer, &p, 3, BUDGET, &packing);
    if (r == PASS_FOUND) {
        assert_replays(&p, &packing);
        ck_assert_int_lt(packing.printed, 8);
    }
    /* Pixels with nothing under them rest on squares printed already, never on nothing. */
    p = problem_of("..........J..........", 3, 1);
    for (int c = 0; c < WIDTH; c++)
        p.target.under[c] = false;
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 0);
    p.target.square[0][9] = true; /* a square beside it: the hanging J's top rests on it */
    ck_assert_int_eq(pass_emitters_most(&packer, &p, 100000), 1);
}
END_TEST

START_TEST(same_problem_same_seed_same_packing) {
    struct pass_problem p = problem_of("...JTLTJ..LLL..T.J...", 5, 9);
    struct pass_packing first;
    enum pass_result r = pass_pack(&packer, &p, 11, BUDGET, &first);
    ck_assert_int_eq(pass_pack(&packer, &p, 11, BUDGET, &packing), r);
    if (r == PASS_FOUND)
        ck_assert_mem_eq(&first, &packing, sizeof first);
    struct pass_problem q = p;
    q.target.under[0] = false; /* not under a pixel: the same problem */
    ck_assert(pass_problems_same(&p, &q));
    ck_assert_uint_eq(pass_problem_digest(&p), pass_problem_digest(&q));
    ck_assert_uint_eq(pass_problem_seed(&p, 1, 0), pass_problem_seed(&q, 1, 0));
    q.target.under[3] = false; /* under a pixel: another */
    ck_assert(!pass_problems_same(&p, &q));
    ck_assert_uint_ne(pass_problem_seed(&p, 1, 0), pass_problem_seed(&p, 1, 1));
}
END_TEST

START_TEST(a_pass_leaves_a_platform_standing) {
    /* One pixel under a matrix of 3 rows that stay: 63 - 4 + 1 = 60, 15 pieces, then the
     * notch piece clears them. (With the pixel at an even column there is none, as a T
     * starts a library platform at even columns only.) */
    for (int side = 0; side < 2; side++) {
        struct pass_problem p = problem_of(".........T...........", 3, 1);
        platform_top_capacities(WIDTH, 3, (enum notch_side)side, p.capacity);
        ck_assert_int_eq(pass_pack(&packer, &p, 5, BUDGET, &packing), PASS_FOUND);
        ck_assert_int_eq(packing.count, 15);
        assert_matrix_model_agrees(&p, &packing); /* the notch left empty */
        struct script_block block, notch;
        ck_assert(piece_block_from_pass(&packing, &p, &block));
        struct playfield pf;
        playfield_init(&pf, WIDTH, HEIGHT);
        ck_assert(piece_block_play(&block, &pf));
        ck_assert_int_eq(playfield_top_row(&pf), HEIGHT - 4); /* the platform stands */
        ck_assert(platform_top_notch_block(WIDTH, p.rows, p.capacity, &notch));
        ck_assert_int_eq(notch.piece_count, 1);
        ck_assert_int_eq(ORIENTATIONS[notch.pieces[0].orientation].type,
                         side == NOTCH_LEFT ? PIECE_J : PIECE_L);
        ck_assert(piece_block_play(&notch, &pf));
        ck_assert_int_eq(playfield_top_row(&pf), HEIGHT - 1); /* the pixel alone */
        ck_assert_int_eq(pf.cells[HEIGHT - 1][9], PIECE_T + 1);
        script_block_free(&block);
        script_block_free(&notch);
    }
}
END_TEST

START_TEST(blocks_from_pieces_draw_as_the_library_does) {
    struct pattern_library lib;
    char message[256];
    ck_assert_int_eq(pattern_library_load_builtin(&lib, message, sizeof message), LIBRARY_OK);
    struct target row;
    target_init(&row, WIDTH);
    row.want[0][4] = PIECE_T;
    row.want[0][9] = PIECE_J;
    for (int c = 0; c < WIDTH; c++)
        row.under[c] = true;
    struct pass_base base;
    table_pass_greedy(&lib, &row, &base);
    struct pattern p;
    ck_assert(table_pass_pattern(&lib, &row, &base, &p));
    struct pattern_blocks drawn;
    ck_assert(pattern_draw(&p, &drawn));
    ck_assert_int_eq(drawn.count, 1);
    struct script_block block;
    ck_assert(piece_block_from_pattern(&p, &block));
    char *text = NULL;
    size_t length;
    FILE *memory = open_memstream(&text, &length);
    ck_assert(memory && piece_block_write(memory, &block, WIDTH));
    fclose(memory);
    const struct block *b = &drawn.blocks[0];
    for (int r = 0; r < b->rows; r++)
        ck_assert_mem_eq(text + r * (WIDTH + 1), block_row(b, r), WIDTH);
    ck_assert_uint_eq(length, (size_t)b->rows * (WIDTH + 1));
    free(text);
    pattern_blocks_free(&drawn);
    script_block_free(&block);
    pattern_library_free(&lib);
}
END_TEST

/* A sprite from rows of '.' and digits (colours 1..7). */
static struct sprite sprite_of(const char *const rows[], int height) {
    struct sprite s;
    memset(&s, 0, sizeof s);
    s.height = height;
    s.width = (int)strlen(rows[0]);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < s.width; x++) {
            s.pixels[y][x] = rows[y][x] == '.' ? 0 : (uint8_t)(rows[y][x] - '0');
            if (s.pixels[y][x] > s.colour_count)
                s.colour_count = s.pixels[y][x];
        }
    for (int k = 0; k < s.colour_count; k++)
        s.colours[k] = 0x101010u * (uint32_t)(k + 1);
    return s;
}

START_TEST(colour_rules_follow_the_pieces) {
    const char *rows[] = {"1.22.333"};
    struct sprite s = sprite_of(rows, 1);
    enum piece_type printer[MAX_COLOURS + 1] = {0, PIECE_J, PIECE_O, PIECE_T};
    struct unprintable_pixel why;
    ck_assert(colour_assignment_holds(&s, WIDTH, printer, &why)); /* O prints the pair */
    printer[3] = PIECE_O;                                         /* a run of 3 */
    ck_assert(!colour_assignment_holds(&s, WIDTH, printer, &why));
    ck_assert_int_eq(why.x, 5);
    ck_assert_int_eq(why.run, 3);
    char reason[192];
    colour_rules_reason(why.type, why.run, reason, sizeof reason);
    ck_assert_str_eq(reason, "O pieces print horizontal pairs, and it is in a run of 3");
    /* A lone S needs a pixel two columns to its left, a lone Z two to its right. */
    const char *lone[] = {"1..2"};
    s = sprite_of(lone, 1);
    enum piece_type s_right[MAX_COLOURS + 1] = {0, PIECE_J, PIECE_S};
    ck_assert(colour_assignment_holds(&s, WIDTH, s_right, &why));
    enum piece_type z_right[MAX_COLOURS + 1] = {0, PIECE_J, PIECE_Z};
    ck_assert(!colour_assignment_holds(&s, WIDTH, z_right, &why));
    ck_assert_int_eq(why.x, 3);
    enum piece_type z_left[MAX_COLOURS + 1] = {0, PIECE_Z, PIECE_J};
    ck_assert(colour_assignment_holds(&s, WIDTH, z_left, &why));
    /* A lone I needs pixels on both sides; four in a row stand alone. */
    const char *i_rows[] = {"2.1.2", "1111."};
    s = sprite_of(i_rows, 2);
    enum piece_type i_mid[MAX_COLOURS + 1] = {0, PIECE_I, PIECE_T};
    ck_assert(colour_assignment_holds(&s, WIDTH, i_mid, &why));
    enum piece_type i_ends[MAX_COLOURS + 1] = {0, PIECE_T, PIECE_I};
    ck_assert(!colour_assignment_holds(&s, WIDTH, i_ends, &why));
    /* Mid-way through a row: squares printed count as support. */
    int8_t type[WIDTH];
    bool square[WIDTH] = {false};
    memset(type, -1, sizeof type);
    type[10] = PIECE_S;
    ck_assert(!colour_rules_row_holds(WIDTH, type, square));
    square[8] = true;
    ck_assert(colour_rules_row_holds(WIDTH, type, square));
}
END_TEST

struct assignment_case {
    struct sprite sprite;
    enum colour_order order;
    enum assignment_status status;
    struct assignment_ranking ranking;
    struct colour_assignment assignment; /* the first */
    char message[512];
};

static void choose(void *context, struct search_team *team) {
    struct assignment_case *c = context;
    c->status =
        colour_assignment_rank(team, &c->sprite, WIDTH, c->order, 2013, PLANNER_DEFAULT_LIMITS,
                               &c->ranking, c->message, sizeof c->message);
    c->assignment = c->ranking.by_rank[0];
}

/* Chooses the assignment of the sprite of `rows` by `order` into `c`. */
static void choose_for(struct assignment_case *c, const char *const rows[], int height,
                       enum colour_order order) {
    memset(c, 0, sizeof *c);
    c->sprite = sprite_of(rows, height);
    c->order = order;
    ck_assert(search_team_run(choose, c));
}

START_TEST(colours_go_to_pieces_that_print_them) {
    static struct assignment_case c;
    /* Reading order: colour k to colour_piece(k); a lone pixel of the 4th colour is an I's,
     * with nothing on its left. */
    const char *four[] = {"4.1.2.3", "1111111"};
    choose_for(&c, four, 2, COLOUR_ORDER_READING);
    ck_assert_int_eq(c.status, ASSIGNMENT_UNPRINTABLE);
    ck_assert_ptr_nonnull(strstr(c.message, "pixel 0,0 (#404040) can't be printed: an I piece"));
    /* The fewest-pieces rule finds pieces that print it. */
    c.order = COLOUR_ORDER_FEWEST;
    ck_assert(search_team_run(choose, &c));
    ck_assert_int_eq(c.status, ASSIGNMENT_OK);
    enum piece_type printer[MAX_COLOURS + 1];
    struct unprintable_pixel why;
    for (int k = 1; k <= 4; k++)
        printer[k] = colour_piece(c.assignment.script_colour[k]);
    ck_assert(colour_assignment_holds(&c.sprite, WIDTH, printer, &why));
    struct sprite applied;
    colour_assignment_apply(&c.assignment, &c.sprite, &applied);
    ck_assert_uint_eq(applied.colours[c.assignment.script_colour[4] - 1], 0x404040);
    ck_assert_int_eq(applied.pixels[0][0], c.assignment.script_colour[4]);
    /* Seven colours, each with a lone pixel: no colour can be O's. */
    const char *seven[] = {"1.2.3.4.5.6.7", "1234567123456"};
    c.sprite = sprite_of(seven, 2);
    ck_assert(search_team_run(choose, &c));
    ck_assert_int_eq(c.status, ASSIGNMENT_UNPRINTABLE);
    ck_assert_ptr_nonnull(strstr(c.message, "none of the 7 colours can be printed by O pieces"));
    /* One colour, three choices (J, T, L): the same choice every time. */
    const char *one[] = {"1.1.1", "11111"};
    c.sprite = sprite_of(one, 2);
    ck_assert(search_team_run(choose, &c));
    int first = c.assignment.script_colour[1];
    ck_assert(first >= 1 && first <= 3);
    ck_assert(search_team_run(choose, &c));
    ck_assert_int_eq(c.assignment.script_colour[1], first);
}
END_TEST

/* The estimate counts bands: a 2x2 square of one colour is one band pass for a J or an L,
 * each hanging a column of two (the 2-row band prints both rows at once), against two
 * one-row passes for a T, which a row-by-row estimate can't tell apart. */
START_TEST(the_choice_of_pieces_counts_bands) {
    static struct assignment_case c;
    const char *square[] = {"11", "11"};
    choose_for(&c, square, 2, COLOUR_ORDER_FEWEST);
    ck_assert_int_eq(c.status, ASSIGNMENT_OK);
    enum piece_type type = colour_piece(c.assignment.script_colour[1]);
    ck_assert(type == PIECE_J || type == PIECE_L);
}
END_TEST

/* The ranking holds distinct assignments, each printing every pixel; reading order ranks
 * one. */
START_TEST(assignments_ranked) {
    static struct assignment_case c;
    const char *rows[] = {"1.2.3", "11223"};
    choose_for(&c, rows, 2, COLOUR_ORDER_FEWEST);
    ck_assert_int_eq(c.status, ASSIGNMENT_OK);
    ck_assert_int_gt(c.ranking.count, 1);
    ck_assert_int_le(c.ranking.count, ASSIGNMENT_TRIED);
    for (int rank = 0; rank < c.ranking.count; rank++) {
        const struct colour_assignment *a = &c.ranking.by_rank[rank];
        ck_assert(colour_assignment_prints(&c.sprite, WIDTH, a));
        for (int other = 0; other < rank; other++)
            ck_assert_mem_ne(c.ranking.by_rank[other].script_colour, a->script_colour,
                             sizeof a->script_colour);
    }
    choose_for(&c, rows, 2, COLOUR_ORDER_READING);
    ck_assert_int_eq(c.status, ASSIGNMENT_OK);
    ck_assert_int_eq(c.ranking.count, 1);
}
END_TEST

START_TEST(the_parity_bound) {
    /* Rows of 1, 2, 3 and 4 pixels: (63 + 1) / 4 + (42 + 2) / 4 + (21 + 3) / 4 + (84 + 4) / 4. */
    const char *rows[] = {"1...", "11..", "111.", "1111"};
    struct sprite s = sprite_of(rows, 4);
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, 1), 16 + 11 + 6 + 22);
    /* bands: the two lowest rows, 7 pixels, (21 + 7) / 4; the two above, 3: (21 + 3) / 4 */
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, 2), 7 + 6);
}
END_TEST

/* The joined bound shares a band only with rows that can: a row of 4 pixels takes
 * (84 + 4) / 4, two as one band (84 + 8) / 4, when a piece lies in the lower row's colour. */
START_TEST(the_joined_bound) {
    const char *block[] = {"1111", "1111"};
    struct sprite s = sprite_of(block, 2);
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, 1), 22 + 22);
    ck_assert_int_eq(convert_joined_bound(&s, WIDTH), 23);
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, TARGET_MAX_ROWS), 23);
    /* A pixel of its own colour in the lower row: no piece lies in its colour there. */
    const char *odd_one[] = {"1111", "2111"};
    s = sprite_of(odd_one, 2);
    ck_assert_int_eq(convert_joined_bound(&s, WIDTH), 22 + 22);
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, TARGET_MAX_ROWS), 23);
    /* A rim stepping out diagonally: each row tops its own band. */
    const char *rim[] = {"12.", "21.", "12."};
    s = sprite_of(rim, 3);
    ck_assert_int_eq(convert_joined_bound(&s, WIDTH), 3 * 11);
    ck_assert_int_eq(convert_parity_bound(&s, WIDTH, TARGET_MAX_ROWS), 12);
}
END_TEST

static Suite *pass_packer_suite(void) {
    Suite *s = suite_create("pass_packer");
    TCase *t = tcase_create("packer");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 240);
    tcase_add_test(t, every_orientation_emits);
    tcase_add_test(t, hanging_from_a_corner);
    tcase_add_test(t, single_pixels_pack_and_replay);
    tcase_add_test(t, every_type_prints_what_it_can);
    tcase_add_test(t, a_lone_pixel_anywhere_on_a_wide_field);
    tcase_add_test(t, standing_i_pieces_split_a_short_matrix);
    tcase_add_test(t, a_pixel_left_between_standing_i_pieces);
    tcase_add_test(t, a_matrix_that_gives_up_leaves_tries);
    tcase_add_test(t, a_pass_leaves_its_row_printable);
    tcase_add_test(t, what_no_pass_can_print);
    tcase_add_test(t, a_pass_may_leave_pixels_and_squares_support);
    tcase_add_test(t, same_problem_same_seed_same_packing);
    tcase_add_test(t, a_pass_leaves_a_platform_standing);
    tcase_add_test(t, blocks_from_pieces_draw_as_the_library_does);
    tcase_add_test(t, colour_rules_follow_the_pieces);
    tcase_add_test(t, colours_go_to_pieces_that_print_them);
    tcase_add_test(t, the_choice_of_pieces_counts_bands);
    tcase_add_test(t, assignments_ranked);
    tcase_add_test(t, the_parity_bound);
    tcase_add_test(t, the_joined_bound);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(pass_packer_suite)
