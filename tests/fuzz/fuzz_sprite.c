/* libFuzzer harness for tetris-convert's sprite loader: any input must be either rejected
 * with a one-line message or turned into a sprite Tetris can print, without a crash, a leak,
 * a hang or undefined behaviour. Build and run with tests/fuzz/run-sprite.sh. */
#include "sprite.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool row_empty(const struct sprite *s, int y) {
    for (int x = 0; x < s->width; x++)
        if (s->pixels[y][x])
            return false;
    return true;
}

static bool column_empty(const struct sprite *s, int x) {
    for (int y = 0; y < s->height; y++)
        if (s->pixels[y][x])
            return false;
    return true;
}

/* A sprite Tetris can print: in its limits, every colour used, no empty row, tight box. */
static void check_sprite(const struct sprite *s) {
    if (s->width < 1 || s->width > SPRITE_MAX_WIDTH || s->height < 1 ||
        s->height > SPRITE_MAX_HEIGHT || s->colour_count < 1 || s->colour_count > MAX_COLOURS ||
        s->trim_left < 0 || s->trim_top < 0 || s->trim_left >= SPRITE_MAX_IMAGE_SIDE ||
        s->trim_top >= SPRITE_MAX_IMAGE_SIDE)
        abort();
    bool used[MAX_COLOURS + 1] = {false};
    for (int y = 0; y < SPRITE_MAX_HEIGHT; y++)
        for (int x = 0; x < SPRITE_MAX_WIDTH; x++) {
            uint8_t p = s->pixels[y][x];
            if (p > s->colour_count || (p && (y >= s->height || x >= s->width)))
                abort();
            used[p] = true;
        }
    for (int c = 1; c <= s->colour_count; c++)
        if (!used[c])
            abort();
    for (int i = 0; i < s->colour_count; i++)
        if (s->colours[i] > 0xffffff)
            abort();
    for (int i = 1; i < s->colour_count; i++)
        for (int j = 0; j < i; j++)
            if (s->colours[i] == s->colours[j])
                abort();
    for (int y = 0; y < s->height; y++)
        if (row_empty(s, y))
            abort();
    if (column_empty(s, 0) || column_empty(s, s->width - 1))
        abort();
}

static void check_message(const char *message, size_t size) {
    size_t length = strnlen(message, size);
    if (length == 0 || length == size || memchr(message, '\n', length) ||
        memchr(message, '\r', length))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct sprite sprite;
    char message[256];
    memset(message, 'x', sizeof message); /* an unterminated message is caught */
    enum sprite_status status = sprite_decode(data, size, &sprite, message, sizeof message);
    if (status == SPRITE_OK)
        check_sprite(&sprite);
    else if (status == SPRITE_BAD_INPUT || status == SPRITE_NO_MEMORY)
        check_message(message, sizeof message);
    else
        abort();
    /* Decoding is deterministic. */
    struct sprite again;
    char message2[256];
    if (sprite_decode(data, size, &again, message2, sizeof message2) != status ||
        memcmp(&sprite, &again, sizeof sprite) != 0 ||
        (status != SPRITE_OK && strcmp(message, message2) != 0))
        abort();
    return 0;
}
