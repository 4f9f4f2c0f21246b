/* Replays a script as real Tetris play on a playfield (playfield.h): every piece spawns,
 * rotates at the spawn position, shifts one column at a time and hard-drops, and must land
 * where its block draws it relative to the other pieces of its structure (the block and
 * the blocks that continue it, block.h). */
#ifndef TETRIS_PLAYER_H
#define TETRIS_PLAYER_H

#include "playfield.h"
#include "script.h"

#include <stdbool.h>

/* Rotations (at most 2) + shifts (fewer than the width) + the hard drop. */
#define PLAY_MAX_MOVES (2 + FIELD_MAX_WIDTH + 1)

/* One locked piece. */
struct play_event {
    int block;  /* 1-based */
    int number; /* 1-based over the whole script */
    int line;   /* file line of the piece's top row */
    char id;    /* its character in the block */
    enum piece_type type;
    struct piece_state final;        /* where it locked */
    enum move moves[PLAY_MAX_MOVES]; /* trajectory from spawn, ending with MOVE_HARD_DROP */
    int move_count;
    struct lock_result lock;
};

enum play_status {
    PLAY_OK,
    PLAY_INCONSISTENT, /* a piece landed elsewhere than its block draws it: bad input */
    PLAY_TOP_OUT,      /* a piece could not reach its place, or locked out */
    PLAY_HOOK_FAILED,  /* a hook returned false (it reported its own error) */
    PLAY_NO_MEMORY,
};

struct play_problem {
    enum play_status status;
    int line, block;
    char message[192];
};

struct play_hooks {
    void *context;
    /* Called after each piece locked and full rows cleared; may be NULL. */
    bool (*locked)(void *context, const struct play_event *event, const struct playfield *pf);
    /* Called for each inconsistency when playing leniently; may be NULL. */
    void (*warning)(void *context, const struct play_problem *problem);
};

/* The frame the blocks of a structure are checked in, kept from block to block: where the
 * structure's rows are on the playfield (set by its first piece, moved by the clears). */
struct structure_frame {
    int map[BLOCK_MAX_ROWS];
    bool anchored; /* false: the next piece starts a structure */
};

/* Plays one block on `pf`, in `frame`: a block that doesn't continue the one before it
 * (!block->continues) starts a new structure; one that does is checked in the frame of the
 * blocks before it, so that a structure of any length is played a block at a time.
 * `block_number` is 1-based, for messages; `piece_number` counts the pieces over the script
 * and is advanced by the block's. Returns PLAY_OK or the first problem. */
enum play_status block_play(const struct script_block *block, int block_number,
                            struct structure_frame *frame, int *piece_number, bool lenient,
                            const struct play_hooks *hooks, struct playfield *pf,
                            struct play_problem *problem);

/* Plays one structure on `pf` as it is: `count` blocks, each after the first continuing
 * the one before it, all checked in the first block's frame. `block_number` is the first
 * block's (1-based, for messages); `piece_number` counts the pieces over the script and is
 * advanced by the structure's pieces. Returns PLAY_OK or the first problem. */
enum play_status structure_play(const struct script_block *blocks, int count, int block_number,
                                int *piece_number, bool lenient, const struct play_hooks *hooks,
                                struct playfield *pf, struct play_problem *problem);

/* Plays the whole script from an empty playfield of the script's width and `height` rows,
 * which is left in `pf`. With `lenient`, inconsistencies go to hooks->warning and play goes
 * on. Returns PLAY_OK or the first problem, described in `problem`. */
enum play_status script_play(const struct script *script, int height, bool lenient,
                             const struct play_hooks *hooks, struct playfield *pf,
                             struct play_problem *problem);

#endif
