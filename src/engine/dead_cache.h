/* A fixed-size, lossy memory of matrix states known to have no packing.
 *
 * Only states whose whole subtree was explored are stored. With the pattern search's keys
 * (matrix_key: the whole state, the stacks, never a bare hash, whatever the width) a hit is
 * a proof; the converter's packer stores hashed keys (matrix_tracker_key), where two states
 * may share one, which its short tries can afford. Losing an entry to a collision of slots
 * only costs time. Entries carry the number of the job that stored them,
 * so starting a new job forgets everything without clearing the table and results never
 * depend on which jobs a thread ran before.
 *
 * An entry is the key's 32-bit half-words followed by the job's, rounded up to 64-bit
 * words: 16 bytes on the 21-wide field, 40 on the widest. */
#ifndef TETRIS_DEAD_CACHE_H
#define TETRIS_DEAD_CACHE_H

#include "matrix.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dead_cache {
    uint64_t *slots; /* (mask + 1) entries of `stride` words */
    size_t mask;
    int stride;   /* words per entry */
    int job_half; /* the half-word of an entry holding its job (0 = never used) */
    uint32_t job;
};

/* A cache of 2^log2_slots entries for the keys of matrices `width` wide. */
bool dead_cache_init(struct dead_cache *cache, int log2_slots, int width);
void dead_cache_free(struct dead_cache *cache);
/* Forgets every entry (starts a new job). */
void dead_cache_reset(struct dead_cache *cache);
/* The bucket where a key lives, for dead_cache_contains and dead_cache_insert. */
size_t dead_cache_locate(const struct dead_cache *cache, const struct matrix_key *key);
bool dead_cache_contains(const struct dead_cache *cache, const struct matrix_key *key,
                         size_t bucket);
void dead_cache_insert(struct dead_cache *cache, const struct matrix_key *key, size_t bucket);

#endif
