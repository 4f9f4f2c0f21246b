/* tetris-search: regenerates and checks the pattern library in patterns/. */
#include "check_library.h"
#include "cli.h"
#include "openmp_setup.h"
#include "regenerate.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_SEED 2013

static void usage(FILE *out) {
    fprintf(out,
            "Usage: tetris-search [OPTION]...\n"
            "Regenerate the pattern library of the Tetris printer: the square emitters\n"
            "(emitters1.txt .. emitters7.txt) and the platforms (platforms.txt).\n"
            "\n"
            "Every layout of n triples (n = 1..7 J/T/L tops in the matrix's bottom row) is\n"
            "packed with tetrominoes by randomized incremental construction with\n"
            "backtracking, at the smallest matrix height that has a packing; every smaller\n"
            "height h with 21h - 3n divisible by 4 is proved to have none by exhaustive\n"
            "search. Platforms are searched for every T column and both notch sides; the\n"
            "ones that don't exist are proved impossible. With no option, everything is\n"
            "regenerated. Files are replaced atomically; a table of results goes to stdout.\n"
            "\n"
            "Options:\n"
            "  -n, --squares N     regenerate the N-square emitters only (1..7)\n"
            "  -p, --platforms     regenerate the platforms (with --squares: both)\n"
            "  -o, --out DIR       write the files into DIR (default: patterns; created if\n"
            "                      missing); all files are replaced together\n"
            "  -s, --seed S        seed of every random choice (default: %d); the same seed\n"
            "                      gives byte-identical files with any number of threads\n"
            "  -t, --threads T     search with T threads, 1 to %d (default: one per core);\n"
            "                      no more threads than processors are started\n"
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
            "--out directory that can't be created or written.\n"
            "\n"
            "Examples:\n"
            "  tetris-search                      regenerate patterns/ completely\n"
            "  tetris-search --squares 1 -o /tmp  the single-square emitters into /tmp\n"
            "  tetris-search --check patterns     validate the committed library\n",
            DEFAULT_SEED, MAX_THREADS);
}

static bool is_directory(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_readable_directory(const char *path) {
    return is_directory(path) && access(path, R_OK | X_OK) == 0;
}

/* The output directory, created when missing (with its parents), must be writable. */
static bool prepare_out_dir(const char *path) {
    if (!cli_make_directory(path)) {
        cli_error("%s: %s", path, strerror(errno));
        return false;
    }
    if (access(path, W_OK | X_OK) != 0) {
        cli_error("%s: not a writable directory", path);
        return false;
    }
    return true;
}

int main(int argc, char **argv) {
    openmp_prefer_sleeping_threads(argv);
    cli_set_program(argv[0]);
    static const struct option options[] = {
        {"squares", required_argument, NULL, 'n'},
        {"platforms", no_argument, NULL, 'p'},
        {"out", required_argument, NULL, 'o'},
        {"seed", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 't'},
        {"attempts", required_argument, NULL, 'a'},
        {"check", required_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct regenerate_request request = {
        .out_dir = "patterns",
        .settings = {.seed = DEFAULT_SEED, .limits = PACKING_DEFAULT_LIMITS},
    };
    const char *check_dir = NULL;
    bool some_set = false;
    long value, threads = 0;
    int option;
    opterr = 0;
    while ((option = getopt_long(argc, argv, ":n:po:s:t:a:c:qhV", options, NULL)) != -1) {
        switch (option) {
        case 'n':
            if (!cli_parse_long(optarg, 1, MAX_SQUARES, &value)) {
                cli_error("--squares: '%s' is not a number from 1 to %d", optarg, MAX_SQUARES);
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
            if (!cli_parse_long(optarg, 1, MAX_THREADS, &value)) {
                cli_error("--threads: '%s' is not a number from 1 to %d", optarg, MAX_THREADS);
                return EXIT_BAD_INPUT;
            }
            threads = value;
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
            return cli_finish(EXIT_OK);
        case 'V':
            cli_print_version();
            return cli_finish(EXIT_OK);
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
    openmp_use_threads(threads);
    if (!some_set) {
        for (int n = 1; n <= MAX_SQUARES; n++)
            request.emitter_sets[n] = true;
        request.platforms = true;
    }
    if (check_dir) {
        if (!is_readable_directory(check_dir)) {
            cli_error("%s: not a readable directory", check_dir);
            return EXIT_BAD_INPUT;
        }
        return cli_finish(
            check_library(check_dir, request.emitter_sets, request.platforms, &request.settings));
    }
    if (!prepare_out_dir(request.out_dir))
        return EXIT_BAD_INPUT;
    return cli_finish(regenerate(&request));
}
