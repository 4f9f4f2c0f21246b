#include "png_raster.h"

#include "atomic_output.h"
#include "png_rgba.h"

#include <errno.h>
#include <string.h>

/* What png_write_rgba needs to draw a raster's rows. */
struct raster_rows {
    const struct raster *raster;
    const struct palette *palette;
};

static void raster_row(void *context, int y, unsigned char *rgba) {
    const struct raster_rows *rows = context;
    const struct raster *r = rows->raster;
    const uint8_t *src = r->pixels + (size_t)y * (size_t)r->width;
    for (int x = 0; x < r->width; x++)
        memcpy(rgba + (size_t)x * 4, rows->palette->rgba[src[x]], 4);
}

bool png_raster_write(FILE *out, const struct raster *r, const struct palette *p) {
    struct raster_rows rows = {r, p};
    return png_write_rgba(out, r->width, r->height, raster_row, &rows);
}

bool png_raster_write_file(const char *path, const struct raster *r, const struct palette *p) {
    struct atomic_output out;
    if (!atomic_output_open_replacing(&out, path))
        return false;
    errno = 0;
    if (!png_raster_write(out.file, r, p)) {
        int saved = errno ? errno : EIO;
        atomic_output_abort(&out);
        errno = saved;
        return false;
    }
    return atomic_output_commit(&out);
}
