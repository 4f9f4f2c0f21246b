#include "palette.h"

#include "block.h"

static void set(uint8_t rgba[4], uint32_t rgb, uint8_t alpha) {
    rgba[0] = (uint8_t)(rgb >> 16);
    rgba[1] = (uint8_t)(rgb >> 8);
    rgba[2] = (uint8_t)rgb;
    rgba[3] = alpha;
}

void palette_init(struct palette *p, int colour_count, const uint32_t colours[],
                  uint32_t background, bool transparent) {
    uint32_t fill[PIECE_TYPES] = {
        [PIECE_T] = DEFAULT_T_COLOUR, [PIECE_J] = DEFAULT_J_COLOUR, [PIECE_Z] = 0xe03030u,
        [PIECE_O] = 0xf0e040u,        [PIECE_S] = 0x40c040u,        [PIECE_L] = DEFAULT_L_COLOUR,
        [PIECE_I] = 0x40d0f0u,
    };
    for (int i = 0; i < colour_count && i < MAX_COLOURS; i++)
        if (colours[i] != BLOCK_NO_COLOUR)
            fill[colour_piece(i + 1)] = colours[i];
    set(p->rgba[PALETTE_BACKGROUND], transparent ? 0 : background, transparent ? 0 : 255);
    for (int t = 0; t < PIECE_TYPES; t++) {
        set(p->rgba[PALETTE_FILL + t], fill[t], 255);
        uint32_t dark = 0;
        for (int shift = 0; shift < 24; shift += 8)
            dark |= ((fill[t] >> shift & 0xffu) * 6 / 10) << shift;
        set(p->rgba[PALETTE_BORDER + t], dark, 255);
    }
}

uint32_t palette_piece_colour(const struct palette *p, enum piece_type type) {
    const uint8_t *c = p->rgba[PALETTE_FILL + type];
    return (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
}
