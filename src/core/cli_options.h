/* The one command-line parser of the three commands, GNU style:
 *   - short options, alone or clustered: -q -V, -qV, and with a value -o FILE or -oFILE;
 *   - long options: --name, --name VALUE, --name=VALUE, and any unambiguous prefix of a
 *     name (an exact name always wins: --color even when --colors exists);
 *   - "--" ends the options; "-" alone is an operand (standard input or output);
 *   - options and operands in any order.
 * Each command describes its options in a table and handles each one as it comes. */
#ifndef TETRIS_CLI_OPTIONS_H
#define TETRIS_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cli_option {
    const char *name; /* long name, without the dashes */
    char letter;      /* short name, or 0 */
    bool takes_value;
    int id; /* what the command knows it by */
};

/* Handles one option, in command-line order; `value` is NULL for an option without one.
 * Returns false with a one-line reason in `error`. */
typedef bool cli_option_handler(void *context, int id, const char *value, char *error, size_t size);

struct cli_command_line {
    const struct cli_option *options;
    int option_count;
    cli_option_handler *handle;
    void *context;
    const char **operands;    /* receives the operands, in order (pointers into argv) */
    int max_operands;         /* more is an error */
    const char *operand_name; /* for "more than one SCRIPT given", e.g. "script" */
};

/* A whole-number option from `min` to `max`: the one range check of the three commands.
 * False with the one wording of a number out of range in `error`, e.g.
 * "--colors: '9' is not a whole number from 1 to 7" (`name` is the option as written). */
bool cli_option_long(const char *name, const char *value, long min, long max, long *out,
                     char *error, size_t size);
/* That wording alone, for a number that can only be checked once other options are known
 * (--squares against the field's width); returns false. */
bool cli_range_reason(char *error, size_t size, const char *name, const char *value, long min,
                      long max);

/* The values of the options several commands share, each checked in one place; they
 * return false with a one-line reason in `error`. */
bool cli_option_seed(const char *value, uint64_t *seed, char *error, size_t size);
bool cli_option_threads(const char *value, long *threads, char *error, size_t size);
/* --width W: an odd number from FIELD_MIN_WIDTH to FIELD_MAX_WIDTH (field.h); with
 * `allow_auto`, also "auto", which sets 0. */
bool cli_option_width(const char *value, bool allow_auto, int *width, char *error, size_t size);
/* --height H: from FIELD_MIN_HEIGHT to FIELD_MAX_HEIGHT (field.h). */
bool cli_option_height(const char *value, int *height, char *error, size_t size);

/* The options tetris-convert and tetris-search share, with the same letters and checks:
 * --seed, --threads, --quiet, --help and --version. A command lists their rows in its table
 * (CLI_OPTION_SEED, CLI_OPTION_THREADS, CLI_OPTIONS_QUIET_HELP_VERSION) and hands their ids
 * (cli_option_is_shared) to cli_option_shared, saying where each value goes. */
enum cli_shared_option_id {
    CLI_OPT_SEED = 1000, /* above any command's own ids */
    CLI_OPT_THREADS,
    CLI_OPT_QUIET,
    CLI_OPT_HELP,
    CLI_OPT_VERSION,
};
#define CLI_OPTION_SEED                                                                            \
    { "seed", 's', true, CLI_OPT_SEED }
#define CLI_OPTION_THREADS                                                                         \
    { "threads", 't', true, CLI_OPT_THREADS }
#define CLI_OPTIONS_QUIET_HELP_VERSION                                                             \
    {"quiet", 'q', false, CLI_OPT_QUIET}, {"help", 'h', false, CLI_OPT_HELP}, {                    \
        "version", 'V', false, CLI_OPT_VERSION                                                     \
    }

struct cli_shared_options {
    uint64_t *seed;
    long *threads;
    bool *quiet, *help, *version;
};

bool cli_option_is_shared(int id);
/* Sets shared option `id` where `to` says; false with a one-line reason in `error`. */
bool cli_option_shared(const struct cli_shared_options *to, int id, const char *value, char *error,
                       size_t size);

/* Parses argv[1..argc-1]. Returns the number of operands, or -1 with a one-line reason in
 * `error` (an unknown or ambiguous option, a missing or unexpected value, an error from
 * the handler, too many operands). */
int cli_parse_options(int argc, char *const argv[], const struct cli_command_line *line,
                      char *error, size_t size);

#endif
