/* The background step of --fit & co. (fit.h): the picture's background, the region of one
 * colour touching its border, made transparent.
 *
 * Colours match within FIT_BACKGROUND_TOLERANCE (a distance in RGB), so that JPEG noise in
 * a flat background still matches; the region grows from the border pixels of that colour
 * through their four neighbours of that colour, so that the same colour inside the picture
 * (the white of an eye on a white background) stays. */
#ifndef TETRIS_CONVERT_FIT_BACKGROUND_H
#define TETRIS_CONVERT_FIT_BACKGROUND_H

#include "picture.h"

#include <stdbool.h>
#include <stdint.h>

#define FIT_BACKGROUND_TOLERANCE 40
/* "auto" finds a background when this share of the border's opaque pixels (in percent)
 * match one colour, and the border is mostly opaque. */
#define FIT_BACKGROUND_BORDER_SHARE 90

/* The colour that fills the border: the per-channel median of its opaque pixels, when
 * enough of them match it. False when no one colour fills it (a photo, an image whose
 * border is transparent). */
bool fit_background_find(const struct picture *p, uint32_t *rgb);

/* Makes the region of `rgb` touching the border transparent. Returns the pixels made
 * transparent, or -1 when memory runs out. */
long fit_background_remove(struct picture *p, uint32_t rgb);

#endif
