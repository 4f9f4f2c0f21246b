/* Shared scaffolding of the Check unit-test programs: each tests/unit/test_*.c defines
 * its suite and ends with UNIT_MAIN(its_suite). */
#ifndef TETRIS_UNIT_H
#define TETRIS_UNIT_H

#include <check.h>
#include <stdlib.h>

#define UNIT_MAIN(suite_function)                                                                  \
    int main(void) {                                                                               \
        SRunner *runner = srunner_create(suite_function());                                        \
        srunner_run_all(runner, CK_NORMAL);                                                        \
        int failed = srunner_ntests_failed(runner);                                                \
        srunner_free(runner);                                                                      \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;                                          \
    }

#endif
