#include "matrix.h"

#include "tetromino.h"

#include <string.h>

static struct drop drop_table[DROP_COUNT];
const struct drop *const DROPS = drop_table;

/* Orientations indexed by the steps of their bottom profile, so that finding the drops
 * that sit on the stacks at a column takes a lookup instead of trying all 19. Steps of
 * bottom profiles are within -2..2; a stack step outside that range matches nothing. */
#define MAX_STEP 2
#define STEPS (2 * MAX_STEP + 1)
struct orientation_list {
    int8_t count;
    int8_t orientations[4];
};
static struct orientation_list by_steps_2[STEPS];        /* width 2: one step */
static struct orientation_list by_steps_3[STEPS][STEPS]; /* width 3: two steps */
static int first_drop_of[ORIENTATION_COUNT];             /* index in DROPS of column 0 */

static void add_to(struct orientation_list *list, int orientation) {
    list->orientations[list->count++] = (int8_t)orientation;
}

static void index_orientations(void) {
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        const struct orientation *ori = &ORIENTATIONS[o];
        if (ori->width == 2)
            add_to(&by_steps_2[ori->bottom[1] - ori->bottom[0] + MAX_STEP], o);
        else if (ori->width == 3)
            add_to(&by_steps_3[ori->bottom[1] - ori->bottom[0] + MAX_STEP]
                              [ori->bottom[2] - ori->bottom[1] + MAX_STEP],
                   o);
    }
}

/* Runs after the orientation table is derived (constructor priority 101). */
__attribute__((constructor(102))) static void drop_table_init(void) {
    int n = 0;
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        const struct orientation *ori = &ORIENTATIONS[o];
        first_drop_of[o] = n;
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
    index_orientations();
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

/* The drop's base, as its first column's stack sets it, if the piece stays within the
 * capacities there; its other columns are not compared with the stacks. */
static int base_within_capacity(const struct matrix *m, const struct drop *d) {
    int base = m->stack[d->column] - d->bottom[0];
    if (base < 0)
        return -1;
    for (int i = 0; i < d->width; i++)
        if (base + d->top[i] > m->capacity[d->column + i])
            return -1;
    return base;
}

/* The drop's base if its whole profile sits on the stacks and it stays within the
 * capacities. */
static int resting_base(const struct matrix *m, const struct drop *d) {
    int base = base_within_capacity(m, d);
    for (int i = 1; i < d->width && base >= 0; i++)
        if (m->stack[d->column + i] - d->bottom[i] != base)
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

/* Adds the drop of orientation `o` at `column` when it is legal; its profile is known to
 * sit on the stacks. */
static int add_if_legal(const struct matrix *m, int o, int column, int completed, uint16_t *drops,
                        uint8_t *bases, int count) {
    int index = first_drop_of[o] + column;
    const struct drop *d = &DROPS[index];
    int base = base_within_capacity(m, d);
    if (base < 0 || !supported(m, d, completed))
        return count;
    drops[count] = (uint16_t)index;
    bases[count] = (uint8_t)base;
    return count + 1;
}

static int step_at(const struct matrix *m, int column) {
    int step = m->stack[column + 1] - m->stack[column];
    return step < -MAX_STEP || step > MAX_STEP ? -1 : step + MAX_STEP;
}

int matrix_legal_drops(const struct matrix *m, uint16_t drops[DROP_COUNT],
                       uint8_t bases[DROP_COUNT]) {
    static const int vertical_i = 17, horizontal_i = 18; /* "Iv", "Ih" */
    int completed = matrix_completed(m), count = 0;
    for (int c = 0; c < FIELD_WIDTH; c++) {
        count = add_if_legal(m, vertical_i, c, completed, drops, bases, count);
        if (c + 1 >= FIELD_WIDTH)
            continue;
        int s1 = step_at(m, c);
        if (s1 < 0)
            continue;
        const struct orientation_list *two = &by_steps_2[s1];
        for (int k = 0; k < two->count; k++)
            count = add_if_legal(m, two->orientations[k], c, completed, drops, bases, count);
        if (c + 2 >= FIELD_WIDTH)
            continue;
        int s2 = step_at(m, c + 1);
        if (s2 < 0)
            continue;
        const struct orientation_list *three = &by_steps_3[s1][s2];
        for (int k = 0; k < three->count; k++)
            count = add_if_legal(m, three->orientations[k], c, completed, drops, bases, count);
        if (c + 3 < FIELD_WIDTH && s1 == MAX_STEP && s2 == MAX_STEP &&
            step_at(m, c + 2) == MAX_STEP)
            count = add_if_legal(m, horizontal_i, c, completed, drops, bases, count);
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
