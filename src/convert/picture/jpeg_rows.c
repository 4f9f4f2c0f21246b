/* A JPEG decoded scaled by libjpeg-turbo, a row at a time (see image_scaled.h). */
#include "image_scaled.h"

#include "cli.h"
#include "decode_budget.h"
#include "image_reduce.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#define SOURCE_BUFFER (64 << 10)

/* The decompressor with what the callbacks need: the stream, where to jump on an error and
 * the reason to give. */
struct jpeg_run {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    struct jpeg_source_mgr source_manager;
    struct jpeg_progress_mgr progress;
    struct image_source *source;
    unsigned char buffer[SOURCE_BUFFER];
    long max_scans;
    struct image_reducer reducer;
    bool reducing; /* the reducer is to be freed whatever happens */
    jmp_buf fail;
    char reason[256];
};

static void fail_with(struct jpeg_run *run, const char *reason) {
    snprintf(run->reason, sizeof run->reason, "%s", reason);
    longjmp(run->fail, 1);
}

static void error_exit(j_common_ptr cinfo) {
    struct jpeg_run *run = (struct jpeg_run *)cinfo->client_data;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(run->reason, sizeof run->reason, "cannot decode image: %.160s", text);
    longjmp(run->fail, 1);
}

/* Warnings (corrupt data libjpeg can go on from) are not shown: the picture is decoded as
 * well as it can be, as stb_image does. */
static void emit_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

static void init_source(j_decompress_ptr cinfo) {
    (void)cinfo;
}

static boolean fill_input_buffer(j_decompress_ptr cinfo) {
    struct jpeg_run *run = (struct jpeg_run *)cinfo->client_data;
    size_t got = image_source_read(run->source, run->buffer, sizeof run->buffer);
    if (got == 0) {
        image_source_shortfall(run->source, "cannot decode image: truncated JPEG", run->reason,
                               sizeof run->reason);
        longjmp(run->fail, 1);
    }
    run->source_manager.next_input_byte = run->buffer;
    run->source_manager.bytes_in_buffer = got;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *s = cinfo->src;
    while (count > (long)s->bytes_in_buffer) {
        count -= (long)s->bytes_in_buffer;
        fill_input_buffer(cinfo);
    }
    if (count > 0) {
        s->next_input_byte += count;
        s->bytes_in_buffer -= (size_t)count;
    }
}

static void term_source(j_decompress_ptr cinfo) {
    (void)cinfo;
}

/* Called as scans are read: a JPEG of endless scans stops here. */
static void progress_monitor(j_common_ptr cinfo) {
    struct jpeg_run *run = (struct jpeg_run *)cinfo->client_data;
    if (run->cinfo.input_scan_number > run->max_scans) {
        snprintf(run->reason, sizeof run->reason,
                 "cannot decode image: a JPEG of more than %ld scans over %ux%u pixels (at most "
                 "%ld pixels in all its scans)",
                 run->max_scans, run->cinfo.image_width, run->cinfo.image_height,
                 IMAGE_SCALED_JPEG_SCAN_PIXELS);
        longjmp(run->fail, 1);
    }
}

/* The largest DCT scale M/8 whose picture is within max_pixels (1/8 when none is). */
static int dct_scale(long width, long height, long max_pixels) {
    for (int m = 8; m > 1; m--)
        if (((width * m + 7) / 8) * ((height * m + 7) / 8) <= max_pixels)
            return m;
    return 1;
}

/* CMYK as Adobe writes it (inverted) to RGB, as stb_image reads it. */
static void cmyk_to_rgba(unsigned char *row, int width) {
    for (int x = 0; x < width; x++) {
        unsigned char *p = row + 4 * x;
        int k = p[3];
        for (int c = 0; c < 3; c++)
            p[c] = (unsigned char)((p[c] * k + 127) / 255);
        p[3] = PICTURE_OPAQUE;
    }
}

static bool decode_rows(struct jpeg_run *run, long max_pixels, struct picture *out) {
    j_decompress_ptr cinfo = &run->cinfo;
    jpeg_read_header(cinfo, TRUE);
    long width = cinfo->image_width, height = cinfo->image_height;
    if (width > IMAGE_SCALED_MAX_SIDE || height > IMAGE_SCALED_MAX_SIDE ||
        width * height > IMAGE_SCALED_MAX_PIXELS)
        fail_with(run, "cannot decode image: its header and its data disagree");
    run->max_scans = IMAGE_SCALED_JPEG_SCAN_PIXELS / (width * height);
    cinfo->scale_num = (unsigned)dct_scale(width, height, max_pixels);
    cinfo->scale_denom = 8;
    bool cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);
    if (!image_reducer_begin(&run->reducer, (int)cinfo->output_width, (int)cinfo->output_height,
                             max_pixels))
        return false;
    run->reducing = true;
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[1] = {run->reducer.row};
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1)
            fail_with(run, "cannot decode image: truncated JPEG");
        if (cmyk)
            cmyk_to_rgba(run->reducer.row, (int)cinfo->output_width);
        if (!image_reducer_row(&run->reducer, run->reducer.row))
            return false;
    }
    run->reducing = false;
    return image_reducer_finish(&run->reducer, out);
}

bool jpeg_rows_decode(struct image_source *source, long max_pixels, struct picture *out,
                      bool *no_memory, char *message, size_t message_size) {
    struct jpeg_run *run = calloc(1, sizeof *run);
    *no_memory = run == NULL;
    if (!run)
        return cli_reason(message, message_size, "cannot decode image: out of memory");
    run->source = source;
    run->cinfo.err = jpeg_std_error(&run->errors);
    run->errors.error_exit = error_exit;
    run->errors.emit_message = emit_message;
    run->cinfo.client_data = run;
    /* volatile: read after longjmp */
    volatile bool created = false, ok = false;
    if (setjmp(run->fail) == 0) {
        jpeg_create_decompress(&run->cinfo);
        created = true;
        run->cinfo.mem->max_memory_to_use = (long)DECODE_BUDGET;
        run->source_manager = (struct jpeg_source_mgr){
            NULL,       0, init_source, fill_input_buffer, skip_input_data, jpeg_resync_to_restart,
            term_source};
        run->cinfo.src = &run->source_manager;
        run->progress.progress_monitor = progress_monitor;
        run->cinfo.progress = &run->progress;
        ok = decode_rows(run, max_pixels, out);
        *no_memory = !ok;
        if (!ok)
            cli_reason(run->reason, sizeof run->reason, "cannot decode image: out of memory");
    } else if (strstr(run->reason, "Insufficient memory") || strstr(run->reason, "Backing store")) {
        /* libjpeg's whole-image buffers would pass the budget */
        snprintf(run->reason, sizeof run->reason,
                 "cannot decode image: it needs more than %zu MiB of memory (a progressive or "
                 "multi-scan JPEG keeps all of it)",
                 DECODE_BUDGET >> 20);
    }
    if (created)
        jpeg_destroy_decompress(&run->cinfo);
    if (run->reducing)
        image_reducer_free(&run->reducer);
    if (!ok)
        cli_reason(message, message_size, "%s", run->reason);
    free(run);
    return ok;
}
