/* Colour distance as people see it: Oklab (Björn Ottosson, 2020), a perceptual space where
 * the Euclidean distance between two colours follows how different they look. Black to
 * white is 1; the colour step counts in hundredths of it (ΔE × 100). */
#ifndef TETRIS_CONVERT_OKLAB_H
#define TETRIS_CONVERT_OKLAB_H

#include <stdint.h>

struct oklab {
    double l, a, b;
};

/* The Oklab coordinates of a 0xRRGGBB sRGB colour. */
struct oklab oklab_from_rgb(uint32_t rgb);

/* The sRGB colour nearest a point of Oklab (rounded, each channel clamped to 0..255). */
uint32_t oklab_to_rgb(struct oklab colour);

/* ΔE: the distance between two colours, 0 to about 1. */
double oklab_distance(struct oklab x, struct oklab y);

#endif
