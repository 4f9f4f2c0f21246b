#include "verify.h"

#include "picture/sprite_rules.h"
#include "player.h"
#include "script.h"
#include "script_reader.h"
#include "tetromino.h"

#include <stdio.h>
#include <stdlib.h>

/* The cell the sprite asks for at a playfield position: at its column, on the floor. */
static uint8_t expected_cell(const struct sprite *sprite, const struct playfield *pf, int column,
                             int row) {
    int x = column - sprite_column(sprite, pf->width);
    int y = row - (pf->height - sprite->height);
    if (x < 0 || x >= sprite->width || y < 0 || y >= sprite->height || !sprite->pixels[y][x])
        return PLAYFIELD_EMPTY;
    return playfield_cell_of(colour_piece(sprite->pixels[y][x]));
}

bool verify_script(const char *text, size_t length, const struct sprite *sprite, int width,
                   int height, char *message, size_t size) {
    struct script script;
    struct text_error err;
    if (!script_load(text, length, &script, &err)) {
        snprintf(message, size, "the script does not read back: line %d: %s", err.line,
                 err.message);
        return false;
    }
    if (script.width != width) {
        snprintf(message, size, "the script is %d columns wide, not %d", script.width, width);
        script_free(&script);
        return false;
    }
    struct playfield *pf = malloc(sizeof *pf);
    if (!pf) {
        script_free(&script);
        snprintf(message, size, "out of memory");
        return false;
    }
    struct play_problem problem;
    enum play_status status = script_play(&script, height, false, NULL, pf, &problem);
    script_free(&script);
    bool ok = status == PLAY_OK;
    if (!ok)
        snprintf(message, size, "the script does not play: block %d: %s", problem.block,
                 problem.message);
    for (int r = 0; r < height && ok; r++)
        for (int c = 0; c < width && ok; c++)
            if (pf->cells[r][c] != expected_cell(sprite, pf, c, r)) {
                snprintf(message, size,
                         "the script leaves the wrong cell at column %d, row %d of the playfield",
                         c, r);
                ok = false;
            }
    free(pf);
    return ok;
}
