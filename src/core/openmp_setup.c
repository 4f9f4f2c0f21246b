#include "openmp_setup.h"

#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void openmp_prefer_sleeping_threads(char *argv[]) {
    if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT"))
        return; /* the user's choice, or this is the program run again */
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
        return;
    execv("/proc/self/exe", argv); /* returns only when it fails */
}

long openmp_idle_processors(const char *loadavg, long processors) {
    double averages[3];
    long running, total;
    if (!loadavg ||
        sscanf(loadavg, "%lf %lf %lf %ld/%ld", &averages[0], &averages[1], &averages[2], &running,
               &total) != 5 ||
        running < 1)
        return processors;
    long idle = processors - (running - 1);
    return idle < 1 ? 1 : idle > processors ? processors : idle;
}

/* The processors no other process runs on now. */
static long idle_processors_now(long processors) {
    char text[128] = "";
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return processors;
    bool read = fgets(text, sizeof text, f) != NULL;
    fclose(f);
    return openmp_idle_processors(read ? text : NULL, processors);
}

void openmp_use_threads(long requested) {
    long processors = omp_get_num_procs();
    if (requested <= 0)
        requested =
            getenv("OMP_NUM_THREADS") ? omp_get_max_threads() : idle_processors_now(processors);
    omp_set_num_threads((int)(requested < processors ? requested : processors));
}
