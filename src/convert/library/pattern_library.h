/* The pattern library tetris-convert works from, for one field width: the emitters of
 * emitters1.txt .. emittersN.txt (N = width / 3, or fewer) and the platforms of
 * platforms.txt, read from the copy compiled into the binary (the 21-wide field's), from a
 * directory, or from the cache of searched patterns (pattern_cache.h), each pattern checked
 * under the matrix model as it is read. */
#ifndef TETRIS_CONVERT_PATTERN_LIBRARY_H
#define TETRIS_CONVERT_PATTERN_LIBRARY_H

#include "fallback_tiles.h"
#include "layouts.h"
#include "pattern.h"

#include <stdbool.h>
#include <stddef.h>

struct pattern_library {
    int width;
    int max_squares;                                /* the emitter sets held: 1 .. max_squares */
    struct layout *layouts[LAYOUT_MAX_SQUARES + 1]; /* in file order, for lookups */
    struct pattern *emitters[LAYOUT_MAX_SQUARES + 1];
    int emitter_count[LAYOUT_MAX_SQUARES + 1];
    struct pattern *platforms; /* platform_start_count(width), by start number */
    bool *has_platform;
    /* The fallback tiles, the same for every width: always the built-in fallback.txt. */
    struct fallback_tiles *fallback;
};

enum library_status { LIBRARY_OK, LIBRARY_BAD, LIBRARY_NO_MEMORY };

/* Reads the built-in library (the default field's). */
enum library_status pattern_library_load_builtin(struct pattern_library *lib, char *message,
                                                 size_t size);

/* Reads emitters1.txt .. emitters<max_squares>.txt and platforms.txt from `dir`, a library
 * of the field `width` wide. On failure `message` names the file (and line or block) and
 * what is wrong. */
enum library_status pattern_library_load_dir(struct pattern_library *lib, const char *dir,
                                             int width, int max_squares, char *message,
                                             size_t size);

/* Reads one file's text (named `name` in messages) as emitter set `squares` (1..), or as
 * the platforms when `squares` is 0, into a library prepared by pattern_library_init.
 * Platforms must cover every column a sprite may use (a T can rest on a square there). */
enum library_status pattern_library_read(struct pattern_library *lib, int squares, const char *name,
                                         const char *text, char *message, size_t size);

/* Forgets what a failed pattern_library_read left of a set (emitters, or platforms when
 * `squares` is 0), so that it can be read again. */
void pattern_library_forget(struct pattern_library *lib, int squares);

/* An empty library for the width, holding sets 1 .. max_squares once they are read, and the
 * built-in fallback tiles. False when out of memory (or when the built-in file is bad, which
 * the build's tests rule out). */
bool pattern_library_init(struct pattern_library *lib, int width, int max_squares);

void pattern_library_free(struct pattern_library *lib);

/* The emitter of a layout, or NULL when the library has none. */
const struct pattern *pattern_library_emitter(const struct pattern_library *lib,
                                              const struct layout *layout);

/* The file name of emitter set `squares`, or of the platforms when it is 0. */
void pattern_file_name(int squares, char name[32]);

#endif
