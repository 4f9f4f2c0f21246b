#include "printable.h"

#include <stdio.h>

const char *printable_byte(unsigned char c, char buf[PRINTABLE_BYTE_SIZE]) {
    if (byte_is_printable(c))
        snprintf(buf, PRINTABLE_BYTE_SIZE, "%c", c);
    else
        snprintf(buf, PRINTABLE_BYTE_SIZE, "0x%02x", c);
    return buf;
}
