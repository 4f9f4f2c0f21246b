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

static enum library_status parse(const struct pattern_library *lib, const struct source *src,
                                 const char *text, struct block_file *file) {
    struct text_error err;
    if (!block_file_parse(text, strlen(text), false, file, &err)) {
        if (strcmp(err.message, "out of memory") == 0)
            return LIBRARY_NO_MEMORY;
        return err.line > 0 ? bad(src, 0, "line %d: %s", err.line, err.message)
                            : bad(src, 0, "%s", err.message);
    }
    if (file->width == lib->width)
        return LIBRARY_OK;
    enum library_status status =
        bad(src, 0, "lines of %d characters: a library of the %d-wide field, not %d", file->width,
            file->width, lib->width);
    block_file_free(file);
    return status;
}

/* The number of patterns in a file: blocks and the blocks continuing them count once. */
static int structure_count(const struct block_file *file) {
    int count = 0;
    for (int first = 0; first < file->block_count;
         first = block_structure_end(file->blocks, file->block_count, first))
        count++;
    return count;
}

static enum library_status read_emitters(struct pattern_library *lib, int squares,
                                         const struct source *src, const char *text) {
    struct block_file file;
    enum library_status status = parse(lib, src, text, &file);
    if (status != LIBRARY_OK)
        return status;
    long count = layout_count(lib->width, squares);
    lib->layouts[squares] = malloc((size_t)count * sizeof *lib->layouts[squares]);
    lib->emitters[squares] = calloc((size_t)count, sizeof *lib->emitters[squares]);
    if (!lib->layouts[squares] || !lib->emitters[squares])
        status = LIBRARY_NO_MEMORY;
    else if (structure_count(&file) != count)
        status = bad(src, 0, "%d patterns, expected %ld", structure_count(&file), count);
    else
        layouts_enumerate(lib->width, squares, lib->layouts[squares]);
    for (int i = 0, first = 0, end; status == LIBRARY_OK && i < count; i++, first = end) {
        end = block_structure_end(file.blocks, file.block_count, first);
        const struct block *b = &file.blocks[first];
        struct layout layout;
        struct pattern *p = &lib->emitters[squares][i];
        char reason[160];
        if (!pattern_emitter_height_valid(lib->width, squares, b->rows))
            status = bad(src, first + 1, "%d rows: not an emitter height", b->rows);
        else if (!pattern_read_layout(b, squares, &layout) ||
                 memcmp(layout.columns, lib->layouts[squares][i].columns,
                        (size_t)squares * sizeof layout.columns[0]) != 0)
            status =
                bad(src, first + 1, "not the layout expected there (files list them in order)");
        else {
            pattern_start_emitter(p, lib->width, &layout, b->rows);
            if (!pattern_read_pieces(b, end - first, p, reason, sizeof reason))
                status = bad(src, first + 1, "%s", reason);
        }
    }
    lib->emitter_count[squares] = status == LIBRARY_OK ? (int)count : 0;
    block_file_free(&file);
    return status;
}

/* Every column a sprite uses must have a platform whose T can rest on a square there. */
static enum library_status check_platform_cover(const struct pattern_library *lib,
                                                const struct source *src) {
    int starts = platform_start_count(lib->width);
    for (int c = FIELD_EDGE_COLUMNS; c < lib->width - FIELD_EDGE_COLUMNS; c++) {
        bool covered = false;
        for (int s = 0; s < starts && !covered; s++) {
            int t = platform_start_of(s).t_column;
            covered = lib->has_platform[s] && t <= c && c <= t + 2;
        }
        if (!covered)
            return bad(src, 0, "no platform can start on a square in column %d", c);
    }
    return LIBRARY_OK;
}

static enum library_status read_platforms(struct pattern_library *lib, const struct source *src,
                                          const char *text) {
    struct block_file file;
    enum library_status status = parse(lib, src, text, &file);
    if (status != LIBRARY_OK)
        return status;
    for (int first = 0, end; status == LIBRARY_OK && first < file.block_count; first = end) {
        end = block_structure_end(file.blocks, file.block_count, first);
        const struct block *b = &file.blocks[first];
        struct platform_start where;
        char reason[192];
        if (!pattern_read_platform(b, end - first, &where, reason, sizeof reason)) {
            status = bad(src, first + 1, "%s", reason);
            break;
        }
        int start = platform_start_number(where);
        struct pattern *p = &lib->platforms[start];
        pattern_start_platform(p, lib->width, where);
        if (lib->has_platform[start])
            status =
                bad(src, first + 1, "a second platform with the T at column %d", where.t_column);
        else if (!pattern_read_platform_pieces(b, end - first, where.side, p, reason,
                                               sizeof reason))
            status = bad(src, first + 1, "%s", reason);
        lib->has_platform[start] = status == LIBRARY_OK;
    }
    if (status == LIBRARY_OK)
        status = check_platform_cover(lib, src);
    block_file_free(&file);
    return status;
}

void pattern_file_name(int squares, char name[32]) {
    if (squares > 0)
        snprintf(name, 32, "emitters%d.txt", squares);
    else
        snprintf(name, 32, "platforms.txt");
}

/* The built-in fallback.txt, read. */
static bool read_fallback(struct pattern_library *lib) {
    for (int e = 0; e < EMBEDDED_PATTERN_FILE_COUNT; e++) {
        char ignored[256];
        if (strcmp(EMBEDDED_PATTERN_FILES[e].name, FALLBACK_FILE_NAME) == 0)
            return fallback_tiles_read(FALLBACK_FILE_NAME, EMBEDDED_PATTERN_FILES[e].text,
                                       lib->fallback, ignored, sizeof ignored);
    }
    return false;
}

bool pattern_library_init(struct pattern_library *lib, int width, int max_squares) {
    memset(lib, 0, sizeof *lib);
    lib->width = width;
    lib->max_squares = max_squares;
    int starts = platform_start_count(width);
    lib->platforms = calloc((size_t)starts, sizeof *lib->platforms);
    lib->has_platform = calloc((size_t)starts, sizeof *lib->has_platform);
    lib->fallback = malloc(sizeof *lib->fallback);
    if (lib->platforms && lib->has_platform && lib->fallback && read_fallback(lib))
        return true;
    pattern_library_free(lib);
    return false;
}

enum library_status pattern_library_read(struct pattern_library *lib, int squares, const char *name,
                                         const char *text, char *message, size_t size) {
    struct source src = {name, message, size};
    return squares ? read_emitters(lib, squares, &src, text) : read_platforms(lib, &src, text);
}

enum library_status pattern_library_load_builtin(struct pattern_library *lib, char *message,
                                                 size_t size) {
    int width = FIELD_DEFAULT_WIDTH, max_squares = layout_max_squares(width);
    if (!pattern_library_init(lib, width, max_squares))
        return LIBRARY_NO_MEMORY;
    enum library_status status = LIBRARY_OK;
    for (int i = 1; i <= max_squares + 1 && status == LIBRARY_OK; i++) {
        int squares = i % (max_squares + 1); /* emitters1 .. emittersN, then the platforms */
        char name[32];
        pattern_file_name(squares, name);
        const char *text = NULL;
        for (int e = 0; e < EMBEDDED_PATTERN_FILE_COUNT; e++)
            if (strcmp(EMBEDDED_PATTERN_FILES[e].name, name) == 0)
                text = EMBEDDED_PATTERN_FILES[e].text;
        status = text ? pattern_library_read(lib, squares, name, text, message, size)
                      : bad(&(struct source){name, message, size}, 0,
                            "missing from the built-in library");
    }
    if (status != LIBRARY_OK)
        pattern_library_free(lib);
    return status;
}

enum library_status pattern_library_load_dir(struct pattern_library *lib, const char *dir,
                                             int width, int max_squares, char *message,
                                             size_t size) {
    if (!pattern_library_init(lib, width, max_squares))
        return LIBRARY_NO_MEMORY;
    enum library_status status = LIBRARY_OK;
    for (int i = 1; i <= max_squares + 1 && status == LIBRARY_OK; i++) {
        int squares = i % (max_squares + 1); /* emitters1 .. emittersN, then the platforms */
        char name[32], path[4200];
        pattern_file_name(squares, name);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        size_t length;
        char reason[128];
        char *text = cli_read_regular_file(path, PATTERN_FILE_MAX_BYTES, false, &length, reason,
                                           sizeof reason);
        if (!text)
            status = errno == ENOMEM ? LIBRARY_NO_MEMORY
                                     : bad(&(struct source){path, message, size}, 0, "%s", reason);
        else if (strlen(text) != length)
            status = bad(&(struct source){path, message, size}, 0, "holds a NUL byte");
        else
            status = pattern_library_read(lib, squares, path, text, message, size);
        free(text);
    }
    if (status != LIBRARY_OK)
        pattern_library_free(lib);
    return status;
}

void pattern_library_forget(struct pattern_library *lib, int squares) {
    if (squares) {
        free(lib->layouts[squares]);
        free(lib->emitters[squares]);
        lib->layouts[squares] = NULL;
        lib->emitters[squares] = NULL;
        lib->emitter_count[squares] = 0;
    } else {
        memset(lib->has_platform, 0, (size_t)platform_start_count(lib->width));
    }
}

void pattern_library_free(struct pattern_library *lib) {
    for (int n = 0; n <= LAYOUT_MAX_SQUARES; n++) {
        free(lib->layouts[n]);
        free(lib->emitters[n]);
    }
    free(lib->platforms);
    free(lib->has_platform);
    free(lib->fallback);
    memset(lib, 0, sizeof *lib);
}

const struct pattern *pattern_library_emitter(const struct pattern_library *lib,
                                              const struct layout *layout) {
    int n = layout->squares;
    if (n < 1 || n > lib->max_squares)
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
