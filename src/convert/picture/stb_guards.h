/* Guards around stb_image 2.27's known bugs, for the formats it reads here (GIF, BMP, TGA,
 * PSD, HDR, PNM, PIC; PNG and JPEG are libpng's and libjpeg-turbo's): what the loader
 * checks in the raw data before stb_image sees it, the patched copy it decodes instead of
 * a BMP that would make stb_image read uninitialised memory, and reading through callbacks
 * that notice a read past the end (stb_image decodes a file cut short with zeros).
 * image_decode.c applies them; this file only knows the formats' bytes, not pictures.
 *
 * Every check returns false with a one-line message (no file name) when the data must be
 * refused, true when stb_image may go on (it may still refuse the data itself). */
#ifndef TETRIS_CONVERT_STB_GUARDS_H
#define TETRIS_CONVERT_STB_GUARDS_H

#include <stdbool.h>
#include <stddef.h>

/* stb_image's reason for its last failure, printable: some reasons quote bytes of the input
 * (a chunk's type), and each byte outside ' '..'~' is shown as 0xNN. */
struct stb_reason {
    char text[128];
};
struct stb_reason stb_guards_reason(void);

bool stb_guards_is_pnm(const unsigned char *data, size_t size); /* binary P5 or P6 */

/* The checks made before the header is read: a PNM header that stb_image would overflow
 * or that promises more than the data holds, a BMP whose pixels start inside its header,
 * an HDR header cut short. A PNM wider or taller than `max_side` is left for the caller to
 * refuse. */
bool stb_guards_check(const unsigned char *data, size_t size, int max_side, char *message,
                      size_t message_size);

/* A BMP pixel past a short palette makes stb_image read uninitialised memory: for such a
 * BMP, a copy to decode instead, with zeros for the missing colours (`*size` becomes the
 * copy's); NULL with *copied false when the data will do as it is, NULL with *copied true
 * when memory ran out. The copy comes from the decoding budget. */
unsigned char *stb_guards_copy(const unsigned char *data, int *size, bool *copied);

/* stbi_info and stbi_load over data held in memory, through callbacks: *cut_short tells
 * that stb_image read past the end of the data (it then decodes zeros). */
bool stb_guards_info(const unsigned char *data, size_t size, int *width, int *height,
                     int *channels);
unsigned char *stb_guards_load(const unsigned char *data, size_t size, int *width, int *height,
                               int *channels, int wanted, bool *cut_short);

#endif
