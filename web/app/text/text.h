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
#include "text/text_atlas.h"

enum { DS_FONT_SMALL, DS_FONT_BODY, DS_FONT_TITLE, DS_FONT_COUNT };

/* Where a frame put its words (the layout test, tests/frontend/test_layout.c):
 * one entry per string drawn (its ink box: the union of its glyph quads) and
 * per shape a scene declares around text (a tile, a card, a badge). */
enum { DS_BOX_TEXT = 0, DS_BOX_SHAPE = 1 };
typedef struct ds_text_box {
    float x, y, w, h; /* renderer pixels */
    int kind;         /* DS_BOX_* */
    int parent;       /* a text drawn inside a declared shape: that shape's
                         index in the box list, else -1 */
    int moving;       /* drawn in flight (text_moving): a card crossing the
                         table passes over others by design */
    char s[44];       /* the string (cut), or the shape's name */
} ds_text_box;

typedef struct ds_text {
    ds_atlas atlas;
    SDL_Texture *tex;
    float scale; /* the atlas was baked for this scale */
    ds_buf *record; /* when set, every string drawn is appended, one per line
                       (the platform layer points it at its ds_frame_out.drawn) */
    ds_buf *boxes;  /* when set, a ds_text_box per string drawn and per shape
                       declared (binary, in drawing order) */
    int shape;      /* 1 + index of the shape open in boxes, 0 = none */
    int moving;     /* > 0 while drawing something in flight */
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

/* Records a string drawn some other way (a scene's own glyph batch) with
 * its ink box x0..x1, y0..y1, as text_draw does (record, boxes). */
void text_record(ds_text *t, const char *utf8, float x0, float y0, float x1, float y1);
/* Shapes around text, for the box recorder (no-ops when t->boxes is NULL):
 * text drawn between begin and end lies inside the shape (its own box, not
 * an overlap); a shape may not cover another shape's text or a free string.
 * Shapes do not nest (begin closes the open one). */
void text_shape_begin(ds_text *t, float x, float y, float w, float h, const char *what);
void text_shape_end(ds_text *t);
/* Marks what is drawn until text_moving(t, 0) as in flight (counted). */
void text_moving(ds_text *t, int on);
/* The number of boxes recorded in b and the i-th. */
size_t text_box_count(const ds_buf *b);
const ds_text_box *text_box_at(const ds_buf *b, size_t i);

#endif
