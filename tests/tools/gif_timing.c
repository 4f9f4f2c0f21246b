/* gif_timing: test helper for tetris-print's animated GIFs.
 *
 *   gif_timing FILE.gif [FINAL.png]
 *       Prints "images N delays D last L": the GIF's images, the sum of their delays and
 *       the last one's, in centiseconds (a browser plays it for D, the last image shown
 *       for L). With FINAL.png, the images are laid over one another as a viewer shows
 *       them (each one's transparent pixels keep what is under them) and the last picture
 *       must equal FINAL.png's colours (an opaque PNG of the same size).
 *   Exit 0, 1 when the last picture differs (one line naming the first pixel), 2 on an
 *   unreadable file.
 */
#define TOOL_NAME "gif_timing"
#include "tool_image.h"

#include <gif_lib.h>
#include <stdint.h>
#include <stdlib.h>

/* The last picture of `gif` compared with `expected`: 0 equal, 1 not (said why). */
static int compare_last(GifFileType *gif, const struct image *expected) {
    int w = gif->SWidth, h = gif->SHeight;
    if (w != expected->width || h != expected->height) {
        printf("size %dx%d, expected %dx%d\n", w, h, expected->width, expected->height);
        return 1;
    }
    int *canvas = malloc((size_t)w * (size_t)h * sizeof *canvas); /* colour indices */
    if (!canvas)
        return 2;
    for (int i = 0; i < w * h; i++)
        canvas[i] = gif->SBackGroundColor;
    for (int k = 0; k < gif->ImageCount; k++) {
        const SavedImage *image = &gif->SavedImages[k];
        GraphicsControlBlock gcb = {.TransparentColor = NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(gif, k, &gcb);
        const GifImageDesc *d = &image->ImageDesc;
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++) {
                int index = image->RasterBits[y * d->Width + x];
                if (index != gcb.TransparentColor && d->Top + y < h && d->Left + x < w)
                    canvas[(d->Top + y) * w + d->Left + x] = index;
            }
    }
    const ColorMapObject *map = gif->SColorMap;
    int status = 0;
    for (int i = 0; i < w * h && status == 0; i++) {
        const GifColorType *c = &map->Colors[canvas[i] < map->ColorCount ? canvas[i] : 0];
        const unsigned char *want = pixel(expected, i % w, i / w);
        if (c->Red != want[0] || c->Green != want[1] || c->Blue != want[2]) {
            printf("pixel (%d, %d) is %02x%02x%02x, expected %02x%02x%02x\n", i % w, i / w, c->Red,
                   c->Green, c->Blue, want[0], want[1], want[2]);
            status = 1;
        }
    }
    free(canvas);
    return status;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: gif_timing FILE.gif [FINAL.png]\n");
        return 2;
    }
    int error = 0;
    GifFileType *gif = DGifOpenFileName(argv[1], &error);
    if (!gif || DGifSlurp(gif) != GIF_OK) {
        fprintf(stderr, "gif_timing: %s: not a readable GIF\n", argv[1]);
        if (gif)
            DGifCloseFile(gif, &error);
        return 2;
    }
    long total = 0, last = 0;
    for (int k = 0; k < gif->ImageCount; k++) {
        GraphicsControlBlock gcb = {0};
        DGifSavedExtensionToGCB(gif, k, &gcb);
        total += gcb.DelayTime;
        last = gcb.DelayTime;
    }
    printf("images %d delays %ld last %ld\n", gif->ImageCount, total, last);
    int status = 0;
    if (argc == 3) {
        struct image expected;
        if (!load_png(argv[2], &expected)) {
            status = 2;
        } else {
            status = compare_last(gif, &expected);
            stbi_image_free(expected.rgba);
        }
    }
    DGifCloseFile(gif, &error);
    return status;
}
