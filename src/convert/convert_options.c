#include "convert_options.h"

#include "cli.h"
#include "cli_options.h"
#include "field.h"
#include "field_choice.h"
#include "openmp_setup.h"
#include "rgb.h"

#include <string.h>
#include <strings.h>

enum option_id {
    OPT_OUTPUT,
    OPT_METHOD,
    OPT_COLOR_ORDER,
    OPT_SEED,
    OPT_THREADS,
    OPT_PATTERNS,
    OPT_STATS,
    OPT_QUIET,
    OPT_HELP,
    OPT_VERSION,
    OPT_FIT,
    OPT_MAX_WIDTH,
    OPT_COLORS,
    OPT_DITHER,
    OPT_BACKGROUND,
    OPT_PREVIEW,
    OPT_WIDTH,
    OPT_HEIGHT,
};

static const struct cli_option OPTIONS[] = {
    {"output", 'o', true, OPT_OUTPUT},
    {"method", 'm', true, OPT_METHOD},
    {"color-order", 0, true, OPT_COLOR_ORDER},
    {"seed", 's', true, OPT_SEED},
    {"threads", 't', true, OPT_THREADS},
    {"patterns", 'p', true, OPT_PATTERNS},
    {"width", 'w', true, OPT_WIDTH},
    {"height", 0, true, OPT_HEIGHT},
    {"fit", 0, false, OPT_FIT},
    {"max-width", 0, true, OPT_MAX_WIDTH},
    {"colors", 0, true, OPT_COLORS},
    {"dither", 0, false, OPT_DITHER},
    {"background", 0, true, OPT_BACKGROUND},
    {"preview", 0, true, OPT_PREVIEW},
    {"stats", 0, false, OPT_STATS},
    {"quiet", 'q', false, OPT_QUIET},
    {"help", 'h', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
};

/* --fit, --max-width, --colors, --dither, --background and --preview. */
static bool set_fit_option(struct convert_options *o, int option, const char *value, char *error,
                           size_t size) {
    long n;
    o->fit.enabled = o->fit.enabled || option != OPT_PREVIEW;
    switch (option) {
    case OPT_FIT:
        o->fit.scale = true;
        return true;
    case OPT_MAX_WIDTH:
        if (!cli_option_long("--max-width", value, 1, SPRITE_MAX_WIDTH, &n, error, size))
            return false;
        o->fit.max_width = (int)n; /* checked against the field by finish_fit_options */
        return true;
    case OPT_COLORS:
        if (!cli_option_long("--colors", value, 1, MAX_COLOURS, &n, error, size))
            return false;
        o->fit.colours = (int)n;
        return true;
    case OPT_DITHER:
        o->fit.dither = true;
        return true;
    case OPT_BACKGROUND:
        if (strcmp(value, "auto") == 0)
            o->fit.background = FIT_BACKGROUND_AUTO;
        else if (strcmp(value, "keep") == 0)
            o->fit.background = FIT_BACKGROUND_KEEP;
        else if (rgb_parse(value, &o->fit.background_colour))
            o->fit.background = FIT_BACKGROUND_COLOUR;
        else
            return cli_reason(error, size,
                              "--background: '%s' is not auto, keep, RRGGBB or #RRGGBB", value);
        return true;
    case OPT_PREVIEW: {
        size_t length = strlen(value);
        if (length < 5 || strcasecmp(value + length - 4, ".png") != 0)
            return cli_reason(error, size,
                              "--preview: '%s' is not a FILE.png (the preview is a PNG image)",
                              value);
        o->preview = value;
        return true;
    }
    }
    return false;
}

/* The fitting options that only make sense together, and the defaults that depend on what
 * was given: the background is found automatically once any fitting is asked for. */
static bool finish_fit_options(struct convert_options *o, bool background_given, char *error,
                               size_t size) {
    if (o->fit.max_width && !o->fit.scale)
        return cli_reason(error, size, "--max-width only applies with --fit");
    if (o->fit.dither && !o->fit.colours)
        return cli_reason(error, size, "--dither only applies with --colors");
    if (!field_choice_fit_box(o, error, size))
        return false;
    if (o->fit.enabled && !background_given)
        o->fit.background = FIT_BACKGROUND_AUTO;
    return true;
}

/* What the parser knows while it reads the command line. */
struct parsing {
    struct convert_options *options;
    bool background_given;
};

static bool set_option(void *context, int option, const char *value, char *error, size_t size) {
    struct parsing *parsing = context;
    struct convert_options *o = parsing->options;
    parsing->background_given = parsing->background_given || option == OPT_BACKGROUND;
    switch ((enum option_id)option) {
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a file name");
        o->output = value;
        return true;
    case OPT_METHOD:
        if (strcmp(value, "realtime") == 0)
            o->settings.method = METHOD_REALTIME;
        else if (strcmp(value, "table") == 0)
            o->settings.method = METHOD_TABLE;
        else
            return cli_reason(error, size, "--method: '%s' is not realtime or table", value);
        return true;
    case OPT_COLOR_ORDER:
        if (strcmp(value, "fewest") == 0)
            o->settings.colour_order = COLOUR_ORDER_FEWEST;
        else if (strcmp(value, "reading") == 0)
            o->settings.colour_order = COLOUR_ORDER_READING;
        else
            return cli_reason(error, size, "--color-order: '%s' is not fewest or reading", value);
        return true;
    case OPT_SEED:
        return cli_option_seed(value, &o->settings.seed, error, size);
    case OPT_THREADS:
        return cli_option_threads(value, &o->threads, error, size);
    case OPT_WIDTH:
        return cli_option_width(value, true, &o->width, error, size);
    case OPT_HEIGHT:
        return cli_option_height(value, &o->height, error, size);
    case OPT_PATTERNS:
        if (!*value)
            return cli_reason(error, size, "--patterns needs a directory");
        o->patterns = value;
        return true;
    case OPT_STATS:
        o->stats = true;
        return true;
    case OPT_FIT:
    case OPT_MAX_WIDTH:
    case OPT_COLORS:
    case OPT_DITHER:
    case OPT_BACKGROUND:
    case OPT_PREVIEW:
        return set_fit_option(o, option, value, error, size);
    case OPT_QUIET:
        o->quiet = true;
        return true;
    case OPT_HELP:
        o->help = true;
        return true;
    case OPT_VERSION:
        o->version = true;
        return true;
    }
    return false;
}

bool convert_options_parse(int argc, char *const argv[], struct convert_options *o, char *error,
                           size_t size) {
    *o = (struct convert_options){
        .output = "-",
        .settings = {.method = METHOD_REALTIME,
                     .seed = DEFAULT_CONVERT_SEED,
                     .limits = PLANNER_DEFAULT_LIMITS},
    };
    struct parsing parsing = {o, false};
    const char *operands[1];
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, &parsing, operands, 1,
        "sprite"};
    int count = cli_parse_options(argc, argv, &line, error, size);
    if (count < 0)
        return false;
    if (o->help || o->version)
        return true;
    if (!finish_fit_options(o, parsing.background_given, error, size))
        return false;
    if (count == 0)
        return cli_reason(error, size, "no sprite given (try --help)");
    o->input = operands[0];
    return true;
}

void convert_options_print_help(FILE *out) {
    fputs("NAME\n"
          "    tetris-convert - turn a small sprite into a Tetris printer script\n"
          "\n"
          "SYNOPSIS\n"
          "    tetris-convert [OPTION]... SPRITE\n"
          "    tetris-convert sprite.png > sprite.txt\n"
          "\n"
          "DESCRIPTION\n"
          "    Reads SPRITE (\"-\" reads standard input), any image stb_image decodes (PNG,\n"
          "    GIF, BMP, TGA, PSD, PNM, JPEG, ...), and writes a script of Tetris pieces\n"
          "    that, played by tetris-print on a playfield W columns wide and H rows tall\n"
          "    (21 x 42 by default), leaves exactly that picture once every helper row has\n"
          "    cleared.\n"
          "\n"
          "    A pixel is opaque when its alpha is 255; every other pixel is transparent.\n"
          "    Transparent rows and columns around the sprite are trimmed. The sprite may\n"
          "    then be at most (W - 4) x (H - 10) pixels (17 x 32 on the 21 x 42 field,\n"
          "    67 x 245 on the largest), in at most 7 opaque colours, with no fully\n"
          "    transparent row between opaque rows (Tetris can't leave an empty row under\n"
          "    a printed one). It is printed centred: sprite column x lands in playfield\n"
          "    column 2 + (W - 4 - width) / 2 + x, its bottom row on the floor.\n"
          "\n"
          "    The field is W columns wide (any odd number from 11 to 71) and H rows tall\n"
          "    (4 to 255, default 2W). With --width auto (the default) W is 21 when the\n"
          "    sprite fits the 21 x 42 field, otherwise the smallest width that fits it;\n"
          "    print the script with tetris-print --height H when H isn't 2W. The library\n"
          "    of the 21-wide field is built in. For another width without --patterns,\n"
          "    the single-square emitters and platforms the real-time method needs are\n"
          "    searched the first time (a few seconds up to width 71) and kept in\n"
          "    $XDG_CACHE_HOME/tetris-printer/patterns-v2/width-W/ ($HOME/.cache when\n"
          "    XDG_CACHE_HOME is unset or relative): files are replaced atomically, so\n"
          "    conversions may run at once, and each is checked when read; a damaged or\n"
          "    foreign one is searched again. Structures of more than 62 pieces are\n"
          "    written as blocks continuing one another ('+' lines).\n"
          "\n"
          "    Colours are piece types: a pixel is a cell its piece leaves hanging in the\n"
          "    row once the rows above it clear, so each colour is printed by one of J,\n"
          "    T, L, I, O, S and Z, and the script's colour line lists the colours of J, T,\n"
          "    L, I, O, S and Z in that order, up to the last one used (\"-\" for a type\n"
          "    that prints none). J, T and L print any pixel. O prints horizontal pairs\n"
          "    only; a lone S hangs from its left, so it needs another pixel of its row two\n"
          "    or more columns to its left to hold up the rows over it, a lone Z one to its\n"
          "    right; I prints four in a row, or a lone pixel that needs pixels of its row\n"
          "    on both sides. --color-order chooses which type prints which colour.\n"
          "\n"
          "    Any picture: --fit, --colors, --dither and --background prepare it first.\n"
          "    The background is made transparent, transparent borders are trimmed, the\n"
          "    picture is scaled into the printable size and its colours are reduced, in\n"
          "    that order; the palette is chosen from the picture before scaling (its real\n"
          "    colours, not the blends along its edges) and the scaled pixels take the\n"
          "    nearest of its colours, so that few-colour pictures stay crisp. One line on\n"
          "    standard error says what was done, e.g.\n"
          "      photo.jpg: 640x480 -> 17x13 (area), 3 colours (mean error 4.1), no\n"
          "      background found\n"
          "    (the mean error is the mean RGB distance of a printed pixel to the scaled\n"
          "    one, 0 to 441). A picture that still can't be printed is refused with the\n"
          "    reason and the option that would make it printable.\n"
          "\n"
          "    The file may be at most 16 MiB, its image at most 4096 pixels on a side\n"
          "    and 4194304 in all, and decoding it may take at most 40 MiB of memory: a\n"
          "    compressed image whose data inflates past the size its header gives, an\n"
          "    input that never ends, and the like are refused as bad input.\n"
          "\n"
          "    Rows are built from the bottom, each in passes: pieces fill a matrix of rows\n"
          "    above the row being printed, all of which clear, while some of them hang\n"
          "    into the row and leave its pixels. A pass of h matrix rows that prints p\n"
          "    pixels takes (21 h + p) / 4 pieces. A row with a pixel that has no square\n"
          "    under it may stand on a temporary platform, three full rows whose last\n"
          "    piece, dropped once the row is printed, clears them: one left standing by\n"
          "    the row below's last pass (3 rows more in that pass) or one built from the\n"
          "    pattern library (21 pieces). The real-time method prints such a row each\n"
          "    way and keeps the one with the fewest pieces; the table method takes a\n"
          "    platform from the library. Every block is replayed as it is chosen, so the\n"
          "    script never tops out; the finished script is read back, replayed as\n"
          "    tetris-print does and compared with the sprite before it is written.\n"
          "\n"
          "OPTIONS\n"
          "    -o, --output FILE    Write the script to FILE (default, or \"-\": standard\n"
          "                         output). Written atomically: on any error FILE is left\n"
          "                         as it was.\n"
          "    -m, --method M       realtime (default): each pass is searched for while\n"
          "                         converting, with every piece type emitting, in 17\n"
          "                         orientations, and the squares already printed in the\n"
          "                         row holding up the matrix: one pass over all the\n"
          "                         pixels left at the fewest matrix rows parity allows,\n"
          "                         then taller, then passes leaving some pixels for\n"
          "                         later, in the order of the rows the whole row would\n"
          "                         then clear; the library's passes are the fallback.\n"
          "                         table: the article's method: J, T and L only (at most\n"
          "                         3 colours, in reading order), left to right, up to 7\n"
          "                         hanging pieces per pass, each pass looked up in the\n"
          "                         pattern library. Faster, about 3 times the pieces.\n"
          "        --color-order O  Which piece type prints each colour (real-time method).\n"
          "                         fewest (default): up to 3 colours go to J, T and L;\n"
          "                         beyond, 3 of them go to J, T and L and the others to I,\n"
          "                         O, S and Z. Of the assignments under which every pixel\n"
          "                         can be printed, the 6 that give I, O, S and Z the\n"
          "                         fewest pixels (then the fewest lone ones) are scored\n"
          "                         by searching, for each row alone, one pass over all\n"
          "                         its pixels at the fewest rows parity allows (at least\n"
          "                         2), or at 4 rows more; the fewest estimated pieces\n"
          "                         win, ties going to the earlier in reading order.\n"
          "                         reading: the colours in the order they first appear\n"
          "                         reading the sprite from the top left, row by row, go\n"
          "                         to J, T, L, I, O, S and Z in turn.\n"
          "                         A sprite no assignment can print is refused, with a\n"
          "                         pixel that can't be printed and why.\n"
          "    -s, --seed N         Seed of the real-time search (default 2013). The same\n"
          "                         sprite and seed give the same script, byte for byte,\n"
          "                         whatever the number of threads.\n"
          "    -t, --threads N      Threads for the real-time search, 1 to 1024 (default:\n"
          "                         OMP_NUM_THREADS, or one per processor that no other\n"
          "                         process is running on at the start); no more threads\n"
          "                         than processors are started.\n"
          "        --fit            Scale a picture larger than the field's printable box\n"
          "                         (after trimming; with --width auto the 21 x 42 field's,\n"
          "                         17 x 32) into that box, keeping its aspect ratio; one\n"
          "                         that fits is left as it is. Pixel art enlarged by a\n"
          "                         whole factor (k x k blocks of equal pixels) is reduced\n"
          "                         by exactly k, the smallest such k that makes it fit;\n"
          "                         anything else goes through an area filter, after\n"
          "                         which a pixel is opaque when half of it was.\n"
          "        --max-width N    With --fit: at most N columns (1 to W - 4, or to 67 with\n"
          "                         --width auto; default W - 4, or 17) and the rows that\n"
          "                         go with them (2 (N + 4) - 10, or H - 10 with --width\n"
          "                         or --height).\n"
          "        --colors N       At most N opaque colours (1 to 7), fewer when fewer\n"
          "                         are enough: the picture's own colours when it has no\n"
          "                         more, else libimagequant's choice from its flat\n"
          "                         areas (colours closer than JPEG noise are one).\n"
          "                         Without it, a scaled picture of at most 7 colours\n"
          "                         keeps exactly them.\n"
          "        --dither         With --colors: Floyd-Steinberg dithering (photos).\n"
          "        --background B   auto (the default once any of these options is\n"
          "                         given): in an image without transparent pixels, the\n"
          "                         colour that fills its border, give or take JPEG\n"
          "                         noise, becomes transparent where it touches the\n"
          "                         border; the same colour inside the picture stays.\n"
          "                         RRGGBB or #RRGGBB: that colour, the same way, in any\n"
          "                         image. keep: the background is printed as a colour.\n"
          "        --preview FILE.png\n"
          "                         Write the sprite as it will be printed, before the\n"
          "                         conversion: each pixel 16 x 16, transparent where\n"
          "                         nothing is printed.\n"
          "    -w, --width W|auto   The field's width: an odd number from 11 to 71, or auto\n"
          "                         (default; see above).\n"
          "        --height H       The field's height, 4 to 255 (default twice the width).\n"
          "    -p, --patterns DIR   Read emitters1.txt .. emittersN.txt (N = W / 3: 7 on the\n"
          "                         21-wide field) and platforms.txt from DIR (as written\n"
          "                         by tetris-search --width W) instead of the built-in or\n"
          "                         cached library; each is checked. With --width auto, W\n"
          "                         is the width of DIR's files.\n"
          "        --stats          Print on standard error the sprite, the field, rows,\n"
          "                         pieces, the parity bound (each row in one pass of\n"
          "                         the fewest rows parity allows: a floor for any\n"
          "                         printer going row by row) and the ratio to it,\n"
          "                         passes (real-time and table), platforms (those left\n"
          "                         standing by a pass), blocks, placements searched and\n"
          "                         time.\n"
          "    -q, --quiet          No progress line (shown only on a terminal) and no\n"
          "                         summary of --fit and the like.\n"
          "    -h, --help           Show this help and exit.\n"
          "    -V, --version        Show the version and exit.\n"
          "\n"
          "EXIT STATUS\n"
          "    0  success.\n"
          "    1  failure: the sprite can't be printed without topping out, or the\n"
          "       output or the preview can't be written.\n"
          "    2  bad usage or bad input: an unreadable, corrupt, too large or\n"
          "       unprintable image (too many pixels, too large for the field, too many\n"
          "       colours, colours that no assignment of pieces can print, no opaque\n"
          "       pixel, an empty row inside), or a --patterns directory whose files are\n"
          "       missing, malformed or of another width.\n"
          "    Errors are one line on standard error: tetris-convert: FILE: reason.\n"
          "\n"
          "EXAMPLES\n"
          "    tetris-convert sprites/rocket.png -o rocket.txt --stats\n"
          "    tetris-convert --method table sprites/rocket.png -o rocket-table.txt\n"
          "    tetris-convert sprites/rocket.png | tetris-print - -o rocket.png\n"
          "    tetris-convert --fit --colors 3 --preview photo-preview.png photo.jpg\n"
          "    tetris-convert sprites/castle-64.png -o castle.txt --stats   (69 x 138)\n"
          "    tetris-convert --width 25 --height 60 sprite.png -o sprite.txt\n"
          "    tetris-print --height 60 sprite.txt -o sprite.png\n",
          out);
}
