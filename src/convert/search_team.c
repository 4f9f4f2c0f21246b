#include "search_team.h"

#include "piece_block.h"

#include <limits.h>
#include <omp.h>
#include <stdlib.h>

bool search_team_run(void (*body)(void *context, struct search_team *team), void *context) {
    struct search_team team = {.threads = omp_get_max_threads()};
    team.packers = calloc((size_t)team.threads, sizeof *team.packers);
    bool ok = team.packers != NULL;
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
    return ok;
}

/* One job: a packing, then its block played from the playfield. */
static bool run_job(struct pass_packer *packer, struct pass_job *job, const struct playfield *pf) {
    job->found =
        pass_pack(packer, &job->problem, job->seed, job->budget, &job->packing) == PASS_FOUND;
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
    long nodes = 0;
    for (int j = 0; j < count; j++) {
#pragma omp task firstprivate(j) shared(best, nodes)
        {
            int current;
#pragma omp atomic read
            current = best;
            jobs[j].found = false;
            if (j < current) {
                struct pass_packer *packer = &team->packers[omp_get_thread_num()];
                if (run_job(packer, &jobs[j], pf)) {
#pragma omp critical(search_team_best)
                    if (j < best)
                        best = j;
                }
#pragma omp atomic
                nodes += packer->nodes;
            }
        }
    }
#pragma omp taskwait
    team->nodes += nodes;
    return best == INT_MAX ? -1 : best;
}

void search_team_each(struct search_team *team, struct pass_job jobs[], int count) {
    long nodes = 0;
    for (int j = 0; j < count; j++) {
#pragma omp task firstprivate(j) shared(nodes)
        {
            struct pass_packer *packer = &team->packers[omp_get_thread_num()];
            jobs[j].found = pass_pack(packer, &jobs[j].problem, jobs[j].seed, jobs[j].budget,
                                      &jobs[j].packing) == PASS_FOUND;
#pragma omp atomic
            nodes += packer->nodes;
        }
    }
#pragma omp taskwait
    team->nodes += nodes;
}
