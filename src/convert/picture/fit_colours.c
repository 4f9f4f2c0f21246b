/* The colour step (see fit_colours.h). */
#include "fit_colours.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>

bool fit_colours_own(const struct picture *p, int most, struct fit_palette_colours *palette) {
    palette->count = 0;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            if (!picture_opaque(p, x, y))
                continue;
            uint32_t rgb = picture_rgb(p, x, y);
            int i = 0;
            while (i < palette->count && palette->rgb[i] != rgb)
                i++;
            if (i == most)
                return false;
            if (i == palette->count)
                palette->rgb[palette->count++] = rgb;
        }
    return true;
}

/* ---------------------------------------------------------------- the histogram */

static bool flat(const struct picture *p, int x, int y) {
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    uint32_t rgb = picture_rgb(p, x, y);
    for (int d = 0; d < 4; d++) {
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= p->width || ny >= p->height)
            continue;
        if (!picture_opaque(p, nx, ny) ||
            picture_rgb_distance2(picture_rgb(p, nx, ny), rgb) >
                (long)FIT_COLOURS_FLAT_DISTANCE * FIT_COLOURS_FLAT_DISTANCE)
            return false;
    }
    return true;
}

static int compare_colours(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Every k-th opaque pixel in reading order, k chosen for at most FIT_COLOURS_SAMPLES of
 * them: their colours, sorted; the flat ones' when they are at least a quarter. */
static uint32_t *sample(const struct picture *p, long *count) {
    long opaque = 0;
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++)
            opaque += picture_opaque(p, x, y);
    long step = (opaque + FIT_COLOURS_SAMPLES - 1) / FIT_COLOURS_SAMPLES, capacity = opaque / step;
    uint32_t *flats = malloc((size_t)(capacity + 1) * sizeof *flats);
    uint32_t *all = malloc((size_t)(capacity + 1) * sizeof *all);
    long seen = 0, flat_count = 0, all_count = 0;
    for (int y = 0; flats && all && y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            if (!picture_opaque(p, x, y) || seen++ % step != 0)
                continue;
            all[all_count++] = picture_rgb(p, x, y);
            if (flat(p, x, y))
                flats[flat_count++] = picture_rgb(p, x, y);
        }
    bool use_flat = flat_count * 4 >= all_count;
    free(use_flat ? all : flats);
    uint32_t *chosen = use_flat ? flats : all;
    *count = use_flat ? flat_count : all_count;
    if (chosen)
        qsort(chosen, (size_t)*count, sizeof *chosen, compare_colours);
    return chosen;
}

/* The sorted colours as libimagequant's histogram entries: each colour once, counted. */
static liq_histogram_entry *histogram(const uint32_t *colours, long count, int *entries) {
    liq_histogram_entry *h = malloc((size_t)(count ? count : 1) * sizeof *h);
    *entries = 0;
    for (long i = 0; h && i < count; i++) {
        if (i > 0 && colours[i] == colours[i - 1]) {
            h[*entries - 1].count++;
            continue;
        }
        uint32_t c = colours[i];
        h[(*entries)++] = (liq_histogram_entry){
            {(unsigned char)(c >> 16), (unsigned char)(c >> 8), (unsigned char)c, 255}, 1};
    }
    return h;
}

/* ---------------------------------------------------------------- the palette */

/* One colour: the mean. */
static void mean_colour(const liq_histogram_entry *h, int entries,
                        struct fit_palette_colours *palette) {
    double sum[3] = {0, 0, 0}, total = 0;
    for (int i = 0; i < entries; i++) {
        sum[0] += h[i].color.r * (double)h[i].count;
        sum[1] += h[i].color.g * (double)h[i].count;
        sum[2] += h[i].color.b * (double)h[i].count;
        total += h[i].count;
    }
    uint32_t rgb = 0;
    for (int c = 0; c < 3; c++)
        rgb = rgb << 8 | (uint32_t)lround(total > 0 ? sum[c] / total : 0);
    *palette = (struct fit_palette_colours){1, {rgb}};
}

/* libimagequant sizes its colour table from the entries of its first call squared, in an
 * int: from 46,341 entries the square wraps, and it reserves up to 4 GB at once, which fails
 * where memory is bounded (ulimit -v; the web page's WebAssembly has 2 GB). Its first call
 * gets at most FIRST_ENTRIES, which already make its largest table (24,019 buckets, as any
 * count from 1,096 does), and the other entries follow in a second call. */
#define FIRST_ENTRIES 2048
static bool add_colours(liq_histogram *histogram, const liq_attr *attr,
                        const liq_histogram_entry *h, int entries) {
    int first = entries < FIRST_ENTRIES ? entries : FIRST_ENTRIES;
    return liq_histogram_add_colors(histogram, attr, h, first, 0) == LIQ_OK &&
           (first == entries ||
            liq_histogram_add_colors(histogram, attr, h + first, entries - first, 0) == LIQ_OK);
}

/* libimagequant runs its loops with OpenMP: alone here, so that the palette is the same
 * whatever the number of threads. */
static bool quantize(const liq_histogram_entry *h, int entries, int wanted,
                     struct fit_palette_colours *palette) {
    if (wanted == 1) {
        mean_colour(h, entries, palette);
        return true;
    }
    int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    liq_attr *attr = liq_attr_create();
    liq_histogram *histogram = attr ? liq_histogram_create(attr) : NULL;
    liq_result *result = NULL;
    bool ok = histogram && liq_set_max_colors(attr, wanted) == LIQ_OK &&
              add_colours(histogram, attr, h, entries) &&
              liq_histogram_quantize(histogram, attr, &result) == LIQ_OK;
    if (ok) {
        const liq_palette *p = liq_get_palette(result);
        palette->count = 0;
        for (unsigned i = 0; i < p->count && palette->count < wanted; i++)
            palette->rgb[palette->count++] =
                (uint32_t)p->entries[i].r << 16 | (uint32_t)p->entries[i].g << 8 | p->entries[i].b;
    }
    if (result)
        liq_result_destroy(result);
    if (histogram)
        liq_histogram_destroy(histogram);
    if (attr)
        liq_attr_destroy(attr);
    omp_set_num_threads(threads);
    return ok;
}

static bool has_close_colours(const struct fit_palette_colours *palette) {
    for (int i = 0; i < palette->count; i++)
        for (int j = 0; j < i; j++)
            if (fit_colours_close(palette->rgb[i], palette->rgb[j]))
                return true;
    return false;
}

struct fit_colours_histogram {
    liq_histogram_entry *entries;
    int count;
};

struct fit_colours_histogram *fit_colours_histogram(const struct picture *p) {
    struct fit_colours_histogram *h = malloc(sizeof *h);
    long count;
    uint32_t *colours = h ? sample(p, &count) : NULL;
    if (colours)
        h->entries = histogram(colours, count, &h->count);
    free(colours);
    if (h && (!colours || !h->entries)) {
        free(h);
        h = NULL;
    }
    return h;
}

void fit_colours_histogram_free(struct fit_colours_histogram *h) {
    if (h)
        free(h->entries);
    free(h);
}

bool fit_colours_close(uint32_t a, uint32_t b) {
    return picture_rgb_distance2(a, b) <
           (long)FIT_COLOURS_MERGE_DISTANCE * FIT_COLOURS_MERGE_DISTANCE;
}

bool fit_colours_choose_from(const struct fit_colours_histogram *h, int wanted,
                             struct fit_palette_colours *palette) {
    bool ok = true;
    *palette = (struct fit_palette_colours){0, {0}};
    for (int n = wanted; ok && n >= 1; n = palette->count - 1) {
        ok = h->count > 0 && quantize(h->entries, h->count, n, palette);
        if (!has_close_colours(palette))
            break;
    }
    return ok;
}
