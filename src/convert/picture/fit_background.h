/* The background step of --fit & co. (fit.h): the picture's background, the region of one
 * colour touching its border, made transparent.
 *
 * Colours match within a tolerance (a distance in RGB) measured on the border's own noise:
 * the distance to the background colour within which 90% of the border's opaque pixels lie
 * (the spread), doubled, plus 4 when it isn't 0, at most FIT_BACKGROUND_MAX_TOLERANCE. A
 * flat border (pixel art) gives 0: an exact match, so that a sprite one shade from its
 * background keeps its body; a noisy one as much as its noise needs. A picture decoded
 * from a JPEG (picture.lossy) matches within FIT_BACKGROUND_MAX_TOLERANCE whatever its
 * border: the ringing around its edges is worse than the noise of its flat border (often
 * none, clipped at white). The region grows from the border pixels of that colour through
 * their four neighbours of that colour, so that the same colour inside the picture (the
 * white of an eye on a white background) stays. */
#ifndef TETRIS_CONVERT_FIT_BACKGROUND_H
#define TETRIS_CONVERT_FIT_BACKGROUND_H

#include "picture.h"

#include <stdbool.h>
#include <stdint.h>

#define FIT_BACKGROUND_MAX_TOLERANCE 40
/* "auto" finds a background when this share of the border's opaque pixels (in percent)
 * match one colour, and the border is mostly opaque. */
#define FIT_BACKGROUND_BORDER_SHARE 90

/* A background: its colour and how far from it a pixel still matches. */
struct fit_background_match {
    uint32_t rgb; /* 0xRRGGBB */
    int tolerance;
};

/* The colour that fills the border: the per-channel median of its opaque pixels, when
 * FIT_BACKGROUND_BORDER_SHARE of them match it. False when no one colour fills it (a
 * photo, an image whose border is transparent). */
bool fit_background_find(const struct picture *p, struct fit_background_match *match);

/* The tolerance for `rgb` from the border's noise around it (see above);
 * FIT_BACKGROUND_MAX_TOLERANCE when the colour doesn't fill the border. */
int fit_background_tolerance(const struct picture *p, uint32_t rgb);

/* Makes the region of the background touching the border transparent, and marks what it
 * made transparent in `removed` (width x height bytes, 1 where removed; may be NULL).
 * Returns the pixels made transparent, or -1 when memory runs out. */
long fit_background_remove(struct picture *p, const struct fit_background_match *match,
                           unsigned char *removed);

/* What the background step removed, so that some of it can be put back. */
struct fit_background_removal {
    unsigned char *removed; /* as fit_background_remove marks it; NULL: nothing removed */
    int width;              /* of the picture it was removed from */
    int left, top;          /* where the trimmed picture starts in that one */
    uint32_t rgb;           /* what is put back */
};

/* Never breaks a picture: where scaling the trimmed picture `p` into `scaled` (the same
 * picture when it was not scaled) leaves a fully transparent row between opaque rows,
 * the background removed from the rows of `p` that row comes from is put back (opaque, in
 * the background's colour), so that scaling again prints it. Returns how many rows of
 * `scaled` it mended; 0 when none is empty or none had background to put back (a real gap
 * of the picture's own). */
int fit_background_keep_rows(struct picture *p, const struct picture *scaled,
                             struct fit_background_removal *removal);

#endif
