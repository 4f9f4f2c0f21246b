/* Preparing a picture: the steps in order, the hints and the summary (see fit.h). */
#include "fit.h"

#include "fit_background.h"
#include "fit_colours.h"
#include "fit_reduce.h"
#include "fit_scale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The way out of an empty row inside a transparent picture: a colour behind it, kept in
 * the rows that would be empty (fit_background_keep_rows). */
#define EMPTY_ROW_HINT " (try --fit --background white)"

struct fit_hints fit_hints_unprepared(const struct sprite_limits *limits) {
    struct fit_hints hints = {" (try --fit)", " (try --fit)", EMPTY_ROW_HINT, "",
                              " (try --fit)", "the image"};
    if (limits->max_colours < MAX_COLOURS)
        snprintf(hints.too_many_colours, sizeof hints.too_many_colours, " (try --fit --colors %d)",
                 limits->max_colours);
    return hints;
}

/* Settles transparency (see fit.h): every alpha 0 or 255, the picture put on the background
 * colour when one is given. Colours are blended in sRGB, as image tools and browsers do. */
static void settle_alpha(struct picture *p, const struct fit_options *o) {
    int threshold = o->alpha_threshold ? o->alpha_threshold : FIT_DEFAULT_ALPHA_THRESHOLD;
    bool flatten = o->background == FIT_BACKGROUND_COLOUR;
    uint32_t behind = o->background_colour;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            unsigned char *c = picture_pixel(p, x, y);
            int alpha = c[3] >= threshold ? c[3] : 0;
            for (int k = 0; flatten && k < 3; k++) {
                int under = (int)(behind >> (16 - 8 * k) & 255);
                c[k] = (unsigned char)((c[k] * alpha + under * (255 - alpha) + 127) / 255);
            }
            c[3] = flatten || alpha ? PICTURE_OPAQUE : 0;
        }
}

static bool all_opaque(const struct picture *p) {
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            if (!picture_opaque(p, x, y))
                return false;
    return true;
}

/* "auto" looks for a background only in an image without transparency (one with its own
 * has said what its background is), and leaves one that is the whole picture. A colour given
 * is removed from any image. What was removed is marked in `removal`. */
static bool remove_background(struct picture *p, const struct fit_options *o, struct fit_report *r,
                              struct fit_background_removal *removal) {
    r->background = FIT_BACKGROUND_NOT_ASKED;
    if (o->background == FIT_BACKGROUND_KEEP)
        return true;
    bool automatic = o->background == FIT_BACKGROUND_AUTO;
    if (automatic && !all_opaque(p)) {
        r->background = FIT_BACKGROUND_TRANSPARENT;
        return true;
    }
    r->background = FIT_BACKGROUND_NOT_FOUND;
    struct fit_background_match match = {o->background_colour, 0};
    if (automatic && !fit_background_find(p, &match))
        return true;
    if (!automatic)
        match.tolerance = fit_background_tolerance(p, match.rgb);
    r->background_colour = match.rgb;
    r->background_tolerance = match.tolerance;
    removal->removed = calloc((size_t)p->width * (size_t)p->height, 1);
    removal->width = p->width;
    removal->rgb = match.rgb;
    long removed = removal->removed ? fit_background_remove(p, &match, removal->removed) : -1;
    if (automatic && removed == (long)p->width * p->height) {
        for (int y = 0; y < p->height; y++)
            for (int x = 0; x < p->width; x++)
                picture_pixel(p, x, y)[3] = PICTURE_OPAQUE;
        removed = 0;
    }
    if (removed > 0)
        r->background = FIT_BACKGROUND_REMOVED;
    return removed >= 0;
}

/* Trims `p` to its opaque pixels, in place (a picture without any is left as it is);
 * returns where the trimmed picture was. */
static struct picture_box trim(struct picture *p) {
    struct picture_box box = picture_opaque_box(p);
    if (box.right < 0)
        return (struct picture_box){0, 0, p->width - 1, p->height - 1};
    int width = box.right - box.left + 1, height = box.bottom - box.top + 1;
    for (int y = 0; y < height; y++)
        memmove(p->rgba + (size_t)y * (size_t)width * 4, picture_pixel(p, box.left, box.top + y),
                (size_t)width * 4);
    p->width = width;
    p->height = height;
    return box;
}

/* Whether `p` is pixel art whose blocks fit its own box (fit_options.art_width). */
static bool art_fits_its_box(const struct picture *p, const struct fit_options *o) {
    if (!o->art_width)
        return false;
    int k = fit_scale_block(p, o->art_width, o->art_height);
    return k > 1 && p->width / k <= o->art_width && p->height / k <= o->art_height;
}

/* The scaling step, until no row the background left empty remains: each time one does,
 * the background goes back into the rows it comes from (fit_background_keep_rows). */
static bool scale(struct picture *p, const struct fit_options *o, struct fit_report *r,
                  struct fit_background_removal *removal, struct picture *scaled) {
    for (;;) {
        *scaled = *p;
        bool art = o->scale && art_fits_its_box(p, o);
        int width = art ? o->art_width : o->max_width, height = art ? o->art_height : o->max_height;
        if (o->scale && (art || p->width > width || p->height > height) &&
            !fit_scale(p, width, height, scaled, &r->scaling, &r->block))
            return false;
        int mended = fit_background_keep_rows(p, scaled, removal);
        if (mended == 0)
            return true;
        r->kept_rows += mended;
        if (scaled->rgba != p->rgba)
            picture_free(scaled);
    }
}

/* The palette step: `source` is the picture before scaling, `p` after (the same picture when
 * it was not scaled). */
static bool reduce_colours(const struct picture *source, struct picture *p,
                           const struct fit_options *o, const struct sprite_limits *limits,
                           struct fit_report *r) {
    bool blended = r->scaling == FIT_AREA || r->scaling == FIT_BLOCKS_THEN_AREA;
    return fit_reduce(source, p, o, limits->max_colours, blended, r);
}

static void set_hints(const struct fit_options *o, const struct sprite_limits *limits,
                      const struct fit_report *r, struct fit_hints *hints) {
    *hints = fit_hints_unprepared(limits);
    if (o->scale)
        hints->too_large[0] = '\0';
    if (o->colours)
        hints->too_many_colours[0] = '\0';
    /* Transparency is settled: no pixel is left half opaque. */
    hints->half_opaque[0] = '\0';
    /* A colour behind the picture fills any empty row (fit_background_keep_rows). */
    if (o->background == FIT_BACKGROUND_COLOUR)
        hints->empty_row[0] = '\0';
    if (r->background == FIT_BACKGROUND_REMOVED)
        snprintf(hints->no_opaque_pixel, sizeof hints->no_opaque_pixel,
                 " (try --fit --background keep)");
    hints->picture = "the prepared picture";
}

bool fit_picture(struct picture *p, const struct fit_options *o, const struct sprite_limits *limits,
                 struct fit_report *r, struct fit_hints *hints) {
    *r = (struct fit_report){.image_width = p->width, .image_height = p->height, .block = 1};
    if (p->image_width) { /* decoded scaled */
        *r = (struct fit_report){.image_width = p->image_width,
                                 .image_height = p->image_height,
                                 .decoded_width = p->width,
                                 .decoded_height = p->height,
                                 .block = 1};
    }
    struct fit_background_removal removal = {NULL, 0, 0, 0, 0};
    settle_alpha(p, o);
    bool ok = remove_background(p, o, r, &removal);
    picture_clear_transparent(p);
    struct picture_box box = trim(p);
    removal.left = box.left;
    removal.top = box.top;
    set_hints(o, limits, r, hints);
    struct picture scaled = *p;
    ok = ok && scale(p, o, r, &removal, &scaled);
    free(removal.removed);
    /* A picture still too large is left to the sprite rules: mapping its colours would be
     * work for nothing. */
    if (ok && scaled.width <= limits->max_width && scaled.height <= limits->max_height)
        ok = reduce_colours(p, &scaled, o, limits, r);
    if (scaled.rgba != p->rgba) {
        picture_free(p);
        *p = scaled;
    }
    r->width = p->width;
    r->height = p->height;
    struct fit_palette_colours counted;
    r->colours = fit_colours_own(p, MAX_COLOURS, &counted) ? counted.count : MAX_COLOURS + 1;
    if (!ok)
        picture_free(p);
    return ok;
}

static void describe_scaling(const struct fit_report *r, char *text, size_t size) {
    int used = 0;
    if (r->decoded_width)
        used = snprintf(text, size, "decoded %dx%d, ", r->decoded_width, r->decoded_height);
    text += used;
    size -= (size_t)used;
    switch (r->scaling) {
    case FIT_NOT_SCALED:
        snprintf(text, size, "not scaled");
        break;
    case FIT_BLOCKS:
        snprintf(text, size, "%dx%d blocks", r->block, r->block);
        break;
    case FIT_AREA:
        snprintf(text, size, "area");
        break;
    case FIT_BLOCKS_THEN_AREA:
        snprintf(text, size, "%dx%d blocks, then area", r->block, r->block);
        break;
    }
}

static void describe_background(const struct fit_report *r, char *text, size_t size) {
    switch (r->background) {
    case FIT_BACKGROUND_NOT_ASKED:
        snprintf(text, size, "background kept");
        break;
    case FIT_BACKGROUND_REMOVED:
        if (r->kept_rows)
            snprintf(text, size, "background #%06x removed (kept in %d row%s)",
                     (unsigned)r->background_colour, r->kept_rows, r->kept_rows == 1 ? "" : "s");
        else
            snprintf(text, size, "background #%06x removed", (unsigned)r->background_colour);
        break;
    case FIT_BACKGROUND_NOT_FOUND:
        snprintf(text, size, "no background found");
        break;
    case FIT_BACKGROUND_TRANSPARENT:
        snprintf(text, size, "background transparent in the image");
        break;
    }
}

void fit_summary(const struct fit_report *r, char *line, size_t size) {
    char scaling[64], colours[96], background[64];
    describe_scaling(r, scaling, sizeof scaling);
    describe_background(r, background, sizeof background);
    int used =
        snprintf(colours, sizeof colours, "%d colour%s", r->colours, r->colours == 1 ? "" : "s");
    if (r->palette != FIT_COLOURS_KEPT || r->repaired > 0)
        used += snprintf(colours + used, sizeof colours - (size_t)used, " (%s%smean error %.1f)",
                         r->palette != FIT_COLOURS_REDUCED ? "its own, " : "",
                         r->dithered ? "dithered, " : "", r->mean_error);
    if (r->repaired > 0)
        snprintf(colours + used, sizeof colours - (size_t)used, ", %ld pixel%s repaired",
                 r->repaired, r->repaired == 1 ? "" : "s");
    snprintf(line, size, "%dx%d -> %dx%d (%s), %s, %s", r->image_width, r->image_height, r->width,
             r->height, scaling, colours, background);
}
