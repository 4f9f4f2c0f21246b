/* Which frames the play shows and at what pace (frame_choice.c): every --every-th piece's
 * and the last's, with --motion each step of their trips too; with a length (--duration,
 * or the default length of an animation one shares), as many frames as last that long
 * spread evenly over the play, the last always one, and a short play slowed down to
 * --duration unless the pace was given. The first pass's count is what the second pass
 * makes, whichever piece is the last. And their size (frame_size.c): the rows that never
 * change left out and the cell size that fits a screen, for an animation. */
#include "frame_choice.h"
#include "frame_size.h"
#include "options.h"
#include "trip.h"
#include "unit.h"

/* A piece that drops straight from its spawn and locks with its pivot at `row`: a trip of
 * row + 1 steps (the spawn row is 0). */
static struct play_event dropped(int number, int row) {
    struct play_event e = {.number = number, .type = PIECE_O, .move_count = 1};
    e.moves[0] = MOVE_HARD_DROP;
    e.final.y = (int16_t)row;
    return e;
}

/* The trip steps of piece n in these tests: it locks at row 9 + n % 10. */
static int steps_of(long n) {
    return 10 + (int)(n % 10);
}

/* A spec at the default pace (one frame a piece every 10 cs, 3 cs with --motion). */
static struct frame_choice_spec spec_of(long every, bool motion) {
    return (struct frame_choice_spec){
        .every = every, .motion = motion, .delay = motion ? DEFAULT_MOTION_DELAY : DEFAULT_DELAY};
}

/* Counts `pieces` pieces under `spec`. */
static struct frame_choice counted(struct frame_choice_spec spec, long pieces) {
    struct playfield pf;
    playfield_init(&pf, 21, 42);
    struct frame_choice c;
    frame_choice_init(&c, &spec);
    for (long n = 1; n <= pieces; n++) {
        struct play_event e = dropped((int)n, steps_of(n) - 1);
        ck_assert_int_eq(trip_steps(&e, &pf), steps_of(n));
        frame_choice_count(&c, &e, &pf);
    }
    frame_choice_settle(&c, pieces);
    return c;
}

/* What the second pass makes, frame by frame as run.c asks: the frames shown, and for
 * each piece whether its locked frame was shown (shown[n], when given). */
static long made(struct frame_choice *c, long pieces, bool shown[]) {
    long frames = 0;
    for (long n = 1; n <= pieces; n++) {
        for (int s = 0; c->spec.motion && s < steps_of(n); s++)
            frames += frame_choice_next(c, n);
        bool locked = frame_choice_next(c, n);
        frames += locked;
        if (shown)
            shown[n] = locked;
    }
    return frames;
}

START_TEST(every_piece_by_default) {
    struct frame_choice c = counted(spec_of(0, false), 141);
    ck_assert_int_eq(c.count, 141);
    ck_assert_int_eq(made(&c, 141, NULL), 141);
    ck_assert_int_eq(c.delay, DEFAULT_DELAY);
    ck_assert_int_eq(frame_choice_length(&c, c.count), 1410);
}
END_TEST

START_TEST(every_kth_piece_and_the_last) {
    bool shown[142];
    struct frame_choice c = counted(spec_of(10, false), 141);
    ck_assert_int_eq(c.count, 15); /* 10, 20, ..., 140 and 141 */
    ck_assert_int_eq(made(&c, 141, shown), 15);
    ck_assert(shown[10] && !shown[11] && shown[140] && shown[141]);
    /* a last piece that is a K-th one is not counted twice */
    c = counted(spec_of(10, false), 140);
    ck_assert_int_eq(c.count, 14);
    ck_assert_int_eq(made(&c, 140, NULL), 14);
}
END_TEST

START_TEST(motion_adds_the_trips) {
    struct frame_choice c = counted(spec_of(0, true), 3);
    ck_assert_int_eq(c.count, (11 + 1) + (12 + 1) + (13 + 1));
    ck_assert_int_eq(made(&c, 3, NULL), c.count);
    bool shown[6];
    c = counted(spec_of(2, true), 5); /* pieces 2, 4 and 5 */
    ck_assert_int_eq(c.count, (12 + 1) + (14 + 1) + (15 + 1));
    ck_assert_int_eq(made(&c, 5, shown), c.count);
    ck_assert(!shown[3] && shown[4] && shown[5]);
}
END_TEST

/* The default length of an animation one shares: a longer play is spread over it, a
 * shorter one kept whole. */
START_TEST(the_default_length_shortens_long_plays_only) {
    struct frame_choice_spec spec = spec_of(0, false);
    spec.cap = DEFAULT_DURATION_SECONDS * 100;
    struct frame_choice c = counted(spec, 100000);
    ck_assert(c.shortened);
    ck_assert_int_eq(c.count, 600); /* 60 s at 10 frames a second */
    ck_assert_int_eq(frame_choice_length(&c, c.count), 6000);
    bool *shown = calloc(100001, sizeof *shown);
    ck_assert_int_eq(made(&c, 100000, shown), 600);
    /* evenly: one piece in 166 or 167, the first after 166, and the last piece */
    long previous = 0;
    for (long n = 1; n <= 100000; n++)
        if (shown[n]) {
            ck_assert(n - previous == 166 || n - previous == 167);
            previous = n;
        }
    ck_assert(shown[100000]);
    free(shown);
    /* 600 pieces last 60 s exactly, 601 a little longer */
    c = counted(spec, 600);
    ck_assert(!c.shortened);
    ck_assert_int_eq(c.count, 600);
    c = counted(spec, 601);
    ck_assert(c.shortened);
    ck_assert_int_eq(c.count, 600);
    ck_assert_int_eq(made(&c, 601, NULL), 600);
    /* --every, or no animation one shares: every frame */
    spec.every = 1;
    c = counted(spec, 1000);
    ck_assert(!c.shortened);
    ck_assert_int_eq(c.count, 1000);
    spec = spec_of(0, false);
    c = counted(spec, 1000);
    ck_assert_int_eq(c.count, 1000);
}
END_TEST

/* --duration picks the frames at the pace given (--fps: frames a second exactly). */
START_TEST(duration_picks_the_frames_at_the_pace) {
    struct frame_choice_spec spec = spec_of(0, false);
    spec.duration = 1000; /* 10 s */
    spec.cap = DEFAULT_DURATION_SECONDS * 100;
    bool shown[142];
    struct frame_choice c = counted(spec, 141);
    ck_assert(!c.shortened); /* asked for, not the default */
    ck_assert_int_eq(c.count, 100);
    ck_assert_int_eq(made(&c, 141, shown), 100);
    ck_assert(shown[141] && !shown[1]);
    spec.fps = 24;
    spec.delay = 4;
    spec.pace_given = true;
    c = counted(spec, 1000);
    ck_assert_int_eq(c.count, 240);
    ck_assert_int_eq(c.fps, 24);
    ck_assert_int_eq(frame_choice_length(&c, c.count), 1000);
    ck_assert_int_eq(made(&c, 1000, NULL), 240);
}
END_TEST

/* A play shorter than --duration is slowed down to last it, unless the pace was given. */
START_TEST(duration_slows_a_short_play) {
    struct frame_choice_spec spec = spec_of(0, false);
    spec.duration = 3000;
    struct frame_choice c = counted(spec, 141);
    ck_assert_int_eq(c.count, 141);
    ck_assert_int_eq(c.delay, 21); /* 3000 / 141, rounded */
    ck_assert_int_eq(c.fps, 0);
    spec.pace_given = true;
    c = counted(spec, 141);
    ck_assert_int_eq(c.delay, DEFAULT_DELAY);
    ck_assert_int_eq(c.count, 141);
    /* the slowest pace a GIF can say */
    spec = spec_of(0, false);
    spec.duration = MAX_DURATION_SECONDS * 100;
    c = counted(spec, 2);
    ck_assert_int_eq(c.delay, MAX_DELAY);
}
END_TEST

/* With --motion a length is a steady time step over every frame of the play: trips
 * sampled, locked frames among them, and the very last frame kept. */
START_TEST(motion_with_a_length_is_a_steady_time_step) {
    struct frame_choice_spec spec = spec_of(0, true);
    spec.duration = 600; /* 6 s at 3 cs: 200 frames */
    struct frame_choice c = counted(spec, 141);
    long all = 0;
    for (long n = 1; n <= 141; n++)
        all += steps_of(n) + 1;
    ck_assert_int_eq(c.play_frames, all);
    ck_assert_int_eq(c.count, 200);
    /* frame t is shown when t * 200 / all passes a whole number: the gaps are all the
     * same within one */
    long gap_min = all, gap_max = 0, previous = 0, t = 0, shown = 0;
    bool last = false;
    for (long n = 1; n <= 141; n++)
        for (int s = 0; s <= steps_of(n); s++) {
            t++;
            last = frame_choice_next(&c, n);
            if (!last)
                continue;
            shown++;
            if (previous) {
                gap_min = t - previous < gap_min ? t - previous : gap_min;
                gap_max = t - previous > gap_max ? t - previous : gap_max;
            }
            previous = t;
        }
    ck_assert_int_eq(shown, 200);
    ck_assert(last); /* the last piece's locked frame: the final picture */
    ck_assert_int_le(gap_max - gap_min, 1);
    ck_assert_int_eq(gap_min, all / 200);
}
END_TEST

START_TEST(frames_sized_for_a_screen) {
    /* The article's example on 21 x 42: its pieces reach 11 rows. */
    struct frame_size_spec spec = {.columns = 21,
                                   .rows = 42,
                                   .picture_top = 36,
                                   .highest_stack = 11,
                                   .animation = true,
                                   .well = true};
    struct frame_size size = frame_size_choose(&spec);
    ck_assert_int_eq(size.top_row, 31);
    ck_assert_int_eq(size.scale, DEFAULT_SCALE); /* 23 x 12 cells: 16 is within 720 */
    spec.no_crop = true;
    size = frame_size_choose(&spec);
    ck_assert_int_eq(size.top_row, 0);
    ck_assert_int_eq(size.scale, DEFAULT_SCALE); /* 43 rows: 720 / 43 = 16 */
    spec.no_crop = false, spec.crop = true;
    ck_assert_int_eq(frame_size_choose(&spec).top_row, 36);
    spec.crop = false, spec.motion = true; /* the trips pass through every row */
    ck_assert_int_eq(frame_size_choose(&spec).top_row, 0);
    /* A 69 x 138 field whose pieces reach 130 rows: 131 cells tall, 5 pixels a cell. */
    spec = (struct frame_size_spec){.columns = 69,
                                    .rows = 138,
                                    .picture_top = 70,
                                    .highest_stack = 130,
                                    .animation = true,
                                    .well = true};
    size = frame_size_choose(&spec);
    ck_assert_int_eq(size.top_row, 8);
    ck_assert_int_eq(size.scale, 720 / 131);
    spec.scale = 9; /* --scale wins */
    ck_assert_int_eq(frame_size_choose(&spec).scale, 9);
    /* Not an animation (a PNG, frames alone): 16 pixels, the whole field. */
    spec.scale = 0, spec.animation = false;
    size = frame_size_choose(&spec);
    ck_assert_int_eq(size.top_row, 0);
    ck_assert_int_eq(size.scale, DEFAULT_SCALE);
    /* The tallest field: at least 1 pixel a cell. */
    spec = (struct frame_size_spec){.columns = 71,
                                    .rows = 255,
                                    .highest_stack = 255,
                                    .animation = true,
                                    .well = true,
                                    .no_crop = true};
    ck_assert_int_eq(frame_size_choose(&spec).scale, 2);
}
END_TEST

static Suite *frame_choice_suite(void) {
    Suite *s = suite_create("frame_choice");
    TCase *t = tcase_create("frame_choice");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, every_piece_by_default);
    tcase_add_test(t, every_kth_piece_and_the_last);
    tcase_add_test(t, motion_adds_the_trips);
    tcase_add_test(t, the_default_length_shortens_long_plays_only);
    tcase_add_test(t, duration_picks_the_frames_at_the_pace);
    tcase_add_test(t, duration_slows_a_short_play);
    tcase_add_test(t, motion_with_a_length_is_a_steady_time_step);
    tcase_add_test(t, frames_sized_for_a_screen);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(frame_choice_suite)
