#include "emitters.h"

#include <pthread.h>
#include <stdbool.h>

static struct emitter_shape shapes[EMITTER_SHAPES];
static int first_of[PIECE_TYPES], count_of[PIECE_TYPES];

/* The orientation hanging with its lowest row in the emission row: its columns whose lowest
 * cell is in that row emit; the others start in the matrix, on its bottom row or (the two
 * hanging from their corner) on the row above it. */
static void derive(int orientation, struct emitter_shape *s) {
    const struct orientation *o = &ORIENTATIONS[orientation];
    *s = (struct emitter_shape){
        .orientation = (int8_t)orientation, .width = o->width, .first_emit = -1};
    for (int i = 0; i < o->width; i++) {
        if (o->bottom[i] == 0) {
            s->emits |= (uint8_t)(1u << i);
            s->squares++;
            if (s->first_emit < 0)
                s->first_emit = (int8_t)i;
        }
        s->matrix_bottom[i] = (int8_t)(o->bottom[i] > 0 ? o->bottom[i] - 1 : 0);
        s->matrix_top[i] = (int8_t)(o->top[i] - 1);
    }
}

/* Builds the table of emitting shapes, once per process (emitter_shapes_of). */
static void build_shapes(void) {
    int n = 0;
    for (int type = 0; type < PIECE_TYPES; type++) {
        first_of[type] = n;
        for (int o = 0; o < ORIENTATION_COUNT; o++) {
            if (ORIENTATIONS[o].type == (enum piece_type)type && n < EMITTER_SHAPES)
                derive(o, &shapes[n++]);
        }
        count_of[type] = n - first_of[type];
    }
}

int emitter_shapes_of(enum piece_type type, const struct emitter_shape **out) {
    static pthread_once_t built = PTHREAD_ONCE_INIT;
    pthread_once(&built, build_shapes);
    *out = &shapes[first_of[type]];
    return count_of[type];
}
