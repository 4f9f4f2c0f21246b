#include "table_pass.h"

#include <string.h>

static struct emitter_piece hanging(const struct target *row, int column) {
    return (struct emitter_piece){.type = (enum piece_type)row->want[0][column],
                                  .column = (int8_t)column};
}

/* Adds the piece when the library prints its type, it fits and comes to rest where it
 * should. */
static void add_if_held(const struct target *row, struct pass_base *base, int column) {
    struct pass_base with = *base;
    if (piece_is_hanging((enum piece_type)row->want[0][column]) &&
        pass_base_add(row, &with, hanging(row, column)) && pass_base_held(row, &with))
        *base = with;
}

void table_pass_greedy(const struct pattern_library *lib, const struct target *row,
                       struct pass_base *base) {
    pass_base_clear(base);
    for (int c = 0; c < row->width && base->count < lib->max_squares; c++)
        if (target_pending(row, 0, c))
            add_if_held(row, base, c);
}

void table_pass_single(const struct target *row, int column, struct pass_base *base) {
    pass_base_clear(base);
    add_if_held(row, base, column);
}

const struct pattern *table_pass_emitter(const struct pattern_library *lib,
                                         const struct pass_base *base) {
    struct layout layout = {.squares = base->count};
    if (base->count > lib->max_squares)
        return NULL;
    for (int i = 0; i < base->count; i++) /* bases are built left to right */
        layout.columns[i] = emitter_piece_left(base->pieces[i]);
    return pattern_library_emitter(lib, &layout);
}

void table_pass_from_emitter(const struct target *row, const struct pass_base *base,
                             const struct pattern *emitter, struct pattern *out) {
    pass_start(out, row, base, emitter->start.height);
    out->pieces = emitter->pieces;
    memcpy(out->placements, emitter->placements,
           (size_t)emitter->pieces * sizeof emitter->placements[0]);
}

bool table_pass_pattern(const struct pattern_library *lib, const struct target *row,
                        const struct pass_base *base, struct pattern *out) {
    const struct pattern *emitter = table_pass_emitter(lib, base);
    if (emitter)
        table_pass_from_emitter(row, base, emitter, out);
    return emitter != NULL;
}
