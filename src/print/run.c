#include "run.h"

#include "atomic_output.h"
#include "cli.h"
#include "drawing/palette.h"
#include "drawing/piece_cells.h"
#include "drawing/raster.h"
#include "drawing/trip.h"
#include "frame_choice.h"
#include "frames.h"
#include "player.h"
#include "render_gif.h"
#include "render_html.h"
#include "render_png.h"
#include "render_video.h"
#include "script_reader.h"
#include "script_source.h"
#include "stats.h"
#include "terminal_play.h"
#include "text_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct run {
    const struct print_options *o;
    const char *name; /* the input as named in messages */
    struct script_source source;
    /* what the first pass learns of the script */
    int colour_count;
    uint32_t colours[MAX_COLOURS];
    struct palette palette;
    struct play_stats stats;
    /* the playfield's size, the one place the printer takes it from: the script's width,
     * --height or twice the width; 0 until the first structure is read */
    int columns, rows;
    int top_row;                /* first row drawn: 0, or the crop */
    struct frame_choice frames; /* counted by the first pass, made by the second */
    /* first pass: which cells remain in the final picture */
    struct cell_tags ids;
    uint32_t *survivors; /* sorted cell ids (cell_tags_id) of the final picture */
    size_t survivor_count;
    /* second pass */
    struct cell_tags looks;
    long rows_cleared;
    bool drawing;        /* some output needs the raster */
    bool drawing_frames; /* ... at every frame (not only the PNG's final picture) */
    struct raster raster;
    long frames_written;
    int frame_digits;
    struct gif_writer gif;
    bool gif_open;
    struct video_writer video;
    bool video_open;
    struct html_writer html;
    bool html_open;
    struct terminal_player terminal;
    bool terminal_open;
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

/* Sends one frame to every output that shows frames. */
static bool show(struct run *run, const struct scene *scene) {
    const struct print_options *o = run->o;
    if (run->drawing_frames) {
        raster_draw(&run->raster, scene);
        struct pixel_rect changed = raster_take_dirty(&run->raster);
        if (o->frames_dir) {
            long number = ++run->frames_written;
            if (!frames_write(o->frames_dir, number, run->frame_digits, &run->raster,
                              &run->palette)) {
                char path[4096];
                frames_path(path, sizeof path, o->frames_dir, number, run->frame_digits);
                cli_error("%s: %s", path, strerror(errno ? errno : EIO));
                return false;
            }
        }
        if (run->gif_open && !gif_add_frame(&run->gif, &run->raster, changed, o->delay)) {
            cli_error("%s: cannot write the GIF", o->output);
            return false;
        }
        if (run->video_open && !video_add_frame(&run->video, &run->raster)) {
            cli_error("%s: %s", o->output, run->video.reason);
            return false;
        }
    }
    if (run->terminal_open && !terminal_draw(&run->terminal, scene)) {
        cli_error("standard output: %s", strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}

static bool on_lock_output(void *context, const struct play_event *event,
                           const struct playfield *pf) {
    struct run *run = context;
    const struct print_options *o = run->o;
    if (o->moves && !moves_print(stdout, event)) {
        cli_error("standard output: %s", strerror(errno ? errno : EIO));
        return false;
    }
    struct scene scene = {.looks = &run->looks,
                          .pieces_locked = event->number - 1,
                          .piece_total = run->stats.piece_total,
                          .rows_cleared = run->rows_cleared};
    uint32_t looks[PIECE_CELLS];
    unsigned picture_mask = 0;
    for (int i = 0; i < PIECE_CELLS; i++) {
        bool picture = is_picture_cell(run, event->number, i);
        picture_mask |= picture ? 1u << i : 0;
        looks[i] = (uint32_t)(picture ? PALETTE_PICTURE : PALETTE_HELPER) + event->type;
        scene.moving_looks[i] = (uint8_t)looks[i];
    }
    struct piece_frames frames = frame_choice_piece(&run->frames, event->number);
    if (frames.trip) {
        struct trip trip;
        trip_begin(&trip, event, pf);
        scene.moving = PIECE_CELLS;
        do {
            piece_cells(&trip.state, scene.xs, scene.ys);
            if (!show(run, &scene))
                return false;
        } while (trip_next(&trip));
        scene.moving = 0;
    }
    cell_tags_lock(&run->looks, event, looks);
    run->rows_cleared += event->lock.cleared;
    if (run->html_open && !html_add_piece(&run->html, event, picture_mask)) {
        cli_error("%s: %s", o->output, strerror(errno ? errno : EIO));
        return false;
    }
    scene.pieces_locked = event->number;
    scene.rows_cleared = run->rows_cleared;
    return !frames.locked || show(run, &scene);
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
    run->rows = run->o->height ? run->o->height : field_default_height(width);
    stats_init(&run->stats, 0);
    if (!cell_tags_init(&run->ids, run->columns, run->rows)) {
        cli_error("out of memory");
        return false;
    }
    return true;
}

/* One pass over the script: each structure played as soon as it is read, so that memory
 * holds one structure, not the script. A problem in a line or a piece anywhere in the
 * script outranks a problem in play, as when the whole script was read first: after a
 * play problem the rest is read, only to check it. */
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
    enum play_status played = PLAY_OK;
    enum script_read read;
    int number = 0;
    bool first = true;
    while (played == PLAY_OK &&
           (read = script_reader_next(&reader, &err)) == SCRIPT_READ_STRUCTURE) {
        if (first) {
            if (!run->columns && !set_field(run, script_reader_width(&reader))) {
                script_reader_close(&reader);
                return EXIT_FAILED;
            }
            playfield_init(pf, run->columns, run->rows);
            first = false;
        }
        const struct script_structure *s = &reader.structure;
        played = structure_play(s->blocks, s->count, s->first_block, &number, run->o->lenient,
                                hooks, pf, &problem);
    }
    if (played != PLAY_OK && played != PLAY_HOOK_FAILED)
        read = script_reader_check_rest(&reader, &err);
    int status = read == SCRIPT_READ_ERROR ? read_failed(run, &reader, &err)
                 : played != PLAY_OK       ? play_failed(run, played, &problem)
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

static bool writes(const struct print_options *o, enum output_format format) {
    return o->output && o->format == format;
}

/* Whether the outputs show the play frame by frame. */
static bool shows_frames(const struct print_options *o) {
    return o->frames_dir || o->play || writes(o, FORMAT_GIF) || writes(o, FORMAT_MP4) ||
           writes(o, FORMAT_WEBM);
}

/* Opens what the second pass writes as it plays. The outputs that were opened are closed
 * by finish_outputs, whatever happens. */
static int open_outputs(struct run *run, struct atomic_output *out) {
    const struct print_options *o = run->o;
    if (o->frames_dir) {
        run->frame_digits = frames_digits(run->frames.count);
        if (!frames_prepare(o->frames_dir, run->frames.count, run->frame_digits)) {
            cli_error("%s: %s", o->frames_dir, strerror(errno));
            return EXIT_FAILED;
        }
    }
    if (run->drawing &&
        !raster_init(&run->raster, run->columns, run->rows, run->top_row, o->scale, !o->no_well)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    if (writes(o, FORMAT_MP4) || writes(o, FORMAT_WEBM)) {
        if (!video_begin(&run->video, o->output, o->format == FORMAT_WEBM, run->raster.width,
                         run->raster.height, &run->palette, o->fps ? o->fps : 100,
                         o->fps ? 1 : o->delay)) {
            cli_error("%s: %s", o->output, run->video.reason);
            video_abort(&run->video);
            return EXIT_FAILED;
        }
        run->video_open = true;
    }
    bool streamed = writes(o, FORMAT_GIF) || writes(o, FORMAT_HTML);
    if (streamed && !atomic_output_open(out, o->output)) {
        cli_error("%s: %s", o->output, strerror(errno));
        return EXIT_FAILED;
    }
    if (writes(o, FORMAT_GIF)) {
        if (!gif_begin(&run->gif, out->file, run->raster.width, run->raster.height, &run->palette,
                       o->transparent)) {
            cli_error("%s: cannot write the GIF", o->output);
            return EXIT_FAILED;
        }
        run->gif_open = true;
    }
    if (writes(o, FORMAT_HTML)) {
        struct html_page page = {
            .title = run->name,
            .columns = run->columns,
            .rows = run->rows,
            .top_row = run->top_row,
            .scale = o->scale,
            .well = raster_has_well(o->scale, !o->no_well),
            .delay = o->delay,
            .piece_total = run->stats.piece_total,
            .palette = &run->palette,
        };
        struct playfield empty;
        playfield_init(&empty, run->columns, run->rows);
        for (int t = 0; t < PIECE_TYPES; t++)
            playfield_spawn(&empty, (enum piece_type)t, &page.spawn[t]);
        if (!html_begin(&run->html, out->file, &page)) {
            cli_error("%s: %s", o->output, strerror(errno ? errno : EIO));
            return EXIT_FAILED;
        }
        run->html_open = true;
    }
    if (o->play) {
        if (!terminal_begin(&run->terminal, stdout, &run->palette, run->columns, run->rows,
                            run->top_row, o->delay)) {
            cli_error("standard output: %s", strerror(errno ? errno : EIO));
            return EXIT_FAILED;
        }
        run->terminal_open = true;
    }
    return EXIT_OK;
}

/* Finishes (status EXIT_OK) or abandons what open_outputs opened; returns the status. */
static int finish_outputs(struct run *run, struct atomic_output *out, int status) {
    const struct print_options *o = run->o;
    if (run->terminal_open && !terminal_end(&run->terminal) && status == EXIT_OK) {
        cli_error("standard output: %s", strerror(errno ? errno : EIO));
        status = EXIT_FAILED;
    }
    if (run->video_open) { /* its rate is --fps exactly, else 100 / --delay */
        long hold_frames = o->fps ? (long)o->hold * o->fps / 100 : (long)o->hold / o->delay;
        if (status == EXIT_OK && !video_end(&run->video, hold_frames)) {
            cli_error("%s: %s", o->output, run->video.reason);
            status = EXIT_FAILED;
        }
        video_abort(&run->video);
    }
    bool streamed = run->gif_open || run->html_open;
    if (run->gif_open) {
        if (status == EXIT_OK && !gif_end(&run->gif, o->hold)) {
            cli_error("%s: cannot write the GIF", o->output);
            status = EXIT_FAILED;
        }
        gif_abort(&run->gif);
    }
    if (run->html_open && status == EXIT_OK && !html_end(&run->html)) {
        cli_error("%s: %s", o->output, strerror(errno ? errno : EIO));
        status = EXIT_FAILED;
    }
    if (out->file && (status != EXIT_OK || !streamed))
        atomic_output_abort(out);
    else if (out->file && !atomic_output_commit(out)) {
        cli_error("%s: %s", o->output, strerror(errno));
        status = EXIT_FAILED;
    }
    return status;
}

/* The final picture as a PNG: the raster once every piece has locked. */
static int write_png(struct run *run) {
    struct scene scene = {.looks = &run->looks};
    raster_draw(&run->raster, &scene);
    if (!png_write_file(run->o->output, &run->raster, &run->palette)) {
        cli_error("%s: %s", run->o->output, strerror(errno));
        return EXIT_FAILED;
    }
    return EXIT_OK;
}

/* Second pass: every output, written while replaying. */
static int replay_with_output(struct run *run, struct playfield *pf) {
    const struct print_options *o = run->o;
    run->drawing = o->frames_dir || (o->output && o->format != FORMAT_HTML);
    run->drawing_frames = o->frames_dir || (run->drawing && !writes(o, FORMAT_PNG));
    if (!run->drawing && !o->moves && !o->play && !writes(o, FORMAT_HTML))
        return EXIT_OK;
    if (!cell_tags_init(&run->looks, run->columns, run->rows)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    struct atomic_output out = {0};
    int status = open_outputs(run, &out);
    if (status == EXIT_OK) {
        struct play_hooks hooks = {.context = run, .locked = on_lock_output};
        status = play(run, &hooks, pf);
    }
    status = finish_outputs(run, &out, status);
    if (status == EXIT_OK && writes(o, FORMAT_PNG))
        status = write_png(run);
    return status;
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
    frame_choice_settle(&run->frames, run->stats.piece_total);
    if (!collect_survivors(run)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    /* --crop: the rows of the final picture (at least the floor row). */
    int picture_top = playfield_top_row(&pf);
    run->top_row = !o->crop ? 0 : picture_top < run->rows ? picture_top : run->rows - 1;
    choose_palette(run);
    status = replay_with_output(run, &pf);
    /* A write error on standard output is reported once, by main's cli_finish. */
    if (status == EXIT_OK && o->ascii)
        ascii_print(stdout, &pf, run->top_row, o->color, &run->palette);
    if (status == EXIT_OK && o->stats)
        stats_print(stderr, &run->stats);
    if (status == EXIT_OK && o->stats && shows_frames(o))
        fprintf(stderr, "frames: %ld\n", run->frames.count);
    return status;
}

/* What can be refused before reading anything: a video without ffmpeg, --play without a
 * terminal. */
static int check_environment(const struct print_options *o) {
    if ((writes(o, FORMAT_MP4) || writes(o, FORMAT_WEBM)) && !video_encoder_found()) {
        cli_error("%s: writing %s needs ffmpeg, which is not on PATH (Debian: apt-get install "
                  "ffmpeg)",
                  o->output, format_name(o->format));
        return EXIT_FAILED;
    }
    if (o->play && !terminal_is_terminal(stdout)) {
        cli_error("--play: standard output is not a terminal (write -o FILE.gif or .html "
                  "instead)");
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}

int print_run(const struct print_options *o) {
    struct run run = {.o = o, .name = strcmp(o->input, "-") == 0 ? "standard input" : o->input};
    frame_choice_init(&run.frames, o->every, o->motion);
    int status = check_environment(o);
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
