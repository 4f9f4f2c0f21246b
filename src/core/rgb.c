#include "rgb.h"

#include <string.h>

#include "hex_colour.h"

bool rgb_parse(const char *text, uint32_t *out) {
    if (text[0] == '#')
        text++;
    return hex_colour_parse(text, strlen(text), out);
}
