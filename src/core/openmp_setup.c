#include "openmp_setup.h"

#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
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

/* The processors no other process runs on now: the median of a few samples 0.2 ms
 * apart, so that a process that runs for a moment (a shell, a compiler starting) doesn't
 * count as busy, nor one that keeps a core busy as free when it was switched out. */
#define IDLE_SAMPLES 5
static long idle_processors_now(long processors) {
    long samples[IDLE_SAMPLES];
    for (int i = 0; i < IDLE_SAMPLES; i++) {
        char text[128] = "";
        FILE *f = fopen("/proc/loadavg", "r");
        if (!f)
            return processors;
        bool read = fgets(text, sizeof text, f) != NULL;
        fclose(f);
        long idle = openmp_idle_processors(read ? text : NULL, processors);
        int at = i; /* insertion sort: the samples stay in order */
        for (; at > 0 && samples[at - 1] > idle; at--)
            samples[at] = samples[at - 1];
        samples[at] = idle;
        if (i + 1 < IDLE_SAMPLES)
            nanosleep(&(struct timespec){0, 200000}, NULL);
    }
    return samples[IDLE_SAMPLES / 2];
}

void openmp_use_threads(long requested) {
    long processors = omp_get_num_procs();
    if (requested <= 0)
        requested =
            getenv("OMP_NUM_THREADS") ? omp_get_max_threads() : idle_processors_now(processors);
    omp_set_num_threads((int)(requested < processors ? requested : processors));
}
