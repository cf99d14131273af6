/* i_host.c - the page around the canvas (browser) or nothing (native).
 *
 * In the browser, web/shell/app.js keeps Module.dsHost up to date (canvas
 * CSS size from a ResizeObserver, colour scheme, pause button, game picker)
 * and receives Module.onFrame(n) after every drawn frame (the first one
 * resolves window.deckscope.ready) and Module.onViewError(msg). */
#include "platform/app.h"

#ifdef __EMSCRIPTEN__
#include <string.h>

#include <emscripten.h>
#include <emscripten/html5.h>

EM_JS(void, ds_js_host_poll, (int *out), {
    var h = Module['dsHost'] || {};
    HEAP32[(out >> 2) + 0] = h['width'] | 0;
    HEAP32[(out >> 2) + 1] = h['height'] | 0;
    HEAP32[(out >> 2) + 2] = h['dark'] ? 1 : 0;
    HEAP32[(out >> 2) + 3] = h['paused'] ? 1 : 0;
    HEAP32[(out >> 2) + 4] = (typeof h['game'] === 'number') ? h['game'] : -1;
});

EM_JS(void, ds_js_frame_drawn, (int frame, double t, int pix_w, int pix_h), {
    if (Module['onFrame']) Module['onFrame'](frame, t, pix_w, pix_h);
});

EM_JS(void, ds_js_view, (int step, int steps, int playing, int busy, double progress, int mode), {
    if (Module['onView']) Module['onView'](step, steps, playing, busy, progress, mode);
});

EM_JS(void, ds_js_error, (const char *msg), {
    var m = UTF8ToString(msg);
    if (Module['onViewError']) Module['onViewError'](m); else console.error(m);
});

void i_host_poll(ds_app *app) {
    int v[5];
    ds_js_host_poll(v);
    app->host.css_w = v[0];
    app->host.css_h = v[1];
    app->host.dark = v[2];
    app->host.paused = v[3];
    app->host.game = v[4] >= -1 && v[4] < DS_NGAMES ? v[4] : -1;
}

void i_host_frame_drawn(ds_app *app) {
    ds_js_frame_drawn((int)app->frame, app->t, app->pix_w, app->pix_h);
}

void i_host_error(const char *msg) { ds_js_error(msg); }

/* preventDefault (EM_TRUE) on "lost" lets the browser give the context back. */
static EM_BOOL on_gpu_lost(int type, const void *reserved, void *user) {
    ds_app *app = user;
    (void)type;
    (void)reserved;
    app->gpu_lost = 1;
    return EM_TRUE;
}
static EM_BOOL on_gpu_restored(int type, const void *reserved, void *user) {
    ds_app *app = user;
    (void)type;
    (void)reserved;
    app->gpu_lost = 0;
    app->gpu_reset = 1;
    return EM_TRUE;
}
void i_host_watch_gpu(ds_app *app) {
    emscripten_set_webglcontextlost_callback("#canvas", app, EM_FALSE, on_gpu_lost);
    emscripten_set_webglcontextrestored_callback("#canvas", app, EM_FALSE, on_gpu_restored);
}

void i_host_view_changed(ds_app *app) {
    const ds_view *v = &app->view;
    int *last = app->host_told, now[5];
    now[0] = (int)v->step;
    now[1] = v->loaded ? (int)v->trace.n : 0;
    now[2] = v->playing;
    now[3] = v->busy;
    now[4] = v->mode;
    if (!memcmp(now, last, sizeof now) && (!v->busy || v->progress - app->host_told_progress < 0.01)) return;
    memcpy(last, now, sizeof now);
    app->host_told_progress = v->progress;
    ds_js_view(now[0], now[1], now[2], now[3], v->progress, now[4]);
}

#else
#include <stdio.h>

void i_host_poll(ds_app *app) { (void)app; }
void i_host_frame_drawn(ds_app *app) { (void)app; }
void i_host_error(const char *msg) { fprintf(stderr, "deckscope-view: %s\n", msg); }
void i_host_view_changed(ds_app *app) { (void)app; }
void i_host_watch_gpu(ds_app *app) { (void)app; }
#endif
