/* A JPEG read by libjpeg-turbo, a row at a time, into an image target (see jpeg_rows.h). */
#include "jpeg_rows.h"

#include "cli.h"
#include "decode_budget.h"
#include "jpeg_coefficients.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
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
    struct image_target *target;
    unsigned char buffer[SOURCE_BUFFER];
    long max_scans;
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

/* A warning that pixel data is missing or wrong (libjpeg would go on with zeros) is an
 * error; the others (junk between segments, an unknown JFIF version, a bad ICC marker) are
 * not shown. */
static void emit_message(j_common_ptr cinfo, int level) {
    int code = cinfo->err->msg_code;
    if (level < 0 &&
        (code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE || code == JWRN_ARITH_BAD_CODE ||
         code == JWRN_JPEG_EOF || code == JWRN_MUST_RESYNC))
        error_exit(cinfo);
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
                 IMAGE_JPEG_SCAN_PIXELS);
        longjmp(run->fail, 1);
    }
}

/* The largest DCT scale M/8 whose picture is within max_pixels (1/8 when none is); the
 * whole picture (8/8) when max_pixels is 0. */
static int dct_scale(long width, long height, long max_pixels) {
    for (int m = 8; m > 1; m--)
        if (!max_pixels || ((width * m + 7) / 8) * ((height * m + 7) / 8) <= max_pixels)
            return m;
    return 1;
}

/* CMYK as Adobe writes it (inverted) to RGB. */
static void cmyk_to_rgba(unsigned char *row, int width) {
    for (int x = 0; x < width; x++) {
        unsigned char *p = row + 4 * x;
        int k = p[3];
        for (int c = 0; c < 3; c++)
            p[c] = (unsigned char)((p[c] * k + 127) / 255);
        p[3] = PICTURE_OPAQUE;
    }
}

static bool decode_rows(struct jpeg_run *run, int max_side) {
    j_decompress_ptr cinfo = &run->cinfo;
    jpeg_read_header(cinfo, TRUE);
    long width = cinfo->image_width, height = cinfo->image_height;
    if (width > max_side || height > max_side || width * height > IMAGE_SCALED_MAX_PIXELS)
        fail_with(run, "cannot decode image: its header and its data disagree");
    run->max_scans = IMAGE_JPEG_SCAN_PIXELS / (width * height);
    cinfo->scale_num = (unsigned)dct_scale(width, height, run->target->max_pixels);
    cinfo->scale_denom = 8;
    bool cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);
    if (!image_target_begin(run->target, (int)cinfo->output_width, (int)cinfo->output_height))
        return false;
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[1] = {image_target_row(run->target)};
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1)
            fail_with(run, "cannot decode image: truncated JPEG");
        if (cmyk)
            cmyk_to_rgba(rows[0], (int)cinfo->output_width);
        if (!image_target_put(run->target))
            return false;
    }
    return true;
}

/* Sets up the decompressor over the source; may jump to run->fail. */
static void start(struct jpeg_run *run) {
    jpeg_coefficients_use(&run->cinfo);
    run->source_manager = (struct jpeg_source_mgr){
        NULL,       0, init_source, fill_input_buffer, skip_input_data, jpeg_resync_to_restart,
        term_source};
    run->cinfo.src = &run->source_manager;
    run->progress.progress_monitor = progress_monitor;
    run->cinfo.progress = &run->progress;
}

bool jpeg_rows_decode(struct image_source *source, struct image_target *target, int max_side,
                      bool *no_memory, char *message, size_t message_size) {
    struct jpeg_run *run = calloc(1, sizeof *run);
    *no_memory = run == NULL;
    if (!run)
        return cli_reason(message, message_size, "cannot decode image: out of memory");
    run->source = source;
    run->target = target;
    run->cinfo.err = jpeg_std_error(&run->errors);
    run->errors.error_exit = error_exit;
    run->errors.emit_message = emit_message;
    run->cinfo.client_data = run;
    /* volatile: read after longjmp */
    volatile bool created = false, ok = false;
    if (setjmp(run->fail) == 0) {
        jpeg_create_decompress(&run->cinfo);
        created = true;
        start(run);
        ok = decode_rows(run, max_side);
        if (!ok)
            cli_reason(run->reason, sizeof run->reason, "cannot decode image: out of memory");
    }
    bool memory = !ok && (decode_budget_exceeded() || strstr(run->reason, "Insufficient memory") ||
                          strstr(run->reason, "out of memory"));
    if (memory && decode_budget_exceeded()) /* bad input: no picture needs more */
        snprintf(run->reason, sizeof run->reason,
                 "cannot decode image: it needs more than %zu MiB of memory",
                 decode_budget_limit() >> 20);
    *no_memory = memory && !decode_budget_exceeded();
    if (created)
        jpeg_destroy_decompress(&run->cinfo);
    jpeg_coefficients_free();
    if (!ok)
        cli_reason(message, message_size, "%s", run->reason);
    free(run);
    return ok;
}
