/* A PNG read by libpng, a row at a time, into an image target (image_target.h): the one
 * PNG decoder, for pictures read whole (image_decode.h) and scaled (image_scaled.h).
 *
 * Everything becomes 8-bit RGBA (palettes and their transparency expanded, grey spread to
 * RGB, 16 bits cut to their high byte). Data missing before the last row is an error
 * ("truncated PNG", "Not enough image data"), never zeros; reading stops after the last
 * row, so no more is ever inflated than the rows the header gives. An interlaced PNG is
 * read only whole. libpng's memory comes from the decoding budget. */
#ifndef TETRIS_CONVERT_PNG_ROWS_H
#define TETRIS_CONVERT_PNG_ROWS_H

#include "image_source.h"
#include "image_target.h"

#include <stdbool.h>
#include <stddef.h>

/* Decodes the PNG the source holds into `target`, refusing more than max_side pixels on a
 * side. False, with one line in `message`, when it is refused or can't be decoded (bad
 * input), or when memory runs out (*no_memory set; passing the decoding budget is bad
 * input). */
bool png_rows_decode(struct image_source *source, struct image_target *target, int max_side,
                     bool *no_memory, char *message, size_t message_size);

/* A PNG held in memory whose pixel data inflates past what its header allows (a bomb:
 * 400 MiB of zeros behind a 17x32 header) is refused: the data is inflated into a small
 * buffer, counting, and no further than one byte past the allowed size. True for any
 * other data (whatever is wrong with it, png_rows_decode reports). */
bool png_rows_check_inflation(const unsigned char *data, size_t size, char *message,
                              size_t message_size);

/* Whether a PNG held in memory ends with its IEND chunk: one without it was cut short, even
 * when its pixels decode. */
bool png_rows_ended(const unsigned char *data, size_t size);

#endif
