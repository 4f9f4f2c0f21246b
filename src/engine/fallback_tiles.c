#include "fallback_tiles.h"

#include "block.h"
#include "cli.h"
#include "pattern_read.h"
#include "pattern_search.h"
#include "tetromino.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of the file: by core columns, then rows, then the columns beside. Which ones
 * a field needs: a core of r columns takes the least h >= 5 with W * h + r divisible by 4
 * (the band and what lies above it then hold a multiple of 4 cells), and the columns left of
 * the window make a multiple of 4 cells in the h - 4 rows above the band (kl = the core's
 * column mod 4, or mod 2, or 0, as h - 4 is odd, twice odd or a multiple of 4), and so do
 * those right of it. The one core column with 3 columns on both sides has no window of 5
 * rows (a 1-row strip above the band can't be split around it): 9 rows. The bare ones are
 * the edges' (FALLBACK_TILE_S_EDGE): a bare core column alone can't be filled (a vertical I
 * there stands on nothing), so 4 columns beside it instead of 0. */
const struct fallback_window_shape FALLBACK_WINDOW_SHAPES[FALLBACK_WINDOWS] = {
    {1, 5, 0, 2, false}, {1, 5, 1, 1, false}, {1, 5, 2, 0, false}, {1, 7, 0, 0, false},
    {1, 7, 1, 3, false}, {1, 7, 2, 2, false}, {1, 7, 3, 1, false}, {1, 9, 3, 3, false},
    {2, 6, 0, 1, false}, {2, 6, 1, 0, false}, {3, 5, 0, 2, false}, {3, 5, 1, 1, false},
    {3, 5, 2, 0, false}, {3, 5, 3, 3, false}, {3, 7, 0, 0, false}, {3, 7, 1, 3, false},
    {3, 7, 2, 2, false}, {3, 7, 3, 1, false}, {1, 5, 0, 2, true},  {1, 5, 2, 0, true},
    {1, 7, 0, 4, true},  {1, 7, 4, 0, true},
};

int fallback_window_number(const struct fallback_window_shape *shape) {
    for (int w = 0; w < FALLBACK_WINDOWS; w++) {
        const struct fallback_window_shape *s = &FALLBACK_WINDOW_SHAPES[w];
        if (s->core == shape->core && s->rows == shape->rows && s->left == shape->left &&
            s->right == shape->right && s->bare == shape->bare)
            return w;
    }
    return -1;
}

/* ---------------------------------------------------------------- what each tile does */

static void set_profile(uint8_t out[], int width, const int values[]) {
    for (int c = 0; c < width; c++)
        out[c] = (uint8_t)values[c];
}

/* A band tile of the given width: from `start` to `capacity`. */
static void band(struct fallback_tile_spec *s, int width, const int start[], const int capacity[]) {
    s->width = width;
    s->rows = FALLBACK_BAND_ROWS;
    set_profile(s->start, width, start);
    set_profile(s->capacity, width, capacity);
}

/* The unit's piece hanging at `column` (base -1): the stacks it starts, the squares it
 * leaves in the emission row. */
static void stand_on(struct fallback_tile_spec *s, int orientation, int column) {
    const struct orientation *o = &ORIENTATIONS[orientation];
    s->has_unit = true;
    s->unit = (struct placement){(uint8_t)orientation, (uint8_t)column, -1};
    for (int i = 0; i < o->width; i++) {
        s->start[column + i] = (uint8_t)(o->top[i] - 1);
        s->floor[column + i] = o->bottom[i] == 0;
    }
}

static void window(struct fallback_tile_spec *s, const struct fallback_window_shape *w) {
    s->width = w->left + w->core + w->right;
    s->rows = w->rows;
    for (int c = 0; c < s->width; c++) {
        bool core = c >= w->left && c < w->left + w->core;
        s->start[c] = core ? FALLBACK_BAND_ROWS - 1 : FALLBACK_BAND_ROWS;
        s->floor[c] = core && !w->bare;
        s->capacity[c] = (uint8_t)w->rows;
    }
}

void fallback_tile_spec(int tile, struct fallback_tile_spec *s) {
    static const int zeros[FALLBACK_TILE_MAX_WIDTH] = {0}, full[3] = {4, 4, 4};
    memset(s, 0, sizeof *s);
    if (tile >= FALLBACK_TILE_WINDOW) {
        window(s, &FALLBACK_WINDOW_SHAPES[tile - FALLBACK_TILE_WINDOW]);
        return;
    }
    if (tile < FALLBACK_TILE_CORRIDOR_RIGHT) {
        band(s, 4, zeros, (const int[]){1, 3, 3, 1});
        s->floor[tile - FALLBACK_TILE_ANCHOR] = true;
        s->no_completion = true;
        return;
    }
    switch ((enum fallback_tile)tile) {
    case FALLBACK_TILE_CORRIDOR_RIGHT:
        band(s, 4, (const int[]){3, 1, 0, 0}, (const int[]){4, 4, 3, 1});
        break;
    case FALLBACK_TILE_CORRIDOR_LEFT:
        band(s, 4, (const int[]){0, 0, 1, 3}, (const int[]){1, 3, 4, 4});
        break;
    case FALLBACK_TILE_END_RIGHT_2:
        band(s, 2, (const int[]){3, 1}, full);
        break;
    case FALLBACK_TILE_END_RIGHT_3:
        band(s, 3, (const int[]){3, 1, 0}, full);
        break;
    case FALLBACK_TILE_END_LEFT_2:
        band(s, 2, (const int[]){1, 3}, full);
        break;
    case FALLBACK_TILE_END_LEFT_3:
        band(s, 3, (const int[]){0, 1, 3}, full);
        break;
    case FALLBACK_TILE_SLAB_RIGHT:
    case FALLBACK_TILE_SLAB_LEFT:
        band(s, 3, zeros, full);
        s->floor[tile == FALLBACK_TILE_SLAB_RIGHT ? 2 : 0] = true;
        break;
    case FALLBACK_TILE_S_STANDING:
        band(s, 4, zeros, (const int[]){4, 3, 3, 1});
        stand_on(s, ORIENTATION_SV, 0);
        break;
    case FALLBACK_TILE_Z_STANDING:
        band(s, 4, zeros, (const int[]){1, 3, 3, 4});
        stand_on(s, ORIENTATION_ZV, 2);
        break;
    case FALLBACK_TILE_S_EDGE:
        band(s, 5, zeros, (const int[]){3, 4, 4, 3, 1});
        stand_on(s, ORIENTATION_SV, 1);
        s->no_completion = true; /* laid first: the columns right of it are empty */
        break;
    case FALLBACK_TILE_Z_EDGE:
        band(s, 5, zeros, (const int[]){1, 3, 4, 4, 3});
        stand_on(s, ORIENTATION_ZV, 2);
        s->no_completion = true;
        break;
    case FALLBACK_TILE_O_PAIR:
        band(s, 6, zeros, (const int[]){1, 3, 3, 3, 3, 1});
        stand_on(s, ORIENTATION_O, 2);
        break;
    case FALLBACK_TILE_S_LYING:
        band(s, 7, zeros, (const int[]){1, 3, 3, 3, 4, 3, 1});
        stand_on(s, ORIENTATION_SH, 2);
        break;
    case FALLBACK_TILE_Z_LYING:
        band(s, 7, zeros, (const int[]){1, 3, 4, 3, 3, 3, 1});
        stand_on(s, ORIENTATION_ZH, 2);
        break;
    case FALLBACK_TILE_S_LYING_EDGE:
        band(s, 6, zeros, (const int[]){1, 3, 3, 3, 4, 4});
        stand_on(s, ORIENTATION_SH, 2);
        break;
    case FALLBACK_TILE_Z_LYING_EDGE:
        band(s, 6, zeros, (const int[]){4, 4, 3, 3, 3, 1});
        stand_on(s, ORIENTATION_ZH, 1);
        break;
    default:
        break;
    }
}

/* ---------------------------------------------------------------- as a pattern */

void fallback_tile_start(int tile, struct pattern *p) {
    struct fallback_tile_spec s;
    fallback_tile_spec(tile, &s);
    memset(p, 0, sizeof *p);
    matrix_init(&p->start, s.width, s.rows);
    p->emission_row = true;
    p->start.beside = s.no_completion ? 0 : (uint8_t)s.rows;
    memcpy(p->start.capacity, s.capacity, (size_t)s.width);
    memcpy(p->start.floor_support, s.floor, (size_t)s.width * sizeof s.floor[0]);
    if (s.has_unit) { /* one shape: the piece */
        const struct orientation *o = &ORIENTATIONS[s.unit.orientation];
        int columns[PIECE_CELLS], levels[PIECE_CELLS], n = 0;
        for (int i = 0; i < o->width; i++)
            for (int level = o->bottom[i]; level < o->top[i]; level++, n++) {
                columns[n] = s.unit.column + i;
                levels[n] = s.unit.base + level;
            }
        pattern_add_shape(p, n, columns, levels);
    } else { /* one shape per column holding cells: its stack over its square */
        for (int c = 0; c < s.width; c++) {
            int columns[PIECE_CELLS + 1], levels[PIECE_CELLS + 1], n = 0;
            for (int level = s.floor[c] ? -1 : 0; level < s.start[c]; level++, n++) {
                columns[n] = c;
                levels[n] = level;
            }
            if (n > 0)
                pattern_add_shape(p, n, columns, levels);
        }
    }
}

/* Tiles are small: an exhaustive search decides each at once. */
#define TILE_LIMITS                                                                                \
    ((struct packing_limits){.tries = 100,                                                         \
                             .attempts_per_try = 1000,                                             \
                             .final_attempts = LONG_MAX,                                           \
                             .tries_per_doubling = 0})

/* The set number of the tiles in job seeds (emitter sets are 1 and up, platforms 8). */
#define FALLBACK_SEED_SET 0
/* 2^16 dead states: a tile has far fewer. */
#define TILE_CACHE_LOG2_SLOTS 16

enum fallback_search fallback_tile_search(int tile, uint64_t seed, struct pattern *p) {
    fallback_tile_start(tile, p);
    struct dead_cache cache; /* made for the tile's width: keys are as wide as the matrix */
    struct packing_outcome *outcome = malloc(sizeof *outcome);
    if (!outcome || !dead_cache_init(&cache, TILE_CACHE_LOG2_SLOTS, p->start.width)) {
        free(outcome);
        return FALLBACK_NO_MEMORY;
    }
    packing_solve(&p->start, job_seed(seed, FALLBACK_SEED_SET, tile, p->start.height), TILE_LIMITS,
                  &cache, outcome);
    dead_cache_free(&cache);
    enum fallback_search result = outcome->result == PACKING_FOUND ? FALLBACK_FOUND : FALLBACK_NONE;
    p->pieces = result == FALLBACK_FOUND ? outcome->pieces : 0;
    memcpy(p->placements, outcome->placements, (size_t)p->pieces * sizeof p->placements[0]);
    free(outcome);
    return result;
}

/* ---------------------------------------------------------------- the file */

bool fallback_tile_write(FILE *out, const struct pattern *p, bool first) {
    struct pattern_blocks drawn;
    struct block line;
    if (!pattern_draw(p, &drawn))
        return false;
    const struct block *b = &drawn.blocks[0]; /* a tile has few pieces: one block */
    bool ok = drawn.count == 1 && block_alloc(&line, FALLBACK_FILE_WIDTH, b->rows);
    if (ok) {
        for (int r = 0; r < b->rows; r++)
            memcpy(block_row(&line, r), block_row(b, r), (size_t)b->width);
        ok = (first || fputc('\n', out) != EOF) && block_write(out, &line);
        block_free(&line);
    }
    pattern_blocks_free(&drawn);
    return ok;
}

static bool bad(char *message, size_t size, const char *name, int block, const char *reason) {
    return cli_reason(message, size, "%s: block %d: %s", name, block, reason);
}

/* The tile as block `index` draws it: its columns, the others empty. */
static bool read_tile(const char *name, const struct block *b, int index, struct pattern *p,
                      char *message, size_t size) {
    fallback_tile_start(index, p);
    int width = p->start.width;
    if (b->rows != p->start.height + 1)
        return bad(message, size, name, index + 1, "not the height of the tile expected there");
    struct block tile;
    if (!block_alloc(&tile, width, b->rows))
        return cli_reason(message, size, "out of memory");
    bool empty_beyond = true;
    for (int r = 0; r < b->rows; r++) {
        memcpy(block_row(&tile, r), block_row(b, r), (size_t)width);
        for (int c = width; c < b->width; c++)
            empty_beyond = empty_beyond && block_row(b, r)[c] == '.';
    }
    char reason[192];
    bool ok = empty_beyond && pattern_read_pieces(&tile, 1, p, reason, sizeof reason);
    block_free(&tile);
    if (!ok)
        return bad(message, size, name, index + 1,
                   empty_beyond ? reason : "cells right of the tile's columns");
    return true;
}

bool fallback_tiles_read(const char *name, const char *text, struct fallback_tiles *out,
                         char *message, size_t size) {
    struct block_file file;
    struct text_error err;
    if (!block_file_parse(text, strlen(text), false, &file, &err))
        return strcmp(err.message, "out of memory") == 0
                   ? cli_reason(message, size, "out of memory")
                   : cli_reason(message, size, "%s:%d: %s", name, err.line, err.message);
    bool ok = true;
    if (file.width != FALLBACK_FILE_WIDTH)
        ok = cli_reason(message, size, "%s: lines of %d characters, not %d", name, file.width,
                        FALLBACK_FILE_WIDTH);
    else if (file.block_count != FALLBACK_TILES)
        ok = cli_reason(message, size, "%s: %d tiles, expected %d", name, file.block_count,
                        FALLBACK_TILES);
    for (int i = 0; ok && i < FALLBACK_TILES; i++)
        ok = file.blocks[i].continues
                 ? bad(message, size, name, i + 1, "continues the block before it: a tile is one")
                 : read_tile(name, &file.blocks[i], i, &out->tiles[i], message, size);
    block_file_free(&file);
    return ok;
}
