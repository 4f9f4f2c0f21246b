#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "tetris";

void cli_set_program(const char *name) {
    const char *slash = strrchr(name, '/');
    program = slash ? slash + 1 : name;
}

const char *cli_program(void) {
    return program;
}

void cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_print_version(void) {
    printf("%s (tetris-printer) %s\n", program, TETRIS_PRINTER_VERSION);
}

int cli_finish(int status) {
    /* errno still tells why an earlier buffered write failed, when fflush has nothing left */
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    if (!failed || status != EXIT_OK) /* a failed command has said why already */
        return status;
    cli_error("standard output: %s", errno ? strerror(errno) : "write error");
    return EXIT_FAILED;
}

bool cli_reason(char *out, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, size, fmt, ap);
    va_end(ap);
    return false;
}

bool cli_parse_long(const char *text, long min, long max, long *out) {
    if (!text || !*text)
        return false;
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || *end || value < min || value > max)
        return false;
    *out = value;
    return true;
}

bool cli_make_directory(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return true;
        errno = ENOTDIR;
        return false;
    }
    if (errno != ENOENT)
        return false;
    char *parent = strdup(path);
    if (!parent) {
        errno = ENOMEM;
        return false;
    }
    size_t n = strlen(parent);
    while (n > 1 && parent[n - 1] == '/') /* "a/b/" names "a/b" */
        parent[--n] = '\0';
    char *slash = strrchr(parent, '/');
    bool ok = true;
    if (slash && slash != parent) {
        *slash = '\0';
        ok = cli_make_directory(parent);
    }
    free(parent);
    if (!ok)
        return false;
    if (mkdir(path, 0777) == 0)
        return true;
    int saved = errno; /* made meanwhile by another process? */
    if (saved == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    errno = saved == EEXIST ? ENOTDIR : saved;
    return false;
}

char *cli_read_file(const char *path, size_t *length) {
    return cli_read_file_capped(path, SIZE_MAX - 2, length);
}

/* Reads `in` to its end, at most max_length bytes (see cli_read_file_capped). */
static char *read_capped(FILE *in, size_t max_length, size_t *length) {
    /* Room for max_length + 1 bytes (one more than allowed tells a longer input) and the
     * terminating NUL. */
    size_t most = max_length + 2;
    size_t capacity = most < (1 << 16) ? most : 1 << 16, used = 0;
    char *data = malloc(capacity);
    while (data) {
        if (used + 1 >= capacity) {
            size_t wanted = capacity > most / 2 ? most : capacity * 2;
            char *grown = capacity > (size_t)INT_MAX ? NULL : realloc(data, wanted);
            if (!grown) {
                free(data);
                data = NULL;
                errno = ENOMEM;
                break;
            }
            data = grown;
            capacity = wanted;
        }
        size_t got = fread(data + used, 1, capacity - used - 1, in);
        used += got;
        if (used > max_length) {
            free(data);
            data = NULL;
            errno = EFBIG;
            break;
        }
        if (got == 0) {
            if (ferror(in)) {
                int saved = errno ? errno : EIO;
                free(data);
                data = NULL;
                errno = saved;
            }
            break;
        }
    }
    if (data) {
        data[used] = '\0';
        *length = used;
    }
    return data;
}

char *cli_read_file_capped(const char *path, size_t max_length, size_t *length) {
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rb");
    if (!in)
        return NULL;
    char *data = read_capped(in, max_length, length);
    int saved = errno;
    if (!is_stdin)
        fclose(in);
    errno = saved;
    return data;
}

/* What a file is, for a refusal. */
static const char *file_kind(mode_t mode) {
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a plain file";
}

/* The size of a refusal, in MiB when it is a whole number of them. */
static void size_limit_reason(size_t max_length, char *reason, size_t size) {
    if (max_length >= (1 << 20) && max_length % (1 << 20) == 0)
        cli_reason(reason, size, "larger than %zu MiB", max_length >> 20);
    else
        cli_reason(reason, size, "larger than %zu bytes", max_length);
}

char *cli_read_regular_file(const char *path, size_t max_length, bool no_links, size_t *length,
                            char *reason, size_t reason_size) {
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (no_links ? O_NOFOLLOW : 0));
    struct stat st;
    int error = fd < 0                               ? (errno == ELOOP && no_links ? EMLINK : errno)
                : fstat(fd, &st) != 0                ? errno
                : !S_ISREG(st.st_mode)               ? EINVAL
                : (uintmax_t)st.st_size > max_length ? EFBIG
                                                     : 0;
    if (error == EMLINK)
        cli_reason(reason, reason_size, "a symbolic link");
    else if (error == EINVAL)
        cli_reason(reason, reason_size, "not a regular file (%s)", file_kind(st.st_mode));
    else if (error == EFBIG)
        size_limit_reason(max_length, reason, reason_size);
    else if (error)
        cli_reason(reason, reason_size, "%s", strerror(error));
    if (error) {
        if (fd >= 0)
            close(fd);
        errno = error;
        return NULL;
    }
    FILE *in = fdopen(fd, "rb");
    if (!in) {
        error = errno;
        close(fd);
        cli_reason(reason, reason_size, "%s", strerror(error));
        errno = error;
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    char *text = read_capped(in, max_length, length);
    error = errno;
    fclose(in);
    if (!text && error == EFBIG) /* it grew while being read */
        size_limit_reason(max_length, reason, reason_size);
    else if (!text)
        cli_reason(reason, reason_size, "%s", strerror(error));
    errno = error;
    return text;
}
