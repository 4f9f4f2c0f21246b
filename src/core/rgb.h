/* Colours on the command line, the one reading of a colour in every tool: RRGGBB or
 * #RRGGBB, as the tools write them, or a CSS colour name (white, navy, rebeccapurple...). */
#ifndef TETRIS_RGB_H
#define TETRIS_RGB_H

#include <stdbool.h>
#include <stdint.h>

/* How the tools' messages name what rgb_parse reads. */
#define RGB_FORMS "RRGGBB, #RRGGBB or a CSS colour name"

/* Parses "RRGGBB" or "#RRGGBB" (hex digits of either case) or a CSS colour name (either
 * case) into 0xRRGGBB. */
bool rgb_parse(const char *text, uint32_t *out);

/* A CSS colour name alone (either case). */
bool rgb_named(const char *name, uint32_t *out);

#endif
