#include "regenerate.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Draws the found patterns and writes them to DIR/NAME. */
static bool write_results(const char *dir, const char *name, const struct search_result *results,
                          int count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct block *blocks = calloc((size_t)count, sizeof *blocks);
    int drawn = 0;
    bool ok = blocks != NULL;
    for (int i = 0; i < count && ok; i++)
        if (results[i].found)
            ok = pattern_draw(&results[i].pattern, &blocks[drawn++]);
    if (!ok)
        errno = ENOMEM;
    ok = ok && pattern_file_write(path, blocks, drawn);
    if (!ok)
        cli_error("%s: %s", path, strerror(errno));
    for (int i = 0; i < drawn; i++)
        block_free(&blocks[i]);
    free(blocks);
    return ok;
}

/* One line of the table: how many layouts need each height, and the proofs. */
static void print_emitter_row(int squares, const struct search_result *results, int count,
                              double seconds) {
    int per_height[MATRIX_MAX_HEIGHT + 1] = {0}, proofs[MATRIX_MAX_HEIGHT + 1] = {0};
    long attempts = 0;
    for (int i = 0; i < count; i++) {
        per_height[results[i].pattern.start.height]++;
        for (int k = 0; k < results[i].proof_count; k++)
            proofs[results[i].proved_heights[k]]++;
        attempts += results[i].attempts;
    }
    printf("%d  %7d  ", squares, count);
    int width = 0;
    for (int h = 1; h <= MATRIX_MAX_HEIGHT; h++)
        if (per_height[h])
            width += printf("%s%d in %d rows (%d pieces)", width ? ", " : "", per_height[h], h,
                            (FIELD_WIDTH * h - 3 * squares) / 4);
    printf("%*s", width < 44 ? 44 - width : 0, "");
    width = 0;
    for (int h = 1; h <= MATRIX_MAX_HEIGHT; h++)
        if (proofs[h])
            width += printf("%s%d in %d rows", width ? ", " : "  ", proofs[h], h);
    printf("%*s %11ld %7.2fs\n", width < 24 ? 24 - width : 0, width ? "" : "  none", attempts,
           seconds);
}

static void print_platform_summary(const struct search_result *results, double seconds) {
    int total = 0;
    printf("\nplatforms: a T pointing up at columns c..c+2, a 4-cell notch at one edge\n");
    for (int side = 0; side < 2; side++) {
        int found = 0;
        printf("  %s notch: exists for c =", side == NOTCH_LEFT ? "left " : "right");
        for (int t = 0; t < PLATFORM_T_COLUMNS; t++) {
            if (results[t * 2 + side].found) {
                printf(" %d", t);
                found++;
            }
        }
        printf("; proved impossible for the other %d\n", PLATFORM_T_COLUMNS - found);
        total += found;
    }
    printf("  %d platforms of %d starts (%.2fs)\n", total, PLATFORM_STARTS, seconds);
}

int regenerate(const struct regenerate_request *request) {
    bool any_emitters = false;
    for (int n = 1; n <= MAX_SQUARES; n++)
        any_emitters |= request->emitter_sets[n];
    if (any_emitters && !request->settings.quiet)
        printf("n  layouts  minimal height (proved), layouts at it"
               "               no packing proved       attempts    time\n");
    for (int n = 1; n <= MAX_SQUARES; n++) {
        if (!request->emitter_sets[n])
            continue;
        int count = layout_count(n);
        struct search_result *results = malloc((size_t)count * sizeof *results);
        if (!results) {
            cli_error("out of memory");
            return EXIT_FAILED;
        }
        double started = progress_now();
        bool ok = search_emitters(n, &request->settings, results);
        double seconds = progress_now() - started;
        char name[32];
        snprintf(name, sizeof name, "emitters%d.txt", n);
        ok = ok && write_results(request->out_dir, name, results, count);
        if (ok && !request->settings.quiet)
            print_emitter_row(n, results, count, seconds);
        free(results);
        if (!ok)
            return EXIT_FAILED;
        fflush(stdout);
    }
    if (request->platforms) {
        struct search_result *results = malloc(PLATFORM_STARTS * sizeof *results);
        if (!results) {
            cli_error("out of memory");
            return EXIT_FAILED;
        }
        double started = progress_now();
        bool ok = search_platforms(&request->settings, results) &&
                  write_results(request->out_dir, "platforms.txt", results, PLATFORM_STARTS);
        if (ok && !request->settings.quiet)
            print_platform_summary(results, progress_now() - started);
        free(results);
        if (!ok)
            return EXIT_FAILED;
    }
    return EXIT_OK;
}
