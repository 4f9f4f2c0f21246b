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
/* stb_image converts out-of-range floats to bytes (PSD's matte removal, on pixels that are
 * not opaque, whose colour is ignored anyway): undefined behaviour that x86 and ARM turn
 * into some byte. Clang's -fsanitize=undefined checks it, GCC's does not; it is not
 * checked in this file only. */
#ifdef __clang__
#pragma clang attribute push(__attribute__((no_sanitize("float-cast-overflow"))),                  \
                             apply_to = function)
#endif
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#ifdef __clang__
#pragma clang attribute pop
#endif
#pragma GCC diagnostic pop
