/* The sprite rules (see sprite_rules.h). */
#include "sprite_rules.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first fully transparent row inside the box, or -1. Nothing outside the box is
 * opaque, so looking between its sides is enough. */
static int find_empty_row(const struct picture *p, const struct picture_box *box) {
    for (int y = box->top + 1; y < box->bottom; y++) {
        bool empty = true;
        for (int x = box->left; x <= box->right && empty; x++)
            empty = !picture_opaque(p, x, y);
        if (empty)
            return y;
    }
    return -1;
}

/* Whether some pixel is at least half opaque: one that preparing (fit.h) would print. */
static bool half_opaque(const struct picture *p) {
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (picture_pixel(p, x, y)[3] >= FIT_DEFAULT_ALPHA_THRESHOLD)
                return true;
    return false;
}

static int compare_colours(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The opaque colours in the box: how many, and the first `listed` in reading order. */
static int count_colours(const struct picture *p, const struct picture_box *box, uint32_t *first,
                         int listed) {
    uint32_t all[SPRITE_MAX_WIDTH * SPRITE_MAX_HEIGHT]; /* the box is within the limits */
    int count = 0, distinct = 0, named = 0;
    for (int y = box->top; y <= box->bottom; y++)
        for (int x = box->left; x <= box->right; x++) {
            if (!picture_opaque(p, x, y))
                continue;
            uint32_t rgb = picture_rgb(p, x, y);
            all[count++] = rgb;
            bool seen = false;
            for (int i = 0; i < named && !seen; i++)
                seen = first[i] == rgb;
            if (!seen && named < listed)
                first[named++] = rgb;
        }
    qsort(all, (size_t)count, sizeof all[0], compare_colours);
    for (int i = 0; i < count; i++)
        distinct += i == 0 || all[i] != all[i - 1];
    return distinct;
}

static enum sprite_status too_many_colours(const struct picture *p, const struct picture_box *box,
                                           const struct sprite_limits *limits,
                                           const struct fit_hints *hints, char *message,
                                           size_t message_size) {
    uint32_t first[SPRITE_LISTED_COLOURS];
    int count = count_colours(p, box, first, SPRITE_LISTED_COLOURS);
    char list[SPRITE_LISTED_COLOURS * 9 + 8] = "";
    size_t used = 0;
    for (int i = 0; i < count && i < SPRITE_LISTED_COLOURS; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s#%06x", i ? ", " : "",
                                 (unsigned)first[i]);
    if (count > SPRITE_LISTED_COLOURS)
        snprintf(list + used, sizeof list - used, ", ...");
    cli_reason(message, message_size, "%d opaque colours (%s); at most %d can be printed%s", count,
               list, limits->max_colours, hints->too_many_colours);
    return SPRITE_BAD_INPUT;
}

/* Copies the box into `out`, numbering the colours in reading order; false when there are
 * more than the limit. */
static bool copy_sprite(const struct picture *p, const struct picture_box *box,
                        const struct sprite_limits *limits, struct sprite *out) {
    for (int y = 0; y < out->height; y++)
        for (int x = 0; x < out->width; x++) {
            if (!picture_opaque(p, box->left + x, box->top + y))
                continue;
            uint32_t rgb = picture_rgb(p, box->left + x, box->top + y);
            int i = 0;
            while (i < out->colour_count && out->colours[i] != rgb)
                i++;
            if (i == limits->max_colours)
                return false;
            if (i == out->colour_count)
                out->colours[out->colour_count++] = rgb;
            out->pixels[y][x] = (uint8_t)(i + 1);
        }
    return true;
}

enum sprite_status sprite_from_picture(const struct picture *p, const struct sprite_limits *limits,
                                       const struct fit_hints *hints, struct sprite *out,
                                       char *message, size_t message_size) {
    *out = (struct sprite){0};
    struct picture_box box = picture_opaque_box(p);
    if (box.right < 0) {
        cli_reason(message, message_size, "no opaque pixel: nothing to print%s",
                   half_opaque(p) ? hints->half_opaque : hints->no_opaque_pixel);
        return SPRITE_BAD_INPUT;
    }
    int width = box.right - box.left + 1, height = box.bottom - box.top + 1;
    if (width > limits->max_width || height > limits->max_height) {
        cli_reason(message, message_size,
                   "the sprite is %dx%d pixels after trimming transparent borders; at most %dx%d "
                   "can be printed%s",
                   width, height, limits->max_width, limits->max_height, hints->too_large);
        return SPRITE_BAD_INPUT;
    }
    int empty_row = find_empty_row(p, &box);
    if (empty_row >= 0) {
        cli_reason(message, message_size,
                   "row %d of %s is fully transparent between opaque rows: Tetris can't leave "
                   "an empty row under a printed one%s",
                   empty_row, hints->picture, hints->empty_row);
        return SPRITE_BAD_INPUT;
    }
    *out = (struct sprite){.width = width, .height = height};
    out->trim_left = box.left;
    out->trim_top = box.top;
    if (copy_sprite(p, &box, limits, out))
        return SPRITE_OK;
    *out = (struct sprite){0};
    return too_many_colours(p, &box, limits, hints, message, message_size);
}
