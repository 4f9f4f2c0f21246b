#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

double progress_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_start(struct progress *p, const char *label, long total, bool quiet) {
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->label = label;
    p->total = total;
    p->done = 0;
    p->started = p->last_shown = progress_now();
    p->work = NULL;
}

void progress_weigh(struct progress *p, const double *work) {
    p->work = work;
}

/* The share of the work done. */
static double done_share(const struct progress *p) {
    if (p->work)
        return p->work[p->total] > 0 ? p->work[p->done] / p->work[p->total] : 1;
    return p->total > 0 ? (double)p->done / (double)p->total : 1;
}

double progress_eta(const struct progress *p, double elapsed) {
    double share = done_share(p);
    return share > 0 ? elapsed * (1 - share) / share : 0;
}

void progress_advance(struct progress *p) {
#pragma omp critical(progress)
    {
        p->done++;
        double now = progress_now();
        if (p->enabled && (now - p->last_shown >= 0.1 || p->done == p->total)) {
            double elapsed = now - p->started;
            fprintf(stderr, "\r%s: %ld/%ld (%3.0f%%), %.1fs elapsed, ETA %.1fs   ", p->label,
                    p->done, p->total, 100.0 * done_share(p), elapsed, progress_eta(p, elapsed));
            fflush(stderr);
            p->last_shown = now;
        }
    }
}

void progress_finish(struct progress *p) {
    if (p->enabled) {
        fprintf(stderr, "\r%*s\r", 78, "");
        fflush(stderr);
    }
}
