#include "platform.h"

#include "piece_block.h"
#include "tetromino.h"

#include <string.h>

void platform_top_capacities(int width, int rows, enum notch_side side, uint8_t capacity[]) {
    memset(capacity, rows, (size_t)width);
    notch_reserve(capacity, width, rows, side);
}

/* The block of one piece of a matrix, alone. */
static bool single_piece_block(struct placement piece, struct script_block *out) {
    return piece_block_single(piece.orientation, piece.column, out);
}

bool platform_top_notch_block(int width, int rows, const uint8_t capacity[],
                              struct script_block *out) {
    return single_piece_block(notch_piece(notch_side_of(capacity, width, rows), width, rows), out);
}

/* A library platform's block without its last piece. */
static bool body_block(const struct pattern *p, struct script_block *out) {
    struct pattern body = *p;
    body.pieces--;
    return piece_block_from_pattern(&body, out);
}

bool platform_library_blocks(const struct pattern *p, struct script_block *body,
                             struct script_block *notch) {
    if (!body_block(p, body))
        return false;
    if (single_piece_block(p->placements[p->pieces - 1], notch))
        return true;
    script_block_free(body);
    return false;
}

const struct pattern *platform_from_library(const struct pattern_library *lib,
                                            const struct target *below,
                                            const struct playfield *pf) {
    for (int start = 0; start < platform_start_count(lib->width); start++) {
        int t = platform_start_of(start).t_column;
        if (!lib->has_platform[start] ||
            !(target_pixel(below, 0, t) || target_pixel(below, 0, t + 1) ||
              target_pixel(below, 0, t + 2)))
            continue;
        const struct pattern *p = &lib->platforms[start];
        struct script_block block;
        if (!body_block(p, &block))
            return NULL;
        bool plays = piece_block_plays(&block, pf);
        script_block_free(&block);
        if (plays)
            return p;
    }
    return NULL;
}
