#include "field_choice.h"

#include "cli.h"
#include "converter/converter.h"
#include "field.h"
#include "hint_command.h"
#include "picture/sprite_limits.h"

struct sprite_limits field_choice_limits(const struct convert_options *o) {
    if (o->width) {
        int height = field_height_or_default(o->width, o->height);
        return (struct sprite_limits){sprite_max_width(o->width), sprite_max_height(height),
                                      MAX_COLOURS};
    }
    return (struct sprite_limits){SPRITE_MAX_WIDTH,
                                  o->height ? sprite_max_height(o->height) : SPRITE_MAX_HEIGHT,
                                  MAX_COLOURS};
}

struct sprite_limits field_choice_read_limits(const struct convert_options *o) {
    return o->fit.enabled
               ? field_choice_limits(o)
               : (struct sprite_limits){SPRITE_MAX_WIDTH, SPRITE_MAX_HEIGHT, MAX_COLOURS};
}

bool field_choice_fit_box(struct convert_options *o, char *error, size_t size) {
    struct sprite_limits limits = field_choice_limits(o);
    if (o->fit.max_width > limits.max_width)
        return cli_reason(
            error, size, "--max-width: %d is wider than the %d columns the %s can print",
            o->fit.max_width, limits.max_width, o->width ? "playfield" : "widest playfield");
    /* Fitting without --max-width aims at the field given, or the library's; with neither,
     * at FIELD_CHOICE_FIT_WIDTH columns, pixel art that fits the default field at that. */
    int given = field_choice_given_width(o);
    bool chosen = !o->fit.max_width && !given && !o->height;
    if (!o->fit.max_width)
        o->fit.max_width = given ? sprite_max_width(given) : FIELD_CHOICE_FIT_WIDTH;
    o->fit.max_height =
        o->width || o->height ? limits.max_height : sprite_fit_height(o->fit.max_width);
    if (chosen) {
        o->fit.art_width = sprite_max_width(FIELD_DEFAULT_WIDTH);
        o->fit.art_height = sprite_fit_height(o->fit.art_width);
    }
    return true;
}

int field_choice_given_width(const struct convert_options *o) {
    return o->width ? o->width : o->patterns_width;
}

struct fit_options field_choice_fit_options(const struct convert_options *o) {
    struct fit_options fit = o->fit;
    fit.field_width = field_choice_given_width(o);
    fit.field_height = o->height;
    return fit;
}

int field_choice_parity_alternative(const struct convert_options *o, const struct sprite *sprite,
                                    int width) {
    int wider = width + 2;
    if (field_choice_given_width(o) || o->settings.method != METHOD_REALTIME ||
        wider > FIELD_MAX_WIDTH ||
        !sprite_fits_field(wider, field_height_or_default(wider, o->height), sprite->width,
                           sprite->height))
        return 0;
    long narrow = convert_likely_pieces(sprite, width), wide = convert_likely_pieces(sprite, wider);
    return wide * FIELD_CHOICE_PARITY_GAIN <= narrow * (FIELD_CHOICE_PARITY_GAIN - 1) ? wider : 0;
}

int field_choice_shifts(const struct convert_options *o, const struct sprite *sprite, int width,
                        int shifts[2 * FIELD_CHOICE_SHIFTS]) {
    int count = 0, least, most;
    if (o->center || o->settings.method != METHOD_REALTIME)
        return 0;
    sprite_shift_range(width, sprite->width, &least, &most);
    for (int distance = 1; distance <= FIELD_CHOICE_SHIFTS; distance++)
        for (int shift = -distance; shift <= distance; shift += 2 * distance)
            if (shift >= least && shift <= most)
                shifts[count++] = shift;
    return count;
}

int field_choice_for_sprite(const struct convert_options *o, const struct sprite *sprite,
                            const char *input, int *width_out, int *height_out) {
    if (o->height && sprite_max_height(o->height) < 1) {
        cli_error("%s: a field %d rows tall holds no sprite: it needs %d rows above the "
                  "sprite (for a platform, a pass and the spawn rows), so --height %d at least",
                  input, o->height, SPRITE_HEADROOM, SPRITE_HEADROOM + sprite->height);
        return EXIT_BAD_INPUT;
    }
    int width = field_choice_given_width(o);
    int fitting = sprite_field_width(sprite->width, sprite->height, o->height);
    char message[256];
    if (!width)
        width = fitting;
    if (!width) {
        int tallest = o->height ? o->height : FIELD_MAX_HEIGHT;
        cli_reason(message, sizeof message,
                   "the sprite is %dx%d pixels: too large for any field (at most %d wide with "
                   "--width %d, and %d tall with --height %d) (try --fit)",
                   sprite->width, sprite->height, sprite_max_width(FIELD_MAX_WIDTH),
                   FIELD_MAX_WIDTH, sprite_max_height(tallest), tallest);
        hint_command_report(input, o->input, message);
        return EXIT_BAD_INPUT;
    }
    int height = field_height_or_default(width, o->height);
    if (!sprite_fits_field(width, height, sprite->width, sprite->height)) {
        char hint[64] = " (try --fit)";
        if (fitting)
            snprintf(hint, sizeof hint, " (try --width %d, or --fit)", fitting);
        cli_reason(message, sizeof message,
                   "the sprite is %dx%d pixels: too large for the %dx%d field (at most %dx%d)%s",
                   sprite->width, sprite->height, width, height, sprite_max_width(width),
                   sprite_max_height(height), hint);
        hint_command_report(input, o->input, message);
        return EXIT_BAD_INPUT;
    }
    *width_out = width;
    *height_out = height;
    return EXIT_OK;
}

bool field_choice_wider(const struct convert_options *o, const struct sprite *sprite, int tries,
                        int *width, int *height) {
    if (o->width || o->patterns || tries >= FIELD_CHOICE_WIDER)
        return false;
    for (int w = *width + 2; w <= FIELD_MAX_WIDTH; w += 2) {
        int h = field_height_or_default(w, o->height);
        if (sprite_fits_field(w, h, sprite->width, sprite->height)) {
            *width = w;
            *height = h;
            return true;
        }
    }
    return false;
}
