/* How a message quotes one byte of its input: the one home of the rule that messages never
 * echo raw control bytes. A printable ASCII byte shows as itself, any other (a control
 * byte, ESC, a byte of a binary file) as 0xNN. */
#ifndef TETRIS_PRINTABLE_H
#define TETRIS_PRINTABLE_H

#include <stdbool.h>

#define PRINTABLE_BYTE_SIZE 5 /* "0xNN" and its NUL */

/* True for the bytes a message may show as they are: ' ' to '~'. */
static inline bool byte_is_printable(unsigned char c) {
    return c >= 32 && c < 127;
}

/* The byte as a message shows it, "g" or "0x1b", written into `buf` and returned. */
const char *printable_byte(unsigned char c, char buf[PRINTABLE_BYTE_SIZE]);

#endif
