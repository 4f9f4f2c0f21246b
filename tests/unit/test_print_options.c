/* tetris-print's command line: defaults, value forms, format choice, combinations. */
#include "../../src/print/options.h"
#include "unit.h"

#include <string.h>

static char error[256];

static bool parse(struct print_options *o, int argc, const char *const *argv) {
    error[0] = '\0';
    return options_parse(argc, (char *const *)argv, o, error, sizeof error);
}

START_TEST(defaults) {
    struct print_options o;
    const char *argv[] = {"tetris-print", "s.txt"};
    ck_assert(parse(&o, 2, argv));
    ck_assert_str_eq(o.input, "s.txt");
    ck_assert_ptr_null(o.output);
    ck_assert_int_eq(o.scale, 16);
    ck_assert(!o.transparent);
    ck_assert_uint_eq(o.background, 0);
    ck_assert_int_eq(o.every, 1);
    ck_assert_int_eq(o.delay, 10);
    ck_assert_int_eq(o.format, FORMAT_PNG);
    ck_assert(!o.crop && !o.stats && !o.moves && !o.ascii && !o.lenient && o.bench == 0);
}
END_TEST

START_TEST(values_in_both_forms) {
    struct print_options o;
    const char *argv[] = {"tetris-print", "--scale=3", "--background", "#FFaa00",  "-",
                          "--every",      "7",         "--delay=0",    "--output", "out/play.GIF",
                          "--crop",       "--lenient"};
    ck_assert(parse(&o, 12, argv));
    ck_assert_str_eq(o.input, "-");
    ck_assert_int_eq(o.scale, 3);
    ck_assert_uint_eq(o.background, 0xffaa00);
    ck_assert_int_eq(o.every, 7);
    ck_assert_int_eq(o.delay, 0);
    ck_assert_int_eq(o.format, FORMAT_GIF); /* by extension, any case */
    ck_assert(o.crop && o.lenient);
}
END_TEST

START_TEST(format_option_wins_over_the_name) {
    struct print_options o;
    const char *argv[] = {"tetris-print", "s.txt", "-o", "x.gif", "--format", "png"};
    ck_assert(parse(&o, 6, argv));
    ck_assert_int_eq(o.format, FORMAT_PNG);
    const char *argv2[] = {"tetris-print", "--format", "gif", "-o", "-", "--", "-s.txt"};
    ck_assert(parse(&o, 7, argv2));
    ck_assert_int_eq(o.format, FORMAT_GIF);
    ck_assert_str_eq(o.input, "-s.txt"); /* after "--" a dash starts a file name */
}
END_TEST

START_TEST(transparent_background) {
    struct print_options o;
    const char *argv[] = {"tetris-print", "s", "--background", "transparent"};
    ck_assert(parse(&o, 4, argv));
    ck_assert(o.transparent);
}
END_TEST

START_TEST(rejections) {
    static const struct {
        int argc;
        const char *argv[4];
        const char *message;
    } cases[] = {
        {1, {"p"}, "no script given (try --help)"},
        {3, {"p", "s", "--scale=65"}, "--scale: '65' is not a whole number from 1 to 64"},
        {3,
         {"p", "s", "--background=12345"},
         "--background: '12345' is not RRGGBB, #RRGGBB or transparent"},
        {3, {"p", "s", "--stats=1"}, "--stats takes no value"},
        {3, {"p", "s", "--every"}, "--every needs a value"},
        {3, {"p", "s", "--bogus"}, "unknown option '--bogus' (try --help)"},
        {4, {"p", "s", "--ascii", "--color"}, NULL},
        {4, {"p", "s", "-o", ""}, "--output needs a file name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct print_options o;
        bool ok = parse(&o, cases[i].argc, cases[i].argv);
        if (!cases[i].message) {
            ck_assert(ok);
            continue;
        }
        ck_assert_msg(!ok, "case %zu accepted", i);
        ck_assert_str_eq(error, cases[i].message);
    }
}
END_TEST

START_TEST(colour_parsing) {
    uint32_t c;
    ck_assert(parse_colour("0a0B0c", &c));
    ck_assert_uint_eq(c, 0x0a0b0c);
    ck_assert(parse_colour("#ffffff", &c));
    ck_assert_uint_eq(c, 0xffffff);
    ck_assert(!parse_colour("##ffffff", &c));
    ck_assert(!parse_colour("fffffff", &c));
    ck_assert(!parse_colour("ffffgf", &c));
    ck_assert(!parse_colour("", &c));
}
END_TEST

static Suite *options_suite(void) {
    Suite *s = suite_create("print_options");
    TCase *t = tcase_create("parse");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, defaults);
    tcase_add_test(t, values_in_both_forms);
    tcase_add_test(t, format_option_wins_over_the_name);
    tcase_add_test(t, transparent_background);
    tcase_add_test(t, rejections);
    tcase_add_test(t, colour_parsing);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(options_suite)
