#define _POSIX_C_SOURCE 200809L
#include "atomic_output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TEMPORARY_PREFIX ".tetris-"
#define MAX_SYMLINK_HOPS 40 /* as the kernel's ELOOP limit */

/* Temporary files being written, removed if a signal ends the program first, so an
 * interrupted run leaves neither a partial file nor a stray temporary one. */
#define MAX_PENDING 16
static char *volatile pending[MAX_PENDING];

static void remove_pending_and_die(int signal_number) {
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static const int HANDLED_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define HANDLED_SIGNAL_COUNT (sizeof HANDLED_SIGNALS / sizeof HANDLED_SIGNALS[0])

static bool track(char *path, bool add) {
    static bool handlers_installed = false;
    if (!handlers_installed) {
        for (size_t i = 0; i < HANDLED_SIGNAL_COUNT; i++) {
            struct sigaction action = {.sa_handler = remove_pending_and_die};
            sigemptyset(&action.sa_mask);
            struct sigaction previous;
            /* leave alone a signal the user chose to ignore (e.g. nohup) */
            if (sigaction(HANDLED_SIGNALS[i], NULL, &previous) == 0 &&
                previous.sa_handler != SIG_IGN)
                sigaction(HANDLED_SIGNALS[i], &action, NULL);
        }
        handlers_installed = true;
    }
    for (int i = 0; i < MAX_PENDING; i++) {
        if (add && !pending[i]) {
            pending[i] = path;
            return true;
        }
        if (!add && pending[i] == path) {
            pending[i] = NULL;
            return true;
        }
    }
    return false;
}

/* The descriptor a path names directly: /dev/stdin|stdout|stderr, /dev/fd/N,
 * /proc/self/fd/N or /proc/PID/fd/N of this process; -1 for any other path. */
static int named_descriptor(const char *path) {
    static const char *const standard[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
    for (int fd = 0; fd < 3; fd++)
        if (strcmp(path, standard[fd]) == 0)
            return fd;
    char own[32];
    snprintf(own, sizeof own, "/proc/%ld/fd/", (long)getpid());
    const char *const prefixes[] = {"/dev/fd/", "/proc/self/fd/", own};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(path, prefixes[i], n) != 0 || path[n] == '\0')
            continue;
        char *end;
        errno = 0;
        long fd = strtol(path + n, &end, 10);
        if (*end == '\0' && errno == 0 && fd >= 0 && fd <= INT_MAX)
            return (int)fd;
    }
    return -1;
}

/* The directory part of a path ("." when it has none), as a new string. */
static char *directory_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Replaces *path by the target of the symbolic link it names. */
static bool follow_link(char **path) {
    char target[PATH_MAX];
    ssize_t n = readlink(*path, target, sizeof target - 1);
    if (n < 0)
        return false;
    target[n] = '\0';
    char *next;
    if (target[0] == '/') {
        next = strdup(target);
    } else {
        char *dir = directory_of(*path);
        size_t size = dir ? strlen(dir) + (size_t)n + 2 : 0;
        next = dir ? malloc(size) : NULL;
        if (next)
            snprintf(next, size, "%s/%s", dir, target);
        free(dir);
    }
    if (!next) {
        errno = ENOMEM;
        return false;
    }
    free(*path);
    *path = next;
    return true;
}

enum target_kind { TARGET_NEW, TARGET_REGULAR, TARGET_DESCRIPTOR, TARGET_SPECIAL };

/* Follows symbolic links from `path` to what it finally names. */
static bool resolve(const char *path, char **resolved, enum target_kind *kind, int *fd,
                    struct stat *st) {
    *resolved = strdup(path);
    if (!*resolved) {
        errno = ENOMEM;
        return false;
    }
    for (int hops = 0; hops <= MAX_SYMLINK_HOPS; hops++) {
        *fd = named_descriptor(*resolved);
        if (*fd >= 0) {
            *kind = TARGET_DESCRIPTOR;
            return true;
        }
        if (lstat(*resolved, st) != 0) {
            if (errno != ENOENT)
                return false;
            *kind = TARGET_NEW;
            return true;
        }
        if (!S_ISLNK(st->st_mode)) {
            if (S_ISDIR(st->st_mode)) {
                errno = EISDIR;
                return false;
            }
            *kind = S_ISREG(st->st_mode) ? TARGET_REGULAR : TARGET_SPECIAL;
            return true;
        }
        if (!follow_link(resolved))
            return false;
    }
    errno = ELOOP;
    return false;
}

/* Opens a target that is written in place. */
static bool open_direct(struct atomic_output *out, enum target_kind kind, int fd) {
    if (kind == TARGET_DESCRIPTOR && fd == STDOUT_FILENO) {
        out->file = stdout;
        out->is_stdout = true;
        return true;
    }
    int copy = kind == TARGET_DESCRIPTOR ? fcntl(fd, F_DUPFD_CLOEXEC, 3)
                                         : open(out->final_path, O_WRONLY | O_CLOEXEC);
    if (copy < 0)
        return false;
    out->file = fdopen(copy, "wb");
    if (!out->file) {
        int saved = errno;
        close(copy);
        errno = saved;
        return false;
    }
    return true;
}

static bool open_temporary(struct atomic_output *out) {
    char *dir = directory_of(out->final_path);
    size_t size = dir ? strlen(dir) + sizeof "/" TEMPORARY_PREFIX + 32 : 0;
    out->temporary_path = dir ? malloc(size) : NULL;
    if (!out->temporary_path) {
        free(dir);
        errno = ENOMEM;
        return false;
    }
    snprintf(out->temporary_path, size, "%s/%s%ld-XXXXXX", dir, TEMPORARY_PREFIX, (long)getpid());
    free(dir);
    int fd = mkstemp(out->temporary_path);
    if (fd < 0) {
        int saved = errno;
        free(out->temporary_path);
        out->temporary_path = NULL;
        errno = saved;
        return false;
    }
    if (!track(out->temporary_path, true)) { /* more outputs than the signal handler knows */
        close(fd);
        unlink(out->temporary_path);
        errno = EMFILE;
        return false;
    }
    out->file = fdopen(fd, "wb");
    if (!out->file) {
        int saved = errno;
        close(fd);
        errno = saved;
        return false;
    }
    return true;
}

bool atomic_output_open(struct atomic_output *out, const char *path) {
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0) {
        out->file = stdout;
        out->is_stdout = true;
        return true;
    }
    enum target_kind kind;
    int fd;
    struct stat st;
    bool ok = resolve(path, &out->final_path, &kind, &fd, &st);
    if (ok && (kind == TARGET_DESCRIPTOR || kind == TARGET_SPECIAL)) {
        ok = open_direct(out, kind, fd);
    } else if (ok) {
        out->keep_owner = kind == TARGET_REGULAR;
        out->mode = st.st_mode & 07777;
        out->owner = st.st_uid;
        out->group = st.st_gid;
        ok = open_temporary(out);
    }
    if (!ok) {
        int saved = errno;
        atomic_output_abort(out);
        errno = saved;
    }
    return ok;
}

/* The permissions a new file gets: 0666 less the umask. */
static mode_t new_file_mode(void) {
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* Everything but the rename: the data is on disk in the temporary file, with the
 * target's permissions. A direct target is flushed and closed. */
static bool finish(struct atomic_output *out) {
    if (out->is_stdout) {
        bool ok = fflush(out->file) == 0 && !ferror(out->file);
        out->file = NULL;
        return ok;
    }
    int fd = fileno(out->file);
    bool ok = fflush(out->file) == 0 && !ferror(out->file);
    if (ok && out->temporary_path) {
        /* root can give the file its owner back; anyone else keeps their own */
        if (out->keep_owner && geteuid() == 0)
            (void)fchown(fd, out->owner, out->group);
        ok = fchmod(fd, out->keep_owner ? out->mode : new_file_mode()) == 0 && fsync(fd) == 0;
    }
    int saved = errno;
    if (fclose(out->file) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    out->file = NULL;
    errno = saved;
    return ok;
}

/* Renames a finished temporary file into place. */
static bool put_in_place(struct atomic_output *out) {
    if (out->temporary_path && rename(out->temporary_path, out->final_path) != 0)
        return false;
    if (out->temporary_path)
        track(out->temporary_path, false);
    free(out->temporary_path);
    free(out->final_path);
    out->temporary_path = out->final_path = NULL;
    return true;
}

bool atomic_output_commit(struct atomic_output *out) {
    struct atomic_output *one[1] = {out};
    return atomic_output_commit_all(one, 1);
}

bool atomic_output_commit_all(struct atomic_output *outs[], int count) {
    bool ok = true;
    int saved = 0;
    for (int i = 0; i < count && ok; i++) {
        ok = finish(outs[i]);
        saved = errno;
    }
    if (ok) {
        sigset_t all, previous;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &previous);
        for (int i = 0; i < count && ok; i++) {
            ok = put_in_place(outs[i]);
            saved = errno;
        }
        sigprocmask(SIG_SETMASK, &previous, NULL);
    }
    if (!ok) {
        for (int i = 0; i < count; i++)
            atomic_output_abort(outs[i]);
        errno = saved;
    }
    return ok;
}

void atomic_output_abort(struct atomic_output *out) {
    if (out->file && !out->is_stdout)
        fclose(out->file);
    if (out->temporary_path) {
        unlink(out->temporary_path);
        track(out->temporary_path, false);
    }
    free(out->temporary_path);
    free(out->final_path);
    memset(out, 0, sizeof *out);
}

/* The process id in a temporary file's name, or -1 when the name is not one of ours. */
static long temporary_owner(const char *name) {
    size_t n = strlen(TEMPORARY_PREFIX);
    if (strncmp(name, TEMPORARY_PREFIX, n) != 0)
        return -1;
    char *end;
    long pid = strtol(name + n, &end, 10);
    if (end == name + n || pid <= 0 || *end != '-' || strlen(end + 1) != 6)
        return -1;
    return pid;
}

int atomic_output_remove_stale(const char *dir) {
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        long pid = temporary_owner(entry->d_name);
        if (pid < 0 || (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
            continue;
        struct stat st;
        if (fstatat(dirfd(d), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(st.st_mode) && unlinkat(dirfd(d), entry->d_name, 0) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}
