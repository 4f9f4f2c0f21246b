#include "regenerate.h"

#include "atomic_output.h"
#include "cli.h"
#include "fallback_set.h"
#include "fallback_tiles.h"
#include "parity.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One file being regenerated: an emitter set (squares 1..width / 3) or the platforms (0). */
struct pattern_set {
    int squares;
    int count;
    struct layout *layouts; /* emitter sets only */
    struct search_result *results;
    struct atomic_output output;
    bool output_open;
};

/* Draws the found patterns and writes them to the set's temporary file (renamed into
 * place later, with the other sets). */
static bool write_set(struct pattern_set *set) {
    return search_results_write(set->output.file, set->results, set->count) &&
           !ferror(set->output.file);
}

/* One line of the table: how many layouts need each height, and the proofs. */
static void print_emitter_row(int width, int squares, const struct search_result *results,
                              int count) {
    int per_height[MATRIX_MAX_HEIGHT + 1] = {0}, proofs[MATRIX_MAX_HEIGHT + 1] = {0};
    long attempts = 0;
    for (int i = 0; i < count; i++) {
        per_height[results[i].pattern.start.height]++;
        for (int k = 0; k < results[i].proof_count; k++)
            proofs[results[i].proved_heights[k]]++;
        attempts += results[i].attempts;
    }
    char found[128] = "", proved[64] = "";
    size_t used = 0, proved_used = 0;
    for (int h = 1; h <= MATRIX_MAX_HEIGHT; h++) {
        if (per_height[h] && used < sizeof found)
            used += (size_t)snprintf(found + used, sizeof found - used, "%s%d in %d rows (%d)",
                                     used ? ", " : "", per_height[h], h,
                                     parity_pieces(width, h, squares) - squares);
        if (proofs[h] && proved_used < sizeof proved)
            proved_used +=
                (size_t)snprintf(proved + proved_used, sizeof proved - proved_used,
                                 "%s%d in %d rows", proved_used ? ", " : "", proofs[h], h);
    }
    printf("%d  %7d  %-36s  %-18s  %10ld\n", squares, count, found, proved_used ? proved : "-",
           attempts);
}

static void print_platform_summary(int width, const struct search_result *results) {
    int total = 0;
    printf("\nplatforms: a T pointing up at columns c..c+2, a 4-cell notch at one edge\n");
    for (enum notch_side side = NOTCH_LEFT; side <= NOTCH_RIGHT; side++) {
        int found = 0;
        printf("  %s notch: exists for c =", side == NOTCH_LEFT ? "left " : "right");
        for (int t = 0; t < platform_t_columns(width); t++) {
            if (results[platform_start_number((struct platform_start){t, side})].found) {
                printf(" %d", t);
                found++;
            }
        }
        printf("; proved impossible for the other %d\n", platform_t_columns(width) - found);
        total += found;
    }
    printf("  %d platforms of %d starts\n", total, platform_start_count(width));
}

/* All jobs of all sets in one pool, so the long ones of one set overlap with others. */
struct pool {
    struct pattern_set *sets;
    int set_count;
    const struct search_settings *settings;
};

static void pool_job(int index, struct dead_cache *cache, void *context) {
    struct pool *pool = context;
    int s = 0;
    while (index >= pool->sets[s].count)
        index -= pool->sets[s++].count;
    struct pattern_set *set = &pool->sets[s];
    if (set->squares)
        search_emitter_layout(index, &set->layouts[index], pool->settings, cache,
                              &set->results[index]);
    else
        search_platform_start(index, pool->settings, cache, &set->results[index]);
}

static void set_name(const struct pattern_set *set, char *name, size_t size) {
    if (set->squares)
        snprintf(name, size, "emitters%d.txt", set->squares);
    else
        snprintf(name, size, "platforms.txt");
}

/* Allocates a set and opens its output first, so a directory that can't take the file
 * fails before the search rather than after it. */
static bool prepare_set(struct pattern_set *set, int width, int squares, const char *dir) {
    *set = (struct pattern_set){.squares = squares};
    set->count = squares ? (int)layout_count(width, squares) : platform_start_count(width);
    set->results = calloc((size_t)set->count, sizeof *set->results);
    set->layouts = squares ? calloc((size_t)set->count, sizeof *set->layouts) : NULL;
    if (!set->results || (squares && !set->layouts)) {
        cli_error("out of memory");
        return false;
    }
    if (squares)
        layouts_enumerate(width, squares, set->layouts);
    char name[32], path[4096];
    set_name(set, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    set->output_open = atomic_output_open(&set->output, path);
    if (!set->output_open)
        cli_error("%s: %s", path, strerror(errno));
    return set->output_open;
}

static void release_set(struct pattern_set *set) {
    if (set->output_open)
        atomic_output_abort(&set->output);
    free(set->results);
    free(set->layouts);
}

/* Writes a set's temporary file; false when a pattern is missing or a write fails. */
static bool finish_set(struct pattern_set *set, const char *dir) {
    char name[32];
    set_name(set, name, sizeof name);
    for (int i = 0; set->squares && i < set->count; i++) {
        if (!set->results[i].found) {
            cli_error("%s: layout %d has no packing in a matrix of up to %d rows (proved)", name,
                      i + 1, MATRIX_MAX_HEIGHT);
            return false;
        }
    }
    if (!write_set(set)) {
        cli_error("%s/%s: %s", dir, name, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

/* Renames every set's file into place at once (and the fallback tiles', when regenerated):
 * the library is replaced as a whole. */
static bool commit_sets(struct pattern_set *sets, int count, struct fallback_set *fallback,
                        const char *dir) {
    struct atomic_output *outputs[LAYOUT_MAX_SQUARES + 2];
    int n = 0;
    for (int i = 0; i < count; i++)
        outputs[n++] = &sets[i].output;
    if (fallback->output_open)
        outputs[n++] = &fallback->output;
    bool ok = atomic_output_commit_all(outputs, n);
    if (!ok)
        cli_error("%s: %s (no file was replaced)", dir, strerror(errno));
    for (int i = 0; i < count; i++)
        sets[i].output_open = false;
    fallback->output_open = false;
    return ok;
}

static void print_set(int width, const struct pattern_set *set) {
    if (set->squares)
        print_emitter_row(width, set->squares, set->results, set->count);
    else
        print_platform_summary(width, set->results);
}

int regenerate(const struct regenerate_request *request) {
    int width = request->settings.width, max_squares = layout_max_squares(width);
    struct pattern_set sets[LAYOUT_MAX_SQUARES + 1];
    int set_count = 0, jobs = 0;
    bool ok = true;
    for (int n = 1; n <= max_squares + 1 && ok; n++) {
        int squares = n <= max_squares ? n : 0; /* platforms last */
        if (squares ? !request->emitter_sets[squares] : !request->platforms)
            continue;
        ok = prepare_set(&sets[set_count], width, squares, request->out_dir);
        jobs += sets[set_count++].count;
    }
    struct fallback_set fallback = {0};
    ok = ok && (!request->fallback || fallback_set_prepare(&fallback, request->out_dir));
    double started = progress_now();
    if (ok && jobs > 0) {
        struct pool pool = {sets, set_count, &request->settings};
        ok = run_jobs(jobs, width, "searching", request->settings.quiet, pool_job, &pool);
    }
    for (int i = 0; i < set_count && ok; i++)
        ok = finish_set(&sets[i], request->out_dir);
    if (ok && request->fallback)
        ok = fallback_set_search(&fallback, request->out_dir, request->settings.seed);
    ok = ok && commit_sets(sets, set_count, &fallback, request->out_dir);
    if (ok && !request->settings.quiet) {
        if (set_count > 0 && sets[0].squares)
            printf("n  layouts  %-36s  %-18s  %10s\n", "minimal height: layouts (pieces)",
                   "no packing proved", "attempts");
        for (int i = 0; i < set_count; i++)
            print_set(width, &sets[i]);
        if (request->fallback)
            fallback_set_print(&fallback);
        printf("%d patterns decided in %.2fs\n", jobs + (request->fallback ? FALLBACK_TILES : 0),
               progress_now() - started);
    }
    for (int i = 0; i < set_count; i++)
        release_set(&sets[i]);
    fallback_set_release(&fallback);
    return ok ? EXIT_OK : EXIT_FAILED;
}
