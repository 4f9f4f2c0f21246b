#include "emitters.h"

#include <pthread.h>
#include <stdbool.h>

static struct emitter_shape shapes[EMITTER_SHAPES];
static const int PROP_ORIENTATIONS[] = {ORIENTATION_TU, ORIENTATION_IH};
#define PROP_COUNT ((int)(sizeof PROP_ORIENTATIONS / sizeof PROP_ORIENTATIONS[0]))
static struct emitter_shape props[PROP_COUNT];
static pthread_once_t built = PTHREAD_ONCE_INIT;
/* The shapes of a type at depths 1 .. d: first_of[type], count_of[type][d - 1] of them. */
static int first_of[PIECE_TYPES], count_of[PIECE_TYPES][TARGET_MAX_ROWS];

/* The orientation with its box's bottom row at `depth`: a cell `y` rows above the box's
 * bottom is at depth depth - y in the target while that is at least 1, else in matrix row
 * y - depth. */
static void derive(int orientation, int depth, struct emitter_shape *s) {
    const struct orientation *o = &ORIENTATIONS[orientation];
    *s = (struct emitter_shape){.orientation = (int8_t)orientation,
                                .width = o->width,
                                .depth = (int8_t)depth,
                                .first_emit = -1};
    for (int i = 0; i < o->width; i++) {
        for (int y = o->bottom[i]; y < o->top[i] && y < depth; y++) {
            s->band[i] |= (uint8_t)(1u << (depth - y - 1));
            s->squares++;
        }
        if (s->band[i] && s->first_emit < 0) {
            s->first_emit = (int8_t)i;
            s->first_depth = (int8_t)emitter_lowest_depth(s, i);
        }
        if (o->top[i] > depth) {
            s->matrix_bottom[i] = (int8_t)(o->bottom[i] > depth ? o->bottom[i] - depth : 0);
            s->matrix_top[i] = (int8_t)(o->top[i] - depth);
        }
        s->matrix_rows[i] = (uint8_t)((1u << s->matrix_top[i]) - (1u << s->matrix_bottom[i]));
    }
}

/* Builds the table of shapes, once per process (emitter_shapes_of). */
static void build_shapes(void) {
    int n = 0;
    for (int type = 0; type < PIECE_TYPES; type++) {
        first_of[type] = n;
        for (int depth = 1; depth <= TARGET_MAX_ROWS; depth++) {
            for (int o = 0; o < ORIENTATION_COUNT; o++)
                if (ORIENTATIONS[o].type == (enum piece_type)type && n < EMITTER_SHAPES)
                    derive(o, depth, &shapes[n++]);
            count_of[type][depth - 1] = n - first_of[type];
        }
    }
    for (int k = 0; k < PROP_COUNT; k++)
        derive(PROP_ORIENTATIONS[k], 0, &props[k]);
}

int emitter_shapes_of(enum piece_type type, int depth, const struct emitter_shape **out) {
    pthread_once(&built, build_shapes);
    *out = &shapes[first_of[type]];
    return count_of[type][depth - 1];
}

int emitter_prop_shapes(const struct emitter_shape **out) {
    pthread_once(&built, build_shapes);
    *out = props;
    return PROP_COUNT;
}

/* emitter_reaches_through for one shape at depth 2, its box column i over `column`. */
static bool reaches_through_as(const struct emitter_shape *shape, int i,
                               const struct target *window, int lower, int column) {
    int left = column - i;
    if (left < 0 || left + shape->width > window->width)
        return false;
    for (int j = 0; j < shape->width; j++) {
        if (j != i && shape->band[j] & 2u) /* another cell at depth 2 */
            return false;
        if (shape->band[j] & 1u && window->want[lower - 1][left + j] != window->want[lower][column])
            return false;
    }
    return true;
}

bool emitter_reaches_through(const struct target *window, int lower, int column) {
    int8_t type = window->want[lower][column];
    if (lower < 1 || type == TARGET_NONE)
        return false;
    const struct emitter_shape *of;
    int count = emitter_shapes_of((enum piece_type)type, 2, &of);
    for (int k = 0; k < count; k++)
        for (int i = 0; of[k].depth == 2 && i < of[k].width; i++)
            if (of[k].band[i] & 2u && reaches_through_as(&of[k], i, window, lower, column))
                return true;
    return false;
}
