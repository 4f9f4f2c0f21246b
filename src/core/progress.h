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
};

void progress_start(struct progress *p, const char *label, long total, bool quiet);
/* Counts one finished unit of work and redraws the line at most 10 times a second. */
void progress_advance(struct progress *p);
/* Erases the line. */
void progress_finish(struct progress *p);

/* Seconds on a monotonic clock. */
double progress_now(void);

#endif
