/* scene.h - what the front end draws, behind one interface.
 *
 * The platform layer (i_*.c) owns the window, the renderer, input and time; a
 * scene owns only its own state and draws one frame from (time, size, theme,
 * host requests). Game scenes will draw the states of an engine trace
 * (ds_trace_seek) here; they never simulate anything themselves. */
#ifndef DS_SCENE_H
#define DS_SCENE_H

#include <SDL.h>

#include "text.h"
#include "view.h"

typedef struct ds_theme {
    int dark;
    SDL_Color bg, fg, muted, accent, card, card_edge;
} ds_theme;

/* Everything a scene may use while drawing one frame. Coordinates are
 * renderer pixels; `scale` is pixels per logical (CSS) pixel. */
typedef struct ds_frame {
    SDL_Renderer *r;
    ds_text *text;
    float w, h, scale;
    double t;  /* scene time in seconds (stops while paused) */
    double dt; /* seconds since the previous frame (0 while paused) */
    long frame;
    const ds_theme *theme;
    int game; /* game picked in the page: 0..3, or -1 for none */
    const ds_view *view; /* the loaded game and its cursor (view.h); NULL when none */
} ds_frame;

typedef struct ds_scene {
    const char *name;
    void *(*create)(void);                        /* NULL on failure */
    void (*destroy)(void *self);
    int (*event)(void *self, const SDL_Event *e); /* 1 if consumed */
    void (*draw)(void *self, const ds_frame *f);
} ds_scene;

extern const ds_scene ds_scene_placeholder; /* nothing loaded / solving */
/* One scene per game (scene_<game>.c) and per DP view (scene_dp_<game>.c). */
extern const ds_scene ds_scene_cirno, ds_scene_thegame, ds_scene_mahjong, ds_scene_goudan;
extern const ds_scene ds_scene_dp_mahjong, ds_scene_dp_goudan;
/* The scene for a view: its game's scene, its DP view in DSV_MODE_DP (games
 * without a DP view keep their scene), the placeholder when nothing is loaded. */
const ds_scene *ds_scene_for(const ds_view *v);


ds_theme ds_theme_make(int dark);

#endif
