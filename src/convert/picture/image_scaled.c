/* Recognising a JPEG or PNG by its first bytes, and decoding one scaled (see
 * image_scaled.h; the decoders are jpeg_rows.c and png_rows.c). */
#include "image_scaled.h"

#include "cli.h"
#include "decode_budget.h"
#include "image_magic.h"
#include "jpeg_rows.h"
#include "png_rows.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

static int side(uint32_t value) {
    return value > INT_MAX ? INT_MAX : (int)value;
}

static enum image_probe probe_png(const unsigned char *data, size_t size,
                                  struct image_header *header) {
    if (memcmp(data, IMAGE_MAGIC_PNG, size < IMAGE_MAGIC_PNG_SIZE ? size : IMAGE_MAGIC_PNG_SIZE) !=
        0)
        return IMAGE_PROBE_OTHER;
    if (size < 24)
        return IMAGE_PROBE_MORE;
    if (image_magic_be32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0)
        return IMAGE_PROBE_OTHER;
    *header = (struct image_header){side(image_magic_be32(data + 16)),
                                    side(image_magic_be32(data + 20)), false, true};
    return IMAGE_PROBE_FOUND;
}

/* The frame header (SOFn) after the segments before it; its size is at bytes 3 to 6. */
static bool is_frame(int marker) {
    return marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc;
}

static enum image_probe probe_jpeg(const unsigned char *data, size_t size,
                                   struct image_header *header) {
    if (size >= 1 && data[0] != 0xff)
        return IMAGE_PROBE_OTHER;
    if (size < 2)
        return IMAGE_PROBE_MORE;
    if (data[1] != 0xd8)
        return IMAGE_PROBE_OTHER;
    size_t at = 2;
    for (;;) {
        while (at < size && data[at] == 0xff && at + 1 < size && data[at + 1] == 0xff)
            at++; /* fill bytes */
        if (at + 4 > size)
            return IMAGE_PROBE_MORE;
        int marker = data[at + 1];
        if (data[at] != 0xff || marker == 0xda || marker == 0xd9)
            return IMAGE_PROBE_OTHER; /* no frame header where one must be */
        if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
            at += 2;
            continue;
        }
        size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
        if (is_frame(marker)) {
            if (at + 9 > size)
                return IMAGE_PROBE_MORE;
            int height = data[at + 5] << 8 | data[at + 6], width = data[at + 7] << 8 | data[at + 8];
            *header = (struct image_header){width, height, true, false};
            return IMAGE_PROBE_FOUND;
        }
        if (length < 2)
            return IMAGE_PROBE_OTHER;
        at += 2 + length;
    }
}

enum image_probe image_probe(const unsigned char *data, size_t size, struct image_header *header) {
    *header = (struct image_header){0, 0, false, false};
    if (size == 0)
        return IMAGE_PROBE_MORE;
    if (data[0] == 0x89)
        return probe_png(data, size, header);
    return probe_jpeg(data, size, header);
}

bool image_scaled_decode(struct image_source *source, const struct image_header *header,
                         long max_pixels, struct picture *out, bool *no_memory, char *message,
                         size_t message_size) {
    *out = (struct picture){.rgba = NULL};
    *no_memory = false;
    if (header->width <= 0 || header->height <= 0)
        return cli_reason(message, message_size,
                          "the image header gives an invalid size: %dx%d pixels", header->width,
                          header->height);
    if (header->width > IMAGE_SCALED_MAX_SIDE || header->height > IMAGE_SCALED_MAX_SIDE ||
        (long)header->width * header->height > IMAGE_SCALED_MAX_PIXELS)
        return cli_reason(message, message_size,
                          "the image is %dx%d pixels: too large (at most %d pixels on a side and "
                          "%ld in all, read scaled)",
                          header->width, header->height, IMAGE_SCALED_MAX_SIDE,
                          IMAGE_SCALED_MAX_PIXELS);
    decode_budget_begin(DECODE_BUDGET);
    struct image_target target = image_target_make(max_pixels);
    bool ok = header->jpeg ? jpeg_rows_decode(source, &target, IMAGE_SCALED_MAX_SIDE, no_memory,
                                              message, message_size)
                           : png_rows_decode(source, &target, IMAGE_SCALED_MAX_SIDE, no_memory,
                                             message, message_size);
    if (ok && !image_target_finish(&target, out)) {
        *no_memory = true;
        ok = cli_reason(message, message_size, "cannot decode image: out of memory");
    }
    image_target_free(&target);
    if (ok) {
        out->image_width = header->width;
        out->image_height = header->height;
        out->lossy = header->jpeg;
    }
    return ok;
}
