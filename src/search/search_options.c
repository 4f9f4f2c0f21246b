#include "search_options.h"

#include "cli.h"
#include "cli_options.h"
#include "openmp_setup.h"

#include "field.h"
#include "layouts.h"
#include "pattern_search.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum option_id {
    OPT_WIDTH,
    OPT_SQUARES,
    OPT_PLATFORMS,
    OPT_OUTPUT,
    OPT_SEED,
    OPT_THREADS,
    OPT_ATTEMPTS,
    OPT_CHECK,
    OPT_QUIET,
    OPT_HELP,
    OPT_VERSION,
};

static const struct cli_option OPTIONS[] = {
    {"width", 'w', true, OPT_WIDTH},
    {"squares", 'n', true, OPT_SQUARES},
    {"platforms", 'p', false, OPT_PLATFORMS},
    {"output", 'o', true, OPT_OUTPUT},
    {"seed", 's', true, OPT_SEED},
    {"threads", 't', true, OPT_THREADS},
    {"attempts", 'a', true, OPT_ATTEMPTS},
    {"check", 'c', true, OPT_CHECK},
    {"quiet", 'q', false, OPT_QUIET},
    {"help", 'h', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
};

static bool set_option(void *context, int id, const char *value, char *error, size_t size) {
    struct search_options *o = context;
    struct regenerate_request *r = &o->request;
    long n;
    switch ((enum option_id)id) {
    case OPT_WIDTH:
        o->width_given = true;
        return cli_option_width(value, false, &r->settings.width, error, size);
    case OPT_SQUARES: /* checked against the width by search_options_settle */
        if (!cli_option_long("--squares", value, 1, LAYOUT_MAX_SQUARES, &n, error, size))
            return false;
        r->emitter_sets[n] = true;
        return true;
    case OPT_PLATFORMS:
        r->platforms = true;
        return true;
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a directory");
        r->out_dir = value;
        return true;
    case OPT_SEED:
        return cli_option_seed(value, &r->settings.seed, error, size);
    case OPT_THREADS:
        return cli_option_threads(value, &o->threads, error, size);
    case OPT_ATTEMPTS:
        if (!cli_option_long("--attempts", value, 1, SEARCH_MAX_ATTEMPTS, &n, error, size))
            return false;
        r->settings.limits.attempts_per_try = n;
        return true;
    case OPT_CHECK:
        if (!*value)
            return cli_reason(error, size, "--check needs a directory");
        o->check_dir = value;
        return true;
    case OPT_QUIET:
        r->settings.quiet = true;
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

bool search_options_parse(int argc, char *const argv[], struct search_options *o, char *error,
                          size_t size) {
    *o = (struct search_options){
        .request = {.settings = {.width = FIELD_DEFAULT_WIDTH,
                                 .seed = SEARCH_DEFAULT_SEED,
                                 .limits = PACKING_DEFAULT_LIMITS}},
    };
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, o, NULL, 0, "argument"};
    if (cli_parse_options(argc, argv, &line, error, size) < 0)
        return false;
    struct regenerate_request *r = &o->request;
    if (!o->check_dir && !o->help && !o->version && !r->out_dir) {
        if (r->settings.width != FIELD_DEFAULT_WIDTH)
            return cli_reason(error, size,
                              "--width %d: give the directory to write with --output (patterns/ "
                              "holds the library of the %d-wide field)",
                              r->settings.width, FIELD_DEFAULT_WIDTH);
        r->out_dir = DEFAULT_PATTERN_DIR;
    }
    return true;
}

/* Layouts of the emitter sets the request selects. */
static long requested_layouts(const struct regenerate_request *r) {
    long total = 0;
    for (int n = 1; n <= layout_max_squares(r->settings.width); n++)
        if (r->emitter_sets[n]) {
            long count = layout_count(r->settings.width, n);
            total = count > LONG_MAX - total ? LONG_MAX : total + count;
        }
    return total;
}

bool search_options_settle(struct search_options *o, char *error, size_t size) {
    struct regenerate_request *r = &o->request;
    int width = r->settings.width, most = layout_max_squares(width);
    bool some_set = r->platforms;
    for (int n = 1; n <= LAYOUT_MAX_SQUARES; n++) {
        if (r->emitter_sets[n] && n > most) {
            char given[16];
            snprintf(given, sizeof given, "%d", n);
            cli_range_reason(error, size, "--squares", given, 1, most);
            size_t used = strlen(error);
            snprintf(error + used, size - used, " (on a field %d wide)", width);
            return false;
        }
        some_set = some_set || r->emitter_sets[n];
    }
    if (!some_set) {
        for (int n = 1; n <= most; n++)
            r->emitter_sets[n] = true;
        r->platforms = true;
    }
    long layouts = requested_layouts(r);
    if (!o->check_dir && layouts > REGENERATE_MAX_LAYOUTS)
        return cli_reason(error, size,
                          "--width %d: %s%ld layouts, more than the %d a run searches; select "
                          "fewer sets with --squares",
                          width, some_set ? "" : "the full library has ", layouts,
                          REGENERATE_MAX_LAYOUTS);
    return true;
}

void search_options_print_help(FILE *out) {
    fprintf(out,
            "NAME\n"
            "    tetris-search - regenerate and prove the Tetris printer's pattern library\n"
            "\n"
            "SYNOPSIS\n"
            "    tetris-search [OPTION]...\n"
            "    tetris-search --check DIR [--squares N]... [--platforms]\n"
            "\n"
            "DESCRIPTION\n"
            "    Regenerates the pattern library of the Tetris printer for a field W\n"
            "    columns wide (default 21): the square emitters (emitters1.txt ..\n"
            "    emittersN.txt, N = W / 3, 7 for the 21-wide field) and the platforms\n"
            "    (platforms.txt). Every layout of n triples (the tops of n = 1..N J/T/L\n"
            "    pieces in the matrix's bottom row, C(W - 2n, n) of them) is packed with\n"
            "    tetrominoes by randomized incremental construction with backtracking, at\n"
            "    the smallest matrix height that has a packing, up to 15 rows; every smaller\n"
            "    height h with Wh - 3n divisible by 4 is proved to have none by exhaustive\n"
            "    search. Platforms are searched for every T column and both notch sides;\n"
            "    the ones that don't exist are proved impossible. With no --squares or\n"
            "    --platforms, everything is regenerated. A pattern of more than 62 pieces\n"
            "    is written as blocks continuing one another (a '+' line between them). A\n"
            "    table of results goes to standard output, and a progress line with an ETA\n"
            "    to standard error when it is a terminal.\n"
            "\n"
            "    A run searches at most %d layouts: the full library up to width 31\n"
            "    (8,640 layouts for 25, 39,864 for 29, 85,625 for 31); for wider fields\n"
            "    select sets with --squares (tetris-convert searches the patterns it needs\n"
            "    by itself and caches them).\n"
            "\n"
            "OPTIONS\n"
            "    -w, --width W        The field's width, an odd number from 11 to 71\n"
            "                         (default 21; another needs --output). With --check,\n"
            "                         the width of the files in DIR unless given.\n"
            "    -n, --squares N      Regenerate the N-square emitters (1 to W / 3); may be\n"
            "                         repeated.\n"
            "    -p, --platforms      Regenerate the platforms (with --squares: both).\n"
            "    -o, --output DIR     Write the files into DIR (default: patterns, for the\n"
            "                         21-wide field only), created with its parents if\n"
            "                         missing. The files are written first and renamed\n"
            "                         into place together, so DIR holds the old library\n"
            "                         or the new one as a whole.\n"
            "    -s, --seed N         Seed of every random choice (default %d). The same\n"
            "                         seed gives byte-identical files with any number of\n"
            "                         threads.\n"
            "    -t, --threads N      Search with N threads, 1 to %d (default:\n"
            "                         OMP_NUM_THREADS, or one per processor that no other\n"
            "                         process is running on at the start); no more threads\n"
            "                         than processors are started.\n"
            "    -a, --attempts N     Abandon a randomized try after N attempts, 1 to\n"
            "                         %ld (default 1000, as the article's\n"
            "                         MAX_ATTEMPTS). The budget doubles after every %d\n"
            "                         tries of a layout, so a small N still finishes.\n"
            "    -c, --check DIR      Validate the files in DIR instead (all of them, or the\n"
            "                         ones --squares and --platforms select): every pattern\n"
            "                         legal under the matrix model, each platform's last\n"
            "                         piece the J or L that fills its notch, the counts,\n"
            "                         the order, and the minimality of every height\n"
            "                         (proved again).\n"
            "    -q, --quiet          No table, no progress line.\n"
            "    -h, --help           Show this help and exit.\n"
            "    -V, --version        Show the version and exit.\n"
            "\n"
            "EXIT STATUS\n"
            "    0  success.\n"
            "    1  failure: a layout without a packing, a check that found problems, a\n"
            "       file that can't be written, or out of memory.\n"
            "    2  bad usage, a --check directory that can't be read, or an --output\n"
            "       directory that can't be created or written.\n"
            "    Errors are one line on standard error: tetris-search: reason.\n"
            "\n"
            "EXAMPLES\n"
            "    tetris-search                        regenerate patterns/ completely\n"
            "    tetris-search --squares 1 -o /tmp    the single-square emitters into /tmp\n"
            "    tetris-search --check patterns       validate the committed library\n"
            "    tetris-search --width 25 -o lib25    the library of the 25-wide field\n",
            REGENERATE_MAX_LAYOUTS, SEARCH_DEFAULT_SEED, MAX_THREADS, SEARCH_MAX_ATTEMPTS,
            PACKING_TRIES_PER_DOUBLING);
}
