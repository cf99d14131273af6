/* text.c - glyph atlas texture and text drawing. */
#include "text/text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const float font_px[DS_FONT_COUNT] = {13.0f, 17.0f, 30.0f};

float text_size(int font) { return font_px[font]; }

static int bake(ds_text *t, SDL_Renderer *r, float scale) {
    float px[DS_FONT_COUNT];
    uint32_t *rgba;
    size_t i, n;
    int k;

    for (k = 0; k < DS_FONT_COUNT; k++) px[k] = roundf(font_px[k] * scale);
    /* DejaVu Sans, then the CJK subset for the Chinese words (strings.c, scene_*.c) */
    if (ds_atlas_bake_canvas(&t->atlas, px, DS_FONT_COUNT) != 0)
        return SDL_SetError("cannot bake the glyph atlas");

    /* White pixels with the coverage as alpha; colour comes from the vertices. */
    n = (size_t)t->atlas.w * (size_t)t->atlas.h;
    rgba = malloc(n * sizeof *rgba);
    if (!rgba) return SDL_OutOfMemory();
    for (i = 0; i < n; i++) {
        uint32_t a = t->atlas.pixels[i];
        rgba[i] = (a << 24) | 0x00FFFFFFu; /* ARGB8888 */
    }
    t->tex = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC,
                               t->atlas.w, t->atlas.h);
    if (t->tex) {
        SDL_UpdateTexture(t->tex, NULL, rgba, t->atlas.w * 4);
        SDL_SetTextureBlendMode(t->tex, SDL_BLENDMODE_BLEND);
    }
    free(rgba);
    /* The coverage bitmap is on the GPU now; keep the glyph table only. */
    free(t->atlas.pixels);
    t->atlas.pixels = NULL;
    if (!t->tex) return -1;
    t->scale = scale;
    return 0;
}

int text_init(ds_text *t, SDL_Renderer *r, float scale) {
    memset(t, 0, sizeof *t);
    return bake(t, r, scale);
}

int text_set_scale(ds_text *t, SDL_Renderer *r, float scale) {
    if (t->tex && fabsf(scale - t->scale) < 0.01f) return 0;
    text_free(t);
    return bake(t, r, scale);
}

void text_free(ds_text *t) {
    if (t->tex) SDL_DestroyTexture(t->tex);
    ds_atlas_free(&t->atlas);
    memset(t, 0, sizeof *t);
}

float text_width(const ds_text *t, int font, const char *utf8) {
    return ds_atlas_measure(&t->atlas, font, utf8);
}

float text_ascent(const ds_text *t, int font) { return t->atlas.fonts[font].ascent; }

float text_line_height(const ds_text *t, int font) {
    const ds_atlas_font *f = &t->atlas.fonts[font];
    return f->ascent - f->descent + f->line_gap;
}

static void put_box(ds_text *t, int kind, float x, float y, float w, float h, const char *s) {
    ds_text_box b;
    size_t n = strlen(s);
    memset(&b, 0, sizeof b);
    b.x = x;
    b.y = y;
    b.w = w;
    b.h = h;
    b.kind = kind;
    b.parent = kind == DS_BOX_TEXT && t->shape > 0 ? t->shape - 1 : -1;
    b.moving = t->moving > 0;
    if (n >= sizeof b.s) { /* cut at a code point start */
        n = sizeof b.s - 1;
        while (n > 0 && (s[n] & 0xC0) == 0x80) n--;
    }
    memcpy(b.s, s, n);
    ds_buf_put(t->boxes, (const char *)&b, sizeof b);
}

void text_record(ds_text *t, const char *utf8, float x0, float y0, float x1, float y1) {
    if (!*utf8) return;
    if (t->record) {
        ds_buf_puts(t->record, utf8);
        ds_buf_putc(t->record, '\n');
    }
    if (t->boxes && x1 > x0) put_box(t, DS_BOX_TEXT, x0, y0, x1 - x0, y1 - y0, utf8);
}

void text_shape_begin(ds_text *t, float x, float y, float w, float h, const char *what) {
    if (!t->boxes) return;
    t->shape = (int)text_box_count(t->boxes) + 1;
    put_box(t, DS_BOX_SHAPE, x, y, w, h, what ? what : "");
}

void text_shape_end(ds_text *t) { t->shape = 0; }

void text_moving(ds_text *t, int on) {
    if (on) t->moving++;
    else if (t->moving > 0) t->moving--;
}

size_t text_box_count(const ds_buf *b) { return b && b->data ? b->len / sizeof(ds_text_box) : 0; }

const ds_text_box *text_box_at(const ds_buf *b, size_t i) {
    return (const ds_text_box *)(const void *)(b->data + i * sizeof(ds_text_box));
}

float text_draw_zoom(ds_text *t, SDL_Renderer *r, int font, float zoom, float x, float y,
                     ds_align align, SDL_Color c, const char *utf8) {
    enum { BATCH = 64 };
    SDL_Vertex v[BATCH * 4];
    int idx[BATCH * 6];
    int nq = 0, i;
    /* At 1x glyphs sit on whole pixels; zoomed, the quads are scaled about
     * (x, y) and the atlas is sampled linearly. */
    int plain = zoom > 0.999f && zoom < 1.001f;
    float k = plain ? 1.0f : zoom;
    float w = ds_atlas_measure(&t->atlas, font, utf8) * k;
    float pen, base, ox, oy;
    uint32_t prev = 0;

    float ix0 = 1e30f, iy0 = 1e30f, ix1 = -1e30f, iy1 = -1e30f; /* ink box */
    const char *s0 = utf8;

    if (align == DS_ALIGN_CENTER) x -= w / 2;
    else if (align == DS_ALIGN_RIGHT) x -= w;
    if (plain) {
        pen = roundf(x);
        base = roundf(y + t->atlas.fonts[font].ascent);
        ox = oy = 0;
    } else {
        pen = 0;
        base = t->atlas.fonts[font].ascent;
        ox = x;
        oy = y;
        SDL_SetTextureScaleMode(t->tex, SDL_ScaleModeLinear);
    }
    for (i = 0; i < BATCH; i++) {
        idx[i * 6 + 0] = i * 4 + 0; idx[i * 6 + 1] = i * 4 + 1; idx[i * 6 + 2] = i * 4 + 2;
        idx[i * 6 + 3] = i * 4 + 0; idx[i * 6 + 4] = i * 4 + 2; idx[i * 6 + 5] = i * 4 + 3;
    }
    while (*utf8) {
        ds_quad q;
        SDL_Vertex *p = &v[nq * 4];
        uint32_t cp = ds_utf8_next(&utf8);
        int blank = ds_atlas_quad(&t->atlas, font, prev, cp, &pen, base, &q);
        prev = cp;
        if (blank) continue;
        q.x0 = ox + q.x0 * k; q.x1 = ox + q.x1 * k;
        q.y0 = oy + q.y0 * k; q.y1 = oy + q.y1 * k;
        if (q.x0 < ix0) ix0 = q.x0;
        if (q.y0 < iy0) iy0 = q.y0;
        if (q.x1 > ix1) ix1 = q.x1;
        if (q.y1 > iy1) iy1 = q.y1;
        p[0].position.x = q.x0; p[0].position.y = q.y0; p[0].tex_coord.x = q.s0; p[0].tex_coord.y = q.t0;
        p[1].position.x = q.x1; p[1].position.y = q.y0; p[1].tex_coord.x = q.s1; p[1].tex_coord.y = q.t0;
        p[2].position.x = q.x1; p[2].position.y = q.y1; p[2].tex_coord.x = q.s1; p[2].tex_coord.y = q.t1;
        p[3].position.x = q.x0; p[3].position.y = q.y1; p[3].tex_coord.x = q.s0; p[3].tex_coord.y = q.t1;
        p[0].color = p[1].color = p[2].color = p[3].color = c;
        if (++nq == BATCH) {
            SDL_RenderGeometry(r, t->tex, v, nq * 4, idx, nq * 6);
            nq = 0;
        }
    }
    if (nq) SDL_RenderGeometry(r, t->tex, v, nq * 4, idx, nq * 6);
    text_record(t, s0, ix0, iy0, ix1, iy1);
    return w;
}

float text_draw(ds_text *t, SDL_Renderer *r, int font, float x, float y, ds_align align,
                SDL_Color c, const char *utf8) {
    return text_draw_zoom(t, r, font, 1.0f, x, y, align, c, utf8);
}
