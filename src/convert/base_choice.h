/* Choosing the bases a real-time pass tries (pass.h): which pending pixels get a flipped
 * J/T/L (three same-colour pixels), which a hanging one, which wait for a later pass, and
 * the matrix height over them.
 *
 * The article builds one base greedily (flipped pieces first, then hanging ones), which
 * often leaves a pixel whose hanging piece has no room, and costs a whole pass for it.
 * Here every way of covering the row (leaving at most a few pixels for later) is
 * enumerated, and each base is scored by the pieces it needs plus an estimate of the pass
 * its leftover pixels will need. A base of at most 7 hanging pieces also has a sure
 * option: its emitter from the pattern library, whose pieces are known. Searched options
 * scoring worse than the best sure one are useless, so the list ends with sure ones. */
#ifndef TETRIS_CONVERT_BASE_CHOICE_H
#define TETRIS_CONVERT_BASE_CHOICE_H

#include "pass.h"
#include "pattern_library.h"

#define BASE_CHOICE_SEARCHED 20 /* at most this many options to search */
#define BASE_CHOICE_SURE 4      /* and this many library options after them */
#define BASE_CHOICE_MAX (BASE_CHOICE_SEARCHED + BASE_CHOICE_SURE)

struct base_choice {
    struct pass_base base;
    int height;
    const struct pattern *emitter; /* the library's pattern (a sure option), or NULL */
    int score; /* estimated pieces for the row from here: this pass and the leftover's */
};

/* Fills `out` with the options to try in order: the searched ones scoring below the best
 * sure one, best first, then up to BASE_CHOICE_SURE sure ones, best first. Ties keep
 * enumeration order, so the result is deterministic. Returns their number. */
int base_choices(const struct row_state *row, const struct pattern_library *lib,
                 struct base_choice out[BASE_CHOICE_MAX]);

#endif
