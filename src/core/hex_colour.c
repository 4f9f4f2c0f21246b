#include "hex_colour.h"

int hex_digit_value(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

bool hex_colour_parse(const char *text, size_t length, uint32_t *out) {
    if (length != HEX_COLOUR_DIGITS)
        return false;
    uint32_t value = 0;
    for (size_t i = 0; i < length; i++) {
        int v = hex_digit_value(text[i]);
        if (v < 0)
            return false;
        value = value << 4 | (uint32_t)v;
    }
    *out = value;
    return true;
}
