/* The page's WebAssembly: tetris-convert and tetris-print in one module, a multi-call
 * program that runs the tool argv[0] names. Their mains are the command line's, compiled
 * under other names (Makefile: -Dmain=tetris_TOOL_main); web/page/worker.js runs each tool
 * in a fresh instance, as a process. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int tetris_convert_main(int argc, char *argv[]);
int tetris_print_main(int argc, char *argv[]);

int main(int argc, char *argv[]) {
    /* Emscripten starts with a umask of 0777, which would leave the files the tools write
     * unreadable: a shell's usual one instead. */
    umask(022);
    const char *slash = argc > 0 ? strrchr(argv[0], '/') : NULL;
    const char *name = slash ? slash + 1 : argc > 0 ? argv[0] : "";
    if (strcmp(name, "tetris-convert") == 0)
        return tetris_convert_main(argc, argv);
    if (strcmp(name, "tetris-print") == 0)
        return tetris_print_main(argc, argv);
    fprintf(stderr, "tetris-web: '%s' is not tetris-convert or tetris-print\n", name);
    return 2;
}
