#include "parity.h"

long parity_band_bound(int width, const int pixels[], const bool joins[], int rows, int band_rows) {
    if (band_rows > PARITY_MAX_BAND_ROWS)
        band_rows = PARITY_MAX_BAND_ROWS;
    /* least[i % RING]: the fewest pieces for the lowest i rows; a band reaches back at most
     * band_rows rows, so the last band_rows + 1 of them are all it needs. */
    enum { RING = PARITY_MAX_BAND_ROWS + 1 };
    long least[RING] = {0};
    for (int i = 1; i <= rows; i++) {
        long best = -1;
        int cells = 0;
        /* The band of rows i - k .. i - 1: each row under its top one joins the row above. */
        for (int k = 1; k <= band_rows && k <= i && (k == 1 || !joins || joins[i - k]); k++) {
            cells += pixels[i - k];
            long pieces = least[(i - k) % RING] + parity_least_pieces(width, cells);
            if (best < 0 || pieces < best)
                best = pieces;
        }
        least[i % RING] = best;
    }
    return least[rows % RING];
}
