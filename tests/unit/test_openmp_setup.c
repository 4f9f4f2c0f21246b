/* How the commands use OpenMP (src/core/openmp_setup.c): --threads is bounded by the
 * processors, so a large request doesn't start threads that only cost memory. */
#include "openmp_setup.h"
#include "unit.h"

#include <omp.h>

static int team_size(void) {
    int size = 0;
#pragma omp parallel
#pragma omp single
    size = omp_get_num_threads();
    return size;
}

START_TEST(no_more_threads_than_processors) {
    openmp_use_threads(MAX_THREADS);
    ck_assert_int_eq(team_size(), omp_get_num_procs());
    openmp_use_threads(1);
    ck_assert_int_eq(team_size(), 1);
}
END_TEST

static Suite *openmp_setup_suite(void) {
    Suite *s = suite_create("openmp_setup");
    TCase *t = tcase_create("threads");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, no_more_threads_than_processors);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(openmp_setup_suite)
