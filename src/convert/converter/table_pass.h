/* The article's table method for one pass: left to right, hang a J, T or L under each pixel
 * still to print whose three bottom-row cells are free (at most 7 on the 21-wide field, as
 * many as the library's largest emitters hold), then take that layout's emitter from the
 * pattern library. */
#ifndef TETRIS_CONVERT_TABLE_PASS_H
#define TETRIS_CONVERT_TABLE_PASS_H

#include "library/pattern_library.h"
#include "pass.h"

/* The greedy base over the pixels still to print (pieces that would not come to rest
 * where they should are left out, see pass_base_held). */
void table_pass_greedy(const struct pattern_library *lib, const struct target *row,
                       struct pass_base *base);

/* The base of one pixel alone (empty when its piece would not come to rest there). */
void table_pass_single(const struct target *row, int column, struct pass_base *base);

/* The library's emitter for a base built left to right, or NULL (more pieces than the
 * library's largest emitters, or no such layout). */
const struct pattern *table_pass_emitter(const struct pattern_library *lib,
                                         const struct pass_base *base);

/* The pass of a base under its emitter from the library. */
void table_pass_from_emitter(const struct target *row, const struct pass_base *base,
                             const struct pattern *emitter, struct pattern *out);

/* The pass of a base, from the library. Returns false when the library has no emitter for
 * its layout. */
bool table_pass_pattern(const struct pattern_library *lib, const struct target *row,
                        const struct pass_base *base, struct pattern *out);

#endif
