#include "gif_output.h"

#include "cli.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#define GIF_MAX_DELAY 65535 /* centiseconds: a frame's delay field is 16 bits */
#define NOT_SHOWN 0xff      /* no palette index: the first frame differs everywhere */

struct gif_output {
    const char *path; /* for messages */
    GifFileType *gif;
    FILE *out;
    int width, height;
    bool transparent;
    int delay, hold;  /* centiseconds */
    uint8_t *shown;   /* the canvas once the pending frame is shown */
    uint8_t *pending; /* the frame not written yet: its rectangle's pixels */
    struct pixel_rect pending_rect;
    long pending_delay; /* centiseconds */
    bool has_pending;
};

/* The one wording of every failure. */
static bool failed(const struct gif_output *g) {
    cli_error("%s: cannot write the GIF", g->path);
    return false;
}

static int write_to_file(GifFileType *gif, const GifByteType *bytes, int length) {
    FILE *out = gif->UserData;
    return (int)fwrite(bytes, 1, (size_t)length, out);
}

static bool gif_output_begin(void *self, const struct output_start *start) {
    struct gif_output *g = self;
    g->path = start->path;
    g->out = start->file;
    g->width = start->raster->width;
    g->height = start->raster->height;
    g->transparent = start->transparent;
    g->delay = start->delay;
    g->hold = start->hold;
    size_t size = (size_t)g->width * (size_t)g->height;
    g->shown = malloc(size);
    g->pending = malloc(size);
    int error = 0;
    g->gif = g->shown && g->pending ? EGifOpen(g->out, write_to_file, &error) : NULL;
    if (!g->gif)
        return failed(g);
    memset(g->shown, NOT_SHOWN, size);
    const struct palette *p = start->palette;
    GifColorType colours[PALETTE_SIZE];
    for (int i = 0; i < PALETTE_SIZE; i++)
        colours[i] = (GifColorType){p->rgba[i][0], p->rgba[i][1], p->rgba[i][2]};
    ColorMapObject *map = GifMakeMapObject(PALETTE_SIZE, colours);
    if (!map)
        return failed(g);
    EGifSetGifVersion(g->gif, true);
    bool ok = EGifPutScreenDesc(g->gif, g->width, g->height, map->BitsPerPixel, PALETTE_BACKGROUND,
                                map) == GIF_OK;
    GifFreeMapObject(map);
    /* NETSCAPE2.0 application extension: loop forever. */
    static const GifByteType loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(g->gif, 3, loop) == GIF_OK &&
         EGifPutExtensionTrailer(g->gif) == GIF_OK;
    return ok || failed(g);
}

static bool put_image(struct gif_output *g, const uint8_t *pixels, struct pixel_rect rect,
                      long delay) {
    GifFileType *gif = g->gif;
    /* Opaque background: frames add up (do not dispose), unchanged pixels are the key.
     * Transparent background: each whole frame is cleared before the next. */
    GraphicsControlBlock control = {
        .DisposalMode = g->transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
        .UserInputFlag = false,
        .DelayTime = (int)delay,
        .TransparentColor = g->transparent ? PALETTE_BACKGROUND : PALETTE_KEY,
    };
    GifByteType extension[4];
    size_t length = EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) != GIF_OK)
        return false;
    int w = rect.x1 - rect.x0, h = rect.y1 - rect.y0;
    if (EGifPutImageDesc(gif, rect.x0, rect.y0, w, h, false, NULL) != GIF_OK)
        return false;
    for (int y = 0; y < h; y++)
        if (EGifPutLine(gif, (GifPixelType *)pixels + (size_t)y * (size_t)w, w) != GIF_OK)
            return false;
    return true;
}

/* Writes the pending frame, split into several of the longest delay when it is held for
 * longer than one frame can say. */
static bool flush_pending(struct gif_output *g) {
    long delay = g->pending_delay;
    bool first = true;
    while (first || delay > 0) {
        long now = delay > GIF_MAX_DELAY ? GIF_MAX_DELAY : delay;
        /* A repeat is one unchanged pixel, or the whole frame again when each frame
         * replaces the previous one. */
        bool repeat = !first && !g->transparent;
        struct pixel_rect rect = repeat ? (struct pixel_rect){0, 0, 1, 1} : g->pending_rect;
        uint8_t key[1] = {PALETTE_KEY}; /* writable: giflib masks the pixels it is given */
        if (!put_image(g, repeat ? key : g->pending, rect, now))
            return false;
        delay -= now;
        first = false;
    }
    g->has_pending = false;
    return true;
}

/* The smallest rectangle inside `r` where the raster differs from what is shown. */
static struct pixel_rect tighten(const struct gif_output *g, const struct raster *raster,
                                 struct pixel_rect r) {
    struct pixel_rect t = {r.x1, r.y1, r.x0, r.y0};
    size_t w = (size_t)g->width;
    for (int y = r.y0; y < r.y1; y++) {
        const uint8_t *now = raster->pixels + (size_t)y * w, *was = g->shown + (size_t)y * w;
        int x0 = r.x0, x1 = r.x1;
        while (x0 < x1 && now[x0] == was[x0])
            x0++;
        if (x0 == x1)
            continue;
        while (now[x1 - 1] == was[x1 - 1])
            x1--;
        if (x0 < t.x0)
            t.x0 = x0;
        if (x1 > t.x1)
            t.x1 = x1;
        if (y < t.y0)
            t.y0 = y;
        t.y1 = y + 1;
    }
    return t;
}

static bool gif_output_frame(void *self, const struct output_frame *frame) {
    struct gif_output *g = self;
    const struct raster *r = frame->raster;
    int delay = g->delay;
    struct pixel_rect rect = tighten(g, r, frame->changed);
    if (rect.x0 >= rect.x1) {
        if (g->has_pending) {
            g->pending_delay += delay;
            return true;
        }
        rect = (struct pixel_rect){0, 0, 1, 1}; /* only when nothing was drawn at all */
    }
    if (g->has_pending && !flush_pending(g))
        return failed(g);
    if (g->transparent)
        rect = (struct pixel_rect){0, 0, g->width, g->height};
    size_t w = (size_t)g->width;
    uint8_t *out = g->pending;
    for (int y = rect.y0; y < rect.y1; y++) {
        const uint8_t *now = r->pixels + (size_t)y * w;
        uint8_t *was = g->shown + (size_t)y * w;
        for (int x = rect.x0; x < rect.x1; x++) {
            *out++ = g->transparent || now[x] != was[x] ? now[x] : PALETTE_KEY;
            was[x] = now[x];
        }
    }
    g->pending_rect = rect;
    g->pending_delay = delay;
    g->has_pending = true;
    return true;
}

/* Frees everything, without finishing the file unless asked to. */
static bool close_gif(struct gif_output *g) {
    int error = 0;
    bool closed = !g->gif || EGifCloseFile(g->gif, &error) == GIF_OK;
    g->gif = NULL;
    free(g->shown);
    free(g->pending);
    g->shown = g->pending = NULL;
    return closed;
}

static bool gif_output_end(void *self, const struct output_frame *last) {
    (void)last; /* the last frame has been given */
    struct gif_output *g = self;
    if (g->has_pending && g->pending_delay < g->hold)
        g->pending_delay = g->hold;
    bool ok = !g->has_pending || flush_pending(g);
    ok = close_gif(g) && ok;
    return (ok && !ferror(g->out)) || failed(g);
}

static void gif_output_abort(void *self) {
    close_gif(self);
}

const struct output_ops GIF_OUTPUT = {
    .animation = true,
    .size = sizeof(struct gif_output),
    .streamed = true,
    .draws_frames = true,
    .begin = gif_output_begin,
    .frame = gif_output_frame,
    .end = gif_output_end,
    .abort = gif_output_abort,
};
