/* Atomic output (src/core/atomic_output.c): a set of files replaced as a whole or not at
 * all, stale temporary files cleaned up, and a file the program fills itself replaced
 * without following a link. What -o does to devices,
 * links and modes is tested end to end (tests/e2e/output_paths.sh). */
#include "atomic_output.h"
#include "unit.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void) {
    snprintf(dir, sizeof dir, "/tmp/test-atomic-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void) {
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(command), 0);
}

static void path_of(char *out, size_t size, const char *name) {
    snprintf(out, size, "%s/%s", dir, name);
}

static void write_text(const char *name, const char *text) {
    char path[128];
    path_of(path, sizeof path, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void assert_text(const char *name, const char *text) {
    char path[128], got[64] = "";
    path_of(path, sizeof path, name);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    ck_assert_str_eq(got, text);
}

/* True when the directory holds exactly `count` entries (temporary files included). */
static bool holds_entries(int count) {
    char command[128];
    snprintf(command, sizeof command, "test $(ls -A '%s' | wc -l) -eq %d", dir, count);
    return system(command) == 0;
}

static void open_three(struct atomic_output outs[3]) {
    static const char *const names[3] = {"a.txt", "b.txt", "c.txt"};
    for (int i = 0; i < 3; i++) {
        char path[128];
        path_of(path, sizeof path, names[i]);
        write_text(names[i], "old");
        ck_assert(atomic_output_open(&outs[i], path));
        fputs("new", outs[i].file);
    }
}

START_TEST(a_set_of_files_is_replaced_as_a_whole) {
    make_dir();
    struct atomic_output outs[3], *set[3] = {&outs[0], &outs[1], &outs[2]};
    open_three(outs);
    ck_assert(atomic_output_commit_all(set, 3));
    assert_text("a.txt", "new");
    assert_text("b.txt", "new");
    assert_text("c.txt", "new");
    ck_assert(holds_entries(3)); /* no temporary file left */
    remove_dir();
}
END_TEST

START_TEST(a_failed_write_replaces_no_file_of_the_set) {
    make_dir();
    struct atomic_output outs[3], *set[3] = {&outs[0], &outs[1], &outs[2]};
    open_three(outs);
    /* The second file's disk is full: its writes fail when flushed. */
    int full = open("/dev/full", O_WRONLY);
    ck_assert_int_ge(full, 0);
    ck_assert_int_ge(dup2(full, fileno(outs[1].file)), 0);
    close(full);
    ck_assert(!atomic_output_commit_all(set, 3));
    assert_text("a.txt", "old");
    assert_text("b.txt", "old");
    assert_text("c.txt", "old");
    ck_assert(holds_entries(3));
    remove_dir();
}
END_TEST

/* Sets a file's modification time `age` seconds back. */
static void age_file(const char *name, long age) {
    char path[128];
    path_of(path, sizeof path, name);
    struct timespec times[2] = {{time(NULL) - age, 0}, {time(NULL) - age, 0}};
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
}

static bool exists(const char *name) {
    char path[128];
    path_of(path, sizeof path, name);
    return access(path, F_OK) == 0;
}

START_TEST(only_temporaries_a_day_old_are_removed) {
    make_dir();
    write_text(".tetris-123-abcdef", "x");
    age_file(".tetris-123-abcdef", ATOMIC_OUTPUT_STALE_SECONDS + 60);
    write_text(".tetris-124-abcdef", "x"); /* a run writing now */
    age_file(".tetris-124-abcdef", ATOMIC_OUTPUT_STALE_SECONDS - 60);
    write_text(".tetris-notes", "x"); /* not one of ours: wrong shape */
    age_file(".tetris-notes", ATOMIC_OUTPUT_STALE_SECONDS + 60);
    ck_assert_int_eq(atomic_output_remove_stale(dir), 1);
    ck_assert(!exists(".tetris-123-abcdef"));
    ck_assert(holds_entries(2));
    remove_dir();
}
END_TEST

/* The next run writing in a directory removes what a killed run left there. */
START_TEST(opening_an_output_removes_the_stale_temporaries_next_to_it) {
    make_dir();
    write_text(".tetris-99999-ghijkl", "partial");
    age_file(".tetris-99999-ghijkl", ATOMIC_OUTPUT_STALE_SECONDS + 60);
    char path[128];
    path_of(path, sizeof path, "out.txt");
    struct atomic_output out;
    ck_assert(atomic_output_open(&out, path));
    fputs("new", out.file);
    ck_assert(atomic_output_commit(&out));
    ck_assert(!exists(".tetris-99999-ghijkl"));
    assert_text("out.txt", "new");
    ck_assert(holds_entries(1));
    remove_dir();
}
END_TEST

/* A file the program fills itself is replaced, never written through a link. */
START_TEST(replacing_never_follows_a_link) {
    make_dir();
    write_text("victim.txt", "precious");
    char link_path[128], victim[128];
    path_of(link_path, sizeof link_path, "frame.png");
    path_of(victim, sizeof victim, "victim.txt");
    ck_assert_int_eq(symlink(victim, link_path), 0);
    struct atomic_output out;
    ck_assert(atomic_output_open_replacing(&out, link_path));
    fputs("frame", out.file);
    ck_assert(atomic_output_commit(&out));
    assert_text("victim.txt", "precious");
    assert_text("frame.png", "frame");
    struct stat st;
    ck_assert_int_eq(lstat(link_path, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
    remove_dir();
}
END_TEST

static Suite *atomic_output_suite(void) {
    Suite *s = suite_create("atomic_output");
    TCase *t = tcase_create("sets");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, a_set_of_files_is_replaced_as_a_whole);
    tcase_add_test(t, a_failed_write_replaces_no_file_of_the_set);
    tcase_add_test(t, only_temporaries_a_day_old_are_removed);
    tcase_add_test(t, opening_an_output_removes_the_stale_temporaries_next_to_it);
    tcase_add_test(t, replacing_never_follows_a_link);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(atomic_output_suite)
