#include "pattern_search.h"

#include "cli.h"
#include "parity.h"
#include "rng.h"
#include "tetromino.h"

#include <stdio.h>
#include <stdlib.h>

uint64_t job_seed(uint64_t seed, int set, int index, int height) {
    return rng_derive(rng_derive(seed, (uint64_t)set), (uint64_t)index * 64 + (uint64_t)height);
}

static void record_outcome(struct search_result *r, struct pattern *p,
                           const struct packing_outcome *o, int height) {
    r->attempts += o->attempts;
    if (o->result == PACKING_FOUND) {
        r->found = true;
        p->pieces = o->pieces;
        for (int i = 0; i < o->pieces; i++)
            p->placements[i] = o->placements[i];
        r->pattern = *p;
    } else if (o->result == PACKING_NONE && r->proof_count < MAX_PROOFS) {
        r->proved_heights[r->proof_count++] = height;
    }
}

void search_emitter_layout(int index, const struct layout *layout,
                           const struct search_settings *settings, struct dead_cache *cache,
                           struct search_result *r) {
    int squares = layout->squares;
    struct packing_outcome outcome;
    struct pattern p;
    *r = (struct search_result){0};
    int width = settings->width;
    for (int h = parity_first_height(width, squares); h <= MATRIX_MAX_HEIGHT && !r->found; h += 4) {
        pattern_start_emitter(&p, width, layout, h);
        packing_solve(&p.start, job_seed(settings->seed, squares, index, h), settings->limits,
                      cache, &outcome);
        record_outcome(r, &p, &outcome, h);
    }
}

/* The scaffolded search: the columns left free of I pieces at each end of the third row
 * are tried from the first margin to the last, with a few budgeted tries each. */
#define SCAFFOLD_FIRST_MARGIN 4
#define SCAFFOLD_LAST_MARGIN 10
#define SCAFFOLD_LIMITS                                                                            \
    ((struct packing_limits){.tries = 50, .attempts_per_try = 1000, .final_attempts = 1000})

/* Drops a piece of the scaffold; false when it can't go there. */
static bool scaffold_drop(struct matrix *m, struct pattern *p, int orientation, int column) {
    int base = matrix_try_drop(m, orientation, column);
    if (base >= 0)
        p->placements[p->pieces++] =
            (struct placement){(uint8_t)orientation, (uint8_t)column, (int8_t)base};
    return base >= 0;
}

/* The chains from the T (its flat side at the bottom, its point in the second row): Z
 * pieces to the right, S pieces to the left, two columns each. */
static bool scaffold_chains(struct matrix *m, struct pattern *p, int t_column) {
    bool ok = true;
    for (int c = t_column + 2; ok && c + 2 < m->width; c += 2)
        ok = scaffold_drop(m, p, ORIENTATION_ZH, c);
    for (int c = t_column - 2; ok && c >= 0; c -= 2)
        ok = scaffold_drop(m, p, ORIENTATION_SH, c);
    return ok;
}

void search_platform_scaffolded(int start, const struct search_settings *settings,
                                struct dead_cache *cache, struct search_result *r) {
    struct platform_start where = platform_start_of(start);
    int width = settings->width;
    *r = (struct search_result){0};
    for (int margin = SCAFFOLD_FIRST_MARGIN; margin <= SCAFFOLD_LAST_MARGIN && !r->found;
         margin++) {
        struct pattern p;
        pattern_start_platform(&p, width, where);
        struct matrix m = platform_body(&p, where.side);
        if (!scaffold_chains(&m, &p, where.t_column))
            return; /* the T at an odd column: the chains can't end at the edges */
        for (int c = margin; c + 4 <= width - margin; c += 4)
            scaffold_drop(&m, &p, ORIENTATION_IH, c);
        struct packing_outcome outcome;
        packing_solve(&m, job_seed(settings->seed, PLATFORM_SET, start, margin), SCAFFOLD_LIMITS,
                      cache, &outcome);
        r->attempts += outcome.attempts;
        if (outcome.result != PACKING_FOUND)
            continue;
        for (int i = 0; i < outcome.pieces; i++)
            p.placements[p.pieces++] = outcome.placements[i];
        pattern_finish_platform(&p, where.side);
        r->found = true;
        r->pattern = p;
    }
}

bool run_jobs(int count, int width, const char *label, bool quiet, job_function *job,
              void *context) {
    struct progress progress;
    progress_start(&progress, label, count, quiet);
    bool all_ran = true;
#pragma omp parallel
    {
        struct dead_cache cache;
        bool have_cache = dead_cache_init(&cache, SEARCH_CACHE_LOG2_SLOTS, width);
        if (!have_cache) {
#pragma omp atomic write
            all_ran = false;
        }
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < count; i++) {
            if (have_cache) {
                job(i, &cache, context);
                progress_advance(&progress);
            }
        }
        dead_cache_free(&cache);
    }
    progress_finish(&progress);
    if (!all_ran)
        cli_error("out of memory");
    return all_ran;
}

void search_platform_start(int start, const struct search_settings *settings,
                           struct dead_cache *cache, struct search_result *r) {
    struct pattern p;
    struct packing_outcome outcome;
    *r = (struct search_result){0};
    struct platform_start where = platform_start_of(start);
    pattern_start_platform(&p, settings->width, where);
    struct matrix body = platform_body(&p, where.side);
    packing_solve(&body, job_seed(settings->seed, PLATFORM_SET, start, PLATFORM_HEIGHT),
                  settings->limits, cache, &outcome);
    record_outcome(r, &p, &outcome, PLATFORM_HEIGHT);
    if (r->found)
        pattern_finish_platform(&r->pattern, where.side);
}

bool search_results_write(FILE *out, const struct search_result *results, int count) {
    bool ok = true, first = true;
    for (int i = 0; i < count && ok; i++) {
        struct pattern_blocks drawn;
        if (!results[i].found)
            continue;
        ok = pattern_draw(&results[i].pattern, &drawn);
        for (int k = 0; k < drawn.count && ok; k++, first = false)
            ok = (first || block_write_separator(out, &drawn.blocks[k])) &&
                 block_write(out, &drawn.blocks[k]);
        pattern_blocks_free(&drawn);
    }
    return ok;
}
