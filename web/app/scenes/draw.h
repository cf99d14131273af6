/* draw.h - small drawing helpers over SDL_Renderer (renderer pixels). */
#ifndef DS_DRAW_H
#define DS_DRAW_H

#include <SDL.h>

/* SDL_RenderGeometry without a texture; an opaque shape is drawn unblended
 * (the same pixels; far cheaper in SDL's software renderer). */
void draw_geometry(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int ni);
void draw_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c);
/* Filled rectangle with rounded corners of radius rad. */
void draw_round_rect(SDL_Renderer *r, float x, float y, float w, float h, float rad, SDL_Color c);
void draw_circle(SDL_Renderer *r, float cx, float cy, float rad, SDL_Color c);
/* Blends a towards b by k in [0, 1]. */
SDL_Color color_mix(SDL_Color a, SDL_Color b, float k);

#endif
