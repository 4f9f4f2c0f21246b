/* The preview PNG (see preview.h). */
#include "preview.h"

#include "atomic_output.h"
#include "png_rgba.h"

#include <errno.h>
#include <string.h>

/* Row y of the preview: sprite row y / PREVIEW_SCALE, each pixel repeated PREVIEW_SCALE
 * times. */
static void preview_row(void *context, int y, unsigned char *row) {
    const struct sprite *sprite = context;
    for (int x = 0; x < sprite->width; x++) {
        unsigned char rgba[4] = {0, 0, 0, 0};
        int pixel = sprite->pixels[y / PREVIEW_SCALE][x];
        if (pixel) {
            uint32_t rgb = sprite->colours[pixel - 1];
            rgba[0] = (unsigned char)(rgb >> 16);
            rgba[1] = (unsigned char)(rgb >> 8);
            rgba[2] = (unsigned char)rgb;
            rgba[3] = 255;
        }
        for (int i = 0; i < PREVIEW_SCALE; i++)
            memcpy(row + ((size_t)x * PREVIEW_SCALE + (size_t)i) * 4, rgba, 4);
    }
}

bool preview_write(const char *path, const struct sprite *sprite) {
    struct atomic_output out;
    if (!atomic_output_open(&out, path))
        return false;
    errno = 0;
    if (!png_write_rgba(out.file, sprite->width * PREVIEW_SCALE, sprite->height * PREVIEW_SCALE,
                        preview_row, (void *)sprite)) {
        int saved = errno ? errno : EIO;
        atomic_output_abort(&out);
        errno = saved;
        return false;
    }
    return atomic_output_commit(&out);
}
