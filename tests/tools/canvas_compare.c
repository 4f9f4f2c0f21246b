/* canvas_compare: test helper for tetris-print's HTML page.
 *
 *   canvas_compare DOM.html EXPECTED.png
 *       DOM.html is what `chromium --dump-dom PAGE#selftest` printed: the page puts its
 *       canvas there as a data:image/png;base64 URL once it has played to the end. The
 *       canvas must equal EXPECTED.png pixel for pixel (RGBA; the colour of a fully
 *       transparent pixel doesn't matter). Exit 0 equal, 1 different (one line naming the
 *       first differing pixel), 2 unreadable input or no canvas in the DOM.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wunused-function" /* see sprite_tool.c */
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

#define DATA_URL "data:image/png;base64,"

static char *read_all(const char *path, size_t *length) {
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    size_t capacity = 1 << 16, n = 0;
    char *data = malloc(capacity + 1);
    size_t got;
    while (data && (got = fread(data + n, 1, capacity - n, in)) > 0) {
        n += got;
        if (n == capacity) {
            char *bigger = realloc(data, capacity * 2 + 1);
            if (!bigger) {
                free(data);
                data = NULL;
                break;
            }
            data = bigger;
            capacity *= 2;
        }
    }
    fclose(in);
    if (data)
        data[n] = '\0';
    *length = n;
    return data;
}

static int base64_value(int c) {
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* Decodes base64 from `text` up to the first character that is not base64 or '='. */
static unsigned char *base64_decode(const char *text, size_t *length) {
    size_t n = strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
    unsigned char *out = malloc(n * 3 / 4 + 3);
    if (!out)
        return NULL;
    uint32_t bits = 0;
    int count = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        bits = bits << 6 | (uint32_t)base64_value((unsigned char)text[i]);
        if (++count == 4) {
            out[k++] = (unsigned char)(bits >> 16);
            out[k++] = (unsigned char)(bits >> 8);
            out[k++] = (unsigned char)bits;
            bits = 0;
            count = 0;
        }
    }
    if (count == 3) {
        out[k++] = (unsigned char)(bits >> 10);
        out[k++] = (unsigned char)(bits >> 2);
    } else if (count == 2) {
        out[k++] = (unsigned char)(bits >> 4);
    }
    *length = k;
    return out;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fputs("usage: canvas_compare DOM.html EXPECTED.png\n", stderr);
        return 2;
    }
    size_t length;
    char *dom = read_all(argv[1], &length);
    const char *url = dom ? strstr(dom, DATA_URL) : NULL;
    if (!url) {
        fprintf(stderr, "canvas_compare: %s: no %s canvas\n", argv[1], DATA_URL);
        return 2;
    }
    size_t png_length;
    unsigned char *png = base64_decode(url + strlen(DATA_URL), &png_length);
    int w1, h1, w2, h2, channels;
    unsigned char *canvas =
        png ? stbi_load_from_memory(png, (int)png_length, &w1, &h1, &channels, 4) : NULL;
    unsigned char *expected = stbi_load(argv[2], &w2, &h2, &channels, 4);
    if (!canvas || !expected) {
        fprintf(stderr, "canvas_compare: cannot decode %s\n", canvas ? argv[2] : "the canvas");
        return 2;
    }
    if (w1 != w2 || h1 != h2) {
        printf("canvas is %d x %d, %s is %d x %d\n", w1, h1, argv[2], w2, h2);
        return 1;
    }
    for (int y = 0; y < h1; y++)
        for (int x = 0; x < w1; x++) {
            const unsigned char *a = canvas + ((size_t)y * (size_t)w1 + (size_t)x) * 4;
            const unsigned char *b = expected + ((size_t)y * (size_t)w1 + (size_t)x) * 4;
            bool same = a[3] == b[3] && (a[3] == 0 || memcmp(a, b, 3) == 0);
            if (!same) {
                printf("pixel (%d, %d): canvas %02x%02x%02x/%02x, expected %02x%02x%02x/%02x\n", x,
                       y, a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
                return 1;
            }
        }
    stbi_image_free(canvas);
    stbi_image_free(expected);
    free(png);
    free(dom);
    return 0;
}
