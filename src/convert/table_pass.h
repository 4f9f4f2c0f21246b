/* The article's table method for one pass: left to right, hang a J, T or L under each pixel
 * still to print whose three bottom-row cells are free (at most 7 fit), then take that
 * layout's emitter from the pattern library. */
#ifndef TETRIS_CONVERT_TABLE_PASS_H
#define TETRIS_CONVERT_TABLE_PASS_H

#include "pass.h"
#include "pattern_library.h"

/* The greedy base over the pixels still to print (pieces that would not come to rest
 * where they should are left out, see pass_base_held). */
void table_pass_greedy(const struct row_state *row, struct pass_base *base);

/* The base of one pixel alone (empty when its piece would not come to rest there). */
void table_pass_single(const struct row_state *row, int column, struct pass_base *base);

/* The pass of a base of hanging pieces, from the library. Returns false when the library
 * has no emitter for its layout. */
bool table_pass_pattern(const struct pattern_library *lib, const struct row_state *row,
                        const struct pass_base *base, struct pattern *out);

#endif
