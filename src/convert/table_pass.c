#include "table_pass.h"

#include <string.h>

static struct emitter_piece hanging(const struct row_state *row, int column) {
    return (struct emitter_piece){
        .colour = row->want[column], .flipped = false, .column = (int8_t)column};
}

/* Adds the piece when it fits and comes to rest where it should. */
static void add_if_held(const struct row_state *row, struct pass_base *base, int column) {
    struct pass_base with = *base;
    if (pass_base_add(&with, hanging(row, column)) && pass_base_held(row, &with))
        *base = with;
}

void table_pass_greedy(const struct row_state *row, struct pass_base *base) {
    pass_base_clear(base);
    for (int c = 0; c < FIELD_WIDTH && base->count < MAX_SQUARES; c++)
        if (row->want[c] && !row->printed[c])
            add_if_held(row, base, c);
}

void table_pass_single(const struct row_state *row, int column, struct pass_base *base) {
    pass_base_clear(base);
    add_if_held(row, base, column);
}

bool table_pass_pattern(const struct pattern_library *lib, const struct row_state *row,
                        const struct pass_base *base, struct pattern *out) {
    struct layout layout = {.squares = base->count};
    for (int i = 0; i < base->count; i++) { /* bases are built left to right */
        int columns[3];
        emitter_piece_bottom(base->pieces[i], columns);
        layout.columns[i] = columns[0];
    }
    const struct pattern *emitter = pattern_library_emitter(lib, &layout);
    if (!emitter)
        return false;
    pass_start(out, row, base, emitter->start.height);
    out->pieces = emitter->pieces;
    memcpy(out->placements, emitter->placements,
           (size_t)emitter->pieces * sizeof emitter->placements[0]);
    return true;
}
