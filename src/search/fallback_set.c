#include "fallback_set.h"

#include "cli.h"
#include "fallback_assembly.h"
#include "pattern_read.h"
#include "progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every width from the narrowest to the widest: the passes checked, or -1 (`message`). */
static long prove_widths(const struct fallback_tiles *tiles, char *message, size_t size) {
    long total = 0;
    for (int width = FIELD_MIN_WIDTH; width <= FIELD_MAX_WIDTH; width += 2) {
        long passes = fallback_prove_width(tiles, width, message, size);
        if (passes < 0)
            return -1;
        total += passes;
    }
    return total;
}

bool fallback_set_prepare(struct fallback_set *set, const char *dir) {
    char path[4096];
    *set = (struct fallback_set){0};
    snprintf(path, sizeof path, "%s/%s", dir, FALLBACK_FILE_NAME);
    set->output_open = atomic_output_open(&set->output, path);
    if (!set->output_open)
        cli_error("%s: %s", path, strerror(errno));
    return set->output_open;
}

bool fallback_set_search(struct fallback_set *set, const char *dir, uint64_t seed) {
    double started = progress_now();
    struct fallback_tiles *tiles = malloc(sizeof *tiles);
    bool ok = tiles != NULL;
    for (int t = 0; t < FALLBACK_TILES && ok; t++) {
        enum fallback_search found = fallback_tile_search(t, seed, &tiles->tiles[t]);
        if (found != FALLBACK_FOUND)
            cli_error(found == FALLBACK_NONE ? "%s: tile %d has no packing (proved)"
                                             : "%s: out of memory",
                      FALLBACK_FILE_NAME, t + 1);
        ok = found == FALLBACK_FOUND &&
             fallback_tile_write(set->output.file, &tiles->tiles[t], t == 0);
        if (found == FALLBACK_FOUND && !ok)
            cli_error("%s/%s: %s", dir, FALLBACK_FILE_NAME, strerror(errno ? errno : EIO));
    }
    char message[256];
    if (ok && (set->passes = prove_widths(tiles, message, sizeof message)) < 0) {
        cli_error("%s: %s", FALLBACK_FILE_NAME, message);
        ok = false;
    }
    if (!tiles)
        cli_error("out of memory");
    free(tiles);
    set->seconds = progress_now() - started;
    return ok && !ferror(set->output.file);
}

void fallback_set_print(const struct fallback_set *set) {
    printf("\nfallback tiles: %d (%d windows), each found by an exhaustive search; passes put "
           "together and checked for every unit at every column of every width from %d to %d: "
           "%ld, in %.2fs\n",
           FALLBACK_TILES, FALLBACK_WINDOWS, FIELD_MIN_WIDTH, FIELD_MAX_WIDTH, set->passes,
           set->seconds);
}

void fallback_set_release(struct fallback_set *set) {
    if (set->output_open)
        atomic_output_abort(&set->output);
    set->output_open = false;
}

int fallback_set_check(const char *dir, long *passes) {
    char path[4096], message[256], reason[128];
    snprintf(path, sizeof path, "%s/%s", dir, FALLBACK_FILE_NAME);
    size_t length;
    char *text =
        cli_read_regular_file(path, PATTERN_FILE_MAX_BYTES, false, &length, reason, sizeof reason);
    struct fallback_tiles *tiles = malloc(sizeof *tiles);
    int problems = 1;
    if (!text)
        cli_error("%s: %s", path, reason);
    else if (!tiles)
        cli_error("out of memory");
    else if (strlen(text) != length)
        cli_error("%s: holds a NUL byte", path);
    else if (!fallback_tiles_read(path, text, tiles, message, sizeof message))
        cli_error("%s", message);
    else if ((*passes = prove_widths(tiles, message, sizeof message)) < 0)
        cli_error("%s: %s", path, message);
    else
        problems = 0;
    free(text);
    free(tiles);
    return problems;
}
