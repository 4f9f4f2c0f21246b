/* The Tetris playfield the printer plays on: width x height cells (field.h), row 0 at the
 * top, NES orientations with pure rotation about the pivot (no kicks), naive gravity.
 *
 * A falling piece is a state (orientation, pivot column, pivot row). It spawns with its pivot
 * at the top centre, column (width - 1) / 2 (field_spawn_column), row 0, in its NES spawn
 * orientation. Cells above row 0 (y < 0)
 * form a vanish zone that is always free while a piece moves; locking a piece with a cell
 * there is a lock-out. The moves are named as in the formal definition: r+ r- sl sr d hd. */
#ifndef TETRIS_PLAYFIELD_H
#define TETRIS_PLAYFIELD_H

#include "field.h"
#include "tetromino.h"

#include <stdbool.h>
#include <stdint.h>

#define PLAYFIELD_SPAWN_Y 0
#define PLAYFIELD_EMPTY 0 /* the value of an empty cell */

/* The value of a cell holding a square of a piece of `type`, and the type of a cell that
 * is not PLAYFIELD_EMPTY. */
static inline uint8_t playfield_cell_of(enum piece_type type) {
    return (uint8_t)(type + 1);
}
static inline enum piece_type playfield_cell_type(uint8_t cell) {
    return (enum piece_type)(cell - 1);
}

struct playfield {
    int width, height;
    uint8_t filled[FIELD_MAX_HEIGHT]; /* filled cells of each row */
    /* rows 0 .. height - 1, columns 0 .. width - 1: PLAYFIELD_EMPTY or playfield_cell_of */
    uint8_t cells[FIELD_MAX_HEIGHT][FIELD_MAX_WIDTH];
};

struct piece_state {
    int8_t orientation;
    int16_t x, y; /* pivot column and row */
};

enum move { MOVE_ROTATE_CW, MOVE_ROTATE_CCW, MOVE_LEFT, MOVE_RIGHT, MOVE_DOWN, MOVE_HARD_DROP };

/* "r+", "r-", "sl", "sr", "d", "hd". */
const char *move_name(enum move move);

/* An empty playfield of the given size (field_width_valid, field_height_valid). */
void playfield_init(struct playfield *pf, int width, int height);

/* Copies a playfield (only the rows it has: cheaper than assigning the struct). */
void playfield_copy(struct playfield *to, const struct playfield *from);

/* True when every cell of the orientation with its pivot at (x, y) is inside the columns,
 * above the floor and on an empty cell; cells above row 0 count as free. */
bool playfield_fits(const struct playfield *pf, int orientation, int x, int y);

/* The spawn state of a piece type. Returns false when it overlaps the stack (top-out). */
bool playfield_spawn(const struct playfield *pf, enum piece_type type, struct piece_state *out);

/* Applies one move when it is legal and returns true; an illegal move leaves the state
 * unchanged and returns false. MOVE_HARD_DROP moves the piece down as far as it goes (it
 * is always legal); locking is playfield_lock's job. */
bool playfield_move(const struct playfield *pf, struct piece_state *piece, enum move move);

/* Result of locking a piece. */
struct lock_result {
    bool locked_out;     /* a cell was above row 0: nothing changed */
    int cleared;         /* full rows removed, 0..4 */
    int cleared_rows[4]; /* their rows before removal, top first */
    int top_row;         /* highest row the piece occupied when it locked */
};

/* Writes the piece into the field, then removes full rows with naive gravity: every row
 * above a cleared row moves down by one per cleared row, nothing cascades. */
struct lock_result playfield_lock(struct playfield *pf, const struct piece_state *piece);

/* Highest occupied row, or the height when the field is empty. */
int playfield_top_row(const struct playfield *pf);

#endif
