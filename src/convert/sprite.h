/* tetris-convert's input: an image decoded with stb_image, trimmed of its transparent
 * borders and checked against what Tetris can print (DESIGN.md, "Facts").
 *
 * Opacity: a pixel is opaque when its alpha, in 8 bits as stb_image decodes it, is 255
 * (an image without alpha is all opaque); every other alpha is transparent, and the RGB of
 * a transparent pixel never matters.
 *
 * Colour order: colours are numbered in the order they first appear reading the trimmed
 * sprite row by row from the top, left to right within a row. The first is printed by J,
 * the second by T, the third by L. The same image always gives the same sprite. */
#ifndef TETRIS_CONVERT_SPRITE_H
#define TETRIS_CONVERT_SPRITE_H

#include "block.h" /* MAX_COLOURS */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest sprite the widest and tallest field prints (field.h); a field of a given size
 * prints less (field_sprite_max_width, field_sprite_max_height). */
#define SPRITE_MAX_WIDTH (FIELD_MAX_WIDTH - 2 * FIELD_SPRITE_MARGIN)
#define SPRITE_MAX_HEIGHT (FIELD_MAX_HEIGHT - FIELD_SPRITE_HEADROOM)
#define SPRITE_MAX_IMAGE_SIDE 4096 /* refused before decoding when larger */
#define SPRITE_MAX_IMAGE_PIXELS (1L << 22)

enum sprite_status { SPRITE_OK, SPRITE_BAD_INPUT, SPRITE_NO_MEMORY };

struct sprite {
    int width, height;             /* after trimming: at most SPRITE_MAX_WIDTH x _HEIGHT */
    int colour_count;              /* 1..3 */
    uint32_t colours[MAX_COLOURS]; /* 0xRRGGBB; colours[0] is printed by J, [1] by T, [2] by L */
    /* 0 = transparent, else 1 + index into colours; pixels[0] is the TOP row */
    uint8_t pixels[SPRITE_MAX_HEIGHT][SPRITE_MAX_WIDTH];
    int trim_left, trim_top; /* where the trimmed sprite was in the image */
};

/* Decodes an image held in memory (any format stb_image reads: PNG, GIF first frame, BMP,
 * TGA, PSD, PNM, JPEG, HDR, PIC) into a sprite. On SPRITE_BAD_INPUT or SPRITE_NO_MEMORY,
 * `message` receives one line (no trailing newline, no file name, no program name) saying
 * what is wrong; `out` is then all zero.
 *
 * Problems are reported in this order, the first one found:
 *   - more data than stb_image can take (about 2 GB);
 *   - data stb_image would mishandle, checked first: a PNG, a PNM or an HDR header cut
 *     short, a BMP whose pixels start inside its header, a JPEG Huffman table of more
 *     than 256 codes;
 *   - not an image stb_image can read (checked on the header only), or larger than
 *     SPRITE_MAX_IMAGE_SIDE on a side or SPRITE_MAX_IMAGE_PIXELS in all, or a JPEG larger
 *     than a sprite (it has no transparent pixel to trim): refused before decoding;
 *   - the data can't be decoded (corrupt or truncated);
 *   - no opaque pixel;
 *   - larger than SPRITE_MAX_WIDTH x SPRITE_MAX_HEIGHT after trimming transparent borders;
 *   - a fully transparent row between opaque rows (Tetris can't print it); the message
 *     names that row as a 0-based row of the original image, counted from the top;
 *   - more than MAX_COLOURS opaque colours; the message names them as #rrggbb in the
 *     colour order above (at most 6, then "..."). */
enum sprite_status sprite_decode(const unsigned char *data, size_t size, struct sprite *out,
                                 char *message, size_t message_size);

#endif
