/* A JPEG's coefficients kept packed (see jpeg_coefficients.h). */
#include "jpeg_coefficients.h"

#include "decode_budget.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <jerror.h>

/* One virtual block array: a component's blocks, row by row. */
struct packed_array {
    JDIMENSION rows, blocks_per_row, window_rows;
    unsigned char **packed; /* per row: its mask and values; NULL while all zero */
    size_t *packed_size;
    JBLOCKROW *window;       /* window_rows rows of blocks_per_row blocks */
    JDIMENSION first, count; /* the rows in the window */
    bool dirty;              /* the window was written since it was unpacked */
    struct packed_array *next;
};

static _Thread_local struct packed_array *arrays;

static void fail(j_common_ptr cinfo, int code) {
    cinfo->err->msg_code = code;
    (*cinfo->err->error_exit)(cinfo);
}

static void *take(j_common_ptr cinfo, size_t size) {
    void *block = decode_budget_calloc(size);
    if (!block)
        fail(cinfo, JERR_OUT_OF_MEMORY);
    return block;
}

/* A block packed: how many bytes of its 64-bit mask of the coefficients that are not zero
 * follow (up to the last that is not zero: 0 for a block of zeros), those bytes, then
 * each such coefficient in 1 to 3 bytes (zigzag: small magnitudes first, 7 bits a byte).
 * Once quantized, most coefficients are zero and most others small. */
static unsigned zigzag(JCOEF value) {
    return (uint16_t)((uint16_t)value << 1) ^ (uint16_t)(value < 0 ? 0xffff : 0);
}

static JCOEF unzigzag(unsigned z) {
    return (JCOEF)(z & 1 ? ~(z >> 1) : z >> 1);
}

static size_t value_size(JCOEF value) {
    unsigned z = zigzag(value);
    return z < 0x80 ? 1 : z < 0x4000 ? 2 : 3;
}

static uint64_t block_mask(const JCOEF *block) {
    uint64_t mask = 0;
    for (int i = 0; i < DCTSIZE2; i++)
        mask |= (uint64_t)(block[i] != 0) << i;
    return mask;
}

static int mask_bytes(uint64_t mask) {
    int bytes = 0;
    for (; mask; mask >>= 8)
        bytes++;
    return bytes;
}

static size_t block_packed_size(const JCOEF *block) {
    uint64_t mask = block_mask(block);
    size_t size = 1 + (size_t)mask_bytes(mask);
    for (; mask; mask &= mask - 1)
        size += value_size(block[__builtin_ctzll(mask)]);
    return size;
}

static unsigned char *pack_block(const JCOEF *block, unsigned char *out) {
    uint64_t mask = block_mask(block);
    int bytes = mask_bytes(mask);
    *out++ = (unsigned char)bytes;
    for (int i = 0; i < bytes; i++)
        *out++ = (unsigned char)(mask >> 8 * i);
    for (; mask; mask &= mask - 1) {
        unsigned z = zigzag(block[__builtin_ctzll(mask)]);
        for (; z >= 0x80; z >>= 7)
            *out++ = (unsigned char)(z | 0x80);
        *out++ = (unsigned char)z;
    }
    return out;
}

static const unsigned char *unpack_block(const unsigned char *in, JCOEF *block) {
    int bytes = *in++;
    uint64_t mask = 0;
    for (int i = 0; i < bytes; i++)
        mask |= (uint64_t)*in++ << 8 * i;
    memset(block, 0, sizeof(JBLOCK));
    for (; mask; mask &= mask - 1) {
        unsigned z = 0;
        for (int shift = 0;; shift += 7) {
            unsigned char byte = *in++;
            z |= (unsigned)(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
        }
        block[__builtin_ctzll(mask)] = unzigzag(z);
    }
    return in;
}

/* Packs window row w into its row of the array (NULL when it is all zeros). */
static void pack_row(j_common_ptr cinfo, struct packed_array *a, JDIMENSION w) {
    JDIMENSION row = a->first + w;
    size_t size = 0;
    bool zero = true;
    for (JDIMENSION b = 0; b < a->blocks_per_row; b++) {
        size_t block_size = block_packed_size(a->window[w][b]);
        size += block_size;
        zero = zero && block_size == 1;
    }
    if (a->packed[row] && (zero || size != a->packed_size[row])) {
        decode_budget_free(a->packed[row]);
        a->packed[row] = NULL;
    }
    if (zero)
        return;
    if (!a->packed[row]) {
        a->packed[row] = take(cinfo, size);
        a->packed_size[row] = size;
    }
    unsigned char *out = a->packed[row];
    for (JDIMENSION b = 0; b < a->blocks_per_row; b++)
        out = pack_block(a->window[w][b], out);
}

static void unpack_row(struct packed_array *a, JDIMENSION w) {
    JDIMENSION row = a->first + w;
    if (!a->packed[row]) {
        memset(a->window[w], 0, (size_t)a->blocks_per_row * sizeof(JBLOCK));
        return;
    }
    const unsigned char *in = a->packed[row];
    for (JDIMENSION b = 0; b < a->blocks_per_row; b++)
        in = unpack_block(in, a->window[w][b]);
}

static jvirt_barray_ptr request(j_common_ptr cinfo, int pool_id, boolean pre_zero,
                                JDIMENSION blocks_per_row, JDIMENSION rows,
                                JDIMENSION window_rows) {
    (void)pool_id;
    (void)pre_zero; /* rows never written read as zeros anyway */
    struct packed_array *a = take(cinfo, sizeof *a);
    a->next = arrays;
    arrays = a;
    a->rows = rows;
    a->blocks_per_row = blocks_per_row;
    a->window_rows = window_rows < rows ? window_rows : rows;
    a->packed = take(cinfo, (size_t)rows * sizeof *a->packed);
    a->packed_size = take(cinfo, (size_t)rows * sizeof *a->packed_size);
    a->window = take(cinfo, (size_t)a->window_rows * sizeof *a->window);
    for (JDIMENSION w = 0; w < a->window_rows; w++)
        a->window[w] = take(cinfo, (size_t)blocks_per_row * sizeof(JBLOCK));
    return (jvirt_barray_ptr)(void *)a;
}

static JBLOCKARRAY access(j_common_ptr cinfo, jvirt_barray_ptr array, JDIMENSION start,
                          JDIMENSION count, boolean writable) {
    struct packed_array *a = (struct packed_array *)(void *)array;
    if (count > a->window_rows || start + count > a->rows)
        fail(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    if (start < a->first || start + count > a->first + a->count) {
        for (JDIMENSION w = 0; a->dirty && w < a->count; w++)
            pack_row(cinfo, a, w);
        a->first = start + a->window_rows <= a->rows ? start : a->rows - a->window_rows;
        a->count = a->window_rows;
        a->dirty = false;
        for (JDIMENSION w = 0; w < a->count; w++)
            unpack_row(a, w);
    }
    a->dirty = a->dirty || writable;
    return a->window + (start - a->first);
}

void jpeg_coefficients_use(j_decompress_ptr cinfo) {
    jpeg_coefficients_free();
    /* The arrays are whole when made: libjpeg's realize_virt_arrays has none of them to
     * realize, and its free_pool none to free (jpeg_coefficients_free does). */
    cinfo->mem->request_virt_barray = request;
    cinfo->mem->access_virt_barray = access;
}

void jpeg_coefficients_free(void) {
    while (arrays) {
        struct packed_array *a = arrays;
        arrays = a->next;
        for (JDIMENSION r = 0; a->packed && r < a->rows; r++)
            decode_budget_free(a->packed[r]);
        for (JDIMENSION w = 0; a->window && w < a->window_rows; w++)
            decode_budget_free(a->window[w]);
        decode_budget_free(a->packed);
        decode_budget_free(a->packed_size);
        decode_budget_free(a->window);
        decode_budget_free(a);
    }
}
