/* The one translation unit that compiles stb_image (Debian's libstb-dev ships only the
 * header), for the formats libpng and libjpeg-turbo don't read: GIF, BMP, TGA, PSD, HDR,
 * PNM and PIC. stb_guards.c works around the bugs of its version 2.27 that corrupt input
 * can reach. */
#include "decode_budget.h"

#include <stdlib.h>
#include <string.h>

/* Zeroed buffers: on some corrupt inputs stb_image reads parts of its buffers it never
 * wrote; zeros make the result deterministic. */
static void *zeroed_realloc(void *pointer, size_t old_size, size_t new_size) {
    unsigned char *grown = decode_budget_realloc(pointer, new_size);
    if (grown && new_size > old_size)
        memset(grown + old_size, 0, new_size - old_size);
    return grown;
}

/* Every buffer comes from the decoding budget (decode_budget.h). */
#define STBI_MALLOC(size) decode_budget_calloc(size)
#define STBI_REALLOC_SIZED(pointer, old_size, new_size) zeroed_realloc(pointer, old_size, new_size)
#define STBI_FREE(pointer) decode_budget_free(pointer)

/* Its own warnings are silenced here and nowhere else: it is third-party code and the
 * project builds with -Werror. GCC ignores group options such as -Wextra in pragmas, so
 * the warnings stb_image is known to trigger are named one by one. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wtype-limits"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wshift-negative-value"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* UndefinedBehaviorSanitizer does not check stb_image's own code (with Clang; GCC has no
 * pragma for it). On corrupt input it has undefined behaviour that only yields wrong
 * values: out-of-range float to byte conversions (PSD matte removal, on pixels that are not
 * opaque), and more of the kind. AddressSanitizer still checks every
 * memory access. */
#ifdef __clang__
#pragma clang attribute push(__attribute__((no_sanitize("undefined"))), apply_to = function)
#endif
#define STBI_NO_PNG
#define STBI_NO_JPEG
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#ifdef __clang__
#pragma clang attribute pop
#endif
#pragma GCC diagnostic pop
