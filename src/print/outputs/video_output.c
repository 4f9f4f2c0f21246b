#define _GNU_SOURCE /* pipe2 */
#include "video_output.h"

#include "atomic_output.h"
#include "cli.h"
#include "exit_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define VIDEO_ENCODER "ffmpeg"

struct video_output {
    const char *path;
    pid_t pid;  /* ffmpeg, 0 when not running */
    FILE *pipe; /* its standard input */
    FILE *log;  /* its standard error, for the reason of a failure */
    struct atomic_output out;
    int width, height; /* even, as the encoders need: the raster padded with background */
    const struct palette *palette;
    uint8_t *rgb; /* one frame */
    long hold_frames;
    struct sigaction saved_sigpipe;
    char reason[256]; /* why the last call failed */
};

/* Whether ffmpeg is an executable file in a directory of PATH. */
static bool encoder_found(void) {
    const char *path = getenv("PATH");
    if (!path || !*path)
        return false;
    size_t length = strlen(path);
    char *dir = malloc(length + sizeof VIDEO_ENCODER + 2);
    if (!dir)
        return false;
    bool found = false;
    for (const char *p = path; !found;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        /* an empty entry is the current directory */
        snprintf(dir, length + sizeof VIDEO_ENCODER + 2, "%.*s/%s", (int)(n ? n : 1), n ? p : ".",
                 VIDEO_ENCODER);
        struct stat st;
        found = stat(dir, &st) == 0 && S_ISREG(st.st_mode) && access(dir, X_OK) == 0;
        if (!colon)
            break;
        p = colon + 1;
    }
    free(dir);
    return found;
}

/* The one wording of every failure: the file, and why. */
static bool failed(const struct video_output *v) {
    cli_error("%s: %s", v->path, v->reason);
    return false;
}

static bool fail(struct video_output *v, const char *fmt, const char *detail) {
    snprintf(v->reason, sizeof v->reason, fmt, detail);
    return failed(v);
}

/* Refused before anything is read: a video without ffmpeg, or in a build that starts no
 * process (TETRIS_NO_VIDEO: the web page's WebAssembly, Makefile's `web`). */
static int usable(const char *path, const char *format) {
#ifdef TETRIS_NO_VIDEO
    cli_error("%s: this build of tetris-print writes no %s (it can't run ffmpeg)", path, format);
    return EXIT_FAILED;
#endif
    if (encoder_found())
        return EXIT_OK;
    cli_error("%s: writing %s needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)",
              path, format);
    return EXIT_FAILED;
}

static int mp4_usable(const char *path) {
    return usable(path, "mp4");
}

static int webm_usable(const char *path) {
    return usable(path, "webm");
}

/* ffmpeg's last line of error output, or why it stopped. */
static void ffmpeg_reason(struct video_output *v, int status) {
    char line[200] = "", last[200] = "";
    if (v->log) {
        rewind(v->log);
        while (fgets(line, sizeof line, v->log))
            if (line[0] != '\n')
                memcpy(last, line, sizeof last);
    }
    last[strcspn(last, "\r\n")] = '\0';
    for (char *c = last; *c; c++) /* one line of printable text */
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    if (WIFSIGNALED(status))
        snprintf(v->reason, sizeof v->reason, "ffmpeg was killed by signal %d", WTERMSIG(status));
    else if (*last)
        snprintf(v->reason, sizeof v->reason, "ffmpeg failed: %s", last);
    else
        snprintf(v->reason, sizeof v->reason, "ffmpeg failed (exit %d)", WEXITSTATUS(status));
}

#ifdef TETRIS_NO_VIDEO
/* A build that starts no process (usable() refuses first): no encoder. */
static pid_t start_encoder(const char *argv[], int in, int out, int log) {
    (void)argv, (void)in, (void)out, (void)log;
    errno = ENOSYS;
    return -1;
}
#else
/* The encoder's side of the fork: its standard input, output (-1: /dev/null) and error,
 * and an end with its parent, however the parent ends (SIGKILL included), so that it never
 * goes on writing a file nobody will put in place. */
static void run_encoder(const char *argv[], int in, int out, int log, pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        _exit(127);
    if (out < 0)
        out = open("/dev/null", O_WRONLY);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(log, 2) < 0)
        _exit(127);
    execvp(VIDEO_ENCODER, (char *const *)argv);
    dprintf(2, "cannot run %s: %s\n", VIDEO_ENCODER, strerror(errno));
    _exit(127);
}

/* Starts the encoder, listed as the writer of the temporary file (atomic_output_writer)
 * before any signal can come: its pid, or -1 with errno set. */
static pid_t start_encoder(const char *argv[], int in, int out, int log) {
    sigset_t all, previous;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &previous);
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        /* The parent's handlers would remove its files: the default until exec. */
        int signals[EXIT_SIGNALS_MAX], count = exit_signals(signals);
        for (int i = 0; i < count; i++) {
            struct sigaction action;
            if (sigaction(signals[i], NULL, &action) == 0 && action.sa_handler != SIG_IGN)
                signal(signals[i], SIG_DFL);
        }
        sigprocmask(SIG_SETMASK, &previous, NULL);
        run_encoder(argv, in, out, log, parent);
    }
    int saved = errno;
    if (pid > 0)
        atomic_output_writer(pid, true);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return pid;
}
#endif

/* Starts ffmpeg for frames of the raster's size. */
static bool video_output_begin(struct video_output *v, const struct output_start *start,
                               bool webm) {
    v->path = start->path;
    v->palette = start->palette;
    int width = start->raster->width, height = start->raster->height;
    v->width = width + (width & 1);
    v->height = height + (height & 1);
    /* The rate is --fps exactly, else 100 / --delay frames a second; so is the hold. */
    int rate_num = start->fps ? start->fps : 100, rate_den = start->fps ? 1 : start->delay;
    v->hold_frames =
        start->fps ? (long)start->hold * start->fps / 100 : (long)start->hold / start->delay;
    v->rgb = malloc((size_t)v->width * (size_t)v->height * 3);
    if (!v->rgb)
        return fail(v, "%s", strerror(ENOMEM));
    if (!atomic_output_open(&v->out, v->path))
        return fail(v, "%s", strerror(errno));
    v->log = tmpfile();
    if (!v->log)
        return fail(v, "cannot keep ffmpeg's messages: %s", strerror(errno));
    char size[32], rate[32];
    snprintf(size, sizeof size, "%dx%d", v->width, v->height);
    snprintf(rate, sizeof rate, "%d/%d", rate_num, rate_den);
    /* A temporary file is written by name (MP4 then moves its index to the front); standard
     * output gets a fragmented MP4, which needs no seeking. */
    bool to_file = v->out.temporary_path != NULL;
    const char *target = to_file ? v->out.temporary_path : "pipe:1";
    const char *mp4_flags = to_file ? "+faststart" : "frag_keyframe+empty_moov";
    const char *argv[48] = {VIDEO_ENCODER, "-hide_banner", "-loglevel", "error", "-nostdin",
                            "-f",          "rawvideo",     "-pix_fmt",  "rgb24", "-s",
                            size,          "-framerate",   rate,        "-i",    "pipe:0"};
    int n = 15;
    static const char *const h264[] = {"-c:v",      "libx264", "-preset",  "veryfast", "-tune",
                                       "animation", "-crf",    "18",       "-pix_fmt", "yuv420p",
                                       "-f",        "mp4",     "-movflags"};
    static const char *const vp9[] = {
        "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8",       "-row-mt", "1",
        "-crf", "30",         "-b:v",      "0",        "-pix_fmt",  "yuv420p", "-f",      "webm"};
    if (webm) {
        for (size_t i = 0; i < sizeof vp9 / sizeof vp9[0]; i++)
            argv[n++] = vp9[i];
    } else {
        for (size_t i = 0; i < sizeof h264 / sizeof h264[0]; i++)
            argv[n++] = h264[i];
        argv[n++] = mp4_flags;
    }
    argv[n++] = "-y";
    argv[n++] = target;
    argv[n] = NULL;

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return fail(v, "%s", strerror(errno));
    v->pid = start_encoder(argv, fds[0], to_file ? -1 : fileno(v->out.file), fileno(v->log));
    int error = errno;
    close(fds[0]);
    if (v->pid < 0) {
        close(fds[1]);
        v->pid = 0;
        return fail(v, "cannot start ffmpeg: %s", strerror(error));
    }
    /* ffmpeg stopping early is reported with its reason, not by SIGPIPE. */
    struct sigaction ignore = {.sa_handler = SIG_IGN};
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &v->saved_sigpipe);
    v->pipe = fdopen(fds[1], "wb");
    if (!v->pipe) {
        close(fds[1]);
        return fail(v, "%s", strerror(errno));
    }
    return true;
}

static bool mp4_begin(void *self, const struct output_start *start) {
    return video_output_begin(self, start, false);
}

static bool webm_begin(void *self, const struct output_start *start) {
    return video_output_begin(self, start, true);
}

static bool finish(struct video_output *v, int *status) {
    bool written = v->pipe && fclose(v->pipe) == 0;
    v->pipe = NULL;
    while (waitpid(v->pid, status, 0) < 0 && errno == EINTR)
        continue;
    atomic_output_writer(v->pid, false);
    v->pid = 0;
    sigaction(SIGPIPE, &v->saved_sigpipe, NULL);
    return written && WIFEXITED(*status) && WEXITSTATUS(*status) == 0;
}

static bool video_output_frame(void *self, const struct output_frame *frame) {
    struct video_output *v = self;
    const struct raster *r = frame->raster;
    uint8_t *out = v->rgb;
    const uint8_t *background = v->palette->rgba[PALETTE_BACKGROUND];
    for (int y = 0; y < v->height; y++)
        for (int x = 0; x < v->width; x++) {
            const uint8_t *c =
                x < r->width && y < r->height
                    ? v->palette->rgba[r->pixels[(size_t)y * (size_t)r->width + (size_t)x]]
                    : background;
            *out++ = c[0];
            *out++ = c[1];
            *out++ = c[2];
        }
    size_t size = (size_t)v->width * (size_t)v->height * 3;
    if (fwrite(v->rgb, 1, size, v->pipe) == size)
        return true;
    int status = 0;
    finish(v, &status);
    ffmpeg_reason(v, status);
    return failed(v);
}

/* Frees what ffmpeg's messages and the frame took. */
static void release(struct video_output *v) {
    if (v->log)
        fclose(v->log);
    free(v->rgb);
    v->log = NULL;
    v->rgb = NULL;
}

/* Repeats the last frame for the hold, lets ffmpeg finish and puts the file in place. */
static bool video_output_end(void *self, const struct output_frame *last) {
    (void)last; /* the last frame has been given */
    struct video_output *v = self;
    size_t size = (size_t)v->width * (size_t)v->height * 3;
    for (long i = 0; i < v->hold_frames; i++)
        if (fwrite(v->rgb, 1, size, v->pipe) != size)
            break;
    int status = 0;
    if (!finish(v, &status)) {
        ffmpeg_reason(v, status);
        return failed(v);
    }
    if (!atomic_output_commit(&v->out))
        return fail(v, "%s", strerror(errno));
    release(v);
    return true;
}

/* Stops ffmpeg if it runs and removes the temporary file. */
static void video_output_abort(void *self) {
    struct video_output *v = self;
    if (v->pid > 0) {
        kill(v->pid, SIGTERM);
        int status;
        finish(v, &status);
    }
    if (v->out.file || v->out.temporary_path)
        atomic_output_abort(&v->out);
    release(v);
}

const struct output_ops VIDEO_MP4_OUTPUT = {
    .animation = true,
    .size = sizeof(struct video_output),
    .draws_frames = true,
    .usable = mp4_usable,
    .begin = mp4_begin,
    .frame = video_output_frame,
    .end = video_output_end,
    .abort = video_output_abort,
};

const struct output_ops VIDEO_WEBM_OUTPUT = {
    .animation = true,
    .size = sizeof(struct video_output),
    .draws_frames = true,
    .usable = webm_usable,
    .begin = webm_begin,
    .frame = video_output_frame,
    .end = video_output_end,
    .abort = video_output_abort,
};
