#define _DEFAULT_SOURCE /* NSIG */
#define _POSIX_C_SOURCE 200809L
#include "atomic_output.h"

#include "exit_signals.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TEMPORARY_PREFIX ".tetris-"
#define MAX_SYMLINK_HOPS 40 /* as the kernel's ELOOP limit */

/* Temporary files being written, removed if a signal ends the program first, so an
 * interrupted run leaves neither a partial file nor a stray temporary one; and the child
 * processes writing into them (the video encoder), ended first so that they can't write
 * them again. */
#define MAX_PENDING 16
static char *volatile pending[MAX_PENDING];
static volatile pid_t writers[MAX_PENDING];
static struct sigaction previous_actions[NSIG];

static void remove_pending_and_die(int signal_number) {
    int saved = errno;
    for (int i = 0; i < MAX_PENDING; i++)
        if (writers[i] > 0 && kill(writers[i], SIGKILL) == 0)
            while (waitpid(writers[i], NULL, 0) < 0 && errno == EINTR)
                continue;
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
    /* What the signal did before (the default: end the program), once this returns. */
    sigaction(signal_number, &previous_actions[signal_number], NULL);
    raise(signal_number);
    errno = saved;
}

static void install_handlers(void) {
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    int signals[EXIT_SIGNALS_MAX], count = exit_signals(signals);
    for (int i = 0; i < count; i++) {
        struct sigaction action = {.sa_handler = remove_pending_and_die};
        sigemptyset(&action.sa_mask);
        struct sigaction *previous = &previous_actions[signals[i]];
        /* leave alone a signal the user chose to ignore (e.g. nohup) */
        if (sigaction(signals[i], NULL, previous) == 0 && previous->sa_handler != SIG_IGN)
            sigaction(signals[i], &action, NULL);
    }
}

/* Blocks every signal while the lists change (and a temporary file appears), so that a
 * signal never finds a file that exists and is not listed. */
static void block_signals(bool block, sigset_t *previous) {
    if (block) {
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, previous);
    } else {
        sigprocmask(SIG_SETMASK, previous, NULL);
    }
}

static bool track(char *path, bool add) {
    install_handlers();
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

void atomic_output_writer(pid_t pid, bool running) {
    sigset_t previous;
    block_signals(true, &previous);
    install_handlers();
    for (int i = 0; i < MAX_PENDING; i++)
        if (running ? writers[i] <= 0 : writers[i] == pid) {
            writers[i] = running ? pid : 0;
            break;
        }
    block_signals(false, &previous);
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

/* Whether a name is one of our temporary files': ".tetris-PID-XXXXXX". */
static bool is_temporary_name(const char *name) {
    size_t n = strlen(TEMPORARY_PREFIX);
    if (strncmp(name, TEMPORARY_PREFIX, n) != 0)
        return false;
    char *end;
    long pid = strtol(name + n, &end, 10);
    return end != name + n && pid > 0 && *end == '-' && strlen(end + 1) == 6;
}

int atomic_output_remove_stale(const char *dir) {
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    time_t now = time(NULL);
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        struct stat st;
        if (is_temporary_name(entry->d_name) &&
            fstatat(dirfd(d), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
            now - st.st_mtime > ATOMIC_OUTPUT_STALE_SECONDS &&
            unlinkat(dirfd(d), entry->d_name, 0) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

/* The first temporary file a run opens in a directory removes the stale ones there. */
static void remove_stale_once(const char *dir) {
    static char *swept[MAX_PENDING];
    int i = 0;
    for (; i < MAX_PENDING && swept[i]; i++)
        if (strcmp(swept[i], dir) == 0)
            return;
    if (i < MAX_PENDING)
        swept[i] = strdup(dir);
    atomic_output_remove_stale(dir);
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
    remove_stale_once(dir);
    free(dir);
    sigset_t previous;
    block_signals(true, &previous);
    int fd = mkstemp(out->temporary_path);
    int saved = errno;
    bool tracked = fd >= 0 && track(out->temporary_path, true);
    if (fd >= 0 && !tracked) { /* more outputs than the signal handler knows */
        close(fd);
        unlink(out->temporary_path);
        saved = EMFILE;
    }
    block_signals(false, &previous);
    if (!tracked) {
        free(out->temporary_path);
        out->temporary_path = NULL;
        errno = saved;
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

bool atomic_output_open_replacing(struct atomic_output *out, const char *path) {
    memset(out, 0, sizeof *out);
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return false;
    }
    out->final_path = strdup(path);
    if (!out->final_path) {
        errno = ENOMEM;
        return false;
    }
    if (!open_temporary(out)) {
        int saved = errno;
        atomic_output_abort(out);
        errno = saved;
        return false;
    }
    return true;
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
        sigset_t previous;
        block_signals(true, &previous);
        unlink(out->temporary_path);
        track(out->temporary_path, false);
        block_signals(false, &previous);
    }
    free(out->temporary_path);
    free(out->final_path);
    memset(out, 0, sizeof *out);
}
