#include "picture.h"

#include <stdlib.h>
#include <string.h>

bool picture_create(struct picture *p, int width, int height) {
    *p = (struct picture){.width = width, .height = height};
    p->rgba = calloc((size_t)width * (size_t)height, 4);
    return p->rgba != NULL;
}

void picture_free(struct picture *p) {
    free(p->rgba);
    p->rgba = NULL;
}

struct picture_box picture_opaque_box(const struct picture *p) {
    struct picture_box box = {p->width, p->height, -1, -1};
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (picture_opaque(p, x, y)) {
                box.left = x < box.left ? x : box.left;
                box.right = x > box.right ? x : box.right;
                box.top = y < box.top ? y : box.top;
                box.bottom = y;
            }
    return box;
}

void picture_clear_transparent(struct picture *p) {
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (!picture_opaque(p, x, y))
                memset(picture_pixel(p, x, y), 0, 4);
}
