/* tetris-convert's input: an image decoded (image_decode.h), prepared when asked (fit.h)
 * and turned into a sprite by the rules of what Tetris can print (sprite_rules.h).
 *
 * Opacity: a pixel is opaque when its alpha, in 8 bits as stb_image decodes it, is 255
 * (an image without alpha is all opaque); every other alpha is transparent, and the RGB of
 * a transparent pixel never matters.
 *
 * Colour order: colours are numbered in the order they first appear reading the trimmed
 * sprite row by row from the top, left to right within a row; the same image always gives
 * the same sprite. Which piece type prints each colour is chosen in colours/, by the
 * converter (colours/colour_assignment.h): when --fit prepared the picture, among the
 * assignments its colour plan found closest (the sprite carries them, sprite_rules.h). */
#ifndef TETRIS_CONVERT_SPRITE_H
#define TETRIS_CONVERT_SPRITE_H

#include "fit_options.h"
#include "picture.h"
#include "sprite_limits.h"
#include "sprite_rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Reads an image held in memory (any format stb_image reads: PNG, GIF first frame, BMP,
 * TGA, PSD, PNM, JPEG, HDR, PIC) into `picture`, to be made a sprite by sprite_make. Data
 * the loader refuses before decoding (see image_decode.h) or can't decode is
 * SPRITE_BAD_INPUT; so is a JPEG larger than the limits when no fitting step could make it
 * smaller (it has no transparent pixel to trim; refused before decoding). */
enum sprite_status sprite_read(const unsigned char *data, size_t size,
                               const struct sprite_limits *limits, const struct fit_options *fit,
                               struct picture *picture, char *message, size_t message_size);

/* Reads an image from `in` (a file or standard input, left open) into `picture`, as
 * sprite_read does with the whole input in memory, at most IMAGE_MAX_FILE_SIZE bytes. A
 * JPEG or PNG larger than image_decode.h's limits (pixels or bytes) that `fit` will shrink
 * is read instead as a stream and decoded scaled (image_scaled.h): neither the file nor
 * its pixels are then held in memory. A read error, an input too long or too large, and
 * whatever sprite_read refuses are SPRITE_BAD_INPUT, with one line in `message`. */
enum sprite_status sprite_load(FILE *in, const struct sprite_limits *limits,
                               const struct fit_options *fit, struct picture *picture,
                               char *message, size_t message_size);

/* Prepares `picture` as `fit` asks (fit may be NULL: nothing to do), then applies the rules
 * (sprite_rules.h). Frees the picture. `report` (may be NULL) says what was prepared. */
enum sprite_status sprite_make(struct picture *picture, const struct sprite_limits *limits,
                               const struct fit_options *fit, struct sprite *out,
                               struct fit_report *report, char *message, size_t message_size);

/* Both: sprite_read then sprite_make. On SPRITE_BAD_INPUT or SPRITE_NO_MEMORY, `message`
 * receives one line (no trailing newline, no file name, no program name) saying what is
 * wrong, and `out` is all zero. */
enum sprite_status sprite_decode(const unsigned char *data, size_t size,
                                 const struct sprite_limits *limits, const struct fit_options *fit,
                                 struct sprite *out, struct fit_report *report, char *message,
                                 size_t message_size);

#endif
