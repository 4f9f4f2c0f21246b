/* Guards around stb_image 2.27's known bugs: what the loader checks in the raw data before
 * stb_image sees it, and the patched copies it decodes instead of inputs that would make
 * stb_image read uninitialised memory. image_decode.c applies them; this file only knows
 * the formats' bytes, not pictures nor sprites.
 *
 * Every check returns false with a one-line message (no file name) when the data must be
 * refused, true when stb_image may go on (it may still refuse the data itself). */
#ifndef TETRIS_CONVERT_STB_GUARDS_H
#define TETRIS_CONVERT_STB_GUARDS_H

#include <stdbool.h>
#include <stddef.h>

/* The zeros appended to a Radiance HDR image of that many pixels (see stb_guards_copy). */
#define STB_GUARDS_HDR_PADDING(pixels) ((size_t)(pixels)*4 + 4)

/* stb_image's reason for its last failure, printable: some reasons quote bytes of the input
 * (an unknown PNG chunk's type), and each byte outside ' '..'~' is shown as 0xNN. */
struct stb_reason {
    char text[128];
};
struct stb_reason stb_guards_reason(void);

bool stb_guards_is_pnm(const unsigned char *data, size_t size); /* binary P5 or P6 */
bool stb_guards_is_jpeg(const unsigned char *data, size_t size);

/* The checks made before the header is read: a PNM header that stb_image would overflow
 * or that promises more than the data holds, a PNG IDAT chunk longer than the data, a BMP
 * whose pixels start inside its header, an HDR header cut short, a JPEG Huffman table of
 * more than 256 codes. */
bool stb_guards_check(const unsigned char *data, size_t size, char *message, size_t message_size);

/* The scans stb_image would decode in a JPEG (at least; 0 for other data). stb_image
 * decodes each over the whole image, so their number times the pixels is the work. */
long stb_guards_jpeg_scans(const unsigned char *data, size_t size);

/* A PNG's pixel data must not inflate past the size its header allows (stb_image would
 * inflate a few hundred kilobytes into gigabytes before finding out). The data is inflated
 * first, with stb_image's own inflater, into a buffer of exactly that size; the buffer is
 * taken from the decoding budget. Call it once the header is known to be within limits.
 * Other data passes. */
bool stb_guards_check_png_inflation(const unsigned char *data, size_t size, char *message,
                                    size_t message_size);

/* Three inputs make stb_image read uninitialised memory (an HDR image cut short, a BMP or
 * PNG pixel past a short palette). For those, a copy to decode instead, with zeros where
 * stb_image would read nothing (`*size` becomes the copy's); NULL with *copied false when
 * the data will do as it is, NULL with *copied true when memory ran out. The copy comes
 * from the decoding budget. */
unsigned char *stb_guards_copy(const unsigned char *data, int *size, long pixel_count,
                               bool *copied);

#endif
