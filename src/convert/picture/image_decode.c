/* Decoding an image into an RGBA picture (see image_decode.h). */
#include "image_decode.h"

#include "cli.h"
#include "decode_budget.h"
#include "image_scaled.h"
#include "png_rows.h"
#include "stb_guards.h"

#include <limits.h>
#include <string.h>

#include <stb/stb_image.h>

/* What stb_image takes is an int. */
#define MAX_DATA_SIZE ((size_t)INT_MAX)

#define FORMATS "PNG, JPEG, GIF, BMP, TGA, PSD, HDR, PNM or PIC"

static bool too_large(int width, int height) {
    return width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE ||
           (long)width * height > IMAGE_MAX_PIXELS;
}

static bool is_bmp(const unsigned char *data, size_t size) {
    return size >= 2 && data[0] == 'B' && data[1] == 'M';
}

/* The size of the formats stb_image reads; a BMP stored top-down says so by a negative
 * height. */
static bool read_stb_header(const unsigned char *data, size_t size, struct image_header *header,
                            char *message, size_t message_size) {
    if (!stb_guards_check(data, size, IMAGE_MAX_SIDE, message, message_size))
        return false;
    int width, height, channels;
    if (!stb_guards_info(data, size, &width, &height, &channels))
        return cli_reason(message, message_size,
                          "not an image tetris-convert can read (" FORMATS "): %s",
                          stb_guards_reason().text);
    if (is_bmp(data, size) && height < 0 && height != INT_MIN)
        height = -height;
    *header = (struct image_header){width, height, false, false};
    return true;
}

bool image_read_header(const unsigned char *data, size_t size, struct image_header *header,
                       char *message, size_t message_size) {
    *header = (struct image_header){0, 0, false, false};
    if (size == 0)
        return cli_reason(message, message_size,
                          "not an image tetris-convert can read (" FORMATS "): no data");
    if (size > MAX_DATA_SIZE)
        return cli_reason(message, message_size, "the image is too large: %zu bytes (at most %zu)",
                          size, MAX_DATA_SIZE);
    enum image_probe probe = image_probe(data, size, header);
    if (probe == IMAGE_PROBE_MORE && data[0] == 0x89)
        return cli_reason(message, message_size, "cannot decode image: truncated PNG");
    if (probe == IMAGE_PROBE_MORE)
        return cli_reason(message, message_size,
                          "cannot decode image: a JPEG without a frame header (truncated)");
    if (probe == IMAGE_PROBE_OTHER && !read_stb_header(data, size, header, message, message_size))
        return false;
    if (header->width <= 0 || header->height <= 0)
        return cli_reason(message, message_size,
                          "the image header gives an invalid size: %dx%d pixels", header->width,
                          header->height);
    if (too_large(header->width, header->height))
        return cli_reason(message, message_size,
                          "the image is %dx%d pixels: too large (at most %d pixels on a side and "
                          "%ld in all)",
                          header->width, header->height, IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS);
    return true;
}

static bool out_of_memory(char *message, size_t message_size) {
    if (decode_budget_exceeded())
        return cli_reason(message, message_size,
                          "cannot decode image: it needs more than %zu MiB of memory",
                          DECODE_BUDGET >> 20);
    return cli_reason(message, message_size, "cannot decode image: out of memory");
}

/* stb_image's pixels, 1 to 4 channels, as RGBA: grey is spread to R, G and B; a missing
 * alpha is opaque. */
static unsigned char *to_rgba(unsigned char *pixels, int channels, long count) {
    if (channels == 4)
        return pixels;
    unsigned char *rgba = decode_budget_malloc((size_t)count * 4);
    for (long i = 0; rgba && i < count; i++) {
        const unsigned char *from = pixels + i * channels;
        unsigned char *to = rgba + i * 4;
        bool grey = channels < 3;
        to[0] = from[0];
        to[1] = from[grey ? 0 : 1];
        to[2] = from[grey ? 0 : 2];
        to[3] = channels == 2 || channels == 4 ? from[channels - 1] : 255;
    }
    stbi_image_free(pixels);
    return rgba;
}

/* GIF, BMP, TGA, PSD, HDR, PNM, PIC: stb_image behind its guards. */
static bool decode_stb(const unsigned char *data, size_t size, struct picture *out, char *message,
                       size_t message_size) {
    int length = (int)size;
    bool copied, cut_short;
    unsigned char *copy = stb_guards_copy(data, &length, &copied);
    if (copied && !copy)
        return out_of_memory(message, message_size);
    /* RGBA, except for PNM: stb_image's conversion of 16-bit PNM overflows its buffer, so a
     * PNM keeps its own channels (grey or RGB). */
    int wanted = stb_guards_is_pnm(data, size) ? 0 : 4, width, height, in_file = 0;
    unsigned char *pixels = stb_guards_load(copy ? copy : data, (size_t)length, &width, &height,
                                            &in_file, wanted, &cut_short);
    decode_budget_free(copy);
    int channels = wanted ? wanted : in_file;
    if (pixels && cut_short) { /* stb_image made up zeros for what is missing */
        stbi_image_free(pixels);
        return cli_reason(message, message_size,
                          "cannot decode image: truncated (the data ends before the image)");
    }
    if (!pixels) {
        struct stb_reason reason = stb_guards_reason();
        if (decode_budget_exceeded() || strcmp(reason.text, "outofmem") == 0)
            return out_of_memory(message, message_size);
        return cli_reason(message, message_size, "cannot decode image: %s", reason.text);
    }
    if (width <= 0 || height <= 0 || too_large(width, height) || channels < 1 || channels > 4) {
        /* Not what the header said: never index past what was decoded. */
        stbi_image_free(pixels);
        return cli_reason(message, message_size,
                          "cannot decode image: its header and its data disagree");
    }
    pixels = to_rgba(pixels, channels, (long)width * height);
    if (!pixels)
        return out_of_memory(message, message_size);
    *out = (struct picture){.width = width, .height = height, .rgba = pixels};
    return true;
}

/* PNG and JPEG: libpng and libjpeg-turbo, the picture whole. */
static bool decode_rows(const unsigned char *data, size_t size, const struct image_header *header,
                        struct picture *out, char *message, size_t message_size) {
    if (header->png && !png_rows_check_inflation(data, size, message, message_size))
        return false;
    struct image_source source = image_source_make(data, size, NULL, size);
    struct image_target target = image_target_make(0);
    bool no_memory;
    bool ok =
        header->jpeg
            ? jpeg_rows_decode(&source, &target, IMAGE_MAX_SIDE, &no_memory, message, message_size)
            : png_rows_decode(&source, &target, IMAGE_MAX_SIDE, &no_memory, message, message_size);
    if (ok && header->png && !png_rows_ended(data, size)) {
        ok = cli_reason(message, message_size, "cannot decode image: truncated PNG (no IEND)");
    } else if (ok && (target.rows != target.height || target.width != header->width ||
                      target.height != header->height)) {
        ok = cli_reason(message, message_size,
                        "cannot decode image: its header and its data disagree");
    } else if (ok) {
        image_target_finish(&target, out);
        out->lossy = header->jpeg;
    }
    image_target_free(&target);
    return ok;
}

bool image_decode(const unsigned char *data, size_t size, const struct image_header *header,
                  struct picture *out, char *message, size_t message_size) {
    *out = (struct picture){.rgba = NULL};
    decode_budget_begin(DECODE_BUDGET);
    if (header->png || header->jpeg)
        return decode_rows(data, size, header, out, message, message_size);
    return decode_stb(data, size, out, message, message_size);
}
