#include "dead_cache.h"

#include <stdlib.h>

bool dead_cache_init(struct dead_cache *cache, int log2_slots) {
    size_t count = (size_t)1 << log2_slots;
    cache->slots = calloc(count, sizeof *cache->slots);
    cache->mask = count - 1;
    cache->job = 1;
    return cache->slots != NULL;
}

void dead_cache_free(struct dead_cache *cache) {
    free(cache->slots);
    cache->slots = NULL;
}

void dead_cache_reset(struct dead_cache *cache) {
    if (++cache->job == 0) { /* wrapped: old tags could look current again */
        for (size_t i = 0; i <= cache->mask; i++)
            cache->slots[i].job = 0;
        cache->job = 1;
    }
}

static size_t slot_of(const struct dead_cache *cache, struct matrix_key key) {
    uint64_t h = key.low ^ (key.high * 0x9e3779b97f4a7c15ULL); /* then MurmurHash3's mix */
    h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdULL;
    h = (h ^ (h >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return (size_t)h & cache->mask & ~(size_t)1;
}

static bool holds(const struct dead_entry *e, uint32_t job, struct matrix_key key) {
    return e->job == job && e->low == key.low && e->high == (uint32_t)key.high;
}

/* Two-way buckets: a key lives in one of the two slots of its bucket. */
bool dead_cache_contains(const struct dead_cache *cache, struct matrix_key key) {
    const struct dead_entry *bucket = &cache->slots[slot_of(cache, key)];
    return holds(&bucket[0], cache->job, key) || holds(&bucket[1], cache->job, key);
}

void dead_cache_insert(struct dead_cache *cache, struct matrix_key key) {
    struct dead_entry *bucket = &cache->slots[slot_of(cache, key)];
    /* Prefer a stale slot; otherwise the newer entry moves to slot 1 and the older goes. */
    struct dead_entry *target = bucket[0].job != cache->job ? &bucket[0] : &bucket[1];
    if (target == &bucket[1] && bucket[1].job == cache->job)
        bucket[0] = bucket[1];
    *target = (struct dead_entry){key.low, (uint32_t)key.high, cache->job};
}
