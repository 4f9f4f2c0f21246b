#include "frames_dir.h"

#include "cli.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FRAME_PREFIX "frame-"
#define FRAME_SUFFIX ".png"

int frames_dir_digits(long count) {
    int digits = 1;
    for (long n = count; n >= 10; n /= 10)
        digits++;
    return digits < FRAMES_DIR_MIN_DIGITS ? FRAMES_DIR_MIN_DIGITS : digits;
}

size_t frames_dir_path_size(const char *dir) {
    return strlen(dir) + sizeof "/" FRAME_PREFIX FRAME_SUFFIX + 20; /* 20: a long's digits */
}

void frames_dir_path(char *path, size_t size, const char *dir, long number, int digits) {
    snprintf(path, size, "%s/" FRAME_PREFIX "%0*ld" FRAME_SUFFIX, dir, digits, number);
}

/* Whether a file name is a frame's, and then which of this run's frames (0 if none). */
static bool frame_number(const char *name, long count, int digits, long *number) {
    size_t prefix = strlen(FRAME_PREFIX), suffix = strlen(FRAME_SUFFIX), n = strlen(name);
    if (n <= prefix + suffix || strncmp(name, FRAME_PREFIX, prefix) != 0 ||
        strcmp(name + n - suffix, FRAME_SUFFIX) != 0)
        return false;
    size_t length = n - prefix - suffix;
    long value = 0;
    for (size_t i = 0; i < length; i++) {
        if (!isdigit((unsigned char)name[prefix + i]))
            return false;
        value = value > count ? value : value * 10 + (name[prefix + i] - '0');
    }
    *number = length == (size_t)digits && value >= 1 && value <= count ? value : 0;
    return true;
}

static bool remove_other_frames(const char *dir, long count, int digits) {
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool ok = true;
    int saved = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        long number;
        if (!frame_number(entry->d_name, count, digits, &number) || number != 0)
            continue;
        size_t size = strlen(dir) + strlen(entry->d_name) + 2;
        char *path = malloc(size);
        if (!path) {
            saved = ENOMEM;
            ok = false;
            break;
        }
        snprintf(path, size, "%s/%s", dir, entry->d_name);
        struct stat st;
        /* a directory or a device that happens to have a frame's name is left alone */
        if (lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) &&
            unlink(path) != 0 && errno != ENOENT) {
            saved = errno;
            ok = false;
        }
        free(path);
    }
    closedir(d);
    errno = saved;
    return ok;
}

bool frames_dir_prepare(const char *dir, long count, int digits) {
    return cli_make_directory(dir) && remove_other_frames(dir, count, digits);
}
