#include "openmp_setup.h"

#include <omp.h>
#include <stdlib.h>
#include <unistd.h>

void openmp_prefer_sleeping_threads(char *argv[]) {
    if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT"))
        return; /* the user's choice, or this is the program run again */
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
        return;
    execv("/proc/self/exe", argv); /* returns only when it fails */
}

void openmp_use_threads(long requested) {
    if (requested <= 0)
        requested = omp_get_max_threads();
    long processors = omp_get_num_procs();
    omp_set_num_threads((int)(requested < processors ? requested : processors));
}
