/* -o FILE.mp4 / FILE.webm: the frames streamed as raw RGB through a pipe to ffmpeg, which
 * must be on PATH and encodes them (H.264 in MP4, VP9 in WebM) into the temporary file of
 * an atomic output, so the file appears whole or not at all. Its rate is --fps exactly,
 * else 100 / --delay; the last frame is repeated for --hold. */
#ifndef TETRIS_PRINT_VIDEO_OUTPUT_H
#define TETRIS_PRINT_VIDEO_OUTPUT_H

#include "output.h"

extern const struct output_ops VIDEO_MP4_OUTPUT;
extern const struct output_ops VIDEO_WEBM_OUTPUT;

#endif
