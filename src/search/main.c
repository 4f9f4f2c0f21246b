/* tetris-search: regenerates and checks the pattern library in patterns/. */
#include "cli.h"
#include "openmp_setup.h"
#include "search_options.h"
#include "search_run.h"

#include <stdio.h>

int main(int argc, char *argv[]) {
    openmp_prefer_sleeping_threads(argv);
    CLI_MAIN_BODY("tetris-search", search_options, search_options_parse, search_options_print_help,
                  search_run);
}
