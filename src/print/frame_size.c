/* The frame's rows and scale (see frame_size.h). */
#include "frame_size.h"

#include "options.h"

static int first_row(const struct frame_size_spec *s) {
    int last = s->rows - 1; /* at least the floor row is shown */
    if (s->crop)
        return s->picture_top < last ? s->picture_top : last;
    if (s->no_crop || s->motion || !s->animation)
        return 0;
    int top = s->rows - s->highest_stack;
    return top < 0 ? 0 : top < last ? top : last;
}

static int scale_for(const struct frame_size_spec *s, int top_row) {
    if (s->scale)
        return s->scale;
    if (!s->animation)
        return DEFAULT_SCALE;
    int well = s->well ? 1 : 0;
    int wide = s->columns + 2 * well, tall = s->rows - top_row + well;
    int cells = wide > tall ? wide : tall;
    int scale = FRAME_SIZE_LONG_SIDE / cells;
    return scale < 1 ? 1 : scale > DEFAULT_SCALE ? DEFAULT_SCALE : scale;
}

struct frame_size frame_size_choose(const struct frame_size_spec *spec) {
    struct frame_size size = {first_row(spec), 0};
    size.scale = scale_for(spec, size.top_row);
    return size;
}
