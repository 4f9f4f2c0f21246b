/* What the three commands share on the command line: exit codes, one-line errors,
 * number options, and reading a whole input file (or standard input for "-"). */
#ifndef TETRIS_CLI_H
#define TETRIS_CLI_H

#include <stdbool.h>
#include <stddef.h>

enum exit_code {
    EXIT_OK = 0,
    EXIT_FAILED = 1,    /* the work itself failed: I/O error, top-out, no pattern found */
    EXIT_BAD_INPUT = 2, /* bad usage or bad input */
};

#define TETRIS_PRINTER_VERSION "0.1.0"

/* Sets the name used as the prefix of error lines. */
void cli_set_program(const char *name);
const char *cli_program(void);

/* Prints "program: message" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Formats a one-line reason into `out` and returns false, for parsers that report why
 * they fail: `return cli_reason(error, size, "...", ...);`. */
bool cli_reason(char *out, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Prints the standard --version text. */
void cli_print_version(void);

/* Ends a command: flushes standard output, and when that or an earlier write to it failed
 * (a full disk, a closed pipe) turns a successful `status` into EXIT_FAILED, saying so in
 * one line. Returns the exit status. */
int cli_finish(int status);

/* The body of each tool's main(argc, argv): names the program, parses the options into a
 * `struct OPTIONS` (which has `help` and `version` flags) with PARSE, then prints the help
 * (PRINT_HELP, to stdout), the version or runs the command (RUN, which returns its exit
 * status), ending through cli_finish. Bad usage is one error line and EXIT_BAD_INPUT. */
#define CLI_MAIN_BODY(PROGRAM, OPTIONS, PARSE, PRINT_HELP, RUN)                                    \
    do {                                                                                           \
        cli_set_program(PROGRAM);                                                                  \
        struct OPTIONS options;                                                                    \
        char error[256];                                                                           \
        if (!PARSE(argc, argv, &options, error, sizeof error)) {                                   \
            cli_error("%s", error);                                                                \
            return EXIT_BAD_INPUT;                                                                 \
        }                                                                                          \
        if (options.help) {                                                                        \
            PRINT_HELP(stdout);                                                                    \
            return cli_finish(EXIT_OK);                                                            \
        }                                                                                          \
        if (options.version) {                                                                     \
            cli_print_version();                                                                   \
            return cli_finish(EXIT_OK);                                                            \
        }                                                                                          \
        return cli_finish(RUN(&options));                                                          \
    } while (0)

/* Parses a whole decimal number within [min, max]; false on anything else. */
bool cli_parse_long(const char *text, long min, long max, long *out);

/* Makes sure `path` is a directory, creating it and its missing parents (mode 0777 less
 * the umask). Returns false with errno set (ENOTDIR when something else is there). */
bool cli_make_directory(const char *path);

/* Reads a whole file, or standard input when path is "-". Returns a NUL-terminated
 * buffer to free(), or NULL with errno set. */
char *cli_read_file(const char *path, size_t *length);

/* The same, reading at most max_length bytes: a longer input (a huge file, /dev/zero, an
 * endless pipe) stops there and gives NULL with errno EFBIG, having used at most about
 * max_length bytes of memory. */
char *cli_read_file_capped(const char *path, size_t max_length, size_t *length);

/* Reads a whole regular file where one is expected (a pattern file), at most max_length
 * bytes; with `no_links`, a symbolic link at `path` is refused too. Anything else is refused
 * at once, before a byte is read: a FIFO (which would wait for a writer), a device (which
 * may never end), a directory, a file longer than max_length. Returns a NUL-terminated
 * buffer to free(), or NULL with errno set (ENOMEM when memory ran out) and one line in
 * `reason` (no file name): "not a regular file (a FIFO)", "larger than 256 MiB", ... */
char *cli_read_regular_file(const char *path, size_t max_length, bool no_links, size_t *length,
                            char *reason, size_t reason_size);

#endif
