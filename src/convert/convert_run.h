/* tetris-convert's work once the command line is parsed: read and check the sprite, load
 * the pattern library, convert, verify, write the script atomically, report. */
#ifndef TETRIS_CONVERT_RUN_H
#define TETRIS_CONVERT_RUN_H

#include "convert_options.h"

/* Returns the exit status (cli.h). */
int convert_run(const struct convert_options *options);

#endif
