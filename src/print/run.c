#include "run.h"

#include "atomic_output.h"
#include "cli.h"
#include "frames.h"
#include "palette.h"
#include "player.h"
#include "raster.h"
#include "render_gif.h"
#include "render_png.h"
#include "script.h"
#include "stats.h"
#include "text_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct run {
    const struct print_options *o;
    const char *name; /* the input as named in messages */
    struct script script;
    struct palette palette;
    struct play_stats stats;
    int top_row; /* first row drawn: 0, or the crop */
    /* second pass */
    struct raster raster;
    struct gif_writer gif;
    long frames_written;
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
    return true;
}

static bool wants_frame(const struct run *run, const struct play_event *event) {
    return event->number % run->o->every == 0 || event->number == run->stats.piece_total;
}

static bool on_lock_output(void *context, const struct play_event *event,
                           const struct playfield *pf) {
    struct run *run = context;
    const struct print_options *o = run->o;
    if (o->moves && !moves_print(stdout, event)) {
        cli_error("standard output: %s", strerror(errno ? errno : EIO));
        return false;
    }
    if (!run->raster.pixels || !wants_frame(run, event))
        return true;
    raster_draw(&run->raster, pf);
    if (o->frames_dir &&
        !frames_write(o->frames_dir, ++run->frames_written, &run->raster, &run->palette)) {
        cli_error("%s/frame-%05ld.png: %s", o->frames_dir, run->frames_written,
                  strerror(errno ? errno : EIO));
        return false;
    }
    if (run->gif.gif && !gif_add_frame(&run->gif, &run->raster)) {
        cli_error("%s: cannot write the GIF", o->output);
        return false;
    }
    return true;
}

static int play(struct run *run, const struct play_hooks *hooks, struct playfield *pf) {
    struct play_problem problem;
    enum play_status status = script_play(&run->script, run->o->lenient, hooks, pf, &problem);
    switch (status) {
    case PLAY_OK:
        return EXIT_OK;
    case PLAY_INCONSISTENT:
        report_at(run->name, problem.line, problem.block, "", problem.message);
        return EXIT_BAD_INPUT;
    case PLAY_TOP_OUT:
        report_at(run->name, problem.line, problem.block, "", problem.message);
        return EXIT_FAILED;
    case PLAY_NO_MEMORY:
        cli_error("out of memory");
        return EXIT_FAILED;
    case PLAY_HOOK_FAILED:
        break;
    }
    return EXIT_FAILED;
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

/* Second pass: moves, frames and the GIF, written while replaying. */
static int replay_with_output(struct run *run, struct playfield *pf) {
    const struct print_options *o = run->o;
    bool gif = o->output && o->format == FORMAT_GIF;
    if (!o->moves && !o->frames_dir && !gif)
        return EXIT_OK;
    if (o->frames_dir && !frames_prepare(o->frames_dir)) {
        cli_error("%s: %s", o->frames_dir, strerror(errno));
        return EXIT_FAILED;
    }
    if ((o->frames_dir || gif) && !raster_init(&run->raster, o->scale, run->top_row)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    struct atomic_output out = {0};
    if (gif && !atomic_output_open(&out, o->output)) {
        cli_error("%s: %s", o->output, strerror(errno));
        return EXIT_FAILED;
    }
    if (gif && !gif_begin(&run->gif, out.file, run->raster.width, run->raster.height, &run->palette,
                          o->transparent, o->delay)) {
        cli_error("%s: cannot write the GIF", o->output);
        atomic_output_abort(&out);
        return EXIT_FAILED;
    }
    struct play_hooks hooks = {.context = run, .locked = on_lock_output};
    int status = play(run, &hooks, pf);
    if (gif) {
        bool ok = status == EXIT_OK && gif_end(&run->gif);
        if (status == EXIT_OK && !ok)
            cli_error("%s: cannot write the GIF", o->output);
        if (!ok) {
            gif_abort(&run->gif);
            atomic_output_abort(&out);
        } else if (!atomic_output_commit(&out)) {
            cli_error("%s: %s", o->output, strerror(errno));
            ok = false;
        }
        if (!ok && status == EXIT_OK)
            status = EXIT_FAILED;
    }
    return status;
}

static int write_png(struct run *run, const struct playfield *pf) {
    const struct print_options *o = run->o;
    struct raster r;
    if (!raster_init(&r, o->scale, run->top_row)) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    raster_draw(&r, pf);
    int status = EXIT_OK;
    if (!png_write_file(o->output, &r, &run->palette)) {
        cli_error("%s: %s", o->output, strerror(errno));
        status = EXIT_FAILED;
    }
    raster_free(&r);
    return status;
}

static int run_script(struct run *run) {
    const struct print_options *o = run->o;
    struct playfield pf;
    /* First pass: check everything and learn the figures, before writing anything. */
    struct play_hooks check = {.context = run, .locked = on_lock_check, .warning = on_warning};
    stats_init(&run->stats, run->script.block_count);
    int status = play(run, &check, &pf);
    if (status != EXIT_OK)
        return status;
    if (o->bench)
        return bench(run);
    run->top_row = o->crop && run->stats.top_row < FIELD_HEIGHT ? run->stats.top_row
                   : o->crop                                    ? FIELD_HEIGHT - 1
                                                                : 0;
    palette_init(&run->palette, run->script.colour_count, run->script.colours, o->background,
                 o->transparent);
    status = replay_with_output(run, &pf);
    if (status == EXIT_OK && o->output && o->format == FORMAT_PNG)
        status = write_png(run, &pf);
    /* A write error on standard output is reported once, by main's cli_finish. */
    if (status == EXIT_OK && o->ascii)
        ascii_print(stdout, &pf, run->top_row, o->color, &run->palette);
    if (status == EXIT_OK && o->stats)
        stats_print(stdout, &run->stats);
    return status;
}

int print_run(const struct print_options *o) {
    struct run run = {.o = o, .name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input};
    size_t length;
    char *text = cli_read_file(o->input, &length);
    if (!text) { /* a script that can't be read is bad input, like a malformed one */
        cli_error("%s: %s", run.name, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    struct text_error err;
    bool loaded = script_load(text, length, &run.script, &err);
    free(text);
    if (!loaded) {
        report_at(run.name, err.line, err.block, "", err.message);
        return EXIT_BAD_INPUT;
    }
    int status = run_script(&run);
    raster_free(&run.raster);
    script_free(&run.script);
    return status;
}
