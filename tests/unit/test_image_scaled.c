/* tetris-convert's scaled decoding: the row reducer (exact for pixel art enlarged by any
 * factor, area-averaged otherwise), recognising JPEG and PNG headers, and decoding a JPEG
 * and a PNG written here, scaled, through the stream. */
#include "image_reduce.h"
#include "image_scaled.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

/* A picture of 5 x 3 "art" pixels, each k x k, with transparent pixels in it. */
static uint32_t art_pixel(int x, int y) {
    static const uint32_t art[3][5] = {{0xff0000ff, 0x00ff00ff, 0, 0x0000ffff, 0xffffffff},
                                       {0x123456ff, 0, 0x654321ff, 0x123456ff, 0x000000ff},
                                       {0xabcdefff, 0xabcdefff, 0xabcdefff, 0, 0x777777ff}};
    return art[y][x];
}

static void art_row(int k, int y, unsigned char *rgba) {
    for (int x = 0; x < 5 * k; x++) {
        uint32_t v = art_pixel(x / k, y / k);
        for (int c = 0; c < 4; c++)
            rgba[4 * x + c] = (unsigned char)(v >> (24 - 8 * c));
    }
}

static void reduce_art(int k, long max_pixels, struct picture *out) {
    struct image_reducer r;
    unsigned char row[5 * 64 * 4];
    ck_assert(image_reducer_begin(&r, 5 * k, 3 * k, max_pixels));
    for (int y = 0; y < 3 * k; y++) {
        art_row(k, y, row);
        ck_assert(image_reducer_row(&r, row));
    }
    ck_assert(image_reducer_finish(&r, out));
}

static void is_art(const struct picture *p, int scale) {
    ck_assert_int_eq(p->width, 5 * scale);
    ck_assert_int_eq(p->height, 3 * scale);
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            uint32_t v = art_pixel(x / scale, y / scale);
            ck_assert_msg((v & 255) ? picture_opaque(p, x, y) && picture_rgb(p, x, y) == v >> 8
                                    : !picture_opaque(p, x, y),
                          "pixel %d,%d", x, y);
        }
}

START_TEST(art_enlarged_any_times_comes_back_exactly) {
    /* Enlarged 60 times (300 x 180), reduced within 1,000 pixels: the area factor would be 8,
     * which does not divide 60; the blocks come back exactly, reduced by the smallest
     * divisor of 60 within the bound: 10 (30 x 18, whose blocks are 6 x 6). */
    struct picture p;
    reduce_art(60, 1000, &p);
    is_art(&p, 6);
    picture_free(&p);
    /* Enlarged 7 times, within 16 pixels: the art itself. */
    reduce_art(7, 16, &p);
    is_art(&p, 1);
    picture_free(&p);
}
END_TEST

START_TEST(photo_reduced_by_area) {
    /* Rows of a gradient with one odd pixel: not blocks; 2 x 2 squares averaged in linear
     * light, a square of one colour stays that colour. */
    struct image_reducer r;
    unsigned char row[6 * 4];
    ck_assert_int_eq(image_reduce_factor(6, 4, 6), 2);
    ck_assert(image_reducer_begin(&r, 6, 4, 6));
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 6; x++) {
            unsigned char v = x < 2 ? 200 : x < 4 ? 0 : 255;
            unsigned char *p = row + 4 * x;
            p[0] = p[1] = p[2] = v;
            p[3] = 255;
            if (x == 4 && y == 0)
                p[0] = p[1] = p[2] = 0; /* one black pixel among three white */
            if (x == 0 && y >= 2)
                p[3] = 0; /* half of a square transparent: still opaque (half covered) */
        }
        ck_assert(image_reducer_row(&r, row));
    }
    struct picture out;
    ck_assert(image_reducer_finish(&r, &out));
    ck_assert_int_eq(out.width, 3);
    ck_assert_int_eq(out.height, 2);
    ck_assert_uint_eq(picture_rgb(&out, 0, 0), 0xc8c8c8);
    ck_assert_uint_eq(picture_rgb(&out, 1, 0), 0x000000);
    /* three quarters of white in linear light: #e1e1e1, not 3/4 of 255 */
    ck_assert_uint_eq(picture_rgb(&out, 2, 0), 0xe1e1e1);
    ck_assert(picture_opaque(&out, 0, 1));
    ck_assert_uint_eq(picture_rgb(&out, 0, 1), 0xc8c8c8);
    picture_free(&out);
}
END_TEST

static void append(void *context, void *data, int size) {
    FILE *f = context;
    fwrite(data, 1, (size_t)size, f);
}

/* A JPEG through libjpeg (stb_image_write's JPEG encoder shifts negative ints, which the
 * sanitizers refuse). */
static unsigned char *encode_jpeg(const unsigned char *rgb, int width, int height, size_t *size) {
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr errors;
    unsigned char *data = NULL;
    unsigned long length = 0;
    c.err = jpeg_std_error(&errors);
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, &data, &length);
    c.image_width = (JDIMENSION)width;
    c.image_height = (JDIMENSION)height;
    c.input_components = 3;
    c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 95, TRUE);
    jpeg_start_compress(&c, TRUE);
    for (int y = 0; y < height; y++) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)y * (size_t)width * 3);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    *size = length;
    return data;
}

/* A 96 x 64 picture: left half red, right half blue, written as PNG or JPEG into memory
 * (free()). */
static unsigned char *encode(bool jpeg, size_t *size) {
    static unsigned char rgb[96 * 64 * 3];
    for (int i = 0; i < 96 * 64; i++) {
        bool left = i % 96 < 48;
        rgb[3 * i] = left ? 255 : 0;
        rgb[3 * i + 1] = 0;
        rgb[3 * i + 2] = left ? 0 : 255;
    }
    if (jpeg)
        return encode_jpeg(rgb, 96, 64, size);
    char *data = NULL;
    FILE *memory = open_memstream(&data, size);
    ck_assert(memory);
    ck_assert(stbi_write_png_to_func(append, memory, 96, 64, 3, rgb, 96 * 3));
    ck_assert_int_eq(fclose(memory), 0);
    return (unsigned char *)data;
}

START_TEST(headers_recognised) {
    for (int jpeg = 0; jpeg < 2; jpeg++) {
        size_t size;
        unsigned char *data = encode(jpeg, &size);
        struct image_header h;
        ck_assert_int_eq(image_probe(data, size, &h), IMAGE_PROBE_FOUND);
        ck_assert_int_eq(h.width, 96);
        ck_assert_int_eq(h.height, 64);
        ck_assert_int_eq(h.jpeg, jpeg);
        ck_assert_int_eq(h.png, !jpeg);
        ck_assert_int_eq(image_probe(data, jpeg ? 10 : 20, &h), IMAGE_PROBE_MORE);
        free(data);
    }
    struct image_header h;
    ck_assert_int_eq(image_probe((const unsigned char *)"GIF89a", 6, &h), IMAGE_PROBE_OTHER);
    ck_assert_int_eq(image_probe((const unsigned char *)"\\xff\\xd8\\xff\\xda", 4, &h),
                     IMAGE_PROBE_OTHER);
}
END_TEST

START_TEST(decoded_scaled_through_the_stream) {
    for (int jpeg = 0; jpeg < 2; jpeg++) {
        size_t size;
        unsigned char *data = encode(jpeg, &size);
        struct image_header h;
        ck_assert_int_eq(image_probe(data, size, &h), IMAGE_PROBE_FOUND);
        /* The first 100 bytes read, the rest from a file. */
        FILE *rest = fmemopen(data + 100, size - 100, "rb");
        struct image_source source = image_source_make(data, 100, rest, size);
        struct picture p;
        bool no_memory;
        char message[256];
        ck_assert_msg(
            image_scaled_decode(&source, &h, 96 * 64 / 16, &p, &no_memory, message, sizeof message),
            "%s", message);
        /* A JPEG at 2/8 by its DCT, a PNG by 4 x 4 squares: 24 x 16 either way. */
        ck_assert_int_eq(p.width, 24);
        ck_assert_int_eq(p.height, 16);
        ck_assert_int_eq(p.image_width, 96);
        ck_assert_int_eq(p.lossy, jpeg);
        uint32_t left = picture_rgb(&p, 2, 8), right = picture_rgb(&p, 20, 8);
        ck_assert_msg(left >> 16 > 0xe0 && (left & 0xff) < 0x20, "left #%06x", (unsigned)left);
        ck_assert_msg(right >> 16 < 0x20 && (right & 0xff) > 0xe0, "right #%06x", (unsigned)right);
        picture_free(&p);
        fclose(rest);
        /* Cut short: refused, named. */
        source = image_source_make(data, size / 2, NULL, size);
        ck_assert(!image_scaled_decode(&source, &h, 96 * 64 / 16, &p, &no_memory, message,
                                       sizeof message));
        ck_assert(!no_memory);
        ck_assert_msg(strstr(message, jpeg ? "truncated JPEG" : "truncated PNG"), "%s", message);
        /* Past the cap: refused as too long. */
        rest = fmemopen(data + 100, size - 100, "rb");
        source = image_source_make(data, 100, rest, 200);
        ck_assert(!image_scaled_decode(&source, &h, 96 * 64 / 16, &p, &no_memory, message,
                                       sizeof message));
        ck_assert_msg(strstr(message, "too large for an image"), "%s", message);
        fclose(rest);
        free(data);
    }
}
END_TEST

static Suite *image_scaled_suite(void) {
    Suite *s = suite_create("image_scaled");
    TCase *t = tcase_create("scaled");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, art_enlarged_any_times_comes_back_exactly);
    tcase_add_test(t, photo_reduced_by_area);
    tcase_add_test(t, headers_recognised);
    tcase_add_test(t, decoded_scaled_through_the_stream);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(image_scaled_suite)
