/* Replaying scripts: the article's example to its exact final playfield, trajectories,
 * the landing check (with rows cleared during a block), top-out, lock-out, --lenient. */
#include "cli.h"
#include "field.h"
#include "player.h"
#include "script.h"
#include "script_reader.h"
#include "stats.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The final playfield of tests/data/article-example.txt, worked out from its blocks: each
 * emitter's last line shows the squares its J/T/L leave (A Tu prints 3 T squares, F Jd one J
 * square, ...); rows 41 and 40 come from blocks 1 and 2, row 39 from blocks 4 and 5 after
 * the platform (block 3) is removed by block 6, row 38 from block 7. Rows 0..37 are empty. */
static const char *const ARTICLE_BOTTOM[4] = {
    "......T..T...L.......", /* row 38 */
    ".....TJJJTTTTTTT.....", /* row 39 */
    "...JTTTT...LLLL......", /* row 40 */
    "..TTTTTTJJJJLLLJJJ...", /* row 41 */
};

/* The filled columns of a row as bits (fields up to 64 wide). */
static uint64_t row_bits(const struct playfield *pf, int row) {
    uint64_t bits = 0;
    for (int col = 0; col < pf->width; col++)
        bits |= (uint64_t)(pf->cells[row][col] != PLAYFIELD_EMPTY) << col;
    return bits;
}

static char cell_letter(const struct playfield *pf, int row, int col) {
    int cell = pf->cells[row][col];
    return cell == PLAYFIELD_EMPTY ? '.' : piece_type_letter(playfield_cell_type(cell));
}

static bool load(const char *text, struct script *s) {
    struct text_error err;
    bool ok = script_load(text, strlen(text), s, &err);
    if (!ok)
        fprintf(stderr, "load: line %d block %d: %s\n", err.line, err.block, err.message);
    return ok;
}

struct recorder {
    struct stats stats;
    char moves[8][128]; /* the trajectories of the first pieces */
    int warnings;
    char last_warning[192];
};

static bool record(void *context, const struct play_event *e, const struct playfield *pf) {
    struct recorder *r = context;
    if (e->number <= 8) {
        char *line = r->moves[e->number - 1];
        snprintf(line, 128, "%d %c %c:", e->block, e->id, piece_type_letter(e->type));
        for (int i = 0; i < e->move_count; i++)
            snprintf(line + strlen(line), 128 - strlen(line), " %s", move_name(e->moves[i]));
    }
    stats_add(&r->stats, e, pf);
    return true;
}

static void warn(void *context, const struct play_problem *p) {
    struct recorder *r = context;
    r->warnings++;
    snprintf(r->last_warning, sizeof r->last_warning, "%s", p->message);
}

static enum play_status play_text(const char *text, bool lenient, struct recorder *r,
                                  struct playfield *pf, struct play_problem *problem) {
    struct script s;
    ck_assert(load(text, &s));
    memset(r, 0, sizeof *r);
    int height = field_default_height(s.width);
    stats_init(&r->stats, s.block_count);
    struct play_hooks hooks = {r, record, warn};
    enum play_status status = script_play(&s, height, lenient, &hooks, pf, problem);
    script_free(&s);
    return status;
}

START_TEST(colour_lines_of_seven_colours_and_unused_types) {
    const char *block = "\nAAAA.................\n";
    char text[256];
    struct script s;
    struct text_error err;
    snprintf(text, sizeof text, "ffffff - 111111 222222 333333 - 444444%s", block);
    ck_assert(script_load(text, strlen(text), &s, &err));
    ck_assert_int_eq(s.colour_count, 7);
    ck_assert_uint_eq(s.colours[0], 0xffffff);
    ck_assert_uint_eq(s.colours[1], BLOCK_NO_COLOUR);
    ck_assert_uint_eq(s.colours[6], 0x444444);
    char *written = NULL;
    size_t length;
    FILE *memory = open_memstream(&written, &length);
    ck_assert(memory && colours_write(memory, s.colour_count, s.colours));
    fclose(memory);
    ck_assert_str_eq(written, "ffffff - 111111 222222 333333 - 444444\n");
    free(written);
    script_free(&s);
    snprintf(text, sizeof text, "ffffff - 111111 222222 333333 - 444444 555555%s", block);
    ck_assert(!script_load(text, strlen(text), &s, &err));
    ck_assert_str_eq(err.message, "colour line: more than 7 colours");
    snprintf(text, sizeof text, "ffffff -- 111111%s", block);
    ck_assert(!script_load(text, strlen(text), &s, &err));
}
END_TEST

START_TEST(article_example_builds_its_squares) {
    size_t length;
    char *text = cli_read_file("tests/data/article-example.txt", &length);
    ck_assert_msg(text != NULL, "run from the repository root");
    struct script s;
    struct text_error err;
    ck_assert(script_load(text, length, &s, &err));
    free(text);
    ck_assert_int_eq(s.colour_count, 3);
    ck_assert_uint_eq(s.colours[0], 0xfc7460);
    ck_assert_uint_eq(s.colours[2], 0xfcfcfc);
    ck_assert_int_eq(s.block_count, 7);
    struct recorder r = {0};
    ck_assert_int_eq(s.width, 21);
    stats_init(&r.stats, s.block_count);
    struct play_hooks hooks = {&r, record, warn};
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(script_play(&s, 42, false, &hooks, &pf, &problem), PLAY_OK);
    script_free(&s);
    for (int row = 0; row < 42; row++) {
        char line[21 + 1] = {0};
        for (int col = 0; col < 21; col++)
            line[col] = cell_letter(&pf, row, col);
        ck_assert_str_eq(line, row < 38 ? "....................." : ARTICLE_BOTTOM[row - 38]);
    }
    /* 25 + 18 + 20 + 34 + 16 + 1 + 27 pieces; 4 + 3 + 1 + 6 + 3 + 3 + 5 rows cleared. */
    ck_assert_int_eq(r.stats.piece_total, 141);
    ck_assert_int_eq(r.stats.rows_cleared, 25);
    ck_assert_int_eq(r.warnings, 0);
    /* Block 1 piece A is a T pointing up over columns 2..4: r+ r+, pivot 10 -> 3. */
    ck_assert_str_eq(r.moves[0], "1 A T: r+ r+ sl sl sl sl sl sl sl hd");
    /* Piece C is a J pointing up (Ju) over columns 8..10: r+ r+ (from Jd), pivot 9. */
    ck_assert_str_eq(r.moves[2], "1 C J: r+ r+ sl hd");
    /* Piece F is a J in its spawn orientation over columns 9..11: no move but the drop. */
    ck_assert_str_eq(r.moves[5], "1 F J: hd");
}
END_TEST

START_TEST(trajectories_use_the_shorter_rotation) {
    /* L pieces in all four orientations, each alone in a block on the floor. */
    const char *text = "ffffff\n\n"
                       "AAA..................\nA....................\n\n" /* Ld: spawn */
                       ".........AA..........\n..........A..........\n"
                       "..........A..........\n\n"                        /* Ll: r+ */
                       "...................A.\n.................AAA.\n\n" /* Lu: r+ r+ */
                       "A....................\nA....................\n"
                       "AA...................\n"; /* Lr: r- */
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(text, false, &r, &pf, &problem), PLAY_OK);
    ck_assert_str_eq(r.moves[0], "1 A L: sl sl sl sl sl sl sl sl sl hd");
    ck_assert_str_eq(r.moves[1], "2 A L: r+ hd");
    ck_assert_str_eq(r.moves[2], "3 A L: r+ r+ sr sr sr sr sr sr sr sr hd");
    ck_assert_str_eq(r.moves[3], "4 A L: r- sl sl sl sl sl sl sl sl sl sl hd");
}
END_TEST

/* Block 2 clears the floor row with its 4th piece; its 5th piece is drawn above that row
 * and lands one row lower than drawn, as it should. */
static const char *const CLEARS_DURING_A_BLOCK = "ffffff\n\n"
                                                 "....................B\n"
                                                 "....................B\n"
                                                 "....................B\n"
                                                 "AAAA................B\n\n"
                                                 "EEEE.................\n"
                                                 "....AAAABBBBCCCCDDDD.\n";

START_TEST(rows_cleared_during_a_block_are_accounted_for) {
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(CLEARS_DURING_A_BLOCK, false, &r, &pf, &problem), PLAY_OK);
    ck_assert_int_eq(r.stats.rows_cleared, 1);
    ck_assert_uint_eq(row_bits(&pf, 41), 0xfu | 1u << 20);
    ck_assert_uint_eq(row_bits(&pf, 40), 1u << 20);
    ck_assert_uint_eq(row_bits(&pf, 39), 1u << 20);
    ck_assert_uint_eq(row_bits(&pf, 38), 0);
}
END_TEST

static void expect_problem(const char *text, enum play_status status, int block, int line,
                           const char *message) {
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(text, false, &r, &pf, &problem), status);
    ck_assert_int_eq(problem.status, status);
    ck_assert_int_eq(problem.block, block);
    ck_assert_int_eq(problem.line, line);
    ck_assert_str_eq(problem.message, message);
}

START_TEST(piece_landing_lower_than_drawn) {
    expect_problem("ffffff\n\n.....BBBB............\nAAAA.................\n", PLAY_INCONSISTENT, 1,
                   3,
                   "piece 'B' (I): lands 1 row lower than its block draws it (row 41 instead "
                   "of 40)");
}
END_TEST

START_TEST(piece_landing_higher_than_drawn) {
    expect_problem("ffffff\n\nAAAA.................\n\n"
                   "AAAA.................\nBBBB.................\n",
                   PLAY_INCONSISTENT, 2, 6,
                   "piece 'B' (I): lands 2 rows higher than its block draws it (row 39 "
                   "instead of 41)");
}
END_TEST

START_TEST(piece_drawn_on_a_cleared_row) {
    /* As CLEARS_DURING_A_BLOCK, but E is drawn in the row that D completes (over block 1's
     * A, which a block may do: it pictures only its own pieces). */
    expect_problem("ffffff\n\n....................B\n....................B\n"
                   "....................B\nAAAA................B\n\n"
                   ".....................\nEEEEAAAABBBBCCCCDDDD.\n",
                   PLAY_INCONSISTENT, 2, 9,
                   "piece 'E' (I): its block draws it on a row that has already cleared");
}
END_TEST

START_TEST(block_reaching_below_the_floor) {
    expect_problem("ffffff\n\nAAAA.................\n.....................\n", PLAY_INCONSISTENT, 1,
                   3,
                   "piece 'A' (I): lands at row 41, so its block would reach 1 row below the "
                   "floor");
}
END_TEST

/* `count` blocks of one O each, drawn over columns col..col+1. */
static char *o_tower(int count, int col, const char *tail) {
    size_t size = 16 + (size_t)count * 45 + strlen(tail);
    char *text = malloc(size);
    strcpy(text, "ffffff\n");
    for (int i = 0; i < count; i++) {
        char line[23];
        memset(line, '.', 21);
        line[col] = line[col + 1] = 'A';
        line[21] = '\n';
        line[22] = '\0';
        strcat(text, "\n");
        strcat(text, line);
        strcat(text, line);
    }
    strcat(text, tail);
    return text;
}

START_TEST(top_out_when_spawn_is_blocked) {
    char *text = o_tower(22, 9, "");
    /* 21 Os fill columns 9..10 to row 0; the 22nd (block 22, line 3 + 21 * 3) can't spawn. */
    expect_problem(text, PLAY_TOP_OUT, 22, 66,
                   "piece 'A' (O): top-out: the spawn position is occupied");
    free(text);
}
END_TEST

START_TEST(top_out_when_a_shift_is_blocked) {
    char *text = o_tower(21, 12, "\n..............AAA....\n...............A.....\n");
    expect_problem(text, PLAY_TOP_OUT, 22, 66,
                   "piece 'A' (T): top-out: sr is blocked at column 10");
    free(text);
}
END_TEST

START_TEST(lock_out_above_the_playfield) {
    /* 20 Os fill columns 9..10 up to row 2; a vertical I there locks at rows -2..1. */
    char *text = o_tower(20, 9,
                         "\n..........A..........\n..........A..........\n"
                         "..........A..........\n..........A..........\n");
    expect_problem(text, PLAY_TOP_OUT, 21, 63,
                   "piece 'A' (I): lock-out: it locks at row -2, above the playfield");
    free(text);
}
END_TEST

START_TEST(lenient_play_warns_and_goes_on) {
    const char *text = "ffffff\n\n.....BBBB............\nAAAA.................\n";
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(text, true, &r, &pf, &problem), PLAY_OK);
    ck_assert_int_eq(r.warnings, 1);
    ck_assert_str_eq(r.last_warning,
                     "piece 'B' (I): lands 1 row lower than its block draws it (row 41 instead "
                     "of 40)");
    ck_assert_uint_eq(row_bits(&pf, 41), 0xfu | 0xfu << 5);
}
END_TEST

/* CLEARS_DURING_A_BLOCK's block 2 split after its 4th piece: the '+' line makes the second
 * part continue the first, in the same frame, so its 'A' (the old 'E') lands one row
 * lower than drawn, exactly as before. */
static const char *const CONTINUED = "ffffff\n\n"
                                     "....................B\n"
                                     "....................B\n"
                                     "....................B\n"
                                     "AAAA................B\n\n"
                                     ".....................\n"
                                     "....AAAABBBBCCCCDDDD.\n"
                                     "+\n"
                                     "AAAA.................\n"
                                     ".....................\n";

START_TEST(a_continuation_block_plays_in_the_frame_of_the_one_it_continues) {
    struct script s;
    ck_assert(load(CONTINUED, &s));
    ck_assert_int_eq(s.block_count, 3);
    ck_assert(!s.blocks[1].continues && s.blocks[2].continues);
    script_free(&s);
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(CONTINUED, false, &r, &pf, &problem), PLAY_OK);
    ck_assert_int_eq(r.stats.piece_total, 7);
    ck_assert_uint_eq(row_bits(&pf, 41), 0xfu | 1u << 20);
    ck_assert_uint_eq(row_bits(&pf, 40), 1u << 20);
    /* Without the '+' the last block has its own frame: its piece lands 2 rows below where
     * the continuation would have it, which is right for a block of its own. */
    char *separate = strdup(CONTINUED);
    *strstr(separate, "+\n") = '\n';
    memmove(strstr(separate, "\n\nAAAA....") + 1, strstr(separate, "\n\nAAAA....") + 2,
            strlen(strstr(separate, "\n\nAAAA....") + 2) + 1);
    ck_assert_int_eq(play_text(separate, false, &r, &pf, &problem), PLAY_INCONSISTENT);
    ck_assert_str_eq(problem.message, "piece 'A' (I): lands at row 41, so its block would reach 1 "
                                      "row below the floor");
    free(separate);
}
END_TEST

/* A continuation is checked in its first block's frame: drawn one row too high, its piece
 * is reported with its own block number and line. */
START_TEST(a_continuation_landing_elsewhere_is_reported) {
    expect_problem("ffffff\n\n.....................\n....AAAA.............\n+\n"
                   "AAAA.................\n.....................\n",
                   PLAY_INCONSISTENT, 2, 6,
                   "piece 'A' (I): lands 1 row lower than its block draws it (row 41 instead "
                   "of 40)");
}
END_TEST

/* Malformed continuations are refused when the script is read. */
START_TEST(malformed_continuations) {
    static const struct {
        const char *text;
        int line, block;
        const char *message;
    } cases[] = {
        {"ffffff\n+\nAAAA.................\n", 2, 1,
         "a '+' line must come right after a block (it joins that block to the next)"},
        {"ffffff\n\nAAAA.................\n\n+\nAAAA.................\n", 5, 2,
         "a '+' line must come right after a block (it joins that block to the next)"},
        {"ffffff\n\nAAAA.................\n+\n", 4, 2,
         "a '+' line must be followed by the block that continues the one before it"},
        {"ffffff\n\nAAAA.................\n+\n\nAAAA.................\n", 4, 2,
         "a '+' line must be followed by the block that continues the one before it"},
        {"ffffff\n\nAAAA.................\n+\n+\nAAAA.................\n", 4, 2,
         "a '+' line must be followed by the block that continues the one before it"},
        {"ffffff\n\nAAAA.................\n+\nA....................\nAAA..................\n", 5, 2,
         "block continues block 1, so it must have its 1 lines, not 2"},
        {"ffffff\n\nAAAA.................\n++\nAAAA.................\n", 4, 1,
         "line has 2 characters, expected 21"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct script s;
        struct text_error err;
        ck_assert_msg(!script_load(cases[i].text, strlen(cases[i].text), &s, &err), "case %zu", i);
        ck_assert_int_eq(err.line, cases[i].line);
        ck_assert_int_eq(err.block, cases[i].block);
        ck_assert_str_eq(err.message, cases[i].message);
    }
}
END_TEST

/* A script's width is the length of its lines; the field is twice as tall by default and
 * the pieces spawn at its centre. */
START_TEST(wider_scripts_play_on_wider_fields) {
    const char *text = "ffffff\n\n"
                       "........................A\n"
                       "........................A\n"
                       "........................A\n"
                       "BBBBCCCCDDDDEEEEFFFFGGGGA\n";
    struct recorder r;
    struct playfield pf;
    struct play_problem problem;
    ck_assert_int_eq(play_text(text, false, &r, &pf, &problem), PLAY_OK);
    ck_assert_int_eq(pf.width, 25);
    ck_assert_int_eq(pf.height, 50);
    ck_assert_int_eq(r.stats.rows_cleared, 1);
    ck_assert_uint_eq(row_bits(&pf, 49), 1u << 24);
    ck_assert_uint_eq(row_bits(&pf, 47), 1u << 24);
    /* Spawned at column 12, the vertical I goes right 12 columns. */
    ck_assert_str_eq(r.moves[0], "1 A I: r+ sr sr sr sr sr sr sr sr sr sr sr sr hd");
    const char *bad_width = "ffffff\n\nAAAA................\n";
    struct script s;
    struct text_error err;
    ck_assert(!script_load(bad_width, strlen(bad_width), &s, &err));
    ck_assert_str_eq(err.message, "line has 20 characters, expected an odd number from 11 to 71 "
                                  "(the field's width)");
}
END_TEST

static Suite *player_suite(void) {
    Suite *s = suite_create("player");
    TCase *t = tcase_create("replay");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, colour_lines_of_seven_colours_and_unused_types);
    tcase_add_test(t, article_example_builds_its_squares);
    tcase_add_test(t, trajectories_use_the_shorter_rotation);
    tcase_add_test(t, rows_cleared_during_a_block_are_accounted_for);
    tcase_add_test(t, piece_landing_lower_than_drawn);
    tcase_add_test(t, piece_landing_higher_than_drawn);
    tcase_add_test(t, piece_drawn_on_a_cleared_row);
    tcase_add_test(t, block_reaching_below_the_floor);
    tcase_add_test(t, top_out_when_spawn_is_blocked);
    tcase_add_test(t, top_out_when_a_shift_is_blocked);
    tcase_add_test(t, lock_out_above_the_playfield);
    tcase_add_test(t, lenient_play_warns_and_goes_on);
    tcase_add_test(t, a_continuation_block_plays_in_the_frame_of_the_one_it_continues);
    tcase_add_test(t, a_continuation_landing_elsewhere_is_reported);
    tcase_add_test(t, malformed_continuations);
    tcase_add_test(t, wider_scripts_play_on_wider_fields);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(player_suite)
