#include "matrix.h"

#include "tetromino.h"

#include <string.h>

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
static int lowest_first_column; /* the most any orientation's first column starts above its base */

static void add_to(struct orientation_list *list, int orientation) {
    list->orientations[list->count++] = (int8_t)orientation;
}

/* Runs after the orientation table is derived (constructor priority 101). */
__attribute__((constructor(102))) static void index_orientations(void) {
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        const struct orientation *ori = &ORIENTATIONS[o];
        if (ori->bottom[0] > lowest_first_column)
            lowest_first_column = ori->bottom[0];
        if (ori->width == 2)
            add_to(&by_steps_2[ori->bottom[1] - ori->bottom[0] + MAX_STEP], o);
        else if (ori->width == 3)
            add_to(&by_steps_3[ori->bottom[1] - ori->bottom[0] + MAX_STEP]
                              [ori->bottom[2] - ori->bottom[1] + MAX_STEP],
                   o);
    }
}

void matrix_init(struct matrix *m, int width, int height) {
    memset(m, 0, sizeof *m);
    m->width = width;
    m->height = height;
    memset(m->capacity, height, (size_t)width);
}

int matrix_completed(const struct matrix *m) {
    int lowest = m->stack[0];
    for (int c = 1; c < m->width; c++)
        lowest = m->stack[c] < lowest ? m->stack[c] : lowest;
    return lowest;
}

int matrix_empty_cells(const struct matrix *m) {
    int empty = 0;
    for (int c = 0; c < m->width; c++)
        empty += m->capacity[c] - m->stack[c];
    return empty;
}

/* The drop's base, as its first column's stack sets it, if the piece stays within the
 * capacities there; its other columns are not compared with the stacks. */
static int base_within_capacity(const struct matrix *m, const struct orientation *o, int column) {
    int base = m->stack[column] - o->bottom[0];
    if (base < 0)
        return -1;
    for (int i = 0; i < o->width; i++)
        if (base + o->top[i] > m->capacity[column + i])
            return -1;
    return base;
}

/* The drop's base if its whole profile sits on the stacks and it stays within the
 * capacities. */
static int resting_base(const struct matrix *m, const struct orientation *o, int column) {
    int base = base_within_capacity(m, o, column);
    for (int i = 1; i < o->width && base >= 0; i++)
        if (m->stack[column + i] - o->bottom[i] != base)
            return -1;
    return base;
}

/* A piece is supported when one of its columns rests on a cell of a row not yet
 * completed, or on a square already in the emission row. */
static bool supported(const struct matrix *m, const struct orientation *o, int column,
                      int completed) {
    for (int i = 0; i < o->width; i++) {
        int stack = m->stack[column + i];
        if (stack > completed || (stack == completed && m->floor_support[column + i]))
            return true;
    }
    return false;
}

int matrix_drop_base(const struct matrix *m, int orientation, int column) {
    const struct orientation *o = &ORIENTATIONS[orientation];
    if (column < 0 || column + o->width > m->width)
        return -1;
    int base = resting_base(m, o, column);
    if (base < 0 || !supported(m, o, column, matrix_completed(m)))
        return -1;
    return base;
}

/* What matrix_legal_drops works out once for all the drops it tries. */
struct drop_context {
    const struct matrix *m;
    int ceiling;         /* the highest base wanted */
    int lowest_capacity; /* below it, no piece needs its columns' capacities checked */
    /* supporting[c]: the columns before c that support a piece (see supported) */
    uint8_t supporting[FIELD_MAX_WIDTH + 1];
};

/* Adds the drop of orientation `o` at `column` when it is legal and its base at most the
 * ceiling; its profile is known to sit on the stacks. */
static int add_if_legal(const struct drop_context *x, int o, int column, struct placement *drops,
                        int count) {
    const struct orientation *ori = &ORIENTATIONS[o];
    int base = x->m->stack[column] - ori->bottom[0];
    if (base < 0 || base > x->ceiling ||
        x->supporting[column + ori->width] == x->supporting[column])
        return count;
    if (base + ori->height > x->lowest_capacity && base_within_capacity(x->m, ori, column) < 0)
        return count;
    drops[count] = (struct placement){(uint8_t)o, (uint8_t)column, (uint8_t)base};
    return count + 1;
}

static int step_at(const struct matrix *m, int column) {
    int step = m->stack[column + 1] - m->stack[column];
    return step < -MAX_STEP || step > MAX_STEP ? -1 : step + MAX_STEP;
}

int matrix_legal_drops(const struct matrix *m, int ceiling,
                       struct placement drops[MATRIX_MAX_LEGAL_DROPS]) {
    int completed = matrix_completed(m), count = 0, width = m->width;
    struct drop_context x = {.m = m, .ceiling = ceiling, .lowest_capacity = m->height};
    for (int c = 0; c < width; c++) {
        int stack = m->stack[c];
        bool supports = stack > completed || (stack == completed && m->floor_support[c]);
        x.supporting[c + 1] = (uint8_t)(x.supporting[c] + supports);
        if (m->capacity[c] < x.lowest_capacity)
            x.lowest_capacity = m->capacity[c];
    }
    for (int c = 0; c < width; c++) {
        if (m->stack[c] - lowest_first_column > ceiling) /* every drop here rests higher */
            continue;
        count = add_if_legal(&x, ORIENTATION_IV, c, drops, count);
        if (c + 1 >= width)
            continue;
        int s1 = step_at(m, c);
        if (s1 < 0)
            continue;
        const struct orientation_list *two = &by_steps_2[s1];
        for (int k = 0; k < two->count; k++)
            count = add_if_legal(&x, two->orientations[k], c, drops, count);
        if (c + 2 >= width)
            continue;
        int s2 = step_at(m, c + 1);
        if (s2 < 0)
            continue;
        const struct orientation_list *three = &by_steps_3[s1][s2];
        for (int k = 0; k < three->count; k++)
            count = add_if_legal(&x, three->orientations[k], c, drops, count);
        if (c + 3 < width && s1 == MAX_STEP && s2 == MAX_STEP && step_at(m, c + 2) == MAX_STEP)
            count = add_if_legal(&x, ORIENTATION_IH, c, drops, count);
    }
    return count;
}

bool matrix_packed(const struct matrix *m) {
    return memcmp(m->stack, m->capacity, (size_t)m->width) == 0;
}

/* The region rule over columns first..last, which begin and end at a full column or a
 * side of the matrix. */
static bool runs_ok(const struct matrix *m, int first, int last) {
    int run = 0;
    for (int c = first; c <= last; c++) {
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

bool matrix_regions_ok(const struct matrix *m) {
    return runs_ok(m, 0, m->width - 1);
}

bool matrix_regions_ok_after(const struct matrix *m, struct placement p) {
    int first = p.column, last = p.column + ORIENTATIONS[p.orientation].width - 1;
    while (first > 0 && m->stack[first - 1] != m->capacity[first - 1])
        first--;
    while (last < m->width - 1 && m->stack[last + 1] != m->capacity[last + 1])
        last++;
    return runs_ok(m, first, last);
}

void matrix_apply(struct matrix *m, struct placement p) {
    const struct orientation *o = &ORIENTATIONS[p.orientation];
    for (int i = 0; i < o->width; i++)
        m->stack[p.column + i] = (uint8_t)(p.base + o->top[i]);
}

void matrix_remove(struct matrix *m, struct placement p) {
    const struct orientation *o = &ORIENTATIONS[p.orientation];
    for (int i = 0; i < o->width; i++)
        m->stack[p.column + i] = (uint8_t)(p.base + o->bottom[i]);
}

int matrix_try_drop(struct matrix *m, int orientation, int column) {
    int base = matrix_drop_base(m, orientation, column);
    if (base < 0)
        return -1;
    struct placement p = {(uint8_t)orientation, (uint8_t)column, (uint8_t)base};
    matrix_apply(m, p);
    if (!matrix_regions_ok(m)) {
        matrix_remove(m, p);
        return -1;
    }
    return base;
}

/* Stacks first .. end - 1, 4 bits each, the first in the lowest bits. */
static uint64_t pack_stacks(const uint8_t *stack, int first, int end) {
    uint64_t v = 0;
    if (end - first == 16) { /* a whole word: a loop the compiler unrolls */
        for (int i = 15; i >= 0; i--)
            v = v << 4 | stack[first + i];
        return v;
    }
    for (int c = end - 1; c >= first; c--)
        v = v << 4 | stack[c];
    return v;
}

struct matrix_key matrix_key(const struct matrix *m, unsigned tag) {
    struct matrix_key key;
    /* The words of the key's half-words and of the one after them (see matrix_key_words);
     * the others are left unset. */
    int halves = matrix_key_halves(m->width), words = matrix_key_words(m->width);
    for (int w = 0; w < words; w++) {
        int first = 16 * w, end = first + 16 < m->width ? first + 16 : m->width;
        key.words[w] = pack_stacks(m->stack, first, end);
    }
    int tag_shift = halves * 32 - MATRIX_KEY_TAG_BITS;
    key.words[tag_shift / 64] |= (uint64_t)tag << (tag_shift % 64);
    return key;
}
