#define _GNU_SOURCE /* SIGSTKFLT, SIGPWR */
#include "exit_signals.h"

#include <signal.h>

/* Those of POSIX and Linux whose default action is to terminate, with or without a core
 * dump: a fault (SIGSEGV, SIGBUS, ...) sent by kill(1) ends the program as surely. */
static const int FIXED[] = {
    SIGHUP,    SIGINT,  SIGQUIT, SIGILL,  SIGTRAP, SIGABRT, SIGBUS,    SIGFPE,  SIGUSR1, SIGSEGV,
    SIGUSR2,   SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGSYS,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
};

int exit_signals(int list[EXIT_SIGNALS_MAX]) {
    int count = 0;
    for (unsigned i = 0; i < sizeof FIXED / sizeof FIXED[0]; i++)
        list[count++] = FIXED[i];
    /* The real-time signals end a process by default too. */
    for (int s = SIGRTMIN; s <= SIGRTMAX && count < EXIT_SIGNALS_MAX; s++)
        list[count++] = s;
    return count;
}
