/* -o FILE.mp4 / FILE.webm: the frames streamed as raw RGB through a pipe to ffmpeg, which
 * encodes them (H.264 in MP4, VP9 in WebM) into the temporary file of an atomic output, so
 * the file appears whole or not at all. */
#ifndef TETRIS_PRINT_RENDER_VIDEO_H
#define TETRIS_PRINT_RENDER_VIDEO_H

#include "atomic_output.h"
#include "drawing/palette.h"
#include "drawing/raster.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#define VIDEO_ENCODER "ffmpeg"

struct video_writer {
    pid_t pid;  /* ffmpeg, 0 when not running */
    FILE *pipe; /* its standard input */
    FILE *log;  /* its standard error, for the reason of a failure */
    struct atomic_output out;
    int width, height; /* even, as the encoders need: the raster padded with background */
    const struct palette *palette;
    uint8_t *rgb; /* one frame */
    struct sigaction saved_sigpipe;
    char reason[256]; /* why the last call failed */
};

/* Whether ffmpeg is an executable file in a directory of PATH. */
bool video_encoder_found(void);

/* Starts ffmpeg for frames of `width` x `height` at rate_num / rate_den frames a second. */
bool video_begin(struct video_writer *v, const char *path, bool webm, int width, int height,
                 const struct palette *p, int rate_num, int rate_den);
bool video_add_frame(struct video_writer *v, const struct raster *r);
/* Repeats the last frame `hold_frames` times, lets ffmpeg finish and puts the file in place. */
bool video_end(struct video_writer *v, long hold_frames);
/* Stops ffmpeg if it runs and removes the temporary file; safe after video_end. */
void video_abort(struct video_writer *v);

#endif
