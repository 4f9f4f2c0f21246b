/* A piece's trip from its spawn to where it locks, as --motion shows it: the spawn, each
 * rotation and shift, then each row of its fall. The player has checked every step, so the
 * trip is rebuilt from the piece's moves without looking at the playfield. */
#ifndef TETRIS_PRINT_TRIP_H
#define TETRIS_PRINT_TRIP_H

#include "player.h"

#include <stdbool.h>

struct trip {
    const struct play_event *event;
    struct piece_state state; /* the step shown now */
    int next_move;
};

/* The number of steps, the spawn and the final place included. `pf` is any playfield of
 * the play (only its spawn position matters). */
long trip_steps(const struct play_event *event, const struct playfield *pf);

/* Starts at the spawn. */
void trip_begin(struct trip *t, const struct play_event *event, const struct playfield *pf);
/* Goes to the next step; false once the piece is where it locks. */
bool trip_next(struct trip *t);

#endif
