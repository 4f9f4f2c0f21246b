#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

char *cli_read_file_capped(const char *path, size_t max_length, size_t *length) {
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rb");
    if (!in)
        return NULL;
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
    if (!is_stdin)
        fclose(in);
    if (data) {
        data[used] = '\0';
        *length = used;
    }
    return data;
}
