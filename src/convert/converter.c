#include "converter.h"

#include "platform.h"
#include "rng.h"
#include "search_team.h"
#include "table_pass.h"
#include "tetromino.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A row printed one way, from a given playfield: the blocks it adds (a platform, the
 * passes, the platform's last piece) and the field after them. The row's last pass is kept
 * apart (`last`) when the next row may still want it to leave a platform standing. */
enum platform_kind { NO_PLATFORM, MERGED_PLATFORM, LIBRARY_PLATFORM };

struct row_way {
    enum platform_kind kind;
    struct block_list blocks;
    bool ok;
    long new_pieces; /* its pieces but for the held-back ones of earlier platforms it drops */
    struct playfield pf;
    int passes, realtime_passes, table_passes;
    /* The last piece of the row's platform, held back. */
    bool has_notch;
    struct script_block notch;
    /* The last pass: its index in blocks, the row and the field it started from. */
    int last;
    struct row_state before_last;
    struct playfield pf_before_last;
    /* The same last pass leaving a platform standing, when the next row may want one. */
    bool has_top;
    struct script_block top;
    struct pass_problem top_problem;
};

struct converter {
    const struct sprite *sprite;
    const struct pattern_library *lib;
    const struct convert_settings *settings;
    struct search_team *team;
    struct conversion *out;
    struct playfield pf;       /* the play of the blocks committed */
    struct block_list notches; /* platforms' last pieces held back, bottom-most first */
    int row;                   /* 0 = the sprite's bottom row */
    bool out_of_memory;
};

int sprite_first_column(const struct sprite *sprite) {
    return 2 + (17 - sprite->width) / 2;
}

static void way_free(struct row_way *way) {
    block_list_free(&way->blocks);
    if (way->has_top)
        script_block_free(&way->top);
    if (way->has_notch)
        script_block_free(&way->notch);
    way->has_top = way->has_notch = false;
}

/* ------------------------------------------------------------------ rows */

static void load_row(const struct converter *cv, int row, struct row_state *out) {
    memset(out, 0, sizeof *out);
    const struct sprite *s = cv->sprite;
    int c0 = sprite_first_column(s);
    if (row < 0 || row >= s->height)
        return;
    for (int x = 0; x < s->width; x++)
        out->want[c0 + x] = s->pixels[s->height - 1 - row][x];
}

/* Squares under the row: the row below, the floor, or a platform (full but for its notch,
 * which is outside the sprite's columns). */
static void set_below(struct row_state *row, const struct row_state *below, bool flat) {
    for (int c = 0; c < FIELD_WIDTH; c++)
        row->below[c] = flat || below->want[c];
}

static bool some_pixel_unsupported(const struct row_state *row) {
    for (int c = 0; c < FIELD_WIDTH; c++)
        if (row->want[c] && !row->below[c])
            return true;
    return false;
}

/* Adds a block to the way and plays it; false when it doesn't play there (the way is then
 * over) or when out of memory. */
static bool way_add(struct converter *cv, struct row_way *way, struct script_block *block) {
    if (!piece_block_play(block, &way->pf)) {
        script_block_free(block);
        return false;
    }
    if (!block_list_append(&way->blocks, block)) {
        cv->out_of_memory = true;
        return false;
    }
    return true;
}

/* The article's passes, as the table method and the real-time method's sure option: the
 * greedy base of J/T/L hanging pieces from the library, or when that would top out, single
 * pixels. Marks the pixels printed. */
static bool library_pass(const struct converter *cv, struct row_state *row,
                         const struct playfield *pf, struct script_block *out) {
    struct pass_base base;
    struct pattern p;
    for (int c = -1; c < FIELD_WIDTH; c++) {
        if (c < 0)
            table_pass_greedy(row, &base);
        else if (row_pixel_pending(row, c))
            table_pass_single(row, c, &base);
        else
            continue;
        if (base.count == 0 || !table_pass_pattern(cv->lib, row, &base, &p) ||
            !piece_block_from_pattern(&p, out))
            continue;
        if (piece_block_plays(out, pf)) {
            pass_mark_printed(row, &p);
            return true;
        }
        script_block_free(out);
    }
    return false;
}

static void mark_printed(struct row_state *row, const struct pass_packing *packing) {
    for (int c = 0; c < FIELD_WIDTH; c++)
        row->printed[c] = row->printed[c] || packing->prints[c];
}

/* Whether the row has pixels the library can't print still to print. */
static bool pending_beyond_library(const struct row_state *row) {
    for (int c = 0; c < FIELD_WIDTH; c++)
        if (row_pixel_pending(row, c) && row->want[c] > LIBRARY_COLOURS)
            return true;
    return false;
}

/* One pass of the real-time method: the planner's, or the library's, or when the row has
 * pixels the library can't print (colours 4 to 7), the planner's with every option. */
static bool next_pass(struct converter *cv, struct row_way *way, struct row_state *row,
                      long max_pieces) {
    struct planned_pass planned;
    struct script_block block;
    uint64_t seed = cv->settings->seed;
    enum planner_result r = pass_planner_next(cv->team, row, &way->pf, seed, cv->settings->limits,
                                              max_pieces, &planned);
    bool library = false;
    if (r == PLANNER_NONE) {
        library = library_pass(cv, row, &way->pf, &block);
        if (!library && pending_beyond_library(row))
            r = pass_planner_any_pixel(cv->team, row, &way->pf, seed, cv->settings->limits,
                                       &planned);
    }
    if (r == PLANNER_NO_MEMORY) {
        cv->out_of_memory = true;
        return false;
    }
    way->before_last = *row;
    way->pf_before_last = way->pf;
    if (library) {
        way->table_passes++;
    } else if (r == PLANNER_FOUND) {
        if (!piece_block_from_pass(&planned.packing, planned.problem.rows, &block)) {
            cv->out_of_memory = true;
            return false;
        }
        mark_printed(row, &planned.packing);
        way->realtime_passes++;
    } else {
        return false;
    }
    way->last = way->blocks.count;
    way->passes++;
    return way_add(cv, way, &block);
}

/* The next pass of the table method: the library's. */
static bool table_method_pass(struct converter *cv, struct row_way *way, struct row_state *row) {
    struct script_block block;
    if (!library_pass(cv, row, &way->pf, &block))
        return false;
    way->table_passes++;
    way->last = way->blocks.count;
    way->passes++;
    return way_add(cv, way, &block);
}

/* Drops the platforms' last pieces still held back, the top-most platform's first: each
 * clears its platform, and the rows printed on it fall onto the row under it. */
static bool drop_notches(struct converter *cv, struct row_way *way) {
    for (int i = cv->notches.count - 1; i >= 0; i--) {
        struct script_block copy;
        if (!piece_block_copy(&cv->notches.blocks[i], &copy)) {
            cv->out_of_memory = true;
            return false;
        }
        if (!way_add(cv, way, &copy))
            return false;
    }
    return true;
}

static int pending_count(const struct row_state *row) {
    int n = 0;
    for (int c = 0; c < FIELD_WIDTH; c++)
        n += row_pixel_pending(row, c);
    return n;
}

/* Prints the row from `pf`: on the row below, or on a platform, either left standing by the
 * row below's last pass (`top`, already in `pf`) or taken from the library (added first).
 * A platform's last piece is held back (way->notch) until a row ends without leaving a
 * platform; until then platforms stand on platforms, and their last pieces are dropped
 * together, the top-most first (drop_notches). The way is given up as soon as it can't end
 * within `bound` new pieces (another way does as well). */
static void print_row(struct converter *cv, const struct row_state *below,
                      const struct row_state *pixels, enum platform_kind kind,
                      const struct pass_problem *top, const struct playfield *pf, long bound,
                      struct row_way *way) {
    memset(way, 0, sizeof *way);
    way->pf = *pf;
    way->last = -1;
    way->kind = kind;
    struct row_state row = *pixels;
    set_below(&row, below, kind != NO_PLATFORM || cv->row == 0); /* row 0 is on the floor */
    if (kind != MERGED_PLATFORM && !drop_notches(cv, way))
        return;
    long before = way->blocks.pieces;
    bool made = true;
    if (kind == LIBRARY_PLATFORM) {
        const struct pattern *library = platform_from_library(cv->lib, below, &way->pf);
        struct script_block block;
        if (!library)
            return;
        made = piece_block_from_pattern(library, &block) &&
               platform_notch_block(FIELD_WIDTH, library->start.height, library->start.capacity,
                                    &way->notch);
        if (made && !way_add(cv, way, &block))
            return;
    } else if (kind == MERGED_PLATFORM) {
        made = platform_notch_block(FIELD_WIDTH, top->rows, top->capacity, &way->notch);
    }
    if (!made) {
        cv->out_of_memory = true;
        return;
    }
    way->has_notch = kind != NO_PLATFORM;
    bool realtime = cv->settings->method == METHOD_REALTIME;
    while (row_pending(&row)) {
        long spent = way->blocks.pieces - before + way->has_notch;
        if (spent + pass_planner_least_pieces(pending_count(&row)) > bound)
            return;
        if (realtime ? !next_pass(cv, way, &row, bound - spent) : !table_method_pass(cv, way, &row))
            return;
    }
    way->new_pieces = way->blocks.pieces - before + way->has_notch;
    way->ok = true;
}

/* The row's last pass again, leaving a platform for the next row standing. */
static void find_platform_top(struct converter *cv, struct row_way *way) {
    if (!way->ok || way->last < 0 || cv->settings->method != METHOD_REALTIME)
        return;
    struct planned_pass planned;
    enum planner_result r =
        pass_planner_platform_top(cv->team, &way->before_last, &way->pf_before_last,
                                  cv->settings->seed, cv->settings->limits, &planned);
    if (r == PLANNER_NO_MEMORY)
        cv->out_of_memory = true;
    if (r != PLANNER_FOUND)
        return;
    if (!piece_block_from_pass(&planned.packing, planned.problem.rows, &way->top)) {
        cv->out_of_memory = true;
        return;
    }
    way->has_top = true;
    way->top_problem = planned.problem;
}

/* The field after the way, its last pass leaving a platform standing (`top`) or not. */
static bool field_after(const struct row_way *way, bool top, struct playfield *pf) {
    if (!top) {
        *pf = way->pf;
        return true;
    }
    *pf = way->pf_before_last;
    return piece_block_play(&way->top, pf);
}

/* The pieces the way's last pass leaving a platform standing takes beyond the plain one. */
static long top_extra_pieces(const struct row_way *way) {
    return way->top.piece_count - way->blocks.blocks[way->last].piece_count;
}

/* Appends the way's blocks to the script, its last pass leaving a platform or not. */
static enum convert_status commit(struct converter *cv, struct row_way *way, bool top) {
    struct block_list *out = &cv->out->blocks;
    for (int i = 0; i < way->blocks.count; i++) {
        const struct script_block *b = top && i == way->last ? &way->top : &way->blocks.blocks[i];
        if (!block_list_append_copy(out, b))
            return CONVERT_NO_MEMORY;
    }
    if (!field_after(way, top, &cv->pf))
        return CONVERT_NO_FIT; /* not reached: the block was played when it was found */
    struct convert_stats *s = &cv->out->stats;
    s->passes += way->passes;
    s->realtime_passes += way->realtime_passes;
    s->table_passes += way->table_passes;
    s->platforms += way->kind != NO_PLATFORM;
    s->merged_platforms += way->kind == MERGED_PLATFORM;
    return CONVERT_OK;
}

static enum convert_status no_fit(const struct converter *cv, char *message, size_t size) {
    snprintf(message, size,
             "row %d of the sprite (from the top) can't be printed: every way tried would top "
             "out the %dx%d playfield",
             cv->sprite->height - 1 - cv->row, FIELD_WIDTH, FIELD_HEIGHT);
    return CONVERT_NO_FIT;
}

/* Whether the row at `row` has a pixel with no square of the row below under it. */
static bool wants_platform(const struct converter *cv, int row) {
    if (row <= 0 || row >= cv->sprite->height)
        return false;
    struct row_state pixels, below;
    load_row(cv, row, &pixels);
    load_row(cv, row - 1, &below);
    set_below(&pixels, &below, false);
    return some_pixel_unsupported(&pixels);
}

/* After the way is chosen: the platforms' last pieces still held back. */
static bool update_notches(struct converter *cv, struct row_way *way) {
    if (way->kind != MERGED_PLATFORM)
        block_list_truncate(&cv->notches, 0); /* dropped at the start of the way */
    if (!way->has_notch)
        return true;
    way->has_notch = false;
    return block_list_append(&cv->notches, &way->notch);
}

/* Prints one row each way worth trying and keeps the one that takes the fewest pieces: on
 * the row below; on a platform the row below's last pass leaves standing; on one from the
 * library. */
static int choose_way(struct converter *cv, const struct row_way *previous,
                      const struct row_state *below, const struct row_state *pixels,
                      struct row_way ways[3], bool tried[3]) {
    struct playfield start;
    bool platform = wants_platform(cv, cv->row);
    long fewest = LONG_MAX; /* the pieces of the best way so far */
    int chosen = -1;
    /* The cheapest way is usually the platform left standing: it goes first, and bounds the
     * others. On ties the order below decides: no platform, standing, library. */
    const enum platform_kind order[3] = {MERGED_PLATFORM, NO_PLATFORM, LIBRARY_PLATFORM};
    for (int i = 0; i < 3; i++) {
        enum platform_kind kind = order[i];
        long extra = kind == MERGED_PLATFORM && previous->has_top ? top_extra_pieces(previous) : 0;
        if (kind == MERGED_PLATFORM && (!platform || !previous->has_top))
            continue;
        /* The article's method takes a platform whenever a pixel has no square under it. */
        if (kind == NO_PLATFORM && platform && cv->settings->method == METHOD_TABLE)
            continue;
        if (kind == LIBRARY_PLATFORM &&
            (!platform || (tried[MERGED_PLATFORM] && ways[MERGED_PLATFORM].ok)))
            continue;
        if (!field_after(previous, kind == MERGED_PLATFORM, &start))
            continue;
        print_row(cv, below, pixels, kind, &previous->top_problem, &start,
                  fewest == LONG_MAX ? LONG_MAX : fewest - extra, &ways[kind]);
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
    struct row_state below = {0};
    enum convert_status status = CONVERT_OK;
    for (cv->row = 0; cv->row < cv->sprite->height && status == CONVERT_OK; cv->row++) {
        struct row_state pixels;
        load_row(cv, cv->row, &pixels);
        struct row_way ways[3];
        bool tried[3] = {false, false, false};
        int chosen = choose_way(cv, &previous, &below, &pixels, ways, tried);
        if (cv->out_of_memory)
            status = CONVERT_NO_MEMORY;
        else if (chosen < 0)
            status = no_fit(cv, message, size);
        else
            status = commit(cv, &previous, chosen == MERGED_PLATFORM);
        way_free(&previous);
        for (int k = 0; k < 3; k++)
            if (tried[k] && k != chosen)
                way_free(&ways[k]);
        if (status != CONVERT_OK)
            break;
        previous = ways[chosen];
        if (!update_notches(cv, &previous))
            status = CONVERT_NO_MEMORY;
        if (wants_platform(cv, cv->row + 1))
            find_platform_top(cv, &previous);
        below = pixels;
        if (cv->settings->progress)
            progress_advance(cv->settings->progress);
    }
    if (status == CONVERT_OK) { /* the last row, then the last pieces held back */
        struct row_way end = {.ok = true, .pf = previous.pf};
        status = commit(cv, &previous, false);
        if (status == CONVERT_OK && (!drop_notches(cv, &end) || cv->out_of_memory))
            status = cv->out_of_memory ? CONVERT_NO_MEMORY : no_fit(cv, message, size);
        if (status == CONVERT_OK)
            status = commit(cv, &end, false);
        way_free(&end);
    }
    way_free(&previous);
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
    struct colour_assignment assignment;
    bool table = cv->settings->method == METHOD_TABLE;
    if (table && sprite->colour_count > LIBRARY_COLOURS) {
        snprintf(message, size,
                 "the table method prints at most %d colours (by J, T and L), this sprite has "
                 "%d: use --method realtime",
                 LIBRARY_COLOURS, sprite->colour_count);
        return CONVERT_UNPRINTABLE;
    }
    enum colour_order order = table ? COLOUR_ORDER_READING : cv->settings->colour_order;
    enum assignment_status status =
        colour_assignment_choose(cv->team, sprite, order, cv->settings->seed, cv->settings->limits,
                                 &assignment, message, size);
    if (status != ASSIGNMENT_OK)
        return status == ASSIGNMENT_NO_MEMORY ? CONVERT_NO_MEMORY : CONVERT_UNPRINTABLE;
    struct conversion *out = cv->out;
    colour_assignment_apply(&assignment, sprite, &out->printed);
    out->colour_count = out->printed.colour_count;
    memcpy(out->colours, out->printed.colours, sizeof out->colours);
    cv->sprite = &out->printed;
    return CONVERT_OK;
}

static void run_conversion(void *context, struct search_team *team) {
    struct conversion_run *run = context;
    run->cv->team = team;
    run->status = assign_colours(run->cv, run->sprite, run->message, run->size);
    if (run->status == CONVERT_OK)
        run->status = convert_rows(run->cv, run->message, run->size);
    run->cv->out->stats.nodes = team->nodes;
}

enum convert_status convert_sprite(const struct sprite *sprite, const struct pattern_library *lib,
                                   const struct convert_settings *settings, struct conversion *out,
                                   char *message, size_t size) {
    memset(out, 0, sizeof *out);
    struct converter cv = {.lib = lib, .settings = settings, .out = out};
    playfield_init(&cv.pf);
    struct conversion_run run = {.cv = &cv, .sprite = sprite, .message = message, .size = size};
    bool ran = search_team_run(run_conversion, &run);
    block_list_free(&cv.notches);
    if (!ran)
        return CONVERT_NO_MEMORY;
    out->stats.rows = sprite->height;
    out->stats.pieces = out->blocks.pieces;
    return run.status;
}

long convert_parity_bound(const struct sprite *sprite) {
    long bound = 0;
    for (int y = 0; y < sprite->height; y++) {
        int pixels = 0;
        for (int x = 0; x < sprite->width; x++)
            pixels += sprite->pixels[y][x] != 0;
        bound += pass_planner_least_pieces(pixels);
    }
    return bound;
}

bool conversion_write(FILE *out, const struct conversion *c) {
    bool ok = colours_write(out, c->colour_count, c->colours);
    for (int i = 0; i < c->blocks.count && ok; i++)
        ok = putc('\n', out) != EOF && piece_block_write(out, &c->blocks.blocks[i]);
    return ok;
}

void conversion_free(struct conversion *c) {
    block_list_free(&c->blocks);
    memset(c, 0, sizeof *c);
}
