/* The pattern library compiled into tetris-convert at build time (scripts/embed-patterns.sh
 * turns the files of patterns/ into C), so an installed converter needs no data files. */
#ifndef TETRIS_CONVERT_EMBEDDED_PATTERNS_H
#define TETRIS_CONVERT_EMBEDDED_PATTERNS_H

struct embedded_pattern_file {
    const char *name; /* e.g. "emitters1.txt" */
    const char *text; /* the whole file */
};

extern const struct embedded_pattern_file EMBEDDED_PATTERN_FILES[];
extern const int EMBEDDED_PATTERN_FILE_COUNT;

#endif
