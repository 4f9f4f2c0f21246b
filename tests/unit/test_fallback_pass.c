/* The fallback passes: the tiles built into tetris-convert (patterns/fallback.txt), the
 * passes put together from them at every width, and the converter's fallback printing each
 * unit the colour rules accept, at the edge columns of the narrowest and the widest field,
 * on a real playfield, on the floor and on platforms. */
#include "colour_rules.h"
#include "embedded_patterns.h"
#include "fallback_assembly.h"
#include "fallback_pass.h"
#include "pattern_library.h"
#include "pattern_search.h"
#include "piece_block.h"
#include "rng.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- the tiles */

START_TEST(the_built_in_tiles_are_the_search_s) {
    struct pattern_library lib;
    ck_assert(pattern_library_init(&lib, FIELD_DEFAULT_WIDTH, 1));
    struct pattern *found = malloc(sizeof *found);
    ck_assert_ptr_nonnull(found);
    for (int t = 0; t < FALLBACK_TILES; t++) {
        const struct pattern *built_in = &lib.fallback->tiles[t];
        ck_assert_int_eq(fallback_tile_search(t, SEARCH_DEFAULT_SEED, found), FALLBACK_FOUND);
        ck_assert_int_eq(found->pieces, built_in->pieces);
        ck_assert_mem_eq(found->placements, built_in->placements,
                         (size_t)found->pieces * sizeof found->placements[0]);
    }
    free(found);
    pattern_library_free(&lib);
}
END_TEST

/* Every slab and every unit of every width, checked under the matrix model. */
START_TEST(every_width_is_served) {
    struct pattern_library lib;
    ck_assert(pattern_library_init(&lib, FIELD_DEFAULT_WIDTH, 1));
    char message[256] = "";
    for (int width = FIELD_MIN_WIDTH; width <= FIELD_MAX_WIDTH; width += 2) {
        long passes = fallback_prove_width(lib.fallback, width, message, sizeof message);
        ck_assert_msg(passes > 0, "width %d: %s", width, message);
    }
    pattern_library_free(&lib);
}
END_TEST

/* A tile that breaks the matrix model is refused when read, naming its block. */
START_TEST(a_broken_tile_is_refused) {
    const char *text = NULL;
    for (int e = 0; e < EMBEDDED_PATTERN_FILE_COUNT; e++)
        if (strcmp(EMBEDDED_PATTERN_FILES[e].name, FALLBACK_FILE_NAME) == 0)
            text = EMBEDDED_PATTERN_FILES[e].text;
    ck_assert_ptr_nonnull(text);
    char *broken = strdup(text), message[256];
    struct fallback_tiles *tiles = malloc(sizeof *tiles);
    ck_assert(tiles && broken);
    ck_assert(fallback_tiles_read("fallback.txt", broken, tiles, message, sizeof message));
    /* The first tile's I and O lie one row higher: a gap under the I. */
    const char *lines[4] = {".CC........", ".CC........", "BBBB.......", "..........."};
    for (int i = 0; i < 4; i++)
        memcpy(broken + 12 * i, lines[i], 11);
    ck_assert(!fallback_tiles_read("fallback.txt", broken, tiles, message, sizeof message));
    ck_assert_msg(strstr(message, "fallback.txt: block 1: piece 'B' can't be dropped there") !=
                      NULL,
                  "%s", message);
    free(tiles);
    free(broken);
}
END_TEST

/* ---------------------------------------------------------------- on a playfield */

static struct pattern_library lib;

static void setup(void) {
    ck_assert(pattern_library_init(&lib, FIELD_DEFAULT_WIDTH, 1));
}

static void teardown(void) {
    pattern_library_free(&lib);
}

/* Where a row is printed: on the floor, or on a platform (the 3 rows under it full but for
 * a notch of 4 cells at the left or the right edge, platform.h). */
enum ground { FLOOR, NOTCH_ON_THE_LEFT, NOTCH_ON_THE_RIGHT, GROUNDS };

#define PLATFORM_ROWS (PLATFORM_HEIGHT - 1)

/* Whether the ground fills cell (r, c) of a field `height` rows tall: a platform's rows. */
static bool ground_cell(enum ground ground, int width, int height, int r, int c) {
    if (ground == FLOOR || r < height - PLATFORM_ROWS)
        return false;
    int edge = ground == NOTCH_ON_THE_LEFT ? 0 : width - 1;
    int inner = ground == NOTCH_ON_THE_LEFT ? 1 : width - 2;
    bool top = r == height - PLATFORM_ROWS;
    return !(c == edge || (c == inner && top));
}

/* Prints a unit of `type` at `column` (`pixels` of them) on the ground of an empty field
 * `width` wide, its row already holding J squares at `squares` (-1 ended), by the fallback
 * alone: the field must end with exactly the ground, those squares and the unit's pixels. */
static void print_unit_on(enum ground ground, int width, enum piece_type type, int column,
                          int pixels, const int squares[]) {
    struct playfield pf;
    playfield_init(&pf, width, field_default_height(width));
    int row_at = pf.height - 1 - (ground == FLOOR ? 0 : PLATFORM_ROWS);
    for (int r = 0; r < pf.height; r++)
        for (int c = 0; c < width; c++)
            if (ground_cell(ground, width, pf.height, r, c)) {
                pf.cells[r][c] = playfield_cell_of(PIECE_T);
                pf.filled[r]++;
            }
    struct target row;
    target_init(&row, width);
    for (int i = 0; squares[i] >= 0; i++) {
        pf.cells[row_at][squares[i]] = playfield_cell_of(PIECE_J);
        pf.filled[row_at]++;
        row.square[0][squares[i]] = true;
    }
    for (int c = 0; c < width; c++)
        row.under[c] = true; /* the floor, or a platform: full under the sprite's columns */
    for (int c = column; c < column + pixels; c++)
        row.want[0][c] = (int8_t)type;
    struct planned_pass *planned = malloc(sizeof *planned);
    ck_assert_ptr_nonnull(planned);
    ck_assert_msg(fallback_pass_next(&lib, &row, &pf, planned),
                  "width %d, ground %d: no fallback pass for %c x%d at column %d", width, ground,
                  piece_type_letter(type), pixels, column);
    playfield_copy(&pf, &planned->after);
    planned_pass_free(planned);
    for (int r = 0; r < pf.height; r++)
        for (int c = 0; c < width; c++) {
            uint8_t want = ground_cell(ground, width, pf.height, r, c) ? playfield_cell_of(PIECE_T)
                           : r != row_at                               ? PLAYFIELD_EMPTY
                           : row.square[0][c]                          ? playfield_cell_of(PIECE_J)
                           : c >= column && c < column + pixels        ? playfield_cell_of(type)
                                                                       : PLAYFIELD_EMPTY;
            ck_assert_msg(pf.cells[r][c] == want,
                          "width %d, ground %d, %c x%d at column %d: cell %d,%d is %d, not %d",
                          width, ground, piece_type_letter(type), pixels, column, r, c,
                          pf.cells[r][c], want);
        }
    free(planned);
}

/* The same on the floor and on both platforms. */
static void print_unit(int width, enum piece_type type, int column, int pixels,
                       const int squares[]) {
    for (int ground = FLOOR; ground < GROUNDS; ground++)
        print_unit_on((enum ground)ground, width, type, column, pixels, squares);
}

#define NONE (-1)
static const int NARROWEST = FIELD_MIN_WIDTH, WIDEST = FIELD_MAX_WIDTH;

/* Each width's first and last column a pixel can be in. */
static int first_column(void) {
    return FIELD_EDGE_COLUMNS;
}
static int last_column(int width) {
    return width - 1 - FIELD_EDGE_COLUMNS;
}

START_TEST(o_pairs_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST) {
        print_unit(width, PIECE_O, first_column(), 2, (const int[]){NONE});
        print_unit(width, PIECE_O, last_column(width) - 1, 2, (const int[]){NONE});
    }
}
END_TEST

START_TEST(lying_s_and_z_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST)
        for (enum piece_type t = PIECE_S; t <= PIECE_Z; t += PIECE_Z - PIECE_S) {
            print_unit(width, t, first_column(), 2, (const int[]){NONE});
            print_unit(width, t, last_column(width) - 1, 2, (const int[]){NONE});
        }
}
END_TEST

START_TEST(lying_i_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST) {
        print_unit(width, PIECE_I, first_column(), 4, (const int[]){NONE});
        print_unit(width, PIECE_I, last_column(width) - 3, 4, (const int[]){NONE});
    }
}
END_TEST

/* Standing I pieces, 1 to 3, held up by squares right beside them and far away. */
START_TEST(standing_i_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST)
        for (int n = 1; n <= 3; n++) {
            int first = first_column() + 1, last = last_column(width) - n; /* the run's */
            print_unit(width, PIECE_I, first, n, (const int[]){first - 1, first + n, NONE});
            print_unit(width, PIECE_I, last, n, (const int[]){last - 1, last + n, NONE});
            print_unit(width, PIECE_I, first, n,
                       (const int[]){first - 1, last_column(width), NONE});
            print_unit(width, PIECE_I, last, n, (const int[]){first_column(), last + n, NONE});
        }
}
END_TEST

/* A standing S: on the edge at column 2, leaning on a square two columns left of it or far
 * left; a standing Z likewise on its right. */
START_TEST(standing_s_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST) {
        int first = first_column(), last = last_column(width);
        print_unit(width, PIECE_S, first, 1, (const int[]){NONE});
        print_unit(width, PIECE_S, first + 2, 1, (const int[]){first, NONE});
        print_unit(width, PIECE_S, last, 1, (const int[]){last - 2, NONE});
        print_unit(width, PIECE_S, last, 1, (const int[]){first, NONE});
    }
}
END_TEST

START_TEST(standing_z_at_the_edges) {
    for (int width = NARROWEST; width <= WIDEST; width += WIDEST - NARROWEST) {
        int first = first_column(), last = last_column(width);
        print_unit(width, PIECE_Z, last, 1, (const int[]){NONE});
        print_unit(width, PIECE_Z, last - 2, 1, (const int[]){last, NONE});
        print_unit(width, PIECE_Z, first, 1, (const int[]){first + 2, NONE});
        print_unit(width, PIECE_Z, first, 1, (const int[]){last, NONE});
    }
}
END_TEST

/* ---------------------------------------------------------------- whole rows */

/* Random rows the colour rules accept, printed unit by unit: while an I, O, S or Z pixel is
 * left there is a unit the squares let be printed, and its pass checks under the matrix
 * model from those squares (J, T and L pixels are printed by the library at any time). */
START_TEST(rows_the_rules_accept_print_unit_by_unit) {
    uint64_t state = 29;
    struct fallback_pass *pass = malloc(sizeof *pass);
    ck_assert_ptr_nonnull(pass);
    int rows = 0;
    for (int width = NARROWEST; width <= WIDEST; width += 10) {
        for (int attempt = 0; attempt < 1000; attempt++) {
            struct target row;
            target_init(&row, width);
            int8_t *types = row.want[0];
            int gaps = 10 + (int)rng_below(&state, 60); /* runs of 1 to 5, gaps between */
            for (int c = first_column(); c <= last_column(width);) {
                if ((int)rng_below(&state, 100) < gaps) {
                    c++;
                    continue;
                }
                enum piece_type t = (enum piece_type)rng_below(&state, PIECE_TYPES);
                for (int end = c + 1 + (int)rng_below(&state, 5);
                     c < end && c <= last_column(width); c++) {
                    types[c] = (int8_t)t;
                }
            }
            if (!colour_rules_row_holds(width, types, NULL))
                continue;
            rows++;
            for (int c = 0; c < width; c++) /* J, T and L first: the library's */
                if (types[c] != TARGET_NONE && piece_is_hanging((enum piece_type)types[c]) &&
                    rng_below(&state, 2))
                    target_mark_printed(&row, 0, c);
            while (target_has_pending(&row)) {
                struct fallback_unit units[FALLBACK_MAX_UNITS];
                int n = fallback_pass_units(&row, units);
                if (n == 0) { /* the library prints the J, T and L pixels left */
                    bool some = false;
                    for (int c = 0; c < width; c++)
                        if (target_pending(&row, 0, c) &&
                            piece_is_hanging((enum piece_type)types[c])) {
                            target_mark_printed(&row, 0, c);
                            some = true;
                        }
                    ck_assert_msg(some, "width %d: pixels left that no unit prints", width);
                    continue;
                }
                struct fallback_unit u = units[rng_below(&state, (uint32_t)n)];
                char message[192] = "";
                ck_assert(fallback_assemble(lib.fallback, width, &u, pass));
                ck_assert_msg(fallback_pass_check(pass, row.square[0], message, sizeof message),
                              "width %d, unit %d at %d: %s", width, (int)u.kind, u.column, message);
                int pixels = fallback_unit_pixels(&u);
                for (int c = u.column; c < u.column + pixels; c++) {
                    ck_assert(target_pending(&row, 0, c));
                    target_mark_printed(&row, 0, c);
                }
            }
        }
    }
    ck_assert_int_gt(rows, 1000);
    free(pass);
}
END_TEST

/* A lying I four over nothing (the row below empty under it) would land a row lower, the
 * whole pass with it: no fallback pass is taken for it; over a square of the row below under
 * one of its cells it is, and prints its row. */
START_TEST(a_unit_rests_on_what_is_under_it) {
    int width = FIELD_DEFAULT_WIDTH, column = 6;
    for (int held = 0; held <= 1; held++) {
        struct playfield pf;
        playfield_init(&pf, width, field_default_height(width));
        int row_at = pf.height - 2, below_at = column + 3 * held + 4 * !held;
        pf.cells[pf.height - 1][below_at] = playfield_cell_of(PIECE_J);
        pf.filled[pf.height - 1]++;
        struct target row;
        target_init(&row, width);
        row.under[below_at] = true;
        for (int c = column; c < column + 4; c++)
            row.want[0][c] = (int8_t)PIECE_I;
        struct planned_pass *planned = malloc(sizeof *planned);
        ck_assert_ptr_nonnull(planned);
        bool found = fallback_pass_next(&lib, &row, &pf, planned);
        ck_assert_msg(found == (bool)held, "held %d: a pass found: %d", held, found);
        if (found) {
            for (int c = column; c < column + 4; c++)
                ck_assert_int_eq(planned->after.cells[row_at][c], playfield_cell_of(PIECE_I));
            planned_pass_free(planned);
        }
        free(planned);
    }
}
END_TEST

static Suite *fallback_pass_suite(void) {
    Suite *s = suite_create("fallback_pass");
    TCase *tiles = tcase_create("tiles");
    tcase_set_timeout(tiles, 600);
    tcase_add_test(tiles, the_built_in_tiles_are_the_search_s);
    tcase_add_test(tiles, every_width_is_served);
    tcase_add_test(tiles, a_broken_tile_is_refused);
    suite_add_tcase(s, tiles);
    TCase *units = tcase_create("units");
    tcase_set_timeout(units, 600);
    tcase_add_checked_fixture(units, setup, teardown);
    tcase_add_test(units, o_pairs_at_the_edges);
    tcase_add_test(units, lying_s_and_z_at_the_edges);
    tcase_add_test(units, lying_i_at_the_edges);
    tcase_add_test(units, standing_i_at_the_edges);
    tcase_add_test(units, standing_s_at_the_edges);
    tcase_add_test(units, standing_z_at_the_edges);
    tcase_add_test(units, rows_the_rules_accept_print_unit_by_unit);
    tcase_add_test(units, a_unit_rests_on_what_is_under_it);
    suite_add_tcase(s, units);
    return s;
}

UNIT_MAIN(fallback_pass_suite)
