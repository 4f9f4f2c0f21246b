#include "convert_command_line.h"

#include "cli.h"
#include "cli_options.h"
#include "field_choice.h"
#include "pattern_read.h"
#include "rgb.h"

#include <string.h>
#include <strings.h>

enum option_id {
    OPT_OUTPUT,
    OPT_METHOD,
    OPT_COLOR_ORDER,
    OPT_PATTERNS,
    OPT_STATS,
    OPT_CENTER,
    OPT_FIT,
    OPT_MAX_WIDTH,
    OPT_COLORS,
    OPT_DITHER,
    OPT_BACKGROUND,
    OPT_PREVIEW,
    OPT_WIDTH,
    OPT_HEIGHT,
    OPT_ALPHA_THRESHOLD,
};

static const struct cli_option OPTIONS[] = {
    {"output", 'o', true, OPT_OUTPUT},
    {"method", 'm', true, OPT_METHOD},
    {"color-order", 0, true, OPT_COLOR_ORDER},
    CLI_OPTION_SEED,
    CLI_OPTION_THREADS,
    {"patterns", 'p', true, OPT_PATTERNS},
    {"width", 'w', true, OPT_WIDTH},
    {"height", 0, true, OPT_HEIGHT},
    {"fit", 0, false, OPT_FIT},
    {"max-width", 0, true, OPT_MAX_WIDTH},
    {"colors", 0, true, OPT_COLORS},
    {"dither", 0, false, OPT_DITHER},
    {"background", 0, true, OPT_BACKGROUND},
    {"alpha-threshold", 0, true, OPT_ALPHA_THRESHOLD},
    {"preview", 0, true, OPT_PREVIEW},
    {"center", 0, false, OPT_CENTER},
    {"stats", 0, false, OPT_STATS},
    CLI_OPTIONS_QUIET_HELP_VERSION,
};

/* --fit, --max-width, --colors, --dither, --alpha-threshold, --background and --preview. */
static bool set_fit_option(struct convert_options *o, int option, const char *value, char *error,
                           size_t size) {
    long n;
    o->fit.enabled = o->fit.enabled || option != OPT_PREVIEW;
    switch (option) {
    case OPT_FIT:
        o->fit.scale = true;
        return true;
    case OPT_MAX_WIDTH:
        if (!cli_option_long("--max-width", value, 1, SPRITE_MAX_WIDTH, &n, error, size))
            return false;
        o->fit.max_width = (int)n; /* checked against the field by finish_fit_options */
        return true;
    case OPT_COLORS:
        if (!cli_option_long("--colors", value, 1, MAX_COLOURS, &n, error, size))
            return false;
        o->fit.colours = (int)n;
        return true;
    case OPT_DITHER:
        o->fit.dither = true;
        return true;
    case OPT_ALPHA_THRESHOLD:
        if (!cli_option_long("--alpha-threshold", value, 1, PICTURE_OPAQUE, &n, error, size))
            return false;
        o->fit.alpha_threshold = (int)n;
        return true;
    case OPT_BACKGROUND:
        if (strcmp(value, "auto") == 0)
            o->fit.background = FIT_BACKGROUND_AUTO;
        else if (strcmp(value, "keep") == 0)
            o->fit.background = FIT_BACKGROUND_KEEP;
        else if (rgb_parse(value, &o->fit.background_colour))
            o->fit.background = FIT_BACKGROUND_COLOUR;
        else
            return cli_reason(error, size,
                              "--background: '%s' is not auto, keep or a colour (" RGB_FORMS ")",
                              value);
        return true;
    case OPT_PREVIEW: {
        size_t length = strlen(value);
        if (length < 5 || strcasecmp(value + length - 4, ".png") != 0)
            return cli_reason(error, size,
                              "--preview: '%s' is not a FILE.png (the preview is a PNG image)",
                              value);
        o->preview = value;
        return true;
    }
    }
    return false;
}

/* The fitting options that only make sense together, and the defaults that depend on what
 * was given: --fit reduces to 7 colours unless --colors says otherwise; the background is
 * found automatically once any fitting is asked for. */
static bool finish_fit_options(struct convert_options *o, bool background_given, char *error,
                               size_t size) {
    if (o->fit.max_width && !o->fit.scale)
        return cli_reason(error, size, "--max-width only applies with --fit");
    if (o->fit.scale && !o->fit.colours) {
        o->fit.colours = MAX_COLOURS;
        o->fit.colours_by_default = true;
    }
    if (o->fit.dither && !o->fit.colours)
        return cli_reason(error, size, "--dither only applies with --fit or --colors");
    if (o->patterns && !o->width)
        o->patterns_width = pattern_dir_width(o->patterns, 0);
    if (!field_choice_fit_box(o, error, size))
        return false;
    if (o->fit.enabled && !background_given)
        o->fit.background = FIT_BACKGROUND_AUTO;
    return true;
}

/* Names that say a picture, a video or a page (what tetris-print draws a script as). */
static const char *const DRAWING_EXTENSIONS[] = {".png",  ".gif",  ".jpg",  ".jpeg", ".bmp",
                                                 ".webp", ".tif",  ".tiff", ".svg",  ".mp4",
                                                 ".webm", ".html", ".htm"};

/* The script is text: -o naming a picture is a mistake, and tetris-print is what draws it. */
static bool script_named_as_script(const struct convert_options *o, char *error, size_t size) {
    const char *base = strrchr(o->output, '/'), *dot;
    base = base ? base + 1 : o->output;
    dot = strrchr(base, '.');
    for (size_t i = 0; dot && i < sizeof DRAWING_EXTENSIONS / sizeof DRAWING_EXTENSIONS[0]; i++)
        if (strcasecmp(dot, DRAWING_EXTENSIONS[i]) == 0)
            return cli_reason(error, size,
                              "%s: tetris-convert writes a script (text), not a picture: "
                              "tetris-print draws it (tetris-convert %s | tetris-print - -o %s)",
                              o->output, o->input, o->output);
    return true;
}

/* What the parser knows while it reads the command line. */
struct parsing {
    struct convert_options *options;
    bool background_given;
};

static bool set_option(void *context, int option, const char *value, char *error, size_t size) {
    struct parsing *parsing = context;
    struct convert_options *o = parsing->options;
    parsing->background_given = parsing->background_given || option == OPT_BACKGROUND;
    if (cli_option_is_shared(option)) {
        struct cli_shared_options shared = {&o->settings.seed, &o->threads, &o->quiet, &o->help,
                                            &o->version};
        return cli_option_shared(&shared, option, value, error, size);
    }
    switch ((enum option_id)option) {
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a file name");
        o->output = value;
        return true;
    case OPT_METHOD:
        if (strcmp(value, "realtime") == 0)
            o->settings.method = METHOD_REALTIME;
        else if (strcmp(value, "table") == 0)
            o->settings.method = METHOD_TABLE;
        else
            return cli_reason(error, size, "--method: '%s' is not realtime or table", value);
        return true;
    case OPT_COLOR_ORDER:
        if (strcmp(value, "fewest") == 0)
            o->settings.colour_order = COLOUR_ORDER_FEWEST;
        else if (strcmp(value, "reading") == 0)
            o->settings.colour_order = COLOUR_ORDER_READING;
        else
            return cli_reason(error, size, "--color-order: '%s' is not fewest or reading", value);
        return true;
    case OPT_WIDTH:
        return cli_option_width(value, true, &o->width, error, size);
    case OPT_HEIGHT:
        return cli_option_height(value, &o->height, error, size);
    case OPT_PATTERNS:
        if (!*value)
            return cli_reason(error, size, "--patterns needs a directory");
        o->patterns = value;
        return true;
    case OPT_STATS:
        o->stats = true;
        return true;
    case OPT_CENTER:
        o->center = true;
        return true;
    case OPT_FIT:
    case OPT_MAX_WIDTH:
    case OPT_COLORS:
    case OPT_DITHER:
    case OPT_ALPHA_THRESHOLD:
    case OPT_BACKGROUND:
    case OPT_PREVIEW:
        return set_fit_option(o, option, value, error, size);
    }
    return false;
}

bool convert_options_parse(int argc, char *const argv[], struct convert_options *o, char *error,
                           size_t size) {
    *o = (struct convert_options){
        .output = "-",
        .settings = {.method = METHOD_REALTIME,
                     .seed = DEFAULT_CONVERT_SEED,
                     .limits = PLANNER_DEFAULT_LIMITS},
    };
    struct parsing parsing = {o, false};
    const char *operands[1];
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, &parsing, operands, 1,
        "sprite"};
    int count = cli_parse_options(argc, argv, &line, error, size);
    if (count < 0)
        return false;
    if (o->help || o->version)
        return true;
    if (!finish_fit_options(o, parsing.background_given, error, size))
        return false;
    if (count == 0)
        return cli_reason(error, size, "no sprite given (try --help)");
    o->input = operands[0];
    return script_named_as_script(o, error, size);
}

void convert_options_print_help(FILE *out) {
    fputs(CONVERT_HELP_TEXT, out);
}
