#define _POSIX_C_SOURCE 200809L
#include "atomic_output.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Temporary files being written, removed if a signal ends the program first, so an
 * interrupted run leaves neither a partial file nor a stray temporary one. */
#define MAX_PENDING 8
static char *volatile pending[MAX_PENDING];

static void remove_pending_and_die(int signal_number) {
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void track(char *path, bool add) {
    static bool handlers_installed = false;
    if (!handlers_installed) {
        const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
        for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
            struct sigaction action = {.sa_handler = remove_pending_and_die};
            sigemptyset(&action.sa_mask);
            struct sigaction previous;
            /* leave alone a signal the user chose to ignore (e.g. nohup) */
            if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler != SIG_IGN)
                sigaction(signals[i], &action, NULL);
        }
        handlers_installed = true;
    }
    for (int i = 0; i < MAX_PENDING; i++) {
        if (add && !pending[i]) {
            pending[i] = path;
            return;
        }
        if (!add && pending[i] == path) {
            pending[i] = NULL;
            return;
        }
    }
}

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
    track(out->temporary_path, true);
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
    track(out->temporary_path, false);
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
        track(out->temporary_path, false);
    }
    out->file = NULL;
    free(out->temporary_path);
    free(out->final_path);
    out->temporary_path = out->final_path = NULL;
}
