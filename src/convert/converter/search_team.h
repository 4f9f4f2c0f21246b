/* The converter's threads: one OpenMP team for the whole conversion. The conversion runs on
 * one thread of the team and hands the searches of a pass to the others as tasks; between
 * passes they wait (sleeping: openmp_setup.h).
 *
 * A search is a list of jobs, each a packing problem with its own seed and budget. Jobs run
 * in parallel; the answer is the earliest job in the list that finds a packing the caller's
 * condition accepts (that its pass plays, say), and jobs after the earliest success found so
 * far are skipped. Each job's result depends on its problem and seed only, so the answer is
 * the same whatever the number of threads. The team knows nothing of the game. */
#ifndef TETRIS_CONVERT_SEARCH_TEAM_H
#define TETRIS_CONVERT_SEARCH_TEAM_H

#include "pass_packer.h"

#include <stdbool.h>
#include <stdint.h>

struct pass_job {
    struct pass_problem problem;
    struct pass_budget budget;
    uint64_t seed;
    int tag; /* the caller's: which option of its own the job tries */
    /* Filled by the search. */
    bool found;
    struct pass_packing packing;
    long nodes; /* placements the search takes, done now or remembered */
};

/* Searches done, remembered: a search depends on its problem, seed and budget only, so a job
 * asking one again takes the result as it is. Lossy: a job that finds its slot taken
 * searches again. */
struct search_memory;

/* The team's per-thread workspaces and its memory. */
struct search_team {
    int threads;
    struct pass_packer *packers;
    struct search_memory *memory;
    /* Placements the searches take, as one thread would do them: jobs after a list's answer,
     * which other threads may start, don't count, and a remembered search counts as done
     * again, so --stats gives the same figure whatever the threads. */
    long nodes;
};

/* Runs `body(context, team)` on one thread of a new team of the default number of threads
 * (or OMP_NUM_THREADS). Returns false when out of memory (body is then not run). */
bool search_team_run(void (*body)(void *context, struct search_team *team), void *context);

/* What a job's packing must do besides being found: `accept(job, index, context)` for the job
 * jobs[index], on the thread that found it (so concurrently with other jobs'); it may keep
 * what it makes of the packing in `context`, by index. NULL for nothing. */
struct pass_condition {
    bool (*accept)(const struct pass_job *job, int index, void *context);
    void *context;
};

/* Runs the jobs; returns the index of the earliest one whose packing is found and accepted,
 * or -1 when none is. The condition may have accepted jobs after it too. Call from the body
 * of search_team_run. */
int search_team_first(struct search_team *team, struct pass_job jobs[], int count,
                      struct pass_condition condition);

/* The most pixels emitters can print in one pass (pass_emitters_most) for each of `count`
 * problems, searched in parallel: most[k] is problems[k]'s. */
void search_team_most_printable(struct search_team *team, const struct pass_problem problems[],
                                int count, int most[]);

/* Runs every job (packings only, no playfield): each job's `found` says how it went. */
void search_team_each(struct search_team *team, struct pass_job jobs[], int count);

#endif
