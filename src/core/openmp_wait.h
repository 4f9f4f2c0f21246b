/* How OpenMP's idle threads wait, for the commands that run parallel work. */
#ifndef TETRIS_OPENMP_WAIT_H
#define TETRIS_OPENMP_WAIT_H

/* Makes OpenMP's idle threads sleep instead of spinning, unless the user chose a policy
 * (OMP_WAIT_POLICY or GOMP_SPINCOUNT): when another process keeps one of two cores busy,
 * spinning threads made a conversion 4 to 10 times slower than one thread. OpenMP reads
 * the policy from the environment only when it loads, before main, so the first call
 * sets OMP_WAIT_POLICY=passive and runs the program again (`argv` is main's); if that
 * can't be done, the program goes on as it is. Call it first thing in main. */
void openmp_prefer_sleeping_threads(char *argv[]);

#endif
