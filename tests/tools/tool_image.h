/* What the test tools share (each tools/<name>.c includes it once): RGBA images read and
 * written with stb_image and stb_image_write, compiled into the tool. TOOL_NAME prefixes
 * the tool's messages. */
#ifndef TETRIS_TOOL_IMAGE_H
#define TETRIS_TOOL_IMAGE_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* stb_image declares static functions it never defines (e.g. the GIF loader without GIF
 * support); GCC reports them at the end of the file, where a push/pop pair no longer
 * applies, so this warning stays off for the whole file. It needs no other exemption. */
#pragma GCC diagnostic ignored "-Wunused-function"
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#ifdef TOOL_IMAGE_JPEG /* a tool that reads JPEG pictures too */
#define STBI_ONLY_JPEG
#endif
#define STBI_FAILURE_USERMSG
#include <stb/stb_image.h>
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

/* An RGBA image, 4 bytes a pixel, rows top to bottom. */
struct image {
    int width, height;
    unsigned char *rgba;
};

static unsigned char *pixel(const struct image *im, int x, int y) {
    return im->rgba + ((size_t)y * (size_t)im->width + (size_t)x) * 4;
}

/* Reads a PNG (or with TOOL_IMAGE_JPEG a JPEG) as RGBA (free with stbi_image_free); false with one
 * line on stderr. */
static bool load_png(const char *path, struct image *im) {
    int channels;
    im->rgba = stbi_load(path, &im->width, &im->height, &channels, 4);
    if (!im->rgba)
        fprintf(stderr, "%s: %s: unreadable image (%s)\n", TOOL_NAME, path, stbi_failure_reason());
    return im->rgba != NULL;
}

/* Writes a PNG, or a JPEG at `quality` when the name ends in .jpg; false with one line on
 * stderr. */
static bool write_image(const char *path, const struct image *im, int quality) {
    size_t n = strlen(path);
    bool jpeg = n >= 4 && strcmp(path + n - 4, ".jpg") == 0;
    int ok = jpeg ? stbi_write_jpg(path, im->width, im->height, 4, im->rgba, quality)
                  : stbi_write_png(path, im->width, im->height, 4, im->rgba, im->width * 4);
    if (!ok)
        fprintf(stderr, "%s: %s: cannot write the image\n", TOOL_NAME, path);
    return ok;
}

#endif
