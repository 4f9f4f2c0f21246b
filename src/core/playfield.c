#include "playfield.h"

#include <string.h>

const char *move_name(enum move move) {
    static const char *const names[] = {"r+", "r-", "sl", "sr", "d", "hd"};
    return names[move];
}

void playfield_init(struct playfield *pf, int width, int height) {
    pf->width = width;
    pf->height = height;
    memset(pf->filled, 0, sizeof pf->filled);
    memset(pf->cells, PLAYFIELD_EMPTY, sizeof pf->cells);
}

void playfield_copy(struct playfield *to, const struct playfield *from) {
    to->width = from->width;
    to->height = from->height;
    memcpy(to->filled, from->filled, (size_t)from->height * sizeof from->filled[0]);
    memcpy(to->cells, from->cells, (size_t)from->height * sizeof from->cells[0]);
}

bool playfield_fits(const struct playfield *pf, int orientation, int x, int y) {
    const struct orientation *o = &ORIENTATIONS[orientation];
    for (int i = 0; i < PIECE_CELLS; i++) {
        int cx = x + o->cells[i].x, cy = y + o->cells[i].y;
        if (cx < 0 || cx >= pf->width || cy >= pf->height)
            return false;
        if (cy >= 0 && pf->cells[cy][cx] != PLAYFIELD_EMPTY)
            return false;
    }
    return true;
}

bool playfield_spawn(const struct playfield *pf, enum piece_type type, struct piece_state *out) {
    *out = (struct piece_state){(int8_t)spawn_orientation(type),
                                (int16_t)field_spawn_column(pf->width), PLAYFIELD_SPAWN_Y};
    return playfield_fits(pf, out->orientation, out->x, out->y);
}

bool playfield_move(const struct playfield *pf, struct piece_state *piece, enum move move) {
    struct piece_state next = *piece;
    switch (move) {
    case MOVE_ROTATE_CW:
        next.orientation = ORIENTATIONS[piece->orientation].clockwise;
        break;
    case MOVE_ROTATE_CCW:
        next.orientation = ORIENTATIONS[piece->orientation].counterclockwise;
        break;
    case MOVE_LEFT:
        next.x--;
        break;
    case MOVE_RIGHT:
        next.x++;
        break;
    case MOVE_DOWN:
        next.y++;
        break;
    case MOVE_HARD_DROP: {
        /* Fall freely through the empty rows under the piece, then step cell by cell. */
        const struct orientation *o = &ORIENTATIONS[next.orientation];
        int top = next.y + o->min_y, bottom = top + o->height - 1;
        int row = top > 0 ? top : 0;
        while (row < pf->height && pf->filled[row] == 0)
            row++;
        if (row - 1 > bottom)
            next.y = (int16_t)(next.y + (row - 1 - bottom));
        while (playfield_fits(pf, next.orientation, next.x, next.y + 1))
            next.y++;
        *piece = next;
        return true;
    }
    }
    if (!playfield_fits(pf, next.orientation, next.x, next.y))
        return false;
    *piece = next;
    return true;
}

struct lock_result playfield_lock(struct playfield *pf, const struct piece_state *piece) {
    struct lock_result result = {.top_row = pf->height};
    const struct orientation *o = &ORIENTATIONS[piece->orientation];
    for (int i = 0; i < PIECE_CELLS; i++) {
        int cy = piece->y + o->cells[i].y;
        if (cy < result.top_row)
            result.top_row = cy;
    }
    if (result.top_row < 0) {
        result.locked_out = true;
        return result;
    }
    for (int i = 0; i < PIECE_CELLS; i++) {
        int cx = piece->x + o->cells[i].x, cy = piece->y + o->cells[i].y;
        pf->filled[cy]++;
        pf->cells[cy][cx] = playfield_cell_of(o->type);
    }
    /* Only the piece's rows can have become full; scan them top first. */
    for (int row = result.top_row; row < pf->height && row < result.top_row + 4; row++) {
        if (pf->filled[row] != pf->width)
            continue;
        result.cleared_rows[result.cleared++] = row;
        /* Naive gravity: the rows above move down by one, row 0 becomes empty. */
        memmove(&pf->filled[1], &pf->filled[0], (size_t)row * sizeof pf->filled[0]);
        memmove(&pf->cells[1], &pf->cells[0], (size_t)row * sizeof pf->cells[0]);
        pf->filled[0] = 0;
        memset(pf->cells[0], PLAYFIELD_EMPTY, sizeof pf->cells[0]);
    }
    return result;
}

int playfield_top_row(const struct playfield *pf) {
    for (int row = 0; row < pf->height; row++)
        if (pf->filled[row])
            return row;
    return pf->height;
}
