#include "converter.h"

#include "player.h"
#include "rng.h"
#include "script.h"
#include "table_pass.h"

#include <stdlib.h>
#include <string.h>

struct converter {
    const struct sprite *sprite;
    const struct pattern_library *lib;
    const struct convert_settings *settings;
    struct conversion *out;
    struct playfield pf; /* the play so far */
    int row;             /* 0 = the sprite's bottom row */
    int pass;            /* within the row */
};

/* Plays a structure (a block and the blocks continuing it) on `pf`, which is left as it is
 * when the structure tops out or lands elsewhere. */
static bool structure_plays_on(const struct block *blocks, int count, struct playfield *pf) {
    struct script_block loaded[PATTERN_MAX_BLOCKS];
    struct text_error err;
    int n = 0;
    while (n < count && script_block_load(&blocks[n], n + 1, &loaded[n], &err))
        n++;
    bool ok = n == count;
    if (!ok)
        script_block_free(&loaded[n]); /* what the failed load allocated */
    int number = 0;
    struct play_problem problem;
    ok = ok && structure_play(loaded, n, 1, &number, false, NULL, pf, &problem) == PLAY_OK;
    for (int i = 0; i < n; i++)
        script_block_free(&loaded[i]);
    return ok;
}

/* Whether the pattern's blocks play from `pf` (which is not changed). */
static bool pattern_plays(const struct pattern *p, const struct playfield *pf) {
    struct pattern_blocks drawn;
    if (!pattern_draw(p, &drawn))
        return false;
    struct playfield copy;
    playfield_copy(&copy, pf);
    bool ok = structure_plays_on(drawn.blocks, drawn.count, &copy);
    pattern_blocks_free(&drawn);
    return ok;
}

static int count_pieces(const struct block *b) {
    bool seen[128] = {false};
    int n = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->width; c++) {
            unsigned char id = (unsigned char)block_row(b, r)[c];
            if (id != '.' && !seen[id]) {
                seen[id] = true;
                n++;
            }
        }
    return n;
}

/* Appends a structure of `count` blocks that is known to play, and plays it. Takes
 * ownership of the blocks. */
static enum convert_status append(struct converter *cv, struct block *blocks, int count) {
    struct conversion *out = cv->out;
    if (out->block_count + count > out->block_capacity) {
        int capacity = out->block_capacity ? out->block_capacity : 64;
        while (capacity < out->block_count + count)
            capacity *= 2;
        struct block *grown = realloc(out->blocks, (size_t)capacity * sizeof *grown);
        if (!grown) {
            for (int i = 0; i < count; i++)
                block_free(&blocks[i]);
            return CONVERT_NO_MEMORY;
        }
        out->blocks = grown;
        out->block_capacity = capacity;
    }
    for (int i = 0; i < count; i++) {
        out->blocks[out->block_count++] = blocks[i];
        out->stats.pieces += count_pieces(&blocks[i]);
    }
    structure_plays_on(blocks, count, &cv->pf);
    return CONVERT_OK;
}

static enum convert_status append_pattern(struct converter *cv, const struct pattern *p) {
    struct pattern_blocks drawn;
    if (!pattern_draw(p, &drawn))
        return CONVERT_NO_MEMORY;
    return append(cv, drawn.blocks, drawn.count);
}

static enum convert_status accept_pass(struct converter *cv, struct row_state *row,
                                       const struct pattern *p) {
    pass_mark_printed(row, p);
    cv->out->stats.passes++;
    return append_pattern(cv, p);
}

/* The table method, and the fallback of the real-time one: the greedy layout, or when its
 * pass would top out, single pixels. */
static bool table_pass(struct converter *cv, const struct row_state *row, struct pattern *p) {
    struct pass_base base;
    table_pass_greedy(cv->lib, row, &base);
    if (table_pass_pattern(cv->lib, row, &base, p) && pattern_plays(p, &cv->pf))
        return true;
    for (int c = 0; c < row->width; c++) {
        if (!row_pixel_pending(row, c))
            continue;
        table_pass_single(row, c, &base);
        if (table_pass_pattern(cv->lib, row, &base, p) && pattern_plays(p, &cv->pf))
            return true;
    }
    return false;
}

static enum convert_status no_fit(const struct converter *cv, char *message, size_t size,
                                  const char *what) {
    snprintf(message, size,
             "row %d of the sprite (from the top) does not fit: %s would top out the "
             "%dx%d playfield",
             cv->sprite->height - 1 - cv->row, what, cv->pf.width, cv->pf.height);
    return CONVERT_NO_FIT;
}

static enum convert_status next_pass(struct converter *cv, struct row_state *row, char *message,
                                     size_t size) {
    struct pattern p;
    if (cv->settings->method == METHOD_REALTIME) {
        uint64_t seed =
            rng_derive(rng_derive(cv->settings->seed, (uint64_t)cv->row), (uint64_t)cv->pass);
        int found = realtime_pass_search(row, cv->lib, &cv->pf, seed, cv->settings->limits,
                                         pattern_plays, &p);
        if (found < 0)
            return CONVERT_NO_MEMORY;
        if (found) {
            cv->out->stats.realtime_passes++;
            return accept_pass(cv, row, &p);
        }
    }
    if (!table_pass(cv, row, &p))
        return no_fit(cv, message, size, "every pass left");
    cv->out->stats.table_passes++;
    return accept_pass(cv, row, &p);
}

/* A pixel with no square under it needs a platform (the article's rule). */
static bool some_pixel_unsupported(const struct row_state *row) {
    for (int c = 0; c < row->width; c++)
        if (row->want[c] && !row->below[c])
            return true;
    return false;
}

/* Whether the real-time passes may print the row without a platform: every pixel can be
 * reached by pieces that come to rest on squares, growing from the pixels over squares
 * (a flipped piece needs one of its three, a hanging piece a square under the pixel or
 * under one of its three cells once printed). An estimate: should the passes still get
 * stuck, the row is done again with a platform. */
static bool printable_without_platform(const struct row_state *row) {
    bool reached[FIELD_MAX_WIDTH] = {false};
    for (bool grew = true; grew;) {
        grew = false;
        for (int c = 0; c < row->width; c++) {
            if (!row->want[c] || reached[c])
                continue;
            bool held = row->below[c];
            for (int x = c - 2; x <= c && !held; x++) /* a flipped piece over x..x+2 */
                held = x >= 0 && x + 2 < row->width && row->want[x] == row->want[c] &&
                       row->want[x + 1] == row->want[c] && row->want[x + 2] == row->want[c] &&
                       (row->below[x] || row->below[x + 1] || row->below[x + 2]);
            struct emitter_piece hanging = {row->want[c], false, (int8_t)c};
            int columns[3];
            emitter_piece_bottom(hanging, columns);
            for (int i = 0; i < 3 && !held; i++)
                held = columns[i] >= 0 && columns[i] < row->width && reached[columns[i]];
            reached[c] = grew = held;
        }
    }
    for (int c = 0; c < row->width; c++)
        if (row->want[c] && !reached[c])
            return false;
    return true;
}

/* Builds a platform whose T rests on a square of the row below; returns its pattern. */
static enum convert_status build_platform(struct converter *cv, const struct row_state *below,
                                          const struct pattern **platform, char *message,
                                          size_t size) {
    for (int start = 0; start < platform_start_count(cv->lib->width); start++) {
        int t = platform_start_of(start).t_column;
        if (!cv->lib->has_platform[start] ||
            !(below->want[t] || below->want[t + 1] || below->want[t + 2]))
            continue;
        const struct pattern *p = &cv->lib->platforms[start];
        if (!pattern_plays(p, &cv->pf))
            continue;
        *platform = p;
        cv->out->stats.platforms++;
        return append_pattern(cv, p);
    }
    return no_fit(cv, message, size, "every platform");
}

/* The platform's last piece, alone in the platform's frame: the J or L filling the notch,
 * the cells above the capacities its matrix was packed to; it clears the platform's rows. */
static enum convert_status drop_notch_piece(struct converter *cv, const struct pattern *platform,
                                            char *message, size_t size) {
    const struct matrix *m = &platform->start;
    struct block b;
    if (!block_alloc(&b, m->width, m->height))
        return CONVERT_NO_MEMORY;
    for (int c = 0; c < m->width; c++)
        for (int level = m->capacity[c]; level < m->height; level++)
            block_row(&b, m->height - 1 - level)[c] = BLOCK_FIRST_ID;
    struct playfield copy;
    playfield_copy(&copy, &cv->pf);
    if (!structure_plays_on(&b, 1, &copy)) {
        block_free(&b);
        return no_fit(cv, message, size, "the platform's last piece");
    }
    return append(cv, &b, 1);
}

static enum convert_status print_row(struct converter *cv, const struct row_state *below,
                                     struct row_state *row, bool platform, char *message,
                                     size_t size) {
    const struct pattern *platform_pattern = NULL;
    enum convert_status status = CONVERT_OK;
    if (platform) {
        status = build_platform(cv, below, &platform_pattern, message, size);
        for (int c = 0; c < row->width; c++)
            row->below[c] = true; /* the platform is flat where pixels can be */
    }
    for (cv->pass = 0; status == CONVERT_OK && row_pending(row); cv->pass++)
        status = next_pass(cv, row, message, size);
    if (status == CONVERT_OK && platform)
        status = drop_notch_piece(cv, platform_pattern, message, size);
    return status;
}

/* Forgets the blocks added since `blocks` and puts the play back as it was then. */
static void roll_back(struct converter *cv, int blocks, const struct convert_stats *stats,
                      const struct playfield *pf) {
    while (cv->out->block_count > blocks)
        block_free(&cv->out->blocks[--cv->out->block_count]);
    cv->out->stats = *stats;
    playfield_copy(&cv->pf, pf);
}

static enum convert_status convert_row(struct converter *cv, const struct row_state *below,
                                       struct row_state *row, char *message, size_t size) {
    for (int c = 0; c < row->width; c++)
        row->below[c] = cv->row == 0 || below->want[c];
    if (cv->row == 0 || !some_pixel_unsupported(row))
        return print_row(cv, below, row, false, message, size);
    if (cv->settings->method == METHOD_REALTIME && printable_without_platform(row)) {
        struct row_state untouched = *row;
        struct convert_stats stats = cv->out->stats;
        struct playfield pf;
        playfield_copy(&pf, &cv->pf);
        int blocks = cv->out->block_count;
        enum convert_status status = print_row(cv, below, row, false, message, size);
        if (status != CONVERT_NO_FIT)
            return status;
        roll_back(cv, blocks, &stats, &pf);
        *row = untouched;
    }
    return print_row(cv, below, row, true, message, size);
}

enum convert_status convert_sprite(const struct sprite *sprite, const struct pattern_library *lib,
                                   const struct convert_settings *settings, struct conversion *out,
                                   char *message, size_t size) {
    memset(out, 0, sizeof *out);
    out->colour_count = sprite->colour_count;
    memcpy(out->colours, sprite->colours, sizeof out->colours);
    /* The converter and its playfield are large on wide fields: on the heap. */
    struct converter *cv = calloc(1, sizeof *cv);
    if (!cv)
        return CONVERT_NO_MEMORY;
    *cv = (struct converter){.sprite = sprite, .lib = lib, .settings = settings, .out = out};
    playfield_init(&cv->pf, settings->width, settings->height);
    int c0 = field_sprite_first_column(settings->width, sprite->width);
    struct row_state below = {.width = settings->width}, row;
    enum convert_status status = CONVERT_OK;
    for (cv->row = 0; cv->row < sprite->height && status == CONVERT_OK; cv->row++) {
        memset(&row, 0, sizeof row);
        row.width = settings->width;
        for (int x = 0; x < sprite->width; x++)
            row.want[c0 + x] = sprite->pixels[sprite->height - 1 - cv->row][x];
        status = convert_row(cv, &below, &row, message, size);
        below = row;
        if (settings->progress)
            progress_advance(settings->progress);
    }
    out->stats.rows = sprite->height;
    free(cv);
    return status;
}

bool conversion_write(FILE *out, const struct conversion *c) {
    bool ok = colours_write(out, c->colour_count, c->colours);
    for (int i = 0; i < c->block_count && ok; i++)
        ok = block_write_separator(out, &c->blocks[i]) && block_write(out, &c->blocks[i]);
    return ok;
}

void conversion_free(struct conversion *c) {
    for (int i = 0; i < c->block_count; i++)
        block_free(&c->blocks[i]);
    free(c->blocks);
    memset(c, 0, sizeof *c);
}
