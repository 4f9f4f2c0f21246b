/* A fixed-size, lossy memory of matrix states known to have no packing.
 *
 * Only states whose whole subtree was explored are stored, so a hit is a proof; losing
 * an entry to a collision only costs time. Entries carry the number of the job that
 * stored them, so starting a new job forgets everything without clearing the table and
 * results never depend on which jobs a thread ran before. */
#ifndef TETRIS_DEAD_CACHE_H
#define TETRIS_DEAD_CACHE_H

#include "matrix.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dead_entry {
    uint64_t low;
    uint32_t high;
    uint32_t job; /* 0 = never used */
};

struct dead_cache {
    struct dead_entry *slots;
    size_t mask;
    uint32_t job;
};

/* A cache of 2^log2_slots entries (16 bytes each). */
bool dead_cache_init(struct dead_cache *cache, int log2_slots);
void dead_cache_free(struct dead_cache *cache);
/* Forgets every entry (starts a new job). */
void dead_cache_reset(struct dead_cache *cache);
bool dead_cache_contains(const struct dead_cache *cache, struct matrix_key key);
void dead_cache_insert(struct dead_cache *cache, struct matrix_key key);

#endif
