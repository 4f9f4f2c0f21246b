/* The command line of tetris-print: parsing, checking and the --help text. */
#ifndef TETRIS_PRINT_OPTIONS_H
#define TETRIS_PRINT_OPTIONS_H

#include "tetromino.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum output_format { FORMAT_AUTO, FORMAT_PNG, FORMAT_GIF, FORMAT_MP4, FORMAT_WEBM, FORMAT_HTML };

#define DEFAULT_SCALE 16
#define MAX_SCALE 64
#define DEFAULT_DELAY 10       /* centiseconds a frame is shown: one per locked piece */
#define DEFAULT_MOTION_DELAY 3 /* with --motion: one frame per step of a piece's trip */
#define DEFAULT_HOLD 300       /* centiseconds the last frame is held */
#define MAX_HOLD_SECONDS 3600
#define DEFAULT_DURATION_SECONDS 60 /* at most, for an animation one shares (frame_choice.c) */
#define MAX_DURATION_SECONDS 3600
#define MAX_DELAY 65535 /* centiseconds: a GIF frame's delay is 16 bits */
#define MAX_FPS 100
#define MAX_REPEAT 1000000000L /* --every, --bench: a count beyond any use */

struct print_options {
    const char *input;         /* script path, "-" for standard input */
    const char *output;        /* -o, NULL when absent */
    enum output_format format; /* resolved: never FORMAT_AUTO after options_parse */
    int scale;                 /* --scale, 0 when not given (frame_size.h chooses) */
    int height;                /* --height: rows of the playfield, 0 for twice the script's width */
    bool transparent;
    bool background_set; /* else palette.c chooses one that contrasts with the colours */
    uint32_t background; /* 0xRRGGBB when set and not transparent */
    int helper_count;    /* 0 (chosen), 1 or PIECE_TYPES (one per piece type) */
    uint32_t helpers[PIECE_TYPES];
    bool no_well;
    const char *frames_dir;
    long every; /* --every, 0 when not given */
    bool crop, no_crop;
    bool motion;
    int delay;         /* centiseconds each frame is shown; from --fps when that is given */
    int fps;           /* --fps, 0 when absent */
    bool pace_given;   /* --delay or --fps: the pace is the user's, not a default */
    long duration;     /* --duration in seconds, 0 when absent */
    const char *title; /* --title, NULL when absent */
    int hold;          /* centiseconds */
    bool play;
    bool stats, moves, ascii, color, lenient;
    long bench; /* replays to time, 0 for none */
    bool help, version;
};

/* Parses argv. Returns false with a one-line message in `error` on bad usage. With --help
 * or --version, only that flag is meaningful. */
bool options_parse(int argc, char *const argv[], struct print_options *out, char *error,
                   size_t error_size);

/* The extension of a file name ("" when it has none): from its last '.' after its last '/'
 * that does not start the name. */
const char *extension_of(const char *path);

/* The --help text, rendered from man/tetris-print.1.in at build time (Makefile, "Texts"). */
extern const char PRINT_HELP_TEXT[];

void options_print_help(FILE *out);

#endif
