/* Reading a whole input with a cap (src/core/cli.c, cli_read_file_capped): exactly the cap
 * is read, one byte more is EFBIG, and so is a device that never ends; where a regular
 * file is expected (cli_read_regular_file), a FIFO, a device, a link or a longer file is
 * refused before it is read. */
#include "cli.h"
#include "unit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A temporary file of `size` bytes 'a'; its name in `path`. */
static void file_of(size_t size, char *path, size_t path_size) {
    snprintf(path, path_size, "/tmp/test_cli_read_%ld", (long)getpid());
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    for (size_t i = 0; i < size; i++)
        ck_assert_int_eq(fputc('a', f), 'a');
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(reads_up_to_the_cap) {
    char path[64];
    const size_t sizes[] = {0, 1, 100, 65535, 65536, 70000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t size = sizes[i], length = 12345;
        file_of(size, path, sizeof path);
        char *data = cli_read_file_capped(path, size, &length);
        ck_assert_ptr_nonnull(data);
        ck_assert_uint_eq(length, size);
        ck_assert_int_eq(data[length], '\0');
        free(data);
        if (size > 0) {
            errno = 0;
            ck_assert_ptr_null(cli_read_file_capped(path, size - 1, &length));
            ck_assert_int_eq(errno, EFBIG);
        }
        data = cli_read_file(path, &length);
        ck_assert_ptr_nonnull(data);
        ck_assert_uint_eq(length, size);
        free(data);
        remove(path);
    }
}
END_TEST

START_TEST(endless_input_stops_at_the_cap) {
    size_t length;
    errno = 0;
    ck_assert_ptr_null(cli_read_file_capped("/dev/zero", 1 << 20, &length));
    ck_assert_int_eq(errno, EFBIG);
    errno = 0;
    ck_assert_ptr_null(cli_read_file_capped("/no/such/file", 10, &length));
    ck_assert_int_eq(errno, ENOENT);
}
END_TEST

/* Where a regular file is expected, anything else is refused before a byte is read. */
START_TEST(only_regular_files_are_read_where_one_is_expected) {
    char path[64], fifo[80], link[80], reason[128];
    size_t length;
    file_of(100, path, sizeof path);
    char *data = cli_read_regular_file(path, 100, true, &length, reason, sizeof reason);
    ck_assert_ptr_nonnull(data);
    ck_assert_uint_eq(length, 100);
    free(data);
    ck_assert_ptr_null(cli_read_regular_file(path, 99, true, &length, reason, sizeof reason));
    ck_assert_int_eq(errno, EFBIG);
    ck_assert_str_eq(reason, "larger than 99 bytes");
    snprintf(fifo, sizeof fifo, "%s.fifo", path);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    /* no writer: reading it would wait forever */
    ck_assert_ptr_null(cli_read_regular_file(fifo, 100, true, &length, reason, sizeof reason));
    ck_assert_str_eq(reason, "not a regular file (a FIFO)");
    ck_assert_ptr_null(
        cli_read_regular_file("/dev/zero", 1 << 20, false, &length, reason, sizeof reason));
    ck_assert_str_eq(reason, "not a regular file (a character device)");
    snprintf(link, sizeof link, "%s.link", path);
    ck_assert_int_eq(symlink(path, link), 0);
    ck_assert_ptr_null(cli_read_regular_file(link, 100, true, &length, reason, sizeof reason));
    ck_assert_str_eq(reason, "a symbolic link");
    data = cli_read_regular_file(link, 100, false, &length, reason, sizeof reason);
    ck_assert_ptr_nonnull(data);
    free(data);
    ck_assert_int_eq(truncate(path, 3L << 30), 0); /* 3 GiB, sparse: never read */
    ck_assert_ptr_null(cli_read_regular_file(path, 1 << 20, false, &length, reason, sizeof reason));
    ck_assert_str_eq(reason, "larger than 1 MiB");
    remove(link);
    remove(fifo);
    remove(path);
}
END_TEST

static Suite *cli_read_suite(void) {
    Suite *s = suite_create("cli_read");
    TCase *t = tcase_create("read");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, reads_up_to_the_cap);
    tcase_add_test(t, endless_input_stops_at_the_cap);
    tcase_add_test(t, only_regular_files_are_read_where_one_is_expected);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(cli_read_suite)
