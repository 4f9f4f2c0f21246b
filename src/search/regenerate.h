/* Regenerating pattern files: search, write atomically, print the table of results. */
#ifndef TETRIS_REGENERATE_H
#define TETRIS_REGENERATE_H

#include "library.h"

#include <stdbool.h>

struct regenerate_request {
    bool emitter_sets[MAX_SQUARES + 1]; /* [n] for n = 1..7 */
    bool platforms;
    const char *out_dir;
    struct search_settings settings;
};

/* Returns an exit code (cli.h). */
int regenerate(const struct regenerate_request *request);

#endif
