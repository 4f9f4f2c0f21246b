/* A JPEG read by libjpeg-turbo, a row at a time, into an image target (image_target.h):
 * the one JPEG decoder, for pictures read whole (image_decode.h) and scaled
 * (image_scaled.h, by its DCT scaling, 1/8 to 8/8: the largest within the target's
 * pixels).
 *
 * Guards: the header's size is checked again against the data's; scans times pixels is
 * at most IMAGE_JPEG_SCAN_PIXELS (a JPEG of endless empty scans stops there); a
 * progressive or multi-scan JPEG keeps its coefficients packed (jpeg_coefficients.h)
 * within the decoding budget; data that is missing or corrupt where pixels should be (cut
 * short, a premature end of a segment, a bad Huffman code) is an error, never zeros. */
#ifndef TETRIS_CONVERT_JPEG_ROWS_H
#define TETRIS_CONVERT_JPEG_ROWS_H

#include "image_source.h"
#include "image_target.h"

#include <stdbool.h>
#include <stddef.h>

/* libjpeg decodes each scan over the whole image: scans x pixels is bounded (a
 * 50-megapixel JPEG may have 21 scans, a 4-megapixel one 256). */
#define IMAGE_JPEG_SCAN_PIXELS (1L << 30)

/* The most pixels of any JPEG or PNG read (image_scaled.h's bound, also checked here). */
#define IMAGE_SCALED_MAX_PIXELS (1L << 27) /* 134,217,728: e.g. 16384 x 8192 */

/* Decodes the JPEG the source holds into `target`, refusing more than max_side pixels on a
 * side. False, with one line in `message`, when it is refused or can't be decoded (bad
 * input, passing the decoding budget included), or when memory runs out (*no_memory). */
bool jpeg_rows_decode(struct image_source *source, struct image_target *target, int max_side,
                      bool *no_memory, char *message, size_t message_size);

#endif
