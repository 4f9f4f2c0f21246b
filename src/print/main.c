/* tetris-print: replays a Tetris printer script and renders the playfield. */
#include "cli.h"
#include "options.h"
#include "run.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    cli_set_program("tetris-print");
    struct print_options options;
    char error[256];
    if (!options_parse(argc, argv, &options, error, sizeof error)) {
        cli_error("%s", error);
        return EXIT_BAD_INPUT;
    }
    if (options.help) {
        options_print_help(stdout);
        return cli_finish(EXIT_OK);
    }
    if (options.version) {
        cli_print_version();
        return cli_finish(EXIT_OK);
    }
    return cli_finish(run_print(&options));
}
