/* i_input.c - SDL events: the scene first, then quit and (natively) the
 * timeline keys. In the browser the page handles every shortcut (so that SDL
 * never takes the keys of the page's text fields). */
#include "platform/app.h"

#ifndef __EMSCRIPTEN__
/* Natively the window is the whole program: the keys the page offers. */
static void timeline_key(ds_app *app, SDL_Keycode k, int repeat) {
    ds_view *v = &app->view;
    switch (k) {
    case SDLK_RIGHT: dsv_seek(v, v->step + 1, 1); break;
    case SDLK_LEFT: if (v->step > 0) dsv_seek(v, v->step - 1, 1); break;
    case SDLK_HOME: dsv_seek(v, 0, 0); break;
    case SDLK_END: dsv_seek(v, v->trace.n, 0); break;
    case SDLK_PAGEDOWN: case SDLK_RIGHTBRACKET: dsv_seek(v, dsv_find_mark(v, 1, DSV_MARK_ROUND), 0); break;
    case SDLK_PAGEUP: case SDLK_LEFTBRACKET: dsv_seek(v, dsv_find_mark(v, -1, DSV_MARK_ROUND), 0); break;
    case SDLK_SPACE: if (!repeat) dsv_play(v, !v->playing); break;
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS: dsv_set_speed(v, v->speed * 2); break;
    case SDLK_MINUS: case SDLK_KP_MINUS: dsv_set_speed(v, v->speed / 2); break;
    case SDLK_d: v->mode = v->mode == DSV_MODE_DP ? DSV_MODE_GAME : DSV_MODE_DP; break;
    case SDLK_ESCAPE: case SDLK_q: app->running = 0; break;
    default: break;
    }
}
#endif

/* The pointer input of e as a scene sees it (scene.h); 0 when e is none. */
static int pointer_of(const SDL_Event *e, ds_pointer *p) {
    switch (e->type) {
    case SDL_MOUSEMOTION:
        if (!e->motion.xrel && !e->motion.yrel) return 0;
        *p = (ds_pointer){DS_POINTER_MOVE, (float)e->motion.x, (float)e->motion.y};
        return 1;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT) return 0;
        *p = (ds_pointer){DS_POINTER_CLICK, (float)e->button.x, (float)e->button.y};
        return 1;
    case SDL_WINDOWEVENT:
        if (e->window.event != SDL_WINDOWEVENT_LEAVE) return 0;
        *p = (ds_pointer){DS_POINTER_LEAVE, -1, -1};
        return 1;
    default: return 0;
    }
}

void i_input_poll(ds_app *app) {
    SDL_Event e;
    ds_pointer p;
    while (SDL_PollEvent(&e)) {
        /* any input may change the picture (a hover, a click, a key) */
        dsv_touch(&app->view);
        if (app->scene->event && pointer_of(&e, &p) && app->scene->event(app->scene_state, &p, &app->view))
            continue;
        switch (e.type) {
        case SDL_QUIT:
            app->running = 0;
            break;
        case SDL_RENDER_DEVICE_RESET: /* textures and the renderer are gone */
            app->gpu_reset = 1;
            break;
        case SDL_KEYDOWN:
#ifndef __EMSCRIPTEN__
            timeline_key(app, e.key.keysym.sym, e.key.repeat);
#endif
            break;
        default:
            break;
        }
    }
}
