/* Colours on the command line: RRGGBB or #RRGGBB, as the three tools write them. */
#ifndef TETRIS_RGB_H
#define TETRIS_RGB_H

#include <stdbool.h>
#include <stdint.h>

/* Parses "RRGGBB" or "#RRGGBB" (hex digits of either case) into 0xRRGGBB. */
bool rgb_parse(const char *text, uint32_t *out);

#endif
