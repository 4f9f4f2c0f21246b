/* A progress line with an ETA on stderr, shown only when stderr is a terminal. Safe to
 * call from several threads. */
#ifndef TETRIS_PROGRESS_H
#define TETRIS_PROGRESS_H

#include <stdbool.h>

struct progress {
    bool enabled;
    const char *label;
    long total, done;
    double started, last_shown;
    const double *work; /* progress_weigh's, or NULL: every unit alike */
};

void progress_start(struct progress *p, const char *label, long total, bool quiet);
/* Units of unequal work: work[k] is the work of the first k units to finish (work[0] = 0,
 * increasing, total + 1 of them; the caller keeps it). The ETA is the time so far spread
 * over the work done: units that take longer count for more of what is left. */
void progress_weigh(struct progress *p, const double *work);
/* The seconds left after `elapsed` seconds of the work done so far. */
double progress_eta(const struct progress *p, double elapsed);
/* Counts one finished unit of work and redraws the line at most 10 times a second. */
void progress_advance(struct progress *p);
/* Erases the line. */
void progress_finish(struct progress *p);

/* Seconds on a monotonic clock. */
double progress_now(void);

#endif
