/* How the commands that run parallel work (tetris-convert, tetris-search) use OpenMP. */
#ifndef TETRIS_OPENMP_SETUP_H
#define TETRIS_OPENMP_SETUP_H

/* The most threads --threads accepts; more threads than processors are not started. */
#define MAX_THREADS 1024

#include <stdbool.h>

/* Whether OMP_NUM_THREADS's value is one libgomp reads: whole numbers from 1, separated by
 * commas, blanks around them. Before any library loads, a program linked with this file
 * warns in one line of a value that isn't and takes it out of its environment (libgomp
 * would print four lines of its own and ignore it). */
bool openmp_thread_list_valid(const char *value);

/* Makes OpenMP's idle threads sleep instead of spinning, unless the user chose a policy
 * (OMP_WAIT_POLICY or GOMP_SPINCOUNT): when another process keeps one of two cores busy,
 * spinning threads make a conversion several times slower than one thread. OpenMP reads
 * the policy from the environment only when it loads, before main, so the first call
 * sets OMP_WAIT_POLICY=passive and runs the program again (`argv` is main's); if that
 * can't be done, the program goes on as it is. Call it first thing in main. */
void openmp_prefer_sleeping_threads(char *argv[]);

/* Uses `requested` threads (1..MAX_THREADS), but no more than the processors available:
 * extra threads only cost memory (each search thread has its own 16 MiB cache), and the
 * results never depend on the thread count. With 0, the
 * default: OMP_NUM_THREADS when set, otherwise one per processor that no other process is
 * running on when the program starts (openmp_idle_processors on /proc/loadavg), at least
 * one: a team waiting for a thread that shares its core with a busy process is slower
 * than one thread alone. */
void openmp_use_threads(long requested);

/* The processors free for this program, from the text of /proc/loadavg ("0.52 0.58 0.59
 * R/T ...": R entities running now, this program's thread among them) and the number of
 * processors: processors - (R - 1), between 1 and processors; all of them when the text
 * can't be read. */
long openmp_idle_processors(const char *loadavg, long processors);

#endif
