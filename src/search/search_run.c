#include "search_run.h"

#include "check_library.h"
#include "cli.h"
#include "openmp_setup.h"
#include "pattern_read.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_readable_directory(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode) && access(path, R_OK | X_OK) == 0;
}

/* The output directory, created when missing (with its parents), must be writable. */
static bool prepare_out_dir(const char *path) {
    if (!cli_make_directory(path)) {
        cli_error("%s: %s", path, strerror(errno));
        return false;
    }
    if (access(path, W_OK | X_OK) != 0) {
        cli_error("%s: not a writable directory", path);
        return false;
    }
    return true;
}

int search_run(struct search_options *o) {
    openmp_use_threads(o->threads);
    struct regenerate_request *r = &o->request;
    if (o->check_dir && !is_readable_directory(o->check_dir)) {
        cli_error("%s: not a readable directory", o->check_dir);
        return EXIT_BAD_INPUT;
    }
    if (o->check_dir && !o->width_given)
        r->settings.width = pattern_dir_width(o->check_dir, r->settings.width);
    char error[256];
    if (!search_options_settle(o, error, sizeof error)) {
        cli_error("%s", error);
        return EXIT_BAD_INPUT;
    }
    if (o->check_dir)
        return check_library(o->check_dir, r->emitter_sets, r->platforms, r->fallback,
                             &r->settings);
    if (!prepare_out_dir(r->out_dir))
        return EXIT_BAD_INPUT;
    return regenerate(r);
}
