/* The command line of tetris-search: parsing, checking and the --help text. */
#ifndef TETRIS_SEARCH_OPTIONS_H
#define TETRIS_SEARCH_OPTIONS_H

#include "regenerate.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DEFAULT_PATTERN_DIR "patterns" /* the library of the default field */
/* The largest --attempts: a try of a billion attempts already runs for minutes. */
#define SEARCH_MAX_ATTEMPTS 1000000000L

struct search_options {
    struct regenerate_request request; /* the sets, the output directory, the settings */
    const char *check_dir;             /* --check DIR, NULL to regenerate */
    bool width_given;                  /* --width (otherwise --check reads it from DIR) */
    long threads;                      /* 0: OpenMP's default */
    bool help, version;
};

/* Parses argv. Returns false with a one-line message in `error` on bad usage. The sets
 * (--squares, --platforms) are checked against the width by search_options_settle. */
bool search_options_parse(int argc, char *const argv[], struct search_options *out, char *error,
                          size_t error_size);

/* Once the width is known (given, or read from the --check directory): rejects --squares
 * beyond the width's largest set, and with no set chosen, chooses every set. */
bool search_options_settle(struct search_options *o, char *error, size_t error_size);

/* The --help text, rendered from man/tetris-search.1.in at build time (Makefile, "Texts"). */
extern const char SEARCH_HELP_TEXT[];

void search_options_print_help(FILE *out);

#endif
