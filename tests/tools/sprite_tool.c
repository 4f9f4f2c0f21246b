/* sprite_tool: test helper for tetris-convert, written independently of the converter.
 *
 *   sprite_tool art IN.txt OUT.png
 *       Text pixel art to an RGBA PNG. First line: a palette "R=c83c3c G=3cb44b ..." (an
 *       entry may give an alpha too, "H=c83c3c80"); then the rows, all the same length: '.'
 *       is transparent, a palette letter is that colour, opaque unless its entry says.
 *   sprite_tool random --seed S --count N --out DIR [--width W] [--largest | --size WxH]
 *                      [--colors LO-HI] [--density P]
 *       Writes N random valid sprites DIR/random-0000.png ... (deterministic in S): LO to HI
 *       distinct colours (default 1-3, at most 7), trimmed size 1..W-4 x 1..2W-10 (the
 *       largest a field W wide and 2W tall prints; W = 21 by default: 17 x 32; all of that
 *       size with --largest, all of the size given with --size), many full-size and many
 *       tiny ones, sparse to solid, an opaque pixel in every row, transparent padding
 *       around, and sometimes junk RGB or a partial alpha in the transparent pixels.
 *       Colours beyond the third come in horizontal runs of 4, 8, ... (the fourth) or of
 *       even length (the others), so that the pieces that print several pixels at once (I
 *       four, O two) can print them. --density P (1 to 100) makes every sprite plain noise
 *       with P % of its pixels opaque, each of a colour drawn independently (the benchmark's
 *       dense sprites); the rest (padding, junk, the rows' and sides' pixels) as without it.
 *   sprite_tool expect [--center] SPRITE.png PRINTED.png
 *       The exactness oracle: PRINTED (tetris-print --scale 1 --background transparent, one
 *       pixel per cell of a field W x H, W odd) must show the trimmed sprite on the floor
 *       between 2-column margins, centred (c0 = 2 + (W - 4 - w) / 2; 21 x 42:
 *       2 + (17 - w) / 2) or up to 2 columns either side (tetris-convert's column choice;
 *       with --center, for a script tetris-convert --center made, only centred), and
 *       nothing else. Exit 0 equal, 1 different (one line naming the first cell that
 *       differs from the centred sprite), 2 unreadable input or a printed image no field has.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rng.h"

#define TOOL_NAME "sprite_tool"
#include "tool_image.h"

/* The test's own statement of the field's rules (see the header comment). */
enum { DEFAULT_W = 21, MIN_W = 11, MAX_W = 71, MAX_H = 255, MARGIN = 2, HEADROOM = 10 };
enum { MAX_COLOURS_ = 7, SINGLE_COLOURS = 3 }; /* colours beyond the third come in pairs */
enum { EXIT_EQUAL = 0, EXIT_DIFFERENT = 1, EXIT_BAD = 2 };

static void usage(void) {
    fputs("usage: sprite_tool art IN.txt OUT.png\n"
          "       sprite_tool random --seed S --count N --out DIR [--width W]\n"
          "                          [--largest | --size WxH] [--colors LO-HI] [--density P]\n"
          "       sprite_tool expect [--center] SPRITE.png PRINTED.png\n",
          stderr);
}

/* ---------------------------------------------------------------- art */

struct palette_entry {
    char letter;
    unsigned char rgb[3], alpha;
};

static int hex_digit(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Removes a trailing newline, carriage return and blanks. */
static void chomp(char *line) {
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' ||
                     line[n - 1] == '\t'))
        line[--n] = '\0';
}

static int parse_palette(const char *path, char *line, struct palette_entry *palette, int max) {
    int count = 0;
    for (char *token = strtok(line, " \t"); token; token = strtok(NULL, " \t")) {
        size_t digits = strlen(token) - 2;
        bool ok =
            (digits == 6 || digits == 8) && token[1] == '=' && token[0] != '.' && token[0] > ' ';
        for (size_t i = 0; ok && i < digits; i++)
            ok = hex_digit((unsigned char)token[2 + i]) >= 0;
        if (!ok) {
            fprintf(stderr, "sprite_tool: %s:1: bad palette entry \"%s\" (want X=rrggbb[aa])\n",
                    path, token);
            return -1;
        }
        for (int i = 0; i < count; i++)
            if (palette[i].letter == token[0]) {
                fprintf(stderr, "sprite_tool: %s:1: letter '%c' defined twice\n", path, token[0]);
                return -1;
            }
        if (count == max) {
            fprintf(stderr, "sprite_tool: %s:1: more than %d palette entries\n", path, max);
            return -1;
        }
        palette[count].letter = token[0];
        for (int i = 0; i < 3; i++)
            palette[count].rgb[i] =
                (unsigned char)(hex_digit((unsigned char)token[2 + 2 * i]) * 16 +
                                hex_digit((unsigned char)token[3 + 2 * i]));
        palette[count].alpha = digits == 8
                                   ? (unsigned char)(hex_digit((unsigned char)token[8]) * 16 +
                                                     hex_digit((unsigned char)token[9]))
                                   : 255;
        count++;
    }
    if (count == 0) {
        fprintf(stderr, "sprite_tool: %s:1: empty palette\n", path);
        return -1;
    }
    return count;
}

static int cmd_art(const char *in_path, const char *out_path) {
    FILE *in = fopen(in_path, "r");
    if (!in) {
        fprintf(stderr, "sprite_tool: %s: %s\n", in_path, strerror(errno));
        return EXIT_BAD;
    }
    enum { MAX_ENTRIES = 64, MAX_SIDE = 1024 };
    struct palette_entry palette[MAX_ENTRIES];
    int entries = -1, width = -1, height = 0, line_number = 0;
    char line[MAX_SIDE + 16];
    unsigned char *rgba = NULL;
    int status = EXIT_BAD;
    while (fgets(line, sizeof line, in)) {
        line_number++;
        if (!strchr(line, '\n') && !feof(in)) {
            fprintf(stderr, "sprite_tool: %s:%d: line too long\n", in_path, line_number);
            goto done;
        }
        chomp(line);
        if (entries < 0) {
            entries = parse_palette(in_path, line, palette, MAX_ENTRIES);
            if (entries < 0)
                goto done;
            continue;
        }
        if (line[0] == '\0')
            continue; /* blank lines (e.g. at the end) are ignored */
        int n = (int)strlen(line);
        if (width < 0)
            width = n;
        if (n != width) {
            fprintf(stderr, "sprite_tool: %s:%d: row of %d pixels, expected %d\n", in_path,
                    line_number, n, width);
            goto done;
        }
        if (height == MAX_SIDE) {
            fprintf(stderr, "sprite_tool: %s:%d: too many rows\n", in_path, line_number);
            goto done;
        }
        unsigned char *grown = realloc(rgba, (size_t)(height + 1) * (size_t)width * 4);
        if (!grown) {
            fprintf(stderr, "sprite_tool: out of memory\n");
            goto done;
        }
        rgba = grown;
        unsigned char *row = rgba + (size_t)height * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            unsigned char *p = row + (size_t)x * 4;
            memset(p, 0, 4);
            if (line[x] == '.')
                continue;
            int k = 0;
            while (k < entries && palette[k].letter != line[x])
                k++;
            if (k == entries) {
                fprintf(stderr, "sprite_tool: %s:%d: '%c' is not in the palette\n", in_path,
                        line_number, line[x]);
                goto done;
            }
            memcpy(p, palette[k].rgb, 3);
            p[3] = palette[k].alpha;
        }
        height++;
    }
    if (ferror(in)) {
        fprintf(stderr, "sprite_tool: %s: read error\n", in_path);
        goto done;
    }
    if (entries < 0 || height == 0 || width == 0) {
        fprintf(stderr, "sprite_tool: %s: no palette or no rows\n", in_path);
        goto done;
    }
    struct image im = {width, height, rgba};
    status = write_image(out_path, &im, 0) ? EXIT_EQUAL : EXIT_BAD;
done:
    free(rgba);
    fclose(in);
    return status;
}

/* ---------------------------------------------------------------- random */

static double rng_unit(uint64_t *state) {
    return (double)(rng_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* An integer in [lo, hi]. */
static int rng_range(uint64_t *state, int lo, int hi) {
    return lo + (int)rng_below(state, (uint32_t)(hi - lo + 1));
}

static int pick_side(uint64_t *s, int max) {
    double r = rng_unit(s);
    if (r < 0.30)
        return max; /* full */
    if (r < 0.50)
        return rng_range(s, 1, 3); /* very small */
    return rng_range(s, 1, max);
}

/* The length a run of colour c must be a multiple of: 4 for the fourth colour, 2 for the
 * others beyond the third. */
static int run_unit(int c) {
    return c < SINGLE_COLOURS ? 1 : c == SINGLE_COLOURS ? 4 : 2;
}

/* Runs of colours beyond SINGLE_COLOURS cut to a multiple of their unit: the pixels over go
 * to one of the first colours. */
static void cut_runs(int (*cell)[MAX_W], int w, int h) {
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w;) {
            int c = cell[y][x], end = x;
            while (end + 1 < w && cell[y][end + 1] == c)
                end++;
            for (int over = c >= 0 ? (end - x + 1) % run_unit(c) : 0; over > 0; over--)
                cell[y][end + 1 - over] = c % SINGLE_COLOURS;
            x = end + 1;
        }
}

/* One random valid sprite of lo..hi colours for a field `field_width` wide (and twice as
 * tall), of `size_w` x `size_h` when they are not 0, plain noise of `percent` % opaque pixels
 * when that is not 0: fills im (allocated here). */
static bool random_sprite(uint64_t seed, int field_width, int size_w, int size_h, int lo, int hi,
                          int percent, struct image *im) {
    uint64_t s = seed;
    int max_w = field_width - 2 * MARGIN, max_h = 2 * field_width - HEADROOM;
    int w, h;
    double shape = rng_unit(&s);
    if (size_w > 0) {
        w = size_w, h = size_h;
    } else if (shape < 0.20) {
        w = max_w, h = max_h;
    } else if (shape < 0.30) {
        w = rng_range(&s, 1, 3), h = rng_range(&s, 1, 3);
    } else {
        w = pick_side(&s, max_w), h = pick_side(&s, max_h);
    }

    /* Distinct random colours. */
    int ncolours = rng_range(&s, lo, hi);
    uint32_t colours[MAX_COLOURS_];
    if (ncolours > SINGLE_COLOURS && w < 2 * ncolours) /* room for the runs */
        w = 2 * ncolours;
    for (int k = 0; k < ncolours; k++) {
        bool distinct;
        do {
            colours[k] = (uint32_t)(rng_next(&s) & 0xffffff);
            distinct = true;
            for (int j = 0; j < k; j++)
                distinct = distinct && colours[j] != colours[k];
        } while (!distinct);
    }

    /* Density: sparse, solid, or in between. */
    double density, r = rng_unit(&s);
    if (r < 0.20)
        density = 1.0;
    else if (r < 0.50)
        density = 0.02 + 0.28 * rng_unit(&s);
    else
        density = 0.3 + 0.7 * rng_unit(&s);
    /* How pixels pick a colour: independently, or continuing the run on the left. */
    double keep_colour = rng_unit(&s) < 0.5 ? 0.0 : 0.5 + 0.5 * rng_unit(&s);
    /* Texture: plain noise, a checkerboard (nothing under anything), or columns. */
    int texture = rng_unit(&s) < 0.75 ? 0 : rng_range(&s, 1, 2);
    if (percent > 0) /* drawn above all the same, so that other sprites stay as they were */
        density = percent / 100.0, keep_colour = 0.0, texture = 0;

    /* The sprite itself: cell[y][x] = -1 (transparent) or a colour index. */
    int(*cell)[MAX_W] = calloc((size_t)h, sizeof *cell);
    if (!cell)
        return false;
    int counts[MAX_COLOURS_] = {0};
    for (int y = 0; y < h; y++) {
        int previous = rng_range(&s, 0, ncolours - 1);
        for (int x = 0; x < w; x++) {
            double p = density;
            if (texture == 1 && (x + y) % 2)
                p = 0.03;
            if (texture == 2 && x % 2)
                p = 0.03;
            int c = -1;
            if (rng_unit(&s) < p) {
                c = rng_unit(&s) < keep_colour ? previous : rng_range(&s, 0, ncolours - 1);
                previous = c;
            }
            cell[y][x] = c;
        }
    }
    /* Every row, the first column and the last column hold an opaque pixel, so the
     * trimmed size is w x h and no transparent row lies between opaque rows. */
    for (int y = 0; y < h; y++) {
        bool any = false;
        for (int x = 0; x < w; x++)
            any = any || cell[y][x] >= 0;
        if (!any)
            cell[y][rng_range(&s, 0, w - 1)] = rng_range(&s, 0, ncolours - 1);
    }
    for (int side = 0; side < 2; side++) {
        int x = side ? w - 1 : 0;
        bool any = false;
        for (int y = 0; y < h; y++)
            any = any || cell[y][x] >= 0;
        if (!any)
            cell[rng_range(&s, 0, h - 1)][x] = rng_range(&s, 0, ncolours - 1);
    }
    /* Make every chosen colour appear when there are pixels enough to recolour. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (cell[y][x] >= 0)
                counts[cell[y][x]]++;
    for (int k = 0; k < ncolours && k < SINGLE_COLOURS; k++) {
        for (int tries = 0; counts[k] == 0 && tries < 1000; tries++) {
            int x = rng_range(&s, 0, w - 1), y = rng_range(&s, 0, h - 1);
            int c = cell[y][x];
            if (c >= 0 && counts[c] > 1) {
                counts[c]--;
                counts[k]++;
                cell[y][x] = k;
            }
        }
    }
    if (ncolours > SINGLE_COLOURS) {
        cut_runs(cell, w, h);
        /* Each further colour gets a run of its own somewhere. */
        for (int k = SINGLE_COLOURS; k < ncolours; k++) {
            int y = rng_range(&s, 0, h - 1), x = rng_range(&s, 0, w - run_unit(k));
            for (int i = 0; i < run_unit(k); i++)
                cell[y][x + i] = k;
        }
        cut_runs(cell, w, h);
    }

    /* Transparent padding; sometimes junk RGB in the transparent pixels, and sometimes a
     * partial alpha there too (alpha below 255 is transparent). */
    int pad[4] = {0, 0, 0, 0}; /* left, right, top, bottom */
    if (rng_unit(&s) < 0.6)
        for (int i = 0; i < 4; i++)
            pad[i] = rng_unit(&s) < 0.5 ? 0 : rng_range(&s, 1, 4);
    bool junk = rng_unit(&s) < 0.3, translucent = junk && rng_unit(&s) < 0.5;
    im->width = w + pad[0] + pad[1];
    im->height = h + pad[2] + pad[3];
    im->rgba = calloc((size_t)im->width * (size_t)im->height, 4);
    if (!im->rgba) {
        free(cell);
        return false;
    }
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            unsigned char *p = pixel(im, x, y);
            int sx = x - pad[0], sy = y - pad[2];
            int c = sx >= 0 && sx < w && sy >= 0 && sy < h ? cell[sy][sx] : -1;
            if (c >= 0) {
                p[0] = (unsigned char)(colours[c] >> 16);
                p[1] = (unsigned char)(colours[c] >> 8);
                p[2] = (unsigned char)colours[c];
                p[3] = 255;
            } else if (junk) {
                uint64_t v = rng_next(&s);
                p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
                p[2] = (unsigned char)(v >> 16);
                if (translucent)
                    p[3] = (unsigned char)((v >> 24) % 255);
            }
        }
    free(cell);
    return true;
}

static bool parse_number(const char *text, unsigned long long max, unsigned long long *out) {
    if (!text || !*text || *text == '-' || *text == '+')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

static int cmd_random(int argc, char **argv) {
    unsigned long long seed = 0, count = 0, width = DEFAULT_W;
    const char *dir = NULL;
    bool have_seed = false, have_count = false, largest = false;
    int size_w = 0, size_h = 0;
    int lo = 1, hi = SINGLE_COLOURS;
    unsigned long long percent = 0;
    for (int i = 0; i < argc; i += 2) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--seed") == 0 && parse_number(value, UINT64_MAX, &seed))
            have_seed = true;
        else if (strcmp(argv[i], "--count") == 0 && parse_number(value, 1000000, &count))
            have_count = true;
        else if (strcmp(argv[i], "--out") == 0 && value)
            dir = value;
        else if (strcmp(argv[i], "--width") == 0 && parse_number(value, MAX_W, &width) &&
                 width >= MIN_W && width % 2 == 1)
            continue;
        else if (strcmp(argv[i], "--largest") == 0)
            largest = true, i--; /* a flag: no value to skip */
        else if (strcmp(argv[i], "--size") == 0 && value &&
                 sscanf(value, "%dx%d", &size_w, &size_h) == 2 && size_w >= 1 && size_h >= 1 &&
                 size_w <= MAX_W && size_h <= MAX_H)
            continue;
        else if (strcmp(argv[i], "--colors") == 0 && value &&
                 sscanf(value, "%d-%d", &lo, &hi) == 2 && lo >= 1 && lo <= hi && hi <= MAX_COLOURS_)
            continue;
        else if (strcmp(argv[i], "--density") == 0 && parse_number(value, 100, &percent) &&
                 percent >= 1)
            continue;
        else {
            usage();
            return EXIT_BAD;
        }
    }
    if (!have_seed || !have_count || !dir) {
        usage();
        return EXIT_BAD;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "sprite_tool: %s: %s\n", dir, strerror(errno));
        return EXIT_BAD;
    }
    size_t path_size = strlen(dir) + 64;
    char *path = malloc(path_size);
    if (!path)
        return EXIT_BAD;
    for (unsigned long long i = 0; i < count; i++) {
        struct image im;
        if (largest) {
            size_w = (int)width - 2 * MARGIN;
            size_h = 2 * (int)width - HEADROOM;
        }
        if (!random_sprite(rng_derive(seed, i), (int)width, size_w, size_h, lo, hi, (int)percent,
                           &im)) {
            fprintf(stderr, "sprite_tool: out of memory\n");
            free(path);
            return EXIT_BAD;
        }
        snprintf(path, path_size, "%s/random-%04llu.png", dir, i);
        bool ok = write_image(path, &im, 0);
        free(im.rgba);
        if (!ok) {
            free(path);
            return EXIT_BAD;
        }
    }
    free(path);
    return EXIT_EQUAL;
}

/* ---------------------------------------------------------------- expect */

static void describe(char *out, size_t size, const unsigned char *p) {
    if (!p || p[3] == 0)
        snprintf(out, size, "empty");
    else if (p[3] == 255)
        snprintf(out, size, "#%02x%02x%02x", p[0], p[1], p[2]);
    else
        snprintf(out, size, "#%02x%02x%02x alpha %d", p[0], p[1], p[2], p[3]);
}

/* The trimmed sprite (its box at left, top, w x h) on the printed field's floor (row r0). */
struct placed {
    const struct image *sprite, *printed;
    int left, top, w, h, r0;
};

/* The columns either side of centred tetris-convert may print a sprite at. */
#define SHIFTS 2

/* The sprite's pixel wanted at a field cell when its column 0 is at c0; NULL: empty. */
static const unsigned char *wanted(const struct placed *p, int c0, int col, int row) {
    int sx = col - c0, sy = row - p->r0;
    if (sx < 0 || sx >= p->w || sy < 0 || sy >= p->h)
        return NULL;
    const unsigned char *want = pixel(p->sprite, p->left + sx, p->top + sy);
    return want[3] == 255 ? want : NULL;
}

/* Whether the printed field differs from the sprite with its column 0 at c0; the first cell
 * that does, reading rows from the top, into *col, *row. */
static bool first_difference(const struct placed *p, int c0, int *col, int *row) {
    for (int r = 0; r < p->printed->height; r++)
        for (int c = 0; c < p->printed->width; c++) {
            const unsigned char *want = wanted(p, c0, c, r), *got = pixel(p->printed, c, r);
            if (want ? got[3] == 255 && memcmp(want, got, 3) == 0 : got[3] == 0)
                continue;
            *col = c;
            *row = r;
            return true;
        }
    return false;
}

static int cmd_expect(const char *sprite_path, const char *printed_path, int shifts) {
    struct image sprite, printed;
    if (!load_png(sprite_path, &sprite))
        return EXIT_BAD;
    if (!load_png(printed_path, &printed)) {
        stbi_image_free(sprite.rgba);
        return EXIT_BAD;
    }
    int status = EXIT_BAD;
    int field_w = printed.width, field_h = printed.height;
    if (field_w < MIN_W || field_w > MAX_W || field_w % 2 == 0 || field_h > MAX_H) {
        fprintf(stderr, "sprite_tool: %s: %dx%d pixels, not a field (odd width %d..%d)\n",
                printed_path, field_w, field_h, MIN_W, MAX_W);
        goto done;
    }
    /* Trim: the bounding box of the opaque (alpha 255) pixels. */
    int left = INT_MAX, right = -1, top = INT_MAX, bottom = -1;
    for (int y = 0; y < sprite.height; y++)
        for (int x = 0; x < sprite.width; x++)
            if (pixel(&sprite, x, y)[3] == 255) {
                left = x < left ? x : left;
                right = x > right ? x : right;
                top = y < top ? y : top;
                bottom = y > bottom ? y : bottom;
            }
    int w = right < 0 ? 0 : right - left + 1, h = bottom < 0 ? 0 : bottom - top + 1;
    if (w > field_w - 2 * MARGIN || h > field_h - HEADROOM) {
        fprintf(stderr, "sprite_tool: %s: trimmed sprite is %dx%d, larger than %dx%d\n",
                sprite_path, w, h, field_w - 2 * MARGIN, field_h - HEADROOM);
        goto done;
    }
    int c0 = MARGIN + (field_w - 2 * MARGIN - w) / 2, r0 = field_h - h;
    struct placed placed = {&sprite, &printed, left, top, w, h, r0};
    for (int shift = -shifts; shift <= shifts; shift++) {
        int c = c0 + shift, col, row;
        if (c >= MARGIN && c + w <= field_w - MARGIN && !first_difference(&placed, c, &col, &row)) {
            status = EXIT_EQUAL;
            goto done;
        }
    }
    int col, row;
    first_difference(&placed, c0, &col, &row);
    int sx = col - c0, sy = row - r0;
    bool inside = sx >= 0 && sx < w && sy >= 0 && sy < h;
    char want_text[40], got_text[40];
    describe(want_text, sizeof want_text, wanted(&placed, c0, col, row));
    describe(got_text, sizeof got_text, pixel(&printed, col, row));
    if (inside)
        fprintf(stderr,
                "sprite_tool: %s: sprite pixel x=%d,y=%d (playfield column %d, row %d): "
                "expected %s, found %s\n",
                printed_path, sx, sy, col, row, want_text, got_text);
    else
        fprintf(stderr,
                "sprite_tool: %s: playfield column %d, row %d (outside the %dx%d "
                "sprite): expected empty, found %s\n",
                printed_path, col, row, w, h, got_text);
    status = EXIT_DIFFERENT;
done:
    stbi_image_free(sprite.rgba);
    stbi_image_free(printed.rgba);
    return status;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "art") == 0)
        return cmd_art(argv[2], argv[3]);
    if (argc >= 2 && strcmp(argv[1], "random") == 0)
        return cmd_random(argc - 2, argv + 2);
    if (argc == 4 && strcmp(argv[1], "expect") == 0)
        return cmd_expect(argv[2], argv[3], SHIFTS);
    if (argc == 5 && strcmp(argv[1], "expect") == 0 && strcmp(argv[2], "--center") == 0)
        return cmd_expect(argv[3], argv[4], 0);
    usage();
    return EXIT_BAD;
}
