/* libFuzzer harness for tetris-convert's sprite loader: any input must be either rejected
 * with a one-line message or turned into a sprite Tetris can print, without a crash, a leak,
 * a hang or undefined behaviour, both as it is and prepared (--fit, --colors, --dither,
 * --background: the input's last byte chooses which, so that the corpus of images keeps
 * decoding). A JPEG or PNG also goes through the scaled decoding of large pictures
 * (image_scaled.h: libjpeg-turbo, libpng row by row, the row reducer), streamed from its
 * first bytes and a file of the rest, into at most 64 pixels, whatever its size. Build and
 * run with tests/fuzz/run-sprite.sh. */
#include "fit.h"
#include "image_scaled.h"
#include "sprite.h"

#include <stdio.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The default field, all seven colours. */
static const struct sprite_limits limits = {17, 32, 7};

static bool row_empty(const struct sprite *s, int y) {
    for (int x = 0; x < s->width; x++)
        if (s->pixels[y][x])
            return false;
    return true;
}

static bool column_empty(const struct sprite *s, int x) {
    for (int y = 0; y < s->height; y++)
        if (s->pixels[y][x])
            return false;
    return true;
}

/* A sprite Tetris can print: in its limits, every colour used, no empty row, tight box. */
static void check_sprite(const struct sprite *s, int max_width, int max_height, int max_colours) {
    if (s->width < 1 || s->width > max_width || s->height < 1 || s->height > max_height ||
        s->colour_count < 1 || s->colour_count > max_colours || s->trim_left < 0 ||
        s->trim_top < 0 || s->trim_left >= 4096 || s->trim_top >= 4096)
        abort();
    bool used[MAX_COLOURS + 1] = {false};
    for (int y = 0; y < SPRITE_MAX_HEIGHT; y++)
        for (int x = 0; x < SPRITE_MAX_WIDTH; x++) {
            uint8_t p = s->pixels[y][x];
            if (p > s->colour_count || (p && (y >= s->height || x >= s->width)))
                abort();
            used[p] = true;
        }
    for (int c = 1; c <= s->colour_count; c++)
        if (!used[c])
            abort();
    for (int i = 0; i < s->colour_count; i++)
        if (s->colours[i] > 0xffffff)
            abort();
    for (int i = 1; i < s->colour_count; i++)
        for (int j = 0; j < i; j++)
            if (s->colours[i] == s->colours[j])
                abort();
    for (int y = 0; y < s->height; y++)
        if (row_empty(s, y))
            abort();
    if (column_empty(s, 0) || column_empty(s, s->width - 1))
        abort();
}

/* One printable line, terminated. */
static void check_message(const char *message, size_t size) {
    size_t length = strnlen(message, size);
    if (length == 0 || length == size)
        abort();
    for (size_t i = 0; i < length; i++)
        if (message[i] < ' ' || message[i] > '~')
            abort();
}

/* The fitting options the last byte asks for: bit 0 --fit, bit 1 a narrow --max-width,
 * bits 2-3 and 7 --colors (0: none), bit 4 --dither, bits 5-6 --background (keep, auto, a
 * colour, and auto again). */
static struct fit_options options_from(uint8_t byte) {
    static const enum fit_background backgrounds[4] = {FIT_BACKGROUND_KEEP, FIT_BACKGROUND_AUTO,
                                                       FIT_BACKGROUND_COLOUR, FIT_BACKGROUND_AUTO};
    struct fit_options o = {.enabled = true,
                            .scale = byte & 1,
                            .max_width = byte & 2 ? 5 : 17,
                            .colours = (byte >> 2 & 3) | (byte >> 5 & 4),
                            .background = backgrounds[byte >> 5 & 3],
                            .background_colour = 0xffffff};
    o.max_height = sprite_fit_height(o.max_width) / (byte & 2 ? 4 : 1);
    o.dither = o.colours && (byte & 16);
    return o;
}

/* Makes a sprite of a copy of `picture` and checks it; returns the status. */
static enum sprite_status make(const struct picture *picture, const struct fit_options *fit,
                               struct sprite *sprite, char *message, size_t size) {
    struct picture copy = *picture;
    size_t bytes = (size_t)picture->width * (size_t)picture->height * 4;
    if (!(copy.rgba = malloc(bytes ? bytes : 1)))
        abort();
    memcpy(copy.rgba, picture->rgba, bytes);
    memset(message, 'x', size); /* an unterminated message is caught */
    struct fit_report report;
    enum sprite_status status = sprite_make(&copy, &limits, fit, sprite, &report, message, size);
    if (status == SPRITE_OK && !fit)
        check_sprite(sprite, limits.max_width, limits.max_height, limits.max_colours);
    else if (status == SPRITE_OK)
        check_sprite(sprite, fit->scale ? fit->max_width : limits.max_width,
                     fit->scale ? fit->max_height : limits.max_height,
                     fit->colours ? fit->colours : limits.max_colours);
    else if (status == SPRITE_BAD_INPUT || status == SPRITE_NO_MEMORY)
        check_message(message, size);
    else
        abort();
    if (status == SPRITE_OK && fit) {
        char line[256];
        fit_summary(&report, line, sizeof line);
        check_message(line, sizeof line);
    }
    return status;
}

struct outcome {
    enum sprite_status read, plain, fitted;
    struct sprite plain_sprite, fitted_sprite;
    char message[3][256];
    bool scaled, scaled_no_memory;
    int scaled_width, scaled_height;
    uint32_t scaled_sum;
    char scaled_message[256];
};

/* The scaled decoding (see the header comment), when the data starts like a JPEG or PNG of
 * a size it reads. */
static void run_scaled(const uint8_t *data, size_t size, struct outcome *out) {
    struct image_header header;
    if (image_probe(data, size, &header) != IMAGE_PROBE_FOUND)
        return;
    size_t head = size / 3;
    FILE *rest = fmemopen((void *)(data + head), size - head ? size - head : 1, "rb");
    if (!rest)
        abort();
    struct image_source source = image_source_make(data, head, size > head ? rest : NULL, size);
    struct picture p;
    memset(out->scaled_message, 'x', sizeof out->scaled_message);
    out->scaled = image_scaled_decode(&source, &header, 64, &p, &out->scaled_no_memory,
                                      out->scaled_message, sizeof out->scaled_message);
    fclose(rest);
    if (!out->scaled) {
        check_message(out->scaled_message, sizeof out->scaled_message);
        return;
    }
    if (p.width < 1 || p.height < 1 || (long)p.width * p.height > 64 || !p.rgba)
        abort();
    out->scaled_width = p.width;
    out->scaled_height = p.height;
    for (long i = 0; i < (long)p.width * p.height * 4; i++) {
        if (i % 4 == 3 && p.rgba[i] != 0 && p.rgba[i] != PICTURE_OPAQUE)
            abort(); /* settled: opaque or transparent */
        out->scaled_sum = out->scaled_sum * 31 + p.rgba[i];
    }
    picture_free(&p);
}

static void run(const uint8_t *data, size_t size, struct outcome *out) {
    struct fit_options fit = options_from(size ? data[size - 1] : 0);
    struct picture picture;
    memset(out, 0, sizeof *out);
    run_scaled(data, size, out);
    memset(out->message[0], 'x', sizeof out->message[0]);
    out->read =
        sprite_read(data, size, &limits, &fit, &picture, out->message[0], sizeof out->message[0]);
    if (out->read != SPRITE_OK) {
        if (out->read != SPRITE_BAD_INPUT)
            abort();
        check_message(out->message[0], sizeof out->message[0]);
        return;
    }
    out->plain = make(&picture, NULL, &out->plain_sprite, out->message[1], sizeof out->message[1]);
    out->fitted =
        make(&picture, &fit, &out->fitted_sprite, out->message[2], sizeof out->message[2]);
    picture_free(&picture);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* Everything twice: decoding and preparing are deterministic. */
    static struct outcome first, second;
    run(data, size, &first);
    run(data, size, &second);
    if (memcmp(&first, &second, sizeof first) != 0)
        abort();
    return 0;
}
