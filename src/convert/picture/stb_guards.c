/* The guards around stb_image 2.27 (see stb_guards.h). */
#include "stb_guards.h"

#include "cli.h"
#include "decode_budget.h"
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
static bool check_pnm(const unsigned char *data, size_t size, int max_side, char *message,
                      size_t message_size) {
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
                   "not an image tetris-convert can read: a PNM number is too large");
        return false;
    }
    /* Other problems are stbi_info's to report; sizes beyond the limits never reach this. */
    if (max_value > 65535 || width <= 0 || height <= 0 || width > max_side || height > max_side)
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

/* Zeros to insert into the copy, and a 4-byte little-endian field of the copy to set. */
struct patch {
    size_t at, zeros;
    size_t field;
    uint32_t value;
};

/* The colours go where the pixels start, and so does the header's offset of the pixels. */
static bool bmp_patch(const unsigned char *data, int size, struct patch *p) {
    struct bmp_palette palette;
    /* Past the end, every pixel reads as 0, which is in the palette. */
    if (!bmp_palette(data, (size_t)size, &palette) || palette.colours >= palette.full ||
        palette.pixels >= (size_t)size)
        return false;
    size_t missing = (size_t)((palette.full - palette.colours) * palette.entry);
    *p = (struct patch){palette.pixels, missing, 10, (uint32_t)(palette.pixels + missing)};
    return true;
}

/* A patched copy of data; `size` becomes the copy's (at most INT_MAX). */
static unsigned char *patched_copy(const unsigned char *data, int *size, const struct patch *p) {
    unsigned char *copy = decode_budget_calloc((size_t)*size + p->zeros);
    if (copy) {
        memcpy(copy, data, p->at);
        memcpy(copy + p->at + p->zeros, data + p->at, (size_t)*size - p->at);
        for (int i = 0; i < 4; i++)
            copy[p->field + i] = (unsigned char)(p->value >> 8 * i);
    }
    *size += (int)p->zeros;
    return copy;
}

unsigned char *stb_guards_copy(const unsigned char *data, int *size, bool *copied) {
    struct patch p;
    *copied = bmp_patch(data, *size, &p);
    return *copied ? patched_copy(data, size, &p) : NULL;
}

bool stb_guards_check(const unsigned char *data, size_t size, int max_side, char *message,
                      size_t message_size) {
    return check_pnm(data, size, max_side, message, message_size) &&
           check_bmp(data, size, message, message_size) &&
           check_hdr(data, size, message, message_size);
}

/* ------------------------------------------------- reading through callbacks, to the end */

/* stb_image reads past the end of data held in memory as zeros, without a word: a file cut
 * short would be decoded with zero pixels. Through these callbacks a read past the end is
 * noticed. */
struct stb_reader {
    const unsigned char *data;
    size_t size, at;
    bool past_end; /* a read found nothing left */
};

static int reader_read(void *user, char *out, int wanted) {
    struct stb_reader *r = user;
    size_t left = r->size - r->at, n = (size_t)(wanted > 0 ? wanted : 0);
    n = n < left ? n : left;
    memcpy(out, r->data + r->at, n);
    r->at += n;
    r->past_end = r->past_end || (wanted > 0 && n == 0);
    return (int)n;
}

static void reader_skip(void *user, int n) {
    struct stb_reader *r = user;
    size_t left = r->size - r->at;
    if (n > 0)
        r->at += (size_t)n < left ? (size_t)n : left;
}

static int reader_eof(void *user) {
    struct stb_reader *r = user;
    return r->at >= r->size;
}

static const stbi_io_callbacks READER = {reader_read, reader_skip, reader_eof};

bool stb_guards_info(const unsigned char *data, size_t size, int *width, int *height,
                     int *channels) {
    struct stb_reader r = {data, size, 0, false};
    return stbi_info_from_callbacks(&READER, &r, width, height, channels) != 0;
}

unsigned char *stb_guards_load(const unsigned char *data, size_t size, int *width, int *height,
                               int *channels, int wanted, bool *cut_short) {
    struct stb_reader r = {data, size, 0, false};
    unsigned char *pixels = stbi_load_from_callbacks(&READER, &r, width, height, channels, wanted);
    *cut_short = r.past_end;
    return pixels;
}
