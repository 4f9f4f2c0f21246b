#include "pattern_cache.h"

#include "atomic_output.h"
#include "cli.h"
#include "pattern_read.h"
#include "pattern_search.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CACHE_SUBDIR "tetris-printer/patterns-v2" /* bump when the files' meaning changes */
#define CACHE_SQUARES 1                           /* the emitter set the cache holds */
/* The converter needs a packing for every layout, not the proof that no smaller height
 * has one: the search at a height ends after its budgeted tries (the proofs dominate the
 * time on wide fields). */
#define CACHE_SEARCH_LIMITS                                                                        \
    ((struct packing_limits){.tries = 2000, .attempts_per_try = 1000, .final_attempts = 1000})

bool pattern_cache_dir(int width, char *path, size_t size, char *why, size_t why_size) {
    const char *base = getenv("XDG_CACHE_HOME"), *home = getenv("HOME"), *variable;
    int n;
    if (base && base[0] == '/') { /* the XDG spec ignores a relative XDG_CACHE_HOME */
        variable = "XDG_CACHE_HOME";
        n = snprintf(path, size, "%s/%s/width-%d", base, CACHE_SUBDIR, width);
    } else if (home && home[0]) {
        variable = "HOME";
        n = snprintf(path, size, "%s/.cache/%s/width-%d", home, CACHE_SUBDIR, width);
    } else {
        return cli_reason(why, why_size, "set HOME or XDG_CACHE_HOME");
    }
    if (n > 0 && (size_t)n < size)
        return true;
    return cli_reason(why, why_size, "%s is too long: the cache's path would be %d bytes", variable,
                      n);
}

/* The directories of the cache that are the program's own (tetris-printer/ and below, not
 * the user's XDG_CACHE_HOME): each must be a directory, not a link, of this user, that no
 * one else can write; one missing is fine, it will be made. False with why in `why`. */
static bool cache_dirs_safe(const char *dir, char *why, size_t why_size) {
    char partial[4096];
    size_t length = strlen(dir), own = 0; /* where "/tetris-printer/..." starts */
    for (const char *at = dir; (at = strstr(at, "/" CACHE_SUBDIR "/")) != NULL; at++)
        own = (size_t)(at - dir);
    for (size_t i = own + 1; i <= length && length < sizeof partial; i++) {
        if (dir[i] != '/' && dir[i] != '\0')
            continue;
        memcpy(partial, dir, i);
        partial[i] = '\0';
        struct stat st;
        if (lstat(partial, &st) != 0) /* missing: made later; else writing it says why */
            return true;
        if (S_ISLNK(st.st_mode))
            return cli_reason(why, why_size, "%s is a symbolic link", partial);
        if (!S_ISDIR(st.st_mode))
            return cli_reason(why, why_size, "%s is not a directory", partial);
        if (st.st_uid != geteuid())
            return cli_reason(why, why_size, "%s belongs to another user", partial);
        if (st.st_mode & (S_IWGRP | S_IWOTH))
            return cli_reason(why, why_size, "others can write in %s", partial);
    }
    return true;
}

/* mkdir -p, new directories 0700 as the XDG spec asks. */
static bool make_directories(const char *path) {
    char partial[4096];
    size_t length = strlen(path);
    if (length >= sizeof partial)
        return false;
    for (size_t i = 1; i <= length; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        memcpy(partial, path, i);
        partial[i] = '\0';
        if (mkdir(partial, 0700) != 0 && errno != EEXIST)
            return false;
    }
    return true;
}

/* One set being searched: an emitter set (squares 1..) or the platforms (0). */
struct set_search {
    struct search_settings settings;
    int squares;
    struct layout *layouts;
    struct search_result *results;
};

static void search_job(int index, struct dead_cache *cache, void *context) {
    struct set_search *s = context;
    if (s->squares)
        search_emitter_layout(index, &s->layouts[index], &s->settings, cache, &s->results[index]);
    else
        search_platform_scaffolded(index, &s->settings, cache, &s->results[index]);
}

/* False, with the reason in `message`, when a layout of the set has no packing found. The
 * platforms are judged by the library reader (a column no platform can start from). */
static bool layouts_all_found(const struct set_search *s, char *message, size_t size) {
    int count = (int)layout_count(s->settings.width, s->squares);
    for (int i = 0; i < count; i++)
        if (!s->results[i].found)
            return cli_reason(message, size,
                              "the %d-wide field can't be printed: no packing up to %d rows was "
                              "found for the single-square emitter whose triple is at columns "
                              "%d-%d (tetris-search --width %d --squares 1 decides it)",
                              s->settings.width, MATRIX_MAX_HEIGHT, s->layouts[i].columns[0],
                              s->layouts[i].columns[0] + 2, s->settings.width);
    return true;
}

/* Searches a set; returns the text of its pattern file (to free), or NULL with `message`
 * set (`*status` says why). */
static char *search_set(int width, int squares, bool quiet, enum library_status *status,
                        char *message, size_t size) {
    struct set_search s = {
        .settings = {.width = width,
                     .seed = SEARCH_DEFAULT_SEED,
                     .limits = CACHE_SEARCH_LIMITS,
                     .quiet = quiet},
        .squares = squares,
    };
    int count = squares ? (int)layout_count(width, squares) : platform_start_count(width);
    s.layouts = calloc((size_t)count, sizeof *s.layouts);
    s.results = calloc((size_t)count, sizeof *s.results);
    char *text = NULL, label[64];
    size_t length = 0;
    *status = LIBRARY_NO_MEMORY;
    snprintf(label, sizeof label, "searching %d-wide %s", width,
             squares ? "emitters" : "platforms");
    if (s.layouts && s.results) {
        if (squares)
            layouts_enumerate(width, squares, s.layouts);
        if (run_jobs(count, width, label, quiet, search_job, &s)) {
            *status = LIBRARY_BAD;
            if (!squares || layouts_all_found(&s, message, size)) {
                FILE *memory = open_memstream(&text, &length);
                bool written = memory && search_results_write(memory, s.results, count);
                if (memory && fclose(memory) != 0)
                    written = false;
                *status = written ? LIBRARY_OK : LIBRARY_NO_MEMORY;
            }
        }
    }
    if (*status != LIBRARY_OK) {
        free(text);
        text = NULL;
        if (*status == LIBRARY_NO_MEMORY)
            cli_reason(message, size, "out of memory");
    }
    free(s.layouts);
    free(s.results);
    return text;
}

/* Writes a set's file into the cache; a failure is only a warning (false: the cache is
 * not used further). */
static bool cache_write(const char *dir, const char *path, const char *text) {
    struct atomic_output out;
    char why[4200];
    if (make_directories(dir) && !cache_dirs_safe(dir, why, sizeof why)) {
        cli_error("warning: the pattern cache is not used: %s", why);
        return false;
    }
    bool ok = atomic_output_open_replacing(&out, path);
    if (ok && fputs(text, out.file) == EOF) {
        int saved = errno;
        atomic_output_abort(&out);
        errno = saved;
        ok = false;
    } else if (ok) {
        ok = atomic_output_commit(&out);
    }
    if (!ok)
        cli_error("warning: can't cache the patterns in %s: %s (they will be searched again)", path,
                  strerror(errno));
    return ok;
}

/* How reading the cache went. */
enum cache_read { CACHE_READ, CACHE_MISSING, CACHE_REFUSED };

/* Reads a set from the cache: CACHE_MISSING (and the set forgotten) when it is missing or
 * invalid, to be searched and replaced; CACHE_REFUSED, with a warning, when the cache
 * must not be used (a link) or the file can't be read (it is then replaced). */
static enum cache_read cache_read(struct pattern_library *lib, int squares, const char *path) {
    size_t length;
    char reason[128], ignored[256];
    char *text =
        cli_read_regular_file(path, PATTERN_FILE_MAX_BYTES, true, &length, reason, sizeof reason);
    int error = errno;
    bool ok = text && strlen(text) == length &&
              pattern_library_read(lib, squares, path, text, ignored, sizeof ignored) == LIBRARY_OK;
    free(text);
    if (ok)
        return CACHE_READ;
    pattern_library_forget(lib, squares);
    if (!text && error == EMLINK) {
        cli_error("warning: the pattern cache is not used: %s is %s", path, reason);
        return CACHE_REFUSED;
    }
    if (!text && error == EACCES)
        cli_error("warning: can't read the cached patterns %s: %s (they are searched again and "
                  "replaced)",
                  path, reason);
    return CACHE_MISSING;
}

/* What a width's first search says before it starts, unless quiet: what it does, where it
 * keeps what it finds, and about how long it takes: 0.39 s at width 37 and 2.45 s at 69 on
 * two cores (tests/bench-convert.sh), growing as the cube of the width, shared by the
 * threads. */
static void announce_search(int width, const char *dir) {
    double seconds = 0.39 * pow(width / 37.0, 3) * 2 / omp_get_max_threads();
    fprintf(stderr,
            "%s: searching the patterns of the %d-wide field, about %.*f s (once: they "
            "are kept in %s)\n",
            cli_program(), width, seconds < 10 ? 1 : 0, seconds, *dir ? dir : "no cache");
}

enum library_status pattern_cache_load(struct pattern_library *lib, int width, bool quiet,
                                       char *message, size_t size) {
    if (!pattern_library_init(lib, width, CACHE_SQUARES))
        return LIBRARY_NO_MEMORY;
    char dir[4096] = "", why[4200];
    bool cached = pattern_cache_dir(width, dir, sizeof dir, why, sizeof why);
    if (!cached)
        cli_error("warning: no cache for the patterns of the %d-wide field (%s): they are "
                  "searched every time",
                  width, why);
    else if (!(cached = cache_dirs_safe(dir, why, sizeof why)))
        cli_error("warning: the pattern cache is not used: %s", why);
    enum library_status status = LIBRARY_OK;
    int announced = 0;
    for (int squares = CACHE_SQUARES; squares >= 0 && status == LIBRARY_OK; squares--) {
        char name[32], path[4200] = "";
        pattern_file_name(squares, name);
        if (cached)
            snprintf(path, sizeof path, "%s/%s", dir, name);
        enum cache_read read = cached ? cache_read(lib, squares, path) : CACHE_MISSING;
        if (read == CACHE_READ)
            continue;
        cached = cached && read != CACHE_REFUSED;
        if (!quiet && !announced++)
            announce_search(width, cached ? dir : "");
        char *text = search_set(width, squares, quiet, &status, message, size);
        char reason[256];
        if (text)
            status = pattern_library_read(lib, squares, name, text, reason, sizeof reason);
        if (text && status == LIBRARY_BAD) /* "platforms.txt: no platform can start ..." */
            cli_reason(message, size,
                       "the %d-wide field can't be printed: among the platforms found, %s", width,
                       strlen(reason) > strlen(name) + 2 ? reason + strlen(name) + 2 : reason);
        if (status == LIBRARY_OK && cached)
            cached = cache_write(dir, path, text);
        free(text);
    }
    if (status != LIBRARY_OK)
        pattern_library_free(lib);
    return status;
}
