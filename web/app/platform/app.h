/* app.h - the front end's whole state, in one struct passed around
 * explicitly (no hidden globals). Platform layer in the Chocolate Doom
 * style:
 *   i_main.c   entry point, options, the main loop (emscripten_set_main_loop
 *              in the browser, a plain loop natively, --frames N to stop)
 *   i_video.c  SDL window + renderer, HiDPI scale, screenshots, and both
 *              made again after the GPU context was lost (i_video_reset)
 *   i_input.c  SDL events -> app and scene
 *   i_timer.c  monotonic time
 *   i_host.c   the embedding page (browser) or nothing (native): size,
 *              theme, pause and game requests in; frame and error reports out
 * Scenes (scene.h) draw; text.c renders text; nothing here simulates games. */
#ifndef DS_APP_H
#define DS_APP_H

#include <SDL.h>

#include "scenes/scene.h"
#include "text/text.h"
#include "model/view.h"

/* What the embedding page asks for; polled once per frame. */
typedef struct ds_host {
    int css_w, css_h; /* wanted canvas size in CSS pixels, 0 = keep */
    int dark;         /* colour scheme: 1 dark, 0 light */
    int paused;       /* pause button */
    int game;         /* game picker, -1 for none */
} ds_host;

typedef struct ds_app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    ds_text text;
    ds_theme theme;
    ds_host host;
    /* what i_host_view_changed told the page last (step, steps, playing,
     * busy, mode; -1: nothing yet) and the progress it reported */
    int host_told[5];
    double host_told_progress;
    int win_w, win_h; /* window size, logical pixels */
    int pix_w, pix_h; /* renderer output, pixels */
    float scale;      /* pix_w / win_w */

    ds_view view;     /* the loaded game and its cursor (view.h) */
    ds_frame_out out; /* what the last frame reported (frame_out.h; the page reads it) */
    const ds_scene *scene;     /* the scene drawing this frame (ds_scene_for) */
    void *scene_state;         /* its state: scene_states[] entry */
    const ds_scene *scene_list[8];
    void *scene_states[8];     /* created on first use, kept while running */
    int nscenes;

    double t;         /* scene time, seconds */
    double last;      /* i_timer_now() of the previous frame */
    long frame;       /* frames drawn */
    int drew;         /* the last turn of the loop drew a frame (frame() in i_main.c) */
    int paused;       /* space bar (native) or the page's pause button */

    /* options */
    long max_frames;        /* stop after this many frames (0 = run) */
    const char *screenshot; /* PNG of the last frame (native only) */
    int start_step;         /* --step (native) */
    int start_play;         /* --play (native) */
    int freeze_anim;        /* --anim X: the tween stays at X (native) */
    int reset_gpu_at;       /* --reset-gpu N: a device reset before frame N (tests) */
    int running;
    int exit_code;

    /* The GPU context. In the browser the WebGL context can be taken away
     * (a GPU reset, too many contexts, a driver update) and given back;
     * natively SDL says SDL_RENDER_DEVICE_RESET. Every texture (the glyph
     * atlas) and SDL's own GL objects are gone then: nothing is drawn while
     * it is lost, and before the next frame after it is back the window,
     * the renderer and the atlas are made again (i_video_reset). */
    int gpu_lost;
    int gpu_reset;
} ds_app;

/* i_video.c */
int i_video_init(ds_app *app, int w, int h);
void i_video_sync(ds_app *app); /* apply host size, refresh pixel size and scale */
int i_video_screenshot(ds_app *app, const char *path); /* 0, -1, or 3 if blank */
/* The window, the renderer and the glyph atlas made again (a lost context
 * is back): 0, or -1 (SDL_GetError). */
int i_video_reset(ds_app *app);
void i_video_shutdown(ds_app *app);

/* i_input.c */
void i_input_poll(ds_app *app);

/* i_timer.c */
double i_timer_now(void);

/* i_main.c: make the view's scene current (create its state on first use) */
int app_select_scene(ds_app *app);

/* i_host.c */
void i_host_poll(ds_app *app);
void i_host_view_changed(ds_app *app); /* Module.onView when step/playing/busy/mode changed */
void i_host_frame_drawn(ds_app *app);
void i_host_error(const char *msg);
/* Browser: watch the canvas's WebGL context (lost: app->gpu_lost; restored:
 * app->gpu_reset). Called again after every i_video_reset, whose new context
 * drops the handlers of the old one. Natively nothing (SDL's events say it). */
void i_host_watch_gpu(ds_app *app);

#endif
