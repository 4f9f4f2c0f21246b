#include "palette.h"

#include "block.h"

#include <math.h>

/* Picture cells of a type the script gives no colour (the classic piece colours). */
static const uint32_t DEFAULT_PICTURE[PIECE_TYPES] = {
    [PIECE_J] = 0x2040e0, [PIECE_T] = 0xa040e0, [PIECE_L] = 0xf09020, [PIECE_I] = 0x40d0f0,
    [PIECE_O] = 0xf0e040, [PIECE_S] = 0x40c040, [PIECE_Z] = 0xe03030,
};

/* Candidates in order of preference: the first far enough (MIN_*) from every colour it must
 * stand apart from wins, else the farthest. Dark backgrounds first, as in the game. */
static const uint32_t BACKGROUNDS[] = {0x12141c, 0x2a3040, 0xe4e6ec, 0x5a4a3c};
/* Helper pieces: muted greys, then muted hues for pictures full of greys; one base each,
 * shaded by piece type (helper_shade). */
static const uint32_t HELPER_BASES[] = {0x6e7480, 0x9ca2ae, 0x4a4e58, 0x7a6e62,
                                        0x5e6e66, 0x4e6a8a, 0x7a5a6a, 0x6a7a4e};
static const uint32_t WELLS[] = {0x8890a8, 0x50586c, 0xb4b8c8, 0x3c4250};
#define MIN_BACKGROUND_DISTANCE 30.0
#define MIN_HELPER_DISTANCE 20.0
#define MIN_WELL_DISTANCE 20.0
#define BORDER_PERCENT 60 /* a border is its fill at 60% brightness */
#define MAX_AVOID (PIECE_TYPES + 1 + PIECE_TYPES)
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static double linear(double channel) {
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t) {
    return t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

static void to_lab(uint32_t rgb, double lab[3]) {
    double r = linear(rgb >> 16 & 0xff), g = linear(rgb >> 8 & 0xff), b = linear(rgb & 0xff);
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    double fx = lab_f(x), fy = lab_f(y), fz = lab_f(z);
    lab[0] = 116.0 * fy - 16.0;
    lab[1] = 500.0 * (fx - fy);
    lab[2] = 200.0 * (fy - fz);
}

double palette_colour_distance(uint32_t a, uint32_t b) {
    double la[3], lb[3];
    to_lab(a, la);
    to_lab(b, lb);
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
                (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* A channel-wise scaling, clamped: shades of one colour. */
static uint32_t scaled(uint32_t rgb, int percent) {
    uint32_t out = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        uint32_t c = (rgb >> shift & 0xffu) * (uint32_t)percent / 100u;
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

/* Helper piece type t of a base: 82% .. 118% in J T L I O S Z order, so that neighbouring
 * helper pieces can be told apart without looking like colours. */
static uint32_t helper_shade(uint32_t base, int order) {
    return scaled(base, 82 + 6 * order);
}

static double nearest(const uint32_t *colours, int count, const uint32_t avoid[], int avoid_count) {
    double best = 1e9;
    for (int i = 0; i < count; i++)
        for (int j = 0; j < avoid_count; j++) {
            double d = palette_colour_distance(colours[i], avoid[j]);
            if (d < best)
                best = d;
        }
    return best;
}

/* The first candidate whose colours (one, or its helper shades) are at least `minimum` from
 * every avoided colour, else the one that is farthest. */
static uint32_t choose(const uint32_t candidates[], int count, bool shades, const uint32_t avoid[],
                       int avoid_count, double minimum) {
    uint32_t best = candidates[0];
    double best_distance = -1;
    for (int i = 0; i < count; i++) {
        uint32_t colours[PIECE_TYPES] = {candidates[i]};
        int n = 1;
        if (shades)
            for (n = 0; n < PIECE_TYPES; n++)
                colours[n] = helper_shade(candidates[i], n);
        double d = avoid_count ? nearest(colours, n, avoid, avoid_count) : 1e9;
        if (d >= minimum)
            return candidates[i];
        if (d > best_distance) {
            best_distance = d;
            best = candidates[i];
        }
    }
    return best;
}

static void set(uint8_t rgba[4], uint32_t rgb, uint8_t alpha) {
    rgba[0] = (uint8_t)(rgb >> 16);
    rgba[1] = (uint8_t)(rgb >> 8);
    rgba[2] = (uint8_t)rgb;
    rgba[3] = alpha;
}

static void set_look(struct palette *p, int look, uint32_t fill) {
    set(p->rgba[look], fill, 255);
    uint32_t dark = 0;
    for (int shift = 0; shift < 24; shift += 8)
        dark |= ((fill >> shift & 0xffu) * BORDER_PERCENT / 100) << shift;
    set(p->rgba[look + PALETTE_BORDER_OFFSET], dark, 255);
}

void palette_init(struct palette *p, const struct palette_spec *spec) {
    uint32_t picture[PIECE_TYPES], avoid[MAX_AVOID];
    int avoid_count = 0;
    for (int t = 0; t < PIECE_TYPES; t++)
        picture[t] = DEFAULT_PICTURE[t];
    for (int i = 0; i < spec->colour_count && i < PIECE_TYPES; i++) {
        if (spec->colours[i] == BLOCK_NO_COLOUR) /* "-": a type that prints no pixel */
            continue;
        picture[colour_piece(i + 1)] = spec->colours[i];
        avoid[avoid_count++] = spec->colours[i];
    }
    uint32_t background = 0;
    if (!spec->transparent) {
        background = spec->has_background ? spec->background
                                          : choose(BACKGROUNDS, COUNT(BACKGROUNDS), false, avoid,
                                                   avoid_count, MIN_BACKGROUND_DISTANCE);
        avoid[avoid_count++] = background;
    }
    uint32_t helper[PIECE_TYPES];
    uint32_t base = spec->helper_count == 0 ? choose(HELPER_BASES, COUNT(HELPER_BASES), true, avoid,
                                                     avoid_count, MIN_HELPER_DISTANCE)
                                            : 0;
    for (int i = 0; i < PIECE_TYPES; i++) {
        enum piece_type t = colour_piece(i + 1);
        helper[t] = spec->helper_count == 0   ? helper_shade(base, i)
                    : spec->helper_count == 1 ? spec->helpers[0]
                                              : spec->helpers[i];
    }
    /* The well stands apart from the background and the helpers, and from the picture. */
    uint32_t well_avoid[MAX_AVOID];
    int well_avoid_count = 0;
    for (int i = 0; i < avoid_count; i++)
        well_avoid[well_avoid_count++] = avoid[i];
    for (int t = 0; t < PIECE_TYPES; t++)
        well_avoid[well_avoid_count++] = helper[t];
    uint32_t well =
        choose(WELLS, COUNT(WELLS), false, well_avoid, well_avoid_count, MIN_WELL_DISTANCE);

    for (int i = 0; i < PALETTE_SIZE; i++)
        set(p->rgba[i], 0, 0);
    set(p->rgba[PALETTE_BACKGROUND], background, spec->transparent ? 0 : 255);
    for (int t = 0; t < PIECE_TYPES; t++) {
        set_look(p, PALETTE_PICTURE + t, picture[t]);
        set_look(p, PALETTE_HELPER + t, helper[t]);
    }
    set_look(p, PALETTE_WELL, well);
}

uint32_t palette_rgb(const struct palette *p, int index) {
    const uint8_t *c = p->rgba[index];
    return (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
}
