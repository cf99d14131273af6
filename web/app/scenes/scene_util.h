/* scene_util.h - drawing helpers shared by the game scenes: a palette on top
 * of the theme, cards, badges, arrows, arcs, big (scaled) text, fitted text,
 * and small tween helpers.
 *
 * Everything is in renderer pixels (callers multiply CSS sizes by
 * ds_frame.scale); nothing allocates, so scenes can call these every frame. */
#ifndef DS_SCENE_UTIL_H
#define DS_SCENE_UTIL_H

#include <SDL.h>

#include "scenes/scene.h"

/* Colours beyond the theme's, tuned for the theme's background. */
typedef struct su_palette {
    SDL_Color bg, fg, muted, accent, card, card_edge;
    SDL_Color red, green, amber, violet, teal, rose, shadow;
} su_palette;

su_palette su_palette_make(const ds_theme *th);

/* ---- numbers and tweens ---------------------------------------------------- */
float su_clampf(float x, float lo, float hi);
float su_lerp(float a, float b, float k);
/* k mapped from [a, b] to [0, 1], clamped (a phase of a tween). */
float su_phase(float k, float a, float b);
/* Smoothstep of x in [0, 1]. */
float su_smooth(float x);
/* 0 -> 1 -> 0 bump over [0, 1] (sin). */
float su_bump(float x);
/* An integer counted from a to b by k (for numbers that tick during a tween). */
int su_count(int a, int b, float k);
SDL_Color su_alpha(SDL_Color c, float a); /* c with alpha scaled by a */

/* ---- shapes ------------------------------------------------------------------ */
/* A rectangle outline of thickness t (inside the box) with rounded corners. */
void su_outline(SDL_Renderer *r, float x, float y, float w, float h, float rad, float t,
                SDL_Color c);
/* A thick line segment (a quad). */
void su_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, SDL_Color c);
/* A filled triangle. */
void su_triangle(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2,
                 SDL_Color c);
/* An arrow head with its tip at (x, y) pointing along the angle (radians). */
void su_arrow_head(SDL_Renderer *r, float x, float y, float angle, float size, SDL_Color c);
/* A band of width `width` along the ellipse (cx, cy, rx, ry) from angle a0
 * to a1 (radians, screen angles: 0 = right, pi/2 = down). */
void su_arc(SDL_Renderer *r, float cx, float cy, float rx, float ry, float a0, float a1,
            float width, SDL_Color c);

/* A filled ellipse. */
void su_ellipse(SDL_Renderer *r, float cx, float cy, float rx, float ry, SDL_Color c);

/* ---- text -------------------------------------------------------------------- */
/* Text drawn `zoom` times larger than its font (the atlas upscaled, linear
 * filtering); top at y. Returns the width drawn. */
float su_text_zoom(const ds_frame *f, int font, float zoom, float x, float y, ds_align align,
                   SDL_Color c, const char *utf8);
float su_text_zoom_width(const ds_frame *f, int font, float zoom, const char *utf8);
/* One line, vertically centred on cy. */
float su_text_mid(const ds_frame *f, int font, float x, float cy, ds_align align, SDL_Color c,
                  const char *utf8);
/* Like su_text_mid but cut with "..." (U+2026) to fit max_w. */
float su_text_fit(const ds_frame *f, int font, float x, float cy, float max_w, ds_align align,
                  SDL_Color c, const char *utf8);

/* ---- cards and badges ---------------------------------------------------------- */
typedef struct su_card_style {
    SDL_Color face, edge, ink;
    float edge_w;  /* edge thickness, pixels */
    float radius;  /* corner radius, pixels */
    int font;      /* DS_FONT_* for the label */
    float zoom;    /* label zoom (1 = the font's size) */
    float lift;    /* drop-shadow offset, pixels (0 = none) */
} su_card_style;

/* A card: rounded face, edge, centred label (may be NULL or ""). */
void su_card(const ds_frame *f, const su_palette *p, float x, float y, float w, float h,
             const su_card_style *st, const char *label);
/* A pill with text centred on (cx, cy); returns its width. */
float su_badge(const ds_frame *f, float cx, float cy, int font, SDL_Color fill, SDL_Color ink,
               const char *utf8);
/* Same, with the left edge at x. */
float su_badge_left(const ds_frame *f, float x, float cy, int font, SDL_Color fill,
                    SDL_Color ink, const char *utf8);

/* A point on a quadratic arc from (x0, y0) to (x1, y1) raised by `lift`
 * pixels in the middle: for cards flying across the table. */
void su_fly(float x0, float y0, float x1, float y1, float lift, float k, float *x, float *y);

/* ---- clickable candidates (frame_out.h dsv_hits, docs/scenes.md "Regions") ----
 * A scene calls su_hits_begin once per frame before drawing; when it returns
 * > 0 the frame is settled at a decision step and the decision's candidate
 * labels (the engine's decision record: the event's JSON, dsv_event_json) are
 * in f->out->hits.label. While drawing, the scene then adds the shape of each
 * object that stands for candidates with the set of labels it means, picked
 * by the label grammar of its game (docs/games/<game>.md): the scene never
 * decides what is legal, it only says where a candidate is. The regions are
 * output of the frame, like the strings text.c records: they go to the
 * frame's ds_frame_out (none when f->out is NULL), never into the view. */
/* Clears the regions; the number of candidate labels when f shows step s
 * settled (no tween) and event s is a decision, else 0. */
int su_hits_begin(const ds_frame *f);
/* The labels of the decision, as a mask: exact match (SU_HIT_EXACT), the
 * label starts with `s` (SU_HIT_PREFIX) or ends with it (SU_HIT_SUFFIX). */
enum { SU_HIT_EXACT = 0, SU_HIT_PREFIX = 1, SU_HIT_SUFFIX = 2 };
uint64_t su_hits_match(const ds_frame *f, const char *s, int how);
/* A region (renderer pixels) meaning the labels in mask; nothing when mask is
 * 0 or the frame is not at a decision. Regions are tried last first. */
void su_hits_add(const ds_frame *f, float x, float y, float w, float h, uint64_t mask);
/* The labels in mask that no region added so far means (for buttons). */
uint64_t su_hits_uncovered(const ds_frame *f, uint64_t mask);
/* Label k of the decision (k < the count su_hits_begin returned). */
const char *su_hits_label(const ds_frame *f, int k);

#endif
