/* i_main.c - deckscope-view: entry point and main loop.
 *
 *   deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]
 *                  [--game ID --input FILE [--step N] [--play] [--speed X]
 *                   [--mode dp] [--query Q] [--seed S] [--anim X]] [--lang L]
 *                  [--reset-gpu N]
 *
 * With --game and --input it loads that game (natively; the page loads games
 * through view_api.c), moves to --step and optionally autoplays. --anim X
 * (0..1) freezes the tween of the step's event at progress X (screenshots of
 * an animation in the middle).
 * Natively it opens a window and runs until closed (Esc/q) or, with
 * --frames N, for exactly N frames; --screenshot saves the last frame as PNG
 * and makes the exit status 3 when that frame is blank. In the browser the
 * loop is emscripten_set_main_loop (requestAnimationFrame) and the page
 * drives size, theme, pause and game through i_host.c.
 * The arguments are parsed by cli/ds_args.h, the parser of the deckscope CLI
 * (linked in): a bad one gives one line "deckscope-view: ... (see
 * deckscope-view --help)" on stderr and exit status 2. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/app.h"
#include "ds_args.h"
#include "export/render.h"
#include "scenes/strings.h"
#include "api/view_api.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#define CMD "deckscope-view"

/* "|cirno|thegame|...": every game of ds_games.h (usage_text's %s, from the 2nd char) */
#define GAME_ALT_(NAME, id) "|" #id
static const char game_ids[] = DS_GAMES(GAME_ALT_);
#undef GAME_ALT_

static const char usage_text[] =
    "usage: deckscope-view [--frames N] [--screenshot out.png] [--size WxH] [--light]\n"
    "                      [--game %s --input FILE [--step N]\n"
    "                       [--play] [--speed X] [--mode game|dp] [--query Q] [--seed S]\n"
    "                       [--anim X]] [--lang en|zh] [--reset-gpu N]\n"
    "       deckscope-view --render <game> ...   (deckscope render --help)\n"
    "  --frames N       draw N frames, then exit (default: until closed, Esc or q)\n"
    "  --screenshot F   save the last frame as PNG (exit status 3 if it is blank)\n"
    "  --size WxH       window size, 64..16384 (default 960x540)\n"
    "  --light          light theme (default dark)\n"
    "  --game G --input FILE  load that game's input\n"
    "  --step N         start at step N\n"
    "  --play           autoplay;  --speed X: its speed factor (clamped to 0.25..8)\n"
    "  --mode dp        the DP view (mahjong, goudan)\n"
    "  --query Q --seed S  goudan: the query played out, and its chance seed\n"
    "  --anim X         freeze the tween into step N at progress X (0..1)\n"
    "  --lang en|zh     the language of the words on the canvas (default en)\n"
    "  --reset-gpu N    before frame N, act on a GPU device reset: make the window,\n"
    "                   renderer and glyph atlas again (a test of that path)\n"
    "  -h, --help       this text\n";

typedef struct opts {
    const char *game, *input;
    int dp, query;
    double speed, anim; /* anim < 0: not frozen */
    unsigned long long seed;
} opts;

/* DS_ARGS_RUN, or the exit status (0 after --help, 2 after a message). */
static int parse_args(ds_app *app, opts *o, int argc, char **argv, int *w, int *h) {
    const char *mode = NULL, *lang = NULL;
    int rc, size[2] = {*w, *h}, step = 0, frames = 0, query = 0;
    uint64_t seed = 0;
    ds_opt table[] = {
        DS_ARG_INT("frames", &frames, 1, INT_MAX, NULL),
        DS_ARG_STR("screenshot", 0, &app->screenshot),
        DS_ARG_SIZE("size", size, 64, 16384),
        DS_ARG_FLAG_OFF("light", &app->host.dark),
        DS_ARG_STR("game", 0, &o->game),
        DS_ARG_STR("input", 0, &o->input),
        DS_ARG_INT("step", &step, 0, 100000000, NULL),
        DS_ARG_FLAG("play", &app->start_play),
        DS_ARG_NUM("speed", &o->speed, 1e-9, 1e9, "a positive number"),
        DS_ARG_STR("mode", 0, &mode),
        DS_ARG_INT("query", &query, 1, INT_MAX, NULL),
        DS_ARG_NUM("anim", &o->anim, 0, 1, NULL),
        DS_ARG_U64("seed", &seed),
        DS_ARG_STR("lang", 0, &lang),
        DS_ARG_INT("reset-gpu", &app->reset_gpu_at, 1, INT_MAX, NULL),
        DS_ARG_END};
    char usage[sizeof usage_text + sizeof game_ids];
    ds_args args = {.cmd = CMD, .usage = usage, .opts = table, .max_operands = 0};
    snprintf(usage, sizeof usage, usage_text, game_ids + 1);
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (o->game && dsv_game_from_id(o->game) < 0) {
        char words[64];
        return ds_args_fail(CMD, "unknown game '%.60s' (%s)", o->game, ds_game_words(words, sizeof words));
    }
    if (!o->game != !o->input) return ds_args_fail(CMD, "--game and --input go together");
    if (lang && ui_lang_from_name(lang) < 0)
        return ds_args_fail(CMD, "--lang must be en or zh, found '%.60s'", lang);
    if (lang) app->view.lang = ui_lang_from_name(lang);
    if (mode && !strcmp(mode, "dp")) o->dp = 1;
    else if (mode && strcmp(mode, "game"))
        return ds_args_fail(CMD, "--mode must be game or dp, found '%.60s'", mode);
    *w = size[0];
    *h = size[1];
    app->start_step = step;
    if (frames) app->max_frames = frames;
    o->query = query > 0 ? query - 1 : 0; /* 0-based */
    o->seed = seed;
    return DS_ARGS_RUN;
}

/* One turn of the main loop (requestAnimationFrame in the browser): input,
 * the page's requests, the model's update steps, then a frame drawn only
 * when the picture can differ from the last one drawn (issue 25; view.h):
 * the view was touched (an API call, an input event, the page asking), the
 * host changed the size, pixel ratio or theme, the GPU context came back,
 * or the view moves by itself (dsv_animating, before or after this turn's
 * update: a tween that ends now is drawn at its end; the placeholder's
 * hopping card while it runs). Natively with --frames N every turn draws. */
static void frame(void *arg) {
    ds_app *app = arg;
    double now = i_timer_now(), dt = now - app->last;
    ds_frame f;
    ds_host host_was = app->host;
    int pix_was[4] = {app->pix_w, app->pix_h, app->win_w, app->win_h};
    float scale_was = app->scale;
    int moving = dsv_animating(&app->view), draw;

    app->last = now;
    app->drew = 0;
    if (dt > 0.25) dt = 0.25; /* a hidden tab or a debugger stop */
    if (dt < 0) dt = 0;

    if (app->reset_gpu_at && app->frame + 1 == app->reset_gpu_at) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_RENDER_DEVICE_RESET; /* as a driver says it (i_input.c) */
        SDL_PushEvent(&e);
    }
    i_input_poll(app);
    i_host_poll(app);
    if (memcmp(&host_was, &app->host, sizeof host_was)) dsv_touch(&app->view);
    if (app->gpu_reset && !app->gpu_lost) {
        app->gpu_reset = 0;
        dsv_touch(&app->view);
        if (i_video_reset(app) != 0) {
            i_host_error(SDL_GetError());
            app->running = 0;
            app->exit_code = 1;
        }
    }
    /* Pending work (goudan's table) in slices that keep frames flowing. */
    if (app->view.busy) dsv_work(&app->view, 8.0);
    if (!app->freeze_anim) dsv_tick(&app->view, dt);
    if (app_select_scene(app) != 0) {
        i_host_error("out of memory");
        app->running = 0;
        app->exit_code = 1;
    }
    i_video_sync(app);
    if (app->pix_w != pix_was[0] || app->pix_h != pix_was[1] || app->win_w != pix_was[2] ||
        app->win_h != pix_was[3] || app->scale != scale_was)
        dsv_touch(&app->view);
    if (app->host.dark != app->theme.dark) app->theme = ds_theme_make(app->host.dark);
    if (!app->gpu_lost && text_set_scale(&app->text, app->renderer, app->scale) != 0) {
        i_host_error(SDL_GetError());
        app->running = 0;
        app->exit_code = 1;
    }
    if (!app->paused && !app->host.paused) app->t += dt; else dt = 0;
    /* The DP view's update step (its step, animation and bounded work): the
     * scenes only draw. */
    dsv_dp_update(&app->view, dt, 6.0);
    moving = moving || dsv_animating(&app->view) ||
             (app->scene == &ds_scene_placeholder && !app->paused && !app->host.paused);
    draw = app->view.dirty || moving || app->max_frames > 0;

    if (app->running && !app->gpu_lost && draw) {
        /* cleared before drawing: whatever the page does in its frame
         * callbacks below (a seek, a 'frame' listener) is for the next one */
        app->view.dirty = 0;
        app->drew = 1;
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
        f.out = &app->out;
        ds_buf_clear(&app->out.drawn); /* the strings of this frame (dsv_api_drawn_strings) */
        app->text.record = &app->out.drawn;
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
    i_host_view_changed(app);
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
    if (!o->game || !o->input) return 0; /* parse_args: both or neither */
    game = dsv_game_from_id(o->game);
    fp = fopen(o->input, "rb");
    if (!fp) {
        fprintf(stderr, CMD ": cannot open '%s': %s\n", o->input, strerror(errno));
        return -1;
    }
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
        char msg[540];
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
        char msg[540];
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
    ds_frame_out_free(&app->out);
    text_free(&app->text);
    i_video_shutdown(app);
    SDL_Quit();
}

int main(int argc, char **argv) {
    ds_app *app;
    opts o;
    int w = 960, h = 540, rc, i;
    /* `deckscope-view --render ...` (deckscope render): no window at all. */
    if (argc > 1 && !strcmp(argv[1], "--render")) return render_main(argc - 1, argv + 1);
    app = calloc(1, sizeof *app);
    if (!app) return 1;
    memset(&o, 0, sizeof o);
    o.anim = -1;
    app->host.dark = 1;
    app->host.game = -1;
    for (i = 0; i < 5; i++) app->host_told[i] = -1;
    app->host_told_progress = -1;
    dsv_init(&app->view);
    ds_frame_out_init(&app->out);
    view_api_attach(&app->view, &app->out);
    if ((rc = parse_args(app, &o, argc, argv, &w, &h)) != DS_ARGS_RUN) {
        dsv_free(&app->view);
        free(app);
        return rc;
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
    i_host_watch_gpu(app);
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
        while (app->running) {
            double start = i_timer_now();
            frame(app);
            if (app->running && !app->drew) {
                /* Nothing to draw: sleep until an event (or a while: the
                 * placeholder, a DP animation start); time spent idle is
                 * no tween's time. */
                SDL_WaitEventTimeout(NULL, 100);
                app->last = i_timer_now();
                continue;
            }
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
