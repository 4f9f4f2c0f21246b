#include "layouts.h"

#include <limits.h>

long layout_count(int width, int squares) {
    int n = width - 2 * squares, k = squares;
    if (k < 0 || k > n)
        return 0;
    long result = 1;
    for (int i = 1; i <= k; i++) { /* result * (n - k + i) / i stays a whole number */
        if (result > LONG_MAX / (n - k + i))
            return LONG_MAX;
        result = result * (n - k + i) / i;
    }
    return result;
}

static void place_from(int width, int squares, int index, int first_free, struct layout *current,
                       struct layout *out, long *count) {
    if (index == squares) {
        out[(*count)++] = *current;
        return;
    }
    int last_start = width - 3 * (squares - index);
    for (int column = first_free; column <= last_start; column++) {
        current->columns[index] = column;
        place_from(width, squares, index + 1, column + 3, current, out, count);
    }
}

void layouts_enumerate(int width, int squares, struct layout *out) {
    struct layout current = {.squares = squares};
    long count = 0;
    place_from(width, squares, 0, 0, &current, out, &count);
}

int layout_compare(const struct layout *a, const struct layout *b) {
    for (int t = 0; t < a->squares; t++)
        if (a->columns[t] != b->columns[t])
            return a->columns[t] < b->columns[t] ? -1 : 1;
    return 0;
}
