/* cmd_render.c - `deckscope render <game> ... -o out.gif|out.png < input`.
 *
 * The drawing lives in the front end (the scenes, SDL's software renderer),
 * which the engine-only CLI does not link; so this command runs the
 * front end's offscreen renderer: `deckscope-view --render ...` from the
 * same directory as this program (or $DECKSCOPE_VIEW), with stdin and
 * stdout passed through and SDL_VIDEODRIVER=dummy, so no display is needed.
 * Options and exit status: web/app/export/render_main.c, docs/exports.md. */
#if !defined(__EMSCRIPTEN__) && defined(__unix__)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#if !defined(__EMSCRIPTEN__) && defined(__unix__)
#include <errno.h>
#include <unistd.h>

int cmd_render(int argc, char **argv) {
    char self[4096], path[4200];
    const char *env = getenv("DECKSCOPE_VIEW");
    char **args;
    int i;
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
    } else {
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        char *slash;
        if (n <= 0) return cli_usage_error("render", "cannot find this program's directory (set DECKSCOPE_VIEW)");
        self[n] = 0;
        slash = strrchr(self, '/');
        if (slash) slash[1] = 0;
        else self[0] = 0;
        snprintf(path, sizeof path, "%sdeckscope-view", self);
    }
    args = calloc((size_t)argc + 2, sizeof *args);
    if (!args) return cli_usage_error("render", "out of memory");
    args[0] = path;
    args[1] = "--render";
    for (i = 1; i < argc; i++) args[i + 1] = argv[i];
    args[argc + 1] = NULL;
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    fflush(stdout);
    execv(path, args);
    fprintf(stderr, "deckscope render: cannot run %s: %s\n"
                    "(the front end deckscope-view is built beside deckscope when SDL2 is found)\n",
            path, strerror(errno));
    free(args);
    return 2;
}
#else
int cmd_render(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return cli_usage_error("render", "needs the native build (it runs deckscope-view --render)");
}
#endif
