/* PNG read by libpng, a row at a time, into an image target (see image_scaled.h and
 * image_decode.h). */
#include "png_rows.h"

#include "cli.h"
#include "decode_budget.h"
#include "image_magic.h"

#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Ancillary chunks libpng keeps (an ICC profile, texts) are at most this large. */
#define PNG_CHUNK_MAX (1L << 20)

struct png_run {
    struct image_source *source;
    png_structp png;
    png_infop info;
    struct image_target *target;
    png_bytep *rows; /* an interlaced PNG's row pointers, freed whatever happens */
    char reason[256];
};

/* libpng's allocations come from the decoding budget. */
static png_voidp budget_malloc(png_structp png, png_alloc_size_t size) {
    (void)png;
    return decode_budget_malloc(size);
}

static void budget_free(png_structp png, png_voidp block) {
    (void)png;
    decode_budget_free(block);
}

static void error_fn(png_structp png, png_const_charp text) {
    struct png_run *run = png_get_error_ptr(png);
    if (!run->reason[0])
        snprintf(run->reason, sizeof run->reason, "cannot decode image: %s", text);
    png_longjmp(png, 1);
}

static void warning_fn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void fail_with(struct png_run *run, const char *reason) {
    snprintf(run->reason, sizeof run->reason, "%s", reason);
    png_longjmp(run->png, 1);
}

static void read_fn(png_structp png, png_bytep data, size_t length) {
    struct png_run *run = png_get_io_ptr(png);
    if (image_source_read(run->source, data, length) == length)
        return;
    image_source_shortfall(run->source, "cannot decode image: truncated PNG", run->reason,
                           sizeof run->reason);
    png_longjmp(png, 1);
}

/* Everything as 8-bit RGBA: palettes expanded (and their transparency), grey spread to
 * RGB, 16 bits cut to their high byte, a missing alpha opaque. */
static void ask_rgba(struct png_run *run) {
    png_structp png = run->png;
    int type = png_get_color_type(png, run->info);
    png_set_expand(png);
    png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA))
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
}

/* An interlaced PNG, read whole: its seven passes fill the picture's rows. */
static bool read_interlaced(struct png_run *run, png_uint_32 height) {
    run->rows = decode_budget_malloc((size_t)height * sizeof *run->rows);
    if (!run->rows)
        return false;
    for (png_uint_32 y = 0; y < height; y++)
        run->rows[y] = image_target_whole_row(run->target, (int)y);
    png_read_image(run->png, run->rows);
    run->target->rows = (int)height;
    return true;
}

static bool decode_rows(struct png_run *run, int max_side) {
    png_structp png = run->png;
    png_set_read_fn(png, run, read_fn);
    /* Checksums are not checked (a damaged chunk is decoded as it is): stb_image never
     * checked them, and a fuzzer gets past them. */
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#ifdef PNG_IGNORE_ADLER32
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_user_limits(png, (png_uint_32)max_side, (png_uint_32)max_side);
    png_set_chunk_malloc_max(png, PNG_CHUNK_MAX);
    png_read_info(png, run->info);
    png_uint_32 width = png_get_image_width(png, run->info),
                height = png_get_image_height(png, run->info);
    bool interlaced = png_get_interlace_type(png, run->info) != PNG_INTERLACE_NONE;
    if (interlaced && run->target->max_pixels)
        fail_with(run, "an interlaced PNG is read whole, and this one is too large for that "
                       "(save it without interlacing)");
    ask_rgba(run);
    if (interlaced)
        png_set_interlace_handling(png);
    png_read_update_info(png, run->info);
    if (png_get_rowbytes(png, run->info) != (size_t)width * 4)
        fail_with(run, "cannot decode image: unexpected PNG row format");
    if (!image_target_begin(run->target, (int)width, (int)height))
        return false;
    if (interlaced)
        return read_interlaced(run, height);
    for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, image_target_row(run->target), NULL);
        if (!image_target_put(run->target))
            return false;
    }
    /* The rest of the file (more data, later chunks) is never read. */
    return true;
}

bool png_rows_decode(struct image_source *source, struct image_target *target, int max_side,
                     bool *no_memory, char *message, size_t message_size) {
    struct png_run *run = calloc(1, sizeof *run);
    *no_memory = run == NULL;
    if (!run)
        return cli_reason(message, message_size, "cannot decode image: out of memory");
    run->source = source;
    run->target = target;
    run->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, run, error_fn, warning_fn, NULL,
                                        budget_malloc, budget_free);
    run->info = run->png ? png_create_info_struct(run->png) : NULL;
    volatile bool ok = false;
    if (run->info && setjmp(png_jmpbuf(run->png)) == 0)
        ok = decode_rows(run, max_side);
    /* decode_rows fails without a reason only when memory runs out */
    *no_memory = !ok && (!run->reason[0] || strstr(run->reason, "ut of memory"));
    if (*no_memory && decode_budget_exceeded())
        snprintf(run->reason, sizeof run->reason,
                 "cannot decode image: it needs more than %zu MiB of memory",
                 decode_budget_limit() >> 20);
    else if (*no_memory)
        snprintf(run->reason, sizeof run->reason, "cannot decode image: out of memory");
    *no_memory = *no_memory && !decode_budget_exceeded(); /* the budget: bad input */
    png_destroy_read_struct(&run->png, &run->info, NULL);
    decode_budget_free(run->rows);
    if (!ok)
        cli_reason(message, message_size, "%s", run->reason);
    free(run);
    return ok;
}

/* ------------------------------------------------ a bomb: data past what the header says */

/* A PNG chunk: 8 bytes of length and type, the data, a 4-byte CRC. */
struct png_chunk {
    size_t at; /* where it starts */
    uint32_t length;
    const unsigned char *type; /* NULL before the first chunk */
};

/* Moves to the next complete chunk; false after IEND, a chunk cut short or at the end. */
static bool next_chunk(const unsigned char *data, size_t size, struct png_chunk *c) {
    size_t at = c->type ? c->at + 12 + c->length : IMAGE_MAGIC_PNG_SIZE;
    if (c->type && memcmp(c->type, "IEND", 4) == 0)
        return false;
    if (at > size || size - at < 12)
        return false;
    *c = (struct png_chunk){at, image_magic_be32(data + at), data + at + 4};
    return (size_t)c->length <= size - at - 12;
}

#define INFLATE_BUFFER (8 << 10)

/* The IHDR fields that give the bytes of filtered rows: each row of each pass (one pass
 * unless interlaced, then Adam7's seven) is a filter byte then the packed samples. */
static size_t inflated_size(const unsigned char *ihdr) {
    static const int channels_of[7] = {1, 0, 3, 1, 2, 0, 4}; /* by colour type */
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
    static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    size_t w = image_magic_be32(ihdr), h = image_magic_be32(ihdr + 4), depth = ihdr[8];
    size_t channels = ihdr[9] < 7 ? (size_t)channels_of[ihdr[9]] : 4, total = 0;
    bool interlaced = ihdr[12] != 0;
    for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
        size_t pw = interlaced ? (w + dx[pass] - 1 - x0[pass]) / dx[pass] : w;
        size_t ph = interlaced ? (h + dy[pass] - 1 - y0[pass]) / dy[pass] : h;
        if (w > (size_t)x0[pass] && h > (size_t)y0[pass] && pw && ph)
            total += ((pw * channels * depth + 7) / 8 + 1) * ph;
    }
    return total;
}

bool png_rows_check_inflation(const unsigned char *data, size_t size, char *message,
                              size_t message_size) {
    struct png_chunk c = {0, 0, NULL};
    size_t allowed = 0, inflated = 0;
    const unsigned char *ihdr = NULL;
    z_stream z = {0};
    unsigned char *buffer = decode_budget_malloc(INFLATE_BUFFER);
    bool started = buffer && inflateInit(&z) == Z_OK, past = false, ended = false;
    while (started && !past && next_chunk(data, size, &c)) {
        if (memcmp(c.type, "IHDR", 4) == 0 && c.length == 13 && !ihdr) {
            ihdr = c.type + 4;
            allowed = inflated_size(ihdr);
        } else if (memcmp(c.type, "IDAT", 4) == 0 && ihdr && !ended) {
            z.next_in = (unsigned char *)c.type + 4;
            z.avail_in = c.length;
            while (z.avail_in > 0 && !past && !ended) {
                z.next_out = buffer;
                z.avail_out = INFLATE_BUFFER;
                int status = inflate(&z, Z_NO_FLUSH);
                inflated += INFLATE_BUFFER - z.avail_out;
                past = inflated > allowed;
                ended = status != Z_OK; /* its end, or corrupt data: libpng says which */
            }
        }
    }
    if (started)
        inflateEnd(&z);
    decode_budget_free(buffer);
    return !past || cli_reason(message, message_size,
                               "cannot decode image: the PNG's pixel data inflates past the "
                               "%zu bytes its %ux%u header allows",
                               allowed, (unsigned)image_magic_be32(ihdr),
                               (unsigned)image_magic_be32(ihdr + 4));
}

bool png_rows_ended(const unsigned char *data, size_t size) {
    struct png_chunk c = {0, 0, NULL};
    bool iend = false;
    while (next_chunk(data, size, &c))
        iend = memcmp(c.type, "IEND", 4) == 0;
    return iend;
}
