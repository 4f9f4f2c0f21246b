#include "check_library.h"

#include "cli.h"
#include "fallback_set.h"
#include "fallback_tiles.h"
#include "parity.h"
#include "pattern_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pattern file being checked. */
struct checked_file {
    char path[4096];
    struct block_file file;
    int problems;
};

static void problem(struct checked_file *f, int block, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (block > 0)
        fprintf(stderr, "%s: %s: block %d: ", cli_program(), f->path, block);
    else
        fprintf(stderr, "%s: %s: ", cli_program(), f->path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    f->problems++;
}

/* Reads DIR/NAME; a file of another width than the library's is a problem too. */
static bool load(struct checked_file *f, const char *dir, const char *name, int width) {
    snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
    f->problems = 0;
    size_t length;
    char reason[128];
    char *text = cli_read_regular_file(f->path, PATTERN_FILE_MAX_BYTES, false, &length, reason,
                                       sizeof reason);
    if (!text) {
        cli_error("%s: %s", f->path, reason);
        f->problems++;
        return false;
    }
    struct text_error err;
    bool ok = block_file_parse(text, length, false, &f->file, &err);
    free(text);
    if (!ok) {
        cli_error("%s:%d: %s", f->path, err.line, err.message);
        f->problems++;
    } else if (f->file.width != width) {
        problem(f, 0, "lines of %d characters: not a library of the %d-wide field", f->file.width,
                width);
        block_file_free(&f->file);
        ok = false;
    }
    return ok;
}

/* Replays the structure at blocks[first] (up to `end`) drawn from `start` under the
 * matrix model (pattern_read.h). */
static bool replay(struct checked_file *f, int first, int end, struct pattern *start) {
    char reason[192];
    if (pattern_read_pieces(&f->file.blocks[first], end - first, start, reason, sizeof reason))
        return true;
    problem(f, first + 1, "%s", reason);
    return false;
}

/* A smaller height of an emitter, or a platform start missing from the file, that must be
 * proved to have no packing. */
struct proof_job {
    struct layout layout; /* emitters */
    int set;              /* emitter squares, or PLATFORM_SET */
    int block;            /* in the file, for messages; 0 for a missing platform */
    int height;
    int index; /* layout index, or platform start number */
    bool has_packing;
};

struct proof_jobs {
    struct proof_job *items;
    int count;
    const struct search_settings *settings;
};

static void proof_job(int index, struct dead_cache *cache, void *context) {
    struct proof_jobs *jobs = context;
    struct proof_job *job = &jobs->items[index];
    struct search_result result;
    if (job->set == PLATFORM_SET) {
        search_platform_start(job->index, jobs->settings, cache, &result);
        job->has_packing = result.found;
        return;
    }
    struct pattern start;
    pattern_start_emitter(&start, jobs->settings->width, &job->layout, job->height);
    struct packing_outcome outcome;
    packing_solve(&start.start, job_seed(jobs->settings->seed, job->set, job->index, job->height),
                  jobs->settings->limits, cache, &outcome);
    job->has_packing = outcome.result == PACKING_FOUND;
}

static bool run_proofs(struct proof_jobs *jobs, const char *label) {
    return run_jobs(jobs->count, jobs->settings->width, label, jobs->settings->quiet, proof_job,
                    jobs);
}

/* Checks the structure of layout `index` at blocks[first..end) and queues the proofs of
 * its smaller heights. */
static void check_emitter(struct checked_file *f, int squares, int index, int first, int end,
                          struct layout *previous, struct proof_jobs *jobs) {
    const struct block *b = &f->file.blocks[first];
    int width = jobs->settings->width;
    struct layout layout;
    struct pattern start;
    if (!pattern_emitter_height_valid(width, squares, b->rows)) {
        problem(f, first + 1, "%d rows: not a height h <= %d where %dh - 3n is divisible by 4",
                b->rows, MATRIX_MAX_HEIGHT, width);
        return;
    }
    if (!pattern_read_layout(b, squares, &layout)) {
        problem(f, first + 1, "the bottom row doesn't hold %d triples 'A'.. left to right",
                squares);
        return;
    }
    if (index > 0 && layout_compare(previous, &layout) >= 0)
        problem(f, first + 1, "layouts are not in increasing order");
    *previous = layout;
    pattern_start_emitter(&start, width, &layout, b->rows);
    replay(f, first, end, &start);
    for (int h = parity_first_height(width, squares); h < b->rows; h += 4)
        jobs->items[jobs->count++] =
            (struct proof_job){layout, squares, first + 1, h, index, false};
}

static int check_emitters(const char *dir, int squares, const struct search_settings *settings,
                          int *pattern_count) {
    struct checked_file f;
    char name[32];
    snprintf(name, sizeof name, "emitters%d.txt", squares);
    if (!load(&f, dir, name, settings->width))
        return f.problems;
    const struct block *blocks = f.file.blocks;
    int count = f.file.block_count, patterns = 0;
    for (int first = 0; first < count; first = block_structure_end(blocks, count, first))
        patterns++;
    long expected = layout_count(settings->width, squares);
    if (patterns != expected)
        problem(&f, 0, "%d patterns, expected %ld", patterns, expected);
    int heights = MATRIX_MAX_HEIGHT / 4 + 1; /* proofs per layout, at most */
    struct proof_jobs jobs = {calloc((size_t)patterns * (size_t)heights + 1, sizeof *jobs.items), 0,
                              settings};
    struct layout previous = {0};
    for (int first = 0, index = 0, end; first < count && jobs.items; first = end, index++) {
        end = block_structure_end(blocks, count, first);
        check_emitter(&f, squares, index, first, end, &previous, &jobs);
    }
    if (!jobs.items || !run_proofs(&jobs, name))
        problem(&f, 0, "out of memory");
    for (int j = 0; jobs.items && j < jobs.count; j++)
        if (jobs.items[j].has_packing)
            problem(&f, jobs.items[j].block, "not minimal: a packing exists with %d rows",
                    jobs.items[j].height);
    *pattern_count += patterns;
    free(jobs.items);
    block_file_free(&f.file);
    return f.problems;
}

static int check_platforms(const char *dir, const struct search_settings *settings,
                           int *pattern_count) {
    struct checked_file f;
    int width = settings->width, starts = platform_start_count(width);
    if (!load(&f, dir, "platforms.txt", width))
        return f.problems;
    const struct block *blocks = f.file.blocks;
    int count = f.file.block_count, patterns = 0;
    bool present[PLATFORM_MAX_STARTS] = {false};
    int previous = -1;
    for (int first = 0, end; first < count; first = end, patterns++) {
        end = block_structure_end(blocks, count, first);
        struct platform_start where;
        struct pattern start;
        char reason[192];
        if (!pattern_read_platform(&blocks[first], end - first, &where, reason, sizeof reason)) {
            problem(&f, first + 1, "%s", reason);
            continue;
        }
        int index = platform_start_number(where);
        if (index <= previous)
            problem(&f, first + 1, "platforms are not in increasing order of T column and side");
        previous = index;
        present[index] = true;
        pattern_start_platform(&start, width, where);
        if (!pattern_read_platform_pieces(&blocks[first], end - first, where.side, &start, reason,
                                          sizeof reason))
            problem(&f, first + 1, "%s", reason);
    }
    /* Every start missing from the file must be proved impossible. */
    struct proof_jobs jobs = {calloc((size_t)starts, sizeof *jobs.items), 0, settings};
    for (int s = 0; s < starts && jobs.items; s++)
        if (!present[s])
            jobs.items[jobs.count++] =
                (struct proof_job){.set = PLATFORM_SET, .height = PLATFORM_HEIGHT, .index = s};
    if (!jobs.items || !run_proofs(&jobs, "platforms"))
        problem(&f, 0, "out of memory");
    for (int j = 0; jobs.items && j < jobs.count; j++) {
        struct platform_start missing = platform_start_of(jobs.items[j].index);
        if (jobs.items[j].has_packing)
            problem(&f, 0, "missing platform: T at column %d with the %s notch exists",
                    missing.t_column, missing.side == NOTCH_RIGHT ? "right" : "left");
    }
    *pattern_count += patterns;
    free(jobs.items);
    block_file_free(&f.file);
    return f.problems;
}

int check_library(const char *dir, const bool emitter_sets[LAYOUT_MAX_SQUARES + 1], bool platforms,
                  bool fallback, const struct search_settings *settings) {
    int problems = 0, patterns = 0;
    long passes = 0;
    for (int n = 1; n <= layout_max_squares(settings->width); n++)
        if (emitter_sets[n])
            problems += check_emitters(dir, n, settings, &patterns);
    if (platforms)
        problems += check_platforms(dir, settings, &patterns);
    if (fallback)
        problems += fallback_set_check(dir, &passes);
    if (problems) {
        cli_error("%s: %d problem%s found", dir, problems, problems == 1 ? "" : "s");
        return EXIT_FAILED;
    }
    if (!settings->quiet && (patterns > 0 || !fallback))
        printf("%s: %d patterns checked: all legal, complete, in order and minimal\n", dir,
               patterns);
    if (!settings->quiet && fallback)
        printf("%s: %s: %d tiles legal, and every fallback pass of every width from %d to %d "
               "put together from them and checked (%ld)\n",
               dir, FALLBACK_FILE_NAME, FALLBACK_TILES, FIELD_MIN_WIDTH, FIELD_MAX_WIDTH, passes);
    return EXIT_OK;
}
