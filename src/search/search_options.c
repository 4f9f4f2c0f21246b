#include "search_options.h"

#include "cli.h"
#include "cli_options.h"
#include "openmp_setup.h"

#include <stdint.h>

enum option_id {
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
    {"squares", 'n', true, OPT_SQUARES}, {"platforms", 'p', false, OPT_PLATFORMS},
    {"output", 'o', true, OPT_OUTPUT},   {"seed", 's', true, OPT_SEED},
    {"threads", 't', true, OPT_THREADS}, {"attempts", 'a', true, OPT_ATTEMPTS},
    {"check", 'c', true, OPT_CHECK},     {"quiet", 'q', false, OPT_QUIET},
    {"help", 'h', false, OPT_HELP},      {"version", 'V', false, OPT_VERSION},
};

static bool set_option(void *context, int id, const char *value, char *error, size_t size) {
    struct search_options *o = context;
    struct regenerate_request *r = &o->request;
    long n;
    switch ((enum option_id)id) {
    case OPT_SQUARES:
        if (!cli_parse_long(value, 1, MAX_SQUARES, &n))
            return cli_reason(error, size, "--squares: '%s' is not a number from 1 to %d", value,
                              MAX_SQUARES);
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
        if (!cli_parse_long(value, 1, 1000000000, &n))
            return cli_reason(error, size, "--attempts: '%s' is not a number from 1 to 1000000000",
                              value);
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
        .request = {.out_dir = "patterns",
                    .settings = {.seed = DEFAULT_SEED, .limits = PACKING_DEFAULT_LIMITS}},
    };
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, o, NULL, 0, "argument"};
    if (cli_parse_options(argc, argv, &line, error, size) < 0)
        return false;
    struct regenerate_request *r = &o->request;
    bool some_set = r->platforms;
    for (int n = 1; n <= MAX_SQUARES; n++)
        some_set = some_set || r->emitter_sets[n];
    if (!some_set) {
        for (int n = 1; n <= MAX_SQUARES; n++)
            r->emitter_sets[n] = true;
        r->platforms = true;
    }
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
            "    Regenerates the pattern library: the square emitters (emitters1.txt ..\n"
            "    emitters7.txt) and the platforms (platforms.txt). Every layout of n triples\n"
            "    (the tops of n = 1..7 J/T/L pieces in the matrix's bottom row) is packed with\n"
            "    tetrominoes by randomized incremental construction with backtracking, at\n"
            "    the smallest matrix height that has a packing; every smaller height h with\n"
            "    21h - 3n divisible by 4 is proved to have none by exhaustive search.\n"
            "    Platforms are searched for every T column and both notch sides; the ones\n"
            "    that don't exist are proved impossible. With no --squares or --platforms,\n"
            "    everything is regenerated. A table of results goes to standard output, and\n"
            "    a progress line with an ETA to standard error when it is a terminal.\n"
            "\n"
            "OPTIONS\n"
            "    -n, --squares N      Regenerate the N-square emitters (1 to 7); may be\n"
            "                         repeated.\n"
            "    -p, --platforms      Regenerate the platforms (with --squares: both).\n"
            "    -o, --output DIR     Write the files into DIR (default: patterns), created\n"
            "                         with its parents if missing. The files are written\n"
            "                         first and renamed into place together, so DIR holds\n"
            "                         the old library or the new one as a whole.\n"
            "    -s, --seed N         Seed of every random choice (default %d). The same\n"
            "                         seed gives byte-identical files with any number of\n"
            "                         threads.\n"
            "    -t, --threads N      Search with N threads, 1 to %d (default: one per\n"
            "                         core, or OMP_NUM_THREADS); no more threads than\n"
            "                         processors are started.\n"
            "    -a, --attempts N     Abandon a randomized try after N attempts (default\n"
            "                         1000), as the article's MAX_ATTEMPTS.\n"
            "    -c, --check DIR      Validate the files in DIR instead (all of them, or the\n"
            "                         ones --squares and --platforms select): every pattern\n"
            "                         legal under the matrix model, the counts, the order,\n"
            "                         and the minimality of every height (proved again).\n"
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
            "    tetris-search --check patterns       validate the committed library\n",
            DEFAULT_SEED, MAX_THREADS);
}
