#include "convert_run.h"

#include "atomic_output.h"
#include "cli.h"
#include "converter/verify.h"
#include "field_choice.h"
#include "hint_command.h"
#include "library/pattern_cache.h"
#include "openmp_setup.h"
#include "picture/fit.h"
#include "picture/preview.h"
#include "picture/sprite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *input_name(const struct convert_options *o) {
    return strcmp(o->input, "-") == 0 ? "standard input" : o->input;
}

/* The picture, read whole or, when --fit will shrink a large JPEG or PNG, as a stream
 * (sprite_load). */
static int read_picture(const struct convert_options *o, const struct sprite_limits *limits,
                        struct picture *picture) {
    bool is_stdin = strcmp(o->input, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(o->input, "rb");
    if (!in) {
        cli_error("%s: %s", input_name(o), strerror(errno));
        return EXIT_BAD_INPUT;
    }
    char message[256];
    enum sprite_status status = sprite_load(in, limits, &o->fit, picture, message, sizeof message);
    if (!is_stdin)
        fclose(in);
    if (status == SPRITE_OK)
        return EXIT_OK;
    hint_command_report(input_name(o), o->input, message);
    return status == SPRITE_NO_MEMORY ? EXIT_FAILED : EXIT_BAD_INPUT;
}

static int read_sprite(const struct convert_options *o, struct sprite *sprite) {
    struct sprite_limits limits = field_choice_read_limits(o);
    struct picture picture;
    int status = read_picture(o, &limits, &picture);
    if (status != EXIT_OK)
        return status;
    char message[256];
    struct fit_report report;
    struct fit_options fit = field_choice_fit_options(o);
    enum sprite_status made =
        sprite_make(&picture, &limits, &fit, sprite, &report, message, sizeof message);
    if (made != SPRITE_OK) {
        hint_command_report(input_name(o), o->input, message);
        return made == SPRITE_NO_MEMORY ? EXIT_FAILED : EXIT_BAD_INPUT;
    }
    if (o->fit.enabled && !o->quiet) {
        char summary[256];
        fit_summary(&report, summary, sizeof summary);
        fprintf(stderr, "%s: %s\n", input_name(o), summary);
    }
    if (o->preview && !preview_write(o->preview, sprite)) {
        cli_error("%s: %s", o->preview, strerror(errno));
        return EXIT_FAILED;
    }
    return EXIT_OK;
}

static int load_library(const struct convert_options *o, int width, struct pattern_library *lib) {
    char message[512];
    enum library_status status;
    if (o->patterns)
        status = pattern_library_load_dir(lib, o->patterns, width, layout_max_squares(width),
                                          message, sizeof message);
    else if (field_library_is_builtin(width))
        status = pattern_library_load_builtin(lib, message, sizeof message);
    else
        status = pattern_cache_load(lib, width, o->quiet, message, sizeof message);
    if (status == LIBRARY_OK)
        return EXIT_OK;
    bool builtin = !o->patterns && field_library_is_builtin(width);
    if (status == LIBRARY_NO_MEMORY)
        cli_error("out of memory reading the pattern library");
    else if (builtin)
        cli_error("built-in pattern library: %s", message);
    else
        cli_error("%s", message);
    /* A bad directory or an unprintable width is bad input; a bad built-in library is a
     * broken build. */
    return status == LIBRARY_BAD && !builtin ? EXIT_BAD_INPUT : EXIT_FAILED;
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
                        const struct convert_settings *settings, double load_seconds,
                        double seconds) {
    const struct convert_stats *s = &c->stats;
    long bound = convert_parity_bound(sprite, settings->width, 1);
    long band_bound = convert_parity_bound(sprite, settings->width, TARGET_MAX_ROWS);
    long joined_bound = convert_joined_bound(sprite, settings->width);
    fprintf(stderr,
            "load:      %.3f s (read, decode, prepare, patterns)\n"
            "sprite:    %dx%d pixels, %d colour%s\n"
            "assigned:  colour assignment %d of %d, in the estimate's order\n"
            "field:     %dx%d\n"
            "column:    %d (centred: %d)\n"
            "rows:      %d\n"
            "pieces:    %ld\n"
            "bound:     %ld (%.2f times: each row in one pass of the fewest rows parity allows)\n"
            "bands:     %ld (%.2f times: the same, bands of up to %d rows in one pass each)\n"
            "joined:    %ld (%.2f times: the same, a row under a band's top row only where it "
            "joins the row above)\n"
            "passes:    %d (%d real-time, %d table, %d fallback; %d into bands of more than one "
            "row)\n"
            "platforms: %d (%d left standing by the row below's last pass)\n"
            "blocks:    %d\n"
            "searched:  %ld placements\n"
            "time:      %.3f s\n",
            load_seconds, sprite->width, sprite->height, sprite->colour_count,
            sprite->colour_count == 1 ? "" : "s", s->assignment_rank + 1, c->ranking.count,
            settings->width, settings->height, sprite_column(&c->printed, settings->width),
            sprite_first_column(settings->width, sprite->width), s->rows, s->pieces, bound,
            (double)s->pieces / (double)bound, band_bound, (double)s->pieces / (double)band_bound,
            TARGET_MAX_ROWS, joined_bound, (double)s->pieces / (double)joined_bound, s->passes,
            s->realtime_passes, s->table_passes, s->fallback_passes, s->band_passes, s->platforms,
            s->standing_platforms, c->blocks.count, s->nodes, seconds);
}

/* The work of converting the sprite's rows, in the order they are printed (bottom up), for
 * the ETA: a row costs its pixels and, for the passes around them, ROW_WORK_BASE more. */
#define ROW_WORK_BASE 4.0

static const double *rows_work(const struct sprite *sprite, double work[]) {
    work[0] = 0;
    for (int k = 1; k <= sprite->height; k++)
        work[k] = work[k - 1] + ROW_WORK_BASE + sprite_row_pixels(sprite, sprite->height - k);
    return work;
}

/* convert_and_write's status when the conversion failed on this field and a wider one is
 * to be tried, or (on the last field) fewer colours: said on stderr. */
#define EXIT_TRY_WIDER (-1)
#define EXIT_TRY_FEWER (-2)

/* convert_sprite, with a progress line over the rows ("rows", "rows on W columns" on a
 * second field, "rows at column C" at another column, "rows, assignment N" with the
 * estimate's N-th colour assignment). */
static enum convert_status
convert_showing_progress(const struct convert_options *o, struct convert_settings settings,
                         const struct sprite *sprite, const struct pattern_library *lib,
                         bool second_field, struct conversion *out, char *message, size_t size) {
    char label[32] = "rows";
    if (second_field)
        snprintf(label, sizeof label, "rows on %d columns", settings.width);
    else if (sprite->shift)
        snprintf(label, sizeof label, "rows at column %d", sprite_column(sprite, settings.width));
    else if (settings.assignment_rank)
        snprintf(label, sizeof label, "rows, assignment %d", settings.assignment_rank + 1);
    struct progress progress;
    progress_start(&progress, label, sprite->height, o->quiet);
    double work[SPRITE_MAX_HEIGHT + 1];
    progress_weigh(&progress, rows_work(sprite, work));
    settings.progress = &progress;
    enum convert_status status = convert_sprite(sprite, lib, &settings, out, message, size);
    progress_finish(&progress);
    return status;
}

/* An alternative conversion gives up once its pieces after a row pass the best's after the
 * same row by a GIVE_UP_MARGIN-th of the best's pieces in all and the pieces of a pass of
 * GIVE_UP_ROWS rows (the two count passes a row apart), or reach the best's in all: one that
 * far behind seldom catches up. On 1,000 random sprites (tests/bench-convert.sh) it keeps
 * all 7,236 pieces the next colour assignments save and spares a tenth of the placements
 * the alternatives search; with a tenth alone, heart.png lost the column that wins. */
#define GIVE_UP_MARGIN 10
#define GIVE_UP_ROWS 8

/* One more conversion to choose among, unless it gives up (GIVE_UP_MARGIN) or searches more
 * than `placements` (0: no limit): `best` becomes it when it has fewer pieces; its
 * placements are added to *spent. A failure (an S or Z that leant on the field's edge at
 * this column, a row no way prints) is passed over. */
static void convert_alternative(const struct convert_options *o,
                                const struct convert_settings *settings,
                                const struct sprite *sprite, const struct pattern_library *lib,
                                long placements, struct conversion *best, long *spent) {
    long ceiling[SPRITE_MAX_HEIGHT + 1];
    long all = best->stats.pieces;
    long margin = all / GIVE_UP_MARGIN + (long)settings->width * GIVE_UP_ROWS / 4;
    for (int r = 0; r <= sprite->height; r++) {
        long behind = best->pieces_after[r] + margin;
        ceiling[r] = behind < all - 1 ? behind : all - 1;
    }
    struct convert_settings limited = *settings;
    limited.give_up_placements = placements;
    limited.give_up_pieces = ceiling;
    struct conversion other;
    char message[512];
    enum convert_status status =
        convert_showing_progress(o, limited, sprite, lib, false, &other, message, sizeof message);
    *spent += other.stats.nodes;
    if (status == CONVERT_OK && other.stats.pieces < best->stats.pieces) {
        conversion_free(best);
        *best = other;
    } else {
        conversion_free(&other);
    }
}

/* After the first conversion (the estimate's first assignment, centred), the estimate's
 * next assignments centred (ASSIGNMENT_CONVERTED, all of them within
 * ASSIGNMENT_CONVERTED_PLACEMENTS), then the first assignment at the other columns
 * field_choice_shifts gives (within FIELD_CHOICE_SHIFT_PLACEMENTS): `conversion` becomes
 * the first with fewer pieces than every one before it. The next conversion starts while
 * the placements searched so far and as many as the first conversion's stay within the
 * budget; the same whatever the threads. */
static void convert_alternatives(const struct convert_options *o,
                                 const struct convert_settings *settings,
                                 const struct sprite *sprite, const struct pattern_library *lib,
                                 struct conversion *conversion) {
    long first = conversion->stats.nodes, spent = first;
    struct assignment_ranking ranking = conversion->ranking;
    struct convert_settings ranked = *settings;
    ranked.ranking = &ranking;
    for (ranked.assignment_rank = 1; !o->center && ranked.assignment_rank < ranking.count &&
                                     ranked.assignment_rank < ASSIGNMENT_CONVERTED &&
                                     spent + first <= ASSIGNMENT_CONVERTED_PLACEMENTS;
         ranked.assignment_rank++)
        convert_alternative(o, &ranked, sprite, lib, ASSIGNMENT_CONVERTED_PLACEMENTS - spent,
                            conversion, &spent);
    int shifts[2 * FIELD_CHOICE_SHIFTS];
    int count = field_choice_shifts(o, sprite, settings->width, shifts);
    struct sprite *shifted = count > 0 ? malloc(sizeof *shifted) : NULL;
    for (int k = 0; k < count && shifted && spent + first <= FIELD_CHOICE_SHIFT_PLACEMENTS; k++) {
        *shifted = *sprite;
        shifted->shift = shifts[k];
        convert_alternative(o, settings, shifted, lib, 0, conversion, &spent);
    }
    free(shifted);
}

/* convert_showing_progress with the estimate's first assignment at the centred column, then
 * the alternatives (when it succeeded there). */
static enum convert_status convert_choosing(const struct convert_options *o,
                                            const struct convert_settings *settings,
                                            const struct sprite *sprite,
                                            const struct pattern_library *lib, bool second_field,
                                            struct conversion *out, char *message, size_t size) {
    enum convert_status status =
        convert_showing_progress(o, *settings, sprite, lib, second_field, out, message, size);
    if (status == CONVERT_OK)
        convert_alternatives(o, settings, sprite, lib, out);
    return status;
}

/* The sprite converted on the field 2 columns wider too, when parity favours that one
 * (field_choice_parity_alternative): `conversion` and `settings` become that field's when
 * its script has fewer pieces, which a line on stderr says (unless --quiet). Failing there
 * (its library, or a row no way prints) keeps the first. */
static void convert_on_parity_field(const struct convert_options *o,
                                    struct convert_settings *settings, const struct sprite *sprite,
                                    struct conversion *conversion) {
    int width = field_choice_parity_alternative(o, sprite, settings->width);
    struct pattern_library lib;
    if (!width || load_library(o, width, &lib) != EXIT_OK)
        return;
    struct convert_settings wider = *settings;
    wider.width = width;
    wider.height = field_height_or_default(width, o->height);
    struct conversion other;
    char message[512];
    enum convert_status status =
        convert_choosing(o, &wider, sprite, &lib, true, &other, message, sizeof message);
    pattern_library_free(&lib);
    if (status == CONVERT_OK && other.stats.pieces < conversion->stats.pieces) {
        if (!o->quiet)
            fprintf(stderr,
                    "%s: printed on the %dx%d field, %ld pieces against %ld on %dx%d "
                    "(--width auto)\n",
                    input_name(o), wider.width, wider.height, other.stats.pieces,
                    conversion->stats.pieces, settings->width, settings->height);
        conversion_free(conversion);
        *conversion = other;
        *settings = wider;
    } else {
        conversion_free(&other);
    }
}

static int convert_and_write(const struct convert_options *o, struct convert_settings settings,
                             const struct sprite *sprite, const struct pattern_library *lib,
                             double load_seconds, const int *wider, bool may_fewer) {
    double started = progress_now();
    struct conversion conversion;
    char message[512];
    enum convert_status status =
        convert_choosing(o, &settings, sprite, lib, false, &conversion, message, sizeof message);
    if (status == CONVERT_OK)
        convert_on_parity_field(o, &settings, sprite, &conversion);
    int exit_code = status == CONVERT_UNPRINTABLE ? EXIT_BAD_INPUT : EXIT_FAILED;
    size_t length = 0;
    char *text = status == CONVERT_OK ? script_text(&conversion, &length) : NULL;
    if (status == CONVERT_NO_FIT && wider) {
        if (!o->quiet)
            fprintf(stderr, "%s: %s; trying the %dx%d field (--width auto)\n", input_name(o),
                    message, wider[0], wider[1]);
        exit_code = EXIT_TRY_WIDER;
    } else if (status == CONVERT_NO_FIT && may_fewer) {
        if (!o->quiet)
            fprintf(stderr, "%s: %s; trying %d colours (--fit --colors %d)\n", input_name(o),
                    message, HANGING_COLOURS, HANGING_COLOURS);
        exit_code = EXIT_TRY_FEWER;
    } else if (status == CONVERT_NO_FIT && o->fit.colours_by_default &&
               o->fit.colours > HANGING_COLOURS) {
        /* standard input can't be read again: the command that would do it */
        strncat(message, " (try --fit --colors 3)", sizeof message - strlen(message) - 1);
        hint_command_report(input_name(o), o->input, message);
    } else if (status == CONVERT_NO_FIT || status == CONVERT_UNPRINTABLE)
        hint_command_report(input_name(o), o->input, message);
    else if (!text)
        cli_error("out of memory");
    else if (!verify_script(text, length, &conversion.printed, settings.width, settings.height,
                            message, sizeof message))
        cli_error("%s: internal error: %s", input_name(o), message);
    else
        exit_code = write_output(o, text, length);
    if (exit_code == EXIT_OK && o->stats)
        print_stats(&conversion, sprite, &settings, load_seconds, progress_now() - started);
    free(text);
    conversion_free(&conversion);
    return exit_code;
}

/* Reads, prepares and converts the picture; `may_fewer`: a picture a row of which no way
 * prints in the colours --fit chose by default is tried again in fewer (EXIT_TRY_FEWER),
 * then on wider fields. */
static int convert_picture(const struct convert_options *o, bool may_fewer) {
    static struct sprite sprite;
    double started = progress_now();
    struct convert_settings settings = o->settings;
    int status = read_sprite(o, &sprite);
    if (status == EXIT_OK)
        status =
            field_choice_for_sprite(o, &sprite, input_name(o), &settings.width, &settings.height);
    if (status != EXIT_OK)
        return status;
    /* With --width auto, a sprite no way prints on its field goes to the next that holds it. */
    for (int tries = 0;; tries++) {
        int wider[2] = {settings.width, settings.height};
        /* --fit's default colours go down to 3 before the field grows: the colours of I, O, S
         * and Z, not the field's width, are what a row finds no pass for. */
        bool may_widen = !may_fewer && field_choice_wider(o, &sprite, tries, &wider[0], &wider[1]);
        struct pattern_library lib;
        status = load_library(o, settings.width, &lib);
        if (status != EXIT_OK)
            return status;
        double load_seconds = progress_now() - started;
        status = convert_and_write(o, settings, &sprite, &lib, load_seconds,
                                   may_widen ? wider : NULL, may_fewer);
        pattern_library_free(&lib);
        if (status != EXIT_TRY_WIDER)
            return status;
        settings.width = wider[0];
        settings.height = wider[1];
    }
}

int convert_run(const struct convert_options *o) {
    openmp_use_threads(o->threads);
    /* (standard input can't be read a second time) */
    bool may_fewer =
        o->fit.colours_by_default && o->fit.colours > HANGING_COLOURS && strcmp(o->input, "-") != 0;
    int status = convert_picture(o, may_fewer);
    if (status != EXIT_TRY_FEWER)
        return status;
    struct convert_options fewer = *o;
    fewer.fit.colours = HANGING_COLOURS;
    return convert_picture(&fewer, false);
}
