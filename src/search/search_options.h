/* The command line of tetris-search: parsing, checking and the --help text. */
#ifndef TETRIS_SEARCH_OPTIONS_H
#define TETRIS_SEARCH_OPTIONS_H

#include "regenerate.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DEFAULT_SEED 2013

struct search_options {
    struct regenerate_request request; /* the sets, the output directory, the settings */
    const char *check_dir;             /* --check DIR, NULL to regenerate */
    long threads;                      /* 0: OpenMP's default */
    bool help, version;
};

/* Parses argv. Returns false with a one-line message in `error` on bad usage. With no set
 * chosen (--squares, --platforms), every set is. */
bool search_options_parse(int argc, char *const argv[], struct search_options *out, char *error,
                          size_t error_size);

void search_options_print_help(FILE *out);

#endif
