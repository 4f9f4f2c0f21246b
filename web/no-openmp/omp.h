/* The OpenMP runtime routines the sources call, as the OpenMP specification's stubs for a
 * build without OpenMP (Makefile: OPENMP=0, which make web uses): one thread, which is
 * thread 0 of a team of one. The pragmas are ignored, so every parallel region runs on
 * that thread in order; results never depend on the thread count. */
#ifndef TETRIS_NO_OPENMP_OMP_H
#define TETRIS_NO_OPENMP_OMP_H

static inline int omp_get_thread_num(void) {
    return 0;
}
static inline int omp_get_num_threads(void) {
    return 1;
}
static inline int omp_get_max_threads(void) {
    return 1;
}
static inline int omp_get_num_procs(void) {
    return 1;
}
static inline void omp_set_num_threads(int threads) {
    (void)threads;
}

#endif
