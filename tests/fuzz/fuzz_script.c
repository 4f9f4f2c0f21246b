/* libFuzzer harness for tetris-print's script reader and player: any input must be either
 * rejected with a message or replayed, strictly and leniently, without a crash, a leak or
 * undefined behaviour; the palette, the text outputs and the statistics are made too (the
 * images are drawn from the player's frames, which don't depend on the input's text). Build
 * and run with tests/fuzz/run.sh. */
#include "palette.h"
#include "player.h"
#include "script.h"
#include "stats.h"
#include "text_output.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool check_lock(void *context, const struct play_event *event, const struct playfield *pf) {
    stats_add(context, event, pf);
    if (event->move_count < 1 || event->move_count > PLAY_MAX_MOVES ||
        event->moves[event->move_count - 1] != MOVE_HARD_DROP)
        abort();
    return true;
}

static void ignore_warning(void *context, const struct play_problem *problem) {
    (void)context;
    if (problem->status != PLAY_INCONSISTENT || !problem->message[0])
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct script script;
    struct text_error err;
    if (!script_load((const char *)data, size, &script, &err)) {
        if (!err.message[0])
            abort();
        return 0;
    }
    static struct playfield pf;
    struct play_problem problem;
    int height = field_default_height(script.width);
    for (int lenient = 0; lenient < 2; lenient++) {
        struct play_stats stats;
        stats_init(&stats, script.block_count, height);
        struct play_hooks hooks = {&stats, check_lock, ignore_warning};
        enum play_status status = script_play(&script, height, lenient, &hooks, &pf, &problem);
        if (status != PLAY_OK && !problem.message[0])
            abort();
        if (status == PLAY_OK) {
            struct palette palette;
            struct palette_spec spec = {.colour_count = script.colour_count,
                                        .colours = script.colours,
                                        .transparent = lenient};
            palette_init(&palette, &spec);
            int top = stats.top_row < height ? stats.top_row : height - 1;
            FILE *sink = fopen("/dev/null", "w");
            if (sink) {
                ascii_print(sink, &pf, top, lenient, &palette);
                stats_print(sink, &stats);
                fclose(sink);
            }
        }
    }
    script_free(&script);
    return 0;
}
