/* i_input.c - SDL events: quit, pause, and everything else to the scene. */
#include "app.h"

void i_input_poll(ds_app *app) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (app->scene->event && app->scene->event(app->scene_state, &e)) continue;
        switch (e.type) {
        case SDL_QUIT:
            app->running = 0;
            break;
        case SDL_KEYDOWN:
            if (e.key.keysym.sym == SDLK_SPACE && !e.key.repeat) app->paused = !app->paused;
#ifndef __EMSCRIPTEN__
            if (e.key.keysym.sym == SDLK_ESCAPE || e.key.keysym.sym == SDLK_q) app->running = 0;
#endif
            break;
        case SDL_MOUSEMOTION:
            break;
        default:
            break;
        }
    }
}
