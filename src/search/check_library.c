#include "check_library.h"

#include "cli.h"
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

/* Replays a block drawn from `start`: the start shapes must be drawn exactly as the start
 * describes them, every other letter must be a tetromino whose drop is legal under the
 * matrix model at the place drawn, in letter order, and the matrix must end packed. */
static bool replay(struct checked_file *f, int block_no, const struct block *b,
                   const struct pattern *start) {
    struct block expected;
    if (!pattern_draw(start, &expected))
        return false;
    char last_start = (char)(BLOCK_FIRST_ID + start->shape_count - 1);
    bool ok = true;
    for (int r = 0; r < b->rows && ok; r++)
        for (int c = 0; c < BLOCK_WIDTH && ok; c++)
            if ((b->cells[r][c] <= last_start && b->cells[r][c] != '.') ||
                expected.cells[r][c] != '.')
                ok = b->cells[r][c] == expected.cells[r][c];
    block_free(&expected);
    if (!ok) {
        problem(f, block_no, "the starting cells (triples or T) are not where expected");
        return false;
    }
    /* The start shapes aren't tetrominoes (triples have 3 cells): list the pieces of a copy
     * without them. */
    struct block pieces_only;
    if (!block_alloc(&pieces_only, b->rows))
        return false;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < BLOCK_WIDTH; c++)
            if (b->cells[r][c] > last_start)
                pieces_only.cells[r][c] = b->cells[r][c];
    struct block_piece pieces[BLOCK_MAX_PIECES];
    struct text_error err;
    int count = block_pieces(&pieces_only, pieces, &err);
    block_free(&pieces_only);
    if (count < 0) {
        problem(f, block_no, "%s", err.message);
        return false;
    }
    struct matrix m = start->start;
    for (int i = 0; i < count; i++) {
        const struct block_piece *p = &pieces[i];
        if (p->id != last_start + 1 + i) {
            problem(f, block_no, "piece '%c' is out of sequence (expected '%c')", p->id,
                    last_start + 1 + i);
            return false;
        }
        int drop = 0;
        while (DROPS[drop].orientation != p->orientation || DROPS[drop].column != p->x)
            drop++;
        int base = b->rows - (p->y + ORIENTATIONS[p->orientation].height);
        if (matrix_drop_base(&m, drop) != base) {
            problem(f, block_no,
                    "piece '%c' can't be dropped there (gap under it, unsupported, or "
                    "outside the matrix)",
                    p->id);
            return false;
        }
        matrix_apply(&m, drop, base);
        if (!matrix_regions_ok(&m)) {
            problem(f, block_no, "piece '%c' leaves a region that is not a multiple of 4", p->id);
            return false;
        }
    }
    if (!matrix_packed(&m)) {
        problem(f, block_no, "the matrix is not completely packed");
        return false;
    }
    return true;
}

/* Reads the layout of an emitter block: letters 'A'.. each 3 cells in the bottom row. */
static bool read_layout(const struct block *b, int squares, struct layout *layout) {
    layout->squares = squares;
    const char *bottom = b->cells[b->rows - 1];
    for (int t = 0; t < squares; t++) {
        const char *first = memchr(bottom, BLOCK_FIRST_ID + t, BLOCK_WIDTH);
        if (!first || first - bottom > BLOCK_WIDTH - 3 || first[1] != first[0] ||
            first[2] != first[0])
            return false;
        layout->columns[t] = (int)(first - bottom);
        if (t > 0 && layout->columns[t] < layout->columns[t - 1] + 3)
            return false;
    }
    return true;
}

static int compare_layouts(const struct layout *a, const struct layout *b) {
    for (int t = 0; t < a->squares; t++)
        if (a->columns[t] != b->columns[t])
            return a->columns[t] < b->columns[t] ? -1 : 1;
    return 0;
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
        if (!read_layout(b, squares, &layout)) {
            problem(&f, i + 1, "the bottom row doesn't hold %d triples 'A'.. left to right",
                    squares);
            continue;
        }
        if (i > 0 && compare_layouts(&previous, &layout) >= 0)
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

/* Reads a platform block's T column and notch side. */
static bool read_platform(const struct block *b, int *t_column, enum notch_side *side) {
    if (b->rows != PLATFORM_HEIGHT)
        return false;
    const char *bottom = b->cells[PLATFORM_HEIGHT - 1];
    const char *first = memchr(bottom, BLOCK_FIRST_ID, BLOCK_WIDTH);
    if (!first || first - bottom > BLOCK_WIDTH - 3)
        return false;
    *t_column = (int)(first - bottom);
    *side = b->cells[0][0] == '.' ? NOTCH_LEFT : NOTCH_RIGHT;
    return true;
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
        int t;
        enum notch_side side;
        struct pattern start;
        if (!read_platform(b, &t, &side)) {
            problem(&f, i + 1, "not a 4-row platform with a T 'A' in its bottom row");
            continue;
        }
        int index = t * 2 + (int)side;
        if (index <= previous)
            problem(&f, i + 1, "platforms are not in increasing order of T column and side");
        previous = index;
        present[index] = true;
        pattern_start_platform(&start, t, side);
        replay(&f, i + 1, b, &start);
    }
    /* Every start missing from the file must be proved impossible. */
    struct proof_jobs jobs = {calloc(PLATFORM_STARTS, sizeof *jobs.items), 0, settings};
    for (int s = 0; s < PLATFORM_STARTS && jobs.items; s++) {
        if (present[s])
            continue;
        struct proof_job *job = &jobs.items[jobs.count++];
        pattern_start_platform(&job->start, s / 2, (enum notch_side)(s % 2));
        *job = (struct proof_job){job->start, 0, PLATFORM_HEIGHT, PLATFORM_SET, s, false};
    }
    if (!jobs.items || !run_proofs(&jobs, "platforms"))
        problem(&f, 0, "out of memory");
    for (int j = 0; jobs.items && j < jobs.count; j++)
        if (jobs.items[j].has_packing)
            problem(&f, 0, "missing platform: T at column %d with the %s notch exists",
                    jobs.items[j].index / 2, jobs.items[j].index % 2 ? "right" : "left");
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
