/* The pattern library tetris-convert works from: every emitter of patterns/emitters1..7.txt
 * and the platforms of patterns/platforms.txt, read from the copy compiled into the binary
 * or from a directory, each pattern checked under the matrix model as it is read. */
#ifndef TETRIS_CONVERT_PATTERN_LIBRARY_H
#define TETRIS_CONVERT_PATTERN_LIBRARY_H

#include "layouts.h"
#include "pattern.h"

#include <stdbool.h>
#include <stddef.h>

struct pattern_library {
    struct layout *layouts[MAX_SQUARES + 1]; /* in file order, for lookups */
    struct pattern *emitters[MAX_SQUARES + 1];
    int emitter_count[MAX_SQUARES + 1];
    struct pattern platforms[PLATFORM_STARTS];
    bool has_platform[PLATFORM_STARTS];
};

enum library_status { LIBRARY_OK, LIBRARY_BAD, LIBRARY_NO_MEMORY };

/* Reads the built-in library. */
enum library_status pattern_library_load_builtin(struct pattern_library *lib, char *message,
                                                 size_t size);

/* Reads emitters1.txt .. emitters7.txt and platforms.txt from `dir`. On failure `message`
 * names the file (and line or block) and what is wrong. */
enum library_status pattern_library_load_dir(struct pattern_library *lib, const char *dir,
                                             char *message, size_t size);

void pattern_library_free(struct pattern_library *lib);

/* The emitter of a layout, or NULL when the library has none. */
const struct pattern *pattern_library_emitter(const struct pattern_library *lib,
                                              const struct layout *layout);

#endif
