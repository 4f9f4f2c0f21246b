/* The preview PNG (see preview.h), written with libpng. */
#include "preview.h"

#include "atomic_output.h"

#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

/* One row of the preview: sprite row y, each pixel repeated PREVIEW_SCALE times. */
static void preview_row(const struct sprite *sprite, int y, unsigned char *row) {
    for (int x = 0; x < sprite->width; x++) {
        unsigned char rgba[4] = {0, 0, 0, 0};
        int pixel = sprite->pixels[y][x];
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

/* libpng reports errors by longjmp; the work that may jump is in this one function, whose
 * locals that outlive the jump are volatile. */
static bool write_png(FILE *out, const struct sprite *sprite) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png)
        return false;
    png_infop info = png_create_info_struct(png);
    size_t width = (size_t)sprite->width * PREVIEW_SCALE;
    unsigned char *volatile row = malloc(width * 4);
    if (!info || !row) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return false;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)(sprite->height * PREVIEW_SCALE), 8,
                 PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < sprite->height; y++) {
        preview_row(sprite, y, row);
        for (int i = 0; i < PREVIEW_SCALE; i++)
            png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return !ferror(out);
}

bool preview_write(const char *path, const struct sprite *sprite) {
    struct atomic_output out;
    if (!atomic_output_open(&out, path))
        return false;
    errno = 0;
    if (!write_png(out.file, sprite)) {
        int saved = errno ? errno : EIO;
        atomic_output_abort(&out);
        errno = saved;
        return false;
    }
    return atomic_output_commit(&out);
}
