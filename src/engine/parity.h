/* The parity arithmetic of Tetris printing (docs/design.md, "The field"): its one home.
 *
 * On a field W wide, a pass that clears `rows` full rows and leaves `cells` cells behind
 * (the pixels it prints, or the squares an emitter hangs) uses pieces with
 *     4 * pieces = W * rows + cells,
 * so its height must make the right side divisible by 4. W is odd (field.h), so the heights
 * that work for a number of cells are one residue mod 4: the smallest, then every 4th. The
 * pattern library's emitters (n squares hung by n J, T or L), the converter's passes and the
 * bounds on a print all count with these functions. */
#ifndef TETRIS_PARITY_H
#define TETRIS_PARITY_H

#include <stdbool.h>

/* Whether `rows` cleared rows (at least 1) and `cells` cells left make whole pieces. */
static inline bool parity_whole(int width, int rows, int cells) {
    return rows >= 1 && (width * rows + cells) % 4 == 0;
}

/* The pieces of a pass of `rows` cleared rows leaving `cells` cells, or -1 when that is not
 * a whole number. */
static inline int parity_pieces(int width, int rows, int cells) {
    return parity_whole(width, rows, cells) ? (width * rows + cells) / 4 : -1;
}

/* The fewest rows a pass leaving `cells` cells can clear: the smallest h >= 1 making whole
 * pieces (taller ones step by 4). */
static inline int parity_first_height(int width, int cells) {
    int h = 1;
    while (!parity_whole(width, h, cells))
        h++;
    return h;
}

/* Matrices of 1 or 2 rows seldom pack (a 1-row one holds only the emitters' cells and
 * horizontal I pieces): a pass whose fewest rows are fewer than this probably clears 4 more. */
#define PARITY_FIRST_LIKELY_HEIGHT 3

/* The rows a pass leaving `cells` cells probably clears (0 for none): the fewest, or 4 more
 * when those are below PARITY_FIRST_LIKELY_HEIGHT. */
static inline int parity_likely_height(int width, int cells) {
    if (cells == 0)
        return 0;
    int rows = parity_first_height(width, cells);
    return rows < PARITY_FIRST_LIKELY_HEIGHT ? rows + 4 : rows;
}

/* The fewest pieces that can leave `cells` cells (0 for none): one pass of the fewest rows. */
static inline long parity_least_pieces(int width, int cells) {
    return cells > 0 ? parity_pieces(width, parity_first_height(width, cells), cells) : 0;
}

/* The fewest pieces that can print rows of these pixel counts (pixels[0] the lowest row) in
 * passes each printing a band of 1 to `band_rows` consecutive rows at once (at most
 * PARITY_MAX_BAND_ROWS), each band in one pass of the fewest rows parity allows: a floor for
 * any printer going band by band (1: row by row). A row r under a band's top row must join
 * the row above it, joins[r] (NULL: every row may). */
#define PARITY_MAX_BAND_ROWS 8
long parity_band_bound(int width, const int pixels[], const bool joins[], int rows, int band_rows);

#endif
