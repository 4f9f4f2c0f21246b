#include "convert_run.h"

#include "atomic_output.h"
#include "cli.h"
#include "pattern_cache.h"
#include "pattern_read.h"
#include "verify.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *input_name(const struct convert_options *o) {
    return strcmp(o->input, "-") == 0 ? "standard input" : o->input;
}

static int read_sprite(const struct convert_options *o, struct sprite *sprite) {
    size_t length;
    char *data = cli_read_file(o->input, &length);
    if (!data) {
        cli_error("%s: %s", input_name(o), strerror(errno));
        return errno == ENOMEM ? EXIT_FAILED : EXIT_BAD_INPUT;
    }
    char message[256];
    enum sprite_status status =
        sprite_decode((const unsigned char *)data, length, sprite, message, sizeof message);
    free(data);
    if (status == SPRITE_OK)
        return EXIT_OK;
    cli_error("%s: %s", input_name(o), message);
    return status == SPRITE_NO_MEMORY ? EXIT_FAILED : EXIT_BAD_INPUT;
}

/* The field: --width, or with auto the width of the --patterns library, or the smallest
 * that fits the sprite (field_width_for_sprite); --height or twice the width. */
static int choose_field(const struct convert_options *o, const struct sprite *sprite,
                        struct convert_settings *settings) {
    int width = o->width;
    if (!width && o->patterns)
        width = pattern_dir_width(o->patterns, 0);
    int fitting = field_width_for_sprite(sprite->width, sprite->height, o->height);
    if (!width)
        width = fitting;
    if (!width) {
        cli_error("%s: the sprite is %dx%d pixels: too large for any field (at most %d wide with "
                  "--width %d, and %d tall with --height %d)",
                  input_name(o), sprite->width, sprite->height,
                  field_sprite_max_width(FIELD_MAX_WIDTH), FIELD_MAX_WIDTH,
                  field_sprite_max_height(o->height ? o->height : FIELD_MAX_HEIGHT),
                  o->height ? o->height : FIELD_MAX_HEIGHT);
        return EXIT_BAD_INPUT;
    }
    int height = o->height ? o->height : field_default_height(width);
    if (!field_fits_sprite(width, height, sprite->width, sprite->height)) {
        char hint[64] = "";
        if (fitting)
            snprintf(hint, sizeof hint, "; --width %d fits it", fitting);
        cli_error("%s: the sprite is %dx%d pixels: too large for the %dx%d field (at most %dx%d)%s",
                  input_name(o), sprite->width, sprite->height, width, height,
                  field_sprite_max_width(width), field_sprite_max_height(height), hint);
        return EXIT_BAD_INPUT;
    }
    settings->width = width;
    settings->height = height;
    return EXIT_OK;
}

static int load_library(const struct convert_options *o, int width, struct pattern_library *lib) {
    char message[512];
    enum library_status status;
    if (o->patterns)
        status = pattern_library_load_dir(lib, o->patterns, width, layout_max_squares(width),
                                          message, sizeof message);
    else if (width == FIELD_DEFAULT_WIDTH)
        status = pattern_library_load_builtin(lib, message, sizeof message);
    else
        status = pattern_cache_load(lib, width, o->quiet, message, sizeof message);
    if (status == LIBRARY_OK)
        return EXIT_OK;
    if (status == LIBRARY_NO_MEMORY)
        cli_error("out of memory reading the pattern library");
    else if (o->patterns || width != FIELD_DEFAULT_WIDTH)
        cli_error("%s", message);
    else
        cli_error("built-in pattern library: %s", message);
    /* A bad directory or an unprintable width is bad input; a bad built-in library is a
     * broken build. */
    return status == LIBRARY_BAD && (o->patterns || width != FIELD_DEFAULT_WIDTH) ? EXIT_BAD_INPUT
                                                                                  : EXIT_FAILED;
}

/* The script as text, in memory, so it can be verified before anything is written. */
static char *script_text(const struct conversion *c, size_t *length) {
    char *text = NULL;
    FILE *memory = open_memstream(&text, length);
    if (!memory)
        return NULL;
    bool ok = conversion_write(memory, c);
    if (fclose(memory) != 0 || !ok) {
        free(text);
        return NULL;
    }
    return text;
}

static int write_output(const struct convert_options *o, const char *text, size_t length) {
    struct atomic_output out;
    const char *name = strcmp(o->output, "-") == 0 ? "standard output" : o->output;
    if (!atomic_output_open(&out, o->output)) {
        cli_error("%s: %s", name, strerror(errno));
        return EXIT_FAILED;
    }
    if (fwrite(text, 1, length, out.file) != length) {
        int saved = errno;
        atomic_output_abort(&out);
        cli_error("%s: %s", name, strerror(saved));
        return EXIT_FAILED;
    }
    if (!atomic_output_commit(&out)) {
        cli_error("%s: %s", name, strerror(errno));
        return EXIT_FAILED;
    }
    return EXIT_OK;
}

static void print_stats(const struct conversion *c, const struct sprite *sprite,
                        const struct convert_settings *settings, double seconds) {
    const struct convert_stats *s = &c->stats;
    fprintf(stderr,
            "sprite:    %dx%d pixels, %d colour%s\n"
            "field:     %dx%d\n"
            "rows:      %d\n"
            "pieces:    %ld\n"
            "passes:    %d (%d real-time, %d table)\n"
            "platforms: %d\n"
            "blocks:    %d\n"
            "time:      %.3f s\n",
            sprite->width, sprite->height, sprite->colour_count,
            sprite->colour_count == 1 ? "" : "s", settings->width, settings->height, s->rows,
            s->pieces, s->passes, s->realtime_passes, s->table_passes, s->platforms, c->block_count,
            seconds);
}

static int convert_and_write(const struct convert_options *o, struct convert_settings settings,
                             const struct sprite *sprite, const struct pattern_library *lib,
                             double started) {
    struct progress progress;
    progress_start(&progress, "rows", sprite->height, o->quiet);
    settings.progress = &progress;
    struct conversion conversion;
    char message[256];
    enum convert_status status =
        convert_sprite(sprite, lib, &settings, &conversion, message, sizeof message);
    progress_finish(&progress);
    int exit_code = EXIT_FAILED;
    size_t length = 0;
    char *text = status == CONVERT_OK ? script_text(&conversion, &length) : NULL;
    if (status == CONVERT_NO_FIT)
        cli_error("%s: %s", input_name(o), message);
    else if (!text)
        cli_error("out of memory");
    else if (!verify_script(text, length, sprite, settings.width, settings.height, message,
                            sizeof message))
        cli_error("%s: internal error: %s", input_name(o), message);
    else
        exit_code = write_output(o, text, length);
    if (exit_code == EXIT_OK && o->stats)
        print_stats(&conversion, sprite, &settings, progress_now() - started);
    free(text);
    conversion_free(&conversion);
    return exit_code;
}

int convert_run(const struct convert_options *o) {
    if (o->threads > 0)
        omp_set_num_threads(o->threads);
    double started = progress_now();
    static struct sprite sprite;
    struct convert_settings settings = o->settings;
    int status = read_sprite(o, &sprite);
    if (status == EXIT_OK)
        status = choose_field(o, &sprite, &settings);
    if (status != EXIT_OK)
        return status;
    struct pattern_library lib;
    status = load_library(o, settings.width, &lib);
    if (status != EXIT_OK)
        return status;
    status = convert_and_write(o, settings, &sprite, &lib, started);
    pattern_library_free(&lib);
    return status;
}
