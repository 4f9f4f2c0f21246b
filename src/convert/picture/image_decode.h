/* Decoding an image file held in memory into an RGBA picture, within a memory budget
 * (decode_budget.h): a PNG by libpng (png_rows.h), a JPEG by libjpeg-turbo (jpeg_rows.h),
 * the other formats (GIF's first frame, BMP, TGA, PSD, HDR, PNM, PIC) by stb_image behind
 * its guards (stb_guards.h). Data missing before the image's end is an error in every
 * format, never zeros. */
#ifndef TETRIS_CONVERT_IMAGE_DECODE_H
#define TETRIS_CONVERT_IMAGE_DECODE_H

#include "image_header.h"
#include "picture.h"

#include <stdbool.h>
#include <stddef.h>

#define IMAGE_MAX_SIDE 4096         /* refused before decoding when larger */
#define IMAGE_MAX_PIXELS (1L << 22) /* the same, for width x height */
/* The largest image file tetris-convert reads (16 MiB): with the decoding budget it keeps a
 * whole run under 64 MiB, whatever the input. */
#define IMAGE_MAX_FILE_SIZE (16 << 20)

/* Reads and checks the header: a PNG's IHDR or a JPEG's frame header, or for the other
 * formats the checks of stb_guards_check and stb_image's reading of the header (a BMP
 * stored top-down has a negative height there); a valid size within IMAGE_MAX_SIDE and
 * IMAGE_MAX_PIXELS. On failure `message` gets one line (no file name). */
bool image_read_header(const unsigned char *data, size_t size, struct image_header *header,
                       char *message, size_t message_size);

/* Decodes data whose header image_read_header accepted into `out` (RGBA; free with
 * picture_free). False, with one line in `message`, when the data is corrupt or truncated,
 * when a PNG's pixel data inflates past what its header allows, or when decoding it would
 * take more than DECODE_BUDGET bytes or more memory than there is: all bad input. */
bool image_decode(const unsigned char *data, size_t size, const struct image_header *header,
                  struct picture *out, char *message, size_t message_size);

#endif
