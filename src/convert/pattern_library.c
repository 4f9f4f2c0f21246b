#include "pattern_library.h"

#include "block.h"
#include "cli.h"
#include "embedded_patterns.h"
#include "pattern_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLATFORM_FILE "platforms.txt"

/* The file being read, for messages. */
struct source {
    const char *name;
    char *message;
    size_t size;
};

static enum library_status bad(const struct source *src, int block, const char *fmt, ...) {
    int n = block > 0 ? snprintf(src->message, src->size, "%s: block %d: ", src->name, block)
                      : snprintf(src->message, src->size, "%s: ", src->name);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < src->size)
        vsnprintf(src->message + n, src->size - (size_t)n, fmt, ap);
    va_end(ap);
    return LIBRARY_BAD;
}

static enum library_status parse(const struct source *src, const char *text,
                                 struct block_file *file) {
    struct text_error err;
    if (block_file_parse(text, strlen(text), false, file, &err))
        return LIBRARY_OK;
    if (strcmp(err.message, "out of memory") == 0)
        return LIBRARY_NO_MEMORY;
    return err.line > 0 ? bad(src, 0, "line %d: %s", err.line, err.message)
                        : bad(src, 0, "%s", err.message);
}

static enum library_status read_emitters(struct pattern_library *lib, int squares,
                                         const struct source *src, const char *text) {
    struct block_file file;
    enum library_status status = parse(src, text, &file);
    if (status != LIBRARY_OK)
        return status;
    int count = layout_count(squares);
    lib->layouts[squares] = malloc((size_t)count * sizeof *lib->layouts[squares]);
    lib->emitters[squares] = calloc((size_t)count, sizeof *lib->emitters[squares]);
    if (!lib->layouts[squares] || !lib->emitters[squares])
        status = LIBRARY_NO_MEMORY;
    else if (file.block_count != count)
        status = bad(src, 0, "%d patterns, expected %d", file.block_count, count);
    else
        layouts_enumerate(squares, lib->layouts[squares]);
    int first = emitter_first_height(squares);
    for (int i = 0; status == LIBRARY_OK && i < count; i++) {
        const struct block *b = &file.blocks[i];
        struct layout layout;
        struct pattern *p = &lib->emitters[squares][i];
        char reason[160];
        if (b->rows < first || (b->rows - first) % 4 != 0 || b->rows > MATRIX_MAX_HEIGHT)
            status = bad(src, i + 1, "%d rows: not an emitter height", b->rows);
        else if (!pattern_read_layout(b, squares, &layout) ||
                 memcmp(layout.columns, lib->layouts[squares][i].columns,
                        (size_t)squares * sizeof layout.columns[0]) != 0)
            status = bad(src, i + 1, "not the layout expected there (files list them in order)");
        else {
            pattern_start_emitter(p, &layout, b->rows);
            if (!pattern_read_pieces(b, p, reason, sizeof reason))
                status = bad(src, i + 1, "%s", reason);
        }
    }
    lib->emitter_count[squares] = status == LIBRARY_OK ? count : 0;
    block_file_free(&file);
    return status;
}

/* Every column a sprite uses must have a platform whose T can rest on a square there. */
static enum library_status check_platform_cover(const struct pattern_library *lib,
                                                const struct source *src) {
    for (int c = 2; c <= FIELD_WIDTH - 3; c++) {
        bool covered = false;
        for (int s = 0; s < PLATFORM_STARTS && !covered; s++)
            covered = lib->has_platform[s] && platform_start_of(s).t_column <= c &&
                      c <= platform_start_of(s).t_column + 2;
        if (!covered)
            return bad(src, 0, "no platform can start on a square in column %d", c);
    }
    return LIBRARY_OK;
}

static enum library_status read_platforms(struct pattern_library *lib, const struct source *src,
                                          const char *text) {
    struct block_file file;
    enum library_status status = parse(src, text, &file);
    if (status != LIBRARY_OK)
        return status;
    for (int i = 0; status == LIBRARY_OK && i < file.block_count; i++) {
        const struct block *b = &file.blocks[i];
        struct platform_start where;
        char reason[160];
        if (!pattern_read_platform(b, &where)) {
            status = bad(src, i + 1, "not a 4-row platform with a T 'A' in its bottom row");
            break;
        }
        int start = platform_start_number(where);
        struct pattern *p = &lib->platforms[start];
        pattern_start_platform(p, where);
        if (lib->has_platform[start])
            status = bad(src, i + 1, "a second platform with the T at column %d", where.t_column);
        else if (!pattern_read_pieces(b, p, reason, sizeof reason))
            status = bad(src, i + 1, "%s", reason);
        lib->has_platform[start] = status == LIBRARY_OK;
    }
    if (status == LIBRARY_OK)
        status = check_platform_cover(lib, src);
    block_file_free(&file);
    return status;
}

/* Reads one file's text into the library; `name` is the file's name within the library. */
static enum library_status read_file(struct pattern_library *lib, const char *name,
                                     const struct source *src, const char *text) {
    int squares;
    if (strcmp(name, PLATFORM_FILE) == 0)
        return read_platforms(lib, src, text);
    if (sscanf(name, "emitters%d.txt", &squares) == 1 && squares >= 1 && squares <= MAX_SQUARES)
        return read_emitters(lib, squares, src, text);
    return LIBRARY_OK;
}

/* The names of the files a library is made of. */
static void library_file_name(int index, char name[32]) {
    if (index < MAX_SQUARES)
        snprintf(name, 32, "emitters%d.txt", index + 1);
    else
        snprintf(name, 32, "%s", PLATFORM_FILE);
}
#define LIBRARY_FILES (MAX_SQUARES + 1)

enum library_status pattern_library_load_builtin(struct pattern_library *lib, char *message,
                                                 size_t size) {
    memset(lib, 0, sizeof *lib);
    enum library_status status = LIBRARY_OK;
    for (int f = 0; f < LIBRARY_FILES && status == LIBRARY_OK; f++) {
        char name[32];
        library_file_name(f, name);
        struct source src = {name, message, size};
        const char *text = NULL;
        for (int e = 0; e < EMBEDDED_PATTERN_FILE_COUNT; e++)
            if (strcmp(EMBEDDED_PATTERN_FILES[e].name, name) == 0)
                text = EMBEDDED_PATTERN_FILES[e].text;
        status = text ? read_file(lib, name, &src, text)
                      : bad(&src, 0, "missing from the built-in library");
    }
    if (status != LIBRARY_OK)
        pattern_library_free(lib);
    return status;
}

enum library_status pattern_library_load_dir(struct pattern_library *lib, const char *dir,
                                             char *message, size_t size) {
    memset(lib, 0, sizeof *lib);
    enum library_status status = LIBRARY_OK;
    for (int f = 0; f < LIBRARY_FILES && status == LIBRARY_OK; f++) {
        char name[32], path[4200];
        library_file_name(f, name);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        struct source src = {path, message, size};
        size_t length;
        char *text = cli_read_file(path, &length);
        if (!text)
            status = errno == ENOMEM ? LIBRARY_NO_MEMORY : bad(&src, 0, "%s", strerror(errno));
        else if (strlen(text) != length)
            status = bad(&src, 0, "holds a NUL byte");
        else
            status = read_file(lib, name, &src, text);
        free(text);
    }
    if (status != LIBRARY_OK)
        pattern_library_free(lib);
    return status;
}

void pattern_library_free(struct pattern_library *lib) {
    for (int n = 0; n <= MAX_SQUARES; n++) {
        free(lib->layouts[n]);
        free(lib->emitters[n]);
    }
    memset(lib, 0, sizeof *lib);
}

const struct pattern *pattern_library_emitter(const struct pattern_library *lib,
                                              const struct layout *layout) {
    int n = layout->squares;
    if (n < 1 || n > MAX_SQUARES)
        return NULL;
    int low = 0, high = lib->emitter_count[n] - 1;
    while (low <= high) { /* the files list layouts in increasing order */
        int mid = (low + high) / 2;
        int order = layout_compare(&lib->layouts[n][mid], layout);
        if (order == 0)
            return &lib->emitters[n][mid];
        if (order < 0)
            low = mid + 1;
        else
            high = mid - 1;
    }
    return NULL;
}
