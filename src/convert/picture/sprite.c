/* Reading a sprite: decoding, preparing, and the sprite rules (see sprite.h). */
#include "sprite.h"

#include "cli.h"
#include "fit.h"
#include "image_decode.h"
#include "sprite_rules.h"

#include <string.h>

/* True when no step asked for can make the picture smaller than it is. */
static bool size_is_final(const struct fit_options *fit) {
    return !fit || !fit->enabled || (!fit->scale && fit->background == FIT_BACKGROUND_KEEP);
}

enum sprite_status sprite_read(const unsigned char *data, size_t size,
                               const struct sprite_limits *limits, const struct fit_options *fit,
                               struct picture *picture, char *message, size_t message_size) {
    *picture = (struct picture){.rgba = NULL};
    if (message && message_size > 0)
        message[0] = '\0';
    struct image_header header;
    if (!image_read_header(data, size, &header, message, message_size))
        return SPRITE_BAD_INPUT;
    /* stb_image decodes every scan of a JPEG over the whole image. A JPEG has no
     * transparent pixel: one larger than a sprite could not be printed as it is. */
    if (header.jpeg && size_is_final(fit) &&
        (header.width > limits->max_width || header.height > limits->max_height)) {
        struct fit_hints hints = fit_hints_unprepared(limits);
        cli_reason(message, message_size,
                   "the sprite is %dx%d pixels (a JPEG image has no transparent pixel); at most "
                   "%dx%d can be printed%s",
                   header.width, header.height, limits->max_width, limits->max_height,
                   hints.too_large);
        return SPRITE_BAD_INPUT;
    }
    return image_decode(data, size, &header, picture, message, message_size) ? SPRITE_OK
                                                                             : SPRITE_BAD_INPUT;
}

/* The plan's assignments for the sprite's colours, when the colour step made them for them
 * all. */
static void hand_on_plan(const struct fit_report *report, struct sprite *sprite) {
    sprite->planned_ties = report->planned_ties;
    for (int k = 0; k < sprite->colour_count && sprite->planned_ties; k++) {
        int j = 0;
        while (j < report->planned_colours && report->planned_rgb[j] != sprite->colours[k])
            j++;
        if (j == report->planned_colours)
            sprite->planned_ties = 0;
        for (int t = 0; t < sprite->planned_ties; t++)
            sprite->planned_type[t][k] = report->planned_type[t][j];
    }
}

enum sprite_status sprite_make(struct picture *picture, const struct sprite_limits *limits,
                               const struct fit_options *fit, struct sprite *out,
                               struct fit_report *report, char *message, size_t message_size) {
    struct fit_report unused;
    report = report ? report : &unused;
    struct fit_hints hints = fit_hints_unprepared(limits);
    if (fit && fit->enabled && !fit_picture(picture, fit, limits, report, &hints)) {
        *out = (struct sprite){0};
        cli_reason(message, message_size, "out of memory preparing the picture");
        return SPRITE_NO_MEMORY;
    }
    enum sprite_status status =
        sprite_from_picture(picture, limits, &hints, out, message, message_size);
    if (status == SPRITE_OK && fit && fit->enabled)
        hand_on_plan(report, out);
    picture_free(picture);
    return status;
}

enum sprite_status sprite_decode(const unsigned char *data, size_t size,
                                 const struct sprite_limits *limits, const struct fit_options *fit,
                                 struct sprite *out, struct fit_report *report, char *message,
                                 size_t message_size) {
    struct picture picture;
    enum sprite_status status =
        sprite_read(data, size, limits, fit, &picture, message, message_size);
    if (status != SPRITE_OK) {
        *out = (struct sprite){0};
        return status;
    }
    return sprite_make(&picture, limits, fit, out, report, message, message_size);
}
