/* The shared command-line parser (src/core/cli_options.c): short clusters, long names
 * and their prefixes ("colour" read as "color"), values in every form, operands anywhere,
 * and one-line errors; colours on the command line (src/core/rgb.c) and the ETA of a
 * progress line (src/core/progress.c). */
#include "cli_options.h"
#include "progress.h"
#include "rgb.h"
#include "unit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { OPT_OUTPUT, OPT_QUIET, OPT_VERSION, OPT_COLOR, OPT_COLORS, OPT_COLOR_ORDER, OPT_STATS };

static const struct cli_option OPTIONS[] = {
    {"output", 'o', true, OPT_OUTPUT},    {"quiet", 'q', false, OPT_QUIET},
    {"version", 'V', false, OPT_VERSION}, {"color", 0, false, OPT_COLOR},
    {"colors", 0, true, OPT_COLORS},      {"color-order", 0, true, OPT_COLOR_ORDER},
    {"stats", 0, false, OPT_STATS},
};

/* What the handler saw, in order: "id=value" or "id" joined by spaces. */
struct seen {
    char log[256];
};

static bool record(void *context, int id, const char *value, char *error, size_t size) {
    struct seen *s = context;
    size_t used = strlen(s->log);
    snprintf(s->log + used, sizeof s->log - used, "%s%d%s%s", used ? " " : "", id, value ? "=" : "",
             value ? value : "");
    if (value && strcmp(value, "refuse") == 0) {
        snprintf(error, size, "refused");
        return false;
    }
    return true;
}

/* Parses a command line given as one string of space-separated words. */
static int parse(const char *words, struct seen *seen, const char **operands, char *error) {
    static char buffer[512];
    char *argv[32];
    int argc = 0;
    snprintf(buffer, sizeof buffer, "prog %s", words);
    for (char *w = strtok(buffer, " "); w && argc < 32; w = strtok(NULL, " "))
        argv[argc++] = w;
    memset(seen, 0, sizeof *seen);
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), record, seen, operands, 2, "file"};
    error[0] = '\0';
    return cli_parse_options(argc, argv, &line, error, 256);
}

START_TEST(short_options_alone_clustered_and_with_values) {
    struct seen s;
    const char *ops[2];
    char error[256];
    ck_assert_int_eq(parse("-q -V", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "1 2");
    ck_assert_int_eq(parse("-qV", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "1 2");
    ck_assert_int_eq(parse("-qofile", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "1 0=file");
    ck_assert_int_eq(parse("-o file a", &s, ops, error), 1);
    ck_assert_str_eq(s.log, "0=file");
    ck_assert_str_eq(ops[0], "a");
    ck_assert_int_eq(parse("-o -", &s, ops, error), 0); /* "-" is a value here */
    ck_assert_str_eq(s.log, "0=-");
}
END_TEST

START_TEST(long_options_values_and_prefixes) {
    struct seen s;
    const char *ops[2];
    char error[256];
    ck_assert_int_eq(parse("--output=x --output y --quiet", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "0=x 0=y 1");
    ck_assert_int_eq(parse("--out x --ver --st", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "0=x 2 6");
    ck_assert_int_eq(parse("--color", &s, ops, error), 0); /* exact beats the longer names */
    ck_assert_str_eq(s.log, "3");
    ck_assert_int_eq(parse("--colors 3 --color-o reading", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "4=3 5=reading");
    ck_assert_int_eq(parse("--output=", &s, ops, error), 0); /* an empty value is a value */
    ck_assert_str_eq(s.log, "0=");
}
END_TEST

START_TEST(colour_is_color) {
    struct seen s;
    const char *ops[2];
    char error[256];
    ck_assert_int_eq(parse("--colours 3 --colour-order=reading --colour", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "4=3 5=reading 3");
    ck_assert_int_eq(parse("--colours=2 --colour-o x", &s, ops, error), 0);
    ck_assert_str_eq(s.log, "4=2 5=x");
    ck_assert_int_eq(parse("--colourful", &s, ops, error), -1);
    ck_assert_str_eq(error, "unknown option '--colourful' (try --help)");
}
END_TEST

START_TEST(colours_by_name) {
    uint32_t rgb = 0;
    ck_assert(rgb_parse("white", &rgb) && rgb == 0xffffff);
    ck_assert(rgb_parse("RebeccaPurple", &rgb) && rgb == 0x663399);
    ck_assert(rgb_parse("aliceblue", &rgb) && rgb == 0xf0f8ff);
    ck_assert(rgb_parse("yellowgreen", &rgb) && rgb == 0x9acd32);
    ck_assert(rgb_parse("grey", &rgb) && rgb == 0x808080);
    ck_assert(rgb_parse("#0a0B0c", &rgb) && rgb == 0x0a0b0c);
    ck_assert(rgb_parse("102030", &rgb) && rgb == 0x102030);
    ck_assert(!rgb_parse("whit", &rgb));
    ck_assert(!rgb_parse("transparent", &rgb));
    ck_assert(!rgb_parse("#white", &rgb));
    ck_assert(!rgb_parse("", &rgb));
}
END_TEST

START_TEST(eta_by_the_work_left) {
    struct progress p;
    progress_start(&p, "rows", 4, true);
    p.done = 1;
    ck_assert(fabs(progress_eta(&p, 2.0) - 6.0) < 1e-9); /* a unit in 2 s: 3 left */
    /* units of unequal work: the first of 1, then 3, 3 and 1 */
    static const double work[] = {0, 1, 4, 7, 8};
    progress_weigh(&p, work);
    ck_assert(fabs(progress_eta(&p, 2.0) - 14.0) < 1e-9); /* 1 of 8 in 2 s: 7 left */
    p.done = 3;
    ck_assert(fabs(progress_eta(&p, 7.0) - 1.0) < 1e-9);
    p.done = 4;
    ck_assert(progress_eta(&p, 9.0) == 0);
}
END_TEST

START_TEST(operands_anywhere_and_after_double_dash) {
    struct seen s;
    const char *ops[2];
    char error[256];
    ck_assert_int_eq(parse("a -q b", &s, ops, error), 2);
    ck_assert_str_eq(ops[0], "a");
    ck_assert_str_eq(ops[1], "b");
    ck_assert_int_eq(parse("- -- -q", &s, ops, error), 2);
    ck_assert_str_eq(ops[0], "-");
    ck_assert_str_eq(ops[1], "-q");
    ck_assert_str_eq(s.log, "");
}
END_TEST

START_TEST(errors_are_one_line_reasons) {
    struct seen s;
    const char *ops[2];
    char error[256];
    ck_assert_int_eq(parse("--nope", &s, ops, error), -1);
    ck_assert_str_eq(error, "unknown option '--nope' (try --help)");
    ck_assert_int_eq(parse("--nope=3", &s, ops, error), -1);
    ck_assert_str_eq(error, "unknown option '--nope' (try --help)");
    ck_assert_int_eq(parse("-qx", &s, ops, error), -1);
    ck_assert_str_eq(error, "unknown option '-x' (try --help)");
    ck_assert_int_eq(parse("--col", &s, ops, error), -1);
    ck_assert_str_eq(error, "option '--col' is ambiguous: --color --colors --color-order");
    ck_assert_int_eq(parse("--output", &s, ops, error), -1);
    ck_assert_str_eq(error, "option '--output' needs a value");
    ck_assert_int_eq(parse("-q -o", &s, ops, error), -1);
    ck_assert_str_eq(error, "option '-o' needs a value");
    ck_assert_int_eq(parse("--quiet=yes", &s, ops, error), -1);
    ck_assert_str_eq(error, "option '--quiet' takes no value");
    ck_assert_int_eq(parse("a b c", &s, ops, error), -1);
    ck_assert_str_eq(error, "more than 2 files given ('c')");
    ck_assert_int_eq(parse("-o refuse", &s, ops, error), -1);
    ck_assert_str_eq(error, "refused");
}
END_TEST

START_TEST(operand_limits_name_what_is_extra) {
    char *argv[] = {"prog", "a", "b"};
    const char *ops[1];
    char error[256];
    struct seen s = {{0}};
    struct cli_command_line one = {OPTIONS, 1, record, &s, ops, 1, "script"};
    ck_assert_int_eq(cli_parse_options(3, argv, &one, error, sizeof error), -1);
    ck_assert_str_eq(error, "more than one script given ('a' and 'b')");
    struct cli_command_line none = {OPTIONS, 1, record, &s, ops, 0, "argument"};
    ck_assert_int_eq(cli_parse_options(2, argv, &none, error, sizeof error), -1);
    ck_assert_str_eq(error, "unexpected argument 'a' (try --help)");
}
END_TEST

START_TEST(shared_values_seed_and_threads) {
    char error[256];
    uint64_t seed = 0;
    long threads = 0;
    ck_assert(cli_option_seed("2013", &seed, error, sizeof error));
    ck_assert_uint_eq(seed, 2013);
    ck_assert(!cli_option_seed("-1", &seed, error, sizeof error));
    ck_assert_str_eq(error, "--seed: '-1' is not a whole number from 0 to 9223372036854775807");
    ck_assert(cli_option_threads("1024", &threads, error, sizeof error));
    ck_assert_int_eq(threads, 1024);
    ck_assert(!cli_option_threads("1025", &threads, error, sizeof error));
    ck_assert_str_eq(error, "--threads: '1025' is not a whole number from 1 to 1024");
    ck_assert(!cli_option_threads("0", &threads, error, sizeof error));
}
END_TEST

START_TEST(one_range_check_one_wording) {
    char error[256];
    long n = -5;
    ck_assert(cli_option_long("--colors", "7", 1, 7, &n, error, sizeof error));
    ck_assert_int_eq(n, 7);
    ck_assert(cli_option_long("--delay", "0", 0, 65535, &n, error, sizeof error));
    ck_assert_int_eq(n, 0);
    /* out of range, not a number, trailing junk, empty, overflow: one wording */
    static const char *const bad[] = {"9", "0", "seven", "3x", "", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        n = -5;
        ck_assert(!cli_option_long("--colors", bad[i], 1, 7, &n, error, sizeof error));
        char expected[128];
        snprintf(expected, sizeof expected, "--colors: '%s' is not a whole number from 1 to 7",
                 bad[i]);
        ck_assert_str_eq(error, expected);
        ck_assert_int_eq(n, -5); /* untouched */
    }
    ck_assert(!cli_range_reason(error, sizeof error, "--squares", "5", 1, 4));
    ck_assert_str_eq(error, "--squares: '5' is not a whole number from 1 to 4");
    int height = 0;
    ck_assert(!cli_option_height("3", &height, error, sizeof error));
    ck_assert_str_eq(error, "--height: '3' is not a whole number from 4 to 255");
}
END_TEST

static Suite *cli_options_suite(void) {
    Suite *s = suite_create("cli_options");
    TCase *t = tcase_create("parse");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, short_options_alone_clustered_and_with_values);
    tcase_add_test(t, long_options_values_and_prefixes);
    tcase_add_test(t, colour_is_color);
    tcase_add_test(t, colours_by_name);
    tcase_add_test(t, eta_by_the_work_left);
    tcase_add_test(t, operands_anywhere_and_after_double_dash);
    tcase_add_test(t, errors_are_one_line_reasons);
    tcase_add_test(t, operand_limits_name_what_is_extra);
    tcase_add_test(t, shared_values_seed_and_threads);
    tcase_add_test(t, one_range_check_one_wording);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(cli_options_suite)
