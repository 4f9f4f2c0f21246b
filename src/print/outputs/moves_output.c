#include "moves_output.h"

#include "cli.h"

#include <errno.h>
#include <string.h>

static bool moves_output_begin(void *self, const struct output_start *start) {
    (void)self, (void)start; /* it writes on standard output, in the order pieces lock */
    return true;
}

static bool moves_output_piece(void *self, const struct play_event *event) {
    (void)self;
    fprintf(stdout, "block %d piece %c (%c):", event->block, event->id,
            piece_type_letter(event->type));
    for (int i = 0; i < event->move_count; i++)
        fprintf(stdout, " %s", move_name(event->moves[i]));
    putc('\n', stdout);
    if (!ferror(stdout))
        return true;
    cli_error("standard output: %s", strerror(errno ? errno : EIO));
    return false;
}

/* Standard output is flushed, and a failure to write it reported, by main (cli_finish). */
static bool moves_output_end(void *self, const struct output_frame *last) {
    (void)self, (void)last;
    return true;
}

static void moves_output_abort(void *self) {
    (void)self; /* what is on standard output stays there */
}

const struct output_ops MOVES_OUTPUT = {
    .begin = moves_output_begin,
    .piece = moves_output_piece,
    .end = moves_output_end,
    .abort = moves_output_abort,
};
