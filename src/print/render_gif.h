/* Writes the play as an animated GIF (giflib), looping forever. Each frame holds only the
 * rectangle that changed since the previous one, its unchanged pixels transparent
 * (PALETTE_KEY); a frame that changes nothing lengthens the previous one. With a transparent
 * background each frame is the whole canvas instead, replacing the previous one. */
#ifndef TETRIS_PRINT_RENDER_GIF_H
#define TETRIS_PRINT_RENDER_GIF_H

#include "drawing/palette.h"
#include "drawing/raster.h"

#include <stdbool.h>
#include <stdio.h>

struct gif_writer {
    void *gif; /* GifFileType */
    FILE *out;
    int width, height;
    bool transparent;
    uint8_t *shown;   /* the canvas once the pending frame is shown */
    uint8_t *pending; /* the frame not written yet: its rectangle's pixels */
    struct pixel_rect pending_rect;
    long pending_delay; /* centiseconds */
    bool has_pending;
};

bool gif_begin(struct gif_writer *g, FILE *out, int width, int height, const struct palette *p,
               bool transparent);
/* Adds the raster as a frame shown for `delay` centiseconds; `changed` holds every pixel
 * that may differ from the previous frame. */
bool gif_add_frame(struct gif_writer *g, const struct raster *r, struct pixel_rect changed,
                   int delay);
/* Writes the last frame, shown for at least `hold` centiseconds, and the trailer; frees
 * everything whatever happens. */
bool gif_end(struct gif_writer *g, int hold);
/* Frees everything without finishing the file. */
void gif_abort(struct gif_writer *g);

#endif
