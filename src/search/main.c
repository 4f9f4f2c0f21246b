/* tetris-search: regenerates and checks the pattern library in patterns/. */
#include "cli.h"
#include "openmp_setup.h"
#include "search_options.h"
#include "search_run.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    openmp_prefer_sleeping_threads(argv);
    cli_set_program("tetris-search");
    struct search_options options;
    char error[256];
    if (!search_options_parse(argc, argv, &options, error, sizeof error)) {
        cli_error("%s", error);
        return EXIT_BAD_INPUT;
    }
    if (options.help) {
        search_options_print_help(stdout);
        return cli_finish(EXIT_OK);
    }
    if (options.version) {
        cli_print_version();
        return cli_finish(EXIT_OK);
    }
    return cli_finish(search_run(&options));
}
