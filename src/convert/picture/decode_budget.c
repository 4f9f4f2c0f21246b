/* The decoding memory budget (see decode_budget.h). Sizes are counted as malloc counts
 * them (malloc_usable_size), the same way when a block is taken and when it is given back,
 * so a block freed outside the budget's functions only leaves the count high until the
 * next decode_budget_begin(). */
#define _GNU_SOURCE /* malloc_usable_size */
#include "decode_budget.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local size_t budget = DECODE_BUDGET, held, peak;
static _Thread_local bool exceeded;

/* glibc raises its mmap threshold to the size of each large block freed, so that later
 * blocks of that size come from the heap, which keeps what is freed: the resident memory
 * would then grow to the sum of the buffers decoding takes one after the other, not their
 * most at once. A fixed threshold gives every large block back when it is freed. */
#define LARGE_BLOCK (256 << 10)

void decode_budget_begin(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK);
    budget = bytes;
    held = peak = 0;
    exceeded = false;
}

bool decode_budget_exceeded(void) {
    return exceeded;
}

size_t decode_budget_limit(void) {
    return budget;
}

size_t decode_budget_peak(void) {
    return peak;
}

/* True when `size` more bytes (besides `released`, about to be given back) fit. */
static bool fits(size_t size, size_t released) {
    size_t after = held - (released < held ? released : held);
    if (size > budget || after > budget - size) {
        exceeded = true;
        return false;
    }
    return true;
}

static void *taken(void *block) {
    if (block) {
        held += malloc_usable_size(block);
        peak = held > peak ? held : peak;
    }
    return block;
}

static void given_back(size_t size) {
    held -= size < held ? size : held;
}

void *decode_budget_malloc(size_t size) {
    return fits(size, 0) ? taken(malloc(size ? size : 1)) : NULL;
}

void *decode_budget_calloc(size_t size) {
    return fits(size, 0) ? taken(calloc(size ? size : 1, 1)) : NULL;
}

void *decode_budget_realloc(void *block, size_t size) {
    size_t before = block ? malloc_usable_size(block) : 0;
    if (!fits(size, before))
        return NULL;
    void *grown = realloc(block, size ? size : 1);
    if (grown)
        given_back(before);
    return taken(grown);
}

void decode_budget_free(void *block) {
    if (block)
        given_back(malloc_usable_size(block));
    free(block);
}
