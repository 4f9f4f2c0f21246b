/* The one line on standard error that says the default length shortened an animation
 * (frame_choice.h): how long the play would have lasted, what was kept, how to keep
 * everything. */
#ifndef TETRIS_PRINT_SHORTENED_NOTE_H
#define TETRIS_PRINT_SHORTENED_NOTE_H

#include "frame_choice.h"
#include "outputs/output_list.h"

#include <stddef.h>

/* "3 h 2 min", "16 min 40 s", "61.7 s": a length in centiseconds, for people. */
void length_text(long centiseconds, char *out, size_t size);

/* Writes the line for `animation`, the output the default length applies to. */
void shortened_note(const struct frame_choice *c, const struct output_entry *animation);

#endif
