/* Colours written as six hex digits, RRGGBB (script colour lines, --background). */
#ifndef TETRIS_HEX_COLOUR_H
#define TETRIS_HEX_COLOUR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HEX_COLOUR_DIGITS 6

/* The value of a hex digit (either case), or -1. */
int hex_digit_value(char c);

/* Parses exactly HEX_COLOUR_DIGITS hex digits (the text need not be NUL-terminated) into
 * 0xRRGGBB. Returns false on any other text. */
bool hex_colour_parse(const char *text, size_t length, uint32_t *out);

#endif
