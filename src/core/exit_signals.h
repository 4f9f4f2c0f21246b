/* The signals a program that must clean up on its way out catches: every signal whose
 * default action ends the process and that can be caught (all but SIGKILL and SIGSTOP),
 * the real-time ones included. Those that stop, continue or are ignored by default
 * (SIGTSTP, SIGCONT, SIGCHLD, SIGWINCH, SIGURG) are not among them. */
#ifndef TETRIS_EXIT_SIGNALS_H
#define TETRIS_EXIT_SIGNALS_H

#define EXIT_SIGNALS_MAX 64

/* Fills `list` with them and returns how many there are. */
int exit_signals(int list[EXIT_SIGNALS_MAX]);

#endif
