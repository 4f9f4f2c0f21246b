/* A PNG decoded row by row by libpng (see image_scaled.h). */
#include "image_scaled.h"

#include "cli.h"
#include "image_reduce.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ancillary chunks libpng keeps (an ICC profile, texts) are at most this large. */
#define PNG_CHUNK_MAX (1L << 20)

struct png_run {
    struct image_source *source;
    png_structp png;
    png_infop info;
    struct image_reducer reducer;
    bool reducing; /* the reducer is to be freed whatever happens */
    char reason[256];
};

static void error_fn(png_structp png, png_const_charp text) {
    struct png_run *run = png_get_error_ptr(png);
    if (!run->reason[0])
        snprintf(run->reason, sizeof run->reason, "cannot decode image: %s", text);
    png_longjmp(png, 1);
}

static void warning_fn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void fail_with(struct png_run *run, const char *reason) {
    snprintf(run->reason, sizeof run->reason, "%s", reason);
    png_longjmp(run->png, 1);
}

static void read_fn(png_structp png, png_bytep data, size_t length) {
    struct png_run *run = png_get_io_ptr(png);
    if (image_source_read(run->source, data, length) == length)
        return;
    image_source_shortfall(run->source, "cannot decode image: truncated PNG", run->reason,
                           sizeof run->reason);
    png_longjmp(png, 1);
}

/* Everything as 8-bit RGBA, as stb_image gives it: palettes expanded, grey spread to RGB,
 * 16 bits cut to their high byte, a missing alpha opaque. */
static void ask_rgba(struct png_run *run) {
    png_structp png = run->png;
    int type = png_get_color_type(png, run->info);
    png_set_expand(png);
    png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA))
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, run->info);
}

static bool decode_rows(struct png_run *run, long max_pixels, struct picture *out) {
    png_structp png = run->png;
    png_set_read_fn(png, run, read_fn);
    png_set_user_limits(png, IMAGE_SCALED_MAX_SIDE, IMAGE_SCALED_MAX_SIDE);
    png_set_chunk_malloc_max(png, PNG_CHUNK_MAX);
    png_read_info(png, run->info);
    png_uint_32 width = png_get_image_width(png, run->info),
                height = png_get_image_height(png, run->info);
    if ((long)width * (long)height > IMAGE_SCALED_MAX_PIXELS)
        fail_with(run, "cannot decode image: its header and its data disagree");
    if (png_get_interlace_type(png, run->info) != PNG_INTERLACE_NONE)
        fail_with(run, "an interlaced PNG is read whole, and this one is too large for that "
                       "(save it without interlacing)");
    ask_rgba(run);
    if (png_get_rowbytes(png, run->info) != (size_t)width * 4)
        fail_with(run, "cannot decode image: unexpected PNG row format");
    if (!image_reducer_begin(&run->reducer, (int)width, (int)height, max_pixels))
        return false;
    run->reducing = true;
    for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, run->reducer.row, NULL);
        if (!image_reducer_row(&run->reducer, run->reducer.row))
            return false;
    }
    /* The rest of the file (more data, later chunks) is never read. */
    run->reducing = false;
    return image_reducer_finish(&run->reducer, out);
}

bool png_rows_decode(struct image_source *source, long max_pixels, struct picture *out,
                     bool *no_memory, char *message, size_t message_size) {
    struct png_run *run = calloc(1, sizeof *run);
    *no_memory = run == NULL;
    if (!run)
        return cli_reason(message, message_size, "cannot decode image: out of memory");
    run->source = source;
    run->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, run, error_fn, warning_fn);
    run->info = run->png ? png_create_info_struct(run->png) : NULL;
    volatile bool ok = false;
    if (run->info && setjmp(png_jmpbuf(run->png)) == 0)
        ok = decode_rows(run, max_pixels, out);
    /* decode_rows fails without a reason only when memory runs out */
    *no_memory = !ok && (!run->reason[0] || strstr(run->reason, "ut of memory"));
    if (*no_memory)
        snprintf(run->reason, sizeof run->reason, "cannot decode image: out of memory");
    png_destroy_read_struct(&run->png, &run->info, NULL);
    if (run->reducing)
        image_reducer_free(&run->reducer);
    if (!ok)
        cli_reason(message, message_size, "%s", run->reason);
    free(run);
    return ok;
}
