/* How the commands use OpenMP (src/core/openmp_setup.c): --threads is bounded by the
 * processors, so a large request doesn't start threads that only cost memory; the default
 * leaves out the processors other processes are running on. */
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

START_TEST(idle_processors_from_loadavg) {
    ck_assert_int_eq(openmp_idle_processors("0.00 0.01 0.05 1/123 4567\n", 2), 2);
    ck_assert_int_eq(openmp_idle_processors("1.00 0.50 0.20 2/130 4568\n", 2), 1);
    ck_assert_int_eq(openmp_idle_processors("7.00 6.50 6.20 9/300 4569\n", 2), 1);
    ck_assert_int_eq(openmp_idle_processors("3.00 3.00 3.00 3/300 4569\n", 8), 6);
    ck_assert_int_eq(openmp_idle_processors("garbage", 4), 4);
    ck_assert_int_eq(openmp_idle_processors(NULL, 4), 4);
    ck_assert_int_eq(openmp_idle_processors("0 0 0 0/10 1", 4), 4);
}
END_TEST

START_TEST(thread_lists_as_libgomp_reads_them) {
    ck_assert(openmp_thread_list_valid("4"));
    ck_assert(openmp_thread_list_valid(" 4 , 2,1 "));
    ck_assert(!openmp_thread_list_valid("abc"));
    ck_assert(!openmp_thread_list_valid(""));
    ck_assert(!openmp_thread_list_valid("0"));
    ck_assert(!openmp_thread_list_valid("4,"));
    ck_assert(!openmp_thread_list_valid("4x"));
    ck_assert(!openmp_thread_list_valid("99999999999999999999"));
}
END_TEST

static Suite *openmp_setup_suite(void) {
    Suite *s = suite_create("openmp_setup");
    TCase *t = tcase_create("threads");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, no_more_threads_than_processors);
    tcase_add_test(t, idle_processors_from_loadavg);
    tcase_add_test(t, thread_lists_as_libgomp_reads_them);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(openmp_setup_suite)
