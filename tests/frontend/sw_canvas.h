/* sw_canvas.h - what the front-end tests that draw scenes share: a canvas in
 * SDL's software renderer (a surface, its renderer, the text atlas, the
 * frame output its frames report to) and the ds_frame a scene draws with on
 * it, as the platform layer would fill it. As the platform layer does, a
 * test runs the model's update step (dsv_tick, dsv_dp_update) before
 * drawing: scenes only draw.
 *
 *   canvas c;
 *   if (canvas_open(&c, 640, 360, 1.0f) == 0) {
 *       ds_theme th = ds_theme_make(1);
 *       ds_frame f = canvas_frame(&c, &th, view, dt);
 *       scene->draw(state, &f);
 *   }
 *   canvas_close(&c);
 *
 * Header-only (static functions): include it in one test file each. */
#ifndef DS_TEST_SW_CANVAS_H
#define DS_TEST_SW_CANVAS_H

#include <SDL.h>
#include <string.h>

#include "scenes/scene.h"
#include "text/text.h"
#include "model/view.h"

typedef struct canvas {
    SDL_Surface *surf;
    SDL_Renderer *r;
    ds_text text;
    ds_frame_out out; /* what the frames drawn on it report (frame_out.h) */
    int w, h;
    float scale;
} canvas;

static inline int canvas_open(canvas *c, int w, int h, float scale) {
    memset(c, 0, sizeof *c);
    ds_frame_out_init(&c->out);
    c->surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!c->surf) return -1;
    c->r = SDL_CreateSoftwareRenderer(c->surf);
    if (!c->r) return -1;
    c->w = w;
    c->h = h;
    c->scale = scale;
    return text_init(&c->text, c->r, scale);
}

/* The same canvas for the tests that check what the scenes compute while
 * they draw (the text and shape boxes of test_layout and test_zh, the click
 * regions of test_hit), not the pixels: the frame is w x h, the scenes lay
 * out and draw for w x h exactly as on canvas_open's, but the renderer's
 * surface is 1x1, so SDL clips every fill and glyph to nothing instead of
 * painting up to 2560x1440 pixels per frame in software (half of those
 * tests' time). The pixels are checked by test_scenes_cb (canvas_open), the
 * Xvfb scene tests and the browser tests. */
static inline int canvas_open_unpainted(canvas *c, int w, int h, float scale) {
    memset(c, 0, sizeof *c);
    ds_frame_out_init(&c->out);
    c->surf = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!c->surf) return -1;
    c->r = SDL_CreateSoftwareRenderer(c->surf);
    if (!c->r) return -1;
    c->w = w;
    c->h = h;
    c->scale = scale;
    return text_init(&c->text, c->r, scale);
}

static void canvas_close(canvas *c) {
    ds_frame_out_free(&c->out);
    text_free(&c->text);
    if (c->r) SDL_DestroyRenderer(c->r);
    if (c->surf) SDL_FreeSurface(c->surf);
}

/* The frame for drawing view v (NULL: no game) on c with theme th. */
static ds_frame canvas_frame(const canvas *c, const ds_theme *th, const ds_view *v, double dt) {
    ds_frame f;
    memset(&f, 0, sizeof f);
    f.r = c->r;
    f.text = (ds_text *)&c->text;
    f.w = (float)c->w;
    f.h = (float)c->h;
    f.scale = c->scale;
    f.theme = th;
    f.dt = dt;
    f.game = v ? v->game : -1;
    f.view = v;
    f.out = (ds_frame_out *)&c->out;
    return f;
}

#endif
