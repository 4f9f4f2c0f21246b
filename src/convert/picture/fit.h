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

#include "fit_options.h"
#include "picture.h"
#include "sprite_limits.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
