#include "frame_choice.h"

#include "drawing/trip.h"

/* The rule: every every-th piece gets its frames, and the last one. */
static struct piece_frames frames_of(const struct frame_choice *c, long number, bool last) {
    bool shown = number % c->every == 0 || last;
    return (struct piece_frames){.trip = shown && c->motion, .locked = shown};
}

/* The frames a piece makes whose trip has `steps` steps. */
static long frame_total(struct piece_frames frames, long steps) {
    return (frames.trip ? steps : 0) + (frames.locked ? 1 : 0);
}

void frame_choice_init(struct frame_choice *c, long every, bool motion) {
    *c = (struct frame_choice){.every = every, .motion = motion};
}

void frame_choice_count(struct frame_choice *c, const struct play_event *event,
                        const struct playfield *pf) {
    /* Which piece is the last is known only at the end: each piece is counted as not the
     * last, and what it would add as the last is kept until the next one. */
    long steps = c->motion ? trip_steps(event, pf) : 0;
    long as_one = frame_total(frames_of(c, event->number, false), steps);
    c->count += as_one;
    c->last_extra = frame_total(frames_of(c, event->number, true), steps) - as_one;
}

void frame_choice_settle(struct frame_choice *c, long piece_total) {
    c->piece_total = piece_total;
    c->count += c->last_extra;
    c->last_extra = 0;
}

struct piece_frames frame_choice_piece(const struct frame_choice *c, long number) {
    return frames_of(c, number, number == c->piece_total);
}
