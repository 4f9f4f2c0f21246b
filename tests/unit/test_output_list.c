/* tetris-print's outputs driven as one (output_list.c), with outputs that record what they
 * are asked and can be told to fail: begun in order, ended in the reverse order; a failed
 * begin, frame or end aborts the others and leaves no file, not even a temporary one; a
 * streamed output's file that can't be opened is one error; the first output that can't
 * work here stops the run. And --frames' output removes the frames it wrote when aborted. */
#include "cli.h"
#include "frames_output.h"
#include "output_list.h"
#include "unit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];
static char log_text[1024]; /* "begin a.out, piece a.out, ..." */
static const char *fail_in; /* "begin", "frame" or "end": where the output named `failing` fails */
static const char *failing;

static void make_dir(void) {
    strcpy(dir, "/tmp/test-outputs-XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
    log_text[0] = '\0';
    fail_in = failing = "";
}

static void remove_dir(void) {
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(command), 0);
}

static char *path_in(const char *name) {
    static char path[8][128];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 128, "%s/%s", dir, name);
    return p;
}

/* The files in dir, sorted, separated by spaces ("" when empty). */
static const char *files_in(const char *where) {
    static char names[512];
    names[0] = '\0';
    struct dirent **entries;
    int n = scandir(where, &entries, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    for (int i = 0; i < n; i++) {
        if (entries[i]->d_name[0] != '.' || strncmp(entries[i]->d_name, ".tetris-", 8) == 0)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     names[0] ? " " : "", entries[i]->d_name);
        free(entries[i]);
    }
    free(entries);
    return names;
}

/* A recording output: writes a line into its file (when streamed) at each call. */
struct recorder {
    const char *name; /* its file's name */
    FILE *file;
};

static bool record(struct recorder *r, const char *call) {
    snprintf(log_text + strlen(log_text), sizeof log_text - strlen(log_text), "%s%s %s",
             log_text[0] ? ", " : "", call, r->name);
    if (r->file)
        fprintf(r->file, "%s\n", call);
    bool fails = strcmp(call, fail_in) == 0 && strcmp(r->name, failing) == 0;
    if (fails)
        cli_error("%s: told to fail in %s", r->name, call);
    return !fails;
}

static bool recorder_begin(void *self, const struct output_start *start) {
    struct recorder *r = self;
    r->name = strrchr(start->path, '/') + 1;
    r->file = start->file;
    return record(r, "begin");
}

static bool recorder_piece(void *self, const struct play_event *event) {
    (void)event;
    return record(self, "piece");
}

static bool recorder_frame(void *self, const struct output_frame *frame) {
    (void)frame;
    return record(self, "frame");
}

static bool recorder_end(void *self, const struct output_frame *last) {
    (void)last;
    return record(self, "end");
}

static void recorder_abort(void *self) {
    record(self, "abort");
}

static int usable_verdict = EXIT_OK;

static int recorder_usable(const char *path) {
    (void)path;
    return usable_verdict;
}

static const struct output_ops STREAMED = {
    .size = sizeof(struct recorder),
    .streamed = true,
    .usable = recorder_usable,
    .begin = recorder_begin,
    .piece = recorder_piece,
    .frame = recorder_frame,
    .end = recorder_end,
    .abort = recorder_abort,
};

static const struct output_ops UNSTREAMED = {
    .size = sizeof(struct recorder),
    .begin = recorder_begin,
    .frame = recorder_frame,
    .end = recorder_end,
    .abort = recorder_abort,
};

/* Three outputs: a.out and c.out streamed, b.out not; one piece and one frame. */
static bool run_three(void) {
    struct output_list list = {0};
    output_list_add(&list, &STREAMED, path_in("a.out"));
    output_list_add(&list, &UNSTREAMED, path_in("b.out"));
    output_list_add(&list, &STREAMED, path_in("c.out"));
    struct output_start start = {0};
    if (!output_list_begin(&list, &start))
        return false;
    struct play_event event = {.number = 1};
    struct output_frame frame = {0};
    if (!output_list_piece(&list, &event) || !output_list_frame(&list, &frame)) {
        output_list_abort(&list);
        return false;
    }
    return output_list_end(&list, &frame);
}

START_TEST(outputs_begin_in_order_and_end_in_reverse) {
    make_dir();
    ck_assert(run_three());
    ck_assert_str_eq(log_text, "begin a.out, begin b.out, begin c.out, piece a.out, piece c.out, "
                               "frame a.out, frame b.out, frame c.out, end c.out, end b.out, "
                               "end a.out");
    /* the streamed outputs' files, whole; nothing else */
    ck_assert_str_eq(files_in(dir), "a.out c.out");
    size_t length;
    char *a = cli_read_file(path_in("a.out"), &length);
    ck_assert_str_eq(a, "begin\npiece\nframe\nend\n");
    free(a);
    remove_dir();
}
END_TEST

START_TEST(a_failed_begin_aborts_those_begun_and_leaves_no_file) {
    make_dir();
    fail_in = "begin";
    failing = "c.out";
    ck_assert(!run_three());
    ck_assert_str_eq(log_text, "begin a.out, begin b.out, begin c.out, abort c.out, abort b.out, "
                               "abort a.out");
    ck_assert_str_eq(files_in(dir), "");
    remove_dir();
}
END_TEST

START_TEST(a_failed_frame_aborts_every_output) {
    make_dir();
    fail_in = "frame";
    failing = "b.out";
    ck_assert(!run_three());
    ck_assert_str_eq(log_text, "begin a.out, begin b.out, begin c.out, piece a.out, piece c.out, "
                               "frame a.out, frame b.out, abort c.out, abort b.out, abort a.out");
    ck_assert_str_eq(files_in(dir), "");
    remove_dir();
}
END_TEST

/* Ended in the reverse order: c.out is done when b.out fails; a.out is never finished. */
START_TEST(a_failed_end_aborts_the_outputs_not_ended) {
    make_dir();
    fail_in = "end";
    failing = "b.out";
    ck_assert(!run_three());
    ck_assert_str_eq(log_text, "begin a.out, begin b.out, begin c.out, piece a.out, piece c.out, "
                               "frame a.out, frame b.out, frame c.out, end c.out, end b.out, "
                               "abort b.out, abort a.out");
    ck_assert_str_eq(files_in(dir), "c.out");
    remove_dir();
}
END_TEST

START_TEST(a_file_that_cannot_be_opened_stops_the_others) {
    make_dir();
    ck_assert_int_eq(mkdir(path_in("c.out"), 0777), 0); /* a directory: EISDIR */
    ck_assert(!run_three());
    ck_assert_str_eq(log_text, "begin a.out, begin b.out, abort b.out, abort a.out");
    ck_assert_str_eq(files_in(dir), "c.out");
    remove_dir();
}
END_TEST

START_TEST(an_output_that_cannot_work_here_stops_the_run) {
    struct output_list list = {0};
    output_list_add(&list, &UNSTREAMED, "/nowhere/b.out");
    output_list_add(&list, &STREAMED, "/nowhere/a.out");
    usable_verdict = EXIT_BAD_INPUT;
    ck_assert_int_eq(output_list_usable(&list), EXIT_BAD_INPUT);
    usable_verdict = EXIT_OK;
    ck_assert_int_eq(output_list_usable(&list), EXIT_OK);
    ck_assert(output_list_shows_frames(&list));
    ck_assert(!output_list_draws(&list));
}
END_TEST

/* --frames: the frames written so far are removed when the run fails; an earlier run's
 * frames were removed when it began, other files stay. */
START_TEST(aborted_frames_are_removed) {
    make_dir();
    char *frames = path_in("frames");
    ck_assert_int_eq(mkdir(frames, 0777), 0);
    FILE *f = fopen(path_in("frames/frame-00009.png"), "w");
    ck_assert(f != NULL);
    fclose(f);
    f = fopen(path_in("frames/notes.txt"), "w");
    ck_assert(f != NULL);
    fclose(f);
    struct raster raster;
    ck_assert(raster_init(&raster, 11, 22, 0, 1, false));
    struct palette palette;
    struct palette_spec spec = {0};
    palette_init(&palette, &spec);
    struct output_list list = {0};
    output_list_add(&list, &FRAMES_OUTPUT, frames);
    struct output_start start = {.palette = &palette, .raster = &raster, .frame_count = 3};
    ck_assert(output_list_begin(&list, &start));
    struct output_frame frame = {.raster = &raster};
    ck_assert(output_list_frame(&list, &frame));
    ck_assert(output_list_frame(&list, &frame));
    ck_assert_str_eq(files_in(frames), "frame-00001.png frame-00002.png notes.txt");
    output_list_abort(&list);
    ck_assert_str_eq(files_in(frames), "notes.txt");
    /* a run to its end keeps them */
    struct output_list again = {0};
    output_list_add(&again, &FRAMES_OUTPUT, frames);
    ck_assert(output_list_begin(&again, &start));
    for (int i = 0; i < 3; i++)
        ck_assert(output_list_frame(&again, &frame));
    ck_assert(output_list_end(&again, &frame));
    ck_assert_str_eq(files_in(frames), "frame-00001.png frame-00002.png frame-00003.png notes.txt");
    raster_free(&raster);
    remove_dir();
}
END_TEST

static Suite *output_list_suite(void) {
    Suite *s = suite_create("output_list");
    TCase *t = tcase_create("outputs");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, outputs_begin_in_order_and_end_in_reverse);
    tcase_add_test(t, a_failed_begin_aborts_those_begun_and_leaves_no_file);
    tcase_add_test(t, a_failed_frame_aborts_every_output);
    tcase_add_test(t, a_failed_end_aborts_the_outputs_not_ended);
    tcase_add_test(t, a_file_that_cannot_be_opened_stops_the_others);
    tcase_add_test(t, an_output_that_cannot_work_here_stops_the_run);
    tcase_add_test(t, aborted_frames_are_removed);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(output_list_suite)
