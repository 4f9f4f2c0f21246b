/* Converting a sprite into a script (docs/design.md): row by row from the bottom, each row on the
 * row below it or on a platform, in passes until every pixel of the row is printed. A row
 * that wants a platform is printed each way worth trying (row_printer.h) and the way with
 * the fewest pieces is kept; the row below's last pass waits, uncommitted, until then, as
 * the way on a platform left standing replaces it. Every block is played on a playfield as
 * it is chosen, so no block is kept that would top out.
 *
 * The sprite's colours are already the script's: colour k is printed by colour_piece(k)
 * (colour_assignment.h). */
#ifndef TETRIS_CONVERT_CONVERTER_H
#define TETRIS_CONVERT_CONVERTER_H

#include "colours/colour_assignment.h"
#include "library/pattern_library.h"
#include "pass_planner.h"
#include "picture/sprite_rules.h"
#include "piece_block.h"
#include "progress.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum convert_method { METHOD_REALTIME, METHOD_TABLE };

struct convert_settings {
    int width, height; /* of the field (field.h); the library is for that width */
    enum convert_method method;
    enum colour_order colour_order; /* the real-time method's; the table's is reading order */
    uint64_t seed;
    struct planner_limits limits;
    /* The colour assignment: NULL to rank them and take the first; else the ranking of an
     * earlier conversion of the sprite at the same column, and the rank to take from it
     * (colour_assignment.h), which spares the estimate. */
    const struct assignment_ranking *ranking;
    int assignment_rank;
    /* When to give up (CONVERT_GAVE_UP), checked after each row, so the same whatever the
     * threads: once the placements searched pass `give_up_placements` (0: never), or the
     * pieces so far pass give_up_pieces[r] with r rows converted (NULL: never). */
    long give_up_placements;
    const long *give_up_pieces;
    struct progress *progress; /* advanced once per row; NULL for none */
};

struct convert_stats {
    long pieces;
    int passes, realtime_passes, table_passes, fallback_passes, rows;
    int band_passes; /* of the real-time ones, those printing a band of 2 or 3 rows */
    int platforms, standing_platforms; /* standing: left by the row below's last pass */
    long nodes;                        /* placements the searches tried */
    int assignment_rank; /* of the colour assignment printing, in the ranking: 0 the first */
};

/* A script: its colours and blocks, and the sprite it prints in its colours. */
struct conversion {
    int width; /* of the field: the script's lines */
    int colour_count;
    uint32_t colours[MAX_COLOURS];
    struct block_list blocks;
    struct sprite printed;
    struct assignment_ranking ranking;        /* the colour assignments the estimate ranked */
    long pieces_after[SPRITE_MAX_HEIGHT + 1]; /* the pieces so far with r rows converted */
    struct convert_stats stats;
};

enum convert_status {
    CONVERT_OK,
    CONVERT_NO_FIT,      /* a row no way prints: each would top out, or no pass was found for
                            some of its pixels (the message says which) */
    CONVERT_UNPRINTABLE, /* the sprite's colours can't be printed (bad input) */
    CONVERT_NO_MEMORY,
    CONVERT_GAVE_UP /* at convert_settings' give_up_placements or give_up_pieces */
};

/* Converts the sprite (its colours in reading order), which must fit the field
 * (sprite_fits_field), with one thread team (search_team.h):
 * assigns its colours to piece types, then prints its rows. On CONVERT_NO_FIT or
 * CONVERT_UNPRINTABLE `message` says what can't be printed. */
enum convert_status convert_sprite(const struct sprite *sprite, const struct pattern_library *lib,
                                   const struct convert_settings *settings, struct conversion *out,
                                   char *message, size_t size);

/* The parity bound of printing the sprite band by band, bands of 1 to `band_rows` rows
 * (parity_band_bound): with 1, a floor on the pieces any row-by-row printer needs (a pass
 * uses (W*rows + pixels)/4 pieces, so a row of P pixels takes at least (W*L + P)/4 with L the
 * fewest cleared rows, at least 1, making that whole); with TARGET_MAX_ROWS, the band
 * model's. */
long convert_parity_bound(const struct sprite *sprite, int width, int band_rows);

/* The band bound of bands of up to TARGET_MAX_ROWS rows in which every row under the top one
 * joins the row above (row_joins.h): a floor for any printer going band by band, each band in
 * one pass, between the band bound and the one-row bound. */
long convert_joined_bound(const struct sprite *sprite, int width);

/* The pieces the sprite's rows probably take on a field `width` wide, each in one pass of
 * its likely height (parity_likely_height): not a bound, an estimate to compare fields by. */
long convert_likely_pieces(const struct sprite *sprite, int width);

/* Writes the script: the colour line, then the blocks separated by blank lines (a block of
 * more than BLOCK_MAX_PIECES pieces as blocks continuing one another, piece_block_write). */
bool conversion_write(FILE *out, const struct conversion *c);

void conversion_free(struct conversion *c);

#endif
