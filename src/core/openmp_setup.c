#include "openmp_setup.h"

#include <ctype.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

bool openmp_thread_list_valid(const char *value) {
    const char *c = value;
    do {
        while (isspace((unsigned char)*c))
            c++;
        unsigned long n = 0;
        bool digits = false;
        for (; isdigit((unsigned char)*c); c++, digits = true)
            if ((n = n * 10 + (unsigned long)(*c - '0')) > (unsigned long)MAX_THREADS * 1024)
                return false;
        if (!digits || n == 0)
            return false;
        while (isspace((unsigned char)*c))
            c++;
    } while (*c++ == ',');
    return c[-1] == '\0';
}

/* libgomp reads OMP_NUM_THREADS when it loads, before main, and answers a value it can't
 * read with four lines of its own (two loads, see openmp_prefer_sleeping_threads). A
 * function of the program's .preinit_array runs before any library is initialised: it
 * says so in one line and takes the variable out of the environment, which libgomp then
 * reads as if it were unset. */
#define THREADS_VARIABLE "OMP_NUM_THREADS="
static void drop_unreadable_thread_count(int argc, char **argv, char **envp) {
    (void)argc;
    for (char **e = envp; e && *e; e++) {
        if (strncmp(*e, THREADS_VARIABLE, strlen(THREADS_VARIABLE)) != 0 ||
            openmp_thread_list_valid(*e + strlen(THREADS_VARIABLE)))
            continue;
        char line[256];
        const char *name = argv && argv[0] ? strrchr(argv[0], '/') : NULL;
        int n = snprintf(line, sizeof line,
                         "%s: warning: OMP_NUM_THREADS='%.64s' is not a number of threads; "
                         "ignored\n",
                         name              ? name + 1
                         : argv && argv[0] ? argv[0]
                                           : "tetris",
                         *e + strlen(THREADS_VARIABLE));
        ssize_t ignored =
            write(STDERR_FILENO, line, n > 0 && (size_t)n < sizeof line ? (size_t)n : 0);
        (void)ignored;
        for (char **shift = e; *shift; shift++)
            shift[0] = shift[1];
        e--;
    }
}
__attribute__((section(".preinit_array"), used)) static void (*const drop_thread_count)(
    int, char **, char **) = drop_unreadable_thread_count;

void openmp_prefer_sleeping_threads(char *argv[]) {
#ifndef _OPENMP
    return; /* built without OpenMP (OPENMP=0): no threads to put to sleep, no re-exec */
#endif
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
#ifndef _OPENMP
    return; /* built without OpenMP (OPENMP=0): one thread, no processors to probe */
#endif
    long processors = omp_get_num_procs();
    if (requested <= 0)
        requested =
            getenv("OMP_NUM_THREADS") ? omp_get_max_threads() : idle_processors_now(processors);
    omp_set_num_threads((int)(requested < processors ? requested : processors));
}
