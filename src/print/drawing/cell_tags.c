#include "cell_tags.h"

#include "piece_cells.h"

#include <stdlib.h>
#include <string.h>

bool cell_tags_init(struct cell_tags *g, int width, int height) {
    g->width = width;
    g->height = height;
    g->tags = calloc((size_t)width * (size_t)height, sizeof *g->tags);
    return g->tags != NULL;
}

void cell_tags_free(struct cell_tags *g) {
    free(g->tags);
    g->tags = NULL;
}

uint32_t cell_tags_at(const struct cell_tags *g, int x, int y) {
    return g->tags[(size_t)y * (size_t)g->width + (size_t)x];
}

void cell_tags_lock(struct cell_tags *g, const struct play_event *event,
                    const uint32_t values[PIECE_CELLS]) {
    int xs[PIECE_CELLS], ys[PIECE_CELLS];
    piece_cells(&event->final, xs, ys);
    size_t w = (size_t)g->width;
    for (int i = 0; i < PIECE_CELLS; i++)
        if (ys[i] >= 0 && ys[i] < g->height && xs[i] >= 0 && xs[i] < g->width)
            g->tags[(size_t)ys[i] * w + (size_t)xs[i]] = values[i];
    /* As playfield_lock: cleared rows are listed top first, each as it was before any
     * removal; removing a row moves only the rows above it. */
    for (int i = 0; i < event->lock.cleared; i++) {
        int row = event->lock.cleared_rows[i];
        memmove(g->tags + w, g->tags, (size_t)row * w * sizeof *g->tags);
        memset(g->tags, 0, w * sizeof *g->tags);
    }
}
