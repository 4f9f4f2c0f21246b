/* The command line of tetris-convert: parsing, checking and the --help text. */
#ifndef TETRIS_CONVERT_COMMAND_LINE_H
#define TETRIS_CONVERT_COMMAND_LINE_H

#include "convert_options.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Parses argv. Returns false with a one-line message in `error` on bad usage. */
bool convert_options_parse(int argc, char *const argv[], struct convert_options *out, char *error,
                           size_t error_size);

/* The --help text, rendered from man/tetris-convert.1.in at build time (Makefile, "Texts"). */
extern const char CONVERT_HELP_TEXT[];

void convert_options_print_help(FILE *out);

#endif
