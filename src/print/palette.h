/* Colours of the rendered playfield. Images are drawn as indices into one small palette
 * shared by the PNG and GIF writers and by --ascii --color. */
#ifndef TETRIS_PRINT_PALETTE_H
#define TETRIS_PRINT_PALETTE_H

#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    PALETTE_BACKGROUND = 0,
    PALETTE_FILL = 1,                            /* + piece type */
    PALETTE_BORDER = PALETTE_FILL + PIECE_TYPES, /* + piece type */
    PALETTE_SIZE = PALETTE_BORDER + PIECE_TYPES,
};

/* Used for J, T, L when the script names fewer colours. */
#define DEFAULT_J_COLOUR 0x2040e0u
#define DEFAULT_T_COLOUR 0xa040e0u
#define DEFAULT_L_COLOUR 0xf09020u

struct palette {
    uint8_t rgba[PALETTE_SIZE][4];
};

/* J, T, L from `colours` (colour 1 = J, 2 = T, 3 = L), fixed colours for I, O, S, Z,
 * borders at 60% brightness, and the background (alpha 0 when transparent). */
void palette_init(struct palette *p, int colour_count, const uint32_t colours[],
                  uint32_t background, bool transparent);

/* The fill colour of a piece type as 0xRRGGBB. */
uint32_t palette_piece_colour(const struct palette *p, enum piece_type type);

#endif
