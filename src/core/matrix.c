#include "matrix.h"

#include "tetromino.h"

#include <string.h>

static struct drop drop_table[DROP_COUNT];
const struct drop *const DROPS = drop_table;

/* Runs after the orientation table is derived (constructor priority 101). */
__attribute__((constructor(102))) static void drop_table_init(void) {
    int n = 0;
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        const struct orientation *ori = &ORIENTATIONS[o];
        for (int column = 0; column + ori->width <= FIELD_WIDTH; column++) {
            struct drop *d = &drop_table[n++];
            d->orientation = (int8_t)o;
            d->column = (int8_t)column;
            d->width = ori->width;
            d->height = ori->height;
            memcpy(d->bottom, ori->bottom, sizeof d->bottom);
            memcpy(d->top, ori->top, sizeof d->top);
        }
    }
}

void matrix_init(struct matrix *m, int height) {
    memset(m, 0, sizeof *m);
    m->height = height;
    memset(m->capacity, height, sizeof m->capacity);
}

int matrix_completed(const struct matrix *m) {
    int lowest = m->stack[0];
    for (int c = 1; c < FIELD_WIDTH; c++)
        lowest = m->stack[c] < lowest ? m->stack[c] : lowest;
    return lowest;
}

int matrix_empty_cells(const struct matrix *m) {
    int empty = 0;
    for (int c = 0; c < FIELD_WIDTH; c++)
        empty += m->capacity[c] - m->stack[c];
    return empty;
}

/* The drop's base if its profile sits on the stacks and it stays within the capacities. */
static int resting_base(const struct matrix *m, const struct drop *d) {
    const uint8_t *stack = m->stack + d->column;
    const uint8_t *capacity = m->capacity + d->column;
    int base = stack[0] - d->bottom[0];
    if (base < 0)
        return -1;
    for (int i = 0; i < d->width; i++)
        if (stack[i] - d->bottom[i] != base || base + d->top[i] > capacity[i])
            return -1;
    return base;
}

/* A piece is supported when one of its columns rests on a cell of a row not yet
 * completed, or on a square already in the emission row. */
static bool supported(const struct matrix *m, const struct drop *d, int completed) {
    for (int i = 0; i < d->width; i++) {
        int stack = m->stack[d->column + i];
        if (stack > completed || (stack == completed && m->floor_support[d->column + i]))
            return true;
    }
    return false;
}

int matrix_drop_base(const struct matrix *m, int drop) {
    const struct drop *d = &DROPS[drop];
    int base = resting_base(m, d);
    if (base < 0 || !supported(m, d, matrix_completed(m)))
        return -1;
    return base;
}

int matrix_legal_drops(const struct matrix *m, uint16_t drops[DROP_COUNT],
                       uint8_t bases[DROP_COUNT]) {
    int completed = matrix_completed(m), count = 0;
    for (int i = 0; i < DROP_COUNT; i++) {
        const struct drop *d = &DROPS[i];
        int base = resting_base(m, d);
        if (base >= 0 && supported(m, d, completed)) {
            drops[count] = (uint16_t)i;
            bases[count++] = (uint8_t)base;
        }
    }
    return count;
}

bool matrix_packed(const struct matrix *m) {
    return memcmp(m->stack, m->capacity, FIELD_WIDTH) == 0;
}

bool matrix_regions_ok(const struct matrix *m) {
    int run = 0;
    for (int c = 0; c < FIELD_WIDTH; c++) {
        if (m->stack[c] == m->capacity[c]) {
            if (run % 4 != 0)
                return false;
            run = 0;
        } else {
            run += m->capacity[c] - m->stack[c];
        }
    }
    return run % 4 == 0;
}

void matrix_apply(struct matrix *m, int drop, int base) {
    const struct drop *d = &DROPS[drop];
    for (int i = 0; i < d->width; i++)
        m->stack[d->column + i] = (uint8_t)(base + d->top[i]);
}

void matrix_remove(struct matrix *m, int drop, int base) {
    const struct drop *d = &DROPS[drop];
    for (int i = 0; i < d->width; i++)
        m->stack[d->column + i] = (uint8_t)(base + d->bottom[i]);
}

int matrix_try_drop(struct matrix *m, int drop) {
    int base = matrix_drop_base(m, drop);
    if (base < 0)
        return -1;
    matrix_apply(m, drop, base);
    if (!matrix_regions_ok(m)) {
        matrix_remove(m, drop, base);
        return -1;
    }
    return base;
}

struct matrix_key matrix_key(const struct matrix *m) {
    struct matrix_key key = {0, 0};
    for (int c = 0; c < 16; c++)
        key.low |= (uint64_t)m->stack[c] << (4 * c);
    for (int c = 16; c < FIELD_WIDTH; c++)
        key.high |= (uint64_t)m->stack[c] << (4 * (c - 16));
    return key;
}
