/* The one translation unit that compiles stb_image_resize (Debian's libstb-dev ships only
 * the header), for the area filter of fit_scale.c. It compiles without a warning; it is
 * third-party code, so UndefinedBehaviorSanitizer leaves it alone as it does stb_image
 * (with Clang; see stb_image.c). */
#ifdef __clang__
#pragma clang attribute push(__attribute__((no_sanitize("undefined"))), apply_to = function)
#endif
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#include <stb/stb_image_resize.h>
#ifdef __clang__
#pragma clang attribute pop
#endif
