#include "run.h"

#include "ascii.h"
#include "cli.h"
#include "drawing/palette.h"
#include "drawing/piece_cells.h"
#include "drawing/raster.h"
#include "drawing/trip.h"
#include "frame_choice.h"
#include "frame_size.h"
#include "outputs/frames_output.h"
#include "outputs/gif_output.h"
#include "outputs/moves_output.h"
#include "outputs/output_list.h"
#include "outputs/page_output.h"
#include "outputs/png_output.h"
#include "outputs/terminal_output.h"
#include "outputs/video_output.h"
#include "player.h"
#include "script_reader.h"
#include "script_source.h"
#include "shortened_note.h"
#include "stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct run {
    const struct print_options *o;
    const char *name;        /* the input as named in messages */
    const char *title;       /* what is printing: --title, else default_title */
    char default_title[256]; /* the script's file name, its extension left out */
    struct script_source source;
    /* what the first pass learns of the script */
    int colour_count;
    uint32_t colours[MAX_COLOURS];
    struct palette palette;
    struct stats stats;
    /* the playfield's size, the one place the printer takes it from: the script's width,
     * --height or twice the width; 0 until the first structure is read */
    int columns, rows;
    struct frame_size frame;    /* the rows drawn and the pixels a cell (frame_size.h) */
    struct frame_choice frames; /* counted by the first pass, made by the second */
    struct output_list outputs; /* what the options ask for, written by the second pass */
    /* first pass: which cells remain in the final picture */
    struct cell_tags ids;
    uint32_t *survivors; /* sorted cell ids (cell_tags_id) of the final picture */
    size_t survivor_count;
    /* second pass */
    struct cell_tags looks;
    long rows_cleared;
    bool shows_frames; /* some output is given frames */
    bool draws_frames; /* ... drawn on the raster */
    struct raster raster;
};

/* "tetris-print: FILE:LINE: block N: message", leaving out what is unknown. */
static void report_at(const char *name, int line, int block, const char *kind,
                      const char *message) {
    char where[64] = "", in_block[32] = "";
    if (line > 0)
        snprintf(where, sizeof where, ":%d", line);
    if (block > 0)
        snprintf(in_block, sizeof in_block, " block %d:", block);
    cli_error("%s%s:%s %s%s", name, where, in_block, kind, message);
}

static void on_warning(void *context, const struct play_problem *problem) {
    struct run *run = context;
    report_at(run->name, problem->line, problem->block, "warning: ", problem->message);
}

static bool on_lock_check(void *context, const struct play_event *event,
                          const struct playfield *pf) {
    struct run *run = context;
    stats_add(&run->stats, event, pf);
    uint32_t ids[PIECE_CELLS];
    for (int i = 0; i < PIECE_CELLS; i++)
        ids[i] = cell_tags_id(event->number, i);
    cell_tags_lock(&run->ids, event, ids);
    frame_choice_count(&run->frames, event, pf);
    return true;
}

static int compare_ids(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* After the first pass: the cells still standing are the final picture. */
static bool collect_survivors(struct run *run) {
    size_t cells = (size_t)run->columns * (size_t)run->rows;
    run->survivors = malloc(cells * sizeof *run->survivors);
    if (!run->survivors)
        return false;
    for (size_t i = 0; i < cells; i++)
        if (run->ids.tags[i] != CELL_TAG_EMPTY)
            run->survivors[run->survivor_count++] = run->ids.tags[i];
    qsort(run->survivors, run->survivor_count, sizeof *run->survivors, compare_ids);
    return true;
}

/* A cell is a picture cell when it remains in the final picture; every other cell clears
 * before the end and is a helper cell. */
static bool is_picture_cell(const struct run *run, long number, int cell) {
    uint32_t id = cell_tags_id(number, cell);
    return bsearch(&id, run->survivors, run->survivor_count, sizeof id, compare_ids) != NULL;
}

/* Gives one frame to the outputs, drawn first when they draw. */
static bool show(struct run *run, const struct scene *scene) {
    struct output_frame frame = {.scene = scene};
    if (run->draws_frames) {
        raster_draw(&run->raster, scene);
        frame.raster = &run->raster;
        frame.changed = raster_take_dirty(&run->raster);
    }
    return output_list_frame(&run->outputs, &frame);
}

static bool on_lock_output(void *context, const struct play_event *event,
                           const struct playfield *pf) {
    struct run *run = context;
    struct scene scene = {.looks = &run->looks,
                          .pieces_locked = event->number - 1,
                          .piece_total = run->stats.piece_total,
                          .rows_cleared = run->rows_cleared};
    uint32_t looks[PIECE_CELLS];
    for (int i = 0; i < PIECE_CELLS; i++) {
        bool picture = is_picture_cell(run, event->number, i);
        looks[i] = (uint32_t)(picture ? PALETTE_PICTURE : PALETTE_HELPER) + event->type;
        scene.moving_looks[i] = (uint8_t)looks[i];
    }
    if (!output_list_piece(&run->outputs, event))
        return false;
    if (run->shows_frames && run->o->motion) {
        struct trip trip;
        trip_begin(&trip, event, pf);
        scene.moving = PIECE_CELLS;
        do {
            if (frame_choice_next(&run->frames, event->number)) {
                piece_cells(&trip.state, scene.xs, scene.ys);
                if (!show(run, &scene))
                    return false;
            }
        } while (trip_next(&trip));
        scene.moving = 0;
    }
    cell_tags_lock(&run->looks, event, looks);
    run->rows_cleared += event->lock.cleared;
    scene.pieces_locked = event->number;
    scene.rows_cleared = run->rows_cleared;
    return !run->shows_frames || !frame_choice_next(&run->frames, event->number) ||
           show(run, &scene);
}

/* Reports why a pass stopped (the hooks reported their own failures). */
static int play_failed(const struct run *run, enum play_status status,
                       const struct play_problem *problem) {
    switch (status) {
    case PLAY_INCONSISTENT:
        report_at(run->name, problem->line, problem->block, "", problem->message);
        return EXIT_BAD_INPUT;
    case PLAY_TOP_OUT:
        report_at(run->name, problem->line, problem->block, "", problem->message);
        return EXIT_FAILED;
    case PLAY_NO_MEMORY:
        cli_error("out of memory");
        return EXIT_FAILED;
    case PLAY_OK:
    case PLAY_HOOK_FAILED:
        break;
    }
    return EXIT_FAILED;
}

static int read_failed(const struct run *run, const struct script_reader *reader,
                       const struct text_error *err) {
    report_at(run->name, err->line, err->block, "", err->message);
    return reader->copy_failed ? EXIT_FAILED : EXIT_BAD_INPUT;
}

/* The first structure sets the field: the script's width, --height or twice the width. */
static bool set_field(struct run *run, int width) {
    run->columns = width;
    run->rows = field_height_or_default(width, run->o->height);
    stats_init(&run->stats, 0);
    if (!cell_tags_init(&run->ids, run->columns, run->rows)) {
        cli_error("out of memory");
        return false;
    }
    return true;
}

/* One pass over the script: each block played as soon as it is read (a structure's blocks
 * in the frame of its first), so that memory holds one block, not the script nor a chain of
 * blocks. The first problem met, in a line, a piece or play, ends the pass. */
static int play(struct run *run, const struct play_hooks *hooks, struct playfield *pf) {
    FILE *copy;
    FILE *in = script_source_pass(&run->source, &copy);
    if (!in) {
        cli_error("%s: %s", run->name, strerror(errno));
        return EXIT_FAILED;
    }
    struct script_reader reader;
    if (!script_reader_open_stream(&reader, in, copy)) {
        script_reader_close(&reader);
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    struct text_error err;
    struct play_problem problem;
    struct structure_frame frame = {.anchored = false};
    enum play_status played = PLAY_OK;
    enum script_read read;
    int number = 0;
    bool first = true;
    while (played == PLAY_OK && (read = script_reader_next(&reader, &err)) == SCRIPT_READ_BLOCK) {
        if (first) {
            if (!run->columns && !set_field(run, script_reader_width(&reader))) {
                script_reader_close(&reader);
                return EXIT_FAILED;
            }
            playfield_init(pf, run->columns, run->rows);
            first = false;
        }
        played = block_play(&reader.block, reader.block_number, &frame, &number, run->o->lenient,
                            hooks, pf, &problem);
    }
    int status = played != PLAY_OK           ? play_failed(run, played, &problem)
                 : read == SCRIPT_READ_ERROR ? read_failed(run, &reader, &err)
                                             : EXIT_OK;
    run->stats.blocks = reader.parser.blocks_released;
    run->colour_count = reader.file.colour_count;
    memcpy(run->colours, reader.file.colours, sizeof run->colours);
    script_reader_close(&reader);
    return status;
}

static int bench(struct run *run) {
    struct playfield pf;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < run->o->bench; i++) {
        int status = play(run, NULL, &pf);
        if (status != EXIT_OK)
            return status;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds =
        (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    double pieces = (double)run->stats.piece_total * (double)run->o->bench;
    printf("replay: %ld x %ld pieces in %.3f s: %.0f pieces/s\n", run->o->bench,
           run->stats.piece_total, seconds, seconds > 0 ? pieces / seconds : 0.0);
    return ferror(stdout) ? EXIT_FAILED : EXIT_OK;
}

/* Second pass: every output, written while replaying. */
static int replay_with_outputs(struct run *run, struct playfield *pf) {
    const struct print_options *o = run->o;
    if (run->outputs.count == 0)
        return EXIT_OK;
    run->shows_frames = output_list_shows_frames(&run->outputs);
    run->draws_frames = output_list_draws_frames(&run->outputs);
    bool draws = output_list_draws(&run->outputs);
    if (!cell_tags_init(&run->looks, run->columns, run->rows) ||
        (draws && !raster_init(&run->raster, run->columns, run->rows, run->frame.top_row,
                               run->frame.scale, !o->no_well))) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    struct output_start start = {
        .title = run->title,
        .columns = run->columns,
        .rows = run->rows,
        .top_row = run->frame.top_row,
        .scale = run->frame.scale,
        .well = raster_has_well(run->frame.scale, !o->no_well),
        .transparent = o->transparent,
        .palette = &run->palette,
        .raster = draws ? &run->raster : NULL,
        .frame_count = run->frames.count,
        .delay = run->frames.delay,
        .fps = run->frames.fps,
        .length = frame_choice_length(&run->frames, run->frames.count),
        .hold = o->hold,
    };
    if (!output_list_begin(&run->outputs, &start))
        return EXIT_FAILED;
    struct play_hooks hooks = {.context = run, .locked = on_lock_output};
    int status = play(run, &hooks, pf);
    if (status != EXIT_OK) {
        output_list_abort(&run->outputs);
        return status;
    }
    /* The final picture: every piece locked, nothing moving. */
    struct scene final = {.looks = &run->looks,
                          .pieces_locked = run->stats.piece_total,
                          .piece_total = run->stats.piece_total,
                          .rows_cleared = run->rows_cleared};
    struct output_frame last = {.scene = &final};
    if (draws) {
        raster_draw(&run->raster, &final);
        last.raster = &run->raster;
        last.changed = raster_take_dirty(&run->raster);
    }
    return output_list_end(&run->outputs, &last) ? EXIT_OK : EXIT_FAILED;
}

static void choose_palette(struct run *run) {
    const struct print_options *o = run->o;
    struct palette_spec spec = {
        .colour_count = run->colour_count,
        .colours = run->colours,
        .transparent = o->transparent,
        .has_background = o->background_set,
        .background = o->background,
        .helper_count = o->helper_count,
        .helpers = o->helpers,
    };
    palette_init(&run->palette, &spec);
}

static int run_script(struct run *run) {
    const struct print_options *o = run->o;
    struct playfield pf;
    /* First pass: check everything and learn the figures, before writing anything. */
    struct play_hooks check = {.context = run, .locked = on_lock_check, .warning = on_warning};
    int status = play(run, &check, &pf);
    if (status != EXIT_OK)
        return status;
    if (o->bench)
        return bench(run);
    if (run->outputs.count == 0 && !o->ascii && !o->stats)
        cli_error("%s: checked, %ld pieces, nothing written: give -o FILE.png for the picture, "
                  ".gif, .mp4 or .html for the play, or --play to watch it here",
                  run->name, run->stats.piece_total);
    frame_choice_settle(&run->frames, run->stats.piece_total);
    if (run->frames.shortened)
        shortened_note(&run->frames, output_list_animation(&run->outputs));
    if (!collect_survivors(run)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    struct frame_size_spec size = {
        .columns = run->columns,
        .rows = run->rows,
        .picture_top = playfield_top_row(&pf),
        .highest_stack = run->stats.highest_stack,
        .scale = o->scale,
        .crop = o->crop,
        .no_crop = o->no_crop,
        .motion = o->motion,
        .animation = output_list_animation(&run->outputs) != NULL,
        .well = !o->no_well,
    };
    run->frame = frame_size_choose(&size);
    choose_palette(run);
    status = replay_with_outputs(run, &pf);
    /* A write error on standard output is reported once, by main's cli_finish. */
    if (status == EXIT_OK && o->ascii)
        ascii_print(stdout, &pf, run->frame.top_row, o->color, &run->palette);
    if (status == EXIT_OK && o->stats)
        stats_print(stderr, &run->stats);
    if (status == EXIT_OK && o->stats && output_list_shows_frames(&run->outputs))
        fprintf(stderr, "frames: %ld\n", run->frames.count);
    return status;
}

/* -o's output, by the format the options resolved. */
static const struct output_ops *const FORMAT_OUTPUTS[] = {
    [FORMAT_PNG] = &PNG_OUTPUT,       [FORMAT_GIF] = &GIF_OUTPUT,
    [FORMAT_MP4] = &VIDEO_MP4_OUTPUT, [FORMAT_WEBM] = &VIDEO_WEBM_OUTPUT,
    [FORMAT_HTML] = &PAGE_OUTPUT,
};

/* The outputs the options ask for: --frames, -o's, --play, --moves. They begin in this
 * order and end in the reverse one: the terminal is given back before the files are
 * finished, and -o's file failing at its end still removes the frames. */
static void choose_outputs(struct run *run) {
    const struct print_options *o = run->o;
    if (o->frames_dir)
        output_list_add(&run->outputs, &FRAMES_OUTPUT, o->frames_dir);
    if (o->output)
        output_list_add(&run->outputs, FORMAT_OUTPUTS[o->format], o->output);
    if (o->play)
        output_list_add(&run->outputs, &TERMINAL_OUTPUT, NULL);
    if (o->moves)
        output_list_add(&run->outputs, &MOVES_OUTPUT, NULL);
}

/* What is printing, unless --title says: the script's file name without its directory
 * and extension; nothing for standard input. */
static void set_title(struct run *run) {
    const char *o_title = run->o->title, *input = run->o->input;
    if (o_title || strcmp(input, "-") == 0) {
        run->title = o_title ? o_title : "";
        return;
    }
    const char *slash = strrchr(input, '/'), *base = slash ? slash + 1 : input;
    int length = (int)(strlen(base) - strlen(extension_of(base)));
    snprintf(run->default_title, sizeof run->default_title, "%.*s", length, base);
    run->title = run->default_title;
}

int run_print(const struct print_options *o) {
    struct run run = {.o = o, .name = strcmp(o->input, "-") == 0 ? "standard input" : o->input};
    set_title(&run);
    choose_outputs(&run);
    /* An animation one shares lasts at most the default length (frame_choice.h). */
    struct frame_choice_spec frames = {
        .every = o->every,
        .motion = o->motion,
        .duration = o->duration * 100,
        .cap = output_list_animation(&run.outputs) ? DEFAULT_DURATION_SECONDS * 100 : 0,
        .delay = o->delay,
        .fps = o->fps,
        .pace_given = o->pace_given,
    };
    frame_choice_init(&run.frames, &frames);
    /* What can be refused before reading anything: a video without ffmpeg, --play without
     * a terminal. */
    int status = output_list_usable(&run.outputs);
    if (status != EXIT_OK)
        return status;
    switch (script_source_open(&run.source, o->input)) {
    case SCRIPT_SOURCE_OK:
        break;
    case SCRIPT_SOURCE_UNREADABLE: /* bad input, like a malformed script */
        cli_error("%s: %s", run.name, strerror(errno));
        return EXIT_BAD_INPUT;
    case SCRIPT_SOURCE_NO_COPY:
        cli_error("%s: cannot make a copy to read again in %s: %s", run.name,
                  script_source_copy_dir(), strerror(errno));
        return EXIT_FAILED;
    }
    status = run_script(&run);
    raster_free(&run.raster);
    cell_tags_free(&run.ids);
    cell_tags_free(&run.looks);
    free(run.survivors);
    script_source_close(&run.source);
    return status;
}
