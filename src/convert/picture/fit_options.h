/* What the steps of fit.h are asked (struct fit_options) and what they report (struct
 * fit_report, struct fit_hints): the types fit.c and each step's file share, so that a step
 * needs only these and not the file that runs it. */
#ifndef TETRIS_CONVERT_FIT_OPTIONS_H
#define TETRIS_CONVERT_FIT_OPTIONS_H

#include "colours/colour_plan.h"
#include "tetromino.h"

#include <stdbool.h>
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
    /* The colour step's plan (fit_reduce.h), when one ran: its colours' RGB and the
     * assignments of piece types to them as cheap as its own (colour_plan.h), handed on to the
     * sprite (sprite_make); 0 colours: none ran. */
    int planned_colours, planned_ties;
    uint32_t planned_rgb[PIECE_TYPES];
    uint8_t planned_type[COLOUR_PLAN_ASSIGNMENTS][PIECE_TYPES]; /* enum piece_type */
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

#endif
