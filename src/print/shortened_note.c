#include "shortened_note.h"

#include "cli.h"

#include <stdio.h>

void length_text(long centiseconds, char *out, size_t size) {
    long seconds = (centiseconds + 50) / 100;
    if (seconds >= 3600)
        snprintf(out, size, "%ld h %ld min", seconds / 3600, seconds % 3600 / 60);
    else if (seconds >= 120)
        snprintf(out, size, "%ld min %ld s", seconds / 60, seconds % 60);
    else if (centiseconds % 100 == 0 || centiseconds >= 6000)
        snprintf(out, size, "%ld s", seconds);
    else
        snprintf(out, size, "%.1f s", (double)centiseconds / 100);
}

void shortened_note(const struct frame_choice *c, const struct output_entry *animation) {
    const struct frame_choice_spec *s = &c->spec;
    char would[32], lasts[32];
    /* the play at the pace it was asked for, every frame shown */
    long full = (long)(s->fps ? c->play_frames * 100 / s->fps : c->play_frames * s->delay);
    length_text(full, would, sizeof would);
    length_text(frame_choice_length(c, c->count), lasts, sizeof lasts);
    double rate = s->fps ? s->fps : 100.0 / s->delay;
    const char *what = s->motion ? "frames" : "pieces";
    const char *name = animation->path ? animation->path : "--play";
    if (animation->ops->frame)
        cli_error("%s: %lld %s at %.3g a second would last %s; shortened to %s: %ld frames "
                  "spread evenly over the play (--every 1 keeps them all, --duration SECONDS "
                  "sets the length)",
                  name, (long long)c->play_frames, what, rate, would, lasts, c->count);
    else
        cli_error("%s: %lld %s at %.3g a second would last %s; the page plays them in %s "
                  "(--every 1 keeps that pace, --duration SECONDS sets the length)",
                  name, (long long)c->play_frames, what, rate, would, lasts);
}
