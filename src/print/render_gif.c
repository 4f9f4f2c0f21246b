#include "render_gif.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#define GIF_MAX_DELAY 65535 /* centiseconds: a frame's delay field is 16 bits */
#define NOT_SHOWN 0xff      /* no palette index: the first frame differs everywhere */

static int write_to_file(GifFileType *gif, const GifByteType *bytes, int length) {
    FILE *out = gif->UserData;
    return (int)fwrite(bytes, 1, (size_t)length, out);
}

bool gif_begin(struct gif_writer *g, FILE *out, int width, int height, const struct palette *p,
               bool transparent) {
    memset(g, 0, sizeof *g);
    g->out = out;
    g->width = width;
    g->height = height;
    g->transparent = transparent;
    size_t size = (size_t)width * (size_t)height;
    g->shown = malloc(size);
    g->pending = malloc(size);
    int error = 0;
    GifFileType *gif = g->shown && g->pending ? EGifOpen(out, write_to_file, &error) : NULL;
    if (!gif) {
        gif_abort(g);
        return false;
    }
    memset(g->shown, NOT_SHOWN, size);
    g->gif = gif;
    GifColorType colours[PALETTE_SIZE];
    for (int i = 0; i < PALETTE_SIZE; i++)
        colours[i] = (GifColorType){p->rgba[i][0], p->rgba[i][1], p->rgba[i][2]};
    ColorMapObject *map = GifMakeMapObject(PALETTE_SIZE, colours);
    if (!map) {
        gif_abort(g);
        return false;
    }
    EGifSetGifVersion(gif, true);
    bool ok =
        EGifPutScreenDesc(gif, width, height, map->BitsPerPixel, PALETTE_BACKGROUND, map) == GIF_OK;
    GifFreeMapObject(map);
    /* NETSCAPE2.0 application extension: loop forever. */
    static const GifByteType loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
    if (!ok)
        gif_abort(g);
    return ok;
}

static bool put_image(struct gif_writer *g, const uint8_t *pixels, struct pixel_rect rect,
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
static bool flush_pending(struct gif_writer *g) {
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
static struct pixel_rect tighten(const struct gif_writer *g, const struct raster *raster,
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

bool gif_add_frame(struct gif_writer *g, const struct raster *r, struct pixel_rect changed,
                   int delay) {
    struct pixel_rect rect = tighten(g, r, changed);
    if (rect.x0 >= rect.x1) {
        if (g->has_pending) {
            g->pending_delay += delay;
            return true;
        }
        rect = (struct pixel_rect){0, 0, 1, 1}; /* only when nothing was drawn at all */
    }
    if (g->has_pending && !flush_pending(g))
        return false;
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

bool gif_end(struct gif_writer *g, int hold) {
    if (g->has_pending && g->pending_delay < hold)
        g->pending_delay = hold;
    bool ok = !g->has_pending || flush_pending(g);
    int error = 0;
    ok = EGifCloseFile(g->gif, &error) == GIF_OK && ok;
    g->gif = NULL;
    gif_abort(g);
    return ok && !ferror(g->out);
}

void gif_abort(struct gif_writer *g) {
    int error = 0;
    if (g->gif)
        EGifCloseFile(g->gif, &error);
    g->gif = NULL;
    free(g->shown);
    free(g->pending);
    g->shown = g->pending = NULL;
}
