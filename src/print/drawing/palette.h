/* Colours of the rendered playfield. Images are drawn as indices into one small palette
 * shared by every output (PNG, GIF, video, the HTML page, the terminal).
 *
 * A drawn cell has a "look": the index of its fill colour. Cells of the final picture
 * (PALETTE_PICTURE + piece type) take the script's colours; helper cells, those that clear
 * before the end (PALETTE_HELPER + piece type), take muted colours chosen far from every
 * script colour; PALETTE_WELL is the walls and floor. Each fill has a darker border colour
 * at fill + PALETTE_BORDER_OFFSET. The rules that choose the colours live in palette.c. */
#ifndef TETRIS_PRINT_PALETTE_H
#define TETRIS_PRINT_PALETTE_H

#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    PALETTE_BACKGROUND = 0,
    PALETTE_PICTURE = 1,                            /* + piece type */
    PALETTE_HELPER = PALETTE_PICTURE + PIECE_TYPES, /* + piece type */
    PALETTE_WELL = PALETTE_HELPER + PIECE_TYPES,
    PALETTE_LOOKS = PALETTE_WELL + 1, /* looks are 1 .. PALETTE_LOOKS - 1; 0 is empty */
    PALETTE_BORDER_OFFSET = PALETTE_LOOKS - 1,
    /* Never drawn: the GIF writer's "unchanged pixel" (transparent) index. */
    PALETTE_KEY = PALETTE_LOOKS + PALETTE_BORDER_OFFSET,
    PALETTE_SIZE = PALETTE_KEY + 1,
};

/* What the palette is made from. */
struct palette_spec {
    int colour_count;        /* script colours, 0..7, of colour_piece(1..7): J T L I O S Z */
    const uint32_t *colours; /* 0xRRGGBB */
    bool transparent;        /* empty cells have alpha 0 */
    bool has_background;     /* else a background is chosen to contrast with the colours */
    uint32_t background;
    int helper_count; /* 0: chosen; 1: every helper piece; 7: by type, J T L I O S Z */
    const uint32_t *helpers;
};

struct palette {
    uint8_t rgba[PALETTE_SIZE][4];
};

void palette_init(struct palette *p, const struct palette_spec *spec);

/* The colour of index i as 0xRRGGBB. */
uint32_t palette_rgb(const struct palette *p, int index);

/* Perceptual distance of two colours (CIE76 delta E in CIELAB). */
double palette_colour_distance(uint32_t a, uint32_t b);

#endif
