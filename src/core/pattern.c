#include "pattern.h"

#include <string.h>

void pattern_add_shape(struct pattern *p, int cells, const int columns[], const int levels[]) {
    struct start_shape *s = &p->shapes[p->shape_count++];
    s->cells = cells;
    for (int i = 0; i < cells; i++) {
        s->column[i] = (int8_t)columns[i];
        s->level[i] = (int8_t)levels[i];
        if (levels[i] >= 0 && p->start.stack[columns[i]] < levels[i] + 1)
            p->start.stack[columns[i]] = (uint8_t)(levels[i] + 1);
    }
}

void pattern_start_emitter(struct pattern *p, const struct layout *layout, int height) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, height);
    for (int t = 0; t < layout->squares; t++) {
        int c = layout->columns[t];
        const int columns[3] = {c, c + 1, c + 2}, levels[3] = {0, 0, 0};
        pattern_add_shape(p, 3, columns, levels);
    }
}

void pattern_start_platform(struct pattern *p, int t_column, enum notch_side side) {
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, PLATFORM_HEIGHT);
    p->start.capacity[notch_edge_column(side, FIELD_WIDTH)] = PLATFORM_HEIGHT - NOTCH_EDGE_ROWS;
    p->start.capacity[notch_inner_column(side, FIELD_WIDTH)] = PLATFORM_HEIGHT - NOTCH_INNER_ROWS;
    const int columns[4] = {t_column, t_column + 1, t_column + 2, t_column + 1};
    const int levels[4] = {0, 0, 0, 1};
    pattern_add_shape(p, 4, columns, levels);
}

bool pattern_draw(const struct pattern *p, struct block *out) {
    int height = p->start.height; /* the matrix's bottom row is line height - 1 */
    if (!block_alloc(out, height + (p->emission_row ? 1 : 0)))
        return false;
    char id = BLOCK_FIRST_ID;
    for (int s = 0; s < p->shape_count; s++, id++)
        for (int i = 0; i < p->shapes[s].cells; i++)
            out->cells[height - 1 - p->shapes[s].level[i]][p->shapes[s].column[i]] = id;
    for (int k = 0; k < p->pieces; k++, id++) {
        const struct drop *d = &DROPS[p->placements[k].drop];
        for (int i = 0; i < d->width; i++)
            for (int level = p->placements[k].base + d->bottom[i];
                 level < p->placements[k].base + d->top[i]; level++)
                out->cells[height - 1 - level][d->column + i] = id;
    }
    return true;
}
