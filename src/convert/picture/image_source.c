/* The capped byte stream (see image_source.h). */
#include "image_source.h"

#include <errno.h>
#include <string.h>

struct image_source image_source_make(const unsigned char *head, size_t head_size, FILE *file,
                                      size_t cap) {
    return (struct image_source){head, head_size, file, cap, 0, false, 0};
}

size_t image_source_read(struct image_source *s, unsigned char *buffer, size_t size) {
    size_t room = s->cap - s->delivered, done = 0;
    if (size > room)
        size = room;
    if (s->delivered < s->head_size) {
        done = s->head_size - s->delivered < size ? s->head_size - s->delivered : size;
        memcpy(buffer, s->head + s->delivered, done);
    }
    if (done < size && s->file) {
        size_t got = fread(buffer + done, 1, size - done, s->file);
        done += got;
        if (got == 0 && ferror(s->file) && !s->error)
            s->error = errno ? errno : EIO;
    }
    s->delivered += done;
    /* At the cap, one byte more tells an input that goes on. */
    if (s->delivered == s->cap && !s->too_long && s->file) {
        int c = getc(s->file);
        s->too_long = c != EOF;
    }
    return done;
}

void image_source_shortfall(const struct image_source *s, const char *truncated, char *reason,
                            size_t size) {
    if (s->too_long)
        snprintf(reason, size, "more than %zu MiB: too large for an image", s->cap >> 20);
    else if (s->error)
        snprintf(reason, size, "%s", strerror(s->error));
    else
        snprintf(reason, size, "%s", truncated);
}
