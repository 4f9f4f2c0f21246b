#include "search_team.h"

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
    long nodes;
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
        job->nodes = slot->nodes;
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
    job->nodes = packer->nodes;
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
        slot->nodes = job->nodes;
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

/* One job: a packing, which the condition accepts. */
static bool run_job(struct search_team *team, struct pass_job *job, int index,
                    struct pass_condition condition, const struct job_race *race) {
    job->found = search(team, job, race) == PASS_FOUND;
    if (job->found && condition.accept)
        job->found = condition.accept(job, index, condition.context);
    return job->found;
}

/* What the team does with a list of jobs: `wanted` says whether job j is still worth
 * starting (if not, neither is any after it); `run` does it. The tasks call them through
 * the list (clang 14 crashes compiling a task that calls a function-pointer parameter). */
struct job_list {
    struct search_team *team;
    struct pass_job *jobs;
    int count;
    bool (*wanted)(const struct job_list *list, int j);
    void (*run)(struct job_list *list, int j);
    struct pass_condition condition; /* search_team_first's */
    int best;                        /* search_team_first: the earliest job found so far */
    int next;                        /* the next job to start */
};

static int earliest_found(const struct job_list *list) {
    int best;
#pragma omp atomic read
    best = list->best;
    return best;
}

/* Each thread of the team takes the next job in order while the list wants it: jobs start in
 * their order, whatever the order the runtime runs tasks in. */
static void run_in_order(struct job_list *list) {
    list->next = 0;
    for (int worker = 0; worker < list->team->threads; worker++) {
#pragma omp task shared(list)
        for (;;) {
            int j;
#pragma omp atomic capture
            j = list->next++;
            if (j >= list->count || !list->wanted(list, j))
                break;
            list->run(list, j);
        }
    }
#pragma omp taskwait
}

/* A job after the earliest found so far is not wanted, nor is any after it. */
static bool before_earliest_found(const struct job_list *list, int j) {
    return j < earliest_found(list);
}

static void run_to_play(struct job_list *list, int j) {
    struct job_race race = {j, &list->best};
    if (run_job(list->team, &list->jobs[j], j, list->condition, &race)) {
#pragma omp critical(search_team_best)
        if (j < list->best)
            list->best = j;
    }
}

int search_team_first(struct search_team *team, struct pass_job jobs[], int count,
                      struct pass_condition condition) {
    struct job_list list = {.team = team,
                            .jobs = jobs,
                            .count = count,
                            .wanted = before_earliest_found,
                            .run = run_to_play,
                            .condition = condition,
                            .best = INT_MAX};
    for (int j = 0; j < count; j++)
        jobs[j].found = false;
    run_in_order(&list);
    int answer = list.best == INT_MAX ? -1 : list.best;
    for (int j = 0; j < (answer < 0 ? count : answer + 1); j++)
        team->nodes += jobs[j].nodes;
    return answer;
}

/* Phase 1 alone is small on the 21-wide field: an exhaustive search of it seldom needs this
 * many placements. On a wide row it spends them all, and the most found by then steers the
 * planner as well as the most found within a larger budget, which costs more time for as
 * many pieces. */
#define MOST_PRINTABLE_BUDGET 5000

void search_team_most_printable(struct search_team *team, const struct pass_problem problems[],
                                int count, int most[]) {
    for (int k = 0; k < count; k++) {
#pragma omp task shared(team, problems, most) firstprivate(k)
        {
            struct pass_packer *packer = &team->packers[omp_get_thread_num()];
            most[k] = pass_emitters_most(packer, &problems[k], MOST_PRINTABLE_BUDGET);
#pragma omp atomic
            team->nodes += packer->nodes;
        }
    }
#pragma omp taskwait
}

static bool every(const struct job_list *list, int j) {
    (void)list;
    (void)j;
    return true;
}

static void run_search(struct job_list *list, int j) {
    list->jobs[j].found = search(list->team, &list->jobs[j], NULL) == PASS_FOUND;
}

void search_team_each(struct search_team *team, struct pass_job jobs[], int count) {
    struct job_list list = {
        .team = team, .jobs = jobs, .count = count, .wanted = every, .run = run_search};
    run_in_order(&list);
    for (int j = 0; j < count; j++)
        team->nodes += jobs[j].nodes;
}
