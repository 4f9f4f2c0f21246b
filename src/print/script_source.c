#include "script_source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An unlinked temporary file, so that nothing is left behind whatever happens. */
const char *script_source_copy_dir(void) {
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

static FILE *temporary_file(void) {
    const char *dir = script_source_copy_dir();
    size_t size = strlen(dir) + sizeof "/tetris-print-XXXXXX";
    char *path = malloc(size);
    if (!path)
        return NULL;
    snprintf(path, size, "%s/tetris-print-XXXXXX", dir);
    int fd = mkstemp(path);
    if (fd >= 0)
        unlink(path);
    free(path);
    if (fd < 0)
        return NULL;
    FILE *file = fdopen(fd, "w+b");
    if (!file) {
        int saved = errno;
        close(fd);
        errno = saved;
    }
    return file;
}

enum script_source_status script_source_open(struct script_source *s, const char *path) {
    *s = (struct script_source){.is_stdin = strcmp(path, "-") == 0};
    s->in = s->is_stdin ? stdin : fopen(path, "rb");
    if (!s->in)
        return SCRIPT_SOURCE_UNREADABLE;
    struct stat st;
    if (fstat(fileno(s->in), &st) == 0 && S_ISREG(st.st_mode) && (s->start = ftello(s->in)) >= 0)
        return SCRIPT_SOURCE_OK;
    s->spool = temporary_file();
    if (!s->spool) {
        int saved = errno;
        script_source_close(s);
        errno = saved;
        return SCRIPT_SOURCE_NO_COPY;
    }
    return SCRIPT_SOURCE_OK;
}

FILE *script_source_pass(struct script_source *s, FILE **copy) {
    *copy = NULL;
    if (!s->spool) {
        if (fseeko(s->in, s->start, SEEK_SET) != 0)
            return NULL;
        clearerr(s->in);
        return s->in;
    }
    if (!s->spooled) {
        s->spooled = true;
        *copy = s->spool;
        return s->in;
    }
    if (fflush(s->spool) != 0 || fseeko(s->spool, 0, SEEK_SET) != 0)
        return NULL;
    clearerr(s->spool);
    return s->spool;
}

void script_source_close(struct script_source *s) {
    if (s->in && !s->is_stdin)
        fclose(s->in);
    if (s->spool)
        fclose(s->spool);
    *s = (struct script_source){0};
}
