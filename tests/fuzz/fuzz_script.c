/* libFuzzer harness for tetris-print's script reader and player: any input must be either
 * rejected with a message or replayed, strictly and leniently, without a crash, a leak or
 * undefined behaviour; read as a stream, a block at a time, it must get the verdict and
 * blocks that reading it whole gives; the outputs are rendered too. Build and run with
 * tests/fuzz/run.sh. */
#include "ascii.h"
#include "drawing/cell_tags.h"
#include "drawing/palette.h"
#include "drawing/raster.h"
#include "player.h"
#include "script.h"
#include "script_reader.h"
#include "stats.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fuzz_play {
    struct stats stats;
    struct cell_tags looks;
};

static bool check_lock(void *context, const struct play_event *event, const struct playfield *pf) {
    struct fuzz_play *play = context;
    stats_add(&play->stats, event, pf);
    if (event->move_count < 1 || event->move_count > PLAY_MAX_MOVES ||
        event->moves[event->move_count - 1] != MOVE_HARD_DROP)
        abort();
    uint32_t looks[PIECE_CELLS];
    for (int i = 0; i < PIECE_CELLS; i++)
        looks[i] = (uint32_t)PALETTE_PICTURE + event->type;
    cell_tags_lock(&play->looks, event, looks);
    return true;
}

static void ignore_warning(void *context, const struct play_problem *problem) {
    (void)context;
    if (problem->status != PLAY_INCONSISTENT || !problem->message[0])
        abort();
}

/* The same bytes read as a stream: the same verdict, as many blocks. */
static void read_as_stream(const uint8_t *data, size_t size, bool loaded, int block_count) {
    FILE *in = fmemopen((void *)data, size ? size : 1, "rb");
    if (!in)
        return;
    if (!size)
        fgetc(in); /* fmemopen refuses an empty buffer: read past the one byte given */
    struct script_reader r;
    struct text_error err;
    int blocks = 0;
    enum script_read status = SCRIPT_READ_ERROR;
    if (script_reader_open_stream(&r, in, NULL))
        while ((status = script_reader_next(&r, &err)) == SCRIPT_READ_BLOCK)
            blocks++;
    script_reader_close(&r);
    fclose(in);
    if ((status == SCRIPT_READ_END) != loaded || (loaded && blocks != block_count))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct script script;
    struct text_error err;
    bool loaded = script_load((const char *)data, size, &script, &err);
    read_as_stream(data, size, loaded, loaded ? script.block_count : 0);
    if (!loaded) {
        if (!err.message[0])
            abort();
        return 0;
    }
    static struct playfield pf;
    struct play_problem problem;
    int height = field_default_height(script.width);
    for (int lenient = 0; lenient < 2; lenient++) {
        struct fuzz_play play;
        stats_init(&play.stats, script.block_count);
        if (!cell_tags_init(&play.looks, script.width, height))
            break;
        struct play_hooks hooks = {&play, check_lock, ignore_warning};
        enum play_status status = script_play(&script, height, lenient, &hooks, &pf, &problem);
        if (status != PLAY_OK && !problem.message[0])
            abort();
        if (status == PLAY_OK) {
            struct palette palette;
            struct palette_spec spec = {.colour_count = script.colour_count,
                                        .colours = script.colours,
                                        .transparent = lenient};
            palette_init(&palette, &spec);
            struct raster r;
            int top = playfield_top_row(&pf);
            top = top < height ? top : height - 1;
            if (raster_init(&r, script.width, height, top, 3, lenient)) {
                struct scene scene = {.looks = &play.looks};
                raster_draw(&r, &scene);
                raster_free(&r);
            }
            FILE *sink = fopen("/dev/null", "w");
            if (sink) {
                ascii_print(sink, &pf, top, lenient, &palette);
                stats_print(sink, &play.stats);
                fclose(sink);
            }
        }
        cell_tags_free(&play.looks);
    }
    script_free(&script);
    return 0;
}
