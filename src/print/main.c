/* tetris-print: replays a Tetris printer script and renders the playfield. */
#include "cli.h"
#include "options.h"
#include "run.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    CLI_MAIN_BODY("tetris-print", print_options, options_parse, options_print_help, run_print);
}
