#include "png_output.h"

#include "cli.h"
#include "png_raster.h"

#include <errno.h>
#include <string.h>

struct png_output {
    const char *path;
    FILE *file;
    const struct palette *palette;
};

static bool png_output_begin(void *self, const struct output_start *start) {
    struct png_output *png = self;
    png->path = start->path;
    png->file = start->file;
    png->palette = start->palette;
    return true;
}

static bool png_output_end(void *self, const struct output_frame *last) {
    struct png_output *png = self;
    errno = 0;
    if (!png_raster_write(png->file, last->raster, png->palette)) {
        cli_error("%s: %s", png->path, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

static void png_output_abort(void *self) {
    (void)self; /* its file is removed by whoever opened it */
}

const struct output_ops PNG_OUTPUT = {
    .size = sizeof(struct png_output),
    .streamed = true,
    .draws_final = true,
    .begin = png_output_begin,
    .end = png_output_end,
    .abort = png_output_abort,
};
