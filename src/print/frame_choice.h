/* Which frames the play shows: the one home of that choice (--every, --motion). The first
 * pass counts them, piece by piece, before anything is written (--frames names its files
 * by the count, --stats prints it); the second pass asks, piece by piece, which to make.
 * Both go through the same rule, so the count is the frames made. Outputs take every frame
 * they are given. */
#ifndef TETRIS_PRINT_FRAME_CHOICE_H
#define TETRIS_PRINT_FRAME_CHOICE_H

#include "player.h"

#include <stdbool.h>

struct frame_choice {
    long every;  /* --every: frames for every every-th piece, and the last */
    bool motion; /* --motion: a piece's trip as well as the playfield once it locked */
    long piece_total;
    long count;      /* the frames shown, once frame_choice_settle has been called */
    long last_extra; /* first pass: what the piece just counted adds as the last piece */
};

/* The frames of one locked piece: each step of its trip (trip.h), then the playfield
 * once it has locked. */
struct piece_frames {
    bool trip, locked;
};

void frame_choice_init(struct frame_choice *c, long every, bool motion);

/* First pass: counts a locked piece's frames. `pf` is the playfield it locked on. */
void frame_choice_count(struct frame_choice *c, const struct play_event *event,
                        const struct playfield *pf);

/* After the first pass, which has counted `piece_total` pieces: completes the count. */
void frame_choice_settle(struct frame_choice *c, long piece_total);

/* Second pass: the frames of piece `number` (from 1). */
struct piece_frames frame_choice_piece(const struct frame_choice *c, long number);

#endif
