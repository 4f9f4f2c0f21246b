/* Reading a picture from a file or a pipe (see sprite.h, sprite_load): whole within the
 * limits of image_decode.h, or, when --fit will shrink a JPEG or PNG too large for them,
 * its head and then the rest as a stream, decoded scaled (image_scaled.h). */
#include "sprite.h"

#include "cli.h"
#include "image_decode.h"
#include "image_scaled.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The first read: enough for the header of nearly any JPEG or PNG. */
#define HEAD_SIZE (64 << 10)

struct head {
    unsigned char *data;
    size_t size, capacity;
    bool ended; /* the whole input is in data */
    int error;  /* errno of a failed read or allocation */
};

/* Reads until the head holds `wanted` bytes or the input ends; false on an error. */
static bool read_up_to(FILE *in, struct head *h, size_t wanted) {
    if (wanted > h->capacity) {
        unsigned char *grown = realloc(h->data, wanted);
        if (!grown) {
            h->error = ENOMEM;
            return false;
        }
        h->data = grown;
        h->capacity = wanted;
    }
    while (h->size < wanted && !h->ended) {
        size_t got = fread(h->data + h->size, 1, wanted - h->size, in);
        h->size += got;
        if (got == 0 && ferror(in)) {
            h->error = errno ? errno : EIO;
            return false;
        }
        h->ended = got == 0 || feof(in);
    }
    return true;
}

static bool too_large_to_read_whole(const struct image_header *header) {
    return header->width > IMAGE_MAX_SIDE || header->height > IMAGE_MAX_SIDE ||
           (long)header->width * header->height > IMAGE_MAX_PIXELS;
}

static enum sprite_status streamed(struct head *h, FILE *in, const struct image_header *header,
                                   struct picture *picture, char *message, size_t message_size) {
    struct image_source source =
        image_source_make(h->data, h->size, in, IMAGE_SCALED_MAX_FILE_SIZE);
    bool no_memory;
    if (image_scaled_decode(&source, header, IMAGE_SCALED_PIXELS, picture, &no_memory, message,
                            message_size))
        return SPRITE_OK;
    return no_memory ? SPRITE_NO_MEMORY : SPRITE_BAD_INPUT;
}

/* A refusal: bad input, with one line in `message`. */
__attribute__((format(printf, 3, 4))) static enum sprite_status
refuse(char *message, size_t message_size, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, message_size, format, arguments);
    va_end(arguments);
    return SPRITE_BAD_INPUT;
}

static enum sprite_status read_error(const struct head *h, char *message, size_t message_size) {
    cli_reason(message, message_size, "%s", strerror(h->error));
    return h->error == ENOMEM ? SPRITE_NO_MEMORY : SPRITE_BAD_INPUT;
}

enum sprite_status sprite_load(FILE *in, const struct sprite_limits *limits,
                               const struct fit_options *fit, struct picture *picture,
                               char *message, size_t message_size) {
    *picture = (struct picture){.rgba = NULL};
    struct head h = {NULL, 0, 0, false, 0};
    struct image_header header;
    enum image_probe probe = IMAGE_PROBE_MORE;
    bool scaling = fit && fit->enabled && fit->scale;
    for (size_t wanted = HEAD_SIZE; probe == IMAGE_PROBE_MORE; wanted *= 2) {
        if (!read_up_to(in, &h, wanted < IMAGE_MAX_FILE_SIZE ? wanted : IMAGE_MAX_FILE_SIZE + 1))
            break;
        probe = image_probe(h.data, h.size, &header);
        if (h.ended || wanted > IMAGE_MAX_FILE_SIZE)
            break;
    }
    bool found = probe == IMAGE_PROBE_FOUND, large = found && too_large_to_read_whole(&header);
    enum sprite_status status;
    if (h.error)
        status = read_error(&h, message, message_size);
    else if (large && scaling)
        status = streamed(&h, in, &header, picture, message, message_size);
    else if (large)
        status = refuse(message, message_size,
                        "the image is %dx%d pixels: too large (at most %d pixels on a side and "
                        "%ld in all, but --fit reads larger JPEG and PNG pictures scaled)%s",
                        header.width, header.height, IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS,
                        header.jpeg || header.png ? " (try --fit)" : "");
    else if (!read_up_to(in, &h, IMAGE_MAX_FILE_SIZE + 1))
        status = read_error(&h, message, message_size);
    else if (h.size > IMAGE_MAX_FILE_SIZE && found && scaling)
        status = streamed(&h, in, &header, picture, message, message_size);
    else if (h.size > IMAGE_MAX_FILE_SIZE)
        status = refuse(message, message_size, "more than %d MiB: too large for an image%s",
                        IMAGE_MAX_FILE_SIZE >> 20, found ? " (try --fit)" : "");
    else
        status = sprite_read(h.data, h.size, limits, fit, picture, message, message_size);
    free(h.data);
    return status;
}
