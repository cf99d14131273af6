/* scene.h - what the front end draws, behind one interface.
 *
 * The platform layer (i_*.c) owns the window, the renderer, input and time; a
 * scene owns only its own state and draws one frame from (time, size, theme,
 * a const view). Game scenes draw the states of an engine trace
 * (ds_trace_seek); they never simulate anything, and draw() writes nothing
 * into the model: the model advances in its own steps (dsv_tick,
 * dsv_dp_update) before the frame, and what a frame reports back (strings,
 * clickable regions, measured layout) goes to the frame's ds_frame_out.
 * Only event() (input) may change the model. */
#ifndef DS_SCENE_H
#define DS_SCENE_H

#include <SDL.h>

#include "scenes/frame_out.h"
#include "text/text.h"
#include "model/view.h"
#include "scenes/strings.h"

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
    ds_frame_out *out;   /* what this frame reports back (frame_out.h); NULL: nothing */
} ds_frame;

/* The input a scene sees: the pointer, in the canvas's logical (CSS) pixels.
 * The platform layer turns its window system's events into these (i_input.c),
 * so no scene depends on how input arrives. */
typedef enum {
    DS_POINTER_MOVE,  /* moved to (x, y) */
    DS_POINTER_CLICK, /* primary button pressed at (x, y) */
    DS_POINTER_LEAVE  /* left the canvas (x, y unused) */
} ds_pointer_kind;
typedef struct ds_pointer {
    ds_pointer_kind kind;
    float x, y;
} ds_pointer;

typedef struct ds_scene {
    const char *name;
    void *(*create)(void);                        /* NULL on failure */
    void (*destroy)(void *self);
    /* input (NULL: none): 1 if consumed; may act on the model v (a DP
     * view's clicks) */
    int (*event)(void *self, const ds_pointer *p, ds_view *v);
    void (*draw)(void *self, const ds_frame *f); /* draws; writes only self and f->out */
    /* the words it draws, en and zh (its own table, strings.h; NULL, 0: none
     * of its own): for the tests (frontend_zh checks every scene's table) */
    const ui_word *words;
    int n_words;
    /* A game's scene only (the placeholder and the DP views leave them
     * zero): its DP view's scene (shown in DSV_MODE_DP; NULL: the game has
     * none and keeps its scene), and its card on the placeholder: the
     * game's colour, the line under its name (en and zh) and the glyph on
     * the card that hops between the games. */
    const struct ds_scene *dp;
    SDL_Color accent;
    ui_word card;
    const char *mark;
} ds_scene;

extern const ds_scene ds_scene_placeholder; /* nothing loaded / solving */
/* One scene per game (scene_<game>.c) and per DP view (scene_dp_<game>.c). */
/* ds_scene_<id> for every game of ds_games.h (scene_<id>.c) */
#define DS_SCENE_EXTERN_(NAME, id) extern const ds_scene ds_scene_##id;
DS_GAMES(DS_SCENE_EXTERN_)
#undef DS_SCENE_EXTERN_
extern const ds_scene ds_scene_dp_mahjong, ds_scene_dp_goudan;
/* The scene for a view: its game's scene, its DP view in DSV_MODE_DP (games
 * without a DP view keep their scene), the placeholder when nothing is loaded. */
const ds_scene *ds_scene_for(const ds_view *v);
/* The scene of game g (0..DSV_GAMES-1, ds_games.h's order), or NULL. */
const ds_scene *ds_scene_of_game(int g);


ds_theme ds_theme_make(int dark);

#endif
