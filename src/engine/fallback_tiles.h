/* The fallback tiles (docs/design.md, "Searching patterns"): the small patterns from which
 * fallback_assembly.h puts together, on a field of any width from 11 to 71, with no search, a
 * pass printing any unit of a row that the colour rules (src/convert/colours/colour_rules.h) say
 * can be printed. They are the same for every width: tetris-search finds them (each proved, by an
 * exhaustive search, to exist), patterns/fallback.txt holds them, and tetris-convert has
 * them built in.
 *
 * A tile is a matrix of a few columns: its columns start at given stacks (cells laid before
 * it) over given squares of the emission row, and its pieces fill each to a given height.
 * The kinds:
 *   - band tiles, 4 rows: an anchor (FALLBACK_TILE_ANCHOR + k) stands on one square of the emission
 *     row, k columns from its left, and fills its 4 columns to 1, 3, 3, 1: a left *frontier*
 *     (stacks 1, 3: the way on to the left) and a right one (3, 1); a corridor tile moves a
 *     frontier 2 columns on, filling what it leaves to 4; an end tile closes a frontier at
 *     a wall (2 or 3 columns from it); a unit tile stands on the unit's piece (a standing S,
 *     an O, a lying S...) and leaves frontiers on the free sides and the unit's *core* (the
 *     columns under which its pixels hang) at 3; a slab of 3 fills 3 columns standing on a
 *     square at one of its sides;
 *   - windows, h rows: the last of a pass, over a core of r columns at 3 (r = 1, 2 or 3,
 *     each over a pixel of the unit) with kl columns left of it and kr right of it at 4,
 *     filling them all to h.
 * An anchor's pieces are laid while some column of the field is still empty, so that no row
 * completes meanwhile; every other tile is proved as a matrix of its own, whose rows clear
 * as they complete, which holds wherever it is laid (the field's other columns only delay
 * completions). */
#ifndef TETRIS_FALLBACK_TILES_H
#define TETRIS_FALLBACK_TILES_H

#include "pattern.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FALLBACK_BAND_ROWS 4
#define FALLBACK_TILE_MAX_WIDTH 9 /* a window: 3 core columns and 3 on each side */
/* The lines of patterns/fallback.txt: the narrowest field's, each tile drawn at their left. */
#define FALLBACK_FILE_WIDTH FIELD_MIN_WIDTH
#define FALLBACK_FILE_NAME "fallback.txt"

enum fallback_tile {
    FALLBACK_TILE_ANCHOR, /* + k for k = 0..3, the square's column in the tile */
    FALLBACK_TILE_CORRIDOR_RIGHT = FALLBACK_TILE_ANCHOR + 4, /* (3, 1, 0, 0) -> (4, 4, 3, 1) */
    FALLBACK_TILE_CORRIDOR_LEFT,                             /* (0, 0, 1, 3) -> (1, 3, 4, 4) */
    FALLBACK_TILE_END_RIGHT_2,                               /* (3, 1) -> (4, 4) */
    FALLBACK_TILE_END_RIGHT_3,                               /* (3, 1, 0) -> (4, 4, 4) */
    FALLBACK_TILE_END_LEFT_2,                                /* (1, 3) -> (4, 4) */
    FALLBACK_TILE_END_LEFT_3,                                /* (0, 1, 3) -> (4, 4, 4) */
    FALLBACK_TILE_SLAB_RIGHT, /* 3 columns on a square under the right one -> (4, 4, 4) */
    FALLBACK_TILE_SLAB_LEFT,  /* ... under the left one */
    FALLBACK_TILE_S_STANDING, /* on a standing S at column 1: (4, 3, 3, 1), core column 1 */
    FALLBACK_TILE_Z_STANDING, /* on a standing Z at column 2: (1, 3, 3, 4), core column 2 */
    /* A standing S at column 2 of the field, the edge holding it (and a Z at W - 3): (3, 4,
     * 4, 3, 1), core column 0, over no square: the wall's column can't fill in 4 rows. */
    FALLBACK_TILE_S_EDGE,
    FALLBACK_TILE_Z_EDGE,       /* (1, 3, 4, 4, 3), core column 4 */
    FALLBACK_TILE_O_PAIR,       /* on an O over columns 2, 3: (1, 3, 3, 3, 3, 1), core 2-3 */
    FALLBACK_TILE_S_LYING,      /* a lying S printing columns 2, 3: (1, 3, 3, 3, 4, 3, 1) */
    FALLBACK_TILE_Z_LYING,      /* a lying Z printing columns 3, 4: (1, 3, 4, 3, 3, 3, 1) */
    FALLBACK_TILE_S_LYING_EDGE, /* printing W - 4, W - 3: (1, 3, 3, 3, 4, 4) */
    FALLBACK_TILE_Z_LYING_EDGE, /* printing 2, 3: (4, 4, 3, 3, 3, 1) */
    FALLBACK_TILE_WINDOW,       /* + the window's number in fallback_window */
};

/* The windows: r core columns (over the unit's pixels, or `bare`: over no square), h rows,
 * kl and kr columns beside the core. */
struct fallback_window_shape {
    int core, rows, left, right;
    bool bare;
};
#define FALLBACK_WINDOWS 22
extern const struct fallback_window_shape FALLBACK_WINDOW_SHAPES[FALLBACK_WINDOWS];
#define FALLBACK_TILES (FALLBACK_TILE_WINDOW + FALLBACK_WINDOWS)

/* What a tile must do. */
struct fallback_tile_spec {
    int width, rows;
    uint8_t start[FALLBACK_TILE_MAX_WIDTH];    /* stacks before it, the unit's piece included */
    uint8_t capacity[FALLBACK_TILE_MAX_WIDTH]; /* stacks after it */
    bool floor[FALLBACK_TILE_MAX_WIDTH];       /* squares of the emission row under it */
    bool no_completion;                        /* an anchor: no row completes while it is laid */
    /* The unit's piece the tile stands on, hanging into the emission row (base -1). */
    bool has_unit;
    struct placement unit;
};

/* Tile number `tile` (0 .. FALLBACK_TILES - 1): what it must do. */
void fallback_tile_spec(int tile, struct fallback_tile_spec *out);

/* The tile's start as a pattern: the matrix (its stacks, capacities, squares) and the cells
 * already there as start shapes ('A' for the unit's piece, or one letter per column holding
 * cells, left to right), drawn with the emission row. */
void fallback_tile_start(int tile, struct pattern *p);

/* Where a window lies in the list, or -1 when there is none of that shape. */
int fallback_window_number(const struct fallback_window_shape *shape);

/* Finds the tile's pieces, exhaustively (`seed`: the run's): FALLBACK_NONE is a proof that
 * it has none. `p` holds the tile whole when found. */
enum fallback_search { FALLBACK_FOUND, FALLBACK_NONE, FALLBACK_NO_MEMORY };
enum fallback_search fallback_tile_search(int tile, uint64_t seed, struct pattern *p);

/* Writes a found tile as its block of patterns/fallback.txt. */
bool fallback_tile_write(FILE *out, const struct pattern *p, bool first);

/* The tiles of a fallback.txt, read and each checked under the matrix model. */
struct fallback_tiles {
    struct pattern tiles[FALLBACK_TILES];
};

/* Reads the text of a fallback.txt (`name` in messages). False with a one-line reason,
 * "fallback.txt: block 3: ...", or "out of memory". */
bool fallback_tiles_read(const char *name, const char *text, struct fallback_tiles *out,
                         char *message, size_t size);

#endif
