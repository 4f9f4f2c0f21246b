/* Oklab (see oklab.h): sRGB decoded to linear light, then Ottosson's two matrices with a
 * cube root between them. */
#include "oklab.h"

#include <math.h>

static double linear_from_srgb(double v) {
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double srgb_from_linear(double v) {
    return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

static double linear_of_byte(uint32_t byte) {
    return linear_from_srgb(byte / 255.0);
}

struct oklab oklab_from_rgb(uint32_t rgb) {
    double r = linear_of_byte(rgb >> 16 & 255), g = linear_of_byte(rgb >> 8 & 255),
           b = linear_of_byte(rgb & 255);
    double l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    double m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    double s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return (struct oklab){0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                          1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                          0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s};
}

static uint32_t channel(double linear) {
    double v = srgb_from_linear(linear < 0 ? 0 : linear > 1 ? 1 : linear) * 255;
    return (uint32_t)lround(v < 0 ? 0 : v > 255 ? 255 : v);
}

uint32_t oklab_to_rgb(struct oklab c) {
    double l = c.l + 0.3963377774 * c.a + 0.2158037573 * c.b;
    double m = c.l - 0.1055613458 * c.a - 0.0638541728 * c.b;
    double s = c.l - 0.0894841775 * c.a - 1.2914855480 * c.b;
    l = l * l * l, m = m * m * m, s = s * s * s;
    double r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
    double g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
    double b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;
    return channel(r) << 16 | channel(g) << 8 | channel(b);
}

double oklab_distance(struct oklab x, struct oklab y) {
    double dl = x.l - y.l, da = x.a - y.a, db = x.b - y.b;
    return sqrt(dl * dl + da * da + db * db);
}
