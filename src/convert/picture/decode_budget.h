/* A memory budget for decoding an image: stb_image allocates through these functions (see
 * stb_image.c), and so do the loader's own copies of the data, so that no input, however
 * crafted, makes decoding take more than DECODE_BUDGET bytes at a time. An allocation past
 * the budget fails as if memory had run out, and decode_budget_exceeded() tells the two
 * apart. Blocks are ordinary malloc() blocks: free() may release them after decoding.
 *
 * One decode at a time per thread: decode_budget_begin() starts counting afresh. */
#ifndef TETRIS_CONVERT_DECODE_BUDGET_H
#define TETRIS_CONVERT_DECODE_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

/* 40 MiB: enough for an 8-bit RGBA PNG or a progressive JPEG at IMAGE_MAX_PIXELS
 * (image_decode.h); with the input itself (at most IMAGE_MAX_FILE_SIZE) and the program, a
 * run stays under 64 MiB. */
#define DECODE_BUDGET ((size_t)40 << 20)

void decode_budget_begin(size_t budget);
/* True when an allocation was refused for the budget since decode_budget_begin(). */
bool decode_budget_exceeded(void);
/* The budget given to decode_budget_begin(). */
size_t decode_budget_limit(void);
/* The most bytes held at once since decode_budget_begin(). */
size_t decode_budget_peak(void);

void *decode_budget_malloc(size_t size);
void *decode_budget_calloc(size_t size); /* zeroed */
void *decode_budget_realloc(void *block, size_t size);
void decode_budget_free(void *block);

#endif
