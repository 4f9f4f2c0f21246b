/* Converting a sprite into a script (DESIGN.md): row by row from the bottom, a platform
 * when some pixel of the row has no square under it, then passes until every pixel of the
 * row is printed, then the platform's last piece. Every block is played on a playfield as
 * it is chosen, so no pass is kept that would top out. */
#ifndef TETRIS_CONVERT_CONVERTER_H
#define TETRIS_CONVERT_CONVERTER_H

#include "block.h"
#include "pattern_library.h"
#include "progress.h"
#include "realtime_pass.h"
#include "sprite.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum convert_method { METHOD_REALTIME, METHOD_TABLE };

struct convert_settings {
    int width, height; /* of the field (field.h); the library is for that width */
    enum convert_method method;
    uint64_t seed;
    struct realtime_limits limits;
    struct progress *progress; /* advanced once per row; NULL for none */
};

struct convert_stats {
    long pieces;
    int passes, realtime_passes, table_passes, platforms, rows;
};

/* A script: its colours and blocks. */
struct conversion {
    int colour_count;
    uint32_t colours[MAX_COLOURS];
    struct block *blocks;
    int block_count, block_capacity;
    struct convert_stats stats;
};

enum convert_status { CONVERT_OK, CONVERT_NO_FIT, CONVERT_NO_MEMORY };

/* Converts the sprite, which must fit the field (field_sprite_max_width and _height). On
 * CONVERT_NO_FIT `message` says which row can't be printed. */
enum convert_status convert_sprite(const struct sprite *sprite, const struct pattern_library *lib,
                                   const struct convert_settings *settings, struct conversion *out,
                                   char *message, size_t size);

/* Writes the script: the colour line, then the blocks separated by blank lines. */
bool conversion_write(FILE *out, const struct conversion *c);

void conversion_free(struct conversion *c);

#endif
