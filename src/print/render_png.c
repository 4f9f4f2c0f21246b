#include "render_png.h"

#include "atomic_output.h"

#include <errno.h>
#include <png.h>
#include <stdlib.h>

/* libpng reports errors by longjmp; keep the work that may jump in one function whose
 * locals that outlive the jump are volatile. */
bool png_write_raster(FILE *out, const struct raster *r, const struct palette *p) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png)
        return false;
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile row = malloc((size_t)r->width * 4);
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
    png_set_IHDR(png, info, (png_uint_32)r->width, (png_uint_32)r->height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 6);
    /* Rows repeat and cells are flat: "up" filtering makes repeated rows all zeros. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_write_info(png, info);
    for (int y = 0; y < r->height; y++) {
        const uint8_t *src = r->pixels + (size_t)y * (size_t)r->width;
        for (int x = 0; x < r->width; x++) {
            const uint8_t *c = p->rgba[src[x]];
            uint8_t *d = row + (size_t)x * 4;
            d[0] = c[0];
            d[1] = c[1];
            d[2] = c[2];
            d[3] = c[3];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return !ferror(out);
}

bool png_write_file(const char *path, const struct raster *r, const struct palette *p) {
    struct atomic_output out;
    if (!atomic_output_open(&out, path))
        return false;
    errno = 0;
    if (!png_write_raster(out.file, r, p)) {
        int saved = errno ? errno : EIO;
        atomic_output_abort(&out);
        errno = saved;
        return false;
    }
    return atomic_output_commit(&out);
}
