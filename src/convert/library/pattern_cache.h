/* The patterns tetris-convert needs for a field width it has no library for: single-square
 * emitters and platforms, enough for the real-time method. They are searched the first
 * time a width is used (as tetris-search does, with its default seed, but without proving
 * smaller heights impossible; platforms as search_platform_scaffolded finds them) and kept
 * in a cache directory:
 *
 *     $XDG_CACHE_HOME/tetris-printer/patterns-v2/width-W/{emitters1,platforms}.txt
 *
 * ($HOME/.cache when XDG_CACHE_HOME is unset or not absolute; no cache when neither is
 * set). Files are written atomically (a temporary file renamed into place, whatever was
 * there replaced), so two conversions running at once at most both search and write the
 * same file. Every file is checked when read, like a --patterns directory: a corrupt,
 * truncated, foreign (another width, another format) or too large file, or one that is not
 * a regular file, is ignored, searched again and replaced.
 *
 * Nothing is read or written through a place the user didn't name: the cache's own
 * directories (tetris-printer/ and below) must be directories of this user that no one
 * else can write, and its files no symbolic links; otherwise one warning says why and the
 * patterns are searched without the cache. */
#ifndef TETRIS_CONVERT_PATTERN_CACHE_H
#define TETRIS_CONVERT_PATTERN_CACHE_H

#include "pattern_library.h"

#include <stdbool.h>
#include <stddef.h>

/* The cache directory of a width, or false, with the reason in `why`, when there is none
 * (no usable XDG_CACHE_HOME nor HOME, or a path too long). */
bool pattern_cache_dir(int width, char *path, size_t size, char *why, size_t why_size);

/* Loads the library of a width from the cache, searching and caching what is missing or
 * invalid (a progress line on a terminal unless quiet). A width for which a single-square
 * emitter or a platform for some column isn't found is LIBRARY_BAD, with the reason in
 * `message` (no width from 11 to 71 is). A cache that can't be written is a warning on
 * standard error, not a failure. */
enum library_status pattern_cache_load(struct pattern_library *lib, int width, bool quiet,
                                       char *message, size_t size);

#endif
