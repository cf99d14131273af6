/* draw.c - filled shapes as triangle fans through SDL_RenderGeometry. */
#include "scenes/draw.h"

#include <math.h>

#define DS_PI 3.14159265358979f

void draw_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c) {
    SDL_FRect fr = {x, y, w, h};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRectF(r, &fr);
}

/* SDL_RenderGeometry of untextured triangles. With every vertex opaque,
 * blending gives the same pixels as no blending, so the draw goes without it:
 * SDL's software renderer (deckscope render, the front-end tests, the Xvfb
 * view) blends a triangle by allocating, clearing and blitting a surface of
 * its bounding box, about 36 of them per rounded rectangle (issue 25: 87 %
 * of frontend_scenes_cb's CPU under ASan); unblended, it writes the pixels
 * directly. The renderer's blend mode is left as it was. */
void draw_geometry(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int ni) {
    SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
    int i, opaque = 1;
    for (i = 0; i < nv && opaque; i++) opaque = v[i].color.a == 255;
    if (opaque && SDL_GetRenderDrawBlendMode(r, &mode) == 0 && mode == SDL_BLENDMODE_BLEND) {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
        SDL_RenderGeometry(r, NULL, v, nv, idx, ni);
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        return;
    }
    SDL_RenderGeometry(r, NULL, v, nv, idx, ni);
}

/* A convex polygon around (cx, cy) given by n points, as a fan. */
static void fan(SDL_Renderer *r, float cx, float cy, const SDL_FPoint *pts, int n, SDL_Color c) {
    enum { MAXP = 72 };
    SDL_Vertex v[MAXP + 1];
    int idx[MAXP * 3];
    int i;
    if (n > MAXP) n = MAXP;
    v[0].position.x = cx; v[0].position.y = cy; v[0].color = c;
    v[0].tex_coord.x = v[0].tex_coord.y = 0;
    for (i = 0; i < n; i++) {
        v[i + 1].position = pts[i];
        v[i + 1].color = c;
        v[i + 1].tex_coord.x = v[i + 1].tex_coord.y = 0;
        idx[i * 3 + 0] = 0;
        idx[i * 3 + 1] = i + 1;
        idx[i * 3 + 2] = (i + 1) % n + 1;
    }
    draw_geometry(r, v, n + 1, idx, n * 3);
}

void draw_round_rect(SDL_Renderer *r, float x, float y, float w, float h, float rad, SDL_Color c) {
    enum { SEG = 8 };
    SDL_FPoint pts[4 * (SEG + 1)];
    const float cxs[4] = {x + w - rad, x + w - rad, x + rad, x + rad};
    const float cys[4] = {y + rad, y + h - rad, y + h - rad, y + rad};
    int k, i, n = 0;
    if (rad * 2 > w) rad = w / 2;
    if (rad * 2 > h) rad = h / 2;
    if (rad < 0.5f) { draw_rect(r, x, y, w, h, c); return; }
    for (k = 0; k < 4; k++) {
        float a0 = -DS_PI / 2 + (float)k * DS_PI / 2;
        for (i = 0; i <= SEG; i++) {
            float a = a0 + (DS_PI / 2) * (float)i / SEG;
            pts[n].x = cxs[k] + rad * cosf(a);
            pts[n].y = cys[k] + rad * sinf(a);
            n++;
        }
    }
    fan(r, x + w / 2, y + h / 2, pts, n, c);
}

void draw_circle(SDL_Renderer *r, float cx, float cy, float rad, SDL_Color c) {
    enum { SEG = 48 };
    SDL_FPoint pts[SEG];
    int i;
    for (i = 0; i < SEG; i++) {
        float a = 2 * DS_PI * (float)i / SEG;
        pts[i].x = cx + rad * cosf(a);
        pts[i].y = cy + rad * sinf(a);
    }
    fan(r, cx, cy, pts, SEG, c);
}

SDL_Color color_mix(SDL_Color a, SDL_Color b, float k) {
    SDL_Color c;
    if (k < 0) k = 0;
    if (k > 1) k = 1;
    c.r = (Uint8)((float)a.r + ((float)b.r - (float)a.r) * k + 0.5f);
    c.g = (Uint8)((float)a.g + ((float)b.g - (float)a.g) * k + 0.5f);
    c.b = (Uint8)((float)a.b + ((float)b.b - (float)a.b) * k + 0.5f);
    c.a = (Uint8)((float)a.a + ((float)b.a - (float)a.a) * k + 0.5f);
    return c;
}
