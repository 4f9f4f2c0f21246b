/* A refusal's hint as a command (see hint_command.h). */
#include "hint_command.h"

#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TRY " (try "
#define OR ", or "

/* Appends `text` (`length` bytes) to out[*used..size). */
static void put(char *out, size_t size, size_t *used, const char *text, size_t length) {
    while (length-- > 0 && *used + 1 < size)
        out[(*used)++] = *text++;
    out[*used] = '\0';
}

static bool shell_safe(const char *text) {
    if (!*text)
        return false;
    for (const char *c = text; *c; c++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-,:@%=", *c))
            return false;
    return true;
}

/* The picture as a shell word: as it is when safe, else in single quotes; a name that
 * starts with '-' (other than "-" itself) is made a path, so it is not read as an option. */
static void put_word(char *out, size_t size, size_t *used, const char *input) {
    if (input[0] == '-' && input[1] != '\0')
        put(out, size, used, "./", 2);
    if (shell_safe(input)) {
        put(out, size, used, input, strlen(input));
        return;
    }
    put(out, size, used, "'", 1);
    for (const char *c = input; *c; c++)
        put(out, size, used, *c == '\'' ? "'\\''" : c, *c == '\'' ? 4 : 1);
    put(out, size, used, "'", 1);
}

void hint_command(const char *message, const char *program, const char *input, char *out,
                  size_t size) {
    size_t length = strlen(message), used = 0;
    const char *try = NULL;
    for (const char *at = strstr(message, TRY); at; at = strstr(at + 1, TRY))
        try = at;
    if (size == 0)
        return;
    out[0] = '\0';
    if (!try || message[length - 1] != ')') {
        put(out, size, &used, message, length);
        return;
    }
    put(out, size, &used, message, (size_t)(try - message) + strlen(TRY));
    const char *options = try + strlen(TRY), *end = message + length - 1;
    while (options < end) {
        const char * or = strstr(options, OR);
        const char *stop = or && or < end ? or : end;
        put(out, size, &used, program, strlen(program));
        put(out, size, &used, " ", 1);
        put(out, size, &used, options, (size_t)(stop - options));
        put(out, size, &used, " ", 1);
        put_word(out, size, &used, input);
        if (stop == end)
            break;
        put(out, size, &used, OR, strlen(OR));
        options = stop + strlen(OR);
    }
    put(out, size, &used, ")", 1);
}

void hint_command_report(const char *name, const char *input, const char *message) {
    char line[1024];
    hint_command(message, cli_program(), input, line, sizeof line);
    cli_error("%s: %s", name, line);
}
