/* The bytes of an image file as a stream: what has been read into memory already (the
 * head), then the rest of the file, at most `cap` bytes in all. The streaming decoders
 * (image_scaled.h) read a JPEG or PNG through it, so that neither the file nor its pixels
 * need to be in memory at once; the cap stops an input that never ends. */
#ifndef TETRIS_CONVERT_IMAGE_SOURCE_H
#define TETRIS_CONVERT_IMAGE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct image_source {
    const unsigned char *head; /* may be NULL when head_size is 0 */
    size_t head_size;
    FILE *file;       /* the rest; NULL: the head is all there is */
    size_t cap;       /* the most bytes read in all */
    size_t delivered; /* bytes read so far */
    bool too_long;    /* the input went on past the cap */
    int error;        /* errno of a failed read, else 0 */
};

/* A source over `head` (already read) and then `file` (NULL for none). */
struct image_source image_source_make(const unsigned char *head, size_t head_size, FILE *file,
                                      size_t cap);

/* Reads up to `size` bytes into `buffer`; fewer only at the end of the input, at the cap
 * (too_long is then set when there was more) or on a read error (error is set). */
size_t image_source_read(struct image_source *s, unsigned char *buffer, size_t size);

/* Why a read came short, as a message: the cap ("more than 512 MiB: too large for an
 * image"), a read error (its strerror), or else the end of the data (`truncated`). */
void image_source_shortfall(const struct image_source *s, const char *truncated, char *reason,
                            size_t size);

#endif
