/* i_main.c - deckscope-view: entry point and main loop.
 *
 *   deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]
 *                  [--game ID --input FILE [--step N] [--play] [--speed X]
 *                   [--mode dp] [--query Q] [--seed S] [--anim X]]
 *
 * With --game and --input it loads that game (natively; the page loads games
 * through view_api.c), moves to --step and optionally autoplays. --anim X
 * (0..1) freezes the tween of the step's event at progress X (screenshots of
 * an animation in the middle).
 * Natively it opens a window and runs until closed (Esc/q) or, with
 * --frames N, for exactly N frames; --screenshot saves the last frame as PNG
 * and makes the exit status 3 when that frame is blank. In the browser the
 * loop is emscripten_set_main_loop (requestAnimationFrame) and the page
 * drives size, theme, pause and game through i_host.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "render.h"
#include "view_api.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

static void usage(void) {
    fputs("usage: deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]\n"
          "                      [--game cirno|thegame|mahjong|goudan --input FILE [--step N]\n"
          "                       [--play] [--speed X] [--mode dp] [--query Q] [--seed S]\n"
          "                       [--anim X]]\n", stderr);
}

typedef struct opts {
    const char *game, *input;
    int dp, query;
    double speed, anim; /* anim < 0: not frozen */
    unsigned long long seed;
} opts;

static int parse_args(ds_app *app, opts *o, int argc, char **argv, int *w, int *h) {
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--game") && i + 1 < argc) {
            o->game = argv[++i];
            if (dsv_game_from_id(o->game) < 0) return -1;
        } else if (!strcmp(a, "--input") && i + 1 < argc) {
            o->input = argv[++i];
        } else if (!strcmp(a, "--step") && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 0 || v > 100000000) return -1;
            app->start_step = (int)v;
        } else if (!strcmp(a, "--play")) {
            app->start_play = 1;
        } else if (!strcmp(a, "--speed") && i + 1 < argc) {
            o->speed = atof(argv[++i]);
            if (!(o->speed > 0)) return -1;
        } else if (!strcmp(a, "--mode") && i + 1 < argc) {
            const char *m = argv[++i];
            if (!strcmp(m, "dp")) o->dp = 1;
            else if (strcmp(m, "game")) return -1;
        } else if (!strcmp(a, "--query") && i + 1 < argc) {
            o->query = atoi(argv[++i]) - 1;
            if (o->query < 0) return -1;
        } else if (!strcmp(a, "--anim") && i + 1 < argc) {
            o->anim = atof(argv[++i]);
            if (!(o->anim >= 0 && o->anim <= 1)) return -1;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            o->seed = strtoull(argv[++i], NULL, 10);
        } else if (!strcmp(a, "--frames") && i + 1 < argc) {
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
    /* Pending work (goudan's table) in slices that keep frames flowing. */
    if (app->view.busy) dsv_work(&app->view, 8.0);
    if (!app->freeze_anim) dsv_tick(&app->view, dt);
    if (app_select_scene(app) != 0) {
        i_host_error("out of memory");
        app->running = 0;
        app->exit_code = 1;
    }
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
        f.view = &app->view;
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
        i_host_view_changed(app);
        if (app->max_frames && app->frame >= app->max_frames) app->running = 0;
    }
#ifdef __EMSCRIPTEN__
    if (!app->running) emscripten_cancel_main_loop();
#endif
}

int app_select_scene(ds_app *app) {
    const ds_scene *want = ds_scene_for(&app->view);
    int i;
    if (want == app->scene && app->scene_state) return 0;
    for (i = 0; i < app->nscenes; i++)
        if (app->scene_list[i] == want) break;
    if (i == app->nscenes) {
        void *st;
        if (i == (int)(sizeof app->scene_list / sizeof app->scene_list[0])) return -1;
        st = want->create();
        if (!st) return -1;
        app->scene_list[i] = want;
        app->scene_states[i] = st;
        app->nscenes++;
    }
    app->scene = want;
    app->scene_state = app->scene_states[i];
    return 0;
}

/* Natively: read --input and load --game into the view. 0, or -1 with a
 * message on stderr (parse errors with line and column). */
static int load_native(ds_app *app, const opts *o) {
    FILE *fp;
    char *text = NULL;
    size_t len = 0, cap = 0, got;
    int game, rc;
    if (!o->game && !o->input) return 0;
    if (!o->game || !o->input) {
        fputs("deckscope-view: --game and --input go together\n", stderr);
        return -1;
    }
    game = dsv_game_from_id(o->game);
    fp = fopen(o->input, "rb");
    if (!fp) { perror(o->input); return -1; }
    do {
        if (len + 65536 + 1 > cap) {
            char *t = realloc(text, cap = (len + 65536 + 1) * 2);
            if (!t) { free(text); fclose(fp); return -1; }
            text = t;
        }
        got = fread(text + len, 1, cap - len - 1, fp);
        len += got;
    } while (got > 0);
    fclose(fp);
    text[len] = 0;
    rc = dsv_load(&app->view, game, text, len);
    free(text);
    if (rc != 0) {
        char msg[260];
        ds_error_format(&app->view.error, msg, sizeof msg);
        fprintf(stderr, "deckscope-view: %s: %s\n", o->input, msg);
        return -1;
    }
    while (app->view.busy) dsv_work(&app->view, 50);
    if (game == DSV_GOUDAN && (o->query || o->seed) &&
        dsv_goudan_select(&app->view, (size_t)o->query, o->seed ? o->seed : 1) != 0) {
        fputs("deckscope-view: no such query\n", stderr);
        return -1;
    }
    if (!app->view.loaded) {
        char msg[260];
        ds_error_format(&app->view.error, msg, sizeof msg);
        fprintf(stderr, "deckscope-view: %s\n", msg);
        return -1;
    }
    if (o->speed > 0) dsv_set_speed(&app->view, o->speed);
    app->view.mode = o->dp ? DSV_MODE_DP : DSV_MODE_GAME;
    dsv_seek(&app->view, (size_t)app->start_step, 0);
    if (o->anim >= 0 && app->start_step > 0) {
        /* the event that led to --step, frozen at progress --anim */
        dsv_seek(&app->view, (size_t)app->start_step - 1, 0);
        dsv_seek(&app->view, (size_t)app->start_step, 1);
        app->view.anim = o->anim;
        app->freeze_anim = 1;
    }
    if (app->start_play) dsv_play(&app->view, 1);
    return 0;
}

static void shutdown_app(ds_app *app) {
    int i;
    for (i = 0; i < app->nscenes; i++) app->scene_list[i]->destroy(app->scene_states[i]);
    app->nscenes = 0;
    dsv_free(&app->view);
    text_free(&app->text);
    i_video_shutdown(app);
    SDL_Quit();
}

int main(int argc, char **argv) {
    ds_app *app;
    opts o;
    int w = 960, h = 540;
    /* `deckscope-view --render ...` (deckscope render): no window at all. */
    if (argc > 1 && !strcmp(argv[1], "--render")) return render_main(argc - 1, argv + 1);
    app = calloc(1, sizeof *app);
    if (!app) return 1;
    memset(&o, 0, sizeof o);
    o.anim = -1;
    app->host.dark = 1;
    app->host.game = -1;
    dsv_init(&app->view);
    view_api_attach(&app->view);
    if (parse_args(app, &o, argc, argv, &w, &h) != 0) {
        usage();
        dsv_free(&app->view);
        free(app);
        return 2;
    }
    if (load_native(app, &o) != 0) {
        dsv_free(&app->view);
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
    if (app_select_scene(app) != 0 || text_init(&app->text, app->renderer, app->scale) != 0) {
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
