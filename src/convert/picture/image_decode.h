/* Decoding an image file held in memory into an RGBA picture, with stb_image behind its
 * guards (stb_guards.h) and within a memory budget (decode_budget.h). */
#ifndef TETRIS_CONVERT_IMAGE_DECODE_H
#define TETRIS_CONVERT_IMAGE_DECODE_H

#include "picture.h"

#include <stdbool.h>
#include <stddef.h>

#define IMAGE_MAX_SIDE 4096         /* refused before decoding when larger */
#define IMAGE_MAX_PIXELS (1L << 22) /* the same, for width x height */
/* The largest image file tetris-convert reads (16 MiB): with the decoding budget it keeps a
 * whole run under 64 MiB, whatever the input. */
#define IMAGE_MAX_FILE_SIZE (16 << 20)
/* stb_image decodes each scan of a JPEG over the whole image: scans x pixels is bounded so
 * that thousands of empty scans can't take minutes (a progressive JPEG has about 10). */
#define IMAGE_MAX_JPEG_SCAN_PIXELS (1L << 26)

/* The size an image's header gives, read without decoding. */
struct image_header {
    int width, height;
    bool jpeg; /* no alpha at all, and slow to decode when large */
    bool png;
};

/* Reads and checks the header: the checks of stb_guards_check, a format stb_image reads,
 * a valid size within IMAGE_MAX_SIDE and IMAGE_MAX_PIXELS. On failure `message` gets one
 * line (no file name). */
bool image_read_header(const unsigned char *data, size_t size, struct image_header *header,
                       char *message, size_t message_size);

/* Decodes data whose header image_read_header accepted into `out` (RGBA; free with
 * picture_free). False, with one line in `message`, when the data is corrupt or truncated,
 * or when decoding it would take more than DECODE_BUDGET bytes or more memory than there
 * is: all bad input. */
bool image_decode(const unsigned char *data, size_t size, const struct image_header *header,
                  struct picture *out, char *message, size_t message_size);

#endif
