#include "stats.h"

#include <string.h>

void stats_init(struct stats *s, long blocks) {
    memset(s, 0, sizeof *s);
    s->blocks = blocks;
}

void stats_add(struct stats *s, const struct play_event *event, const struct playfield *pf) {
    s->pieces[event->type]++;
    s->piece_total++;
    s->clears[event->lock.cleared]++;
    s->rows_cleared += event->lock.cleared;
    int stack = pf->height - event->lock.top_row;
    if (stack > s->highest_stack)
        s->highest_stack = stack;
}

bool stats_print(FILE *out, const struct stats *s) {
    static const enum piece_type order[PIECE_TYPES] = {PIECE_I, PIECE_O, PIECE_T, PIECE_S,
                                                       PIECE_Z, PIECE_J, PIECE_L};
    fprintf(out, "blocks: %ld\npieces: %ld (", s->blocks, s->piece_total);
    for (int i = 0; i < PIECE_TYPES; i++)
        fprintf(out, "%s%c %ld", i ? ", " : "", piece_type_letter(order[i]), s->pieces[order[i]]);
    fprintf(out,
            ")\nrows cleared: %ld (singles %ld, doubles %ld, triples %ld, tetrises %ld)\n"
            "highest stack: %d rows\n",
            s->rows_cleared, s->clears[1], s->clears[2], s->clears[3], s->clears[4],
            s->highest_stack);
    return !ferror(out);
}
