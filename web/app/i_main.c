/* i_main.c - deckscope-view: entry point and main loop.
 *
 *   deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]
 *
 * Natively it opens a window and runs until closed (Esc/q) or, with
 * --frames N, for exactly N frames; --screenshot saves the last frame as PNG
 * and makes the exit status 3 when that frame is blank. In the browser the
 * loop is emscripten_set_main_loop (requestAnimationFrame) and the page
 * drives size, theme, pause and game through i_host.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

static void usage(void) {
    fputs("usage: deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]\n", stderr);
}

static int parse_args(ds_app *app, int argc, char **argv, int *w, int *h) {
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--frames") && i + 1 < argc) {
            char *end;
            app->max_frames = strtol(argv[++i], &end, 10);
            if (*end || app->max_frames < 1) return -1;
        } else if (!strcmp(a, "--screenshot") && i + 1 < argc) {
            app->screenshot = argv[++i];
        } else if (!strcmp(a, "--size") && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", w, h) != 2 || *w < 64 || *h < 64) return -1;
        } else if (!strcmp(a, "--light")) {
            app->host.dark = 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            exit(0);
        } else {
            return -1;
        }
    }
    return 0;
}

static void frame(void *arg) {
    ds_app *app = arg;
    double now = i_timer_now(), dt = now - app->last;
    ds_frame f;

    app->last = now;
    if (dt > 0.25) dt = 0.25; /* a hidden tab or a debugger stop */
    if (dt < 0) dt = 0;

    i_input_poll(app);
    i_host_poll(app);
    i_video_sync(app);
    if (app->host.dark != app->theme.dark) app->theme = ds_theme_make(app->host.dark);
    if (text_set_scale(&app->text, app->renderer, app->scale) != 0) {
        i_host_error(SDL_GetError());
        app->running = 0;
        app->exit_code = 1;
    }
    if (!app->paused && !app->host.paused) app->t += dt; else dt = 0;

    if (app->running) {
        f.r = app->renderer;
        f.text = &app->text;
        f.w = (float)app->pix_w;
        f.h = (float)app->pix_h;
        f.scale = app->scale;
        f.t = app->t;
        f.dt = dt;
        f.frame = app->frame;
        f.theme = &app->theme;
        f.game = app->host.game;
        f.view = NULL; /* set by the viewer once view.c lands */
        app->scene->draw(app->scene_state, &f);
        if (app->screenshot && app->max_frames && app->frame + 1 == app->max_frames) {
            int rc = i_video_screenshot(app, app->screenshot);
            if (rc != 0) {
                fprintf(stderr, "deckscope-view: %s\n",
                        rc == 3 ? "the last frame is blank" : "cannot save the screenshot");
                app->exit_code = rc == 3 ? 3 : 1;
            }
        }
        SDL_RenderPresent(app->renderer);
        app->frame++;
        i_host_frame_drawn(app);
        if (app->max_frames && app->frame >= app->max_frames) app->running = 0;
    }
#ifdef __EMSCRIPTEN__
    if (!app->running) emscripten_cancel_main_loop();
#endif
}

static void shutdown_app(ds_app *app) {
    if (app->scene_state) app->scene->destroy(app->scene_state);
    text_free(&app->text);
    i_video_shutdown(app);
    SDL_Quit();
}

int main(int argc, char **argv) {
    ds_app *app = calloc(1, sizeof *app);
    int w = 960, h = 540;
    if (!app) return 1;
    app->host.dark = 1;
    app->host.game = -1;
    if (parse_args(app, argc, argv, &w, &h) != 0) {
        usage();
        free(app);
        return 2;
    }
#ifdef __EMSCRIPTEN__
    /* Keyboard events only when the canvas has focus, so SDL does not
     * swallow the page's keys (form controls, tab navigation). */
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 || i_video_init(app, w, h) != 0) {
        i_host_error(SDL_GetError());
        shutdown_app(app);
        free(app);
        return 1;
    }
    i_host_poll(app);
    i_video_sync(app);
    app->theme = ds_theme_make(app->host.dark);
    app->scene = &ds_scene_placeholder;
    app->scene_state = app->scene->create();
    if (!app->scene_state || text_init(&app->text, app->renderer, app->scale) != 0) {
        i_host_error(app->scene_state ? SDL_GetError() : "out of memory");
        shutdown_app(app);
        free(app);
        return 1;
    }
    app->running = 1;
    app->last = i_timer_now();
#ifdef __EMSCRIPTEN__
    /* requestAnimationFrame; never returns (the app lives as long as the page). */
    emscripten_set_main_loop_arg(frame, app, 0, 1);
    return 0;
#else
    {
        int rc;
        while (app->running) {
            double start = i_timer_now();
            frame(app);
            /* Without vsync (Xvfb, some drivers) cap at about 60 frames per second. */
            if (app->running) {
                double spent = i_timer_now() - start;
                if (spent < 1.0 / 60) SDL_Delay((Uint32)((1.0 / 60 - spent) * 1000));
            }
        }
        rc = app->exit_code;
        shutdown_app(app);
        free(app);
        return rc;
    }
#endif
}
