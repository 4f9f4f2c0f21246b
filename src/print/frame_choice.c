#include "frame_choice.h"

#include "drawing/trip.h"
#include "options.h"

/* The --every rule: every frame of every every-th piece, and of the last one. */
static bool every_shows(const struct frame_choice *c, long number, bool last) {
    long every = c->spec.every ? c->spec.every : 1;
    return number % every == 0 || last;
}

/* The frames a piece makes, whose trip has `steps` steps, when shown. */
static long piece_frames(const struct frame_choice *c, long steps) {
    return (c->spec.motion ? steps : 0) + 1;
}

void frame_choice_init(struct frame_choice *c, const struct frame_choice_spec *spec) {
    *c = (struct frame_choice){.spec = *spec, .delay = spec->delay, .fps = spec->fps};
}

void frame_choice_count(struct frame_choice *c, const struct play_event *event,
                        const struct playfield *pf) {
    long frames = piece_frames(c, c->spec.motion ? trip_steps(event, pf) : 0);
    c->play_frames += frames;
    /* Which piece is the last is known only at the end: each piece is counted as not the
     * last, and what it would add as the last is kept until the next one. */
    long as_one = every_shows(c, event->number, false) ? frames : 0;
    c->count += as_one;
    c->last_extra = frames - as_one;
}

long frame_choice_length(const struct frame_choice *c, int64_t frames) {
    return (long)(c->fps ? frames * 100 / c->fps : frames * c->delay);
}

/* Frames that last `length` centiseconds at the pace, the nearest whole number, at least 1. */
static int64_t frames_lasting(const struct frame_choice *c, long length) {
    int64_t frames = c->fps ? ((int64_t)length * c->fps + 50) / 100
                            : ((int64_t)length + c->delay / 2) / c->delay;
    return frames > 0 ? frames : 1;
}

void frame_choice_settle(struct frame_choice *c, long piece_total) {
    const struct frame_choice_spec *s = &c->spec;
    c->piece_total = piece_total;
    c->count += c->last_extra;
    c->last_extra = 0;
    long length = s->duration;
    if (!length && !s->every && s->cap && frame_choice_length(c, c->play_frames) > s->cap)
        length = s->cap;
    if (!length || c->delay == 0 || c->play_frames == 0)
        return;
    int64_t frames = frames_lasting(c, length);
    if (frames < c->play_frames) {
        c->spread = (long)frames;
        c->count = (long)frames;
        c->shortened = !s->duration;
    } else if (s->duration && !s->pace_given) {
        /* every frame, each shown longer so that the play lasts --duration */
        int64_t delay = (length + c->play_frames / 2) / c->play_frames;
        c->delay = delay < 1 ? 1 : delay > MAX_DELAY ? MAX_DELAY : (int)delay;
        c->fps = 0;
    }
}

bool frame_choice_next(struct frame_choice *c, long number) {
    int64_t t = ++c->position;
    if (c->spread)
        return t * c->spread / c->play_frames > (t - 1) * c->spread / c->play_frames;
    return every_shows(c, number, number == c->piece_total);
}
