/* tetris-convert's parts: the built-in pattern library, passes and their bases, the choice
 * of bases, and whole conversions checked by replay, with a seed fixing the result
 * whatever the thread count. */
#include "colour_rules.h"
#include "converter.h"
#include "field_choice.h"
#include "pass_planner.h"
#include "pattern_library.h"
#include "unit.h"
#include "verify.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static struct pattern_library lib;

static void setup(void) {
    char message[256];
    ck_assert_int_eq(pattern_library_load_builtin(&lib, message, sizeof message), LIBRARY_OK);
}

static void teardown(void) {
    pattern_library_free(&lib);
}

/* The colour a character of a picture drawn in text stands for: '.' none, '1'..'7'. */
static uint8_t colour_of(char c) {
    return c == '.' ? 0 : (uint8_t)(c - '0');
}

/* A sprite from rows of '.' and '1'..'7' (top row first). */
static struct sprite make_sprite(const char *const rows[], int height, int colours) {
    struct sprite s;
    memset(&s, 0, sizeof s);
    s.height = height;
    s.width = (int)strlen(rows[0]);
    s.colour_count = colours;
    const uint32_t palette[7] = {0xc83c3c, 0x3cb44b, 0xffe119, 0x4363d8,
                                 0xf58231, 0x911eb4, 0x42d4f4};
    memcpy(s.colours, palette, sizeof palette);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < s.width; x++)
            s.pixels[y][x] = colour_of(rows[y][x]);
    return s;
}

#define WIDTH FIELD_DEFAULT_WIDTH /* the default field, whose library is built in */
#define HEIGHT FIELD_DEFAULT_HEIGHT

/* The settings of a conversion on the default field, the planner's default limits. */
static struct convert_settings settings_of(enum convert_method method, enum colour_order order,
                                           uint64_t seed) {
    return (struct convert_settings){.width = WIDTH,
                                     .height = HEIGHT,
                                     .method = method,
                                     .colour_order = order,
                                     .seed = seed,
                                     .limits = PLANNER_DEFAULT_LIMITS};
}

/* The conversion's script, as tetris-convert writes it. */
static char *script_text(const struct conversion *c, size_t *length) {
    char *text = NULL;
    FILE *memory = open_memstream(&text, length);
    ck_assert(memory && conversion_write(memory, c));
    fclose(memory);
    return text;
}

/* Converts; `printed` (may be NULL) receives the sprite in the script's colours, which the
 * script must replay to. */
static char *convert_to_text(const struct sprite *s, enum convert_method method, uint64_t seed,
                             struct convert_stats *stats, size_t *length, struct sprite *printed) {
    struct convert_settings settings = settings_of(method, COLOUR_ORDER_FEWEST, seed);
    struct conversion c;
    char message[256];
    ck_assert_int_eq(convert_sprite(s, &lib, &settings, &c, message, sizeof message), CONVERT_OK);
    char *text = script_text(&c, length);
    if (stats)
        *stats = c.stats;
    if (printed)
        *printed = c.printed;
    conversion_free(&c);
    return text;
}

START_TEST(builtin_library_holds_every_pattern) {
    const int counts[8] = {0, 19, 136, 455, 715, 462, 84, 1};
    ck_assert_int_eq(lib.width, WIDTH);
    ck_assert_int_eq(lib.max_squares, 7);
    for (int n = 1; n <= lib.max_squares; n++) {
        ck_assert_int_eq(lib.emitter_count[n], counts[n]);
        for (int i = 0; i < counts[n]; i++) { /* every layout is found, at a valid height */
            const struct pattern *p = pattern_library_emitter(&lib, &lib.layouts[n][i]);
            ck_assert_ptr_eq(p, &lib.emitters[n][i]);
            ck_assert_int_eq((WIDTH * p->start.height - 3 * n) / 4, p->pieces);
        }
    }
    struct layout overlapping = {.squares = 2, .columns = {3, 4}};
    ck_assert_ptr_null(pattern_library_emitter(&lib, &overlapping));
    int platforms = 0;
    for (int s = 0; s < 38; s++)
        platforms += lib.has_platform[s];
    ck_assert_int_eq(platforms, 20);
}
END_TEST

START_TEST(directory_library_equals_builtin_and_bad_files_are_named) {
    struct pattern_library from_dir;
    char message[512];
    ck_assert_int_eq(
        pattern_library_load_dir(&from_dir, "patterns", WIDTH, 7, message, sizeof message),
        LIBRARY_OK);
    for (int n = 1; n <= 7; n++)
        for (int i = 0; i < lib.emitter_count[n]; i++)
            ck_assert_mem_eq(&from_dir.emitters[n][i], &lib.emitters[n][i],
                             sizeof lib.emitters[n][i]);
    pattern_library_free(&from_dir);

    char dir[] = "/tmp/convert-library-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char command[256];
    snprintf(command, sizeof command, "cp patterns/*.txt %s && sed -i '3s/.$//' %s/emitters4.txt",
             dir, dir);
    ck_assert_int_eq(system(command), 0);
    ck_assert_int_eq(pattern_library_load_dir(&from_dir, dir, WIDTH, 7, message, sizeof message),
                     LIBRARY_BAD);
    ck_assert_ptr_nonnull(strstr(message, "emitters4.txt"));
    snprintf(command, sizeof command, "rm %s/emitters4.txt", dir);
    ck_assert_int_eq(system(command), 0);
    ck_assert_int_eq(pattern_library_load_dir(&from_dir, dir, WIDTH, 7, message, sizeof message),
                     LIBRARY_BAD);
    ck_assert_ptr_nonnull(strstr(message, "emitters4.txt"));
    /* A library of another width is named as such. */
    ck_assert_int_eq(
        pattern_library_load_dir(&from_dir, "patterns", 25, 8, message, sizeof message),
        LIBRARY_BAD);
    ck_assert_ptr_nonnull(strstr(message, "21-wide"));
    snprintf(command, sizeof command, "rm -r %s", dir);
    ck_assert_int_eq(system(command), 0);
}
END_TEST

START_TEST(emitter_pieces_take_their_bottom_cells) {
    /* J hangs its right cell, T its middle one, L its left one. */
    ck_assert_int_eq(emitter_piece_left((struct emitter_piece){PIECE_J, 5}), 3);
    ck_assert_int_eq(emitter_piece_left((struct emitter_piece){PIECE_T, 5}), 4);
    ck_assert_int_eq(emitter_piece_left((struct emitter_piece){PIECE_L, 5}), 5);
    struct pass_base base;
    struct target row;
    target_init(&row, WIDTH);
    pass_base_clear(&base);
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_T, 5}));   /* 4..6 */
    ck_assert(!pass_base_add(&row, &base, (struct emitter_piece){PIECE_L, 6}));  /* 6..8 */
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_J, 9}));   /* 7..9 */
    ck_assert(!pass_base_add(&row, &base, (struct emitter_piece){PIECE_J, 1}));  /* -1..1 */
    ck_assert(!pass_base_add(&row, &base, (struct emitter_piece){PIECE_L, 19})); /* 19..21 */
    ck_assert_int_eq(base.count, 2);
    ck_assert_int_eq(base.bottom_cells, 6);
    ck_assert(base.bottom_used[4] && base.bottom_used[9] && !base.bottom_used[3]);
}
END_TEST

START_TEST(pass_start_draws_the_base_as_start_shapes) {
    struct target row;
    target_init(&row, WIDTH);
    row.want[0][4] = PIECE_T;
    row.want[0][9] = PIECE_J;
    row.square[0][12] = true; /* an L printed already */
    struct pass_base base;
    pass_base_clear(&base);
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_T, 4}));
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_J, 9}));
    struct pattern p;
    pass_start(&p, &row, &base, 4);
    ck_assert_int_eq(p.shape_count, 2);
    ck_assert_int_eq(p.shapes[0].column[0], 3); /* the T's three cells */
    ck_assert_int_eq(p.start.stack[3], 1);
    ck_assert_int_eq(p.start.stack[6], 0);
    ck_assert_int_eq(p.start.stack[9], 1);
    struct pattern_blocks drawn;
    ck_assert(pattern_draw(&p, &drawn));
    ck_assert_int_eq(drawn.count, 1);
    const struct block *b = &drawn.blocks[0];
    ck_assert_int_eq(b->rows, 5); /* 4 matrix rows and the emission row */
    ck_assert_int_eq(b->width, WIDTH);
    ck_assert_mem_eq(block_row(b, 4), "....A....B...........", 21);
    ck_assert_mem_eq(block_row(b, 3), "...AAA.BBB...........", 21);
    pattern_blocks_free(&drawn);
    pass_mark_printed(&row, &p);
    ck_assert(row.square[0][4] && row.square[0][9] && !row.square[0][3]);
    ck_assert(!target_has_pending(&row));
}
END_TEST

struct planner_case {
    struct target row;
    struct playfield pf;
    int estimate_limit; /* pass_planner_next's: INT_MAX for any */
    enum planner_result result;
    struct planned_pass pass;
};

static void plan_next(void *context, struct search_team *team) {
    struct planner_case *c = context;
    c->result = pass_planner_next(team, &c->row, &c->pf, 5, PLANNER_DEFAULT_LIMITS, LONG_MAX,
                                  c->estimate_limit, &c->pass);
}

START_TEST(the_planner_prints_a_full_row_in_one_pass_of_the_fewest_rows) {
    static struct planner_case c;
    memset(&c, 0, sizeof c);
    playfield_init(&c.pf, WIDTH, HEIGHT);
    c.estimate_limit = INT_MAX;
    target_init(&c.row, WIDTH);
    for (int col = 2; col <= 18; col++)
        c.row.want[0][col] = PIECE_T;
    for (int col = 0; col < WIDTH; col++)
        c.row.under[col] = true;
    ck_assert(search_team_run(plan_next, &c));
    ck_assert_int_eq(c.result, PLANNER_FOUND);
    /* 17 pixels: 21 * 3 + 17 = 80, 20 pieces. */
    ck_assert_int_eq(c.pass.packing.printed, 17);
    ck_assert_int_eq(c.pass.problem.rows, 3);
    ck_assert_int_eq(c.pass.packing.count, 20);
    for (int col = 0; col < WIDTH; col++)
        ck_assert(c.pass.packing.prints[0][col] == (col >= 2 && col <= 18));
}
END_TEST

/* A row of 12 pixels of colours 1 to 3 (J, T, L) over a full row. */
static void set_twelve_pixels(struct target *row) {
    const char *pixels = "...212231.23.221.1...";
    target_init(row, WIDTH);
    for (int col = 0; col < WIDTH; col++) {
        if (pixels[col] != '.')
            row->want[0][col] = (int8_t)colour_piece(colour_of(pixels[col]));
        row->under[col] = true;
    }
}

/* The best estimate for 12 pixels is 4 rows (21 * 4 + 12 divisible by 4); the options near
 * it go up to 8. */
#define NEAR_TWELVE 8

START_TEST(the_planner_goes_as_far_as_the_library_when_nothing_near_packs) {
    static struct planner_case c;
    memset(&c, 0, sizeof c);
    playfield_init(&c.pf, WIDTH, HEIGHT);
    set_twelve_pixels(&c.row);
    c.estimate_limit = NEAR_TWELVE;
    ck_assert(search_team_run(plan_next, &c));
    ck_assert_int_eq(c.result, PLANNER_NONE); /* as searched with seed 5 */
    c.estimate_limit = NEAR_TWELVE + 8;
    ck_assert(search_team_run(plan_next, &c));
    ck_assert_int_eq(c.result, PLANNER_FOUND);
    int estimate = pass_planner_estimate(WIDTH, c.pass.problem.rows, c.pass.packing.printed, 12);
    ck_assert_int_gt(estimate, NEAR_TWELVE);
    ck_assert_int_le(estimate, NEAR_TWELVE + 8);
}
END_TEST

/* A row of 15 pixels in 5 colours, S and I among them, over a full row: no pass prints it
 * all, nor leaves pixels that one more pass prints. The first search takes a pass leaving
 * pixels the colour rules still print (a retry of the row asks for one more pass's). */
START_TEST(the_planner_leaves_pixels_the_colour_rules_print) {
    static struct planner_case c;
    memset(&c, 0, sizeof c);
    playfield_init(&c.pf, WIDTH, HEIGHT);
    c.estimate_limit = INT_MAX;
    const char *pixels = "..2111.1161.1632242..";
    target_init(&c.row, WIDTH);
    for (int col = 0; col < WIDTH; col++) {
        if (pixels[col] != '.')
            c.row.want[0][col] = (int8_t)colour_piece(colour_of(pixels[col]));
        c.row.under[col] = true;
    }
    ck_assert(target_pending_beyond_library(&c.row));
    ck_assert(search_team_run(plan_next, &c));
    ck_assert_int_eq(c.result, PLANNER_FOUND); /* as searched with seed 5 */
    ck_assert_int_lt(c.pass.packing.printed, 15);
    pass_packing_mark(&c.pass.packing, &c.row);
    ck_assert(colour_rules_row_holds(WIDTH, c.row.want[0], c.row.square[0]));
    planned_pass_free(&c.pass);
}
END_TEST

static const char *const TWO_COLOUR_FLAG[] = {
    "1111.2222", "11.1.2..2", "1111.2222", "...1.2...", "...111...",
};

START_TEST(conversions_replay_to_the_sprite_with_both_methods) {
    struct sprite s = make_sprite(TWO_COLOUR_FLAG, 5, 2), printed;
    struct convert_stats realtime, table;
    size_t length;
    char message[256];
    char *text = convert_to_text(&s, METHOD_REALTIME, 7, &realtime, &length, &printed);
    ck_assert_msg(verify_script(text, length, &printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    free(text);
    text = convert_to_text(&s, METHOD_TABLE, 7, &table, &length, &printed);
    ck_assert_mem_eq(printed.pixels, s.pixels, sizeof s.pixels); /* reading order */
    ck_assert_msg(verify_script(text, length, &s, WIDTH, HEIGHT, message, sizeof message), "%s",
                  message);
    ck_assert_int_gt(table.platforms, 0); /* row 2 (from the top) has a pixel over a hole */
    ck_assert_int_eq(table.rows, 5);
    ck_assert_int_eq(table.realtime_passes, 0);
    ck_assert_int_lt(realtime.pieces, table.pieces);
    /* The verification notices a wrong script: a sprite one pixel different. */
    s.pixels[0][0] = 2;
    ck_assert(!verify_script(text, length, &s, WIDTH, HEIGHT, message, sizeof message));
    free(text);
}
END_TEST

/* A conversion given an earlier one's ranking uses the assignment of the rank asked for,
 * the same script as when it ranked them itself for rank 0; it records the pieces after
 * each row, and gives up past a ceiling of pieces or placements. */
START_TEST(a_conversion_takes_a_ranking_and_gives_up) {
    struct sprite s = make_sprite(TWO_COLOUR_FLAG, 5, 2);
    struct convert_settings settings = settings_of(METHOD_REALTIME, COLOUR_ORDER_FEWEST, 7);
    struct conversion first, again;
    char message[256];
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &first, message, sizeof message),
                     CONVERT_OK);
    ck_assert_int_gt(first.ranking.count, 1);
    ck_assert_int_eq(first.stats.assignment_rank, 0);
    struct assignment_ranking ranking = first.ranking;
    settings.ranking = &ranking;
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &again, message, sizeof message),
                     CONVERT_OK);
    ck_assert_int_lt(again.stats.nodes, first.stats.nodes); /* no estimate */
    size_t length_first, length_again;
    char *text_first = script_text(&first, &length_first);
    char *text_again = script_text(&again, &length_again);
    ck_assert_str_eq(text_first, text_again);
    free(text_first);
    free(text_again);
    conversion_free(&again);
    settings.assignment_rank = 1;
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &again, message, sizeof message),
                     CONVERT_OK);
    ck_assert_int_eq(again.stats.assignment_rank, 1);
    ck_assert_mem_ne(again.colours, first.colours, sizeof first.colours);
    /* the pieces after each row only grow, up to the script's */
    for (int r = 1; r <= s.height; r++)
        ck_assert_int_ge(first.pieces_after[r], first.pieces_after[r - 1]);
    ck_assert_int_le(first.pieces_after[s.height], first.stats.pieces);
    ck_assert_int_gt(first.pieces_after[s.height], 0);
    conversion_free(&again);
    /* a ceiling of no pieces at all, then of fewer placements than the first row takes */
    long none[SPRITE_MAX_HEIGHT + 1] = {0};
    settings.assignment_rank = 0;
    settings.give_up_pieces = none;
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &again, message, sizeof message),
                     CONVERT_GAVE_UP);
    conversion_free(&again);
    settings.give_up_pieces = first.pieces_after;
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &again, message, sizeof message),
                     CONVERT_OK);
    conversion_free(&again);
    settings.give_up_pieces = NULL;
    settings.give_up_placements = 1;
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &again, message, sizeof message),
                     CONVERT_GAVE_UP);
    conversion_free(&again);
    conversion_free(&first);
}
END_TEST

/* Rows of runs of I, O, S and Z pixels, each held up by the pixels beside it (the colour
 * rules' cases), with a search whose budget finds no pass at all: the library prints the J,
 * T and L pixels, and fallback passes, put together unsearched, print every other one; the
 * script replays to the sprite. Colours 1 to 7 are J, T, L, I, O, S, Z in reading order. */
START_TEST(fallback_passes_print_what_the_search_cannot) {
    const char *const rows[] = {"1234444556677....", ".11144.44..447773"};
    struct sprite s = make_sprite(rows, 2, 7);
    struct convert_settings settings = settings_of(METHOD_REALTIME, COLOUR_ORDER_READING, 5);
    settings.limits.budget =
        (struct pass_budget){.tries = 1, .nodes_per_try = 1, .nodes_per_matrix = 1};
    struct conversion c;
    char message[256];
    ck_assert_int_eq(convert_sprite(&s, &lib, &settings, &c, message, sizeof message), CONVERT_OK);
    ck_assert_int_eq(c.stats.realtime_passes, 0);
    ck_assert_int_gt(c.stats.fallback_passes, 0);
    size_t length;
    char *text = script_text(&c, &length);
    ck_assert_msg(verify_script(text, length, &c.printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    ck_assert_mem_eq(c.printed.pixels, s.pixels, sizeof s.pixels); /* reading order */
    free(text);
    conversion_free(&c);
}
END_TEST

START_TEST(pieces_must_come_to_rest_where_drawn) {
    struct target row;
    target_init(&row, WIDTH);
    row.want[0][6] = row.want[0][8] = row.want[0][9] = PIECE_J; /* J . J J */
    row.under[6] = true;
    struct pass_base base;
    pass_base_clear(&base);
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_J, 6})); /* over 4..6 */
    ck_assert(pass_base_held(&row, &base)); /* on the square under 6 */
    ck_assert(pass_base_add(&row, &base, (struct emitter_piece){PIECE_J, 9})); /* over 7..9 */
    ck_assert(!pass_base_held(&row, &base)); /* nothing under 9, nor yet beside it */
    target_mark_printed(&row, 0, 8);         /* printed by an earlier pass: 9's J rests on it */
    ck_assert(pass_base_held(&row, &base));
}
END_TEST

/* An overhang on both sides: the real-time search prints the top row with a flipped piece
 * resting on the pixel below it; the article's rule builds a platform. */
static const char *const MUSHROOM[] = {
    "11111",
    "..2..",
    "..2..",
};

START_TEST(real_time_passes_avoid_platforms_where_pieces_rest_on_squares) {
    struct sprite s = make_sprite(MUSHROOM, 3, 2), printed;
    struct convert_stats realtime, table;
    size_t length;
    char message[256];
    char *text = convert_to_text(&s, METHOD_REALTIME, 1, &realtime, &length, &printed);
    ck_assert_msg(verify_script(text, length, &printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    free(text);
    text = convert_to_text(&s, METHOD_TABLE, 1, &table, &length, &printed);
    ck_assert_msg(verify_script(text, length, &printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    free(text);
    ck_assert_int_eq(realtime.platforms, 0);
    ck_assert_int_eq(table.platforms, 1);
}
END_TEST

/* A diagonal of single pixels: no pixel has a square under it, so every row but the bottom
 * one stands on a platform; the row below's last pass leaves one standing (platforms on
 * platforms), so that each row takes no more than a library platform would save. */
static const char *const DIAGONAL[] = {
    ".....1", "....1.", "...1..", "..1...", ".1....", "1.....",
};

START_TEST(platforms_are_left_standing_by_the_row_below) {
    struct sprite s = make_sprite(DIAGONAL, 6, 1), printed;
    struct convert_stats realtime, table;
    size_t length;
    char message[256];
    char *text = convert_to_text(&s, METHOD_REALTIME, 3, &realtime, &length, &printed);
    ck_assert_msg(verify_script(text, length, &printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    free(text);
    text = convert_to_text(&s, METHOD_TABLE, 3, &table, &length, &printed);
    free(text);
    ck_assert_int_eq(table.platforms, 5);
    ck_assert_int_eq(realtime.platforms, 5);
    ck_assert_int_gt(realtime.standing_platforms, 0);
    /* 6 rows of one pixel: at least 16 pieces each; a library platform alone takes 21. */
    ck_assert_int_ge(realtime.pieces, 6 * 16);
    ck_assert_int_lt(realtime.pieces, 6 * 16 + 5 * 21);
    ck_assert_int_lt(realtime.pieces, table.pieces);
}
END_TEST

START_TEST(a_seed_fixes_the_script_whatever_the_thread_count) {
    struct sprite s = make_sprite(TWO_COLOUR_FLAG, 5, 2);
    size_t one_length, two_length, other_length;
    omp_set_num_threads(1);
    char *one = convert_to_text(&s, METHOD_REALTIME, 11, NULL, &one_length, NULL);
    omp_set_num_threads(3);
    char *two = convert_to_text(&s, METHOD_REALTIME, 11, NULL, &two_length, NULL);
    char *other = convert_to_text(&s, METHOD_REALTIME, 12, NULL, &other_length, NULL);
    ck_assert_uint_eq(one_length, two_length);
    ck_assert_mem_eq(one, two, one_length);
    ck_assert(other_length != one_length || memcmp(one, other, one_length) != 0);
    free(one);
    free(two);
    free(other);
}
END_TEST

/* --width auto converts on the field 2 columns wider too when parity says it may take an
 * eighth fewer pieces: a row of one pixel takes a pass of 5 rows on 23 columns (1-row
 * matrices seldom pack) and of 3 on 25; a row of 3 pixels the reverse. Never with --width,
 * nor for the table method, nor when the wider field doesn't hold the sprite. */
START_TEST(width_auto_tries_the_field_parity_favours) {
    const char *lone[18], *threes[18];
    static char lone_rows[18][19], three_rows[18][19];
    for (size_t y = 0; y < 18; y++) {
        memset(lone_rows[y], '.', 18);
        memset(three_rows[y], '.', 18);
        lone_rows[y][(y * 7) % 18] = '1';
        memset(three_rows[y] + y % 16, '1', 3);
        lone[y] = lone_rows[y];
        threes[y] = three_rows[y];
    }
    struct sprite stars = make_sprite(lone, 18, 1), strokes = make_sprite(threes, 18, 1);
    ck_assert_int_eq(convert_likely_pieces(&stars, 23), 18 * (23 * 5 + 1) / 4);
    ck_assert_int_eq(convert_likely_pieces(&stars, 25), 18 * (25 * 3 + 1) / 4);
    ck_assert_int_eq(convert_likely_pieces(&strokes, 23), 18 * (23 * 3 + 3) / 4);
    struct convert_options o = {.settings = settings_of(METHOD_REALTIME, COLOUR_ORDER_FEWEST, 1)};
    ck_assert_int_eq(field_choice_parity_alternative(&o, &stars, 23), 25);
    ck_assert_int_eq(field_choice_parity_alternative(&o, &strokes, 23), 0);
    ck_assert_int_eq(field_choice_parity_alternative(&o, &stars, FIELD_MAX_WIDTH), 0);
    o.settings.method = METHOD_TABLE;
    ck_assert_int_eq(field_choice_parity_alternative(&o, &stars, 23), 0);
    o.settings.method = METHOD_REALTIME;
    o.width = 23;
    ck_assert_int_eq(field_choice_parity_alternative(&o, &stars, 23), 0);
}
END_TEST

/* The real-time method tries the sprite 1 and 2 columns either side of centred, the nearer
 * first, the left before the right, as far as the margins allow; not with --center nor the
 * table method. A sprite converted at a shift is printed there: its script replays to it
 * there, not centred. */
START_TEST(the_sprite_is_tried_at_columns_beside_centred) {
    const char *const narrow_rows[] = {"1.1.1.1.1.1", ".1.1.1.1.1."};
    static char wide_rows[2][18];
    const char *wide[2] = {wide_rows[0], wide_rows[1]};
    memset(wide_rows, '1', sizeof wide_rows);
    wide_rows[0][17] = wide_rows[1][17] = '\0';
    wide_rows[0][16] = wide_rows[1][16] = '\0';
    struct sprite narrow = make_sprite(narrow_rows, 2, 1), sixteen = make_sprite(wide, 2, 1);
    struct convert_options o = {.settings = settings_of(METHOD_REALTIME, COLOUR_ORDER_FEWEST, 1)};
    int shifts[2 * FIELD_CHOICE_SHIFTS];
    ck_assert_int_eq(field_choice_shifts(&o, &narrow, WIDTH, shifts), 4);
    ck_assert(shifts[0] == -1 && shifts[1] == 1 && shifts[2] == -2 && shifts[3] == 2);
    ck_assert_int_eq(field_choice_shifts(&o, &sixteen, WIDTH, shifts), 1); /* 2 .. 3 */
    ck_assert_int_eq(shifts[0], 1);
    wide_rows[0][16] = wide_rows[1][16] = '1'; /* 17 wide: the field's room */
    sixteen = make_sprite(wide, 2, 1);
    ck_assert_int_eq(field_choice_shifts(&o, &sixteen, WIDTH, shifts), 0);
    o.center = true;
    ck_assert_int_eq(field_choice_shifts(&o, &narrow, WIDTH, shifts), 0);
    o.center = false;
    o.settings.method = METHOD_TABLE;
    ck_assert_int_eq(field_choice_shifts(&o, &narrow, WIDTH, shifts), 0);

    narrow.shift = -2;
    struct convert_settings settings = settings_of(METHOD_REALTIME, COLOUR_ORDER_FEWEST, 1);
    struct conversion c;
    char message[256];
    ck_assert_int_eq(convert_sprite(&narrow, &lib, &settings, &c, message, sizeof message),
                     CONVERT_OK);
    ck_assert_int_eq(sprite_column(&c.printed, WIDTH), 3);
    size_t length;
    char *text = script_text(&c, &length);
    ck_assert_msg(verify_script(text, length, &c.printed, WIDTH, HEIGHT, message, sizeof message),
                  "%s", message);
    c.printed.shift = 0;
    ck_assert(!verify_script(text, length, &c.printed, WIDTH, HEIGHT, message, sizeof message));
    free(text);
    conversion_free(&c);
}
END_TEST

static Suite *converter_suite(void) {
    Suite *s = suite_create("converter");
    TCase *tc = tcase_create("passes");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, builtin_library_holds_every_pattern);
    tcase_add_test(tc, directory_library_equals_builtin_and_bad_files_are_named);
    tcase_add_test(tc, emitter_pieces_take_their_bottom_cells);
    tcase_add_test(tc, pass_start_draws_the_base_as_start_shapes);
    tcase_add_test(tc, the_planner_prints_a_full_row_in_one_pass_of_the_fewest_rows);
    tcase_add_test(tc, the_planner_goes_as_far_as_the_library_when_nothing_near_packs);
    tcase_add_test(tc, the_planner_leaves_pixels_the_colour_rules_print);
    tcase_add_test(tc, conversions_replay_to_the_sprite_with_both_methods);
    tcase_add_test(tc, fallback_passes_print_what_the_search_cannot);
    tcase_add_test(tc, pieces_must_come_to_rest_where_drawn);
    tcase_add_test(tc, real_time_passes_avoid_platforms_where_pieces_rest_on_squares);
    tcase_add_test(tc, platforms_are_left_standing_by_the_row_below);
    tcase_add_test(tc, a_seed_fixes_the_script_whatever_the_thread_count);
    tcase_add_test(tc, width_auto_tries_the_field_parity_favours);
    tcase_add_test(tc, the_sprite_is_tried_at_columns_beside_centred);
    tcase_add_test(tc, a_conversion_takes_a_ranking_and_gives_up);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(converter_suite)
