#include "png_rgba.h"

#include <png.h>
#include <stdlib.h>

/* libpng's own messages ("libpng error: Write Error") are not printed: the caller says
 * what failed, in one line. */
static void silent_error(png_structp png, png_const_charp text) {
    (void)text;
    png_longjmp(png, 1);
}

static void silent_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/* libpng reports errors by longjmp; the work that may jump is in this one function, whose
 * locals that outlive the jump are volatile. */
bool png_write_rgba(FILE *out, int width, int height, png_rgba_row_function *row, void *context) {
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, silent_error, silent_warning);
    if (!png)
        return false;
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile pixels = malloc((size_t)width * 4);
    if (!info || !pixels) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(pixels);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(pixels);
        return false;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 6);
    /* Pictures of flat squares repeat their rows: "up" filtering makes a repeated row all
     * zeros. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        row(context, y, pixels);
        png_write_row(png, pixels);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(pixels);
    return !ferror(out);
}
