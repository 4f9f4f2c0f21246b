#define _POSIX_C_SOURCE 200809L
#include "atomic_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool atomic_output_open(struct atomic_output *out, const char *path) {
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0) {
        out->file = stdout;
        return true;
    }
    size_t length = strlen(path);
    out->final_path = strdup(path);
    out->temporary_path = malloc(length + 16);
    if (!out->final_path || !out->temporary_path) {
        atomic_output_abort(out);
        errno = ENOMEM;
        return false;
    }
    snprintf(out->temporary_path, length + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(out->temporary_path);
    if (fd < 0) {
        int saved = errno;
        free(out->temporary_path);
        out->temporary_path = NULL;
        atomic_output_abort(out);
        errno = saved;
        return false;
    }
    out->file = fdopen(fd, "wb");
    if (!out->file) {
        int saved = errno;
        close(fd);
        atomic_output_abort(out);
        errno = saved;
        return false;
    }
    return true;
}

bool atomic_output_commit(struct atomic_output *out) {
    if (!out->temporary_path) { /* standard output */
        bool ok = fflush(out->file) == 0 && !ferror(out->file);
        out->file = NULL;
        return ok;
    }
    bool ok = fflush(out->file) == 0 && !ferror(out->file) && fsync(fileno(out->file)) == 0;
    int saved = errno;
    if (fclose(out->file) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    out->file = NULL;
    /* mkstemp creates the file 0600; give it the usual permissions of a new file. */
    if (ok) {
        mode_t mask = umask(0);
        umask(mask);
        chmod(out->temporary_path, 0666 & ~mask);
    }
    if (ok && rename(out->temporary_path, out->final_path) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        atomic_output_abort(out);
        errno = saved;
        return false;
    }
    free(out->temporary_path);
    free(out->final_path);
    out->temporary_path = out->final_path = NULL;
    return true;
}

void atomic_output_abort(struct atomic_output *out) {
    if (out->temporary_path) {
        if (out->file)
            fclose(out->file);
        unlink(out->temporary_path);
    }
    out->file = NULL;
    free(out->temporary_path);
    free(out->final_path);
    out->temporary_path = out->final_path = NULL;
}
