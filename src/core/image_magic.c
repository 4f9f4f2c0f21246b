#include "image_magic.h"

#include <string.h>

struct magic {
    const char *format;
    const char *bytes; /* the signature at offset 0 */
    size_t length;
    size_t zeros_at, zero_count; /* then `zero_count` zero bytes from `zeros_at` (BMP) */
};

static const struct magic MAGICS[] = {
    {"PNG", IMAGE_MAGIC_PNG, IMAGE_MAGIC_PNG_SIZE, 0, 0},
    {"GIF", "GIF87a", 6, 0, 0},
    {"GIF", "GIF89a", 6, 0, 0},
    {"JPEG", "\xff\xd8\xff", 3, 0, 0},
    /* "BM" is also the start of a word: a BMP's reserved header bytes 6..9 are zero. */
    {"BMP", "BM", 2, 6, 4},
};

const char *image_magic_format(const unsigned char *data, size_t length) {
    for (size_t i = 0; i < sizeof MAGICS / sizeof MAGICS[0]; i++) {
        const struct magic *m = &MAGICS[i];
        size_t needed = m->zero_count ? m->zeros_at + m->zero_count : m->length;
        if (length < needed || memcmp(data, m->bytes, m->length) != 0)
            continue;
        size_t z = 0;
        while (z < m->zero_count && data[m->zeros_at + z] == 0)
            z++;
        if (z == m->zero_count)
            return m->format;
    }
    return NULL;
}
