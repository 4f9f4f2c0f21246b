#include "raster.h"

#include "palette.h"

#include <stdlib.h>
#include <string.h>

#define NOT_DRAWN 0xff /* a look no cell has: every cell is drawn the first time */

bool raster_has_well(int scale, bool well) {
    return well && scale >= RASTER_WELL_MIN_SCALE;
}

static void grow_dirty(struct pixel_rect *d, int x0, int y0, int x1, int y1) {
    if (d->x0 >= d->x1) {
        *d = (struct pixel_rect){x0, y0, x1, y1};
        return;
    }
    if (x0 < d->x0)
        d->x0 = x0;
    if (y0 < d->y0)
        d->y0 = y0;
    if (x1 > d->x1)
        d->x1 = x1;
    if (y1 > d->y1)
        d->y1 = y1;
}

/* One cell at cell position (cx, cy) of the image: background, or a block of a look. */
static void draw_block(struct raster *r, int cx, int cy, int look) {
    int s = r->scale;
    size_t w = (size_t)r->width;
    uint8_t *top = r->pixels + (size_t)cy * (size_t)s * w + (size_t)cx * (size_t)s;
    bool border = look != CELL_TAG_EMPTY && s >= RASTER_BORDER_MIN_SCALE;
    uint8_t fill = look == CELL_TAG_EMPTY ? PALETTE_BACKGROUND : (uint8_t)look;
    uint8_t edge = (uint8_t)(look + PALETTE_BORDER_OFFSET);
    for (int y = 0; y < s; y++) {
        uint8_t *row = top + (size_t)y * w;
        if (border && (y == 0 || y == s - 1)) {
            memset(row, edge, (size_t)s);
            continue;
        }
        memset(row, fill, (size_t)s);
        if (border)
            row[0] = row[s - 1] = edge;
    }
    grow_dirty(&r->dirty, cx * s, cy * s, cx * s + s, cy * s + s);
}

bool raster_init(struct raster *r, int columns, int field_rows, int top_row, int scale, bool well) {
    memset(r, 0, sizeof *r);
    r->scale = scale;
    r->columns = columns;
    r->top_row = top_row;
    r->rows = field_rows - top_row;
    r->well = raster_has_well(scale, well) ? 1 : 0;
    r->width = (columns + 2 * r->well) * scale;
    r->height = (r->rows + r->well) * scale;
    r->pixels = calloc((size_t)r->width * (size_t)r->height, 1);
    r->shown = malloc((size_t)columns * (size_t)r->rows);
    if (!r->pixels || !r->shown) {
        raster_free(r);
        return false;
    }
    memset(r->shown, NOT_DRAWN, (size_t)columns * (size_t)r->rows);
    if (r->well) {
        for (int cy = 0; cy < r->rows; cy++) {
            draw_block(r, 0, cy, PALETTE_WELL);
            draw_block(r, columns + 1, cy, PALETTE_WELL);
        }
        for (int cx = 0; cx < columns + 2; cx++)
            draw_block(r, cx, r->rows, PALETTE_WELL);
    }
    r->dirty = (struct pixel_rect){0, 0, r->width, r->height};
    return true;
}

void raster_draw(struct raster *r, const struct scene *scene) {
    for (int row = 0; row < r->rows; row++) {
        uint8_t *shown = r->shown + (size_t)row * (size_t)r->columns;
        for (int col = 0; col < r->columns; col++) {
            uint32_t look = scene_look(scene, col, r->top_row + row);
            if (shown[col] == look)
                continue;
            shown[col] = (uint8_t)look;
            draw_block(r, col + r->well, row, (int)look);
        }
    }
}

struct pixel_rect raster_take_dirty(struct raster *r) {
    struct pixel_rect d = r->dirty;
    r->dirty = (struct pixel_rect){0, 0, 0, 0};
    return d;
}

void raster_free(struct raster *r) {
    free(r->pixels);
    free(r->shown);
    r->pixels = r->shown = NULL;
}
