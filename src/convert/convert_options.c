#include "convert_options.h"

#include "cli.h"
#include "openmp_setup.h"

#include <getopt.h>
#include <string.h>

enum { OPT_STATS = 256 };

static bool set_option(struct convert_options *o, int option, const char *value, char *error,
                       size_t size) {
    long n;
    switch (option) {
    case 'o':
        if (!*value)
            return cli_reason(error, size, "--output needs a file name");
        o->output = value;
        return true;
    case 'm':
        if (strcmp(value, "realtime") == 0)
            o->settings.method = METHOD_REALTIME;
        else if (strcmp(value, "table") == 0)
            o->settings.method = METHOD_TABLE;
        else
            return cli_reason(error, size, "--method: '%s' is not realtime or table", value);
        return true;
    case 's':
        if (!cli_parse_long(value, 0, __LONG_MAX__, &n))
            return cli_reason(error, size, "--seed: '%s' is not a non-negative number", value);
        o->settings.seed = (uint64_t)n;
        return true;
    case 't':
        if (!cli_parse_long(value, 1, MAX_THREADS, &n))
            return cli_reason(error, size, "--threads: '%s' is not a number from 1 to %d", value,
                              MAX_THREADS);
        o->threads = (int)n;
        return true;
    case 'p':
        if (!*value)
            return cli_reason(error, size, "--patterns needs a directory");
        o->patterns = value;
        return true;
    case OPT_STATS:
        o->stats = true;
        return true;
    case 'q':
        o->quiet = true;
        return true;
    case 'h':
        o->help = true;
        return true;
    case 'V':
        o->version = true;
        return true;
    case ':':
        return cli_reason(error, size, "%s needs a value", value);
    default:
        return cli_reason(error, size, "unknown option '%s' (try --help)", value);
    }
}

bool convert_options_parse(int argc, char *const argv[], struct convert_options *o, char *error,
                           size_t size) {
    static const struct option long_options[] = {
        {"output", required_argument, NULL, 'o'},   {"method", required_argument, NULL, 'm'},
        {"seed", required_argument, NULL, 's'},     {"threads", required_argument, NULL, 't'},
        {"patterns", required_argument, NULL, 'p'}, {"stats", no_argument, NULL, OPT_STATS},
        {"quiet", no_argument, NULL, 'q'},          {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},        {NULL, 0, NULL, 0},
    };
    *o = (struct convert_options){
        .output = "-",
        .settings = {.method = METHOD_REALTIME,
                     .seed = DEFAULT_CONVERT_SEED,
                     .limits = REALTIME_DEFAULT_LIMITS},
    };
    optind = 1;
    opterr = 0;
    int option;
    while ((option = getopt_long(argc, argv, ":o:m:s:t:p:qhV", long_options, NULL)) != -1) {
        const char *value = optarg;
        if (option == '?' || option == ':')
            value = argv[optind - 1];
        if (!set_option(o, option, value, error, size))
            return false;
    }
    if (o->help || o->version)
        return true;
    if (optind == argc)
        return cli_reason(error, size, "no sprite given (try --help)");
    if (argc - optind > 1)
        return cli_reason(error, size, "more than one sprite given ('%s' and '%s')", argv[optind],
                          argv[optind + 1]);
    o->input = argv[optind];
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
          "    that, played by tetris-print on the 21 x 42 playfield, leaves exactly that\n"
          "    picture once every helper row has cleared.\n"
          "\n"
          "    A pixel is opaque when its alpha is 255; every other pixel is transparent.\n"
          "    Transparent rows and columns around the sprite are trimmed. The sprite may\n"
          "    then be at most 17 x 32 pixels, in at most 3 opaque colours, with no fully\n"
          "    transparent row between opaque rows (Tetris can't leave an empty row under\n"
          "    a printed one). It is printed centred: sprite column x lands in playfield\n"
          "    column 2 + (17 - width) / 2 + x, its bottom row on the floor. Colours are\n"
          "    numbered in the order they first appear reading the sprite from the top\n"
          "    left, row by row; the 1st is printed by J pieces, the 2nd by T, the 3rd by\n"
          "    L, and the script's colour line lists them in that order.\n"
          "\n"
          "    Rows are built from the bottom. A row with a pixel that has no square\n"
          "    under it first gets a temporary platform (from the pattern library), whose\n"
          "    last piece is dropped once the row is printed (the real-time method skips\n"
          "    it when the row's pieces can all rest on squares). The pixels of a row are\n"
          "    printed in passes: J, T and L pieces reach into the row under a matrix of\n"
          "    pieces whose rows all clear. Every block is replayed as it is chosen, so\n"
          "    the script never tops out; the finished script is read back, replayed as\n"
          "    tetris-print does and compared with the sprite before it is written.\n"
          "\n"
          "OPTIONS\n"
          "    -o, --output FILE    Write the script to FILE (default, or \"-\": standard\n"
          "                         output). Written atomically: on any error FILE is left\n"
          "                         as it was.\n"
          "    -m, --method M       realtime (default): each pass is searched for while\n"
          "                         converting: flipped J/T/L cover 3 same-colour pixels,\n"
          "                         hanging ones single pixels, and squares already\n"
          "                         printed in the row support the matrix; a pass it can't\n"
          "                         find in its budget falls back to the table.\n"
          "                         table: the article's method: left to right, up to 7\n"
          "                         hanging pieces per pass, each pass looked up in the\n"
          "                         pattern library. Faster, about twice the pieces.\n"
          "    -s, --seed N         Seed of the real-time search (default 2013). The same\n"
          "                         sprite and seed give the same script, byte for byte,\n"
          "                         whatever the number of threads.\n"
          "    -t, --threads N      Threads for the real-time search, 1 to 1024 (default:\n"
          "                         all cores, or OMP_NUM_THREADS); no more threads than\n"
          "                         processors are started.\n"
          "    -p, --patterns DIR   Read emitters1.txt .. emitters7.txt and platforms.txt\n"
          "                         from DIR (as written by tetris-search) instead of the\n"
          "                         library built into the program; each is checked.\n"
          "        --stats          Print pieces, passes (real-time and table), platforms,\n"
          "                         rows and time on standard error.\n"
          "    -q, --quiet          No progress line (shown only on a terminal).\n"
          "    -h, --help           Show this help and exit.\n"
          "    -V, --version        Show the version and exit.\n"
          "\n"
          "EXIT STATUS\n"
          "    0  success.\n"
          "    1  failure: the sprite can't be printed without topping out, or the\n"
          "       output can't be written.\n"
          "    2  bad usage or bad input: an unreadable, corrupt or unprintable image (too\n"
          "       large, too many colours, no opaque pixel, an empty row inside), or a\n"
          "       --patterns directory whose files are missing or malformed.\n"
          "    Errors are one line on standard error: tetris-convert: FILE: reason.\n"
          "\n"
          "EXAMPLES\n"
          "    tetris-convert sprites/rocket.png -o rocket.txt --stats\n"
          "    tetris-convert --method table sprites/rocket.png -o rocket-table.txt\n"
          "    tetris-convert sprites/rocket.png | tetris-print - -o rocket.png\n",
          out);
}
