#include "search_team.h"

#include "piece_block.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMORY_SLOTS 4096

struct remembered {
    bool used;
    uint64_t digest, seed;
    struct pass_budget budget;
    struct pass_problem problem;
    enum pass_result result;
    struct pass_packing packing;
};

struct search_memory {
    struct remembered slots[MEMORY_SLOTS];
};

static struct remembered *slot_of(struct search_memory *m, uint64_t digest, uint64_t seed) {
    return &m->slots[(digest ^ seed * 0x9e3779b97f4a7c15ULL) % MEMORY_SLOTS];
}

static bool same_budget(struct pass_budget a, struct pass_budget b) {
    return a.tries == b.tries && a.nodes_per_try == b.nodes_per_try &&
           a.nodes_per_matrix == b.nodes_per_matrix;
}

/* A job of search_team_first: its index, and the earliest job found so far. */
struct job_race {
    int index;
    const int *best;
};

/* A job's answer is no longer wanted once an earlier job has found a pass. */
static bool lost_race(const void *context) {
    const struct job_race *race = context;
    int best;
#pragma omp atomic read
    best = *race->best;
    return best < race->index;
}

/* A job's search, from memory or done now (and remembered unless it was stopped). With a
 * race, the search stops once an earlier job has found a pass. */
static enum pass_result search(struct search_team *team, struct pass_job *job,
                               const struct job_race *race) {
    uint64_t digest = pass_problem_digest(&job->problem);
    struct remembered *slot = slot_of(team->memory, digest, job->seed);
    bool known = false;
    enum pass_result result = PASS_NONE;
#pragma omp critical(search_memory)
    if (slot->used && slot->digest == digest && slot->seed == job->seed &&
        same_budget(slot->budget, job->budget) &&
        pass_problems_same(&slot->problem, &job->problem)) {
        known = true;
        result = slot->result;
        if (result == PASS_FOUND)
            job->packing = slot->packing;
    }
    if (known)
        return result;
    struct pass_packer *packer = &team->packers[omp_get_thread_num()];
    packer->unwanted = race ? lost_race : NULL;
    packer->unwanted_context = race;
    result = pass_pack(packer, &job->problem, job->seed, job->budget, &job->packing);
    packer->unwanted = NULL;
    bool stopped = race && lost_race(race);
    if (getenv("TETRIS_HIST"))
        fprintf(stderr, "job %d %ld %d\n", result, packer->nodes, job->problem.rows);
#pragma omp atomic
    team->nodes += packer->nodes;
    if (stopped)
        return result;
#pragma omp critical(search_memory)
    {
        slot->used = true;
        slot->digest = digest;
        slot->seed = job->seed;
        slot->budget = job->budget;
        slot->problem = job->problem;
        slot->result = result;
        if (result == PASS_FOUND)
            slot->packing = job->packing;
    }
    return result;
}

bool search_team_run(void (*body)(void *context, struct search_team *team), void *context) {
    struct search_team team = {.threads = omp_get_max_threads()};
    team.packers = calloc((size_t)team.threads, sizeof *team.packers);
    team.memory = calloc(1, sizeof *team.memory);
    bool ok = team.packers != NULL && team.memory != NULL;
    int ready = 0;
    while (ok && ready < team.threads && pass_packer_init(&team.packers[ready]))
        ready++;
    ok = ok && ready == team.threads;
    if (ok) {
#pragma omp parallel num_threads(team.threads)
#pragma omp single
        body(context, &team);
    }
    for (int i = 0; i < ready; i++)
        pass_packer_free(&team.packers[i]);
    free(team.packers);
    free(team.memory);
    return ok;
}

/* One job: a packing, then its block played from the playfield. */
static bool run_job(struct search_team *team, struct pass_job *job, const struct playfield *pf,
                    const struct job_race *race) {
    job->found = search(team, job, race) == PASS_FOUND;
    if (!job->found)
        return false;
    struct script_block block;
    if (!piece_block_from_pass(&job->packing, job->problem.rows, &block))
        return job->found = false;
    job->found = piece_block_plays(&block, pf);
    script_block_free(&block);
    return job->found;
}

int search_team_first(struct search_team *team, struct pass_job jobs[], int count,
                      const struct playfield *pf) {
    int best = INT_MAX;
    for (int j = 0; j < count; j++) {
#pragma omp task firstprivate(j) shared(best)
        {
            int current;
#pragma omp atomic read
            current = best;
            jobs[j].found = false;
            struct job_race race = {j, &best};
            if (j < current && run_job(team, &jobs[j], pf, &race)) {
#pragma omp critical(search_team_best)
                if (j < best)
                    best = j;
            }
        }
    }
#pragma omp taskwait
    return best == INT_MAX ? -1 : best;
}

void search_team_each(struct search_team *team, struct pass_job jobs[], int count) {
    for (int j = 0; j < count; j++) {
#pragma omp task firstprivate(j)
        jobs[j].found = search(team, &jobs[j], NULL) == PASS_FOUND;
    }
#pragma omp taskwait
}
