/* text.h - text on the canvas: the embedded font's glyph atlas as an SDL
 * texture, drawn as textured quads (SDL_RenderGeometry).
 *
 * Sizes are in logical (CSS) pixels; the atlas is baked at size * scale, the
 * renderer's pixels per logical pixel, and re-baked when the scale changes
 * (HiDPI screens, browser zoom), so text stays sharp. */
#ifndef DS_TEXT_H
#define DS_TEXT_H

#include <SDL.h>

#include "ds_core.h"
#include "text_atlas.h"

enum { DS_FONT_SMALL, DS_FONT_BODY, DS_FONT_TITLE, DS_FONT_COUNT };

typedef struct ds_text {
    ds_atlas atlas;
    SDL_Texture *tex;
    float scale; /* the atlas was baked for this scale */
    ds_buf *record; /* when set, every string drawn is appended, one per line
                       (the platform layer points it at ds_view.drawn) */
} ds_text;

/* Bakes the atlas for `scale` and uploads it. 0 or -1 (SDL_GetError() or a
 * message in the log). */
int text_init(ds_text *t, SDL_Renderer *r, float scale);
/* Re-bakes when scale differs from the current one. */
int text_set_scale(ds_text *t, SDL_Renderer *r, float scale);
void text_free(ds_text *t);

/* Logical pixel sizes of the fonts. */
float text_size(int font);
/* In renderer pixels: */
float text_width(const ds_text *t, int font, const char *utf8);
float text_ascent(const ds_text *t, int font);
float text_line_height(const ds_text *t, int font);

typedef enum { DS_ALIGN_LEFT, DS_ALIGN_CENTER, DS_ALIGN_RIGHT } ds_align;

/* Draws one line with its top at y (renderer pixels). Returns its width. */
float text_draw(ds_text *t, SDL_Renderer *r, int font, float x, float y, ds_align align,
                SDL_Color c, const char *utf8);
/* The same, every glyph scaled by zoom about (x, y) (large numbers; sampled
 * linearly, so a little soft). zoom 1 is text_draw. */
float text_draw_zoom(ds_text *t, SDL_Renderer *r, int font, float zoom, float x, float y,
                     ds_align align, SDL_Color c, const char *utf8);

#endif
