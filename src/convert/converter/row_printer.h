/* Printing one sprite row one way, from a given playfield: on the row below, on a platform
 * the row below's last pass left standing, or on one from the library (platform.h); then
 * its passes, from the planner (real time) or the library (the table method), until every
 * pixel is printed. The converter prints a row each way worth trying and keeps the one with
 * the fewest pieces (converter.c).
 *
 * A platform's last piece is held back until a row ends without leaving a platform
 * standing: until then platforms stand on platforms, and their last pieces are dropped
 * together, the top-most first, at the start of the next way that isn't on a platform left
 * standing. */
#ifndef TETRIS_CONVERT_ROW_PRINTER_H
#define TETRIS_CONVERT_ROW_PRINTER_H

#include "library/pattern_library.h"
#include "pass.h"
#include "pass_planner.h"
#include "piece_block.h"
#include "search_team.h"

#include <stdbool.h>
#include <stdint.h>

enum platform_kind { NO_PLATFORM, STANDING_PLATFORM, LIBRARY_PLATFORM };

/* What printing a row needs and keeps between rows. */
struct row_printer {
    const struct pattern_library *lib;
    bool realtime; /* the real-time method; else the table's */
    uint64_t seed;
    struct planner_limits limits;
    struct search_team *team;
    struct block_list notches; /* platforms' last pieces held back, bottom-most first */
    int row;                   /* 0 = the sprite's bottom row, on the floor */
    bool out_of_memory;
};

/* A row printed one way: the blocks it adds (the held-back pieces it drops, a library
 * platform, the passes) and the field after them. */
struct row_way {
    enum platform_kind kind;
    struct block_list blocks;
    bool ok;
    bool topped_out; /* given up because a block would top out (else: no pass, no platform,
                        or more pieces than another way) */
    long new_pieces; /* its pieces but for the held-back ones of earlier platforms it drops */
    struct playfield pf;
    int passes, realtime_passes, table_passes, fallback_passes;
    int band_passes; /* real-time passes into a band of 2 or 3 rows */
    /* The last piece of the row's platform, held back. */
    bool has_notch;
    struct script_block notch;
    /* The window after the way: the row printed, and what its passes printed above it. */
    struct target window;
    /* The last pass: its index in blocks, its target and the field it started from. */
    int last;
    struct target before_last;
    struct playfield pf_before_last;
    /* The same last pass leaving a platform standing, when the next row may want one, and
     * the field after it. */
    bool has_standing;
    struct script_block standing;
    struct pass_problem standing_problem;
    struct playfield pf_standing;
};

/* What is under the row's cells: the row below's pixels, or everywhere on the floor or a
 * platform (`flat`; its notch is outside the sprite's columns). */
void row_set_below(struct target *row, const struct target *below, bool flat);

/* Prints the row (the lowest of `window`, which holds the rows above it too: target.h;
 * standing on `below`) from `pf` one way, its passes perhaps printing into the rows above
 * (way->window says what is left); `standing` is the platform's problem for
 * STANDING_PLATFORM. The way is given up (way->ok false) as soon as it can't end within
 * `bound` new pieces, or a block would top out. */
void row_print(struct row_printer *rp, const struct target *below, const struct target *window,
               enum platform_kind kind, const struct pass_problem *standing,
               const struct playfield *pf, long bound, struct row_way *way);

/* Drops the platforms' last pieces held back, the top-most platform's first, into the way:
 * each clears its platform, and the rows printed on it fall onto the row under it. */
bool row_drop_notches(struct row_printer *rp, struct row_way *way);

/* Searches the way's last pass again, leaving a platform for the next row standing
 * (way->has_standing when found). */
void row_find_standing_platform(struct row_printer *rp, struct row_way *way);

/* The field after the way, its last pass leaving a platform standing (`standing`) or not. */
void row_way_field_after(const struct row_way *way, bool standing, struct playfield *pf);

/* The pieces its last pass leaving a platform standing takes beyond the plain one. */
long row_way_standing_extra_pieces(const struct row_way *way);

void row_way_free(struct row_way *way);

#endif
