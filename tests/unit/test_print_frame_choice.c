/* Which frames the play shows (frame_choice.c): every --every-th piece's and the last's,
 * with --motion each step of their trips too; the first pass's count is what the second
 * pass makes, whichever piece is the last. */
#include "../../src/print/drawing/trip.h"
#include "../../src/print/frame_choice.h"
#include "unit.h"

/* A piece that drops straight from its spawn and locks with its pivot at `row`: a trip of
 * row + 1 steps (the spawn row is 0). */
static struct play_event dropped(int number, int row) {
    struct play_event e = {.number = number, .type = PIECE_O, .move_count = 1};
    e.moves[0] = MOVE_HARD_DROP;
    e.final.y = (int16_t)row;
    return e;
}

/* Counts `pieces` pieces, locking at rows 10, 11, 12, ... */
static struct frame_choice counted(long every, bool motion, int pieces) {
    struct playfield pf;
    playfield_init(&pf, 21, 42);
    struct frame_choice c;
    frame_choice_init(&c, every, motion);
    for (int n = 1; n <= pieces; n++) {
        struct play_event e = dropped(n, 9 + n);
        ck_assert_int_eq(trip_steps(&e, &pf), 10 + n);
        frame_choice_count(&c, &e, &pf);
    }
    frame_choice_settle(&c, pieces);
    return c;
}

/* The frames the second pass makes, piece by piece, as run.c makes them. */
static long made(const struct frame_choice *c, int pieces) {
    long frames = 0;
    for (int n = 1; n <= pieces; n++) {
        struct piece_frames f = frame_choice_piece(c, n);
        frames += (f.trip ? 10 + n : 0) + (f.locked ? 1 : 0);
    }
    return frames;
}

START_TEST(every_piece_by_default) {
    struct frame_choice c = counted(1, false, 141);
    ck_assert_int_eq(c.count, 141);
    ck_assert_int_eq(made(&c, 141), 141);
}
END_TEST

START_TEST(every_kth_piece_and_the_last) {
    struct frame_choice c = counted(10, false, 141);
    ck_assert_int_eq(c.count, 15); /* 10, 20, ..., 140 and 141 */
    ck_assert_int_eq(made(&c, 141), 15);
    ck_assert(frame_choice_piece(&c, 10).locked);
    ck_assert(!frame_choice_piece(&c, 11).locked);
    ck_assert(frame_choice_piece(&c, 141).locked);
    /* a last piece that is a K-th one is not counted twice */
    c = counted(10, false, 140);
    ck_assert_int_eq(c.count, 14);
    ck_assert_int_eq(made(&c, 140), 14);
}
END_TEST

START_TEST(motion_adds_the_trips) {
    struct frame_choice c = counted(1, true, 3);
    ck_assert_int_eq(c.count, (11 + 1) + (12 + 1) + (13 + 1));
    ck_assert_int_eq(made(&c, 3), c.count);
    c = counted(2, true, 5); /* pieces 2, 4 and 5 */
    ck_assert_int_eq(c.count, (12 + 1) + (14 + 1) + (15 + 1));
    ck_assert_int_eq(made(&c, 5), c.count);
    struct piece_frames f = frame_choice_piece(&c, 3);
    ck_assert(!f.trip && !f.locked);
    f = frame_choice_piece(&c, 5);
    ck_assert(f.trip && f.locked);
}
END_TEST

static Suite *frame_choice_suite(void) {
    Suite *s = suite_create("print_frame_choice");
    TCase *t = tcase_create("frame_choice");
    tcase_add_test(t, every_piece_by_default);
    tcase_add_test(t, every_kth_piece_and_the_last);
    tcase_add_test(t, motion_adds_the_trips);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(frame_choice_suite)
