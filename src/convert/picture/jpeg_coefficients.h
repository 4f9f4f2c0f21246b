/* A progressive or multi-scan JPEG's coefficients, kept compact. libjpeg decodes such a
 * JPEG into a buffer of every DCT coefficient of the whole image (128 bytes per 8x8 block:
 * 3 bytes a pixel for 4:2:0 colour, 6 for 4:4:4), which put a 16-megapixel progressive
 * photo past the decoding budget. Its memory manager's virtual block arrays, the only way
 * libjpeg reaches that buffer, are replaced here: each block row is kept packed, a 64-bit
 * mask of the coefficients that are not zero then those coefficients (most are zero once
 * quantized: about 8 to 20 bytes a block for a photo), and unpacked into a window of the
 * rows libjpeg asks for at a time. libjpeg walks the rows in order, once per scan and once
 * for output, so each row is packed and unpacked about once per scan.
 *
 * Every byte comes from the decoding budget (decode_budget.h): a JPEG whose coefficients
 * don't pack within it fails as out of memory, which decode_budget_exceeded() tells. */
#ifndef TETRIS_CONVERT_JPEG_COEFFICIENTS_H
#define TETRIS_CONVERT_JPEG_COEFFICIENTS_H

#include <stdio.h>

#include <jpeglib.h>

/* Makes `cinfo` (created, not yet started) keep its coefficients compact; one decompressor
 * at a time per thread. */
void jpeg_coefficients_use(j_decompress_ptr cinfo);

/* Frees the arrays (after jpeg_destroy_decompress, or after a failure). */
void jpeg_coefficients_free(void);

#endif
