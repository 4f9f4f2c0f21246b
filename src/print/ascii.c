#include "ascii.h"

bool ascii_print(FILE *out, const struct playfield *pf, int top_row, bool colour,
                 const struct palette *p) {
    for (int row = top_row; row < pf->height; row++) {
        for (int col = 0; col < pf->width; col++) {
            int cell = pf->cells[row][col];
            if (cell == PLAYFIELD_EMPTY) {
                fputs(colour ? " ." : ".", out);
                continue;
            }
            enum piece_type type = playfield_cell_type((uint8_t)cell);
            if (!colour) {
                putc(piece_type_letter(type), out);
                continue;
            }
            const uint8_t *c = p->rgba[PALETTE_PICTURE + type];
            fprintf(out, "\x1b[48;2;%d;%d;%dm  \x1b[0m", c[0], c[1], c[2]);
        }
        putc('\n', out);
    }
    return !ferror(out);
}
