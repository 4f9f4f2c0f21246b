#include "options.h"

#include "cli.h"
#include "cli_options.h"
#include "rgb.h"

#include <string.h>
#include <strings.h>

/* The formats -o writes, by --format name and by file name extension. */
static const struct {
    const char *name;
    enum output_format format;
    const char *extensions[2];
} FORMATS[] = {
    {"png", FORMAT_PNG, {".png"}},
    {"gif", FORMAT_GIF, {".gif"}},
    {"mp4", FORMAT_MP4, {".mp4"}},
    {"webm", FORMAT_WEBM, {".webm"}},
    {"html", FORMAT_HTML, {".html", ".htm"}},
};
#define FORMAT_COUNT (sizeof FORMATS / sizeof FORMATS[0])
#define FORMAT_LIST "png, gif, mp4, webm or html"

static bool format_from_name(const char *name, enum output_format *out) {
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        if (strcmp(FORMATS[i].name, name) == 0) {
            *out = FORMATS[i].format;
            return true;
        }
    return false;
}

const char *extension_of(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : "";
}

/* The format a file name asks for: PNG without an extension (and for "-"); false for an
 * extension that names no format this program writes. */
static bool format_from_path(const char *path, enum output_format *out) {
    const char *extension = extension_of(path);
    if (!*extension) {
        *out = FORMAT_PNG;
        return true;
    }
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        for (int e = 0; e < 2 && FORMATS[i].extensions[e]; e++)
            if (strcasecmp(FORMATS[i].extensions[e], extension) == 0) {
                *out = FORMATS[i].format;
                return true;
            }
    return false;
}

/* "3", "0.5", "1.25": seconds as centiseconds, from 0 to max_seconds. */
static bool parse_centiseconds(const char *text, long max_seconds, int *out) {
    const char *dot = strchr(text, '.');
    size_t whole = dot ? (size_t)(dot - text) : strlen(text);
    char digits[16];
    if (whole == 0 || whole >= sizeof digits)
        return false;
    memcpy(digits, text, whole);
    digits[whole] = '\0';
    long seconds, fraction = 0;
    if (!cli_parse_long(digits, 0, max_seconds, &seconds))
        return false;
    if (dot) {
        size_t n = strlen(dot + 1);
        if (n < 1 || n > 2 || !cli_parse_long(dot + 1, 0, 99, &fraction) || dot[1] == '-' ||
            dot[1] == '+')
            return false;
        if (n == 1)
            fraction *= 10;
    }
    if (seconds == max_seconds && fraction > 0)
        return false;
    *out = (int)(seconds * 100 + fraction);
    return true;
}

/* "COLOR[,COLOR...]" (rgb.h), at most PIECE_TYPES colours. */
static bool parse_colour_list(const char *text, uint32_t colours[], int *count) {
    *count = 0;
    for (;;) {
        const char *comma = strchr(text, ',');
        size_t n = comma ? (size_t)(comma - text) : strlen(text);
        char one[32]; /* the longest colour name, lightgoldenrodyellow, and more */
        if (*count == PIECE_TYPES || n >= sizeof one)
            return false;
        memcpy(one, text, n);
        one[n] = '\0';
        if (!rgb_parse(one, &colours[(*count)++]))
            return false;
        if (!comma)
            return true;
        text = comma + 1;
    }
}

enum option_id {
    OPT_OUTPUT,
    OPT_FORMAT,
    OPT_SCALE,
    OPT_BACKGROUND,
    OPT_FRAMES,
    OPT_EVERY,
    OPT_DELAY,
    OPT_BENCH,
    OPT_HEIGHT,
    OPT_HELPERS,
    OPT_HOLD,
    OPT_DURATION,
    OPT_TITLE,
    OPT_FPS,
    OPT_CROP,
    OPT_NO_CROP,
    OPT_NO_WELL,
    OPT_MOTION,
    OPT_PLAY,
    OPT_STATS,
    OPT_MOVES,
    OPT_ASCII,
    OPT_COLOR,
    OPT_LENIENT,
    OPT_HELP,
    OPT_VERSION,
};

static const struct cli_option OPTIONS[] = {
    {"output", 'o', true, OPT_OUTPUT},
    {"format", 0, true, OPT_FORMAT},
    {"height", 0, true, OPT_HEIGHT},
    {"scale", 0, true, OPT_SCALE},
    {"background", 0, true, OPT_BACKGROUND},
    {"helpers", 0, true, OPT_HELPERS},
    {"no-well", 0, false, OPT_NO_WELL},
    {"crop", 0, false, OPT_CROP},
    {"no-crop", 0, false, OPT_NO_CROP},
    {"frames", 0, true, OPT_FRAMES},
    {"every", 0, true, OPT_EVERY},
    {"motion", 0, false, OPT_MOTION},
    {"delay", 0, true, OPT_DELAY},
    {"fps", 0, true, OPT_FPS},
    {"hold", 0, true, OPT_HOLD},
    {"duration", 0, true, OPT_DURATION},
    {"title", 0, true, OPT_TITLE},
    {"play", 0, false, OPT_PLAY},
    {"stats", 0, false, OPT_STATS},
    {"moves", 0, false, OPT_MOVES},
    {"ascii", 0, false, OPT_ASCII},
    {"color", 0, false, OPT_COLOR},
    {"lenient", 0, false, OPT_LENIENT},
    {"bench", 0, true, OPT_BENCH},
    {"help", 'h', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
};

/* Options without a value. */
static void set_flag(struct print_options *o, enum option_id id);

static bool set_option(void *context, int id, const char *value, char *error, size_t size) {
    struct print_options *o = context;
    long n;
    switch ((enum option_id)id) {
    case OPT_OUTPUT:
        if (!*value)
            return cli_reason(error, size, "--output needs a file name");
        o->output = value;
        return true;
    case OPT_FORMAT:
        if (!format_from_name(value, &o->format))
            return cli_reason(error, size, "--format: '%s' is not %s", value, FORMAT_LIST);
        return true;
    case OPT_SCALE:
        if (!cli_option_long("--scale", value, 1, MAX_SCALE, &n, error, size))
            return false;
        o->scale = (int)n;
        return true;
    case OPT_BACKGROUND:
        if (strcmp(value, "transparent") == 0) {
            o->transparent = true;
            return true;
        }
        if (!rgb_parse(value, &o->background))
            return cli_reason(error, size,
                              "--background: '%s' is not transparent or a colour (" RGB_FORMS ")",
                              value);
        o->transparent = false;
        o->background_set = true;
        return true;
    case OPT_FRAMES:
        if (!*value)
            return cli_reason(error, size, "--frames needs a directory");
        o->frames_dir = value;
        return true;
    case OPT_EVERY:
        return cli_option_long("--every", value, 1, MAX_REPEAT, &o->every, error, size);
    case OPT_DELAY:
        if (!cli_option_long("--delay", value, 0, MAX_DELAY, &n, error, size))
            return false;
        o->delay = (int)n;
        o->pace_given = true;
        return true;
    case OPT_DURATION:
        return cli_option_long("--duration", value, 1, MAX_DURATION_SECONDS, &o->duration, error,
                               size);
    case OPT_TITLE:
        o->title = value;
        return true;
    case OPT_FPS:
        if (!cli_option_long("--fps", value, 1, MAX_FPS, &n, error, size))
            return false;
        o->fps = (int)n;
        o->pace_given = true;
        return true;
    case OPT_HOLD:
        if (!parse_centiseconds(value, MAX_HOLD_SECONDS, &o->hold))
            return cli_reason(error, size,
                              "--hold: '%s' is not a number of seconds from 0 to %d (at most "
                              "two decimals)",
                              value, MAX_HOLD_SECONDS);
        return true;
    case OPT_HELPERS:
        if (!parse_colour_list(value, o->helpers, &o->helper_count) ||
            (o->helper_count != 1 && o->helper_count != PIECE_TYPES))
            return cli_reason(error, size,
                              "--helpers: '%s' is not one colour or %d comma-separated colours "
                              "(" RGB_FORMS ")",
                              value, PIECE_TYPES);
        return true;
    case OPT_BENCH:
        return cli_option_long("--bench", value, 1, MAX_REPEAT, &o->bench, error, size);
    case OPT_HEIGHT:
        return cli_option_height(value, &o->height, error, size);
    default:
        set_flag(o, (enum option_id)id);
        return true;
    }
}

static void set_flag(struct print_options *o, enum option_id id) {
    switch (id) {
    case OPT_CROP:
        o->crop = true;
        break;
    case OPT_NO_CROP:
        o->no_crop = true;
        break;
    case OPT_NO_WELL:
        o->no_well = true;
        break;
    case OPT_MOTION:
        o->motion = true;
        break;
    case OPT_PLAY:
        o->play = true;
        break;
    case OPT_STATS:
        o->stats = true;
        break;
    case OPT_MOVES:
        o->moves = true;
        break;
    case OPT_ASCII:
        o->ascii = true;
        break;
    case OPT_COLOR:
        o->color = true;
        break;
    case OPT_LENIENT:
        o->lenient = true;
        break;
    case OPT_HELP:
        o->help = true;
        break;
    case OPT_VERSION:
        o->version = true;
        break;
    default:
        break;
    }
}

/* Checks that hold between options once all are known. */
static bool check_combination(struct print_options *o, char *error, size_t size) {
    if (!o->input)
        return cli_reason(error, size, "no script given (try --help)");
    if (o->format == FORMAT_AUTO && o->output && !format_from_path(o->output, &o->format))
        return cli_reason(error, size,
                          "%s: cannot write '%s' files (%s; or choose one with --format)",
                          o->output, extension_of(o->output), FORMAT_LIST);
    if (o->format == FORMAT_AUTO)
        o->format = FORMAT_PNG;
    if (o->duration && o->every)
        return cli_reason(error, size, "--duration and --every both choose the frames: give one");
    if (o->fps && o->delay >= 0)
        return cli_reason(error, size, "--fps and --delay both set the pace: give one");
    if (o->fps)
        o->delay = (100 + o->fps / 2) / o->fps;
    else if (o->delay < 0)
        o->delay = o->motion ? DEFAULT_MOTION_DELAY : DEFAULT_DELAY;
    if (o->duration && o->delay == 0)
        return cli_reason(error, size, "--duration needs a pace: --delay from 1, or --fps");
    bool video = o->output && (o->format == FORMAT_MP4 || o->format == FORMAT_WEBM);
    if (video && o->delay == 0)
        return cli_reason(error, size, "a video needs a frame rate: --delay from 1, or --fps");
    if (o->play && (o->moves || o->ascii || (o->output && strcmp(o->output, "-") == 0)))
        return cli_reason(error, size,
                          "--play draws on standard output, which --moves, --ascii and -o - "
                          "also use");
    if (o->crop && o->no_crop)
        return cli_reason(error, size, "--crop and --no-crop: give one");
    if (o->color && !o->ascii)
        return cli_reason(error, size, "--color only applies to --ascii");
    bool text_out = o->moves || o->ascii || o->bench;
    if (o->output && strcmp(o->output, "-") == 0 && text_out)
        return cli_reason(error, size,
                          "-o - writes the image to standard output, which --moves, --ascii "
                          "and --bench also use");
    if (o->bench && (o->output || o->frames_dir || o->play))
        return cli_reason(error, size,
                          "--bench replays without output: drop -o, --frames and --play");
    return true;
}

bool options_parse(int argc, char *const argv[], struct print_options *o, char *error,
                   size_t size) {
    *o = (struct print_options){.format = FORMAT_AUTO,
                                .delay = -1, /* until known: --delay, --fps or a default */
                                .hold = DEFAULT_HOLD};
    const char *operands[1];
    struct cli_command_line line = {
        OPTIONS, (int)(sizeof OPTIONS / sizeof OPTIONS[0]), set_option, o, operands, 1, "script"};
    int count = cli_parse_options(argc, argv, &line, error, size);
    if (count < 0)
        return false;
    o->input = count ? operands[0] : NULL;
    if (o->help || o->version)
        return true;
    return check_combination(o, error, size);
}

void options_print_help(FILE *out) {
    fputs(PRINT_HELP_TEXT, out);
}
