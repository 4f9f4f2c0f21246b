/* Decoding an image into an RGBA picture (see image_decode.h). */
#include "image_decode.h"

#include "cli.h"
#include "decode_budget.h"
#include "stb_guards.h"

#include <limits.h>
#include <string.h>

#include <stb/stb_image.h>

/* What stb_image takes is an int; room is left for the zeros of a patched HDR copy. */
#define MAX_DATA_SIZE ((size_t)INT_MAX - STB_GUARDS_HDR_PADDING(IMAGE_MAX_PIXELS))

static bool too_large(int width, int height) {
    return width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE ||
           (long)width * height > IMAGE_MAX_PIXELS;
}

bool image_read_header(const unsigned char *data, size_t size, struct image_header *header,
                       char *message, size_t message_size) {
    *header = (struct image_header){0, 0, false, false};
    if (size == 0)
        return cli_reason(message, message_size, "not an image stb_image can read: no data");
    if (size > MAX_DATA_SIZE)
        return cli_reason(message, message_size, "the image is too large: %zu bytes (at most %zu)",
                          size, MAX_DATA_SIZE);
    if (!stb_guards_check(data, size, message, message_size))
        return false;
    int width, height, channels;
    if (!stbi_info_from_memory(data, (int)size, &width, &height, &channels))
        return cli_reason(message, message_size, "not an image stb_image can read: %s",
                          stb_guards_reason().text);
    if (width <= 0 || height <= 0)
        return cli_reason(message, message_size,
                          "the image header gives an invalid size: %dx%d pixels", width, height);
    if (too_large(width, height))
        return cli_reason(message, message_size,
                          "the image is %dx%d pixels: too large (at most %d pixels on a side and "
                          "%ld in all)",
                          width, height, IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS);
    *header = (struct image_header){width, height, stb_guards_is_jpeg(data, size),
                                    size >= 8 && data[0] == 0x89 && data[1] == 'P'};
    return true;
}

/* The checks that need the header, made before stb_image decodes anything. */
static bool check_work(const unsigned char *data, size_t size, const struct image_header *header,
                       char *message, size_t message_size) {
    long pixels = (long)header->width * header->height;
    long scans = header->jpeg ? stb_guards_jpeg_scans(data, size) : 0;
    if (scans > IMAGE_MAX_JPEG_SCAN_PIXELS / pixels)
        return cli_reason(message, message_size,
                          "cannot decode image: a JPEG of %ld scans over %dx%d pixels (at most "
                          "%ld pixels in all its scans)",
                          scans, header->width, header->height, IMAGE_MAX_JPEG_SCAN_PIXELS);
    return stb_guards_check_png_inflation(data, size, message, message_size);
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

bool image_decode(const unsigned char *data, size_t size, const struct image_header *header,
                  struct picture *out, char *message, size_t message_size) {
    *out = (struct picture){.rgba = NULL};
    decode_budget_begin(DECODE_BUDGET);
    if (!check_work(data, size, header, message, message_size))
        return false;
    int length = (int)size;
    bool copied;
    unsigned char *copy =
        stb_guards_copy(data, &length, (long)header->width * header->height, &copied);
    if (copied && !copy)
        return out_of_memory(message, message_size);
    /* RGBA, except for PNM: stb_image's conversion of 16-bit PNM overflows its buffer, so a
     * PNM keeps its own channels (grey or RGB). */
    int wanted = stb_guards_is_pnm(data, size) ? 0 : 4, width, height, in_file = 0;
    unsigned char *pixels =
        stbi_load_from_memory(copy ? copy : data, length, &width, &height, &in_file, wanted);
    decode_budget_free(copy);
    int channels = wanted ? wanted : in_file;
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
    *out =
        (struct picture){.width = width, .height = height, .rgba = pixels, .lossy = header->jpeg};
    return true;
}
