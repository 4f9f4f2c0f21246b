#include "fallback_assembly.h"

#include "cli.h"
#include "tetromino.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fallback_unit_pixels(const struct fallback_unit *unit) {
    switch (unit->kind) {
    case FALLBACK_UNIT_I_LYING:
        return 4;
    case FALLBACK_UNIT_I_STANDING:
        return unit->pixels;
    case FALLBACK_UNIT_O:
    case FALLBACK_UNIT_S_LYING:
    case FALLBACK_UNIT_Z_LYING:
        return 2;
    default:
        return 1;
    }
}

void fallback_unit_name(const struct fallback_unit *unit, char *text, size_t size) {
    static const char *const names[FALLBACK_UNIT_KINDS] = {
        "a lying I", "standing I",   "an O pair",   "a lying S",
        "a lying Z", "a standing S", "a standing Z"};
    if (unit->kind == FALLBACK_UNIT_I_STANDING)
        snprintf(text, size, "%d %s", unit->pixels, names[unit->kind]);
    else
        snprintf(text, size, "%s", names[unit->kind]);
}

/* ---------------------------------------------------------------- laying pieces */

struct builder {
    const struct fallback_tiles *tiles;
    struct fallback_pass *pass;
    bool ok;
};

static void append(struct builder *b, int orientation, int column, int base) {
    if (b->pass->count >= FALLBACK_MAX_PIECES || column < 0 ||
        column + ORIENTATIONS[orientation].width > b->pass->width) {
        b->ok = false;
        return;
    }
    b->pass->pieces[b->pass->count++] =
        (struct placement){(uint8_t)orientation, (uint8_t)column, (int8_t)base};
}

static void lay_tile(struct builder *b, int tile, int column) {
    const struct pattern *t = &b->tiles->tiles[tile];
    if (column < 0 || column + t->start.width > b->pass->width)
        b->ok = false;
    for (int i = 0; i < t->pieces && b->ok; i++)
        append(b, t->placements[i].orientation, column + t->placements[i].column,
               t->placements[i].base);
}

/* A right frontier (3, 1) at columns f, f + 1, carried on to `end`, the last column. */
static void corridor_right(struct builder *b, int f, int end) {
    for (; end > f + 2; f += 2)
        lay_tile(b, FALLBACK_TILE_CORRIDOR_RIGHT, f);
    if (end == f + 1 || end == f + 2)
        lay_tile(b, end == f + 1 ? FALLBACK_TILE_END_RIGHT_2 : FALLBACK_TILE_END_RIGHT_3, f);
    else
        b->ok = false;
}

/* A left frontier (1, 3) at columns g, g + 1, carried on to `start`, the first column. */
static void corridor_left(struct builder *b, int g, int start) {
    for (; g > start + 1; g -= 2)
        lay_tile(b, FALLBACK_TILE_CORRIDOR_LEFT, g - 2);
    if (g == start || g == start + 1)
        lay_tile(b, g == start ? FALLBACK_TILE_END_LEFT_2 : FALLBACK_TILE_END_LEFT_3, start);
    else
        b->ok = false;
}

/* Columns from..to filled to the band's rows, standing on the square at `square`. */
static void slab(struct builder *b, int from, int to, int square) {
    int width = to - from + 1;
    if (square < from || square > to || width < 3) {
        b->ok = false;
    } else if (width == 3) {
        if (square == to || square == from)
            lay_tile(b, square == to ? FALLBACK_TILE_SLAB_RIGHT : FALLBACK_TILE_SLAB_LEFT, from);
        else
            b->ok = false;
    } else {
        int anchor = square - 3 > from ? square - 3 : from; /* its 4 columns hold the square */
        lay_tile(b, FALLBACK_TILE_ANCHOR + square - anchor, anchor);
        corridor_left(b, anchor, from);
        corridor_right(b, anchor + 2, to);
    }
}

/* The unit's piece, hanging into the emission row. */
static void hang(struct builder *b, int orientation, int column) {
    append(b, orientation, column, -1);
}

/* Rows 4 .. rows - 1 over columns from..to (none when to < from). */
static void rectangle(struct builder *b, int from, int to, int rows) {
    int width = to - from + 1, height = rows - FALLBACK_BAND_ROWS;
    if (width <= 0)
        return;
    if (height % 4 == 0) {
        for (int x = from; x <= to; x++)
            for (int base = FALLBACK_BAND_ROWS; base < rows; base += 4)
                append(b, ORIENTATION_IV, x, base);
    } else if (width % 4 == 0) {
        for (int base = FALLBACK_BAND_ROWS; base < rows; base++)
            for (int x = from; x <= to; x += 4)
                append(b, ORIENTATION_IH, x, base);
    } else if (width % 2 == 0 && height % 2 == 0) {
        for (int base = FALLBACK_BAND_ROWS; base < rows; base += 2)
            for (int x = from; x <= to; x += 2)
                append(b, ORIENTATION_O, x, base);
    } else {
        b->ok = false;
    }
}

/* The rows above the band: the least height the core of `core` columns at `first` (`bare`:
 * over no square) allows with a window, the rectangles beside the window, then the window.
 * The columns left of the window make whole pieces in the rows above the band when their
 * number is a multiple of 4 / gcd(rows - 4, 4) (so do those right of it): the least such
 * window, or the next, 4 / gcd columns wider on a side. */
static void top(struct builder *b, int first, int core, bool bare) {
    int width = b->pass->width, right = width - first - core;
    for (int rows = FALLBACK_BAND_ROWS + 1; rows <= MATRIX_MAX_HEIGHT; rows++) {
        if ((width * rows + core) % 4 != 0)
            continue;
        int above = rows - FALLBACK_BAND_ROWS, step = above % 2 ? 4 : above % 4 ? 2 : 1;
        for (int wider = 0; wider < 4; wider++) {
            struct fallback_window_shape shape = {core, rows, first % step + step * (wider % 2),
                                                  right % step + step * (wider / 2), bare};
            int w =
                shape.left <= first && shape.right <= right ? fallback_window_number(&shape) : -1;
            if (w < 0)
                continue;
            rectangle(b, 0, first - shape.left - 1, rows);
            rectangle(b, first + core + shape.right, width - 1, rows);
            lay_tile(b, FALLBACK_TILE_WINDOW + w, first - shape.left);
            b->pass->rows = rows;
            return;
        }
    }
    b->ok = false;
}

/* ---------------------------------------------------------------- the units */

static void standing_i(struct builder *b, const struct fallback_unit *u) {
    int last = u->column + u->pixels - 1;
    if (u->pixels < 1 || u->pixels > 3) {
        b->ok = false;
        return;
    }
    slab(b, 0, u->column - 1, u->left);
    slab(b, last + 1, b->pass->width - 1, u->right);
    for (int x = u->column; x <= last; x++)
        hang(b, ORIENTATION_IV, x);
    top(b, u->column, u->pixels, false);
}

static void standing_s(struct builder *b, int c) {
    hang(b, ORIENTATION_SV, c - 1);
    if (c == FIELD_EDGE_COLUMNS) { /* the field's edge holds it */
        lay_tile(b, FALLBACK_TILE_S_EDGE, 0);
        corridor_right(b, 3, b->pass->width - 1);
        top(b, 0, 1, true);
    } else {
        lay_tile(b, FALLBACK_TILE_S_STANDING, c - 1);
        corridor_right(b, c + 1, b->pass->width - 1);
        top(b, c, 1, false);
    }
}

static void standing_z(struct builder *b, int c) {
    int width = b->pass->width;
    hang(b, ORIENTATION_ZV, c);
    if (c == width - 1 - FIELD_EDGE_COLUMNS) { /* the field's edge holds it */
        lay_tile(b, FALLBACK_TILE_Z_EDGE, width - 5);
        corridor_left(b, width - 5, 0);
        top(b, width - 1, 1, true);
    } else {
        lay_tile(b, FALLBACK_TILE_Z_STANDING, c - 2);
        corridor_left(b, c - 2, 0);
        top(b, c, 1, false);
    }
}

/* A pair (O, lying S or Z) printing c, c + 1: its piece, its tile at `at`, the corridors
 * from the tile's frontiers (at `left` and `right`, -1 when the tile reaches the wall). */
static void pair(struct builder *b, int orientation, int piece_column, int tile, int at, int left,
                 int right, int c) {
    hang(b, orientation, piece_column);
    lay_tile(b, tile, at);
    if (left >= 0)
        corridor_left(b, left, 0);
    if (right >= 0)
        corridor_right(b, right, b->pass->width - 1);
    top(b, c, 2, false);
}

static void lying_s(struct builder *b, int x) {
    if (x + 4 < b->pass->width)
        pair(b, ORIENTATION_SH, x, FALLBACK_TILE_S_LYING, x - 2, x - 2, x + 3, x);
    else
        pair(b, ORIENTATION_SH, x, FALLBACK_TILE_S_LYING_EDGE, x - 2, x - 2, -1, x);
}

static void lying_z(struct builder *b, int p) {
    if (p >= 3)
        pair(b, ORIENTATION_ZH, p - 1, FALLBACK_TILE_Z_LYING, p - 3, p - 3, p + 2, p);
    else
        pair(b, ORIENTATION_ZH, p - 1, FALLBACK_TILE_Z_LYING_EDGE, 0, -1, p + 2, p);
}

bool fallback_assemble(const struct fallback_tiles *tiles, int width,
                       const struct fallback_unit *unit, struct fallback_pass *out) {
    struct builder b = {tiles, out, true};
    *out = (struct fallback_pass){.width = width};
    int c = unit->column, w = width;
    int pixels = fallback_unit_pixels(unit);
    if (c < FIELD_EDGE_COLUMNS || c + pixels > w - FIELD_EDGE_COLUMNS)
        return false; /* pixels are in the sprite's columns only */
    switch (unit->kind) {
    case FALLBACK_UNIT_I_LYING:
        hang(&b, ORIENTATION_IH, c);
        slab(&b, 0, w - 1, c);
        out->rows = FALLBACK_BAND_ROWS;
        break;
    case FALLBACK_UNIT_I_STANDING:
        standing_i(&b, unit);
        break;
    case FALLBACK_UNIT_O:
        pair(&b, ORIENTATION_O, c, FALLBACK_TILE_O_PAIR, c - 2, c - 2, c + 2, c);
        break;
    case FALLBACK_UNIT_S_LYING:
        lying_s(&b, c);
        break;
    case FALLBACK_UNIT_Z_LYING:
        lying_z(&b, c);
        break;
    case FALLBACK_UNIT_S_STANDING:
        if (c > FIELD_EDGE_COLUMNS)
            slab(&b, 0, c - 2, unit->left);
        standing_s(&b, c);
        break;
    case FALLBACK_UNIT_Z_STANDING:
        if (c < w - 1 - FIELD_EDGE_COLUMNS)
            slab(&b, c + 2, w - 1, unit->right);
        standing_z(&b, c);
        break;
    default:
        b.ok = false;
    }
    return b.ok;
}

/* ---------------------------------------------------------------- checking */

/* A piece hanging into the emission row: its columns empty, its pixels' cells free. */
static bool hang_checked(struct matrix *m, bool square[], struct placement p) {
    const struct orientation *o = &ORIENTATIONS[p.orientation];
    for (int i = 0; i < o->width; i++)
        if (m->stack[p.column + i] != 0 || (o->bottom[i] == 0 && square[p.column + i]))
            return false;
    for (int i = 0; i < o->width; i++) {
        m->stack[p.column + i] = (uint8_t)(o->top[i] - 1);
        if (o->bottom[i] == 0)
            square[p.column + i] = m->floor_support[p.column + i] = true;
    }
    return true;
}

/* Plays pieces on `m`; false with the first problem. */
static bool play(struct matrix *m, const struct placement *pieces, int count, char *message,
                 size_t size) {
    bool square[FIELD_MAX_WIDTH];
    memcpy(square, m->floor_support, sizeof square);
    for (int k = 0; k < count; k++) {
        struct placement p = pieces[k];
        if (p.base < 0 ? !hang_checked(m, square, p)
                       : matrix_drop_base(m, p.orientation, p.column) != p.base)
            return cli_reason(message, size, "piece %d (%s at column %d, row %d) can't go there",
                              k + 1, ORIENTATIONS[p.orientation].name, p.column, p.base);
        if (p.base >= 0)
            matrix_apply(m, p);
    }
    if (!matrix_packed(m))
        return cli_reason(message, size, "the matrix is not packed");
    return true;
}

bool fallback_pass_check(const struct fallback_pass *pass, const bool square[], char *message,
                         size_t size) {
    struct matrix m;
    if (pass->rows < 1 || pass->rows > MATRIX_MAX_HEIGHT)
        return cli_reason(message, size, "%d rows", pass->rows);
    matrix_init(&m, pass->width, pass->rows);
    for (int c = 0; square && c < pass->width; c++)
        m.floor_support[c] = square[c];
    return play(&m, pass->pieces, pass->count, message, size);
}

/* One slab alone, as it is laid: no row completes (some column of the field is empty). */
static bool slab_checked(const struct fallback_tiles *tiles, int width, int from, int to,
                         int square, char *message, size_t size) {
    struct fallback_pass *pass = malloc(sizeof *pass);
    if (!pass)
        return cli_reason(message, size, "out of memory");
    *pass = (struct fallback_pass){.width = width, .rows = FALLBACK_BAND_ROWS};
    struct builder b = {tiles, pass, true};
    slab(&b, from, to, square);
    struct matrix m;
    matrix_init(&m, width, FALLBACK_BAND_ROWS);
    m.beside = 0;
    for (int c = 0; c < width; c++)
        m.capacity[c] = c >= from && c <= to ? FALLBACK_BAND_ROWS : 0;
    m.floor_support[square] = true;
    char reason[160];
    bool ok = b.ok && play(&m, pass->pieces, pass->count, reason, sizeof reason);
    free(pass);
    if (!ok)
        return cli_reason(message, size, "the slab of columns %d-%d on the square at %d: %s", from,
                          to, square, b.ok ? reason : "no tiles for it");
    return true;
}

/* The unit's pass put together and played from the squares holding it up. */
static bool unit_checked(const struct fallback_tiles *tiles, int width, struct fallback_unit unit,
                         char *message, size_t size) {
    struct fallback_pass *pass = malloc(sizeof *pass);
    if (!pass)
        return cli_reason(message, size, "out of memory");
    bool square[FIELD_MAX_WIDTH] = {false};
    if (unit.left >= 0)
        square[unit.left] = true;
    if (unit.right >= 0)
        square[unit.right] = true;
    char reason[160] = "no tiles for it", name[32];
    bool ok = fallback_assemble(tiles, width, &unit, pass) &&
              fallback_pass_check(pass, square, reason, sizeof reason);
    free(pass);
    fallback_unit_name(&unit, name, sizeof name);
    if (!ok)
        return cli_reason(message, size, "the %d-wide field: %s at column %d: %s", width, name,
                          unit.column, reason);
    return true;
}

long fallback_prove_width(const struct fallback_tiles *tiles, int width, char *message,
                          size_t size) {
    int first = FIELD_EDGE_COLUMNS, last = width - 1 - FIELD_EDGE_COLUMNS; /* pixels' columns */
    long checked = 0;
    bool ok = true;
    /* Slabs: left of a unit (columns 0..to, on a square from `first` on), and right of one. */
    for (int to = first; to <= last && ok; to++)
        for (int square = first; square <= to && ok; square++, checked += 2)
            ok = slab_checked(tiles, width, 0, to, square, message, size) &&
                 slab_checked(tiles, width, width - 1 - to, width - 1, width - 1 - square, message,
                              size);
    /* Units, each with the nearest squares that can hold it up. */
    for (int kind = 0; kind < FALLBACK_UNIT_KINDS && ok; kind++)
        for (int pixels = 1; pixels <= 4 && ok; pixels++) {
            struct fallback_unit u = {(enum fallback_unit_kind)kind, 0, pixels, -1, -1};
            if (kind == FALLBACK_UNIT_I_STANDING ? pixels > 3 : pixels != fallback_unit_pixels(&u))
                continue;
            for (u.column = first; u.column + pixels - 1 <= last && ok; u.column++) {
                int end = u.column + pixels - 1;
                bool needs_left = kind == FALLBACK_UNIT_I_STANDING ||
                                  (kind == FALLBACK_UNIT_S_STANDING && u.column > first);
                bool needs_right = kind == FALLBACK_UNIT_I_STANDING ||
                                   (kind == FALLBACK_UNIT_Z_STANDING && end < last);
                int reach = kind == FALLBACK_UNIT_I_STANDING ? 1 : 2; /* the nearest square */
                u.left = needs_left ? u.column - reach : -1;
                u.right = needs_right ? end + reach : -1;
                if ((needs_left && u.left < first) || (needs_right && u.right > last))
                    continue; /* the colour rules never let it be printed there */
                ok = unit_checked(tiles, width, u, message, size);
                checked++;
            }
        }
    return ok ? checked : -1;
}
