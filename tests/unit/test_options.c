/* tetris-print's command line: defaults, value forms, format choice, combinations. */
#include "options.h"
#include "rgb.h"
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
    ck_assert_int_eq(o.scale, 0); /* not given: frame_size.h decides */
    ck_assert(!o.crop && !o.no_crop);
    ck_assert(!o.transparent);
    ck_assert_uint_eq(o.background, 0);
    ck_assert_int_eq(o.every, 0); /* not given: frame_choice.h decides */
    ck_assert_int_eq(o.delay, 10);
    ck_assert(!o.pace_given && o.duration == 0 && !o.title);
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

/* The conventions all three tools share (src/core/cli_options.c): -V, -h, abbreviations. */
START_TEST(shared_conventions) {
    struct print_options o;
    const char *version[] = {"tetris-print", "-V"};
    ck_assert(parse(&o, 2, version));
    ck_assert(o.version);
    const char *help[] = {"tetris-print", "-h"};
    ck_assert(parse(&o, 2, help));
    ck_assert(o.help);
    const char *abbreviated[] = {"tetris-print", "--sca=3", "--back", "transparent", "s.txt"};
    ck_assert(parse(&o, 5, abbreviated));
    ck_assert_int_eq(o.scale, 3);
    ck_assert(o.transparent);
    const char *colour[] = {"tetris-print", "s.txt", "--ascii", "--colour"};
    ck_assert(parse(&o, 4, colour)); /* --color, spelt either way */
    ck_assert(o.color);
    const char *named[] = {"tetris-print", "s.txt", "--background", "Navy"};
    ck_assert(parse(&o, 4, named));
    ck_assert_uint_eq(o.background, 0x000080);
    const char *both[] = {"tetris-print", "s.txt", "--crop", "--no-crop"};
    ck_assert(!parse(&o, 4, both));
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

START_TEST(formats_by_extension) {
    static const struct {
        const char *name;
        enum output_format format;
    } cases[] = {
        {"a.png", FORMAT_PNG},   {"a.GIF", FORMAT_GIF},       {"dir.d/a.mp4", FORMAT_MP4},
        {"a.webm", FORMAT_WEBM}, {"a.html", FORMAT_HTML},     {"a.HTM", FORMAT_HTML},
        {"-", FORMAT_PNG},       {"dir.gif/out", FORMAT_PNG}, {".hidden", FORMAT_PNG},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct print_options o;
        const char *argv[] = {"tetris-print", "s.txt", "-o", cases[i].name};
        ck_assert_msg(parse(&o, 4, argv), "%s: %s", cases[i].name, error);
        ck_assert_int_eq(o.format, cases[i].format);
    }
}
END_TEST

START_TEST(pace_hold_and_helpers) {
    struct print_options o;
    const char *motion[] = {"tetris-print", "s.txt", "--motion"};
    ck_assert(parse(&o, 3, motion));
    ck_assert_int_eq(o.delay, DEFAULT_MOTION_DELAY);
    ck_assert_int_eq(o.hold, 300);
    const char *fps[] = {"tetris-print", "s.txt", "--fps", "30", "--hold", "0.5"};
    ck_assert(parse(&o, 6, fps));
    ck_assert_int_eq(o.fps, 30);
    ck_assert_int_eq(o.delay, 3); /* 100 / 30 centiseconds, rounded */
    ck_assert_int_eq(o.hold, 50);
    const char *hold[] = {"tetris-print", "s.txt", "--hold=12.3", "--helpers", "#0a0b0c"};
    ck_assert(parse(&o, 5, hold));
    ck_assert_int_eq(o.hold, 1230);
    ck_assert_int_eq(o.helper_count, 1);
    ck_assert_uint_eq(o.helpers[0], 0x0a0b0c);
    const char *seven[] = {"tetris-print", "s.txt",
                           "--helpers=111111,222222,333333,444444,555555,666666,777777"};
    ck_assert(parse(&o, 3, seven));
    ck_assert_int_eq(o.helper_count, 7);
    ck_assert_uint_eq(o.helpers[6], 0x777777);
    ck_assert(!o.background_set && !o.no_well && !o.play);
}
END_TEST

/* --duration in whole seconds, the pace kept when given, --title as it is. */
START_TEST(duration_and_title) {
    struct print_options o;
    const char *duration[] = {"tetris-print", "s.txt", "--duration", "20", "--title", "<b>x"};
    ck_assert(parse(&o, 6, duration));
    ck_assert_int_eq(o.duration, 20);
    ck_assert(!o.pace_given);
    ck_assert_str_eq(o.title, "<b>x");
    const char *paced[] = {"tetris-print", "s.txt", "--duration=3600", "--delay", "5"};
    ck_assert(parse(&o, 5, paced));
    ck_assert_int_eq(o.duration, 3600);
    ck_assert(o.pace_given);
    const char *fps[] = {"tetris-print", "s.txt", "--fps", "25"};
    ck_assert(parse(&o, 4, fps));
    ck_assert(o.pace_given);
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
        const char *argv[6];
        const char *message;
    } cases[] = {
        {1, {"p"}, "no script given (try --help)"},
        {3, {"p", "s", "--scale=65"}, "--scale: '65' is not a whole number from 1 to 64"},
        {3,
         {"p", "s", "--background=12345"},
         "--background: '12345' is not transparent or a colour (RRGGBB, #RRGGBB or a CSS colour "
         "name)"},
        {3, {"p", "s", "--stats=1"}, "option '--stats' takes no value"},
        {3, {"p", "s", "--every"}, "option '--every' needs a value"},
        {3, {"p", "s", "--bogus"}, "unknown option '--bogus' (try --help)"},
        {4, {"p", "s", "--ascii", "--color"}, NULL},
        {4, {"p", "s", "-o", ""}, "--output needs a file name"},
        /* an extension it can't write is an error unless --format says what to write */
        {4,
         {"p", "s", "-o", "out.jpg"},
         "out.jpg: cannot write '.jpg' files (png, gif, mp4, webm or html; or choose one with "
         "--format)"},
        {6, {"p", "s", "-o", "out.jpg", "--format", "png"}, NULL},
        {4, {"p", "s", "--format", "jpg"}, "--format: 'jpg' is not png, gif, mp4, webm or html"},
        {5,
         {"p", "s", "--fps", "25", "--delay=4"},
         "--fps and --delay both set the pace: give one"},
        {3, {"p", "s", "--fps=101"}, "--fps: '101' is not a whole number from 1 to 100"},
        {3, {"p", "s", "--duration=0"}, "--duration: '0' is not a whole number from 1 to 3600"},
        {3, {"p", "s", "--duration=1.5"}, "--duration: '1.5' is not a whole number from 1 to 3600"},
        {4,
         {"p", "s", "--duration=10", "--every=2"},
         "--duration and --every both choose the frames: give one"},
        {4,
         {"p", "s", "--duration=10", "--delay=0"},
         "--duration needs a pace: --delay from 1, or --fps"},
        {5,
         {"p", "s", "--delay=0", "-o", "a.webm"},
         "a video needs a frame rate: --delay from 1, or --fps"},
        {3,
         {"p", "s", "--hold=1.234"},
         "--hold: '1.234' is not a number of seconds from 0 to 3600 (at most two decimals)"},
        {3,
         {"p", "s", "--hold=-1"},
         "--hold: '-1' is not a number of seconds from 0 to 3600 (at most two decimals)"},
        {3,
         {"p", "s", "--helpers=111111,222222"},
         "--helpers: '111111,222222' is not one colour or 7 comma-separated colours (RRGGBB, "
         "#RRGGBB or a CSS colour name)"},
        {4,
         {"p", "s", "--play", "--ascii"},
         "--play draws on standard output, which --moves, --ascii and -o - also use"},
        {4,
         {"p", "s", "--bench=2", "--play"},
         "--bench replays without output: drop -o, --frames and --play"},
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
    ck_assert(rgb_parse("0a0B0c", &c));
    ck_assert_uint_eq(c, 0x0a0b0c);
    ck_assert(rgb_parse("#ffffff", &c));
    ck_assert_uint_eq(c, 0xffffff);
    ck_assert(!rgb_parse("##ffffff", &c));
    ck_assert(!rgb_parse("fffffff", &c));
    ck_assert(!rgb_parse("ffffgf", &c));
    ck_assert(!rgb_parse("", &c));
}
END_TEST

static Suite *options_suite(void) {
    Suite *s = suite_create("options");
    TCase *t = tcase_create("parse");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, defaults);
    tcase_add_test(t, values_in_both_forms);
    tcase_add_test(t, shared_conventions);
    tcase_add_test(t, format_option_wins_over_the_name);
    tcase_add_test(t, transparent_background);
    tcase_add_test(t, formats_by_extension);
    tcase_add_test(t, pace_hold_and_helpers);
    tcase_add_test(t, duration_and_title);
    tcase_add_test(t, rejections);
    tcase_add_test(t, colour_parsing);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(options_suite)
