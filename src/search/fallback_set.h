/* Regenerating patterns/fallback.txt (fallback_tiles.h): each tile searched exhaustively,
 * then every fallback pass of every width put together from them and checked
 * (fallback_assembly.h) before the file may replace the old one. */
#ifndef TETRIS_FALLBACK_SET_H
#define TETRIS_FALLBACK_SET_H

#include "atomic_output.h"

#include <stdbool.h>
#include <stdint.h>

struct fallback_set {
    struct atomic_output output;
    bool output_open;
    long passes; /* checked, over every width */
    double seconds;
};

/* Opens DIR/fallback.txt's temporary file (an error on stderr when it can't be). */
bool fallback_set_prepare(struct fallback_set *set, const char *dir);

/* Searches the tiles with the run's seed, writes them, proves every width. False with an
 * error on stderr (a tile without a packing, a width it doesn't serve, a write error). */
bool fallback_set_search(struct fallback_set *set, const char *dir, uint64_t seed);

/* The lines of the table of results. */
void fallback_set_print(const struct fallback_set *set);

/* Drops the temporary file unless committed. */
void fallback_set_release(struct fallback_set *set);

/* Checks DIR/fallback.txt: every tile legal, and every width from the narrowest to the
 * widest served (`passes`: the passes checked). Returns the problems found (on stderr). */
int fallback_set_check(const char *dir, long *passes);

#endif
