#include "render_gif.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

static int write_to_file(GifFileType *gif, const GifByteType *bytes, int length) {
    FILE *out = gif->UserData;
    return (int)fwrite(bytes, 1, (size_t)length, out);
}

bool gif_begin(struct gif_writer *g, FILE *out, int width, int height, const struct palette *p,
               bool transparent, int delay) {
    memset(g, 0, sizeof *g);
    g->out = out;
    g->width = width;
    g->height = height;
    g->delay = delay;
    g->transparent = transparent;
    g->pending = malloc((size_t)width * (size_t)height);
    int error = 0;
    GifFileType *gif = g->pending ? EGifOpen(out, write_to_file, &error) : NULL;
    if (!gif) {
        gif_abort(g);
        return false;
    }
    g->gif = gif;
    GifColorType colours[16] = {{0, 0, 0}};
    for (int i = 0; i < PALETTE_SIZE; i++)
        colours[i] = (GifColorType){p->rgba[i][0], p->rgba[i][1], p->rgba[i][2]};
    ColorMapObject *map = GifMakeMapObject(16, colours);
    if (!map) {
        gif_abort(g);
        return false;
    }
    EGifSetGifVersion(gif, true);
    bool ok = EGifPutScreenDesc(gif, width, height, 4, PALETTE_BACKGROUND, map) == GIF_OK;
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

static bool put_frame(struct gif_writer *g, const uint8_t *pixels, int delay) {
    GifFileType *gif = g->gif;
    /* With a transparent background each frame replaces the previous one entirely. */
    GraphicsControlBlock control = {
        .DisposalMode = g->transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
        .UserInputFlag = false,
        .DelayTime = delay,
        .TransparentColor = g->transparent ? PALETTE_BACKGROUND : NO_TRANSPARENT_COLOR,
    };
    GifByteType extension[4];
    size_t length = EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) != GIF_OK)
        return false;
    if (EGifPutImageDesc(gif, 0, 0, g->width, g->height, false, NULL) != GIF_OK)
        return false;
    for (int y = 0; y < g->height; y++)
        if (EGifPutLine(gif, (GifPixelType *)pixels + (size_t)y * (size_t)g->width, g->width) !=
            GIF_OK)
            return false;
    return true;
}

bool gif_add_frame(struct gif_writer *g, const struct raster *r) {
    if (g->has_pending && !put_frame(g, g->pending, g->delay))
        return false;
    memcpy(g->pending, r->pixels, (size_t)g->width * (size_t)g->height);
    g->has_pending = true;
    return true;
}

bool gif_end(struct gif_writer *g) {
    int final = g->delay > GIF_FINAL_DELAY ? g->delay : GIF_FINAL_DELAY;
    bool ok = !g->has_pending || put_frame(g, g->pending, final);
    int error = 0;
    ok = EGifCloseFile(g->gif, &error) == GIF_OK && ok;
    g->gif = NULL;
    free(g->pending);
    g->pending = NULL;
    return ok && !ferror(g->out);
}

void gif_abort(struct gif_writer *g) {
    int error = 0;
    if (g->gif)
        EGifCloseFile(g->gif, &error);
    g->gif = NULL;
    free(g->pending);
    g->pending = NULL;
}
