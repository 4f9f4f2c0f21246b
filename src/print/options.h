/* The command line of tetris-print: parsing, checking and the --help text. */
#ifndef TETRIS_PRINT_OPTIONS_H
#define TETRIS_PRINT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum output_format { FORMAT_AUTO, FORMAT_PNG, FORMAT_GIF };

#define DEFAULT_SCALE 16
#define MAX_SCALE 64
#define DEFAULT_DELAY 10 /* centiseconds */

struct print_options {
    const char *input;         /* script path, "-" for standard input */
    const char *output;        /* -o, NULL when absent */
    enum output_format format; /* resolved: never FORMAT_AUTO after options_parse */
    int scale;
    int height; /* --height: rows of the playfield, 0 for twice the script's width */
    bool transparent;
    uint32_t background; /* 0xRRGGBB when not transparent */
    const char *frames_dir;
    long every;
    bool crop;
    int delay;
    bool stats, moves, ascii, color, lenient;
    long bench; /* replays to time, 0 for none */
    bool help, version;
};

/* Parses argv. Returns false with a one-line message in `error` on bad usage. With --help
 * or --version, only that flag is meaningful. */
bool options_parse(int argc, char *const argv[], struct print_options *out, char *error,
                   size_t error_size);

/* Parses RRGGBB or #RRGGBB. */
bool parse_colour(const char *text, uint32_t *out);

void options_print_help(FILE *out);

#endif
