/* Prints the numbers the man pages quote, one "NAME VALUE" a line, taken from the headers
 * that own them: the build compiles and runs this, and scripts/man-fill.awk puts each value
 * in place of @NAME@ in man/tetris-*.1.in, so that no page, --help text or README table
 * can quote a number its program doesn't use (docs/design.md, "Texts"). */
#include "block.h"
#include "cli.h"
#include "convert_options.h"
#include "field.h"
#include "field_choice.h"
#include "frame_size.h"
#include "layouts.h"
#include "openmp_setup.h"
#include "options.h"
#include "packing.h"
#include "pattern_read.h"
#include "pattern_search.h"
#include "picture/sprite_limits.h"
#include "regenerate.h"
#include "search_options.h"

#include <stdio.h>

static void number(const char *name, long value) {
    printf("%s %ld\n", name, value);
}

/* The field (field.h) and what follows from it. */
static void field_numbers(void) {
    number("FIELD_MIN_WIDTH", FIELD_MIN_WIDTH);
    number("FIELD_MAX_WIDTH", FIELD_MAX_WIDTH);
    number("FIELD_DEFAULT_WIDTH", FIELD_DEFAULT_WIDTH);
    number("FIELD_DEFAULT_HEIGHT", FIELD_DEFAULT_HEIGHT);
    number("FIELD_MIN_HEIGHT", FIELD_MIN_HEIGHT);
    number("FIELD_MAX_HEIGHT", FIELD_MAX_HEIGHT);
    number("FIELD_DEFAULT_SPAWN_COLUMN", field_spawn_column(FIELD_DEFAULT_WIDTH));
    number("FIELD_SPRITE_MARGIN", FIELD_EDGE_COLUMNS);
    number("FIELD_SPRITE_MARGINS", 2 * FIELD_EDGE_COLUMNS); /* W - 4 */
    number("FIELD_SPRITE_HEADROOM", SPRITE_HEADROOM);       /* H - 10 */
    number("DEFAULT_SPRITE_MAX_WIDTH", sprite_max_width(FIELD_DEFAULT_WIDTH));
    number("DEFAULT_SPRITE_MAX_HEIGHT", sprite_max_height(FIELD_DEFAULT_HEIGHT));
    number("SPRITE_MAX_WIDTH", SPRITE_MAX_WIDTH);
    number("SPRITE_MAX_HEIGHT", SPRITE_MAX_HEIGHT);
    number("MAX_COLOURS", MAX_COLOURS);
    number("DEFAULT_MAX_SQUARES", layout_max_squares(FIELD_DEFAULT_WIDTH));
}

/* The block format (block.h). */
static void block_numbers(void) {
    number("BLOCK_MAX_PIECES", BLOCK_MAX_PIECES);
    number("BLOCK_MAX_ROWS", BLOCK_MAX_ROWS);
    number("BLOCK_SPAWN_ROWS", BLOCK_SPAWN_ROWS);
    number("BLOCK_LINE_MAX", BLOCK_LINE_MAX);
    number("PATTERN_FILE_MAX_MIB", PATTERN_FILE_MAX_MIB);
}

/* The options' bounds and defaults: the same constants their parsers check. */
static void option_numbers(void) {
    number("MAX_THREADS", MAX_THREADS);
    number("SEARCH_DEFAULT_SEED", SEARCH_DEFAULT_SEED);
    number("SEARCH_MAX_ATTEMPTS", SEARCH_MAX_ATTEMPTS);
    number("DEFAULT_ATTEMPTS", PACKING_DEFAULT_LIMITS.attempts_per_try);
    number("PACKING_TRIES_PER_DOUBLING", PACKING_TRIES_PER_DOUBLING);
    number("REGENERATE_MAX_LAYOUTS", REGENERATE_MAX_LAYOUTS);
    number("DEFAULT_CONVERT_SEED", DEFAULT_CONVERT_SEED);
    number("DEFAULT_SCALE", DEFAULT_SCALE);
    number("MAX_SCALE", MAX_SCALE);
    number("DEFAULT_DELAY", DEFAULT_DELAY);
    number("DEFAULT_MOTION_DELAY", DEFAULT_MOTION_DELAY);
    number("MAX_DELAY", MAX_DELAY);
    number("MAX_FPS", MAX_FPS);
    number("DEFAULT_HOLD_SECONDS", DEFAULT_HOLD / 100);
    number("MAX_HOLD_SECONDS", MAX_HOLD_SECONDS);
    number("DEFAULT_DURATION_SECONDS", DEFAULT_DURATION_SECONDS);
    number("MAX_DURATION_SECONDS", MAX_DURATION_SECONDS);
    number("HELPER_COLOURS", PIECE_TYPES); /* --helpers: one colour, or one per piece type */
    number("FIT_DEFAULT_WIDTH", FIELD_CHOICE_FIT_WIDTH);
    number("FIT_DEFAULT_HEIGHT", sprite_fit_height(FIELD_CHOICE_FIT_WIDTH));
    number("FIT_DEFAULT_FIELD_WIDTH", sprite_field_width(FIELD_CHOICE_FIT_WIDTH, 1, 0));
    number("FIT_ALPHA_THRESHOLD", FIT_DEFAULT_ALPHA_THRESHOLD);
    number("FRAME_LONG_SIDE", FRAME_SIZE_LONG_SIDE);
}

int main(void) {
    printf("VERSION %s\n", TETRIS_PRINTER_VERSION);
    field_numbers();
    block_numbers();
    option_numbers();
    return fflush(stdout) == 0 ? 0 : 1;
}
