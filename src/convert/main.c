/* tetris-convert: turns a sprite into a Tetris printer script. */
#include "cli.h"
#include "convert_command_line.h"
#include "convert_run.h"
#include "openmp_setup.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    openmp_prefer_sleeping_threads(argv);
    CLI_MAIN_BODY("tetris-convert", convert_options, convert_options_parse,
                  convert_options_print_help, convert_run);
}
