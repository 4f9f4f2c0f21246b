/* A refusal's hint as the command that works for that picture. The layers below the
 * command line end a refusal with the options that would make the picture printable,
 * " (try --fit)" or " (try --width 39, or --fit)"; tetris-convert says them as commands
 * naming the picture, quoted for a POSIX shell:
 * " (try tetris-convert --width 39 'my pic.png', or tetris-convert --fit 'my pic.png')". */
#ifndef TETRIS_CONVERT_HINT_COMMAND_H
#define TETRIS_CONVERT_HINT_COMMAND_H

#include <stddef.h>

/* `message` with its closing " (try ...)" made commands of `program` and `input` (as the
 * user named it: "-" for standard input), into `out`; a message without one is copied as
 * it is. Cut to fit `size`. */
void hint_command(const char *message, const char *program, const char *input, char *out,
                  size_t size);

/* Reports a refusal of the picture `input`, named `name` in messages, on standard error:
 * "tetris-convert: NAME: MESSAGE", its hint made a command (cli_error). */
void hint_command_report(const char *name, const char *input, const char *message);

#endif
