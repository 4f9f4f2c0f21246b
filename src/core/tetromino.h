/* The seven tetrominoes and their 19 fixed orientations (NES rotation system). */
#ifndef TETRIS_TETROMINO_H
#define TETRIS_TETROMINO_H

#include <stdbool.h>
#include <stdint.h>

enum piece_type { PIECE_T, PIECE_J, PIECE_Z, PIECE_O, PIECE_S, PIECE_L, PIECE_I, PIECE_TYPES };

/* The 19 fixed orientations, named by type and where the piece points (T: the side of its
 * single cell; J, L: the side of the foot's corner; S, Z, I: horizontal or vertical). The
 * order is the NES table's, and r+ steps through one type's orientations in it. */
enum orientation_id {
    ORIENTATION_TU, /* T pointing up: flat side down */
    ORIENTATION_TR,
    ORIENTATION_TD, /* T pointing down: the spawn orientation */
    ORIENTATION_TL,
    ORIENTATION_JL,
    ORIENTATION_JU,
    ORIENTATION_JR,
    ORIENTATION_JD, /* spawn */
    ORIENTATION_ZH, /* spawn */
    ORIENTATION_ZV,
    ORIENTATION_O,
    ORIENTATION_SH, /* spawn */
    ORIENTATION_SV,
    ORIENTATION_LR,
    ORIENTATION_LD, /* spawn */
    ORIENTATION_LL,
    ORIENTATION_LU,
    ORIENTATION_IV,
    ORIENTATION_IH, /* spawn */
    ORIENTATION_COUNT
};

#define PIECE_CELLS 4

/* J, T and L, script colours 1 to 3: the article's pieces, whose hanging cell prints any
 * pixel alone (the pattern library's emitters hang them). */
#define HANGING_COLOURS 3

struct cell_offset {
    int8_t x, y; /* y grows downwards, as on screen */
};

/* One fixed orientation. Cells are relative to the rotation pivot (NES pivots);
 * the derived fields describe the bounding box and the column profiles that the
 * matrix model uses. Profiles are measured upwards from the lowest cell. */
struct orientation {
    enum piece_type type;
    char name[3];                          /* "Td", "Jl", ... (type letter + direction) */
    struct cell_offset cells[PIECE_CELLS]; /* pivot-relative */
    int8_t clockwise, counterclockwise;    /* orientation index after r+ / r- */
    /* derived from the cells: the bounding box and the column profiles */
    int8_t min_x, min_y; /* bounding box origin, pivot-relative */
    int8_t width, height;
    int8_t bottom[4]; /* per bbox column: height of its lowest cell above the piece's base */
    int8_t top[4];    /* per bbox column: height just above its highest cell */
};

/* The table, indexed 0..18: a static constant, needing no initialisation. */
extern const struct orientation *const ORIENTATIONS;

/* Letter used for a type in messages: T J Z O S L I. */
char piece_type_letter(enum piece_type type);
/* Spawn orientation (NES): T, J, L flat side up with one cell below; S, Z, I horizontal. */
int spawn_orientation(enum piece_type type);
/* The piece type that prints sprite colour `colour` (1-based, as in a script's colour
 * line): J, T, L, I, O, S, Z for colours 1 to 7. */
enum piece_type colour_piece(int colour);

/* J, T or L: the article's pieces, which hang one cell below their spawn orientation and so
 * print any pixel alone (script colours 1 to HANGING_COLOURS). */
bool piece_is_hanging(enum piece_type type);
/* Whether script colour `colour` (1 to 7) is printed by a hanging piece: colours 1 to
 * HANGING_COLOURS, piece_is_hanging(colour_piece(colour)). */
bool colour_is_hanging(int colour);

/* In the spawn orientation of a T, J or L (three cells across, one below), the column of
 * the cell below, counted from the left of the three: J 2, T 1, L 0. */
int hanging_cell_column(enum piece_type type);

/* Identifies the orientation drawn by 4 cells (x right, y down, any origin).
 * Returns the orientation index and stores the bounding box's top-left corner,
 * or returns -1 when the cells are not one tetromino. */
int orientation_from_cells(const int xs[PIECE_CELLS], const int ys[PIECE_CELLS], int *box_x,
                           int *box_y);

#endif
