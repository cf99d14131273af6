/* i_video.c - the SDL window and renderer, HiDPI, screenshots. */
#include <stdlib.h>
#include <string.h>

#include "platform/app.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#else
#include "stb_image_write.h"
#endif

int i_video_init(ds_app *app, int w, int h) {
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI;
#ifndef __EMSCRIPTEN__
    flags |= SDL_WINDOW_RESIZABLE;
#endif
    app->window = SDL_CreateWindow("deckscope", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   w, h, flags);
    if (!app->window) return -1;
    app->renderer = SDL_CreateRenderer(app->window, -1,
                                       SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!app->renderer) app->renderer = SDL_CreateRenderer(app->window, -1, 0);
    if (!app->renderer) return -1;
    i_video_sync(app);
    return 0;
}

void i_video_sync(ds_app *app) {
    int w, h;
    /* The page sizes the canvas with CSS; follow it (and devicePixelRatio:
     * SDL re-reads it in SDL_SetWindowSize). */
    if (app->host.css_w > 0 && app->host.css_h > 0) {
        SDL_GetWindowSize(app->window, &w, &h);
        if (w != app->host.css_w || h != app->host.css_h) {
            SDL_SetWindowSize(app->window, app->host.css_w, app->host.css_h);
        }
#ifdef __EMSCRIPTEN__
        else {
            int pw, ph;
            /* Same CSS size but maybe a new devicePixelRatio (zoom, screen). */
            double dpr = emscripten_get_device_pixel_ratio();
            SDL_GetRendererOutputSize(app->renderer, &pw, &ph);
            if ((int)(w * dpr) != pw || (int)(h * dpr) != ph)
                SDL_SetWindowSize(app->window, w, h);
        }
#endif
    }
    SDL_GetWindowSize(app->window, &app->win_w, &app->win_h);
    SDL_GetRendererOutputSize(app->renderer, &app->pix_w, &app->pix_h);
    app->scale = app->win_w > 0 ? (float)app->pix_w / (float)app->win_w : 1.0f;
    if (app->scale <= 0) app->scale = 1.0f;
    /* presenter mode's text scale (dsv_api_set_text_scale) zooms the scene */
    if (app->view.text_scale > 1.0f) app->scale *= app->view.text_scale;
}

static int cmp_u32(const void *a, const void *b) {
    Uint32 x = *(const Uint32 *)a, y = *(const Uint32 *)b;
    return x < y ? -1 : x > y;
}

int i_video_screenshot(ds_app *app, const char *path) {
    int w = app->pix_w, h = app->pix_h, distinct = 0;
    size_t i, n = (size_t)w * (size_t)h;
    Uint32 *px, *sorted;
    if (n == 0) return -1;
    px = malloc(n * 4);
    sorted = malloc(n * 4);
    if (!px || !sorted) { free(px); free(sorted); return -1; }
    if (SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ABGR8888, px, w * 4) != 0) {
        free(px); free(sorted);
        return -1;
    }
    for (i = 0; i < n; i++) px[i] |= 0xFF000000u; /* opaque */
    memcpy(sorted, px, n * 4);
    qsort(sorted, n, 4, cmp_u32);
    for (i = 0; i < n; i++) distinct += (i == 0 || sorted[i] != sorted[i - 1]);
    free(sorted);
    SDL_Log("screenshot %dx%d, %d distinct colours", w, h, distinct);
#ifndef __EMSCRIPTEN__
    if (path && !stbi_write_png(path, w, h, 4, px, w * 4)) {
        free(px);
        return -1;
    }
#else
    (void)path;
#endif
    free(px);
    return distinct < 8 ? 3 : 0;
}

int i_video_reset(ds_app *app) {
    int w = app->win_w > 0 ? app->win_w : 960, h = app->win_h > 0 ? app->win_h : 540;
    text_free(&app->text);
    i_video_shutdown(app);
    /* A new window too: in the browser, SDL's new GL context replaces the
     * old one's event handlers on the canvas only when the window is new. */
    if (i_video_init(app, w, h) != 0) return -1;
    i_host_watch_gpu(app);
    if (text_init(&app->text, app->renderer, app->scale) != 0) return -1;
    SDL_Log("GPU context reset: window, renderer and glyph atlas made again");
    return 0;
}

void i_video_shutdown(ds_app *app) {
    if (app->renderer) SDL_DestroyRenderer(app->renderer);
    if (app->window) SDL_DestroyWindow(app->window);
    app->renderer = NULL;
    app->window = NULL;
}
