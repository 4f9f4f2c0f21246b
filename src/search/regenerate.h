/* Regenerating pattern files: search, write atomically, print the table of results. */
#ifndef TETRIS_REGENERATE_H
#define TETRIS_REGENERATE_H

#include "pattern_search.h"

#include <stdbool.h>

struct regenerate_request {
    bool emitter_sets[LAYOUT_MAX_SQUARES + 1]; /* [n] for n = 1 .. width / 3 */
    bool platforms;
    bool fallback; /* patterns/fallback.txt (fallback_set.h) */
    const char *out_dir;
    struct search_settings settings;
};

/* The most layouts one run searches (the full library up to the 31-wide field; beyond,
 * the sets a converter needs): their results are held in memory until written. */
#define REGENERATE_MAX_LAYOUTS 100000

/* Returns an exit code (cli.h). */
int regenerate(const struct regenerate_request *request);

#endif
