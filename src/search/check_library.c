#include "check_library.h"

#include "cli.h"
#include "pattern_read.h"
#include "tetromino.h"

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

static bool load(struct checked_file *f, const char *dir, const char *name) {
    snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
    f->problems = 0;
    size_t length;
    char *text = cli_read_file(f->path, &length);
    if (!text) {
        cli_error("%s: %s", f->path, strerror(errno));
        f->problems++;
        return false;
    }
    struct text_error err;
    bool ok = block_file_parse(text, length, false, &f->file, &err);
    free(text);
    if (!ok) {
        cli_error("%s:%d: %s", f->path, err.line, err.message);
        f->problems++;
    }
    return ok;
}

/* Replays a block drawn from `start` under the matrix model (pattern_read.h). */
static bool replay(struct checked_file *f, int block_no, const struct block *b,
                   struct pattern *start) {
    char reason[192];
    if (pattern_read_pieces(b, start, reason, sizeof reason))
        return true;
    problem(f, block_no, "%s", reason);
    return false;
}

/* A smaller height of a pattern that must be proved to have no packing. */
struct proof_job {
    struct pattern start;
    int block;
    int height;
    int set;
    int index;
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
    struct packing_outcome outcome;
    packing_solve(&job->start.start,
                  job_seed(jobs->settings->seed, job->set, job->index, job->height),
                  jobs->settings->limits, cache, &outcome);
    job->has_packing = outcome.result == PACKING_FOUND;
}

static bool run_proofs(struct proof_jobs *jobs, const char *label) {
    return run_jobs(jobs->count, label, jobs->settings->quiet, proof_job, jobs);
}

static int check_emitters(const char *dir, int squares, const struct search_settings *settings,
                          int *pattern_count) {
    struct checked_file f;
    char name[32];
    snprintf(name, sizeof name, "emitters%d.txt", squares);
    if (!load(&f, dir, name))
        return f.problems;
    int expected = layout_count(squares);
    if (f.file.block_count != expected)
        problem(&f, 0, "%d patterns, expected %d", f.file.block_count, expected);
    struct proof_jobs jobs = {calloc((size_t)f.file.block_count * 4 + 1, sizeof *jobs.items), 0,
                              settings};
    struct layout previous = {0};
    for (int i = 0; i < f.file.block_count && jobs.items; i++) {
        const struct block *b = &f.file.blocks[i];
        struct layout layout;
        struct pattern start;
        int first = emitter_first_height(squares);
        if (b->rows < first || (b->rows - first) % 4 != 0 || b->rows > MATRIX_MAX_HEIGHT) {
            problem(&f, i + 1, "%d rows: not a height where 21h - 3n is divisible by 4", b->rows);
            continue;
        }
        if (!pattern_read_layout(b, squares, &layout)) {
            problem(&f, i + 1, "the bottom row doesn't hold %d triples 'A'.. left to right",
                    squares);
            continue;
        }
        if (i > 0 && layout_compare(&previous, &layout) >= 0)
            problem(&f, i + 1, "layouts are not in increasing order");
        previous = layout;
        pattern_start_emitter(&start, &layout, b->rows);
        replay(&f, i + 1, b, &start);
        for (int h = first; h < b->rows; h += 4) {
            struct proof_job *job = &jobs.items[jobs.count++];
            pattern_start_emitter(&job->start, &layout, h);
            *job = (struct proof_job){job->start, i + 1, h, squares, i, false};
        }
    }
    if (!jobs.items || !run_proofs(&jobs, name))
        problem(&f, 0, "out of memory");
    for (int j = 0; jobs.items && j < jobs.count; j++)
        if (jobs.items[j].has_packing)
            problem(&f, jobs.items[j].block, "not minimal: a packing exists with %d rows",
                    jobs.items[j].height);
    *pattern_count += f.file.block_count;
    free(jobs.items);
    block_file_free(&f.file);
    return f.problems;
}

static int check_platforms(const char *dir, const struct search_settings *settings,
                           int *pattern_count) {
    struct checked_file f;
    if (!load(&f, dir, "platforms.txt"))
        return f.problems;
    bool present[PLATFORM_STARTS] = {false};
    int previous = -1;
    for (int i = 0; i < f.file.block_count; i++) {
        const struct block *b = &f.file.blocks[i];
        struct platform_start where;
        struct pattern start;
        if (!pattern_read_platform(b, &where)) {
            problem(&f, i + 1, "not a 4-row platform with a T 'A' in its bottom row");
            continue;
        }
        int index = platform_start_number(where);
        if (index <= previous)
            problem(&f, i + 1, "platforms are not in increasing order of T column and side");
        previous = index;
        present[index] = true;
        pattern_start_platform(&start, where);
        replay(&f, i + 1, b, &start);
    }
    /* Every start missing from the file must be proved impossible. */
    struct proof_jobs jobs = {calloc(PLATFORM_STARTS, sizeof *jobs.items), 0, settings};
    for (int s = 0; s < PLATFORM_STARTS && jobs.items; s++) {
        if (present[s])
            continue;
        struct proof_job *job = &jobs.items[jobs.count++];
        pattern_start_platform(&job->start, platform_start_of(s));
        *job = (struct proof_job){job->start, 0, PLATFORM_HEIGHT, PLATFORM_SET, s, false};
    }
    if (!jobs.items || !run_proofs(&jobs, "platforms"))
        problem(&f, 0, "out of memory");
    for (int j = 0; jobs.items && j < jobs.count; j++)
        if (jobs.items[j].has_packing)
            problem(&f, 0, "missing platform: T at column %d with the %s notch exists",
                    platform_start_of(jobs.items[j].index).t_column,
                    platform_start_of(jobs.items[j].index).side == NOTCH_RIGHT ? "right" : "left");
    *pattern_count += f.file.block_count;
    free(jobs.items);
    block_file_free(&f.file);
    return f.problems;
}

int check_library(const char *dir, const bool emitter_sets[MAX_SQUARES + 1], bool platforms,
                  const struct search_settings *settings) {
    int problems = 0, patterns = 0;
    for (int n = 1; n <= MAX_SQUARES; n++)
        if (emitter_sets[n])
            problems += check_emitters(dir, n, settings, &patterns);
    if (platforms)
        problems += check_platforms(dir, settings, &patterns);
    if (problems) {
        cli_error("%s: %d problem%s found", dir, problems, problems == 1 ? "" : "s");
        return EXIT_FAILED;
    }
    if (!settings->quiet)
        printf("%s: %d patterns checked: all legal, complete, in order and minimal\n", dir,
               patterns);
    return EXIT_OK;
}
