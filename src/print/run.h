/* tetris-print's work once its options are known: read, check, replay, write. */
#ifndef TETRIS_PRINT_RUN_H
#define TETRIS_PRINT_RUN_H

#include "options.h"

/* Returns the exit status (cli.h); errors have been reported on stderr. */
int run_print(const struct print_options *options);

#endif
