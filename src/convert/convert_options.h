/* The command line of tetris-convert: parsing, checking and the --help text. */
#ifndef TETRIS_CONVERT_OPTIONS_H
#define TETRIS_CONVERT_OPTIONS_H

#include "converter.h"
#include "fit.h"
#include "sprite.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DEFAULT_CONVERT_SEED 2013

struct convert_options {
    const char *input;    /* the sprite, "-" for standard input */
    const char *output;   /* "-" for standard output */
    const char *patterns; /* --patterns DIR, NULL for the built-in library */
    const char *preview;  /* --preview FILE.png, NULL for none */
    struct convert_settings settings;
    struct fit_options fit; /* --fit, --max-width, --colors, --dither, --background */
    long threads;           /* 0: OpenMP's default */
    bool stats, quiet, help, version;
};

/* What this converter prints: sprites of the 21-wide playfield (17 x 32 pixels) in
 * MAX_COLOURS colours. The bounds of --max-width and --colors come from here. */
struct sprite_limits convert_sprite_limits(void);

/* Parses argv. Returns false with a one-line message in `error` on bad usage. */
bool convert_options_parse(int argc, char *const argv[], struct convert_options *out, char *error,
                           size_t error_size);

void convert_options_print_help(FILE *out);

#endif
