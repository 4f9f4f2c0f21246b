/* Which frames the play shows, and at what pace: the one home of that choice (--every,
 * --motion, --duration, the default length of an animation one shares). The first pass
 * counts the play's frames, piece by piece, before anything is written (--frames names
 * its files by the count, --stats prints it, the page takes its speed from the length);
 * the second pass asks, frame by frame, which to make. Both go through the same rule, so
 * the count is the frames made. Outputs take every frame they are given.
 *
 * The play's frames, in order: for each piece, with --motion each step of its trip
 * (trip.h), then the playfield once it locked. Shown are:
 *   --every K      every frame of pieces K, 2K, 3K, ... and of the last piece;
 *   a length L     (--duration, or the default length when the play would last longer):
 *                  F = L / pace frames spread evenly over the play's T frames, frame t
 *                  (from 1) shown when t·F / T passes a whole number, so the last frame is
 *                  always one; without --motion that is a piece every T / F pieces, with
 *                  it a steady time step. A play of at most F frames shows them all, and
 *                  --duration (not the default length) then slows the pace to last L,
 *                  unless --delay or --fps set it;
 *   otherwise      every frame.
 * "Lasts" counts the frames shown at the pace, not the hold after the last one. */
#ifndef TETRIS_PRINT_FRAME_CHOICE_H
#define TETRIS_PRINT_FRAME_CHOICE_H

#include "player.h"

#include <stdbool.h>
#include <stdint.h>

struct frame_choice_spec {
    long every;      /* --every, 0 when not given */
    bool motion;     /* --motion: each piece's trip as well as the playfield once it locked */
    long duration;   /* --duration in centiseconds, 0 when not given */
    long cap;        /* the longest play, in centiseconds, without --every or --duration: the
                        default for an animation one shares; 0 for none */
    int delay, fps;  /* the pace: centiseconds a frame; --fps (0 when the pace is --delay) */
    bool pace_given; /* --delay or --fps: --duration keeps it */
};

struct frame_choice {
    struct frame_choice_spec spec;
    /* counted by the first pass */
    long piece_total;
    int64_t play_frames; /* every frame of the play, T */
    long count;          /* the frames shown, once frame_choice_settle has been called */
    long last_extra;     /* first pass: what the piece just counted adds as the last piece */
    /* settled */
    long spread;    /* F when the frames shown are spread over the play, else 0 */
    int delay, fps; /* the pace of the frames shown */
    bool shortened; /* the default length cut the play short */
    /* second pass */
    int64_t position; /* frames of the play gone by */
};

void frame_choice_init(struct frame_choice *c, const struct frame_choice_spec *spec);

/* First pass: counts a locked piece's frames. `pf` is the playfield it locked on. */
void frame_choice_count(struct frame_choice *c, const struct play_event *event,
                        const struct playfield *pf);

/* After the first pass, which has counted `piece_total` pieces: chooses the frames and the
 * pace, and completes the count. */
void frame_choice_settle(struct frame_choice *c, long piece_total);

/* Second pass: whether the play's next frame, one of piece `number`'s (from 1), is shown.
 * Called once for every frame of the play, in order. */
bool frame_choice_next(struct frame_choice *c, long number);

/* Centiseconds that `frames` frames last at the settled pace. */
long frame_choice_length(const struct frame_choice *c, int64_t frames);

#endif
