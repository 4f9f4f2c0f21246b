#include "layouts.h"

#include "matrix.h"

static long binomial(int n, int k) {
    if (k < 0 || k > n)
        return 0;
    long result = 1;
    for (int i = 1; i <= k; i++)
        result = result * (n - k + i) / i;
    return result;
}

int layout_count(int squares) {
    return (int)binomial(FIELD_WIDTH - 2 * squares, squares);
}

static void place_from(int squares, int index, int first_free, struct layout *current,
                       struct layout *out, int *count) {
    if (index == squares) {
        out[(*count)++] = *current;
        return;
    }
    int last_start = FIELD_WIDTH - 3 * (squares - index);
    for (int column = first_free; column <= last_start; column++) {
        current->columns[index] = column;
        place_from(squares, index + 1, column + 3, current, out, count);
    }
}

void layouts_enumerate(int squares, struct layout *out) {
    struct layout current = {.squares = squares};
    int count = 0;
    place_from(squares, 0, 0, &current, out, &count);
}

int emitter_first_height(int squares) {
    int h = 1;
    while ((FIELD_WIDTH * h - 3 * squares) % 4 != 0)
        h++;
    return h;
}

int layout_compare(const struct layout *a, const struct layout *b) {
    for (int t = 0; t < a->squares; t++)
        if (a->columns[t] != b->columns[t])
            return a->columns[t] < b->columns[t] ? -1 : 1;
    return 0;
}
