/* The one translation unit that compiles stb_image (Debian's libstb-dev ships only the
 * header). Its own warnings are silenced here and nowhere else: it is third-party code and
 * the project builds with -Werror. GCC ignores group options such as -Wextra in pragmas, so
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
#include <stdlib.h>

/* Zeroed buffers: on some truncated inputs (raw TGA for one) stb_image ignores a short
 * read and returns the buffer as decoded; zeros make that deterministic. */
#define STBI_MALLOC(size) calloc(1, size)
#define STBI_REALLOC(pointer, size) realloc(pointer, size)
#define STBI_FREE(pointer) free(pointer)
/* UndefinedBehaviorSanitizer does not check stb_image's own code (with Clang; GCC has no
 * pragma for it). Version 2.27 has undefined behaviour on corrupt input that only yields
 * wrong values: out-of-range float to byte conversions (PSD matte removal, on pixels that
 * are not opaque), a zero offset added to a null pointer and a null memcpy of 0 bytes (a
 * PNG whose first IDAT chunk is empty), and more of the kind. AddressSanitizer still checks
 * every memory access; sprite.c works around the memory errors. */
#ifdef __clang__
#pragma clang attribute push(__attribute__((no_sanitize("undefined"))), apply_to = function)
#endif
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#ifdef __clang__
#pragma clang attribute pop
#endif
#pragma GCC diagnostic pop
