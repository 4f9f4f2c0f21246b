/* tetris-convert's sprite loader: trimming, colour order, the limits of what Tetris can
 * print, formats, and refusing bad or huge images with a one-line reason. */
#include "decode_budget.h"
#include "sprite.h"
#include "unit.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

/* An encoded image. */
struct file {
    unsigned char data[1 << 16];
    size_t size;
};

static struct file file;
static struct sprite sprite;
static char message[256];

static void append(void *context, void *data, int size) {
    struct file *f = context;
    ck_assert_uint_le(f->size + (size_t)size, sizeof f->data);
    memcpy(f->data + f->size, data, (size_t)size);
    f->size += (size_t)size;
}

/* Pixels of the test pictures: '.' transparent (with a colour that must not matter), ','
 * transparent black, 'r' red at alpha 254, and opaque colours R G B W K Y C M. */
static void pixel(char c, unsigned char rgba[4]) {
    static const struct {
        char c;
        uint32_t rgb;
        unsigned char alpha;
    } table[] = {{'.', 0x123456, 0},   {',', 0x000000, 0},   {'r', 0xff0000, 254},
                 {'R', 0xff0000, 255}, {'G', 0x00ff00, 255}, {'B', 0x0000ff, 255},
                 {'W', 0xffffff, 255}, {'K', 0x000000, 255}, {'Y', 0xffff00, 255},
                 {'C', 0x00ffff, 255}, {'M', 0xff00ff, 255}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].c == c) {
            rgba[0] = (unsigned char)(table[i].rgb >> 16);
            rgba[1] = (unsigned char)(table[i].rgb >> 8);
            rgba[2] = (unsigned char)table[i].rgb;
            rgba[3] = table[i].alpha;
            return;
        }
    ck_abort_msg("no pixel '%c'", c);
}

enum format { PNG, BMP, TGA, TGA_RLE };

/* Encodes a picture given as `height` rows of characters into `file`. */
static void picture(enum format format, int height, const char *const rows[]) {
    static unsigned char rgba[(SPRITE_MAX_WIDTH + 1) * (SPRITE_MAX_HEIGHT + 1) * 4];
    int width = (int)strlen(rows[0]);
    ck_assert_int_le(width * height, (SPRITE_MAX_WIDTH + 1) * (SPRITE_MAX_HEIGHT + 1));
    for (int y = 0; y < height; y++) {
        ck_assert_int_eq((int)strlen(rows[y]), width);
        for (int x = 0; x < width; x++)
            pixel(rows[y][x], rgba + 4 * (y * width + x));
    }
    file.size = 0;
    int ok = 0;
    switch (format) {
    case PNG:
        ok = stbi_write_png_to_func(append, &file, width, height, 4, rgba, width * 4);
        break;
    case BMP:
        ok = stbi_write_bmp_to_func(append, &file, width, height, 4, rgba);
        break;
    case TGA:
    case TGA_RLE:
        stbi_write_tga_with_rle = format == TGA_RLE;
        ok = stbi_write_tga_to_func(append, &file, width, height, 4, rgba);
        break;
    }
    ck_assert(ok);
}

/* A picture of width x height filled with one character. */
static void filled(int width, int height, char c) {
    static char lines[SPRITE_MAX_HEIGHT + 1][SPRITE_MAX_WIDTH + 2];
    const char *rows[SPRITE_MAX_HEIGHT + 1];
    for (int y = 0; y < height; y++) {
        memset(lines[y], c, (size_t)width);
        lines[y][width] = '\0';
        rows[y] = lines[y];
    }
    picture(PNG, height, rows);
}

/* Today's converter: 17 x 32 pixels in 3 colours. */
static const struct sprite_limits limits = {17, 32, 3};

static enum sprite_status decode_bytes(const void *data, size_t size) {
    memset(message, 'x', sizeof message);
    return sprite_decode(data, size, &limits, NULL, &sprite, NULL, message, sizeof message);
}

static enum sprite_status decode(void) {
    return decode_bytes(file.data, file.size);
}

/* Asserts a refusal with exactly this message. */
static void refused(const char *expected) {
    ck_assert_int_eq(decode(), SPRITE_BAD_INPUT);
    ck_assert_str_eq(message, expected);
}

/* Asserts a refusal whose message starts with `prefix` and is one printable line. */
static void refused_with(enum sprite_status status, const char *prefix) {
    ck_assert_int_eq(status, SPRITE_BAD_INPUT);
    ck_assert_msg(strncmp(message, prefix, strlen(prefix)) == 0, "message: %s", message);
    for (const char *c = message; *c; c++)
        ck_assert_msg(*c >= ' ' && *c <= '~', "unprintable in: %s", message);
    ck_assert_int_eq(sprite.width, 0); /* nothing half-filled */
}

/* Asserts the sprite's rows as characters: '.' empty, '1'..'3' colour numbers. */
static void rows_are(int height, const char *const rows[]) {
    ck_assert_int_eq(sprite.height, height);
    ck_assert_int_eq(sprite.width, (int)strlen(rows[0]));
    for (int y = 0; y < height; y++)
        for (int x = 0; x < sprite.width; x++) {
            ck_assert_int_le(sprite.pixels[y][x], sprite.colour_count);
            ck_assert_msg(".123"[sprite.pixels[y][x]] == rows[y][x], "pixel %d,%d is %d", x, y,
                          sprite.pixels[y][x]);
        }
}

START_TEST(trims_transparent_borders) {
    const char *image[] = {"........", "...R....", "..RGR...", "...R....", ",,,,,,,,"};
    picture(PNG, 5, image);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.trim_left, 2);
    ck_assert_int_eq(sprite.trim_top, 1);
    const char *expected[] = {".1.", "121", ".1."};
    rows_are(3, expected);
    ck_assert_int_eq(sprite.colour_count, 2);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[1], 0x00ff00);
    /* Nothing outside the sprite. */
    for (int y = 0; y < SPRITE_MAX_HEIGHT; y++)
        for (int x = 0; x < SPRITE_MAX_WIDTH; x++)
            if (y >= 3 || x >= 3)
                ck_assert_int_eq(sprite.pixels[y][x], 0);
}
END_TEST

START_TEST(colours_in_reading_order) {
    /* First seen: G (row 0), then B (row 0, right of G), then R (row 1). */
    const char *image[] = {".GB", "RRB", "GBR"};
    picture(PNG, 3, image);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 3);
    ck_assert_uint_eq(sprite.colours[0], 0x00ff00);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    ck_assert_uint_eq(sprite.colours[2], 0xff0000);
    const char *expected[] = {".12", "332", "123"};
    rows_are(3, expected);
}
END_TEST

START_TEST(one_two_and_three_colours) {
    const char *one[] = {"K"};
    picture(PNG, 1, one);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 1);
    ck_assert_uint_eq(sprite.colours[0], 0x000000);
    ck_assert_int_eq(sprite.width, 1);
    ck_assert_int_eq(sprite.height, 1);
    ck_assert_int_eq(sprite.pixels[0][0], 1);

    const char *two[] = {"WK", "KW"};
    picture(PNG, 2, two);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 2);
    const char *two_rows[] = {"12", "21"};
    rows_are(2, two_rows);

    const char *three[] = {"YYCM"};
    picture(PNG, 1, three);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 3);
    ck_assert_uint_eq(sprite.colours[2], 0xff00ff);
}
END_TEST

START_TEST(alpha_254_is_transparent) {
    /* The alpha-254 red is neither trimmed into the sprite nor counted as a colour. */
    const char *image[] = {"rrrr", "rGBr", "rBGr", "rrrr"};
    picture(PNG, 4, image);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.trim_left, 1);
    ck_assert_int_eq(sprite.trim_top, 1);
    ck_assert_int_eq(sprite.colour_count, 2);
    const char *expected[] = {"12", "21"};
    rows_are(2, expected);

    const char *inside[] = {"GrG"};
    picture(PNG, 1, inside);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 1);
    const char *inside_rows[] = {"1.1"};
    rows_are(1, inside_rows);
}
END_TEST

START_TEST(largest_sprite_accepted) {
    filled(limits.max_width, limits.max_height, 'B');
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.width, limits.max_width);
    ck_assert_int_eq(sprite.height, limits.max_height);
    ck_assert_int_eq(sprite.pixels[limits.max_height - 1][limits.max_width - 1], 1);

    /* The same inside transparent borders. */
    static char lines[40][30];
    const char *rows[40];
    for (int y = 0; y < 40; y++) {
        for (int x = 0; x < 29; x++)
            lines[y][x] = x >= 5 && x < 22 && y >= 3 && y < 35 ? 'B' : '.';
        lines[y][29] = '\0';
        rows[y] = lines[y];
    }
    picture(PNG, 40, rows);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.width, 17);
    ck_assert_int_eq(sprite.height, 32);
    ck_assert_int_eq(sprite.trim_left, 5);
    ck_assert_int_eq(sprite.trim_top, 3);
}
END_TEST

START_TEST(too_wide_or_too_tall_refused) {
    filled(18, 32, 'B');
    refused("the sprite is 18x32 pixels after trimming transparent borders; at most 17x32 can be "
            "printed (try --fit)");
    filled(17, 33, 'B');
    refused("the sprite is 17x33 pixels after trimming transparent borders; at most 17x32 can be "
            "printed (try --fit)");
    /* Two pixels far apart: the trimmed size counts. */
    const char *image[] = {"..R..................R"};
    picture(PNG, 1, image);
    refused("the sprite is 20x1 pixels after trimming transparent borders; at most 17x32 can be "
            "printed (try --fit)");
}
END_TEST

START_TEST(more_than_three_colours_refused_and_named) {
    const char *four[] = {"RG", "BW"};
    picture(PNG, 2, four);
    refused("4 opaque colours (#ff0000, #00ff00, #0000ff, #ffffff); at most 3 can be printed (try "
            "--fit --colors 3)");
    const char *eight[] = {"MCYK", "WBGR"};
    picture(PNG, 2, eight);
    refused("8 opaque colours (#ff00ff, #00ffff, #ffff00, #000000, #ffffff, #0000ff, ...); at "
            "most 3 can be printed (try --fit --colors 3)");
}
END_TEST

START_TEST(no_opaque_pixel_refused) {
    filled(5, 4, '.');
    refused("no opaque pixel: nothing to print");
    filled(3, 3, 'r'); /* alpha 254: --fit prints it */
    refused("no opaque pixel: nothing to print (try --fit)");
}
END_TEST

START_TEST(transparent_row_inside_refused) {
    const char *image[] = {"....", ".RR.", ".GG.", "....", ".R..", "...."};
    picture(PNG, 6, image);
    refused("row 3 of the image is fully transparent between opaque rows: Tetris can't leave an "
            "empty row under a printed one (try --fit --background white)");
    /* Alpha 254 does not fill the gap. */
    const char *faint[] = {"R", "r", "R"};
    picture(PNG, 3, faint);
    refused("row 1 of the image is fully transparent between opaque rows: Tetris can't leave an "
            "empty row under a printed one (try --fit --background white)");
    /* Transparent rows above and below only: fine. */
    const char *fine[] = {"....", "....", ".RR.", ".GG.", "....", "...."};
    picture(PNG, 6, fine);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_int_eq(sprite.trim_top, 2);
    ck_assert_int_eq(sprite.height, 2);
}
END_TEST

START_TEST(transparent_column_inside_accepted) {
    const char *image[] = {"R.G", "R.G", "RBG"};
    picture(PNG, 3, image);
    ck_assert_int_eq(decode(), SPRITE_OK);
    const char *expected[] = {"1.2", "1.2", "132"};
    rows_are(3, expected);
}
END_TEST

START_TEST(truncated_png_refused) {
    const char *image[] = {"RGB.", "BGR."};
    picture(PNG, 2, image);
    size_t size = file.size;
    file.size = size / 2;
    refused_with(decode(), "cannot decode image: ");
    /* An IDAT chunk claiming a gigabyte is refused before stb_image allocates it. */
    file.size = size;
    ck_assert(memcmp(file.data + 37, "IDAT", 4) == 0);
    file.data[33] = 0x40;
    refused("cannot decode image: truncated PNG");
    file.data[33] = 0;
    /* No prefix at all decodes, and none crashes. */
    for (file.size = 0; file.size < size - 12; file.size++) /* 12: the IEND chunk */
        ck_assert_int_eq(decode(), SPRITE_BAD_INPUT);
    file.size = size;
    ck_assert_int_eq(decode(), SPRITE_OK);
}
END_TEST

START_TEST(random_bytes_refused) {
    unsigned char bytes[4096];
    uint32_t state = 2013;
    for (size_t i = 0; i < sizeof bytes; i++) {
        state = state * 1103515245u + 12345u;
        bytes[i] = (unsigned char)(state >> 16);
    }
    for (size_t size = 1; size <= sizeof bytes; size *= 2)
        refused_with(decode_bytes(bytes, size), "not an image tetris-convert can read (PNG, JPEG, "
                                                "GIF, BMP, TGA, PSD, HDR, PNM or PIC): ");
    refused_with(
        decode_bytes("not an image\n", 13),
        "not an image tetris-convert can read (PNG, JPEG, GIF, BMP, TGA, PSD, HDR, PNM or PIC): ");
    refused_with(
        decode_bytes("", 0),
        "not an image tetris-convert can read (PNG, JPEG, GIF, BMP, TGA, PSD, HDR, PNM or PIC): ");
}
END_TEST

/* A PNG signature and IHDR chunk (CRC unchecked by stb_image) of the given size; no data. */
static void png_header(uint32_t width, uint32_t height) {
    static const unsigned char start[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                          0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    memcpy(file.data, start, sizeof start);
    unsigned char *p = file.data + sizeof start;
    for (int i = 0; i < 4; i++) {
        p[i] = (unsigned char)(width >> (24 - 8 * i));
        p[4 + i] = (unsigned char)(height >> (24 - 8 * i));
    }
    const unsigned char rest[] = {8, 6, 0, 0, 0, 0, 0, 0, 0}; /* RGBA, 8 bits; CRC */
    memcpy(p + 8, rest, sizeof rest);
    file.size = sizeof start + 8 + sizeof rest;
}

START_TEST(huge_image_refused_before_decoding) {
    /* The header alone is there: decoding would fail with another message. */
    const char *ppm = "P6 100000 100000 255\n\1\2\3";
    refused_with(decode_bytes(ppm, strlen(ppm)), "the image is 100000x100000 pixels: too large");
    ck_assert_str_eq(message, "the image is 100000x100000 pixels: too large (at most 4096 pixels "
                              "on a side and 4194304 in all)");
    const char *side = "P5 4097 1 255\n";
    refused_with(decode_bytes(side, strlen(side)), "the image is 4097x1 pixels: too large");
    png_header(5000, 5000);
    refused_with(decode(), "the image is 5000x5000 pixels: too large");
    png_header(4096, 1025); /* sides fine, 4,198,400 pixels */
    refused_with(decode(), "the image is 4096x1025 pixels: too large");
    /* At the limits the header passes and the missing data is what is wrong. */
    png_header(4096, 1024);
    refused_with(decode(), "cannot decode image: ");
    const char *ok = "P5 4096 1024 255\n";
    refused_with(decode_bytes(ok, strlen(ok)), "cannot decode image: truncated PNM");
    /* More than stb_image can take as a number. */
    const char *overflow = "P6 99999999999999999999 1 255\n";
    refused_with(decode_bytes(overflow, strlen(overflow)),
                 "not an image tetris-convert can read: a PNM number is too large");
    ck_assert_int_eq(sprite_decode(file.data, (size_t)INT_MAX + 1, &limits, NULL, &sprite, NULL,
                                   message, sizeof message),
                     SPRITE_BAD_INPUT);
}
END_TEST

START_TEST(other_formats_accepted) {
    const char *image[] = {"......", ".RG...", ".BR...", "......"};
    const enum format formats[] = {BMP, TGA, TGA_RLE};
    for (int i = 0; i < 3; i++) {
        picture(formats[i], 4, image);
        ck_assert_msg(decode() == SPRITE_OK, "format %d: %s", i, message);
        ck_assert_int_eq(sprite.trim_left, 1);
        ck_assert_int_eq(sprite.trim_top, 1);
        ck_assert_int_eq(sprite.colour_count, 3);
        ck_assert_uint_eq(sprite.colours[1], 0x00ff00);
        const char *expected[] = {"12", "31"};
        rows_are(2, expected);
    }
    /* Binary PPM (no alpha: every pixel opaque), 8 and 16 bits per sample. stb_image's own
     * RGBA conversion of 16-bit PNM overflows its buffer: the loader must not use it. */
    const unsigned char ppm[] = "P6\n# comment\n2 1\n255\n\xff\0\0\0\0\xff";
    ck_assert_int_eq(decode_bytes(ppm, sizeof ppm - 1), SPRITE_OK);
    ck_assert_int_eq(sprite.colour_count, 2);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    const unsigned char ppm16[] = "P6 2 1 65535\n\xff\xff\0\0\0\0\0\0\0\0\xff\xff";
    ck_assert_int_eq(decode_bytes(ppm16, sizeof ppm16 - 1), SPRITE_OK);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    const unsigned char pgm[] = "P5 3 1 255\n\x10\x20\x10";
    ck_assert_int_eq(decode_bytes(pgm, sizeof pgm - 1), SPRITE_OK);
    ck_assert_uint_eq(sprite.colours[0], 0x101010);
    ck_assert_uint_eq(sprite.colours[1], 0x202020);
    const unsigned char short_ppm[] = "P6 2 2 255\n\xff\0\0\0\0\xff";
    refused_with(decode_bytes(short_ppm, sizeof short_ppm - 1),
                 "cannot decode image: truncated PNM");
}
END_TEST

START_TEST(truncated_hdr_refused) {
    /* Radiance HDR 4 pixels wide (so not run-length encoded) and 2 tall, with 3 of its 8
     * pixels: (128, 0, 0) at exponent 129 is 1.0 red. stb_image would make up the other 5;
     * the loader refuses it. */
    const char header[] = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 4\n";
    memcpy(file.data, header, sizeof header - 1);
    file.size = sizeof header - 1;
    for (int i = 0; i < 8; i++) {
        const unsigned char red[4] = {128, 0, 0, 129};
        memcpy(file.data + file.size, red, 4);
        file.size += 4;
    }
    ck_assert_msg(decode() == SPRITE_OK, "%s", message);
    ck_assert_int_eq(sprite.colour_count, 1);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    file.size -= 5 * 4;
    refused("cannot decode image: truncated (the data ends before the image)");
    /* No pixel at all. */
    file.size = sizeof header - 1;
    refused("cannot decode image: truncated (the data ends before the image)");
    /* Cut in its size line (stb_image would read "-Y 2 +X " and then the pixels). */
    file.size = sizeof header - 2;
    refused("cannot decode image: truncated HDR header");
}
END_TEST

START_TEST(bmp_pixels_past_a_short_palette_are_black) {
    /* An 8-bit BMP, 4x1, whose palette has 2 colours (red, blue) and whose pixels are 0, 1,
     * 2 and 200. stb_image would look 2 and 200 up in uninitialised memory. */
    unsigned char bmp[66] = {'B', 'M', 66, 0, 0, 0, 0, 0, 0, 0, 62, 0, 0, 0, /* file header */
                             40,  0,   0,  0, 4, 0, 0, 0, 1, 0, 0,  0, 1, 0, 8, 0}; /* 8 bits */
    const unsigned char palette_and_pixels[] = {0, 0, 255, 0, 255, 0, 0, 0, 0, 1, 2, 200};
    memcpy(bmp + 54, palette_and_pixels, sizeof palette_and_pixels);
    ck_assert_msg(decode_bytes(bmp, sizeof bmp) == SPRITE_OK, "%s", message);
    ck_assert_int_eq(sprite.colour_count, 3);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    ck_assert_uint_eq(sprite.colours[2], 0x000000);
    const char *expected[] = {"1233"};
    rows_are(1, expected);
    /* Pixels said to start inside the header: stb_image would read no palette at all. */
    bmp[10] = 53;
    ck_assert_int_eq(decode_bytes(bmp, sizeof bmp), SPRITE_BAD_INPUT);
    ck_assert_str_eq(message, "cannot decode image: corrupt BMP (no palette)");
}
END_TEST

START_TEST(png_pixels_past_a_short_palette_are_black) {
    /* A palette PNG, 3x1, whose PLTE has 2 colours (red, blue) and whose pixels are 0, 1
     * and 5; its IDAT is a stored zlib block. stb_image ignores the CRCs (zeros here). */
    const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0,
                                 0,    0,   13,  'I', 'H',  'D',  'R',  0,    0,
                                 0,    3,   0,   0,   0,    1,    8,    3,    0,
                                 0,    0,   0,   0,   0,    0, /* 3x1, 8 bits, palette */
                                 0,    0,   0,   6,   'P',  'L',  'T',  'E',  255,
                                 0,    0,   0,   0,   255,  0,    0,    0,    0, /* red, blue */
                                 0,    0,   0,   15,  'I',  'D',  'A',  'T',  0x78,
                                 0x01, 1,   4,   0,   0xfb, 0xff, /* stored, 4 bytes */
                                 0,    0,   1,   5,   0,    0x0b, 0,    0x07, 0,
                                 0,    0,   0, /* filter 0, pixels; Adler-32 */
                                 0,    0,   0,   0,   'I',  'E',  'N',  'D',  0,
                                 0,    0,   0};
    ck_assert_msg(decode_bytes(png, sizeof png) == SPRITE_OK, "%s", message);
    ck_assert_int_eq(sprite.colour_count, 3);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    ck_assert_uint_eq(sprite.colours[2], 0x000000);
    const char *expected[] = {"123"};
    rows_are(1, expected);
}
END_TEST

/* A Softimage PIC header of width x height, then one packet of 8-bit `channels` (R G B A
 * from the high bit) in `compression` (0 is none). */
static void pic_header(int width, int height, int compression, int channels) {
    memset(file.data, 0, 108);
    memcpy(file.data, "\x53\x80\xf6\x34", 4);
    memcpy(file.data + 88, "PICT", 4);
    file.data[93] = (unsigned char)width;
    file.data[95] = (unsigned char)height;
    const unsigned char packet[4] = {0, 8, (unsigned char)compression, (unsigned char)channels};
    memcpy(file.data + 104, packet, 4);
    file.size = 108;
}

START_TEST(pic) {
    pic_header(3, 1, 0, 0xf0);
    const unsigned char pixels[12] = {0, 0, 255, 255, 9, 9, 9, 0, 0, 0, 255, 255};
    memcpy(file.data + file.size, pixels, sizeof pixels);
    file.size += sizeof pixels;
    ck_assert_msg(decode() == SPRITE_OK, "%s", message);
    ck_assert_int_eq(sprite.colour_count, 1);
    ck_assert_uint_eq(sprite.colours[0], 0x0000ff);
    const char *expected[] = {"1.1"};
    rows_are(1, expected);
    /* An unknown compression in an RGB packet: stb_image fails, then converts its null
     * result to 3 channels (a crash) unless asked for the 4 it decodes to. */
    pic_header(3, 1, 3, 0xe0);
    file.data[file.size++] = 0;
    refused("cannot decode image: bad format");
}
END_TEST

/* A 2x2 RGB PSD, raw: header, empty colour mode, resources and layers, then its planes. */
static size_t psd_2x2(unsigned char *out) {
    const unsigned char head[] = {'8', 'B', 'P', 'S', 0, 1, 0, 0, 0, 0, 0, 0, 0, 3,
                                  0,   0,   0,   2,   0, 0, 0, 2, 0, 8, 0, 3, 0, 0,
                                  0,   0,   0,   0,   0, 0, 0, 0, 0, 0, 0, 0 /* raw */};
    memcpy(out, head, sizeof head);
    const unsigned char planes[12] = {255, 255, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0};
    memcpy(out + sizeof head, planes, sizeof planes);
    return sizeof head + sizeof planes;
}

/* A file cut short is refused in every format, never decoded with zeros for what is
 * missing; a BMP and a JPEG whose headers promise more than their data holds too. */
START_TEST(every_format_cut_short_is_refused) {
    const char *rows[] = {"RGBR", "GBRG", "RRGG"};
    const enum format formats[] = {PNG, BMP, TGA, TGA_RLE};
    static unsigned char whole[1 << 12];
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        picture(formats[f], 3, rows);
        size_t size = file.size;
        memcpy(whole, file.data, size);
        ck_assert_msg(decode_bytes(whole, size) == SPRITE_OK, "format %zu: %s", f, message);
        /* (a PNG's last bytes are its IEND chunk: the pixels are whole without it) */
        const size_t cuts[] = {formats[f] == PNG ? size - 20 : size - 1, size / 2, 19};
        for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
            ck_assert_msg(decode_bytes(whole, cuts[c]) == SPRITE_BAD_INPUT,
                          "format %zu cut at %zu of %zu decoded", f, cuts[c], size);
            ck_assert_int_eq(sprite.width, 0);
        }
    }
    /* A grey TGA, and a TGA of an 18-byte header and no pixel. */
    unsigned char grey[18 + 4] = {0, 0, 3, 0, 0, 0, 0,    0,  0,  0,  0,
                                  0, 2, 0, 2, 0, 8, 0x20, 10, 20, 30, 10};
    ck_assert_msg(decode_bytes(grey, sizeof grey) == SPRITE_OK, "%s", message);
    refused_with(decode_bytes(grey, sizeof grey - 1), "cannot decode image: truncated");
    refused_with(decode_bytes(grey, 18), "cannot decode image: truncated");
    /* A PSD. */
    size_t psd = psd_2x2(whole);
    ck_assert_msg(decode_bytes(whole, psd) == SPRITE_OK, "%s", message);
    refused_with(decode_bytes(whole, psd - 3), "cannot decode image: truncated");
    /* A BMP whose header says 2000x1500 with 1,000 of its 9 MB of pixel bytes. */
    unsigned char bmp[54 + 1000] = {'B', 'M', 0, 0,    0,    0, 0, 0,    0,    0, 54, 0, 0, 0,  40,
                                    0,   0,   0, 0xd0, 0x07, 0, 0, 0xdc, 0x05, 0, 0,  1, 0, 24, 0};
    refused_with(decode_bytes(bmp, sizeof bmp), "cannot decode image: truncated");
}
END_TEST

/* A BMP may be stored top-down: a negative height, the top row first. */
START_TEST(top_down_bmp_reads) {
    /* 24 bits, 2x2: red green / blue red, rows padded to 8 bytes, BGR. */
    unsigned char bmp[54 + 16] = {'B', 'M', 70, 0, 0, 0, 0, 0,    0,    0,    54,   0, 0, 0,  40,
                                  0,   0,   0,  2, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 1, 0, 24, 0};
    const unsigned char rows[16] = {0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0};
    memcpy(bmp + 54, rows, sizeof rows);
    ck_assert_msg(decode_bytes(bmp, sizeof bmp) == SPRITE_OK, "%s", message);
    const char *expected[] = {"12", "31"};
    rows_are(2, expected);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[2], 0x0000ff);
}
END_TEST

/* LZW codes of a GIF with a 4-colour palette: 3 bits each, least significant bit first. */
struct gif_codes {
    unsigned char bytes[32];
    int length, count;
    uint32_t bits;
};

static void gif_code(struct gif_codes *c, int code) {
    c->bits |= (uint32_t)code << c->count;
    for (c->count += 3; c->count >= 8; c->count -= 8, c->bits >>= 8)
        c->bytes[c->length++] = (unsigned char)c->bits;
}

START_TEST(gif_transparency) {
    /* A 2x2 GIF89a: palette black, red, blue, grey; index 0 transparent; pixels 0 1 / 2 2. */
    unsigned char gif[96] = {'G',
                             'I',
                             'F',
                             '8',
                             '9',
                             'a',
                             2,
                             0,
                             2,
                             0,
                             0x81,
                             0,
                             0,
                             /* palette */ 0,
                             0,
                             0,
                             255,
                             0,
                             0,
                             0,
                             0,
                             255,
                             9,
                             9,
                             9,
                             /* graphic control: transparent index 0 */ 0x21,
                             0xf9,
                             4,
                             1,
                             0,
                             0,
                             0,
                             0,
                             /* image descriptor, then the LZW minimum code size */ 0x2c,
                             0,
                             0,
                             0,
                             0,
                             2,
                             0,
                             2,
                             0,
                             0,
                             2};
    size_t n = 44;
    /* A clear code (4) before each pixel keeps the codes 3 bits wide; 5 ends. */
    struct gif_codes codes = {{0}, 0, 0, 0};
    const int pixels[] = {0, 1, 2, 2};
    for (int i = 0; i < 4; i++) {
        gif_code(&codes, 4);
        gif_code(&codes, pixels[i]);
    }
    gif_code(&codes, 5);
    if (codes.count)
        codes.bytes[codes.length++] = (unsigned char)codes.bits;
    gif[n++] = (unsigned char)codes.length;
    memcpy(gif + n, codes.bytes, (size_t)codes.length);
    n += (size_t)codes.length;
    gif[n++] = 0;    /* no more data blocks */
    gif[n++] = 0x3b; /* trailer */
    ck_assert_msg(decode_bytes(gif, n) == SPRITE_OK, "%s", message);
    ck_assert_int_eq(sprite.colour_count, 2);
    ck_assert_uint_eq(sprite.colours[0], 0xff0000);
    ck_assert_uint_eq(sprite.colours[1], 0x0000ff);
    ck_assert_int_eq(sprite.trim_left, 0);
    const char *expected[] = {".1", "22"};
    rows_are(2, expected);
    /* Without its trailer it is whole; cut in its pixel data it is refused (stb_image
     * would have made up the rest). */
    ck_assert_msg(decode_bytes(gif, n - 1) == SPRITE_OK, "%s", message);
    refused_with(decode_bytes(gif, n - 4), "cannot decode image: truncated");
}
END_TEST

/* An 8x8 grey JPEG (libjpeg, quality 100, optimized tables): SOI, DQT, SOF0, two DHT, SOS,
 * 1 byte of entropy-coded data, EOI. */
static const unsigned char grey_jpeg[141] = {
    0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08,
    0x01, 0x01, 0x11, 0x00, 0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xc4, 0x00, 0x14, 0x10, 0x01,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x3f, 0xff, 0xd9};

/* A DHT segment whose 16 code counts add up to 257 (stb_image 2.27 wrote past its tables). */
static const unsigned char bad_dht[21] = {0xff, 0xc4, 0, 19, 0x00, 255, 2, 0, 0, 0, 0,
                                          0,    0,    0, 0,  0,    0,   0, 0, 0, 0};

/* grey_jpeg with `insert` inserted at `at`, into `file`. */
static void grey_jpeg_with(size_t at, const unsigned char *insert, size_t size) {
    memcpy(file.data, grey_jpeg, at);
    memcpy(file.data + at, insert, size);
    memcpy(file.data + at + size, grey_jpeg + at, sizeof grey_jpeg - at);
    file.size = sizeof grey_jpeg + size;
}

START_TEST(jpeg_with_too_long_huffman_table_refused) {
    ck_assert_int_eq(decode_bytes(grey_jpeg, sizeof grey_jpeg), SPRITE_OK);
    ck_assert_int_eq(sprite.width, 8);
    ck_assert_int_eq(sprite.height, 8);
    ck_assert_uint_eq(sprite.colours[0], 0x808080);
    /* Larger than a sprite: refused before decoding (empty scans would each decode the
     * whole image again). The frame header's width is at bytes 78-79. */
    memcpy(file.data, grey_jpeg, sizeof grey_jpeg);
    file.size = sizeof grey_jpeg;
    ck_assert_int_eq(file.data[71], 0xff);
    ck_assert_int_eq(file.data[72], 0xc0);
    file.data[79] = 18;
    refused("the sprite is 18x8 pixels (a JPEG image has no transparent pixel); at most 17x32 "
            "can be printed (try --fit)");
    /* Before the frame header; between the scan and EOI, once every row is decoded, it is
     * never read. */
    grey_jpeg_with(2, bad_dht, sizeof bad_dht);
    refused("cannot decode image: Bogus Huffman table definition");
    grey_jpeg_with(sizeof grey_jpeg - 2, bad_dht, sizeof bad_dht);
    ck_assert_msg(decode() == SPRITE_OK, "%s", message);
    /* Without its scan (SOS), without its quantization table (DQT), or said to be 16x16
     * over the 8x8 pixels of its data: refused, never zeros. */
    memcpy(file.data, grey_jpeg, 128);
    memcpy(file.data + 128, "\xff\xd9", 2);
    file.size = 130;
    refused_with(decode(), "cannot decode image: ");
    memcpy(file.data, grey_jpeg, 2);
    memcpy(file.data + 2, grey_jpeg + 71, sizeof grey_jpeg - 71);
    file.size = 2 + sizeof grey_jpeg - 71;
    refused_with(decode(), "cannot decode image: ");
    memcpy(file.data, grey_jpeg, sizeof grey_jpeg);
    file.size = sizeof grey_jpeg;
    file.data[77] = 16, file.data[79] = 16;
    refused("cannot decode image: Corrupt JPEG data: premature end of data segment");
    /* The same bytes inside a comment are not a table. */
    unsigned char comment[4 + sizeof bad_dht] = {0xff, 0xfe, 0, 2 + sizeof bad_dht};
    memcpy(comment + 4, bad_dht, sizeof bad_dht);
    grey_jpeg_with(2, comment, sizeof comment);
    ck_assert_msg(decode() == SPRITE_OK, "%s", message);
}
END_TEST

/* A PNG of the given header fields and IDAT data, CRCs left zero (stb_image skips them). */
static void png_with(uint32_t width, uint32_t height, int depth, int colour, int interlace,
                     const unsigned char *idat, size_t idat_size) {
    png_header(width, height);
    file.data[24] = (unsigned char)depth;
    file.data[25] = (unsigned char)colour;
    file.data[28] = (unsigned char)interlace;
    unsigned char *p = file.data + file.size;
    ck_assert_uint_lt(file.size + 12 + idat_size + 12, sizeof file.data);
    const unsigned char length[4] = {(unsigned char)(idat_size >> 24),
                                     (unsigned char)(idat_size >> 16),
                                     (unsigned char)(idat_size >> 8), (unsigned char)idat_size};
    memcpy(p, length, 4);
    memcpy(p + 4, "IDAT", 4);
    memcpy(p + 8, idat, idat_size);
    memset(p + 8 + idat_size, 0, 4);
    memcpy(p + 12 + idat_size, "\0\0\0\0IEND\0\0\0\0", 12);
    file.size += 12 + idat_size + 12;
}

START_TEST(png_inflating_past_its_header_refused) {
    /* A 17x32 RGBA header allows 32 rows of 1 + 68 bytes: 2208. A megabyte of zeros
     * compresses to about 10 kilobytes; inflating stops at 2208 bytes. */
    static unsigned char zeros[1 << 20];
    int length;
    unsigned char *bomb = stbi_zlib_compress(zeros, sizeof zeros, &length, 8);
    ck_assert_int_lt(length, 16384);
    png_with(17, 32, 8, 6, 0, bomb, (size_t)length);
    refused("cannot decode image: the PNG's pixel data inflates past the 2208 bytes its 17x32 "
            "header allows");
    ck_assert_uint_lt(decode_budget_peak(), 16 << 10);
    /* Exactly the size allowed: decoded (all transparent). */
    unsigned char *fits = stbi_zlib_compress(zeros, 2208, &length, 8);
    png_with(17, 32, 8, 6, 0, fits, (size_t)length);
    refused("no opaque pixel: nothing to print");
    STBIW_FREE(fits);
    STBIW_FREE(bomb);
}
END_TEST

START_TEST(interlaced_png_inflates_to_its_passes) {
    /* A 1x1 grey interlaced PNG: only the first of the seven passes has a pixel, one row of
     * a filter byte and the pixel. A stored deflate block of those 2 bytes decodes; of 3
     * bytes, it inflates past what the header allows. */
    const unsigned char two[] = {0x78, 0x01, 1, 2, 0, 0xfd, 0xff, 0, 0x80, 0, 0, 0, 0};
    png_with(1, 1, 8, 0, 1, two, sizeof two);
    ck_assert_msg(decode() == SPRITE_OK, "%s", message);
    ck_assert_uint_eq(sprite.colours[0], 0x808080);
    const unsigned char three[] = {0x78, 0x01, 1, 3, 0, 0xfc, 0xff, 0, 0x80, 0x80, 0, 0, 0, 0};
    png_with(1, 1, 8, 0, 1, three, sizeof three);
    refused("cannot decode image: the PNG's pixel data inflates past the 2 bytes its 1x1 header "
            "allows");
}
END_TEST

START_TEST(decoding_within_its_memory_budget) {
    /* A 1600x1600 Radiance HDR image: stb_image would take 41 MB for its floats alone. */
    const char *hdr = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1600 +X 1600\n";
    refused_with(decode_bytes(hdr, strlen(hdr)), "cannot decode image: it needs more than 40 MiB");
    ck_assert_uint_le(decode_budget_peak(), DECODE_BUDGET);
    /* The budget itself. */
    decode_budget_begin(1000);
    void *a = decode_budget_malloc(600);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(decode_budget_malloc(600));
    ck_assert(decode_budget_exceeded());
    a = decode_budget_realloc(a, 900);
    ck_assert_ptr_nonnull(a);
    decode_budget_free(a);
    void *b = decode_budget_calloc(900);
    ck_assert_ptr_nonnull(b);
    decode_budget_free(b);
    ck_assert_uint_ge(decode_budget_peak(), 900);
}
END_TEST

static const struct fit_options fitting = {.enabled = true,
                                           .scale = true,
                                           .max_width = 17,
                                           .max_height = 32,
                                           .background = FIT_BACKGROUND_AUTO};

START_TEST(jpeg_scans_bounded) {
    /* A progressive grey JPEG said to be 4096x1024 (its 65,536 blocks): grey_jpeg's DQT, a
     * table of one AC code (an end-of-band run of 16,384 blocks), then 300 AC scans of that
     * code four times (8 bytes each). 300 scans over 4 Mi pixels is more than the 2^30
     * pixel-scans allowed (256 scans); each scan decodes. With --fit it is not refused for
     * its size first. */
    static const unsigned char sof2_dht[] = {
        0xff, 0xc2, 0, 11, 8,    0x04, 0x00, 0x10, 0x00, 1, 1, 0x11, 0, /* 4096x1024 grey */
        0xff, 0xc4, 0, 20, 0x10, 1,    0,    0,    0,    0, 0, 0,    0,
        0,    0,    0, 0,  0,    0,    0,    0,    0xe0};
    static const unsigned char scan[18] = {0xff, 0xda, 0, 8, 1, 1, 0x00, 1, 63, 0x00};
    memcpy(file.data, grey_jpeg, 71); /* SOI, DQT */
    file.size = 71;
    memcpy(file.data + file.size, sof2_dht, sizeof sof2_dht);
    file.size += sizeof sof2_dht;
    for (int i = 0; i < 300; i++) {
        memcpy(file.data + file.size, scan, sizeof scan);
        file.size += sizeof scan;
    }
    memcpy(file.data + file.size, "\xff\xd9", 2);
    file.size += 2;
    memset(message, 'x', sizeof message);
    ck_assert_int_eq(sprite_decode(file.data, file.size, &limits, &fitting, &sprite, NULL, message,
                                   sizeof message),
                     SPRITE_BAD_INPUT);
    ck_assert_str_eq(message, "cannot decode image: a JPEG of more than 256 scans over 4096x1024 "
                              "pixels (at most 1073741824 pixels in all its scans)");
    /* Without --fit: too large, before anything else. */
    refused("the sprite is 4096x1024 pixels (a JPEG image has no transparent pixel); at most "
            "17x32 can be printed (try --fit)");
}
END_TEST

START_TEST(unprintable_reasons_made_printable) {
    /* A valid IHDR then a critical chunk named "\r\n\x1a\n": libpng quotes the name, its
     * bytes outside the printable ASCII range as [NN]. */
    const char *image[] = {"R"};
    picture(PNG, 1, image);
    const unsigned char chunk[] = {0, 0, 0, 0, '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
    memcpy(file.data + 33, chunk, sizeof chunk);
    file.size = 33 + sizeof chunk;
    refused("cannot decode image: [0D][0A][1A][0A]: invalid chunk type");
}
END_TEST

START_TEST(message_buffer_sizes) {
    const char *four[] = {"RG", "BW"};
    picture(PNG, 2, four);
    char small[8];
    ck_assert_int_eq(
        sprite_decode(file.data, file.size, &limits, NULL, &sprite, NULL, small, sizeof small),
        SPRITE_BAD_INPUT);
    ck_assert_str_eq(small, "4 opaqu");
    ck_assert_int_eq(sprite_decode(file.data, file.size, &limits, NULL, &sprite, NULL, NULL, 0),
                     SPRITE_BAD_INPUT);
    /* A success leaves an empty message. */
    const char *one[] = {"R"};
    picture(PNG, 1, one);
    ck_assert_int_eq(decode(), SPRITE_OK);
    ck_assert_str_eq(message, "");
}
END_TEST

static Suite *sprite_suite(void) {
    Suite *s = suite_create("sprite");
    TCase *t = tcase_create("decode");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, trims_transparent_borders);
    tcase_add_test(t, colours_in_reading_order);
    tcase_add_test(t, one_two_and_three_colours);
    tcase_add_test(t, alpha_254_is_transparent);
    tcase_add_test(t, largest_sprite_accepted);
    tcase_add_test(t, too_wide_or_too_tall_refused);
    tcase_add_test(t, more_than_three_colours_refused_and_named);
    tcase_add_test(t, no_opaque_pixel_refused);
    tcase_add_test(t, transparent_row_inside_refused);
    tcase_add_test(t, transparent_column_inside_accepted);
    tcase_add_test(t, truncated_png_refused);
    tcase_add_test(t, random_bytes_refused);
    tcase_add_test(t, huge_image_refused_before_decoding);
    tcase_add_test(t, other_formats_accepted);
    tcase_add_test(t, truncated_hdr_refused);
    tcase_add_test(t, every_format_cut_short_is_refused);
    tcase_add_test(t, top_down_bmp_reads);
    tcase_add_test(t, bmp_pixels_past_a_short_palette_are_black);
    tcase_add_test(t, png_pixels_past_a_short_palette_are_black);
    tcase_add_test(t, pic);
    tcase_add_test(t, gif_transparency);
    tcase_add_test(t, jpeg_with_too_long_huffman_table_refused);
    tcase_add_test(t, png_inflating_past_its_header_refused);
    tcase_add_test(t, interlaced_png_inflates_to_its_passes);
    tcase_add_test(t, decoding_within_its_memory_budget);
    tcase_add_test(t, jpeg_scans_bounded);
    tcase_add_test(t, unprintable_reasons_made_printable);
    tcase_add_test(t, message_buffer_sizes);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(sprite_suite)
