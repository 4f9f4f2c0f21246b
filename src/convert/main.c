/* tetris-convert: turns a sprite into a Tetris printer script. */
#include "cli.h"
#include "convert_options.h"
#include "convert_run.h"
#include "openmp_setup.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    openmp_prefer_sleeping_threads(argv);
    cli_set_program("tetris-convert");
    struct convert_options options;
    char error[256];
    if (!convert_options_parse(argc, argv, &options, error, sizeof error)) {
        cli_error("%s", error);
        return EXIT_BAD_INPUT;
    }
    if (options.help) {
        convert_options_print_help(stdout);
        return cli_finish(EXIT_OK);
    }
    if (options.version) {
        cli_print_version();
        return cli_finish(EXIT_OK);
    }
    return cli_finish(convert_run(&options));
}
