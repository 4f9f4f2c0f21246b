/* The converter's own proof that its script is right: the script text is read back and
 * replayed exactly as tetris-print does, and the playfield it leaves must be the sprite,
 * centred on the floor, and nothing else. */
#ifndef TETRIS_CONVERT_VERIFY_H
#define TETRIS_CONVERT_VERIFY_H

#include "picture/sprite_rules.h"

#include <stdbool.h>
#include <stddef.h>

/* The script must be `width` columns wide and leave the sprite on a field `height` rows
 * tall. */
bool verify_script(const char *text, size_t length, const struct sprite *sprite, int width,
                   int height, char *message, size_t size);

#endif
