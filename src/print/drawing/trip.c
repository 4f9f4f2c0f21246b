#include "trip.h"

/* Where the piece spawns: the core's rule (whether the spawn was free is the player's
 * business, checked already). */
static struct piece_state spawn_of(const struct play_event *event, const struct playfield *pf) {
    struct piece_state state;
    playfield_spawn(pf, event->type, &state);
    return state;
}

long trip_steps(const struct play_event *event, const struct playfield *pf) {
    /* every move but the hard drop, then one step per row fallen */
    return 1 + (event->move_count - 1) + (event->final.y - spawn_of(event, pf).y);
}

void trip_begin(struct trip *t, const struct play_event *event, const struct playfield *pf) {
    t->event = event;
    t->state = spawn_of(event, pf);
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
