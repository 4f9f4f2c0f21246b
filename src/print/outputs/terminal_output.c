#define _DEFAULT_SOURCE /* TIOCGWINSZ */
#include "terminal_output.h"

#include "cli.h"
#include "exit_signals.h"
#include "progress.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define HIDE_CURSOR "\x1b[?25l"
#define RESTORE "\x1b[0m\x1b[?25h" /* default colours, cursor shown */
#define UPPER_HALF "\xe2\x96\x80"  /* U+2580 */
#define WELL_CELL (-1)             /* a wall or floor cell, among the looks */

static struct sigaction previous[NSIG]; /* by signal number */
static volatile sig_atomic_t playing;

struct terminal_output {
    FILE *out;
    const struct palette *palette;
    int columns, rows; /* the field */
    int first_row; /* the first field row shown: the crop, or lower when the terminal is short */
    int lines;     /* text lines of a frame, the counters included */
    int delay;     /* centiseconds from one frame to the next */
    double next;   /* when the next frame is due (progress_now's clock); 0 before the first */
    bool drawn;    /* a frame is on the screen: the next one goes over it */
    bool began;    /* the cursor is hidden and the signals caught: to restore */
    char *text;    /* one frame's bytes */
    size_t capacity;
};

/* The one wording of every failure. */
static bool failed(void) {
    cli_error("standard output: %s", strerror(errno ? errno : EIO));
    return false;
}

/* Restores the terminal, then lets the signal do what it did before --play. */
static void on_signal(int signal_number) {
    if (playing) {
        static const char restore[] = RESTORE "\n";
        ssize_t ignored = write(STDOUT_FILENO, restore, sizeof restore - 1);
        (void)ignored;
        playing = 0;
    }
    sigaction(signal_number, &previous[signal_number], NULL);
    raise(signal_number);
}

/* Every signal that ends the program (exit_signals.h) restores the terminal first. */
static void catch_signals(bool on) {
    int signals[EXIT_SIGNALS_MAX], count = exit_signals(signals);
    for (int i = 0; i < count; i++) {
        int s = signals[i];
        if (!on) {
            sigaction(s, &previous[s], NULL);
            continue;
        }
        struct sigaction action = {.sa_handler = on_signal};
        sigemptyset(&action.sa_mask);
        sigaction(s, NULL, &previous[s]);
        if (previous[s].sa_handler != SIG_IGN) /* e.g. nohup */
            sigaction(s, &action, NULL);
    }
}

/* Refused before anything is read: --play without a terminal. */
static int terminal_output_usable(const char *path) {
    (void)path; /* standard output */
    if (isatty(STDOUT_FILENO) == 1)
        return EXIT_OK;
    cli_error("--play: standard output is not a terminal (write -o FILE.gif or .html instead)");
    return EXIT_BAD_INPUT;
}

static bool terminal_output_begin(void *self, const struct output_start *start) {
    struct terminal_output *t = self;
    FILE *out = t->out = stdout;
    t->palette = start->palette;
    int columns = t->columns = start->columns;
    int rows = t->rows = start->rows;
    int top_row = start->top_row;
    t->delay = start->delay;
    /* Half rows: the field's and the floor's, in lines of two; then the counters. */
    struct winsize size;
    bool known = ioctl(fileno(out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0;
    if (known && size.ws_col < columns + 2) {
        cli_error("--play: the %d-wide field needs %d columns, the terminal has %d (widen it, "
                  "or write -o FILE.html)",
                  columns, columns + 2, size.ws_col);
        return false;
    }
    int available = known && size.ws_row > 2 ? size.ws_row - 2 : rows;
    t->first_row = top_row;
    int half_rows = rows + 1 - top_row;
    if ((half_rows + 1) / 2 > available) {
        t->first_row = rows + 1 - 2 * available;
        cli_error("--play: the terminal's %d lines show the lowest %d of the %d rows that "
                  "change (a taller terminal shows them all)",
                  size.ws_row, rows - t->first_row, rows - top_row);
    }
    t->lines = (rows + 1 - t->first_row + 1) / 2 + 1;
    /* at most: colours for both halves (2 x 19 bytes) and the glyph, per character */
    t->capacity = (size_t)t->lines * ((size_t)(columns + 2) * 48 + 32) + 256;
    t->text = malloc(t->capacity);
    if (!t->text) {
        errno = ENOMEM;
        return failed();
    }
    playing = 1;
    catch_signals(true);
    t->began = true;
    fputs(HIDE_CURSOR, out);
    return fflush(out) == 0 || failed();
}

/* The colour of a half cell: a look, WELL_CELL, or -2 for nothing (above the field). */
static int look_at(const struct terminal_output *t, const struct scene *s, int x, int row) {
    if (row < 0)
        return -2;
    if (row == t->rows || x < 0 || x >= t->columns)
        return WELL_CELL;
    return (int)scene_look(s, x, row);
}

static char *put_colour(char *p, bool foreground, const struct terminal_output *t, int look) {
    if (look == -2 || (look == 0 && t->palette->rgba[PALETTE_BACKGROUND][3] == 0))
        return p + sprintf(p, foreground ? "\x1b[39m" : "\x1b[49m");
    int index = look == WELL_CELL ? PALETTE_WELL : look;
    const uint8_t *c = t->palette->rgba[index];
    return p + sprintf(p, "\x1b[%d;2;%d;%d;%dm", foreground ? 38 : 48, c[0], c[1], c[2]);
}

static bool terminal_output_frame(void *self, const struct output_frame *frame) {
    struct terminal_output *t = self;
    const struct scene *scene = frame->scene;
    char *p = t->text;
    if (t->drawn)
        p += sprintf(p, "\r\x1b[%dA", t->lines - 1);
    /* an odd number of half rows starts with an empty upper half */
    int half_rows = t->rows + 1 - t->first_row;
    int row = t->first_row - (half_rows & 1);
    for (; row <= t->rows; row += 2) {
        int upper_was = -3, lower_was = -3;
        for (int x = -1; x <= t->columns; x++) {
            int upper = look_at(t, scene, x, row), lower = look_at(t, scene, x, row + 1);
            if (upper != upper_was)
                p = put_colour(p, true, t, upper);
            if (lower != lower_was)
                p = put_colour(p, false, t, lower);
            upper_was = upper;
            lower_was = lower;
            p += sprintf(p, "%s", UPPER_HALF);
        }
        p += sprintf(p, "\x1b[0m\n");
    }
    p += sprintf(p, "\x1b[2Kpiece %ld/%ld  lines %ld", scene->pieces_locked, scene->piece_total,
                 scene->rows_cleared);
    t->drawn = true;
    if (fwrite(t->text, 1, (size_t)(p - t->text), t->out) != (size_t)(p - t->text) ||
        fflush(t->out) != 0)
        return failed();
    /* Paced by the clock, not by sleeps alone: a terminal slow to draw a large frame
     * still plays in the play's length (--duration). */
    double now = progress_now();
    t->next = (t->next ? t->next : now) + t->delay / 100.0;
    double wait = t->next - now;
    if (wait < -1) /* far behind (the terminal was stopped): start again from now */
        t->next = now;
    if (wait > 0) {
        struct timespec pause = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
        while (nanosleep(&pause, &pause) != 0 && errno == EINTR)
            continue;
    }
    return true;
}

/* Leaves the last frame on the screen and restores the terminal. */
static bool restore(struct terminal_output *t) {
    bool ok = true;
    if (t->began) {
        fputs(RESTORE "\n", t->out);
        ok = fflush(t->out) == 0;
        playing = 0;
        catch_signals(false);
        t->began = false;
    }
    free(t->text);
    t->text = NULL;
    return ok;
}

static bool terminal_output_end(void *self, const struct output_frame *last) {
    (void)last; /* the last frame is on the screen */
    return restore(self) || failed();
}

static void terminal_output_abort(void *self) {
    restore(self);
}

const struct output_ops TERMINAL_OUTPUT = {
    .animation = true,
    .size = sizeof(struct terminal_output),
    .usable = terminal_output_usable,
    .begin = terminal_output_begin,
    .frame = terminal_output_frame,
    .end = terminal_output_end,
    .abort = terminal_output_abort,
};
