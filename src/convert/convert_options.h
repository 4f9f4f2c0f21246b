/* What tetris-convert is asked to do: its options, once parsed (convert_command_line.h). */
#ifndef TETRIS_CONVERT_OPTIONS_H
#define TETRIS_CONVERT_OPTIONS_H

#include "converter/converter.h"
#include "picture/fit_options.h"

#include <stdbool.h>

#define DEFAULT_CONVERT_SEED 2013

struct convert_options {
    const char *input;    /* the sprite, "-" for standard input */
    const char *output;   /* "-" for standard output */
    const char *patterns; /* --patterns DIR, NULL for the built-in library */
    const char *preview;  /* --preview FILE.png, NULL for none */
    int width;            /* --width: 0 for auto */
    /* The width of the --patterns library's files (pattern_dir_width), read once while
     * parsing; 0 without --patterns, with --width, or when the files don't say. */
    int patterns_width;
    int height; /* --height: 0 for twice the width */
    struct convert_settings settings;
    struct fit_options fit; /* --fit, --max-width, --colors, --dither, --background */
    long threads;           /* 0: OpenMP's default */
    bool center;            /* --center: the sprite centred on the field (field_choice_shifts) */
    bool stats, quiet, help, version;
};

#endif
