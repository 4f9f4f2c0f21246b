#include "frames.h"

#include "atomic_output.h"
#include "render_png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool frames_prepare(const char *dir) {
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return true;
        errno = ENOTDIR;
        return false;
    }
    return mkdir(dir, 0777) == 0;
}

bool frames_write(const char *dir, long number, const struct raster *r, const struct palette *p) {
    size_t size = strlen(dir) + 32;
    char *path = malloc(size);
    if (!path) {
        errno = ENOMEM;
        return false;
    }
    snprintf(path, size, "%s/frame-%05ld.png", dir, number);
    struct atomic_output out;
    bool ok = atomic_output_open(&out, path);
    if (ok && !png_write_raster(out.file, r, p)) {
        int saved = errno ? errno : EIO;
        atomic_output_abort(&out);
        errno = saved;
        ok = false;
    } else if (ok) {
        ok = atomic_output_commit(&out);
    }
    free(path);
    return ok;
}
