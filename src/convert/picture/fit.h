/* Preparing any picture for printing (--fit, --colors, --dither, --background): its
 * transparency settled, the background made transparent, the picture trimmed and scaled
 * into the printable size, its colours reduced. Each step has its file: fit_background.c,
 * fit_scale.c, fit_colours.c; this one runs them in that order and says what they did in
 * one line.
 *
 * Transparency as image tools treat it: a pixel at least alpha_threshold opaque is
 * opaque, any other transparent; with a background colour given, the picture is put on it
 * first (an opaque pixel takes its colour over the background, a transparent one the
 * background's), so that the background step removes it where it touches the border and
 * keeps it where removing it would leave an empty row inside.
 *
 * Order: the background goes first (it is found on the image's border, and what is left of
 * it must not count as a colour); then transparent pixels are trimmed; then the picture is
 * scaled; libimagequant's palettes are chosen from the picture before scaling (its real
 * colours, not the blends the area filter makes along edges), a picture of few colours keeps
 * exactly them, and the scaled pixels take colours that the piece types printing them can
 * print (fit_reduce.h). */
#ifndef TETRIS_CONVERT_FIT_H
#define TETRIS_CONVERT_FIT_H

#include "picture.h"
#include "sprite_limits.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fit_background {
    FIT_BACKGROUND_KEEP,   /* printed as a colour, like any other */
    FIT_BACKGROUND_AUTO,   /* in an image without transparency: the colour that fills its
                              border, when one does */
    FIT_BACKGROUND_COLOUR, /* the given colour, where it touches the border */
};

/* A pixel is opaque once prepared when its alpha is at least this (out of 255): at least
 * half opaque, as image tools threshold alpha by default. */
#define FIT_DEFAULT_ALPHA_THRESHOLD 128

struct fit_options {
    bool enabled; /* false: the picture is taken as it is (no step runs) */
    bool scale;   /* --fit: scale into max_width x max_height when larger */
    int max_width, max_height;
    /* Pixel art's box, when it has one of its own (0: max_width x max_height): art made of
     * blocks that fit it reduced into it, even when it fits the other (fit_scale.h). */
    int art_width, art_height;
    int colours;             /* --colors N: reduce to at most N colours; 0: keep them */
    bool colours_by_default; /* `colours` is --fit's default, not --colors */
    bool dither;             /* Floyd-Steinberg when mapping to the reduced palette */
    int alpha_threshold; /* --alpha-threshold: opaque from this alpha (1..255; 0: the default) */
    enum fit_background background;
    uint32_t background_colour; /* FIT_BACKGROUND_COLOUR: 0xRRGGBB, also put behind the picture */
    /* The field the picture will be printed on, for the colour rules at its edges: its width
     * (0: the one sprite_field_width picks for the prepared picture) and height (0: each
     * width's default). */
    int field_width, field_height;
};

/* How the picture was scaled. */
enum fit_scaling {
    FIT_NOT_SCALED,
    FIT_BLOCKS,           /* pixel art reduced by `block`, pixel for pixel */
    FIT_AREA,             /* area filter */
    FIT_BLOCKS_THEN_AREA, /* reduced by `block`, still too large: then the area filter */
};

enum fit_palette {
    FIT_COLOURS_KEPT,    /* the picture's own colours, untouched */
    FIT_COLOURS_SNAPPED, /* scaled pixels mapped back to the picture's own colours */
    FIT_COLOURS_REDUCED, /* a palette chosen for the picture (fit_reduce.h) */
};

enum fit_background_result {
    FIT_BACKGROUND_NOT_ASKED,
    FIT_BACKGROUND_REMOVED,
    FIT_BACKGROUND_NOT_FOUND,
    FIT_BACKGROUND_TRANSPARENT, /* "auto" on an image with transparent pixels: left alone */
};

/* What was done, for the summary line. */
struct fit_report {
    int image_width, image_height;     /* the image's own size */
    int decoded_width, decoded_height; /* decoded scaled (image_scaled.h): its size; else 0 */
    int width, height;                 /* the prepared picture, trimmed */
    enum fit_scaling scaling;
    int block;
    enum fit_palette palette;
    int colours; /* opaque colours left (counted up to MAX_COLOURS + 1) */
    bool dithered;
    double mean_error; /* FIT_COLOURS_SNAPPED or REDUCED, or pixels repaired: the mean distance
                          in Oklab of a pixel to its colour, x 100 (0 to about 100) */
    long repaired;     /* pixels given another colour than their nearest, for the rules */
    enum fit_background_result background;
    uint32_t background_colour;
    int background_tolerance; /* FIT_BACKGROUND_REMOVED: the distance it matched within */
    int kept_rows;            /* rows of the prepared picture where the background was kept, since
                                 removing it there would have left them empty */
};

/* For each reason the sprite rules may still refuse the picture, the options that would
 * make it printable, as the text ending their message (" (try --fit)"; "": none);
 * tetris-convert makes them a command naming the picture (hint_command.h). */
struct fit_hints {
    char too_large[48], too_many_colours[48], empty_row[48], no_opaque_pixel[48];
    /* no opaque pixel but some at least half opaque, which --fit would print */
    char half_opaque[32];
    const char *picture; /* how messages name it: "the image" or "the prepared picture" */
};

/* The hints for a picture loaded without any fitting (fit_options.enabled false), for a
 * caller that prints within `limits`. */
struct fit_hints fit_hints_unprepared(const struct sprite_limits *limits);

/* Runs the steps on `p`, which it replaces with the prepared picture; the colours are only
 * reduced once it is within `limits` (what the caller prints). False when memory runs out
 * (`p` is then freed). `hints` receives what to tell the user should the prepared picture
 * still be unprintable. */
bool fit_picture(struct picture *p, const struct fit_options *o, const struct sprite_limits *limits,
                 struct fit_report *report, struct fit_hints *hints);

/* The one-line summary, without the file name:
 * "640x480 -> 17x13 (area), 3 colours (mean error 4.1), background #ffffff removed", with
 * ", 12 pixels repaired" after the colours when the rules changed some; a picture decoded
 * scaled says so: "4032x3024 -> 17x13 (decoded 1008x756, area), ...". */
void fit_summary(const struct fit_report *report, char *line, size_t size);

#endif
