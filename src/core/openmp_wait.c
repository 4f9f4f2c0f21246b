#include "openmp_wait.h"

#include <stdlib.h>
#include <unistd.h>

void openmp_prefer_sleeping_threads(char *argv[]) {
    if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT"))
        return; /* the user's choice, or this is the program run again */
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
        return;
    execv("/proc/self/exe", argv); /* returns only when it fails */
}
