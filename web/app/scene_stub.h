/* scene_stub.h - a minimal scene (name, step, progress) used until a game's
 * real scene exists: DS_STUB_SCENE(cirno) defines ds_scene_cirno. */
#ifndef DS_SCENE_STUB_H
#define DS_SCENE_STUB_H

#include <stdio.h>
#include <stdlib.h>

#include "draw.h"
#include "scene.h"

static inline void ds_stub_draw(const char *name, const ds_frame *f) {
    char line[96];
    const ds_view *v = f->view;
    SDL_SetRenderDrawColor(f->r, f->theme->bg.r, f->theme->bg.g, f->theme->bg.b, 255);
    SDL_RenderClear(f->r);
    draw_round_rect(f->r, f->w * 0.2f, f->h * 0.3f, f->w * 0.6f, f->h * 0.4f, 12 * f->scale, f->theme->card);
    if (v && v->loaded)
        snprintf(line, sizeof line, "%s  step %zu / %zu", name, v->step, v->trace.n);
    else
        snprintf(line, sizeof line, "%s", name);
    text_draw(f->text, f->r, DS_FONT_TITLE, f->w / 2, f->h / 2 - 20 * f->scale, DS_ALIGN_CENTER,
              f->theme->fg, line);
}

#define DS_STUB_SCENE(NAME)                                                        \
    static void *stub_create(void) { return calloc(1, 1); }                       \
    static void stub_destroy(void *self) { free(self); }                          \
    static int stub_event(void *self, const SDL_Event *e, ds_view *v) { (void)self; (void)e; (void)v; return 0; } \
    static void stub_draw(void *self, const ds_frame *f) { (void)self; ds_stub_draw(#NAME, f); } \
    const ds_scene ds_scene_##NAME = {#NAME, stub_create, stub_destroy, stub_event, stub_draw};

#endif
