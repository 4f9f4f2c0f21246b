/* --stats: what a replay did. */
#ifndef TETRIS_PRINT_STATS_H
#define TETRIS_PRINT_STATS_H

#include "player.h"

#include <stdbool.h>
#include <stdio.h>

struct stats {
    long blocks;
    long pieces[PIECE_TYPES];
    long piece_total;
    long clears[5]; /* clears[n]: locks that cleared n rows at once (1 single .. 4 tetris) */
    long rows_cleared;
    int highest_stack; /* rows, counted when a piece locked, before its rows cleared */
};

void stats_init(struct stats *s, long blocks);
void stats_add(struct stats *s, const struct play_event *event, const struct playfield *pf);
bool stats_print(FILE *out, const struct stats *s);

#endif
