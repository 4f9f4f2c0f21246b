#include "search_options.h"

#include "cli.h"
#include "cli_options.h"

#include "field.h"
#include "layouts.h"
#include "pattern_search.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum option_id {
    OPT_WIDTH,
    OPT_SQUARES,
    OPT_PLATFORMS,
    OPT_FALLBACK,
    OPT_OUTPUT,
    OPT_ATTEMPTS,
    OPT_CHECK,
};

static const struct cli_option OPTIONS[] = {
    {"width", 'w', true, OPT_WIDTH},
    {"squares", 'n', true, OPT_SQUARES},
    {"platforms", 'p', false, OPT_PLATFORMS},
    {"fallback", 'f', false, OPT_FALLBACK},
    {"output", 'o', true, OPT_OUTPUT},
    CLI_OPTION_SEED,
    CLI_OPTION_THREADS,
    {"attempts", 'a', true, OPT_ATTEMPTS},
    {"check", 'c', true, OPT_CHECK},
    CLI_OPTIONS_QUIET_HELP_VERSION,
};

static bool set_option(void *context, int id, const char *value, char *error, size_t size) {
    struct search_options *o = context;
    struct regenerate_request *r = &o->request;
    long n;
    if (cli_option_is_shared(id)) {
        struct cli_shared_options shared = {&r->settings.seed, &o->threads, &r->settings.quiet,
                                            &o->help, &o->version};
        return cli_option_shared(&shared, id, value, error, size);
    }
    switch ((enum option_id)id) {
    case OPT_WIDTH:
        o->width_given = true;
        return cli_option_width(value, false, &r->settings.width, error, size);
    case OPT_SQUARES: /* checked against the width by search_options_settle */
        if (!cli_option_long("--squares", value, 1, LAYOUT_MAX_SQUARES, &n, error, size))
            return false;
        r->emitter_sets[n] = true;
        return true;
    case OPT_PLATFORMS:
        r->platforms = true;
        return true;
    case OPT_FALLBACK:
        r->fallback = true;
        return true;
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a directory");
        r->out_dir = value;
        return true;
    case OPT_ATTEMPTS:
        if (!cli_option_long("--attempts", value, 1, SEARCH_MAX_ATTEMPTS, &n, error, size))
            return false;
        r->settings.limits.attempts_per_try = n;
        return true;
    case OPT_CHECK:
        if (!*value)
            return cli_reason(error, size, "--check needs a directory");
        o->check_dir = value;
        return true;
    }
    return false;
}

bool search_options_parse(int argc, char *const argv[], struct search_options *o, char *error,
                          size_t size) {
    *o = (struct search_options){
        .request = {.settings = {.width = FIELD_DEFAULT_WIDTH,
                                 .seed = SEARCH_DEFAULT_SEED,
                                 .limits = PACKING_DEFAULT_LIMITS}},
    };
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, o, NULL, 0, "argument"};
    if (cli_parse_options(argc, argv, &line, error, size) < 0)
        return false;
    struct regenerate_request *r = &o->request;
    if (!o->check_dir && !o->help && !o->version && !r->out_dir) {
        if (!field_library_is_builtin(r->settings.width))
            return cli_reason(error, size,
                              "--width %d: give the directory to write with --output (patterns/ "
                              "holds the library of the %d-wide field)",
                              r->settings.width, FIELD_DEFAULT_WIDTH);
        r->out_dir = DEFAULT_PATTERN_DIR;
    }
    return true;
}

/* Layouts of the emitter sets the request selects. */
static long requested_layouts(const struct regenerate_request *r) {
    long total = 0;
    for (int n = 1; n <= layout_max_squares(r->settings.width); n++)
        if (r->emitter_sets[n]) {
            long count = layout_count(r->settings.width, n);
            total = count > LONG_MAX - total ? LONG_MAX : total + count;
        }
    return total;
}

bool search_options_settle(struct search_options *o, char *error, size_t size) {
    struct regenerate_request *r = &o->request;
    int width = r->settings.width, most = layout_max_squares(width);
    bool some_set = r->platforms || r->fallback;
    for (int n = 1; n <= LAYOUT_MAX_SQUARES; n++) {
        if (r->emitter_sets[n] && n > most) {
            char given[16];
            snprintf(given, sizeof given, "%d", n);
            cli_range_reason(error, size, "--squares", given, 1, most);
            size_t used = strlen(error);
            snprintf(error + used, size - used, " (on a field %d wide)", width);
            return false;
        }
        some_set = some_set || r->emitter_sets[n];
    }
    if (!some_set) { /* the fallback tiles, the same for every width, live in patterns/ */
        for (int n = 1; n <= most; n++)
            r->emitter_sets[n] = true;
        r->platforms = true;
        r->fallback = field_library_is_builtin(width);
    }
    long layouts = requested_layouts(r);
    if (!o->check_dir && layouts > REGENERATE_MAX_LAYOUTS)
        return cli_reason(error, size,
                          "--width %d: %s%ld layouts, more than the %d a run searches; select "
                          "fewer sets with --squares",
                          width, some_set ? "" : "the full library has ", layouts,
                          REGENERATE_MAX_LAYOUTS);
    return true;
}

void search_options_print_help(FILE *out) {
    fputs(SEARCH_HELP_TEXT, out);
}
