#include "row_printer.h"

#include "fallback_pass.h"
#include "parity.h"
#include "platform.h"
#include "table_pass.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void row_way_free(struct row_way *way) {
    block_list_free(&way->blocks);
    if (way->has_standing)
        script_block_free(&way->standing);
    if (way->has_notch)
        script_block_free(&way->notch);
    way->has_standing = way->has_notch = false;
}

/* What is under the row: the row below, the floor, or a platform (full but for its notch,
 * which is outside the sprite's columns). */
void row_set_below(struct target *row, const struct target *below, bool flat) {
    for (int c = 0; c < row->width; c++)
        row->under[c] = flat || target_pixel(below, 0, c);
}

/* Adds a block to the way and plays it; false when it doesn't play there (the way is then
 * over) or when out of memory. */
static bool way_add(struct row_printer *rp, struct row_way *way, struct script_block *block) {
    if (!piece_block_play(block, &way->pf)) {
        script_block_free(block);
        way->topped_out = true;
        return false;
    }
    if (!block_list_append(&way->blocks, block)) {
        rp->out_of_memory = true;
        return false;
    }
    return true;
}

/* Adds a block already played: `after` is the field after it. */
static bool way_take(struct row_printer *rp, struct row_way *way, struct script_block *block,
                     const struct playfield *after) {
    if (!block_list_append(&way->blocks, block)) {
        rp->out_of_memory = true;
        return false;
    }
    playfield_copy(&way->pf, after);
    return true;
}

/* A pass of the article's from the library, as the table method and the real-time method's
 * sure option: over the greedy base of J/T/L hanging pieces (`column` < 0) or over one pixel,
 * when the library has it and its block plays from `pf`; `after` is then the field after it. */
static bool library_pass(const struct row_printer *rp, const struct target *row, int column,
                         const struct playfield *pf, struct pattern *p, struct script_block *out,
                         struct playfield *after) {
    struct pass_base base;
    if (column < 0)
        table_pass_greedy(rp->lib, row, &base);
    else
        table_pass_single(row, column, &base);
    if (base.count == 0 || !table_pass_pattern(rp->lib, row, &base, p) ||
        !piece_block_from_pattern(p, out))
        return false;
    playfield_copy(after, pf);
    if (piece_block_play(out, after))
        return true;
    script_block_free(out);
    return false;
}

/* The library's greedy pass, or when that would top out, a single pixel's. */
static bool any_library_pass(const struct row_printer *rp, const struct target *row,
                             const struct playfield *pf, struct pattern *p,
                             struct script_block *out, struct playfield *after) {
    for (int c = -1; c < row->width; c++)
        if ((c < 0 || target_pending(row, 0, c)) && library_pass(rp, row, c, pf, p, out, after))
            return true;
    return false;
}

/* The pixels still to print in the window's lowest row, the row being printed. */
static int lowest_row_pending(const struct target *window) {
    struct target row;
    target_lowest_rows(window, 1, &row);
    return target_pending_count(&row);
}

/* One pass of the real-time method: the planner's, among the options it estimates no worse
 * than the library's greedy pass (the article's); failing that the library's; when the row
 * has pixels the library can't print (colours 4 to 7), the planner's with every option;
 * failing all, a fallback pass. */
static bool next_pass(struct row_printer *rp, struct row_way *way, struct target *window,
                      long max_pieces) {
    struct target one_row, *row = &one_row; /* the library's passes are one row's */
    target_lowest_rows(window, 1, row);
    struct planned_pass planned;
    struct pattern library;
    struct script_block greedy;
    struct playfield library_after;
    bool sure = library_pass(rp, row, -1, &way->pf, &library, &greedy, &library_after);
    int limit = sure ? pass_planner_estimate(row->width, library.start.height, library.shape_count,
                                             target_pending_count(row))
                     : INT_MAX;
    enum planner_result r = pass_planner_next(rp->team, window, &way->pf, rp->seed, rp->limits,
                                              max_pieces, limit, &planned);
    bool from_library = r == PLANNER_NONE && (sure || any_library_pass(rp, row, &way->pf, &library,
                                                                       &greedy, &library_after));
    if (sure && !from_library)
        script_block_free(&greedy);
    if (r == PLANNER_NONE && !from_library && target_pending_beyond_library(row))
        r = pass_planner_any_pixel(rp->team, row, &way->pf, rp->seed, rp->limits, &planned);
    /* -- the search found none: a fallback pass (fallback_pass.h), put together unsearched */
    bool fallback =
        r == PLANNER_NONE && !from_library && fallback_pass_next(rp->lib, row, &way->pf, &planned);
    r = fallback ? PLANNER_FOUND : r;
    if (r == PLANNER_NO_MEMORY) {
        rp->out_of_memory = true;
        return false;
    }
    if (!from_library && r != PLANNER_FOUND)
        return false;
    way->pf_before_last = way->pf;
    way->last = way->blocks.count;
    way->passes++;
    if (from_library) {
        way->before_last = *row;
        pass_mark_printed(row, &library);
        target_set_lowest_rows(window, row);
        way->table_passes++;
        return way_take(rp, way, &greedy, &library_after);
    }
    struct target band = planned.problem.target;
    way->before_last = band;
    pass_packing_mark(&planned.packing, &band);
    target_set_lowest_rows(window, &band);
    way->realtime_passes += !fallback;
    way->fallback_passes += fallback;
    way->band_passes += band.rows > 1;
    return way_take(rp, way, &planned.block, &planned.after);
}

/* The next pass of the table method: the library's. */
static bool table_method_pass(struct row_printer *rp, struct row_way *way, struct target *window) {
    struct script_block block;
    struct pattern p;
    struct playfield after;
    struct target row;
    target_lowest_rows(window, 1, &row);
    if (!any_library_pass(rp, &row, &way->pf, &p, &block, &after))
        return false;
    pass_mark_printed(&row, &p);
    target_set_lowest_rows(window, &row);
    way->table_passes++;
    way->last = way->blocks.count;
    way->passes++;
    return way_take(rp, way, &block, &after);
}

/* Drops the platforms' last pieces still held back, the top-most platform's first: each
 * clears its platform, and the rows printed on it fall onto the row under it. */
bool row_drop_notches(struct row_printer *rp, struct row_way *way) {
    for (int i = rp->notches.count - 1; i >= 0; i--) {
        struct script_block copy;
        if (!piece_block_copy(&rp->notches.blocks[i], &copy)) {
            rp->out_of_memory = true;
            return false;
        }
        if (!way_add(rp, way, &copy))
            return false;
    }
    return true;
}

/* Prints the row from `pf`: on the row below, or on a platform, either left standing by the
 * row below's last pass (`standing`, already in `pf`) or taken from the library (added first).
 * A platform's last piece is held back (way->notch) until a row ends without leaving a
 * platform; until then platforms stand on platforms, and their last pieces are dropped
 * together, the top-most first (row_drop_notches). The way is given up as soon as it can't end
 * within `bound` new pieces (another way does as well). */
void row_print(struct row_printer *rp, const struct target *below, const struct target *window,
               enum platform_kind kind, const struct pass_problem *standing,
               const struct playfield *pf, long bound, struct row_way *way) {
    memset(way, 0, sizeof *way);
    way->pf = *pf;
    way->last = -1;
    way->kind = kind;
    struct target row = *window;
    row_set_below(&row, below, kind != NO_PLATFORM || rp->row == 0); /* row 0 is on the floor */
    if (kind != STANDING_PLATFORM && !row_drop_notches(rp, way))
        return;
    long before = way->blocks.pieces;
    bool made = true;
    if (kind == LIBRARY_PLATFORM) {
        const struct pattern *library = platform_from_library(rp->lib, below, &way->pf);
        struct script_block block;
        if (!library)
            return;
        made = platform_library_blocks(library, &block, &way->notch);
        if (made && !way_add(rp, way, &block)) {
            script_block_free(&way->notch);
            return;
        }
    } else if (kind == STANDING_PLATFORM) {
        made = platform_top_notch_block(rp->lib->width, standing->rows, standing->capacity,
                                        &way->notch);
    }
    if (!made) {
        rp->out_of_memory = true;
        return;
    }
    way->has_notch = kind != NO_PLATFORM;
    bool realtime = rp->realtime;
    for (int pending; (pending = lowest_row_pending(&row)) > 0;) {
        long spent = way->blocks.pieces - before + way->has_notch;
        if (spent + parity_least_pieces(row.width, pending) > bound)
            return;
        if (realtime ? !next_pass(rp, way, &row, bound - spent) : !table_method_pass(rp, way, &row))
            return;
    }
    way->window = row;
    way->new_pieces = way->blocks.pieces - before + way->has_notch;
    way->ok = true;
}

/* The row's last pass again, leaving a platform for the next row standing. */
void row_find_standing_platform(struct row_printer *rp, struct row_way *way) {
    if (!way->ok || way->last < 0 || !rp->realtime)
        return;
    struct planned_pass planned;
    enum planner_result r = pass_planner_platform_top(
        rp->team, &way->before_last, &way->pf_before_last, rp->seed, rp->limits, &planned);
    if (r == PLANNER_NO_MEMORY)
        rp->out_of_memory = true;
    if (r != PLANNER_FOUND)
        return;
    way->has_standing = true;
    way->standing = planned.block;
    playfield_copy(&way->pf_standing, &planned.after);
    way->standing_problem = planned.problem;
}

/* The field after the way, its last pass leaving a platform standing (`standing`) or not. */
void row_way_field_after(const struct row_way *way, bool standing, struct playfield *pf) {
    playfield_copy(pf, standing ? &way->pf_standing : &way->pf);
}

/* The pieces the way's last pass leaving a platform standing takes beyond the plain one. */
long row_way_standing_extra_pieces(const struct row_way *way) {
    return way->standing.piece_count - way->blocks.blocks[way->last].piece_count;
}
