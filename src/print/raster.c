#include "raster.h"

#include "palette.h"

#include <stdlib.h>
#include <string.h>

bool raster_init(struct raster *r, const struct playfield *pf, int scale, int top_row) {
    r->scale = scale;
    r->top_row = top_row;
    r->width = pf->width * scale;
    r->height = (pf->height - top_row) * scale;
    r->pixels = calloc((size_t)r->width * (size_t)r->height, 1);
    return r->pixels != NULL;
}

void raster_free(struct raster *r) {
    free(r->pixels);
    r->pixels = NULL;
}

/* Draws one cell row into the first pixel row of the band, then copies that pixel row
 * (or the border row) down the band. */
void raster_draw(struct raster *r, const struct playfield *pf) {
    int s = r->scale;
    bool border = s >= RASTER_BORDER_MIN_SCALE;
    size_t w = (size_t)r->width;
    for (int row = r->top_row; row < pf->height; row++) {
        uint8_t *band = r->pixels + (size_t)(row - r->top_row) * (size_t)s * w;
        uint8_t *inner = border ? band + w : band; /* a row between the border rows */
        for (int col = 0; col < pf->width; col++) {
            uint8_t cell = pf->cells[row][col];
            uint8_t *p = band + (size_t)col * (size_t)s;
            if (cell == PLAYFIELD_EMPTY) {
                memset(p, PALETTE_BACKGROUND, (size_t)s);
                if (border)
                    memset(inner + (size_t)col * (size_t)s, PALETTE_BACKGROUND, (size_t)s);
                continue;
            }
            uint8_t fill = (uint8_t)(PALETTE_FILL + cell - 1);
            uint8_t edge = (uint8_t)(PALETTE_BORDER + cell - 1);
            if (!border) {
                memset(p, fill, (size_t)s);
                continue;
            }
            memset(p, edge, (size_t)s);
            uint8_t *q = inner + (size_t)col * (size_t)s;
            q[0] = q[s - 1] = edge;
            memset(q + 1, fill, (size_t)s - 2);
        }
        if (!border) {
            for (int y = 1; y < s; y++)
                memcpy(band + (size_t)y * w, band, w);
            continue;
        }
        for (int y = 2; y < s - 1; y++)
            memcpy(band + (size_t)y * w, inner, w);
        memcpy(band + (size_t)(s - 1) * w, band, w);
    }
}
