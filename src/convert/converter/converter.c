#include "converter.h"

#include "parity.h"
#include "picture/sprite_limits.h"
#include "rng.h"
#include "row_joins.h"
#include "row_printer.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Searches of a row that found no pass, again with other seeds, emitters hanging from no
 * corner, more options and stricter ones (pass_planner.h's retry), before the row fails. */
#define ROW_RETRIES 3

struct converter {
    const struct sprite *sprite;
    const struct convert_settings *settings;
    struct row_printer rp; /* its row is the one being printed */
    struct conversion *out;
    struct playfield pf; /* the play of the blocks committed */
    /* The pixels printed by the ways chosen, by sprite row from the bottom: the row being
     * printed and the rows above it may hold some (a band's top row, target.h). */
    bool printed[SPRITE_MAX_HEIGHT][FIELD_MAX_WIDTH];
};

/* ------------------------------------------------------------------ rows */

/* The target of a sprite row: its pixels' piece types, the sprite's colours being the
 * script's (colour_piece). */
static void load_row(const struct converter *cv, int row, struct target *out) {
    const struct sprite *s = cv->sprite;
    target_init(out, cv->settings->width);
    int c0 = sprite_column(s, out->width);
    if (row < 0 || row >= s->height)
        return;
    for (int x = 0; x < s->width; x++) {
        uint8_t colour = s->pixels[s->height - 1 - row][x];
        if (colour)
            out->want[0][c0 + x] = (int8_t)colour_piece(colour);
    }
}

/* The window of the row being printed (target.h): that row and the rows above it, up to
 * TARGET_MAX_ROWS, the pixels the ways chosen printed being squares. */
static void load_window(const struct converter *cv, int row, struct target *window) {
    int rows = cv->sprite->height - row;
    target_init(window, cv->settings->width);
    window->rows = rows < TARGET_MAX_ROWS ? rows : TARGET_MAX_ROWS;
    for (int r = 0; r < window->rows; r++) {
        struct target one;
        int y = row + window->rows - 1 - r; /* window row 0 is its top row */
        load_row(cv, y, &one);
        for (int c = 0; c < one.width; c++) {
            bool printed = cv->printed[y][c];
            window->want[r][c] = printed ? TARGET_NONE : one.want[0][c];
            window->square[r][c] = printed;
        }
    }
}

/* Whether the sprite row holds a pixel printed already (by a band whose top row it was). */
static bool row_begun(const struct converter *cv, int row) {
    for (int c = 0; c < cv->settings->width; c++)
        if (cv->printed[row][c])
            return true;
    return false;
}

/* After the way chosen for the row: its pixels, and those its passes printed above it, are
 * printed. Returns the next row with a pixel to print (the sprite's height when none). */
static int mark_way(struct converter *cv, const struct row_way *way) {
    int row = cv->rp.row, rows = way->window.rows;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cv->settings->width; c++)
            if (way->window.square[r][c])
                cv->printed[row + rows - 1 - r][c] = true;
    int next = row + 1;
    for (int r = rows - 2; r >= 0 && !target_pending_in_row(&way->window, r); r--)
        next++;
    return next;
}

static bool some_pixel_unsupported(const struct target *row) {
    for (int c = 0; c < row->width; c++)
        if (target_pending(row, 0, c) && !row->under[c])
            return true;
    return false;
}

/* Appends the way's blocks to the script, its last pass leaving a platform or not. */
static enum convert_status commit(struct converter *cv, struct row_way *way, bool standing) {
    struct block_list *out = &cv->out->blocks;
    for (int i = 0; i < way->blocks.count; i++) {
        const struct script_block *b =
            standing && i == way->last ? &way->standing : &way->blocks.blocks[i];
        if (!block_list_append_copy(out, b))
            return CONVERT_NO_MEMORY;
    }
    row_way_field_after(way, standing, &cv->pf);
    struct convert_stats *s = &cv->out->stats;
    s->passes += way->passes;
    s->realtime_passes += way->realtime_passes;
    s->band_passes += way->band_passes;
    s->table_passes += way->table_passes;
    s->fallback_passes += way->fallback_passes;
    s->platforms += way->kind != NO_PLATFORM;
    s->standing_platforms += way->kind == STANDING_PLATFORM;
    return CONVERT_OK;
}

/* The pieces so far with `rows` converted (rows skipped by a band keep the count before it),
 * and whether to give up there (convert_settings). */
static enum convert_status record_pieces(struct converter *cv, int rows) {
    const struct convert_settings *settings = cv->settings;
    long *after = cv->out->pieces_after, pieces = cv->out->blocks.pieces;
    for (int r = cv->rp.row + 1; r < rows; r++)
        after[r] = after[cv->rp.row];
    after[rows] = pieces;
    bool over =
        (settings->give_up_placements && cv->rp.team->nodes > settings->give_up_placements) ||
        (settings->give_up_pieces && pieces > settings->give_up_pieces[rows]);
    return over ? CONVERT_GAVE_UP : CONVERT_OK;
}

/* A row no way prints: `topped_out` when some way would have but for the playfield's
 * height, else when no pass was found for some of its pixels. */
static enum convert_status no_fit(const struct converter *cv, bool topped_out, char *message,
                                  size_t size) {
    int row = cv->sprite->height - 1 - cv->rp.row;
    if (topped_out)
        snprintf(message, size,
                 "row %d of the sprite (from the top) can't be printed: every way tried would top "
                 "out the %dx%d playfield",
                 row, cv->pf.width, cv->pf.height);
    else
        snprintf(message, size,
                 "row %d of the sprite (from the top) can't be printed: the search finds no pass "
                 "for some of its pixels on the %dx%d playfield",
                 row, cv->pf.width, cv->pf.height);
    return CONVERT_NO_FIT;
}

static bool any_topped_out(const struct row_way ways[3], const bool tried[3]) {
    for (int k = 0; k < 3; k++)
        if (tried[k] && ways[k].topped_out)
            return true;
    return false;
}

/* Platforms left standing pile up, their last pieces held back. A row is printed on the
 * top-most one only when the rows above it hold the emission row, a matrix of 3 rows (fewer
 * seldom pack) and the 2 spawn rows: with less room that way fails, slowly (its searches
 * find passes that don't play), and the library's platform, which drops the held-back
 * pieces first, is taken anyway. */
#define STANDING_MIN_ROOM 6

/* A row wanting a platform is printed without one too, once a way with one has printed it;
 * on a wide field that seldom gains (15 of 57 such rows of 13 photos fitted 49 wide, 14
 * pieces in all) and, failing, fails slowly (retina.jpg fitted 67 wide spent a fifth of its
 * time there), so there it gets this many times fewer tries. */
#define NO_PLATFORM_EFFORT 16

/* Whether the row at `row` has a pixel with no square of the row below under it (a row begun
 * by a band stands on the row below as it is). */
static bool wants_platform(const struct converter *cv, int row) {
    if (row <= 0 || row >= cv->sprite->height || row_begun(cv, row))
        return false;
    struct target pixels, below;
    load_row(cv, row, &pixels);
    load_row(cv, row - 1, &below);
    row_set_below(&pixels, &below, false);
    return some_pixel_unsupported(&pixels);
}

/* After the way is chosen: the platforms' last pieces still held back. */
static bool update_notches(struct converter *cv, struct row_way *way) {
    if (way->kind != STANDING_PLATFORM)
        block_list_truncate(&cv->rp.notches, 0); /* dropped at the start of the way */
    if (!way->has_notch)
        return true;
    way->has_notch = false;
    return block_list_append(&cv->rp.notches, &way->notch);
}

/* Prints one row each way worth trying and keeps the one that takes the fewest pieces: on
 * the row below; on a platform the row below's last pass leaves standing; on one from the
 * library. */
static int choose_way(struct converter *cv, const struct row_way *previous,
                      const struct target *below, const struct target *window,
                      struct row_way ways[3], bool tried[3]) {
    struct playfield start;
    bool platform = wants_platform(cv, cv->rp.row);
    long fewest = LONG_MAX; /* the pieces of the best way so far */
    int chosen = -1;
    /* The cheapest way is usually the platform left standing: it goes first, and bounds the
     * others. When it fails or has no room, the library's platform bounds the row printed
     * without one, which seldom wins on a row wanting a platform and fails slowly. On ties
     * the kind decides: no platform, standing, library. */
    const enum platform_kind order[3] = {STANDING_PLATFORM, LIBRARY_PLATFORM, NO_PLATFORM};
    for (int i = 0; i < 3; i++) {
        enum platform_kind kind = order[i];
        long extra = kind == STANDING_PLATFORM && previous->has_standing
                         ? row_way_standing_extra_pieces(previous)
                         : 0;
        if (kind == STANDING_PLATFORM && (!platform || !previous->has_standing))
            continue;
        /* The article's method takes a platform whenever a pixel has no square under it. */
        if (kind == NO_PLATFORM && platform && cv->settings->method == METHOD_TABLE)
            continue;
        if (kind == LIBRARY_PLATFORM &&
            (!platform || (tried[STANDING_PLATFORM] && ways[STANDING_PLATFORM].ok)))
            continue;
        row_way_field_after(previous, kind == STANDING_PLATFORM, &start);
        if (kind == STANDING_PLATFORM && playfield_top_row(&start) < STANDING_MIN_ROOM)
            continue;
        struct planner_limits full = cv->rp.limits;
        if (kind == NO_PLATFORM && platform && chosen >= 0 &&
            pass_planner_wide_field(cv->settings->width))
            cv->rp.limits = pass_planner_fewer_tries(full, NO_PLATFORM_EFFORT);
        row_print(&cv->rp, below, window, kind, &previous->standing_problem, &start,
                  fewest == LONG_MAX ? LONG_MAX : fewest - extra, &ways[kind]);
        cv->rp.limits = full;
        tried[kind] = true;
        long pieces = ways[kind].new_pieces + extra;
        if (ways[kind].ok &&
            (chosen < 0 || pieces < fewest || (pieces == fewest && (int)kind < chosen))) {
            chosen = kind;
            fewest = pieces;
        }
    }
    return chosen;
}

/* The rows, bottom up. The row below's way is kept uncommitted (`previous`) until this row
 * has chosen how to stand on it. */
static enum convert_status convert_rows(struct converter *cv, char *message, size_t size) {
    struct row_way previous = {.ok = true, .last = -1};
    previous.pf = cv->pf;
    struct target below;
    target_init(&below, cv->settings->width);
    enum convert_status status = CONVERT_OK;
    int next;
    for (cv->rp.row = 0, next = 0; cv->rp.row < cv->sprite->height && status == CONVERT_OK;
         cv->rp.row = next) {
        struct target window;
        load_window(cv, cv->rp.row, &window);
        struct row_way ways[3];
        bool tried[3] = {false, false, false};
        int chosen = choose_way(cv, &previous, &below, &window, ways, tried);
        /* A row no way prints (a fallback pass, row_printer.c, stands in for a pass the
         * search doesn't find, but may not play or rest there) is searched again with other
         * seeds, without the J and L hanging from their corner, with options further from
         * the best estimate and (pixels the library can't print) passes leaving only pixels
         * one more pass prints: which pixels a pass leaves for later decides whether the rest
         * can be printed, and all four change which passes are found first. */
        uint64_t seed = cv->rp.seed;
        for (int retry = 1; chosen < 0 && retry <= ROW_RETRIES && !cv->rp.out_of_memory &&
                            !any_topped_out(ways, tried);
             retry++) {
            for (int k = 0; k < 3; k++)
                if (tried[k])
                    row_way_free(&ways[k]);
            memset(tried, 0, sizeof tried);
            cv->rp.seed = rng_derive(seed, (uint64_t)retry);
            cv->rp.limits.retry = retry;
            chosen = choose_way(cv, &previous, &below, &window, ways, tried);
        }
        cv->rp.seed = seed;
        cv->rp.limits.retry = 0;
        if (cv->rp.out_of_memory)
            status = CONVERT_NO_MEMORY;
        else if (chosen < 0)
            status = no_fit(cv, any_topped_out(ways, tried), message, size);
        else
            status = commit(cv, &previous, chosen == STANDING_PLATFORM);
        row_way_free(&previous);
        for (int k = 0; k < 3; k++)
            if (tried[k] && k != chosen)
                row_way_free(&ways[k]);
        if (status != CONVERT_OK)
            break;
        previous = ways[chosen];
        if (!update_notches(cv, &previous))
            status = CONVERT_NO_MEMORY;
        next = mark_way(cv, &previous);
        if (wants_platform(cv, next))
            row_find_standing_platform(&cv->rp, &previous);
        load_row(cv, next - 1, &below);
        for (int r = cv->rp.row; r < next && cv->settings->progress; r++)
            progress_advance(cv->settings->progress);
        if (status == CONVERT_OK)
            status = record_pieces(cv, next);
    }
    if (status == CONVERT_OK) { /* the last row, then the last pieces held back */
        struct row_way end = {.ok = true, .pf = previous.pf};
        status = commit(cv, &previous, false);
        if (status == CONVERT_OK && (!row_drop_notches(&cv->rp, &end) || cv->rp.out_of_memory))
            status = cv->rp.out_of_memory ? CONVERT_NO_MEMORY : no_fit(cv, true, message, size);
        if (status == CONVERT_OK)
            status = commit(cv, &end, false);
        row_way_free(&end);
    }
    row_way_free(&previous);
    return status;
}

struct conversion_run {
    struct converter *cv;
    const struct sprite *sprite;
    char *message;
    size_t size;
    enum convert_status status;
};

/* The colours the sprite is printed in: the table method's are the article's, J, T and L
 * in reading order. */
static enum convert_status assign_colours(struct converter *cv, const struct sprite *sprite,
                                          char *message, size_t size) {
    bool table = cv->settings->method == METHOD_TABLE;
    if (table && sprite->colour_count > HANGING_COLOURS) {
        snprintf(message, size,
                 "the table method prints at most %d colours (by J, T and L), this sprite has "
                 "%d: use --method realtime",
                 HANGING_COLOURS, sprite->colour_count);
        return CONVERT_UNPRINTABLE;
    }
    enum colour_order order = table ? COLOUR_ORDER_READING : cv->settings->colour_order;
    struct conversion *out = cv->out;
    const struct convert_settings *settings = cv->settings;
    if (settings->ranking) {
        out->ranking = *settings->ranking;
        if (!colour_assignment_prints(sprite, settings->width,
                                      &out->ranking.by_rank[settings->assignment_rank])) {
            snprintf(message, size, "colour assignment %d can't print the sprite at column %d",
                     settings->assignment_rank + 1, sprite_column(sprite, settings->width));
            return CONVERT_UNPRINTABLE;
        }
    } else {
        enum assignment_status status =
            colour_assignment_rank(cv->rp.team, sprite, settings->width, order, settings->seed,
                                   settings->limits, &out->ranking, message, size);
        if (status != ASSIGNMENT_OK)
            return status == ASSIGNMENT_NO_MEMORY ? CONVERT_NO_MEMORY : CONVERT_UNPRINTABLE;
    }
    out->stats.assignment_rank = settings->ranking ? settings->assignment_rank : 0;
    colour_assignment_apply(&out->ranking.by_rank[out->stats.assignment_rank], sprite,
                            &out->printed);
    out->colour_count = out->printed.colour_count;
    memcpy(out->colours, out->printed.colours, sizeof out->colours);
    cv->sprite = &out->printed;
    return CONVERT_OK;
}

static void run_conversion(void *context, struct search_team *team) {
    struct conversion_run *run = context;
    run->cv->rp.team = team;
    run->status = assign_colours(run->cv, run->sprite, run->message, run->size);
    if (run->status == CONVERT_OK)
        run->status = convert_rows(run->cv, run->message, run->size);
    run->cv->out->stats.nodes = team->nodes;
}

enum convert_status convert_sprite(const struct sprite *sprite, const struct pattern_library *lib,
                                   const struct convert_settings *settings, struct conversion *out,
                                   char *message, size_t size) {
    memset(out, 0, sizeof *out);
    out->width = settings->width;
    struct converter cv = {.settings = settings, .out = out};
    cv.rp = (struct row_printer){.lib = lib,
                                 .realtime = settings->method == METHOD_REALTIME,
                                 .seed = settings->seed,
                                 .limits = settings->limits};
    playfield_init(&cv.pf, settings->width, settings->height);
    struct conversion_run run = {.cv = &cv, .sprite = sprite, .message = message, .size = size};
    bool ran = search_team_run(run_conversion, &run);
    block_list_free(&cv.rp.notches);
    if (!ran)
        return CONVERT_NO_MEMORY;
    out->stats.rows = sprite->height;
    out->stats.pieces = out->blocks.pieces;
    return run.status;
}

/* The pixels of each row, the lowest row first. */
static void row_pixel_counts(const struct sprite *sprite, int pixels[SPRITE_MAX_HEIGHT]) {
    for (int y = 0; y < sprite->height; y++)
        pixels[sprite->height - 1 - y] = sprite_row_pixels(sprite, y);
}

long convert_parity_bound(const struct sprite *sprite, int width, int band_rows) {
    int pixels[SPRITE_MAX_HEIGHT];
    row_pixel_counts(sprite, pixels);
    return parity_band_bound(width, pixels, NULL, sprite->height, band_rows);
}

long convert_joined_bound(const struct sprite *sprite, int width) {
    int pixels[SPRITE_MAX_HEIGHT];
    bool joins[SPRITE_MAX_HEIGHT];
    row_pixel_counts(sprite, pixels);
    sprite_row_joins(sprite, joins);
    return parity_band_bound(width, pixels, joins, sprite->height, TARGET_MAX_ROWS);
}

long convert_likely_pieces(const struct sprite *sprite, int width) {
    int pixels[SPRITE_MAX_HEIGHT];
    row_pixel_counts(sprite, pixels);
    long pieces = 0;
    for (int r = 0; r < sprite->height; r++)
        if (pixels[r] > 0)
            pieces += parity_pieces(width, parity_likely_height(width, pixels[r]), pixels[r]);
    return pieces;
}

bool conversion_write(FILE *out, const struct conversion *c) {
    bool ok = colours_write(out, c->colour_count, c->colours);
    for (int i = 0; i < c->blocks.count && ok; i++)
        ok = putc('\n', out) != EOF && piece_block_write(out, &c->blocks.blocks[i], c->width);
    return ok;
}

void conversion_free(struct conversion *c) {
    block_list_free(&c->blocks);
    memset(c, 0, sizeof *c);
}
