#include "frames_output.h"

#include "cli.h"
#include "frames_dir.h"
#include "png_raster.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct frames_output {
    const char *dir;
    int digits;
    long written; /* frames written so far: frame-1 .. frame-written */
    const struct palette *palette;
    char *path; /* one frame's */
    size_t path_size;
};

static bool frames_output_begin(void *self, const struct output_start *start) {
    struct frames_output *f = self;
    f->dir = start->path;
    f->palette = start->palette;
    f->digits = frames_dir_digits(start->frame_count);
    f->path_size = frames_dir_path_size(f->dir);
    f->path = malloc(f->path_size);
    if (!f->path) {
        cli_error("out of memory");
        return false;
    }
    if (!frames_dir_prepare(f->dir, start->frame_count, f->digits)) {
        cli_error("%s: %s", f->dir, strerror(errno));
        return false;
    }
    return true;
}

static bool frames_output_frame(void *self, const struct output_frame *frame) {
    struct frames_output *f = self;
    frames_dir_path(f->path, f->path_size, f->dir, f->written + 1, f->digits);
    if (!png_raster_write_file(f->path, frame->raster, f->palette)) {
        cli_error("%s: %s", f->path, strerror(errno ? errno : EIO));
        return false;
    }
    f->written++;
    return true;
}

static bool frames_output_end(void *self, const struct output_frame *last) {
    (void)last; /* the last frame has been written */
    struct frames_output *f = self;
    free(f->path);
    f->path = NULL;
    return true;
}

static void frames_output_abort(void *self) {
    struct frames_output *f = self;
    for (long number = 1; f->path && number <= f->written; number++) {
        frames_dir_path(f->path, f->path_size, f->dir, number, f->digits);
        unlink(f->path);
    }
    free(f->path);
    f->path = NULL;
}

const struct output_ops FRAMES_OUTPUT = {
    .size = sizeof(struct frames_output),
    .draws_frames = true,
    .begin = frames_output_begin,
    .frame = frames_output_frame,
    .end = frames_output_end,
    .abort = frames_output_abort,
};
