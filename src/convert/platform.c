#include "platform.h"

#include "piece_block.h"
#include "tetromino.h"

#include <string.h>

void platform_top_capacities(int width, int rows, enum notch_side side, uint8_t capacity[]) {
    memset(capacity, rows, (size_t)width);
    capacity[notch_edge_column(side, width)] = (uint8_t)(rows - NOTCH_EDGE_ROWS);
    capacity[notch_inner_column(side, width)] = (uint8_t)(rows - NOTCH_INNER_ROWS);
}

bool platform_notch_block(int width, int rows, const uint8_t capacity[], struct script_block *out) {
    int xs[PIECE_CELLS], ys[PIECE_CELLS], n = 0;
    for (int c = 0; c < width; c++)
        for (int row = capacity[c]; row < rows && n < PIECE_CELLS; row++, n++) {
            xs[n] = c;
            ys[n] = -row; /* y grows downwards */
        }
    int x, y, orientation = n == PIECE_CELLS ? orientation_from_cells(xs, ys, &x, &y) : -1;
    return orientation >= 0 && piece_block_single(orientation, x, out);
}

const struct pattern *platform_from_library(const struct pattern_library *lib,
                                            const struct row_state *below,
                                            const struct playfield *pf) {
    for (int start = 0; start < platform_start_count(lib->width); start++) {
        int t = platform_start_of(start).t_column;
        if (!lib->has_platform[start] ||
            !(below->want[t] || below->want[t + 1] || below->want[t + 2]))
            continue;
        const struct pattern *p = &lib->platforms[start];
        struct script_block block;
        if (!piece_block_from_pattern(p, &block))
            return NULL;
        bool plays = piece_block_plays(&block, pf);
        script_block_free(&block);
        if (plays)
            return p;
    }
    return NULL;
}
