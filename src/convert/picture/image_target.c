/* The rows' destination of the row decoders (see image_target.h). */
#include "image_target.h"

#include "decode_budget.h"

#include <stdlib.h>

struct image_target image_target_make(long max_pixels) {
    return (struct image_target){.max_pixels = max_pixels};
}

bool image_target_begin(struct image_target *t, int width, int height) {
    t->width = width;
    t->height = height;
    t->rows = 0;
    if (t->max_pixels)
        return image_reducer_begin(&t->reducer, width, height, t->max_pixels);
    t->whole = (struct picture){.width = width, .height = height};
    t->whole.rgba = decode_budget_calloc((size_t)width * (size_t)height * 4);
    return t->whole.rgba != NULL;
}

unsigned char *image_target_whole_row(struct image_target *t, int y) {
    return t->max_pixels ? NULL : picture_pixel(&t->whole, 0, y);
}

unsigned char *image_target_row(struct image_target *t) {
    return t->max_pixels ? t->reducer.row : image_target_whole_row(t, t->rows);
}

bool image_target_put(struct image_target *t) {
    t->rows++;
    return !t->max_pixels || image_reducer_row(&t->reducer, t->reducer.row);
}

bool image_target_finish(struct image_target *t, struct picture *out) {
    if (t->max_pixels)
        return image_reducer_finish(&t->reducer, out);
    *out = t->whole;
    t->whole.rgba = NULL;
    return true;
}

void image_target_free(struct image_target *t) {
    if (t->max_pixels)
        image_reducer_free(&t->reducer);
    decode_budget_free(t->whole.rgba);
    t->whole.rgba = NULL;
}
