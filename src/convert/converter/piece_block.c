#include "piece_block.h"

#include "player.h"
#include "tetromino.h"

#include <stdlib.h>
#include <string.h>

/* Allocates a block of `rows` lines for `count` pieces. */
static bool allocate(struct script_block *out, int rows, int count) {
    memset(out, 0, sizeof *out);
    if (count > PIECE_BLOCK_MAX_PIECES)
        return false;
    out->rows = rows;
    out->pieces = malloc((size_t)(count > 0 ? count : 1) * sizeof *out->pieces);
    out->piece_lines = calloc((size_t)(count > 0 ? count : 1), sizeof *out->piece_lines);
    if (!out->pieces || !out->piece_lines) {
        script_block_free(out);
        return false;
    }
    return true;
}

/* Appends a piece whose box's bottom row is `level` rows above the block's last line. Its
 * letter is the one it has in the written block that holds it (piece_block_write). */
static void add_piece(struct script_block *b, int orientation, int column, int level) {
    int y = b->rows - 1 - level - (ORIENTATIONS[orientation].height - 1);
    b->pieces[b->piece_count] =
        (struct block_piece){(char)(BLOCK_FIRST_ID + b->piece_count % BLOCK_MAX_PIECES),
                             (int8_t)orientation, (int8_t)column, (int16_t)y};
    b->piece_count++;
}

bool piece_block_from_pass(const struct pass_packing *pass, const struct pass_problem *problem,
                           struct script_block *out) {
    int below = problem->target.rows; /* the block's lines under the matrix */
    if (!allocate(out, problem->rows + below, pass->count))
        return false;
    /* A piece's base is the level of its box's bottom row: matrix rows from 0, the target's
     * rows from -1 down to -below, the block's last line. */
    for (int i = 0; i < pass->count; i++)
        add_piece(out, pass->pieces[i].orientation, pass->pieces[i].column,
                  pass->pieces[i].base + below);
    return true;
}

bool piece_block_from_pattern(const struct pattern *p, struct script_block *out) {
    int floor_level = p->emission_row ? 1 : 0; /* levels above the block's last line */
    if (!allocate(out, p->start.height + floor_level, p->shape_count + p->pieces))
        return false;
    for (int s = 0; s < p->shape_count; s++) {
        const struct start_shape *shape = &p->shapes[s];
        int xs[PIECE_CELLS], ys[PIECE_CELLS], x, y;
        if (shape->cells != PIECE_CELLS) {
            script_block_free(out);
            return false;
        }
        for (int i = 0; i < PIECE_CELLS; i++) {
            xs[i] = shape->column[i];
            ys[i] = -shape->level[i]; /* y grows downwards */
        }
        int o = orientation_from_cells(xs, ys, &x, &y);
        if (o < 0) {
            script_block_free(out);
            return false;
        }
        int lowest = -(y + ORIENTATIONS[o].height - 1);
        add_piece(out, o, x, lowest + floor_level);
    }
    for (int k = 0; k < p->pieces; k++) {
        const struct placement *d = &p->placements[k];
        add_piece(out, d->orientation, d->column, d->base + floor_level);
    }
    return true;
}

bool piece_block_single(int orientation, int column, struct script_block *out) {
    if (!allocate(out, ORIENTATIONS[orientation].height, 1))
        return false;
    add_piece(out, orientation, column, 0);
    return true;
}

bool piece_block_play(const struct script_block *block, struct playfield *pf) {
    int number = 0;
    struct play_problem problem;
    return structure_play(block, 1, 1, &number, false, NULL, pf, &problem) == PLAY_OK;
}

bool piece_block_plays(const struct script_block *block, const struct playfield *pf) {
    struct playfield copy;
    playfield_copy(&copy, pf);
    return piece_block_play(block, &copy);
}

bool piece_block_write(FILE *out, const struct script_block *block, int width) {
    bool ok = true;
    for (int first = 0; ok && (first == 0 || first < block->piece_count);
         first += BLOCK_MAX_PIECES) {
        int end = first + BLOCK_MAX_PIECES < block->piece_count ? first + BLOCK_MAX_PIECES
                                                                : block->piece_count;
        struct block text;
        if (!block_alloc(&text, width, block->rows))
            return false;
        text.continues = first > 0;
        for (int i = first; i < end; i++) {
            const struct block_piece *p = &block->pieces[i];
            const struct orientation *o = &ORIENTATIONS[p->orientation];
            for (int c = 0; c < PIECE_CELLS; c++)
                block_row(&text, p->y + o->cells[c].y - o->min_y)[p->x + o->cells[c].x - o->min_x] =
                    p->id;
        }
        ok = (first == 0 || block_write_separator(out, &text)) && block_write(out, &text);
        block_free(&text);
    }
    return ok;
}

bool block_list_append(struct block_list *list, struct script_block *block) {
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 32;
        struct script_block *grown = realloc(list->blocks, (size_t)capacity * sizeof *grown);
        if (!grown) {
            script_block_free(block);
            return false;
        }
        list->blocks = grown;
        list->capacity = capacity;
    }
    list->blocks[list->count++] = *block;
    list->pieces += block->piece_count;
    return true;
}

bool piece_block_copy(const struct script_block *from, struct script_block *to) {
    if (!allocate(to, from->rows, from->piece_count))
        return false;
    to->piece_count = from->piece_count;
    memcpy(to->pieces, from->pieces, (size_t)from->piece_count * sizeof *to->pieces);
    return true;
}

bool block_list_append_copy(struct block_list *list, const struct script_block *block) {
    struct script_block copy;
    return piece_block_copy(block, &copy) && block_list_append(list, &copy);
}

void block_list_truncate(struct block_list *list, int count) {
    while (list->count > count) {
        struct script_block *b = &list->blocks[--list->count];
        list->pieces -= b->piece_count;
        script_block_free(b);
    }
}

void block_list_free(struct block_list *list) {
    block_list_truncate(list, 0);
    free(list->blocks);
    memset(list, 0, sizeof *list);
}
