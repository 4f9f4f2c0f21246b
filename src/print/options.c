#include "options.h"

#include "cli.h"
#include "cli_options.h"
#include "field.h"
#include "rgb.h"

#include <string.h>
#include <strings.h>

/* The formats -o writes, by --format name and by file name extension. */
static const struct {
    const char *name;
    enum output_format format;
    const char *extensions[2];
} FORMATS[] = {
    {"png", FORMAT_PNG, {".png"}},
    {"gif", FORMAT_GIF, {".gif"}},
    {"mp4", FORMAT_MP4, {".mp4"}},
    {"webm", FORMAT_WEBM, {".webm"}},
    {"html", FORMAT_HTML, {".html", ".htm"}},
};
#define FORMAT_COUNT (sizeof FORMATS / sizeof FORMATS[0])
#define FORMAT_LIST "png, gif, mp4, webm or html"

static bool format_from_name(const char *name, enum output_format *out) {
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        if (strcmp(FORMATS[i].name, name) == 0) {
            *out = FORMATS[i].format;
            return true;
        }
    return false;
}

/* The extension of a file name ("" when it has none): from its last '.' after its last '/'
 * that does not start the name. */
static const char *extension_of(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : "";
}

/* The format a file name asks for: PNG without an extension (and for "-"); false for an
 * extension that names no format this program writes. */
static bool format_from_path(const char *path, enum output_format *out) {
    const char *extension = extension_of(path);
    if (!*extension) {
        *out = FORMAT_PNG;
        return true;
    }
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        for (int e = 0; e < 2 && FORMATS[i].extensions[e]; e++)
            if (strcasecmp(FORMATS[i].extensions[e], extension) == 0) {
                *out = FORMATS[i].format;
                return true;
            }
    return false;
}

/* "3", "0.5", "1.25": seconds as centiseconds, from 0 to max_seconds. */
static bool parse_centiseconds(const char *text, long max_seconds, int *out) {
    const char *dot = strchr(text, '.');
    size_t whole = dot ? (size_t)(dot - text) : strlen(text);
    char digits[16];
    if (whole == 0 || whole >= sizeof digits)
        return false;
    memcpy(digits, text, whole);
    digits[whole] = '\0';
    long seconds, fraction = 0;
    if (!cli_parse_long(digits, 0, max_seconds, &seconds))
        return false;
    if (dot) {
        size_t n = strlen(dot + 1);
        if (n < 1 || n > 2 || !cli_parse_long(dot + 1, 0, 99, &fraction) || dot[1] == '-' ||
            dot[1] == '+')
            return false;
        if (n == 1)
            fraction *= 10;
    }
    if (seconds == max_seconds && fraction > 0)
        return false;
    *out = (int)(seconds * 100 + fraction);
    return true;
}

/* "RRGGBB[,RRGGBB...]", at most HELPER_COLOURS colours. */
static bool parse_colour_list(const char *text, uint32_t colours[], int *count) {
    *count = 0;
    for (;;) {
        const char *comma = strchr(text, ',');
        size_t n = comma ? (size_t)(comma - text) : strlen(text);
        char one[16];
        if (*count == HELPER_COLOURS || n >= sizeof one)
            return false;
        memcpy(one, text, n);
        one[n] = '\0';
        if (!rgb_parse(one, &colours[(*count)++]))
            return false;
        if (!comma)
            return true;
        text = comma + 1;
    }
}

enum option_id {
    OPT_OUTPUT,
    OPT_FORMAT,
    OPT_SCALE,
    OPT_BACKGROUND,
    OPT_FRAMES,
    OPT_EVERY,
    OPT_DELAY,
    OPT_BENCH,
    OPT_HEIGHT,
    OPT_HELPERS,
    OPT_HOLD,
    OPT_FPS,
    OPT_CROP,
    OPT_NO_WELL,
    OPT_MOTION,
    OPT_PLAY,
    OPT_STATS,
    OPT_MOVES,
    OPT_ASCII,
    OPT_COLOR,
    OPT_LENIENT,
    OPT_HELP,
    OPT_VERSION,
};

static const struct cli_option OPTIONS[] = {
    {"output", 'o', true, OPT_OUTPUT},
    {"format", 0, true, OPT_FORMAT},
    {"height", 0, true, OPT_HEIGHT},
    {"scale", 0, true, OPT_SCALE},
    {"background", 0, true, OPT_BACKGROUND},
    {"helpers", 0, true, OPT_HELPERS},
    {"no-well", 0, false, OPT_NO_WELL},
    {"crop", 0, false, OPT_CROP},
    {"frames", 0, true, OPT_FRAMES},
    {"every", 0, true, OPT_EVERY},
    {"motion", 0, false, OPT_MOTION},
    {"delay", 0, true, OPT_DELAY},
    {"fps", 0, true, OPT_FPS},
    {"hold", 0, true, OPT_HOLD},
    {"play", 0, false, OPT_PLAY},
    {"stats", 0, false, OPT_STATS},
    {"moves", 0, false, OPT_MOVES},
    {"ascii", 0, false, OPT_ASCII},
    {"color", 0, false, OPT_COLOR},
    {"lenient", 0, false, OPT_LENIENT},
    {"bench", 0, true, OPT_BENCH},
    {"help", 'h', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
};

/* Options without a value. */
static void set_flag(struct print_options *o, enum option_id id);

static bool set_option(void *context, int id, const char *value, char *error, size_t size) {
    struct print_options *o = context;
    long n;
    switch ((enum option_id)id) {
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a file name");
        o->output = value;
        return true;
    case OPT_FORMAT:
        if (!format_from_name(value, &o->format))
            return cli_reason(error, size, "--format: '%s' is not %s", value, FORMAT_LIST);
        return true;
    case OPT_SCALE:
        if (!cli_parse_long(value, 1, MAX_SCALE, &n))
            return cli_reason(error, size, "--scale: '%s' is not a whole number from 1 to %d",
                              value, MAX_SCALE);
        o->scale = (int)n;
        return true;
    case OPT_BACKGROUND:
        if (strcmp(value, "transparent") == 0) {
            o->transparent = true;
            return true;
        }
        if (!rgb_parse(value, &o->background))
            return cli_reason(error, size,
                              "--background: '%s' is not RRGGBB, #RRGGBB or transparent", value);
        o->transparent = false;
        o->background_set = true;
        return true;
    case OPT_FRAMES:
        if (!*value)
            return cli_reason(error, size, "--frames needs a directory");
        o->frames_dir = value;
        return true;
    case OPT_EVERY:
        if (!cli_parse_long(value, 1, 1000000000L, &o->every))
            return cli_reason(error, size, "--every: '%s' is not a whole number from 1", value);
        return true;
    case OPT_DELAY:
        if (!cli_parse_long(value, 0, 65535, &n))
            return cli_reason(error, size, "--delay: '%s' is not a whole number from 0 to 65535",
                              value);
        o->delay = (int)n;
        return true;
    case OPT_FPS:
        if (!cli_parse_long(value, 1, MAX_FPS, &n))
            return cli_reason(error, size, "--fps: '%s' is not a whole number from 1 to %d", value,
                              MAX_FPS);
        o->fps = (int)n;
        return true;
    case OPT_HOLD:
        if (!parse_centiseconds(value, MAX_HOLD_SECONDS, &o->hold))
            return cli_reason(error, size,
                              "--hold: '%s' is not a number of seconds from 0 to %d (at most "
                              "two decimals)",
                              value, MAX_HOLD_SECONDS);
        return true;
    case OPT_HELPERS:
        if (!parse_colour_list(value, o->helpers, &o->helper_count) ||
            (o->helper_count != 1 && o->helper_count != HELPER_COLOURS))
            return cli_reason(error, size,
                              "--helpers: '%s' is not one colour or %d comma-separated colours "
                              "(RRGGBB)",
                              value, HELPER_COLOURS);
        return true;
    case OPT_BENCH:
        if (!cli_parse_long(value, 1, 1000000000L, &o->bench))
            return cli_reason(error, size, "--bench: '%s' is not a whole number from 1", value);
        return true;
    case OPT_HEIGHT:
        return cli_option_height(value, &o->height, error, size);
    default:
        set_flag(o, (enum option_id)id);
        return true;
    }
}

static void set_flag(struct print_options *o, enum option_id id) {
    switch (id) {
    case OPT_CROP:
        o->crop = true;
        break;
    case OPT_NO_WELL:
        o->no_well = true;
        break;
    case OPT_MOTION:
        o->motion = true;
        break;
    case OPT_PLAY:
        o->play = true;
        break;
    case OPT_STATS:
        o->stats = true;
        break;
    case OPT_MOVES:
        o->moves = true;
        break;
    case OPT_ASCII:
        o->ascii = true;
        break;
    case OPT_COLOR:
        o->color = true;
        break;
    case OPT_LENIENT:
        o->lenient = true;
        break;
    case OPT_HELP:
        o->help = true;
        break;
    case OPT_VERSION:
        o->version = true;
        break;
    default:
        break;
    }
}

/* Checks that hold between options once all are known. */
static bool check_combination(struct print_options *o, char *error, size_t size) {
    if (!o->input)
        return cli_reason(error, size, "no script given (try --help)");
    if (o->format == FORMAT_AUTO && o->output && !format_from_path(o->output, &o->format))
        return cli_reason(error, size,
                          "%s: cannot write '%s' files (%s; or choose one with --format)",
                          o->output, extension_of(o->output), FORMAT_LIST);
    if (o->format == FORMAT_AUTO)
        o->format = FORMAT_PNG;
    if (o->fps && o->delay >= 0)
        return cli_reason(error, size, "--fps and --delay both set the pace: give one");
    if (o->fps)
        o->delay = (100 + o->fps / 2) / o->fps;
    else if (o->delay < 0)
        o->delay = o->motion ? DEFAULT_MOTION_DELAY : DEFAULT_DELAY;
    bool video = o->output && (o->format == FORMAT_MP4 || o->format == FORMAT_WEBM);
    if (video && o->delay == 0)
        return cli_reason(error, size, "a video needs a frame rate: --delay from 1, or --fps");
    if (o->play && (o->moves || o->ascii || (o->output && strcmp(o->output, "-") == 0)))
        return cli_reason(error, size,
                          "--play draws on standard output, which --moves, --ascii and -o - "
                          "also use");
    if (o->color && !o->ascii)
        return cli_reason(error, size, "--color only applies to --ascii");
    bool text_out = o->moves || o->ascii || o->bench;
    if (o->output && strcmp(o->output, "-") == 0 && text_out)
        return cli_reason(error, size,
                          "-o - writes the image to standard output, which --moves, --ascii "
                          "and --bench also use");
    if (o->bench && (o->output || o->frames_dir || o->play))
        return cli_reason(error, size,
                          "--bench replays without output: drop -o, --frames and --play");
    return true;
}

bool options_parse(int argc, char *const argv[], struct print_options *o, char *error,
                   size_t size) {
    *o = (struct print_options){.format = FORMAT_AUTO,
                                .scale = DEFAULT_SCALE,
                                .every = 1,
                                .delay = -1, /* until known: --delay, --fps or a default */
                                .hold = DEFAULT_HOLD};
    const char *operands[1];
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, o, operands, 1, "script"};
    int count = cli_parse_options(argc, argv, &line, error, size);
    if (count < 0)
        return false;
    o->input = count ? operands[0] : NULL;
    if (o->help || o->version)
        return true;
    return check_combination(o, error, size);
}

void options_print_help(FILE *out) {
    fputs("NAME\n"
          "    tetris-print - replay a Tetris printer script and render the playfield\n"
          "\n"
          "SYNOPSIS\n"
          "    tetris-print [OPTION]... SCRIPT\n"
          "    tetris-print SCRIPT -o OUT.png [--scale N] [--background COLOR|transparent]\n"
          "    tetris-print SCRIPT -o OUT.gif|OUT.mp4|OUT.webm [--motion] [--delay CS|--fps N]\n"
          "    tetris-print SCRIPT -o OUT.html\n"
          "    tetris-print SCRIPT --play [--motion]\n"
          "\n"
          "DESCRIPTION\n"
          "    Plays SCRIPT (\"-\" reads standard input) as real Tetris on a playfield as\n"
          "    wide as the script's lines (21 columns for the article's scripts) and twice\n"
          "    as tall unless --height says otherwise, row 0 at the top. Each piece spawns\n"
          "    with its pivot at the top centre, column (W - 1) / 2 (10 of 21), row 0, in\n"
          "    its NES spawn orientation; it rotates there (NES rotation about the\n"
          "    pivot, no kicks), shifts one column at a time and hard-drops; full rows clear\n"
          "    with naive gravity. Cells above row 0 are free while a piece moves, but a\n"
          "    piece that locks there (lock-out), or whose spawn, rotation or shift is\n"
          "    blocked, is a top-out. Each block's pieces drop in increasing character\n"
          "    order, and each must land where its block draws it relative to the block's\n"
          "    earlier pieces (allowing for the rows that cleared meanwhile); the block's\n"
          "    first piece places the block, which may not reach below the floor.\n"
          "    The script is checked completely before any output is written. Without -o,\n"
          "    --frames, --play or a text option, the script is only checked. It is read\n"
          "    twice and played as it is read, one structure at a time, so memory does not\n"
          "    grow with its length; standard input or a pipe is copied for the second\n"
          "    pass to an unlinked temporary file in $TMPDIR (else /tmp).\n"
          "\n"
          "    Script format: a colour line of 1 to 7 RRGGBB colours (J, T, L, I, O, S, Z;\n"
          "    \"-\" for a type given none), then blocks separated by blank lines; every\n"
          "    block line is W characters (an odd number from 11 to 71: the field's\n"
          "    width), '.' for empty and 'A'..'~' for the cells of a piece, one character\n"
          "    per piece, so a block names at most 62 pieces. A line holding only '+'\n"
          "    instead of the blank line makes the next block continue the one before it:\n"
          "    as many lines, the same rows pictured, its pieces dropped after the first's\n"
          "    and checked in the same frame. Limits, refused at once (exit 2): a line of\n"
          "    at most 1024 bytes, a block of at most 257 lines (the tallest field and the\n"
          "    2 spawn rows), a script of at most 1 GiB. An image (PNG, GIF, JPEG, BMP) is\n"
          "    named as one; messages show bytes outside printable ASCII as 0xNN.\n"
          "\n"
          "OPTIONS\n"
          "    -o, --output FILE    Write FILE (\"-\": standard output), in the format its\n"
          "                         extension names: .png the final picture; .gif an\n"
          "                         animation; .mp4 (H.264) or .webm (VP9) a video, encoded\n"
          "                         by ffmpeg, which must be on PATH; .html a page that\n"
          "                         replays the print. No extension: PNG. Any other\n"
          "                         extension is an error unless --format is given.\n"
          "                         Written atomically: whole or not at all.\n"
          "    --format FORMAT      png, gif, mp4, webm or html, whatever FILE is called.\n"
          "    --height H           The playfield's rows, 4 to 255 (default twice the\n"
          "                         script's width: 42 for 21-character lines).\n"
          "    --scale N            N x N pixels per cell, 1 to 64 (default 16). From 3 up,\n"
          "                         each block has a one-pixel darker border; with 1, one\n"
          "                         pixel per cell and no well (W x H pixels uncropped).\n"
          "    --background COLOR   Empty cells: RRGGBB, #RRGGBB or \"transparent\" (alpha\n"
          "                         0). Default: a dark colour far from every script colour\n"
          "                         (a light one when the picture is dark).\n"
          "    --helpers COLORS     Colours of the helper cells: one RRGGBB for all, or\n"
          "                         seven, comma-separated, for J,T,L,I,O,S,Z. Default:\n"
          "                         shades of a grey (or muted hue) far from every script\n"
          "                         colour and from the background.\n"
          "    --no-well            Leave out the well (the walls and the floor around the\n"
          "                         playfield, one cell thick, drawn from scale 2 up).\n"
          "    --crop               Keep only the rows of the final picture (its highest\n"
          "                         row down to the floor; at least the floor row), in\n"
          "                         images, frames, animations and --ascii.\n"
          "    --frames DIR         Also write each frame as DIR/frame-NNNNN.png (DIR is\n"
          "                         created if missing). Numbers have as many digits as\n"
          "                         the frame count needs (at least 5); frames of earlier\n"
          "                         runs (files named frame-DIGITS.png) are removed, so DIR\n"
          "                         holds exactly this run's frames; other files stay.\n"
          "    --every K            Give frames to every K-th piece only (and the last one;\n"
          "                         default 1).\n"
          "    --motion             Show each piece's trip: its spawn, each rotation and\n"
          "                         shift, each row of its fall, then the lock. Without\n"
          "                         it, one frame per locked piece.\n"
          "    --delay CS           How long each frame is shown, in centiseconds, 0 to\n"
          "                         65535 (default 10, with --motion 3). GIF delays are\n"
          "                         whole centiseconds; browsers show delays under 2 as 10.\n"
          "    --fps N              The same pace as N frames a second, 1 to 100: a video\n"
          "                         gets exactly N, a GIF the nearest delay (100/N cs).\n"
          "                         Give --fps or --delay, not both.\n"
          "    --hold SECONDS       Show the last frame this long (GIF: at least; video:\n"
          "                         added), e.g. 3 or 0.5 (default 3).\n"
          "    --play               Animate the print in the terminal, in place, with 24-bit\n"
          "                         colours, two cells per character, at the pace of\n"
          "                         --delay; the terminal is restored at the end and on\n"
          "                         Ctrl-C. Standard output must be a terminal (exit 2).\n"
          "    --stats              Print statistics on standard error: blocks, pieces by\n"
          "                         type, rows cleared as singles, doubles, triples and\n"
          "                         tetrises, and the highest stack (rows, counted when a\n"
          "                         piece locked, before its rows cleared).\n"
          "    --moves              Print each piece's trajectory from spawn on standard\n"
          "                         output, e.g. \"block 3 piece C (L): r+ r+ sl sl sl hd\"\n"
          "                         (r+/r- rotate clockwise/counterclockwise, sl/sr shift\n"
          "                         left/right, hd hard drop).\n"
          "    --ascii              Print the final playfield on standard output, one line\n"
          "                         per row: '.' empty, else the piece letter (IJLOSTZ).\n"
          "    --color              With --ascii: ANSI 24-bit colour blocks instead.\n"
          "    --lenient            Report a piece that lands elsewhere than its block draws\n"
          "                         it as a warning on standard error and go on.\n"
          "    --bench N            Read and replay the script N times without output and\n"
          "                         print the replay speed in pieces per second.\n"
          "    -h, --help           Show this help and exit.\n"
          "    -V, --version        Show the version and exit.\n"
          "\n"
          "PICTURE AND HELPER CELLS\n"
          "    A picture cell is a cell that remains on the playfield at the end: it takes\n"
          "    its piece's script colour (colours 1..7 are J, T, L, I, O, S, Z; a type the\n"
          "    script gives no colour keeps J 2040e0, T a040e0, L f09020, I 40d0f0,\n"
          "    O f0e040, S 40c040, Z e03030). Every other cell clears before the end: it is\n"
          "    a helper cell, drawn in the helper colours from the moment its piece spawns.\n"
          "    The check pass learns which cells remain, so frames never show a helper in\n"
          "    a picture colour, whatever the piece type.\n"
          "\n"
          "EXIT STATUS\n"
          "    0  success.\n"
          "    1  failure: a top-out or lock-out, an output that can't be written, or a\n"
          "       video without ffmpeg (reported before any work) or that ffmpeg fails.\n"
          "    2  bad usage or bad input: a script that can't be read or is malformed, a\n"
          "       piece that lands elsewhere than its block draws it (without --lenient),\n"
          "       an output extension tetris-print can't write, or --play without a\n"
          "       terminal.\n"
          "    Errors are one line on standard error: tetris-print: FILE:LINE: block N: ...\n"
          "\n"
          "EXAMPLES\n"
          "    tetris-print sprite.txt -o sprite.png\n"
          "    tetris-print sprite.txt --scale 1 --background transparent -o sprite.png\n"
          "    tetris-print sprite.txt --crop --scale 8 --every 4 -o play.gif\n"
          "    tetris-print sprite.txt --motion --fps 30 -o play.mp4\n"
          "    tetris-print sprite.txt -o play.html\n"
          "    tetris-print sprite.txt --play --motion --delay 1\n"
          "    tetris-print sprite.txt --frames frames/ --crop --stats\n"
          "    tetris-convert sprite.png | tetris-print - --ascii --color\n",
          out);
}
