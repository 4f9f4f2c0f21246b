/* Running tetris-search once its command line is parsed: --check, or a regeneration. */
#ifndef TETRIS_SEARCH_RUN_H
#define TETRIS_SEARCH_RUN_H

#include "search_options.h"

/* Returns an exit code (cli.h). */
/* Settles the sets against the width first (search_options_settle). Returns an exit code
 * (cli.h). */
int search_run(struct search_options *o);

#endif
