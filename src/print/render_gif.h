/* Writes the play as an animated GIF (giflib): one frame per raster added, looping
 * forever. The last frame is held longer so the finished picture can be seen. */
#ifndef TETRIS_PRINT_RENDER_GIF_H
#define TETRIS_PRINT_RENDER_GIF_H

#include "palette.h"
#include "raster.h"

#include <stdbool.h>
#include <stdio.h>

#define GIF_FINAL_DELAY 300 /* centiseconds: at least this long on the last frame */

struct gif_writer {
    void *gif; /* GifFileType */
    FILE *out;
    int width, height, delay;
    bool transparent;
    uint8_t *pending; /* the latest frame, written when the next one comes or at the end */
    bool has_pending;
};

bool gif_begin(struct gif_writer *g, FILE *out, int width, int height, const struct palette *p,
               bool transparent, int delay);
bool gif_add_frame(struct gif_writer *g, const struct raster *r);
/* Writes the held frame and the trailer; frees everything whatever happens. */
bool gif_end(struct gif_writer *g);
/* Frees everything without finishing the file. */
void gif_abort(struct gif_writer *g);

#endif
