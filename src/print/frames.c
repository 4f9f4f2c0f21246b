#include "frames.h"

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
    bool ok = png_write_file(path, r, p);
    free(path);
    return ok;
}
