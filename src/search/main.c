/* tetris-search: regenerates and checks the pattern library in patterns/. */
#include "check_library.h"
#include "cli.h"
#include "pattern_read.h"
#include "regenerate.h"

#include <getopt.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_OUT_DIR "patterns"

static void usage(FILE *out) {
    fprintf(out,
            "Usage: tetris-search [OPTION]...\n"
            "Regenerate the pattern library of the Tetris printer for a field W columns wide\n"
            "(default 21): the square emitters (emitters1.txt .. emittersN.txt, N = W / 3,\n"
            "7 for the 21-wide field) and the platforms (platforms.txt).\n"
            "\n"
            "Every layout of n triples (n = 1..N J/T/L tops in the matrix's bottom row,\n"
            "C(W - 2n, n) of them) is packed with tetrominoes by randomized incremental\n"
            "construction with backtracking, at the smallest matrix height that has a\n"
            "packing, up to 15 rows; every smaller height h with Wh - 3n divisible by 4 is\n"
            "proved to have none by exhaustive search. Platforms are searched for every T\n"
            "column and both notch sides; the ones that don't exist are proved impossible.\n"
            "With no option, everything is regenerated. Files are replaced atomically; a\n"
            "table of results goes to stdout. A pattern of more than 62 pieces is written\n"
            "as blocks continuing one another (a '+' line between them).\n"
            "\n"
            "A run searches at most %d layouts: the full library up to width 31 (8,640\n"
            "layouts for 25, 39,864 for 29, 85,625 for 31); for wider fields select sets\n"
            "with --squares (and --platforms; their proofs grow fast with the width, and\n"
            "tetris-convert finds the platforms it needs by itself).\n"
            "\n"
            "Options:\n"
            "  -w, --width W       the field's width, an odd number from 11 to 71 (default\n"
            "                      21; another needs --out); with --check, the width of the\n"
            "                      files in DIR unless given\n"
            "  -n, --squares N     regenerate the N-square emitters only (1..W/3)\n"
            "  -p, --platforms     regenerate the platforms (with --squares: both)\n"
            "  -o, --out DIR       write the files into DIR (default: patterns, for the\n"
            "                      21-wide field only)\n"
            "  -s, --seed S        seed of every random choice (default: %d); the same seed\n"
            "                      gives byte-identical files with any number of threads\n"
            "  -t, --threads T     search with T threads (default: one per core)\n"
            "  -a, --attempts N    abandon a randomized try after N attempts (default: 1000)\n"
            "  -c, --check DIR     validate the files in DIR instead (all of them, or the\n"
            "                      ones --squares and --platforms select): every pattern\n"
            "                      legal under the matrix model, the counts, the order,\n"
            "                      and the minimality of every height (proved again)\n"
            "  -q, --quiet         no table, no progress line\n"
            "  -h, --help          show this help and exit\n"
            "  -V, --version       show the version and exit\n"
            "\n"
            "A progress line with an ETA is shown on stderr when it is a terminal.\n"
            "\n"
            "Exit status: 0 on success, 1 when the search or a check fails or a file can't\n"
            "be written, 2 on bad usage, an unreadable --check directory or an\n"
            "unwritable --out directory.\n"
            "\n"
            "Examples:\n"
            "  tetris-search                      regenerate patterns/ completely\n"
            "  tetris-search --squares 1 -o /tmp  the single-square emitters into /tmp\n"
            "  tetris-search --check patterns     validate the committed library\n"
            "  tetris-search --width 25 -o lib25  the library of the 25-wide field\n",
            REGENERATE_MAX_LAYOUTS, SEARCH_DEFAULT_SEED);
}

/* Layouts of the emitter sets the request selects. */
static long requested_layouts(const struct regenerate_request *request) {
    long total = 0;
    for (int n = 1; n <= layout_max_squares(request->settings.width); n++)
        if (request->emitter_sets[n]) {
            long count = layout_count(request->settings.width, n);
            total = count > LONG_MAX - total ? LONG_MAX : total + count;
        }
    return total;
}

static bool is_directory(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_readable_directory(const char *path) {
    return is_directory(path) && access(path, R_OK | X_OK) == 0;
}

static bool is_writable_directory(const char *path) {
    return is_directory(path) && access(path, W_OK | X_OK) == 0;
}

int main(int argc, char **argv) {
    cli_set_program(argv[0]);
    static const struct option options[] = {
        {"width", required_argument, NULL, 'w'},    {"squares", required_argument, NULL, 'n'},
        {"platforms", no_argument, NULL, 'p'},      {"out", required_argument, NULL, 'o'},
        {"seed", required_argument, NULL, 's'},     {"threads", required_argument, NULL, 't'},
        {"attempts", required_argument, NULL, 'a'}, {"check", required_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},          {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},        {NULL, 0, NULL, 0},
    };
    struct regenerate_request request = {
        .settings = {.width = FIELD_DEFAULT_WIDTH,
                     .seed = SEARCH_DEFAULT_SEED,
                     .limits = PACKING_DEFAULT_LIMITS},
    };
    const char *check_dir = NULL;
    bool some_set = false, width_given = false;
    long value;
    int option;
    opterr = 0;
    while ((option = getopt_long(argc, argv, ":w:n:po:s:t:a:c:qhV", options, NULL)) != -1) {
        switch (option) {
        case 'w':
            if (!cli_parse_long(optarg, 0, LONG_MAX, &value) || !field_width_valid(value)) {
                cli_error("--width: '%s' is not an odd number from %d to %d", optarg,
                          FIELD_MIN_WIDTH, FIELD_MAX_WIDTH);
                return EXIT_BAD_INPUT;
            }
            request.settings.width = (int)value;
            width_given = true;
            break;
        case 'n': /* checked against the width once all options are read */
            if (!cli_parse_long(optarg, 1, LAYOUT_MAX_SQUARES, &value)) {
                cli_error("--squares: '%s' is not a number from 1 to %d", optarg,
                          LAYOUT_MAX_SQUARES);
                return EXIT_BAD_INPUT;
            }
            request.emitter_sets[value] = some_set = true;
            break;
        case 'p':
            request.platforms = some_set = true;
            break;
        case 'o':
            request.out_dir = optarg;
            break;
        case 's':
            if (!cli_parse_long(optarg, 0, __LONG_MAX__, &value)) {
                cli_error("--seed: '%s' is not a non-negative number", optarg);
                return EXIT_BAD_INPUT;
            }
            request.settings.seed = (uint64_t)value;
            break;
        case 't':
            if (!cli_parse_long(optarg, 1, 1024, &value)) {
                cli_error("--threads: '%s' is not a number from 1 to 1024", optarg);
                return EXIT_BAD_INPUT;
            }
            omp_set_num_threads((int)value);
            break;
        case 'a':
            if (!cli_parse_long(optarg, 1, 1000000000, &value)) {
                cli_error("--attempts: '%s' is not a number from 1 to 1000000000", optarg);
                return EXIT_BAD_INPUT;
            }
            request.settings.limits.attempts_per_try = value;
            break;
        case 'c':
            check_dir = optarg;
            break;
        case 'q':
            request.settings.quiet = true;
            break;
        case 'h':
            usage(stdout);
            return EXIT_OK;
        case 'V':
            cli_print_version();
            return EXIT_OK;
        case ':':
            cli_error("option '%s' needs a value (see --help)", argv[optind - 1]);
            return EXIT_BAD_INPUT;
        default:
            cli_error("unknown option '%s' (see --help)", argv[optind - 1]);
            return EXIT_BAD_INPUT;
        }
    }
    if (optind < argc) {
        cli_error("unexpected argument '%s' (see --help)", argv[optind]);
        return EXIT_BAD_INPUT;
    }
    if (check_dir && !is_readable_directory(check_dir)) {
        cli_error("%s: not a readable directory", check_dir);
        return EXIT_BAD_INPUT;
    }
    int width = request.settings.width;
    if (check_dir && !width_given)
        width = request.settings.width = pattern_dir_width(check_dir, width);
    for (int n = layout_max_squares(width) + 1; n <= LAYOUT_MAX_SQUARES; n++) {
        if (request.emitter_sets[n]) {
            cli_error("--squares: '%d' is not a number from 1 to %d (on a field %d wide)", n,
                      layout_max_squares(width), width);
            return EXIT_BAD_INPUT;
        }
    }
    if (!some_set) {
        for (int n = 1; n <= layout_max_squares(width); n++)
            request.emitter_sets[n] = true;
        request.platforms = true;
    }
    if (check_dir)
        return check_library(check_dir, request.emitter_sets, request.platforms, &request.settings);
    if (!request.out_dir && width != FIELD_DEFAULT_WIDTH) {
        cli_error("--width %d: give the directory to write with --out (patterns/ holds the "
                  "library of the %d-wide field)",
                  width, FIELD_DEFAULT_WIDTH);
        return EXIT_BAD_INPUT;
    }
    if (!request.out_dir)
        request.out_dir = DEFAULT_OUT_DIR;
    long layouts = requested_layouts(&request);
    if (layouts > REGENERATE_MAX_LAYOUTS) {
        cli_error("--width %d: %s%ld layouts, more than the %d a run searches; select fewer "
                  "sets with --squares",
                  width, some_set ? "" : "the full library has ", layouts, REGENERATE_MAX_LAYOUTS);
        return EXIT_BAD_INPUT;
    }
    if (!is_writable_directory(request.out_dir)) {
        cli_error("%s: not a writable directory", request.out_dir);
        return EXIT_BAD_INPUT;
    }
    return regenerate(&request);
}
