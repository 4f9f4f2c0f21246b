/* Decoding, trimming and checking a sprite image (see sprite.h). */
#include "sprite.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image.h>

/* Colours named in the "too many colours" message before "...". */
#define LISTED_COLOURS 6

/* The opaque pixels' bounding box in the image, inclusive. */
struct box {
    int left, top, right, bottom;
};

static void fail(char *message, size_t message_size, const char *format, ...) {
    if (!message || message_size == 0)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, message_size, format, args);
    va_end(args);
}

/* stb_image's reason for its last failure, made printable: some reasons quote bytes of
 * the input (an unknown PNG chunk's type, all zeros when a PNG ends without IEND). */
struct reason {
    char text[64];
};

static struct reason stb_reason(void) {
    const char *reason = stbi_failure_reason();
    struct reason r;
    snprintf(r.text, sizeof r.text, "%s",
             reason && reason[0] ? reason : "corrupt or truncated data");
    for (char *c = r.text; *c; c++)
        if (*c < ' ' || *c > '~')
            *c = '?';
    return r;
}

/* An image as stb_image decodes it: 8 bits per sample, rows from the top, `channels`
 * samples per pixel (grey, grey + alpha, RGB or RGBA). */
struct image {
    const unsigned char *pixels;
    int width, height, channels;
};

static const unsigned char *pixel_at(const struct image *image, int x, int y) {
    size_t index = (size_t)y * (size_t)image->width + (size_t)x;
    return image->pixels + index * (size_t)image->channels;
}

static bool is_opaque(const struct image *image, int x, int y) {
    if (image->channels == 1 || image->channels == 3)
        return true;
    return pixel_at(image, x, y)[image->channels - 1] == 255;
}

static uint32_t rgb_at(const struct image *image, int x, int y) {
    const unsigned char *p = pixel_at(image, x, y);
    if (image->channels < 3)
        return (uint32_t)p[0] * 0x010101;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static bool too_large(int width, int height) {
    return width > SPRITE_MAX_IMAGE_SIDE || height > SPRITE_MAX_IMAGE_SIDE ||
           (long)width * height > SPRITE_MAX_IMAGE_PIXELS;
}

/* stb_image's binary PNM reader (P5, P6) has two flaws: a number too long for an int
 * overflows (undefined behaviour), and a file cut short is returned as an image, partly
 * uninitialised. So the header is scanned here first, exactly the way stb_image scans it. */
struct pnm_cursor {
    const unsigned char *data;
    size_t size, next;
    char c; /* the last character read, as stb_image keeps it */
};

static bool pnm_at_end(const struct pnm_cursor *s) {
    return s->next >= s->size;
}

static void pnm_read(struct pnm_cursor *s) {
    s->c = s->next < s->size ? (char)s->data[s->next++] : 0;
}

static bool pnm_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static void pnm_skip_space(struct pnm_cursor *s) {
    for (;;) {
        while (!pnm_at_end(s) && pnm_space(s->c))
            pnm_read(s);
        if (pnm_at_end(s) || s->c != '#')
            return;
        while (!pnm_at_end(s) && s->c != '\n' && s->c != '\r')
            pnm_read(s);
    }
}

/* False when the number does not fit in an int. */
static bool pnm_number(struct pnm_cursor *s, int *value) {
    *value = 0;
    while (!pnm_at_end(s) && s->c >= '0' && s->c <= '9') {
        int digit = s->c - '0';
        if (*value > (INT_MAX - digit) / 10)
            return false;
        *value = *value * 10 + digit;
        pnm_read(s);
    }
    return true;
}

static bool is_pnm(const unsigned char *data, size_t size) {
    return size >= 2 && data[0] == 'P' && (data[1] == '5' || data[1] == '6');
}

/* True unless the data is a PNM that stb_image would misread. */
static bool check_pnm(const unsigned char *data, size_t size, char *message, size_t message_size) {
    if (!is_pnm(data, size))
        return true;
    struct pnm_cursor s = {data, size, 2, 0};
    int width, height, max_value;
    pnm_read(&s);
    pnm_skip_space(&s);
    bool fits = pnm_number(&s, &width);
    pnm_skip_space(&s);
    fits = fits && pnm_number(&s, &height);
    pnm_skip_space(&s);
    fits = fits && pnm_number(&s, &max_value);
    if (!fits) {
        fail(message, message_size, "not an image stb_image can read: a PNM number is too large");
        return false;
    }
    /* Other problems are stbi_info's to report; sizes beyond the limits never reach this. */
    if (max_value > 65535 || width <= 0 || height <= 0 || too_large(width, height))
        return true;
    size_t samples = (size_t)width * (size_t)height * (data[1] == '6' ? 3 : 1);
    size_t needed = s.next + samples * (max_value > 255 ? 2 : 1);
    if (size < needed) {
        fail(message, message_size, "cannot decode image: truncated PNM (%zu bytes of %zu)", size,
             needed);
        return false;
    }
    return true;
}

/* A PNG chunk as stb_image reads it: 8 bytes of length and type, the data, a 4-byte CRC. */
struct png_chunk {
    size_t at; /* where it starts */
    uint32_t length;
    const unsigned char *type; /* NULL before the first chunk */
    bool complete;             /* its data and CRC are all there */
};

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static bool is_png(const unsigned char *data, size_t size) {
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return size >= 8 && memcmp(data, signature, 8) == 0;
}

/* Moves to the next chunk; false when there is none: after IEND or a chunk cut short (where
 * stb_image stops or fails), or at the end of the data. */
static bool png_next(const unsigned char *data, size_t size, struct png_chunk *c) {
    size_t at = 8;
    if (c->type) {
        if (!c->complete || memcmp(c->type, "IEND", 4) == 0)
            return false;
        at = c->at + 12 + c->length;
    }
    if (size - at < 8)
        return false;
    *c = (struct png_chunk){at, be32(data + at), data + at + 4, false};
    c->complete = (size_t)c->length + 4 <= size - at - 8;
    return true;
}

/* stb_image's PNG reader grows its buffer to an IDAT chunk's stated length before reading
 * it: a few corrupt bytes can make it allocate gigabytes. So an IDAT chunk longer than the
 * data left is refused first. */
static bool check_png(const unsigned char *data, size_t size, char *message, size_t message_size) {
    struct png_chunk c = {0, 0, NULL, false};
    while (is_png(data, size) && png_next(data, size, &c))
        if (memcmp(c.type, "IDAT", 4) == 0 && c.length > size - c.at - 8) {
            fail(message, message_size,
                 "cannot decode image: truncated PNG (an IDAT chunk runs past the end)");
            return false;
        }
    return true;
}

/* A BMP's palette as stb_image reads it: all the bytes between the header and the pixels,
 * in 4-byte colours (3-byte after the old OS/2 header of 12 bytes, where stb_image counts
 * 24 bytes of header). stb_image then looks pixels up in an array of 256 colours without
 * checking that they are in the palette. */
struct bmp_palette {
    long colours;  /* < 1 when the pixels start inside the header */
    long full;     /* 2, 16 or 256: what the pixels can index */
    long entry;    /* bytes per colour */
    size_t pixels; /* where the pixels start */
};

static uint32_t le32(const unsigned char *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* False unless data is a BMP of 1, 4 or 8 bits per pixel. */
static bool bmp_palette(const unsigned char *data, size_t size, struct bmp_palette *p) {
    if (size < 30 || data[0] != 'B' || data[1] != 'M')
        return false;
    uint32_t offset = le32(data + 10), header = le32(data + 14);
    if (header != 12 && header != 40 && header != 56 && header != 108 && header != 124)
        return false;
    int bits = header == 12 ? data[24] | data[25] << 8 : data[28] | data[29] << 8;
    if (bits != 1 && bits != 4 && bits != 8)
        return false;
    long start = header == 12 ? 14 + 24 : 14 + (long)header;
    p->entry = header == 12 ? 3 : 4;
    p->full = 1L << bits;
    p->pixels = offset;
    p->colours = (long)offset >= start ? ((long)offset - start) / p->entry : -1;
    return true;
}

/* stb_image refuses an empty palette but not a "negative" one, where the pixels start
 * inside the header: it then reads no colour at all. */
static bool check_bmp(const unsigned char *data, size_t size, char *message, size_t message_size) {
    struct bmp_palette palette;
    if (!bmp_palette(data, size, &palette) || palette.colours >= 1)
        return true;
    fail(message, message_size, "cannot decode image: corrupt BMP (no palette)");
    return false;
}

/* stb_image reads a Radiance HDR header line by line up to an empty line (or one starting
 * with a zero byte), then the size line. Cut short, the size line loses its last character
 * and the pixels, all missing, are read into an uninitialised array. So the size line must
 * end within the data. */
static const unsigned char *next_line(const unsigned char *line, const unsigned char *end) {
    const unsigned char *newline = memchr(line, '\n', (size_t)(end - line));
    return newline ? newline + 1 : NULL;
}

static bool check_hdr(const unsigned char *data, size_t size, char *message, size_t message_size) {
    if (!stbi_is_hdr_from_memory(data, (int)size))
        return true;
    const unsigned char *end = data + size, *line = next_line(data, end);
    while (line && line < end && *line != '\n' && *line != 0)
        line = next_line(line, end);
    for (int i = 0; i < 2 && line; i++) /* the empty line, then the size line */
        line = line < end ? next_line(line, end) : NULL;
    if (line)
        return true;
    fail(message, message_size, "cannot decode image: truncated HDR header");
    return false;
}

/* stb_image 2.27's JPEG reader does not check that a Huffman table (DHT segment) has at
 * most 256 codes, and writes past its arrays when one has more. So the segments it would
 * read are walked here first, the way it walks them, and such a table is refused. The walk
 * may read more segments than stb_image would (it goes on where stb_image would stop on
 * some errors), never fewer. */
#define JPEG_NO_MARKER 0xff

struct jpeg_walk {
    const unsigned char *data;
    size_t size, at;
    bool bad_table;
};

static int walk_byte(struct jpeg_walk *w) {
    return w->at < w->size ? w->data[w->at++] : 0; /* stb_image reads zeros past the end */
}

static int walk_16(struct jpeg_walk *w) {
    int high = walk_byte(w);
    return high << 8 | walk_byte(w);
}

static void walk_skip(struct jpeg_walk *w, int n) {
    w->at = (size_t)n < w->size - w->at ? w->at + (size_t)n : w->size;
}

/* A marker: 0xff, any 0xff fill bytes, then its code. */
static int walk_marker(struct jpeg_walk *w) {
    int x = walk_byte(w);
    if (x != 0xff)
        return JPEG_NO_MARKER;
    while (x == 0xff)
        x = walk_byte(w);
    return x;
}

/* The marker that ends entropy-coded data: 0xff then a byte that is neither a stuffed 0,
 * a fill 0xff nor a restart marker (which stb_image reads within the scan). */
static int walk_scan(struct jpeg_walk *w) {
    while (w->at < w->size) {
        if (walk_byte(w) != 0xff)
            continue;
        int x = walk_byte(w);
        while (x == 0xff)
            x = walk_byte(w);
        if (x != 0 && (x < 0xd0 || x > 0xd7))
            return x;
    }
    return JPEG_NO_MARKER;
}

static bool walk_dht(struct jpeg_walk *w) {
    int left = walk_16(w) - 2;
    while (left > 0) {
        int q = walk_byte(w);
        if (q >> 4 > 1 || (q & 15) > 3)
            return false;
        int codes = 0;
        for (int i = 0; i < 16; i++)
            codes += walk_byte(w);
        if (codes > 256) {
            w->bad_table = true;
            return false;
        }
        walk_skip(w, codes);
        left -= 17 + codes;
    }
    return left == 0;
}

/* Reads the segment after marker m; false where stb_image would stop. */
static bool walk_segment(struct jpeg_walk *w, int m) {
    if (m == 0xc4)
        return walk_dht(w);
    if (m == 0xdd) { /* DRI */
        walk_skip(w, 4);
        return true;
    }
    if (m == 0xdb || (m >= 0xe0 && m <= 0xef) || m == 0xfe) { /* DQT, APPn, COM */
        int length = walk_16(w);
        walk_skip(w, length - 2);
        return length >= 2;
    }
    return false;
}

static bool jpeg_has_bad_table(const unsigned char *data, size_t size) {
    struct jpeg_walk w = {data, size, 0, false};
    if (walk_marker(&w) != 0xd8) /* SOI: otherwise not a JPEG to stb_image */
        return false;
    int m;
    /* Up to the frame header (SOF0..2); stb_image skips junk between these segments. */
    while ((m = walk_marker(&w)) != 0xc0 && m != 0xc1 && m != 0xc2) {
        if (m == JPEG_NO_MARKER) {
            if (w.at >= size)
                return false;
        } else if (!walk_segment(&w, m)) {
            return w.bad_table;
        }
    }
    walk_skip(&w, walk_16(&w) - 2);
    /* Scans and the segments between them, up to EOI. */
    m = walk_marker(&w);
    while (m != 0xd9) {
        if (m == 0xda) { /* SOS: its header, then entropy-coded data */
            walk_skip(&w, walk_16(&w) - 2);
            m = walk_scan(&w);
            continue;
        }
        if (m == 0xdc) /* DNL */
            walk_skip(&w, 4);
        else if (!walk_segment(&w, m))
            return w.bad_table;
        m = walk_marker(&w);
    }
    return false;
}

static bool is_jpeg(const unsigned char *data, size_t size) {
    struct jpeg_walk w = {data, size, 0, false};
    return walk_marker(&w) == 0xd8; /* SOI */
}

static bool check_jpeg(const unsigned char *data, size_t size, char *message, size_t message_size) {
    if (!jpeg_has_bad_table(data, size))
        return true;
    fail(message, message_size,
         "cannot decode image: corrupt JPEG (a Huffman table has more than 256 codes)");
    return false;
}

/* Reads the header only, so that a huge image is refused before anything is allocated. */
static bool check_header(const unsigned char *data, int size, long *pixels, char *message,
                         size_t message_size) {
    int width, height, channels;
    if (!stbi_info_from_memory(data, size, &width, &height, &channels)) {
        fail(message, message_size, "not an image stb_image can read: %s", stb_reason().text);
        return false;
    }
    if (width <= 0 || height <= 0) {
        fail(message, message_size, "the image header gives an invalid size: %dx%d pixels", width,
             height);
        return false;
    }
    if (too_large(width, height)) {
        fail(message, message_size,
             "the image is %dx%d pixels: too large (at most %d pixels on a side and %ld in all)",
             width, height, SPRITE_MAX_IMAGE_SIDE, SPRITE_MAX_IMAGE_PIXELS);
        return false;
    }
    /* stb_image decodes every scan of a JPEG over the whole image, so thousands of empty
     * scans take minutes. A JPEG has no transparent pixel: one larger than a sprite could
     * not be printed anyway. */
    if (is_jpeg(data, (size_t)size) && (width > SPRITE_MAX_WIDTH || height > SPRITE_MAX_HEIGHT)) {
        fail(message, message_size,
             "the sprite is %dx%d pixels (a JPEG image has no transparent pixel); at most %dx%d "
             "can be printed (with --width %d --height %d)",
             width, height, SPRITE_MAX_WIDTH, SPRITE_MAX_HEIGHT, FIELD_MAX_WIDTH, FIELD_MAX_HEIGHT);
        return false;
    }
    *pixels = (long)width * height;
    return true;
}

static bool find_opaque_box(const struct image *image, struct box *box) {
    *box = (struct box){image->width, image->height, -1, -1};
    for (int y = 0; y < image->height; y++)
        for (int x = 0; x < image->width; x++)
            if (is_opaque(image, x, y)) {
                box->left = x < box->left ? x : box->left;
                box->right = x > box->right ? x : box->right;
                box->top = y < box->top ? y : box->top;
                box->bottom = y;
            }
    return box->right >= 0;
}

/* The first fully transparent row inside the box, or -1. Nothing outside the box is
 * opaque, so looking between its sides is enough. */
static int find_empty_row(const struct image *image, const struct box *box) {
    for (int y = box->top + 1; y < box->bottom; y++) {
        bool empty = true;
        for (int x = box->left; x <= box->right && empty; x++)
            empty = !is_opaque(image, x, y);
        if (empty)
            return y;
    }
    return -1;
}

/* Index of `rgb` in `colours`, appended when new. */
static int colour_index(uint32_t rgb, uint32_t *colours, int *count) {
    for (int i = 0; i < *count; i++)
        if (colours[i] == rgb)
            return i;
    colours[*count] = rgb;
    return (*count)++;
}

static void report_colours(const uint32_t *colours, int count, char *message, size_t message_size) {
    char list[LISTED_COLOURS * 9 + 8] = "";
    size_t used = 0;
    for (int i = 0; i < count && i < LISTED_COLOURS; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s#%06x", i ? ", " : "",
                                 (unsigned)colours[i]);
    if (count > LISTED_COLOURS)
        snprintf(list + used, sizeof list - used, ", ...");
    fail(message, message_size, "%d opaque colours (%s); at most %d can be printed", count, list,
         MAX_COLOURS);
}

/* Copies the box into `out`, numbering the colours in reading order. */
static bool copy_sprite(const struct image *image, const struct box *box, struct sprite *out,
                        char *message, size_t message_size) {
    uint32_t colours[SPRITE_MAX_WIDTH * SPRITE_MAX_HEIGHT];
    int count = 0;
    for (int y = 0; y < out->height; y++)
        for (int x = 0; x < out->width; x++) {
            if (!is_opaque(image, box->left + x, box->top + y))
                continue;
            int i = colour_index(rgb_at(image, box->left + x, box->top + y), colours, &count);
            out->pixels[y][x] = (uint8_t)(i < MAX_COLOURS ? i + 1 : 0);
        }
    if (count > MAX_COLOURS) {
        report_colours(colours, count, message, message_size);
        return false;
    }
    out->colour_count = count;
    memcpy(out->colours, colours, (size_t)count * sizeof colours[0]);
    return true;
}

static enum sprite_status make_sprite(const struct image *image, struct sprite *out, char *message,
                                      size_t message_size) {
    struct box box;
    if (!find_opaque_box(image, &box)) {
        fail(message, message_size, "no opaque pixel: nothing to print");
        return SPRITE_BAD_INPUT;
    }
    int width = box.right - box.left + 1, height = box.bottom - box.top + 1;
    if (width > SPRITE_MAX_WIDTH || height > SPRITE_MAX_HEIGHT) {
        fail(message, message_size,
             "the sprite is %dx%d pixels after trimming transparent borders; at most %dx%d can "
             "be printed (with --width %d --height %d)",
             width, height, SPRITE_MAX_WIDTH, SPRITE_MAX_HEIGHT, FIELD_MAX_WIDTH, FIELD_MAX_HEIGHT);
        return SPRITE_BAD_INPUT;
    }
    int empty_row = find_empty_row(image, &box);
    if (empty_row >= 0) {
        fail(message, message_size,
             "row %d of the image is fully transparent between opaque rows: Tetris can't leave "
             "an empty row under a printed one",
             empty_row);
        return SPRITE_BAD_INPUT;
    }
    *out = (struct sprite){.width = width, .height = height};
    out->trim_left = box.left;
    out->trim_top = box.top;
    return copy_sprite(image, &box, out, message, message_size) ? SPRITE_OK : SPRITE_BAD_INPUT;
}

/* Three inputs make stb_image read uninitialised memory, which would make the sprite
 * depend on whatever was there. Each is decoded from a copy with zeros inserted instead:
 * - stb_image reads the uncompressed pixels of a Radiance HDR image 4 bytes at a time into
 *   an array that a short read leaves as it was: zeros for all the pixels are appended
 *   (zeros are what stb_image reads past the end everywhere else);
 * - stb_image reads a BMP's or a PNG's palette into an array of 256 colours and looks
 *   pixels up in it unchecked: a pixel past a short palette reads the rest of the array.
 *   The palette is padded with opaque black to its full 2, 16 or 256 colours. */
#define HDR_PADDING(pixels) ((size_t)(pixels)*4 + 4)
/* Room left for the zeros (HDR's are the most) within what stb_image takes, an int. */
#define MAX_DATA_SIZE ((size_t)INT_MAX - HDR_PADDING(SPRITE_MAX_IMAGE_PIXELS))

/* Zeros to insert into the copy, and a 4-byte field of the copy to set (0: none). */
struct patch {
    size_t at, zeros;
    size_t field;
    uint32_t value;
    bool big_endian;
};

static bool hdr_patch(const unsigned char *data, int size, long pixel_count, struct patch *p) {
    *p = (struct patch){(size_t)size, HDR_PADDING(pixel_count), 0, 0, false};
    return stbi_is_hdr_from_memory(data, size);
}

/* The colours go where the pixels start, and so does the header's offset of the pixels. */
static bool bmp_patch(const unsigned char *data, int size, struct patch *p) {
    struct bmp_palette palette;
    /* Past the end, every pixel reads as 0, which is in the palette. */
    if (!bmp_palette(data, (size_t)size, &palette) || palette.colours >= palette.full ||
        palette.pixels >= (size_t)size)
        return false;
    size_t missing = (size_t)((palette.full - palette.colours) * palette.entry);
    *p = (struct patch){palette.pixels, missing, 10, (uint32_t)(palette.pixels + missing), false};
    return true;
}

/* The last complete PLTE chunk, which is the palette stb_image uses, gets 256 colours. */
static bool png_patch(const unsigned char *data, int size, struct patch *p) {
    struct png_chunk c = {0, 0, NULL, false}, palette = c;
    while (is_png(data, (size_t)size) && png_next(data, (size_t)size, &c))
        if (memcmp(c.type, "PLTE", 4) == 0 && c.complete)
            palette = c;
    /* stb_image refuses a PLTE chunk that is empty, longer or not whole colours. */
    if (!palette.type || palette.length == 0 || palette.length >= 256 * 3 || palette.length % 3)
        return false;
    *p = (struct patch){palette.at + 8 + palette.length, 256 * 3 - palette.length, palette.at,
                        256 * 3, true};
    return true;
}

/* A patched copy of data; `size` becomes the copy's (at most INT_MAX). */
static unsigned char *patched_copy(const unsigned char *data, int *size, const struct patch *p) {
    unsigned char *copy = calloc((size_t)*size + p->zeros, 1);
    if (copy) {
        memcpy(copy, data, p->at);
        memcpy(copy + p->at + p->zeros, data + p->at, (size_t)*size - p->at);
        for (int i = 0; p->field && i < 4; i++)
            copy[p->field + i] = (unsigned char)(p->value >> (p->big_endian ? 24 - 8 * i : 8 * i));
    }
    *size += (int)p->zeros;
    return copy;
}

/* The copy to decode instead of data, or NULL with *copied false when data will do. */
static unsigned char *safe_copy(const unsigned char *data, int *size, long pixel_count,
                                bool *copied) {
    struct patch p;
    *copied = hdr_patch(data, *size, pixel_count, &p) || bmp_patch(data, *size, &p) ||
              png_patch(data, *size, &p);
    return *copied ? patched_copy(data, size, &p) : NULL;
}

static enum sprite_status no_memory(char *message, size_t message_size) {
    fail(message, message_size, "out of memory decoding the image");
    return SPRITE_NO_MEMORY;
}

/* Decodes data already checked by check_header, of that many pixels. */
static enum sprite_status decode(const unsigned char *data, int size, long pixel_count,
                                 struct sprite *out, char *message, size_t message_size) {
    bool copied;
    unsigned char *copy = safe_copy(data, &size, pixel_count, &copied);
    if (copied && !copy)
        return no_memory(message, message_size);
    if (copy)
        data = copy;
    /* RGBA, except for PNM: stb_image's conversion of 16-bit PNM overflows its buffer, so a
     * PNM keeps its own channels (grey or RGB). */
    int wanted = is_pnm(data, (size_t)size) ? 0 : 4, in_file = 0;
    struct image image = {NULL, 0, 0, 0};
    unsigned char *pixels =
        stbi_load_from_memory(data, size, &image.width, &image.height, &in_file, wanted);
    free(copy);
    image.channels = wanted ? wanted : in_file;
    if (!pixels) {
        struct reason reason = stb_reason();
        if (strcmp(reason.text, "outofmem") == 0)
            return no_memory(message, message_size);
        fail(message, message_size, "cannot decode image: %s", reason.text);
        return SPRITE_BAD_INPUT;
    }
    image.pixels = pixels;
    enum sprite_status status;
    if (image.width <= 0 || image.height <= 0 || too_large(image.width, image.height) ||
        image.channels < 1 || image.channels > 4) {
        /* Not what the header said: never index past what was decoded. */
        fail(message, message_size, "cannot decode image: its header and its data disagree");
        status = SPRITE_BAD_INPUT;
    } else {
        status = make_sprite(&image, out, message, message_size);
    }
    stbi_image_free(pixels);
    return status;
}

enum sprite_status sprite_decode(const unsigned char *data, size_t size, struct sprite *out,
                                 char *message, size_t message_size) {
    *out = (struct sprite){0};
    if (message && message_size > 0)
        message[0] = '\0';
    if (size == 0) {
        fail(message, message_size, "not an image stb_image can read: no data");
        return SPRITE_BAD_INPUT;
    }
    if (size > MAX_DATA_SIZE) {
        fail(message, message_size, "the image is too large: %zu bytes (at most %zu)", size,
             MAX_DATA_SIZE);
        return SPRITE_BAD_INPUT;
    }
    long pixels;
    if (!check_pnm(data, size, message, message_size) ||
        !check_png(data, size, message, message_size) ||
        !check_bmp(data, size, message, message_size) ||
        !check_hdr(data, size, message, message_size) ||
        !check_jpeg(data, size, message, message_size) ||
        !check_header(data, (int)size, &pixels, message, message_size))
        return SPRITE_BAD_INPUT;
    enum sprite_status status = decode(data, (int)size, pixels, out, message, message_size);
    if (status != SPRITE_OK)
        *out = (struct sprite){0};
    return status;
}
