/* Decoding a JPEG or PNG too large to be read whole (image_decode.h's limits) when --fit
 * will shrink it anyway: read as a stream (image_source.h), a row at a time, and reduced
 * as it is read (image_reduce.h), so that memory stays bounded whatever the picture's
 * size. The decoders are those of pictures read whole: a JPEG is decoded scaled by
 * libjpeg-turbo (jpeg_rows.h: its DCT scaling, 1/8 to 8/8, the largest that is within
 * IMAGE_SCALED_PIXELS), a PNG row by row by libpng (png_rows.h); both then go through the
 * row reducer (image_target.h).
 *
 * Guards: the size in the header is checked before anything is decoded; the stream is
 * capped (IMAGE_SCALED_MAX_FILE_SIZE); a PNG is never inflated past the rows its header
 * gives (reading stops after the last row); a JPEG's coefficients (progressive or
 * multi-scan) are kept packed within DECODE_BUDGET (jpeg_coefficients.h) and its scans
 * times its pixels within IMAGE_JPEG_SCAN_PIXELS. */
#ifndef TETRIS_CONVERT_IMAGE_SCALED_H
#define TETRIS_CONVERT_IMAGE_SCALED_H

#include "image_header.h"
#include "image_source.h"
#include "jpeg_rows.h"
#include "picture.h"

#include <stdbool.h>
#include <stddef.h>

#define IMAGE_SCALED_MAX_SIDE 65535
/* IMAGE_SCALED_MAX_PIXELS (134,217,728: e.g. 16384 x 8192) is jpeg_rows.h's. */
/* The longest stream: an 8-bit RGBA PNG of IMAGE_SCALED_MAX_PIXELS stored without
 * compression (4 bytes a pixel) fits; an endless input stops there. */
#define IMAGE_SCALED_MAX_FILE_SIZE ((size_t)512 << 20)
/* The picture a scaled decode gives is at most this large (1,048,576 pixels): what the
 * steps of --fit work on, and far more than any field prints. */
#define IMAGE_SCALED_PIXELS (1L << 20)

enum image_probe { IMAGE_PROBE_OTHER, IMAGE_PROBE_MORE, IMAGE_PROBE_FOUND };

/* What the first bytes of a file say: a JPEG (its frame header found) or PNG (its IHDR)
 * and its size (FOUND); a JPEG whose frame header lies further on (MORE); anything else
 * (OTHER). */
enum image_probe image_probe(const unsigned char *data, size_t size, struct image_header *header);

/* Decodes the JPEG or PNG the source holds (whose header image_probe found) into `out`,
 * at most `max_pixels` large (IMAGE_SCALED_PIXELS; smaller in tests). False, with one line
 * in `message`, when it is refused or can't be decoded (bad input), or when memory runs
 * out (*no_memory set). */
bool image_scaled_decode(struct image_source *source, const struct image_header *header,
                         long max_pixels, struct picture *out, bool *no_memory, char *message,
                         size_t message_size);

#endif
