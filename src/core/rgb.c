#include "rgb.h"

#include <string.h>

static int hex_digit(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

bool rgb_parse(const char *text, uint32_t *out) {
    if (text[0] == '#')
        text++;
    if (strlen(text) != 6)
        return false;
    uint32_t value = 0;
    for (int i = 0; i < 6; i++) {
        int digit = hex_digit(text[i]);
        if (digit < 0)
            return false;
        value = value << 4 | (uint32_t)digit;
    }
    *out = value;
    return true;
}
