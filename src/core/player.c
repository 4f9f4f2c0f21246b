#include "player.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* A block row that has been cleared from the playfield. */
#define ROW_GONE (-1000000)

static enum play_status report(struct play_problem *problem, enum play_status status,
                               const struct play_event *event, const char *fmt, ...) {
    problem->status = status;
    problem->line = event->line;
    problem->block = event->block;
    int n = snprintf(problem->message, sizeof problem->message, "piece '%c' (%c): ", event->id,
                     piece_type_letter(event->type));
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof problem->message)
        vsnprintf(problem->message + n, sizeof problem->message - (size_t)n, fmt, ap);
    va_end(ap);
    return status;
}

/* Rotations from the spawn orientation to `target`: clockwise unless counterclockwise is
 * shorter (one r- instead of three r+). */
static int plan_rotations(int spawn, int target, enum move moves[]) {
    int steps = 0;
    for (int o = spawn; o != target; o = ORIENTATIONS[o].clockwise)
        steps++;
    if (steps == 3) {
        moves[0] = MOVE_ROTATE_CCW;
        return 1;
    }
    for (int i = 0; i < steps; i++)
        moves[i] = MOVE_ROTATE_CW;
    return steps;
}

/* Moves a spawned piece to its block's orientation and column and hard-drops it. */
static enum play_status steer(const struct playfield *pf, const struct block_piece *piece,
                              struct play_event *event, struct play_problem *problem) {
    const struct orientation *target = &ORIENTATIONS[piece->orientation];
    struct piece_state *state = &event->final;
    if (!playfield_spawn(pf, event->type, state))
        return report(problem, PLAY_TOP_OUT, event, "top-out: the spawn position is occupied");
    int n = plan_rotations(state->orientation, piece->orientation, event->moves);
    int pivot_x = piece->x - target->min_x;
    enum move shift = pivot_x < state->x ? MOVE_LEFT : MOVE_RIGHT;
    int shifts = abs(pivot_x - state->x);
    for (int i = 0; i < shifts; i++)
        event->moves[n++] = shift;
    event->moves[n++] = MOVE_HARD_DROP;
    event->move_count = n;
    for (int i = 0; i < n; i++) {
        int x = state->x;
        if (!playfield_move(pf, state, event->moves[i]))
            return report(problem, PLAY_TOP_OUT, event, "top-out: %s is blocked at column %d",
                          move_name(event->moves[i]), x);
    }
    return PLAY_OK;
}

/* The block-row-to-playfield-row map follows the clears: rows above a cleared row move
 * down by one per cleared row, the cleared rows themselves are gone. */
static void map_clear(int *map, int rows, const struct lock_result *lock) {
    for (int r = 0; r < rows; r++) {
        if (map[r] == ROW_GONE)
            continue;
        int below = 0;
        for (int i = 0; i < lock->cleared; i++) {
            if (lock->cleared_rows[i] == map[r])
                below = -1;
            else if (below >= 0 && lock->cleared_rows[i] > map[r])
                below++;
        }
        map[r] = below < 0 ? ROW_GONE : map[r] + below;
    }
}

/* Compares where the piece landed with where its block draws it. The structure's first
 * piece anchors it: it fixes the map, and the structure must not reach below the floor. */
static enum play_status check_landing(const struct script_block *block, int index, bool anchor,
                                      int *map, const struct play_event *event, int height,
                                      struct play_problem *problem) {
    const struct block_piece *piece = &block->pieces[index];
    const struct orientation *o = &ORIENTATIONS[piece->orientation];
    int landed_top = event->final.y + o->min_y;
    if (anchor) {
        int offset = landed_top - piece->y;
        for (int r = 0; r < block->rows; r++)
            map[r] = r + offset;
        int below = offset + block->rows - height;
        if (below > 0)
            return report(problem, PLAY_INCONSISTENT, event,
                          "lands at row %d, so its block would reach %d row%s below the floor",
                          landed_top, below, below == 1 ? "" : "s");
        return PLAY_OK;
    }
    for (int r = piece->y; r < piece->y + o->height; r++)
        if (map[r] == ROW_GONE)
            return report(problem, PLAY_INCONSISTENT, event,
                          "its block draws it on a row that has already cleared");
    int expected = map[piece->y];
    if (landed_top != expected) {
        int d = landed_top - expected;
        return report(problem, PLAY_INCONSISTENT, event,
                      "lands %d row%s %s than its block draws it (row %d instead of %d)", abs(d),
                      abs(d) == 1 ? "" : "s", d > 0 ? "lower" : "higher", landed_top, expected);
    }
    return PLAY_OK;
}

/* Plays the pieces of one block of a structure, in the structure's frame `map`. */
static enum play_status play_block(const struct script_block *block, int block_number,
                                   bool anchored, int *map, int *piece_number, bool lenient,
                                   const struct play_hooks *hooks, struct playfield *pf,
                                   struct play_problem *problem) {
    enum play_status status = PLAY_OK;
    for (int i = 0; i < block->piece_count && status == PLAY_OK; i++) {
        const struct block_piece *piece = &block->pieces[i];
        struct play_event event = {
            .block = block_number,
            .number = ++*piece_number,
            .line = block->piece_lines[i],
            .id = piece->id,
            .type = ORIENTATIONS[piece->orientation].type,
        };
        status = steer(pf, piece, &event, problem);
        if (status != PLAY_OK)
            break;
        status = check_landing(block, i, !anchored && i == 0, map, &event, pf->height, problem);
        if (status == PLAY_INCONSISTENT && lenient) {
            if (hooks && hooks->warning)
                hooks->warning(hooks->context, problem);
            status = problem->status = PLAY_OK;
        }
        if (status != PLAY_OK)
            break;
        event.lock = playfield_lock(pf, &event.final);
        if (event.lock.locked_out) {
            status =
                report(problem, PLAY_TOP_OUT, &event,
                       "lock-out: it locks at row %d, above the playfield", event.lock.top_row);
            break;
        }
        map_clear(map, block->rows, &event.lock);
        if (hooks && hooks->locked && !hooks->locked(hooks->context, &event, pf))
            status = problem->status = PLAY_HOOK_FAILED;
    }
    return status;
}

enum play_status block_play(const struct script_block *block, int block_number,
                            struct structure_frame *frame, int *piece_number, bool lenient,
                            const struct play_hooks *hooks, struct playfield *pf,
                            struct play_problem *problem) {
    problem->status = PLAY_OK;
    problem->message[0] = '\0';
    if (!block->continues)
        frame->anchored = false;
    /* Blocks that continue one another have the same rows (the reader checks it). */
    enum play_status status = play_block(block, block_number, frame->anchored, frame->map,
                                         piece_number, lenient, hooks, pf, problem);
    frame->anchored = true;
    return status;
}

enum play_status structure_play(const struct script_block *blocks, int count, int block_number,
                                int *piece_number, bool lenient, const struct play_hooks *hooks,
                                struct playfield *pf, struct play_problem *problem) {
    problem->status = PLAY_OK;
    problem->message[0] = '\0';
    struct structure_frame frame = {.anchored = false};
    enum play_status status = PLAY_OK;
    for (int b = 0; b < count && status == PLAY_OK; b++) {
        if (blocks[b].rows > BLOCK_MAX_ROWS) { /* no block of a script or pattern is */
            problem->status = PLAY_NO_MEMORY;
            return PLAY_NO_MEMORY;
        }
        frame.anchored = b > 0;
        status = play_block(&blocks[b], block_number + b, frame.anchored, frame.map, piece_number,
                            lenient, hooks, pf, problem);
    }
    return status;
}

enum play_status script_play(const struct script *script, int height, bool lenient,
                             const struct play_hooks *hooks, struct playfield *pf,
                             struct play_problem *problem) {
    playfield_init(pf, script->width, height);
    problem->status = PLAY_OK;
    problem->message[0] = '\0';
    enum play_status status = PLAY_OK;
    int number = 0;
    for (int b = 0, end; b < script->block_count && status == PLAY_OK; b = end) {
        for (end = b + 1; end < script->block_count && script->blocks[end].continues; end++)
            continue;
        status = structure_play(&script->blocks[b], end - b, b + 1, &number, lenient, hooks, pf,
                                problem);
    }
    return status;
}
