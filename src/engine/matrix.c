#include "matrix.h"

#include "rng.h"
#include "tetromino.h"

#include <pthread.h>
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

/* The tracker's Zobrist hash: a random word per column and stack height, and per column
 * with floor support. They are drawn in this order from this seed, and the packer's dead
 * states are found by them, which steers its search: changing the seed, the order or the
 * table's size (the widest field, the tallest matrix) changes tetris-convert's scripts. */
#define HASH_SEED 0x7e7215c0ffee2013ULL
static uint64_t stack_hash[FIELD_MAX_WIDTH][MATRIX_MAX_HEIGHT + 1];
static uint64_t support_hash[FIELD_MAX_WIDTH];

static void add_to(struct orientation_list *list, int orientation) {
    list->orientations[list->count++] = (int8_t)orientation;
}

/* Builds the tables above, once per process (tables_ready). */
static void build_tables(void) {
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
    uint64_t state = HASH_SEED;
    for (int c = 0; c < FIELD_MAX_WIDTH; c++) {
        for (int h = 0; h <= MATRIX_MAX_HEIGHT; h++)
            stack_hash[c][h] = rng_next(&state);
        support_hash[c] = rng_next(&state);
    }
}

/* Every matrix starts with matrix_init, and every tracker with matrix_tracker_start: the
 * tables are built by the first of them, whatever thread it runs on. */
static pthread_once_t tables_built = PTHREAD_ONCE_INIT;
static void tables_ready(void) {
    pthread_once(&tables_built, build_tables);
}

void matrix_init(struct matrix *m, int width, int height) {
    tables_ready();
    memset(m, 0, sizeof *m);
    m->width = width;
    m->height = height;
    m->beside = (uint8_t)height;
    memset(m->capacity, height, (size_t)width);
}

int matrix_completed(const struct matrix *m) {
    int lowest = m->beside;
    for (int c = 0; c < m->width; c++)
        lowest = m->stack[c] < lowest ? m->stack[c] : lowest;
    return lowest;
}

int matrix_lowest_open_row(const struct matrix *m) {
    int lowest = m->height;
    for (int c = 0; c < m->width; c++)
        if (m->stack[c] < m->capacity[c] && m->stack[c] < lowest)
            lowest = m->stack[c];
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

/* The support rule (matrix_column_supports) for one column of the matrix. */
static bool column_supports(const struct matrix *m, int column, int completed) {
    return matrix_column_supports(m->stack[column], completed, m->floor_support[column]);
}

/* A piece is supported when one of its columns supports. */
static bool supported(const struct matrix *m, const struct orientation *o, int column,
                      int completed) {
    for (int i = 0; i < o->width; i++)
        if (column_supports(m, column + i, completed))
            return true;
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

/* What legal_drops works out once for all the drops it tries. */
struct drop_context {
    const struct matrix *m;
    int ceiling;         /* the highest base wanted */
    int lowest_capacity; /* below it, no piece needs its columns' capacities checked */
    /* supporting[c]: the columns before c that support a piece (column_supports) */
    uint8_t supporting[FIELD_MAX_WIDTH + 1];
};

/* Adds the drop of orientation `o` at `column` when it is legal and its base at most the
 * ceiling; its profile is known to sit on the stacks. Inlined: it runs for every drop whose
 * profile matches (called, its calls are a large share of the packer's work). */
static inline __attribute__((always_inline)) int
add_if_legal(const struct drop_context *x, int o, int column, struct placement *drops, int count) {
    const struct orientation *ori = &ORIENTATIONS[o];
    int base = x->m->stack[column] - ori->bottom[0];
    if (base < 0 || base > x->ceiling ||
        x->supporting[column + ori->width] == x->supporting[column])
        return count;
    if (base + ori->height > x->lowest_capacity && base_within_capacity(x->m, ori, column) < 0)
        return count;
    drops[count] = (struct placement){(uint8_t)o, (uint8_t)column, (int8_t)base};
    return count + 1;
}

static int step_at(const struct matrix *m, int column) {
    int step = m->stack[column + 1] - m->stack[column];
    return step < -MAX_STEP || step > MAX_STEP ? -1 : step + MAX_STEP;
}

/* matrix_legal_drops, given the completed rows. */
static int legal_drops(const struct matrix *m, int completed, int ceiling,
                       struct placement drops[MATRIX_MAX_LEGAL_DROPS]) {
    int count = 0, width = m->width;
    struct drop_context x = {.m = m, .ceiling = ceiling, .lowest_capacity = m->height};
    for (int c = 0; c < width; c++) {
        x.supporting[c + 1] = (uint8_t)(x.supporting[c] + column_supports(m, c, completed));
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

int matrix_legal_drops(const struct matrix *m, int ceiling,
                       struct placement drops[MATRIX_MAX_LEGAL_DROPS]) {
    return legal_drops(m, matrix_completed(m), ceiling, drops);
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

bool matrix_regions_ok_around(const struct matrix *m, struct placement p) {
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
    struct placement p = {(uint8_t)orientation, (uint8_t)column, (int8_t)base};
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

/* ------------------------------------------------------------------ the tracker */

/* Moves the completed rows and the lowest open row up past the rows now full: full to
 * the width (and beside the matrix), and full to their room. */
static void count_full_rows(struct matrix_tracker *t) {
    int height = t->m.height, beside = t->m.beside < height ? t->m.beside : height;
    while (t->completed < beside && t->row_fill[t->completed] == t->m.width)
        t->completed++;
    while (t->lowest_open < height && t->row_fill[t->lowest_open] == t->row_room[t->lowest_open])
        t->lowest_open++;
}

void matrix_tracker_start(struct matrix_tracker *t) {
    tables_ready();
    const struct matrix *m = &t->m;
    memset(t->row_fill, 0, sizeof t->row_fill);
    memset(t->row_room, 0, sizeof t->row_room);
    t->hash = 0;
    for (int c = 0; c < m->width; c++) {
        for (int r = 0; r < m->stack[c]; r++)
            t->row_fill[r]++;
        for (int r = 0; r < m->capacity[c]; r++)
            t->row_room[r]++;
        t->hash ^= stack_hash[c][m->stack[c]] ^ (m->floor_support[c] ? support_hash[c] : 0);
    }
    t->completed = t->lowest_open = 0;
    count_full_rows(t);
    t->empty = matrix_empty_cells(m);
}

static void set_stack(struct matrix_tracker *t, int column, int height) {
    t->hash ^= stack_hash[column][t->m.stack[column]] ^ stack_hash[column][height];
    t->m.stack[column] = (uint8_t)height;
}

void matrix_tracker_apply(struct matrix_tracker *t, struct placement p) {
    const struct orientation *o = &ORIENTATIONS[p.orientation];
    for (int i = 0; i < o->width; i++) {
        for (int r = p.base + o->bottom[i]; r < p.base + o->top[i]; r++)
            t->row_fill[r]++;
        set_stack(t, p.column + i, p.base + o->top[i]);
    }
    t->empty -= PIECE_CELLS;
    count_full_rows(t);
}

void matrix_tracker_remove(struct matrix_tracker *t, struct placement p) {
    const struct orientation *o = &ORIENTATIONS[p.orientation];
    for (int i = 0; i < o->width; i++) {
        for (int r = p.base + o->bottom[i]; r < p.base + o->top[i]; r++)
            t->row_fill[r]--;
        set_stack(t, p.column + i, p.base + o->bottom[i]);
    }
    t->empty += PIECE_CELLS;
    /* The piece's lowest cell was in row `base`, which now has an empty cell where a column
     * has room; the rows under it are as they were. */
    if (p.base < t->completed)
        t->completed = p.base;
    if (p.base < t->lowest_open)
        t->lowest_open = p.base;
}

int matrix_tracker_legal_drops(const struct matrix_tracker *t, int ceiling,
                               struct placement drops[MATRIX_MAX_LEGAL_DROPS]) {
    return legal_drops(&t->m, t->completed, ceiling, drops);
}

struct matrix_key matrix_tracker_key(const struct matrix_tracker *t, uint32_t tag) {
    return (struct matrix_key){{t->hash, tag}};
}
