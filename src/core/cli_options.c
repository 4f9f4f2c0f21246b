#include "cli_options.h"

#include "cli.h"
#include "field.h"
#include "openmp_setup.h"
#include "printable.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* The options are spelt "color" (GNU habit); "colour" is read as the same word wherever a
 * name has it (--colours, --colour-order). `name` (`length` bytes) is copied into
 * `spelt` with each "colour" made "color"; returns the copy's length. */
static size_t american_spelling(const char *name, size_t length, char *spelt, size_t size) {
    size_t n = 0;
    for (size_t i = 0; i < length && n + sizeof "color" < size;) {
        if (length - i >= 6 && strncmp(name + i, "colour", 6) == 0) {
            memcpy(spelt + n, "color", 5);
            n += 5, i += 6;
        } else {
            spelt[n++] = name[i++];
        }
    }
    spelt[n] = '\0';
    return n;
}

/* The option a long name (or a prefix of one) means, or NULL with the reason. */
static const struct cli_option *find_long(const struct cli_command_line *line, const char *typed,
                                          size_t typed_length, const char *arg, char *error,
                                          size_t size) {
    char name[128];
    size_t length = american_spelling(typed, typed_length, name, sizeof name);
    const struct cli_option *found = NULL;
    int matches = 0;
    for (int i = 0; i < line->option_count; i++) {
        const struct cli_option *o = &line->options[i];
        if (strncmp(o->name, name, length) != 0)
            continue;
        if (o->name[length] == '\0')
            return o; /* exact */
        found = o;
        matches++;
    }
    if (matches == 1)
        return found;
    if (matches == 0) {
        cli_reason(error, size, "unknown option '%.*s' (try --help)", (int)(typed_length + 2), arg);
        return NULL;
    }
    size_t used =
        (size_t)snprintf(error, size, "option '%.*s' is ambiguous:", (int)(typed_length + 2), arg);
    for (int i = 0; i < line->option_count && used < size; i++)
        if (strncmp(line->options[i].name, name, length) == 0)
            used += (size_t)snprintf(error + used, size - used, " --%s", line->options[i].name);
    return NULL;
}

static const struct cli_option *find_short(const struct cli_command_line *line, char letter) {
    for (int i = 0; i < line->option_count; i++)
        if (line->options[i].letter == letter && letter != 0)
            return &line->options[i];
    return NULL;
}

/* A long option, "--name[=value]"; may take the next argument as its value. */
static bool parse_long(int argc, char *const argv[], int *i, const struct cli_command_line *line,
                       char *error, size_t size) {
    const char *arg = argv[*i], *name = arg + 2;
    const char *equals = strchr(name, '=');
    size_t length = equals ? (size_t)(equals - name) : strlen(name);
    const struct cli_option *o = find_long(line, name, length, arg, error, size);
    if (!o)
        return false;
    const char *value = equals ? equals + 1 : NULL;
    if (!o->takes_value && value)
        return cli_reason(error, size, "option '--%s' takes no value", o->name);
    if (o->takes_value && !value) {
        if (*i + 1 >= argc)
            return cli_reason(error, size, "option '--%s' needs a value", o->name);
        value = argv[++*i];
    }
    return line->handle(line->context, o->id, value, error, size);
}

/* A cluster of short options, "-abc" or "-oVALUE"; may take the next argument. */
static bool parse_short(int argc, char *const argv[], int *i, const struct cli_command_line *line,
                        char *error, size_t size) {
    const char *arg = argv[*i];
    for (const char *p = arg + 1; *p; p++) {
        const struct cli_option *o = find_short(line, *p);
        if (!o) {
            char shown[PRINTABLE_BYTE_SIZE];
            return cli_reason(error, size, "unknown option '-%s' (try --help)",
                              printable_byte((unsigned char)*p, shown));
        }
        if (!o->takes_value) {
            if (!line->handle(line->context, o->id, NULL, error, size))
                return false;
            continue;
        }
        const char *value = p[1] ? p + 1 : NULL;
        if (!value) {
            if (*i + 1 >= argc)
                return cli_reason(error, size, "option '-%c' needs a value", *p);
            value = argv[++*i];
        }
        return line->handle(line->context, o->id, value, error, size);
    }
    return true;
}

bool cli_range_reason(char *error, size_t size, const char *name, const char *value, long min,
                      long max) {
    return cli_reason(error, size, "%s: '%s' is not a whole number from %ld to %ld", name, value,
                      min, max);
}

bool cli_option_long(const char *name, const char *value, long min, long max, long *out,
                     char *error, size_t size) {
    if (!cli_parse_long(value, min, max, out))
        return cli_range_reason(error, size, name, value, min, max);
    return true;
}

bool cli_option_seed(const char *value, uint64_t *seed, char *error, size_t size) {
    long n;
    if (!cli_option_long("--seed", value, 0, LONG_MAX, &n, error, size))
        return false;
    *seed = (uint64_t)n;
    return true;
}

bool cli_option_threads(const char *value, long *threads, char *error, size_t size) {
    return cli_option_long("--threads", value, 1, MAX_THREADS, threads, error, size);
}

bool cli_option_is_shared(int id) {
    return id >= CLI_OPT_SEED && id <= CLI_OPT_VERSION;
}

bool cli_option_shared(const struct cli_shared_options *to, int id, const char *value, char *error,
                       size_t size) {
    switch ((enum cli_shared_option_id)id) {
    case CLI_OPT_SEED:
        return cli_option_seed(value, to->seed, error, size);
    case CLI_OPT_THREADS:
        return cli_option_threads(value, to->threads, error, size);
    case CLI_OPT_QUIET:
        *to->quiet = true;
        return true;
    case CLI_OPT_HELP:
        *to->help = true;
        return true;
    case CLI_OPT_VERSION:
        *to->version = true;
        return true;
    }
    return false;
}

bool cli_option_width(const char *value, bool allow_auto, int *width, char *error, size_t size) {
    long n;
    if (allow_auto && strcmp(value, "auto") == 0) {
        *width = 0;
        return true;
    }
    if (!cli_parse_long(value, 0, FIELD_MAX_WIDTH, &n) || !field_width_valid(n))
        return cli_reason(error, size, "--width: '%s' is not %san odd number from %d to %d", value,
                          allow_auto ? "auto or " : "", FIELD_MIN_WIDTH, FIELD_MAX_WIDTH);
    *width = (int)n;
    return true;
}

bool cli_option_height(const char *value, int *height, char *error, size_t size) {
    long n;
    if (!cli_option_long("--height", value, FIELD_MIN_HEIGHT, FIELD_MAX_HEIGHT, &n, error, size))
        return false;
    *height = (int)n;
    return true;
}

static void too_many_operands(const struct cli_command_line *line, int count, const char *extra,
                              char *error, size_t size) {
    if (count == 0)
        cli_reason(error, size, "unexpected argument '%s' (try --help)", extra);
    else if (count == 1)
        cli_reason(error, size, "more than one %s given ('%s' and '%s')", line->operand_name,
                   line->operands[0], extra);
    else
        cli_reason(error, size, "more than %d %ss given ('%s')", count, line->operand_name, extra);
}

int cli_parse_options(int argc, char *const argv[], const struct cli_command_line *line,
                      char *error, size_t size) {
    int operands = 0;
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool is_operand = options_done || arg[0] != '-' || arg[1] == '\0';
        if (!is_operand && strcmp(arg, "--") == 0) {
            options_done = true;
            continue;
        }
        if (is_operand) {
            if (operands == line->max_operands) {
                too_many_operands(line, operands, arg, error, size);
                return -1;
            }
            line->operands[operands++] = arg;
            continue;
        }
        bool ok = arg[1] == '-' ? parse_long(argc, argv, &i, line, error, size)
                                : parse_short(argc, argv, &i, line, error, size);
        if (!ok)
            return -1;
    }
    return operands;
}
