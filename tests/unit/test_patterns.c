/* Replays every committed pattern as real Tetris, independently of the matrix model: each
 * piece falls straight down from above the stack until it hits something, full rows clear
 * with naive gravity, and every piece must land where its block draws it. An emitter must
 * leave exactly its squares in the emission row; a platform, completed by its last piece
 * (the J or L in its notch), must leave exactly the row it was built on. Run from the repository's
 * root. */
#include "block.h"
#include "tetromino.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIDTH 21 /* the committed library is the default field's */
#define HEADROOM 4
#define MAX_ROWS (HEADROOM + 16)

struct field {
    int rows;
    char cell[MAX_ROWS][WIDTH]; /* '.' or the piece's letter */
    int original[MAX_ROWS];     /* the block row each field row pictures */
    int cleared;
};

struct piece {
    int count;
    int row[4], column[4]; /* block rows and columns as drawn */
};

static void field_init(struct field *f, int block_rows, int extra_rows) {
    f->rows = HEADROOM + block_rows + extra_rows;
    memset(f->cell, '.', sizeof f->cell);
    for (int r = 0; r < f->rows; r++)
        f->original[r] = r - HEADROOM;
    f->cleared = 0;
}

/* Field row where block row `row` now is: cleared rows below it pulled it down. */
static int current_row(const struct field *f, int row) {
    for (int r = 0; r < f->rows; r++)
        if (f->original[r] == row)
            return r;
    return -1; /* that row has cleared */
}

static bool fits(const struct field *f, const struct piece *p, int lift) {
    for (int i = 0; i < p->count; i++) {
        int r = p->row[i] - lift;
        if (r >= f->rows || (r >= 0 && f->cell[r][p->column[i]] != '.'))
            return false;
    }
    return true;
}

/* Drops the piece from above the field; returns false unless it lands as drawn. */
static bool drop(struct field *f, const struct piece *drawn, char id) {
    struct piece p = *drawn;
    int bottom = 0;
    for (int i = 0; i < p.count; i++)
        bottom = p.row[i] > p.row[bottom] ? i : bottom;
    int expected = current_row(f, p.row[bottom]);
    if (expected < 0)
        return false;
    int offset = expected - p.row[bottom];
    for (int i = 0; i < p.count; i++)
        p.row[i] += offset; /* where it should end: now fall from the top to see */
    int top = p.row[0];
    for (int i = 1; i < p.count; i++)
        top = p.row[i] < top ? p.row[i] : top;
    int lift = top + 4; /* start entirely above the field */
    while (lift > 0 && fits(f, &p, lift - 1))
        lift--;
    if (lift != 0 || !fits(f, &p, 0))
        return false;
    for (int i = 0; i < p.count; i++)
        f->cell[p.row[i]][p.column[i]] = id;
    for (int r = 0; r < f->rows; r++) {
        if (memchr(f->cell[r], '.', WIDTH))
            continue;
        memmove(f->cell[1], f->cell[0], (size_t)r * WIDTH);
        memmove(&f->original[1], &f->original[0], (size_t)r * sizeof f->original[0]);
        memset(f->cell[0], '.', WIDTH);
        f->original[0] = -1000;
        f->cleared++;
    }
    return true;
}

static void collect(const struct block *b, char id, struct piece *p) {
    p->count = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < WIDTH; c++)
            if (block_row(b, r)[c] == id) {
                ck_assert_int_lt(p->count, 4);
                p->row[p->count] = r;
                p->column[p->count++] = c;
            }
}

static struct block_file load(const char *name) {
    char path[256];
    snprintf(path, sizeof path, "patterns/%s", name);
    FILE *in = fopen(path, "rb");
    ck_assert_msg(in != NULL, "can't open %s (run from the repository root)", path);
    static char text[1 << 17];
    size_t length = fread(text, 1, sizeof text, in);
    fclose(in);
    struct block_file file;
    struct text_error err;
    ck_assert_msg(block_file_parse(text, length, false, &file, &err), "%s:%d: %s", path, err.line,
                  err.message);
    return file;
}

/* Drops the letters from `first` to `last` in order (or up to the block's last); returns
 * the number of letters dropped. */
static int drop_pieces(struct field *f, const struct block *b, char first, char last,
                       int block_no) {
    int dropped = 0;
    for (char id = first; id <= last; id++) {
        struct piece p;
        collect(b, id, &p);
        if (p.count == 0)
            break;
        ck_assert_msg(p.count == 4, "block %d: piece %c has %d cells", block_no, id, p.count);
        int box_x, box_y;
        ck_assert_msg(orientation_from_cells(p.column, p.row, &box_x, &box_y) >= 0,
                      "block %d: piece %c is not a tetromino", block_no, id);
        ck_assert_msg(drop(f, &p, id), "block %d: piece %c doesn't land as drawn", block_no, id);
        dropped++;
    }
    return dropped;
}

static const int layout_counts[8] = {0, 19, 136, 455, 715, 462, 84, 1};

START_TEST(every_emitter_prints_its_squares) {
    int squares = _i;
    char name[32];
    snprintf(name, sizeof name, "emitters%d.txt", squares);
    struct block_file file = load(name);
    ck_assert_int_eq(file.block_count, layout_counts[squares]);
    for (int k = 0; k < file.block_count; k++) {
        const struct block *b = &file.blocks[k];
        struct field f;
        field_init(&f, b->rows, 1); /* + the emission row, on the floor */
        int emission = HEADROOM + b->rows, middles[7];
        /* each triple is a T in its spawn orientation hanging into the emission row */
        for (int t = 0; t < squares; t++) {
            struct piece p;
            collect(b, (char)(BLOCK_FIRST_ID + t), &p);
            ck_assert_int_eq(p.count, 3);
            middles[t] = p.column[1];
            p.row[3] = b->rows; /* the emission row, block-relative */
            p.column[3] = middles[t];
            p.count = 4;
            ck_assert_msg(drop(&f, &p, 'A'), "%s block %d: triple %d", name, k + 1, t);
        }
        drop_pieces(&f, b, (char)(BLOCK_FIRST_ID + squares), BLOCK_LAST_ID, k + 1);
        ck_assert_int_eq(f.cleared, b->rows);
        for (int r = 0; r < f.rows; r++)
            for (int c = 0; c < WIDTH; c++) {
                bool square = false;
                for (int t = 0; t < squares; t++)
                    square |= r == emission && c == middles[t];
                ck_assert_msg((f.cell[r][c] != '.') == square, "%s block %d: cell %d,%d", name,
                              k + 1, r, c);
            }
    }
    block_file_free(&file);
}
END_TEST

START_TEST(every_platform_clears_and_leaves_the_row_below) {
    struct block_file file = load("platforms.txt");
    ck_assert_int_ge(file.block_count, 10);
    for (int k = 0; k < file.block_count; k++) {
        const struct block *b = &file.blocks[k];
        ck_assert_int_eq(b->rows, 4);
        struct field f;
        field_init(&f, b->rows, 1); /* + the sprite row the platform is built on */
        struct piece t;
        collect(b, 'A', &t);
        ck_assert_int_eq(t.count, 4);
        int support_row = HEADROOM + b->rows, support_column = t.column[0];
        f.cell[support_row][support_column] = '#'; /* the one square the T rests on */
        f.original[support_row] = 1000;
        ck_assert_msg(drop(&f, &t, 'A'), "platform %d: the T", k + 1);
        /* every letter but the last: the bottom row cleared during construction */
        char last = 'A';
        for (int r = 0; r < b->rows; r++)
            for (int c = 0; c < WIDTH; c++)
                last = block_row(b, r)[c] > last ? block_row(b, r)[c] : last;
        int pieces = drop_pieces(&f, b, 'B', (char)(last - 1), k + 1);
        ck_assert_int_eq(pieces, last - 'B');
        ck_assert_int_eq(f.cleared, 1);
        /* the last letter: the J or L in a top corner's notch, completing the three rows */
        struct piece notch;
        collect(b, last, &notch);
        ck_assert_int_eq(notch.count, 4);
        int box_x, box_y, o = orientation_from_cells(notch.column, notch.row, &box_x, &box_y);
        ck_assert_int_ge(o, 0);
        bool left = block_row(b, 0)[0] == last, right = block_row(b, 0)[WIDTH - 1] == last;
        ck_assert_msg(left != right, "platform %d: the last piece is in no top corner", k + 1);
        ck_assert_int_eq(ORIENTATIONS[o].type, left ? PIECE_J : PIECE_L);
        ck_assert_msg(drop(&f, &notch, last), "platform %d: the last J/L", k + 1);
        ck_assert_int_eq(f.cleared, 4);
        for (int r = 0; r < f.rows; r++)
            for (int c = 0; c < WIDTH; c++)
                ck_assert((f.cell[r][c] != '.') == (r == support_row && c == support_column));
    }
    block_file_free(&file);
}
END_TEST

static Suite *patterns_suite(void) {
    Suite *s = suite_create("patterns");
    TCase *t = tcase_create("replay");
    tcase_set_timeout(t, 300);
    tcase_add_loop_test(t, every_emitter_prints_its_squares, 1, 8);
    tcase_add_test(t, every_platform_clears_and_leaves_the_row_below);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(patterns_suite)
