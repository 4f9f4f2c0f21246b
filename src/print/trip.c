#include "trip.h"

long trip_steps(const struct play_event *event) {
    /* every move but the hard drop, then one step per row fallen */
    return 1 + (event->move_count - 1) + (event->final.y - PLAYFIELD_SPAWN_Y);
}

void trip_begin(struct trip *t, const struct play_event *event) {
    t->event = event;
    t->state = (struct piece_state){(int8_t)spawn_orientation(event->type), PLAYFIELD_SPAWN_X,
                                    PLAYFIELD_SPAWN_Y};
    t->next_move = 0;
}

bool trip_next(struct trip *t) {
    const struct play_event *e = t->event;
    if (t->next_move < e->move_count - 1) {
        struct piece_state *s = &t->state;
        switch (e->moves[t->next_move++]) {
        case MOVE_ROTATE_CW:
            s->orientation = ORIENTATIONS[s->orientation].clockwise;
            break;
        case MOVE_ROTATE_CCW:
            s->orientation = ORIENTATIONS[s->orientation].counterclockwise;
            break;
        case MOVE_LEFT:
            s->x--;
            break;
        case MOVE_RIGHT:
            s->x++;
            break;
        case MOVE_DOWN:
            s->y++;
            break;
        case MOVE_HARD_DROP:
            break;
        }
        return true;
    }
    if (t->state.y < e->final.y) {
        t->state.y++;
        return true;
    }
    return false;
}
