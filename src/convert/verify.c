#include "verify.h"

#include "converter.h"
#include "player.h"
#include "script.h"
#include "tetromino.h"

#include <stdio.h>

/* The cell the sprite asks for at a playfield position. */
static uint8_t expected_cell(const struct sprite *sprite, int column, int row) {
    int x = column - sprite_first_column(sprite);
    int y = row - (FIELD_HEIGHT - sprite->height);
    if (x < 0 || x >= sprite->width || y < 0 || y >= sprite->height || !sprite->pixels[y][x])
        return PLAYFIELD_EMPTY;
    return (uint8_t)(colour_piece(sprite->pixels[y][x]) + 1);
}

bool verify_script(const char *text, size_t length, const struct sprite *sprite, char *message,
                   size_t size) {
    struct script script;
    struct text_error err;
    if (!script_load(text, length, &script, &err)) {
        snprintf(message, size, "the script does not read back: line %d: %s", err.line,
                 err.message);
        return false;
    }
    struct playfield pf;
    struct play_problem problem;
    enum play_status status = script_play(&script, false, NULL, &pf, &problem);
    script_free(&script);
    if (status != PLAY_OK) {
        snprintf(message, size, "the script does not play: block %d: %s", problem.block,
                 problem.message);
        return false;
    }
    for (int r = 0; r < FIELD_HEIGHT; r++)
        for (int c = 0; c < FIELD_WIDTH; c++)
            if (pf.cells[r][c] != expected_cell(sprite, c, r)) {
                snprintf(message, size,
                         "the script leaves the wrong cell at column %d, row %d of the playfield",
                         c, r);
                return false;
            }
    return true;
}
