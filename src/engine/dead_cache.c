#include "dead_cache.h"

#include <stdlib.h>
#include <string.h>

bool dead_cache_init(struct dead_cache *cache, int log2_slots, int width) {
    size_t count = (size_t)1 << log2_slots;
    cache->job_half = matrix_key_halves(width);
    cache->stride = matrix_key_words(width); /* half-words 0..job_half */
    cache->slots = calloc(count * (size_t)cache->stride, sizeof *cache->slots);
    cache->mask = count - 1;
    cache->job = 1;
    return cache->slots != NULL;
}

void dead_cache_free(struct dead_cache *cache) {
    free(cache->slots);
    cache->slots = NULL;
}

/* The job half-word of an entry. */
static uint32_t job_of(const struct dead_cache *cache, const uint64_t *entry) {
    return (uint32_t)(entry[cache->job_half / 2] >> (32 * (cache->job_half % 2)));
}

void dead_cache_reset(struct dead_cache *cache) {
    if (++cache->job == 0) { /* wrapped: old tags could look current again */
        uint64_t keep = cache->job_half % 2 ? 0xffffffffu : ~(uint64_t)0xffffffffu;
        for (size_t i = 0; i <= cache->mask; i++)
            cache->slots[i * (size_t)cache->stride + (size_t)cache->job_half / 2] &= keep;
        cache->job = 1;
    }
}

/* The entry a key has when stored by the current job. */
static void make_entry(const struct dead_cache *cache, const struct matrix_key *key,
                       uint64_t entry[MATRIX_KEY_WORDS]) {
    /* The key's bits end before the job's half-word, which is zero in the key. */
    for (int i = 0; i < cache->stride; i++)
        entry[i] = key->words[i];
    entry[cache->job_half / 2] |= (uint64_t)cache->job << (32 * (cache->job_half % 2));
}

static uint64_t rotate_left(uint64_t h, int bits) {
    return bits ? h << bits | h >> (64 - bits) : h;
}

size_t dead_cache_locate(const struct dead_cache *cache, const struct matrix_key *key) {
    int words = (cache->job_half + 1) / 2;
    uint64_t h = key->words[0];
    for (int i = 1; i < words; i++) /* 21 wide: the first word ^ the second * golden ratio */
        h = rotate_left(h, i - 1) ^ (key->words[i] * 0x9e3779b97f4a7c15ULL);
    h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdULL; /* MurmurHash3's mix */
    h = (h ^ (h >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return (size_t)h & cache->mask & ~(size_t)1;
}

static bool same_entry(const uint64_t *a, const uint64_t *b, int stride) {
    for (int i = 0; i < stride; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* Two-way buckets: a key lives in one of the two slots of its bucket. */
bool dead_cache_contains(const struct dead_cache *cache, const struct matrix_key *key,
                         size_t slot) {
    uint64_t entry[MATRIX_KEY_WORDS];
    make_entry(cache, key, entry);
    int stride = cache->stride;
    const uint64_t *bucket = &cache->slots[slot * (size_t)stride];
    return same_entry(bucket, entry, stride) || same_entry(bucket + stride, entry, stride);
}

void dead_cache_insert(struct dead_cache *cache, const struct matrix_key *key, size_t slot) {
    uint64_t entry[MATRIX_KEY_WORDS];
    make_entry(cache, key, entry);
    int stride = cache->stride;
    uint64_t *bucket = &cache->slots[slot * (size_t)stride];
    uint64_t *second = bucket + stride;
    /* Prefer a stale slot; otherwise the newer entry moves to slot 1 and the older goes. */
    uint64_t *target = job_of(cache, bucket) != cache->job ? bucket : second;
    if (target == second && job_of(cache, second) == cache->job)
        memcpy(bucket, second, (size_t)stride * sizeof *bucket);
    memcpy(target, entry, (size_t)stride * sizeof *target);
}
