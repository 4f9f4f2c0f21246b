/* Validating a pattern library: legality of every pattern under the matrix model, the
 * counts, the order of the layouts, and minimality of every height (proved again). */
#ifndef TETRIS_CHECK_LIBRARY_H
#define TETRIS_CHECK_LIBRARY_H

#include "pattern_search.h"

/* Checks the selected files among DIR/emitters1..7.txt, DIR/platforms.txt and
 * DIR/fallback.txt. Prints one line per problem on stderr and a summary on stdout. Returns
 * an exit code (cli.h). */
int check_library(const char *dir, const bool emitter_sets[LAYOUT_MAX_SQUARES + 1], bool platforms,
                  bool fallback, const struct search_settings *settings);

#endif
