/* The guards around stb_image 2.27 (see stb_guards.h). */
#include "stb_guards.h"

#include "cli.h"
#include "decode_budget.h"
#include "image_decode.h"
#include "image_magic.h"
#include "printable.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image.h>

struct stb_reason stb_guards_reason(void) {
    const char *reason = stbi_failure_reason();
    if (!reason || !reason[0])
        reason = "corrupt or truncated data";
    struct stb_reason r;
    size_t used = 0;
    for (const char *c = reason; *c && used + PRINTABLE_BYTE_SIZE <= sizeof r.text; c++) {
        char shown[PRINTABLE_BYTE_SIZE];
        used += (size_t)snprintf(r.text + used, sizeof r.text - used, "%s",
                                 printable_byte((unsigned char)*c, shown));
    }
    r.text[used] = '\0';
    return r;
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

bool stb_guards_is_pnm(const unsigned char *data, size_t size) {
    return size >= 2 && data[0] == 'P' && (data[1] == '5' || data[1] == '6');
}

/* True unless the data is a PNM that stb_image would misread. */
static bool check_pnm(const unsigned char *data, size_t size, char *message, size_t message_size) {
    if (!stb_guards_is_pnm(data, size))
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
        cli_reason(message, message_size,
                   "not an image stb_image can read: a PNM number is too large");
        return false;
    }
    /* Other problems are stbi_info's to report; sizes beyond the limits never reach this. */
    if (max_value > 65535 || width <= 0 || height <= 0 || width > IMAGE_MAX_SIDE ||
        height > IMAGE_MAX_SIDE)
        return true;
    size_t samples = (size_t)width * (size_t)height * (data[1] == '6' ? 3 : 1);
    size_t needed = s.next + samples * (max_value > 255 ? 2 : 1);
    if (size < needed) {
        cli_reason(message, message_size, "cannot decode image: truncated PNM (%zu bytes of %zu)",
                   size, needed);
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

static bool is_png(const unsigned char *data, size_t size) {
    return size >= IMAGE_MAGIC_PNG_SIZE && memcmp(data, IMAGE_MAGIC_PNG, IMAGE_MAGIC_PNG_SIZE) == 0;
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
    *c = (struct png_chunk){at, image_magic_be32(data + at), data + at + 4, false};
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
            cli_reason(message, message_size,
                       "cannot decode image: truncated PNG (an IDAT chunk runs past the end)");
            return false;
        }
    return true;
}

/* What stb_image inflates a PNG from: its IHDR fields, all its IDAT data up to IEND, and
 * whether a CgBI chunk (Apple's PNG variant, raw deflate without zlib header) came first. */
struct png_stream {
    uint32_t width, height;
    int depth, channels, interlace; /* channels: as filtered, 1 for a palette */
    size_t idat_chunks, idat_bytes;
    bool iphone, ended;
};

/* False unless the data is a PNG with a usable IHDR; the rest is stb_image's to refuse. */
static bool png_stream(const unsigned char *data, size_t size, struct png_stream *s) {
    *s = (struct png_stream){0, 0, 0, 0, 0, 0, 0, false, false};
    struct png_chunk c = {0, 0, NULL, false};
    bool header = false;
    while (is_png(data, size) && png_next(data, size, &c)) {
        if (memcmp(c.type, "IEND", 4) == 0) /* stb_image reads nothing after its type */
            s->ended = true;
        if (!c.complete || s->ended)
            break;
        const unsigned char *field = c.type + 4;
        if (memcmp(c.type, "IHDR", 4) == 0 && !header && c.length == 13) {
            static const int channels[7] = {1, 0, 3, 1, 2, 0, 4}; /* by colour type */
            header = true;
            s->width = image_magic_be32(field);
            s->height = image_magic_be32(field + 4);
            s->depth = field[8];
            s->channels = field[9] < 7 ? channels[field[9]] : 0;
            s->interlace = field[12];
        } else if (memcmp(c.type, "CgBI", 4) == 0) {
            s->iphone = true;
        } else if (memcmp(c.type, "IDAT", 4) == 0) {
            s->idat_chunks++;
            s->idat_bytes += c.length;
        }
    }
    return header && s->channels > 0 && s->depth > 0 && s->depth <= 16 && s->width > 0 &&
           s->height > 0 && s->width <= IMAGE_MAX_SIDE && s->height <= IMAGE_MAX_SIDE;
}

/* The bytes of filtered rows stb_image reads: each row of each pass (one pass unless
 * interlaced, then Adam7's seven) is a filter byte then the packed samples. */
static size_t png_inflated_size(const struct png_stream *s) {
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
    static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    size_t total = 0;
    for (int pass = 0; pass < (s->interlace ? 7 : 1); pass++) {
        size_t width = s->interlace ? (s->width - x0[pass] + dx[pass] - 1) / dx[pass] : s->width;
        size_t height = s->interlace ? (s->height - y0[pass] + dy[pass] - 1) / dy[pass] : s->height;
        if (width && height)
            total += ((width * (size_t)s->channels * (size_t)s->depth + 7) / 8 + 1) * height;
    }
    return total;
}

/* All the IDAT data, in order: the data itself when it is one chunk, else a copy (*copy,
 * to free). NULL when memory runs out. */
static const unsigned char *png_idat(const unsigned char *data, size_t size,
                                     const struct png_stream *s, unsigned char **copy) {
    struct png_chunk c = {0, 0, NULL, false};
    size_t used = 0;
    *copy = NULL;
    if (s->idat_chunks > 1 && !(*copy = decode_budget_malloc(s->idat_bytes)))
        return NULL;
    while (png_next(data, size, &c)) {
        if (memcmp(c.type, "IDAT", 4) != 0)
            continue;
        if (!*copy)
            return c.type + 4;
        memcpy(*copy + used, c.type + 4, c.length);
        used += c.length;
    }
    return *copy;
}

bool stb_guards_check_png_inflation(const unsigned char *data, size_t size, char *message,
                                    size_t message_size) {
    struct png_stream s;
    if (!png_stream(data, size, &s) || !s.ended || s.idat_chunks == 0 || s.idat_bytes > INT_MAX)
        return true; /* stb_image refuses it without inflating anything */
    size_t allowed = png_inflated_size(&s);
    unsigned char *copy;
    const char *idat = (const char *)png_idat(data, size, &s, &copy);
    char *inflated = allowed <= INT_MAX ? decode_budget_malloc(allowed) : NULL;
    bool past = false;
    if (idat && inflated) {
        int length = (int)s.idat_bytes,
            got = s.iphone ? stbi_zlib_decode_noheader_buffer(inflated, (int)allowed, idat, length)
                           : stbi_zlib_decode_buffer(inflated, (int)allowed, idat, length);
        past = got < 0 && strcmp(stbi_failure_reason(), "output buffer limit") == 0;
    }
    decode_budget_free(inflated);
    decode_budget_free(copy);
    /* Out of memory or budget: image_decode reports it; corrupt data: stb_image does. */
    return !past || cli_reason(message, message_size,
                               "cannot decode image: the PNG's pixel data inflates past the "
                               "%zu bytes its %ux%u header allows",
                               allowed, (unsigned)s.width, (unsigned)s.height);
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
    cli_reason(message, message_size, "cannot decode image: corrupt BMP (no palette)");
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
    cli_reason(message, message_size, "cannot decode image: truncated HDR header");
    return false;
}

/* stb_image 2.27's JPEG reader does not check that a Huffman table (DHT segment) has at
 * most 256 codes, and writes past its arrays when one has more. So the segments it would
 * read are walked here first, the way it walks them, and such a table is refused. The walk
 * may read more segments than stb_image would (it goes on where stb_image would stop on
 * some errors), never fewer; it also counts the scans. */
#define JPEG_NO_MARKER 0xff

struct jpeg_walk {
    const unsigned char *data;
    size_t size, at;
    bool bad_table;
    long scans;
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

/* Walks the whole JPEG (see above); false where the walk stops. */
static bool walk_jpeg(struct jpeg_walk *w) {
    if (walk_marker(w) != 0xd8) /* SOI: otherwise not a JPEG to stb_image */
        return false;
    int m;
    /* Up to the frame header (SOF0..2); stb_image skips junk between these segments. */
    while ((m = walk_marker(w)) != 0xc0 && m != 0xc1 && m != 0xc2) {
        if (m == JPEG_NO_MARKER) {
            if (w->at >= w->size)
                return false;
        } else if (!walk_segment(w, m)) {
            return false;
        }
    }
    walk_skip(w, walk_16(w) - 2);
    /* Scans and the segments between them, up to EOI. */
    m = walk_marker(w);
    while (m != 0xd9) {
        if (m == 0xda) { /* SOS: its header, then entropy-coded data */
            w->scans++;
            walk_skip(w, walk_16(w) - 2);
            m = walk_scan(w);
            continue;
        }
        if (m == 0xdc) /* DNL */
            walk_skip(w, 4);
        else if (!walk_segment(w, m))
            return false;
        m = walk_marker(w);
    }
    return true;
}

bool stb_guards_is_jpeg(const unsigned char *data, size_t size) {
    struct jpeg_walk w = {data, size, 0, false, 0};
    return walk_marker(&w) == 0xd8; /* SOI */
}

long stb_guards_jpeg_scans(const unsigned char *data, size_t size) {
    struct jpeg_walk w = {data, size, 0, false, 0};
    walk_jpeg(&w);
    return w.scans;
}

static bool check_jpeg(const unsigned char *data, size_t size, char *message, size_t message_size) {
    struct jpeg_walk w = {data, size, 0, false, 0};
    walk_jpeg(&w);
    return !w.bad_table ||
           cli_reason(message, message_size,
                      "cannot decode image: corrupt JPEG (a Huffman table has more than 256 "
                      "codes)");
}

/* Zeros to insert into the copy, and a 4-byte field of the copy to set (0: none). */
struct patch {
    size_t at, zeros;
    size_t field;
    uint32_t value;
    bool big_endian;
};

static bool hdr_patch(const unsigned char *data, int size, long pixel_count, struct patch *p) {
    *p = (struct patch){(size_t)size, STB_GUARDS_HDR_PADDING(pixel_count), 0, 0, false};
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
    unsigned char *copy = decode_budget_calloc((size_t)*size + p->zeros);
    if (copy) {
        memcpy(copy, data, p->at);
        memcpy(copy + p->at + p->zeros, data + p->at, (size_t)*size - p->at);
        for (int i = 0; p->field && i < 4; i++)
            copy[p->field + i] = (unsigned char)(p->value >> (p->big_endian ? 24 - 8 * i : 8 * i));
    }
    *size += (int)p->zeros;
    return copy;
}

unsigned char *stb_guards_copy(const unsigned char *data, int *size, long pixel_count,
                               bool *copied) {
    struct patch p;
    *copied = hdr_patch(data, *size, pixel_count, &p) || bmp_patch(data, *size, &p) ||
              png_patch(data, *size, &p);
    return *copied ? patched_copy(data, size, &p) : NULL;
}

bool stb_guards_check(const unsigned char *data, size_t size, char *message, size_t message_size) {
    return check_pnm(data, size, message, message_size) &&
           check_png(data, size, message, message_size) &&
           check_bmp(data, size, message, message_size) &&
           check_hdr(data, size, message, message_size) &&
           check_jpeg(data, size, message, message_size);
}
