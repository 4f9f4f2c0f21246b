#include "target.h"

#include <string.h>

void target_init(struct target *t, int width) {
    memset(t, 0, sizeof *t);
    memset(t->want, TARGET_NONE, sizeof t->want);
    t->width = width;
    t->rows = 1;
}

bool target_same(const struct target *a, const struct target *b) {
    if (a->width != b->width || a->rows != b->rows)
        return false;
    int lowest = a->rows - 1;
    for (int row = 0; row < a->rows; row++)
        for (int c = 0; c < a->width; c++)
            if (a->want[row][c] != b->want[row][c] || a->square[row][c] != b->square[row][c])
                return false;
    for (int c = 0; c < a->width; c++)
        if (target_pending(a, lowest, c) && a->under[c] != b->under[c])
            return false;
    return true;
}

void target_lowest_rows(const struct target *window, int rows, struct target *band) {
    *band = *window;
    band->rows = rows;
    int skip = window->rows - rows;
    for (int r = 0; r < TARGET_MAX_ROWS; r++) {
        bool inside = r < rows;
        for (int c = 0; c < window->width; c++) {
            band->want[r][c] = inside ? window->want[skip + r][c] : TARGET_NONE;
            band->square[r][c] = inside && window->square[skip + r][c];
        }
    }
}

void target_set_lowest_rows(struct target *window, const struct target *band) {
    int skip = window->rows - band->rows;
    for (int r = 0; r < band->rows; r++)
        for (int c = 0; c < window->width; c++) {
            window->want[skip + r][c] = band->want[r][c];
            window->square[skip + r][c] = band->square[r][c];
        }
}

bool target_pending_in_row(const struct target *t, int row) {
    for (int c = 0; c < t->width; c++)
        if (target_pending(t, row, c))
            return true;
    return false;
}

int target_pending_count(const struct target *t) {
    int n = 0;
    for (int row = 0; row < t->rows; row++)
        for (int c = 0; c < t->width; c++)
            n += target_pending(t, row, c);
    return n;
}

bool target_pending_beyond_library(const struct target *t) {
    for (int row = 0; row < t->rows; row++)
        for (int c = 0; c < t->width; c++)
            if (target_pending(t, row, c) && !piece_is_hanging((enum piece_type)t->want[row][c]))
                return true;
    return false;
}
