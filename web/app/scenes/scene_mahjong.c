/* scene_mahjong.c - the mahjong table: four seats (A..D, one band each, hands
 * face up for teaching), their melds and discard ponds, the wall count, the
 * turn order and its reversal, and each player's winning distance (state.dist,
 * computed by the engine).
 *
 * Everything is drawn from the view: the engine states at from_step and step
 * and the event between them (dsv_tween_event). A tween plays that event:
 * tiles that stay in the actor's hand slide to their new place, a drawn tile
 * flies in from the wall, a discard flies to the pond, a called tile flies
 * from the discarder's pond into the caller's meld (PONG / CHOW) or hand
 * (RON), and calls pop up as banners with the tiles involved. Stepping back
 * plays the same tween in reverse. No rule is re-implemented here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mahjong/mahjong.h"
#include "scenes/draw.h"
#include "scenes/scene.h"
#include "scenes/scene_mahjong.h"
#include "scenes/scene_util.h"
#include "scenes/strings.h"

/* The words this scene draws, en and zh (ui_word, scenes/strings.h): this
 * file is UTF-8; the build collects its non-ASCII code points for the CJK
 * font (web/cmake/cjk_glyphs.cmake), and frontend_zh checks the table. */
enum {
    W_PONG,
    W_CHOW,
    W_RON,
    W_SELFDRAWN,
    W_RON_WIN,
    W_SELFDRAWN_WIN,
    W_SKIPPED,           /* a turn skipped by PASS */
    W_EXHAUSTED,         /* the wall ran out */
    W_COUNT
};
static const ui_word words[W_COUNT] = {
    [W_PONG] = {"PONG", "碰"},
    [W_CHOW] = {"CHOW", "吃"},
    [W_RON] = {"RON", "荣和"},
    [W_SELFDRAWN] = {"SELFDRAWN", "自摸"},
    [W_RON_WIN] = {"RON " "\xe2\x9c\x93" " WIN", "荣和 " "\xe2\x9c\x93" " 和牌"},
    [W_SELFDRAWN_WIN] = {"SELFDRAWN " "\xe2\x9c\x93" " WIN", "自摸 " "\xe2\x9c\x93" " 和牌"},
    [W_SKIPPED] = {"\xe2\x9c\x97" " PASS", "\xe2\x9c\x97" " 跳过"},
    [W_EXHAUSTED] = {"DRAW  \xc3\x97" "0", "流局"},
};
#define WORD(v, id) ui_word_str((v), &words[id])

/* ---- tiles ------------------------------------------------------------------ */

SDL_Color mj_suit_color(int kind, int dark) {
    static const SDL_Color light[5] = {
        {0xc0, 0x2f, 0x2f, 255}, /* M characters: red */
        {0x1f, 0x5f, 0xb8, 255}, /* P dots: blue */
        {0x1e, 0x84, 0x49, 255}, /* S bamboo: green */
        {0x5b, 0x3a, 0x99, 255}, /* honours: violet */
        {0xb0, 0x6a, 0x00, 255}, /* specials: amber */
    };
    static const SDL_Color darkc[5] = {
        {0xff, 0x7a, 0x7a, 255}, {0x7a, 0xb4, 0xff, 255}, {0x6c, 0xd9, 0x8c, 255},
        {0xc3, 0xa6, 0xff, 255}, {0xff, 0xbf, 0x4d, 255},
    };
    int g = kind < 0 ? 3 : kind < 9 ? 0 : kind < 18 ? 1 : kind < 27 ? 2 : kind < 34 ? 3 : 4;
    return dark ? darkc[g] : light[g];
}

static SDL_Color with_alpha(SDL_Color c, float a) {
    if (a < 0) a = 0;
    if (a > 1) a = 1;
    c.a = (Uint8)(c.a * a);
    return c;
}

/* The label of a kind on a tile: its code, or a symbol for the specials when
 * the code does not fit. */
static const char *tile_label(const ds_frame *f, int font, int kind, float w) {
    static const char *const digit[9] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
    const char *name = mahjong_tile_name(kind);
    if (kind < MJ_NORMAL_KINDS) {
        /* compact tiles (small canvases, embeds): too narrow for "3M", the
         * digit alone; the colour and the strip at the bottom say the suit */
        if (name[0] >= '1' && name[0] <= '9' && text_width(f->text, font, name) > w - 2 * f->scale)
            return digit[name[0] - '1'];
        return name;
    }
    if (text_width(f->text, font, name) <= w - 2 * f->scale) return name;
    if (kind == MJ_PASS) return "\xe2\x9c\x97";        /* ✗ */
    if (kind == MJ_REVERSE) return "\xe2\x86\x94";     /* ↔ */
    return "\xc3\x97" "2";                             /* ×2 */
}

/* A batch of coloured triangles (or glyph quads on the atlas) drawn with one
 * SDL_RenderGeometry call: the static tiles of a seat are a few hundred
 * shapes. Grows once, then reused (no per-frame allocation). */
typedef struct mj_batch {
    SDL_Vertex *v;
    int *idx;
    int nv, ni, capv, capi;
} mj_batch;

static int mb_reserve(mj_batch *b, int nv, int ni) {
    if (b->nv + nv > b->capv) {
        int cap = b->capv ? b->capv : 2048;
        SDL_Vertex *v;
        while (cap < b->nv + nv) cap *= 2;
        v = realloc(b->v, sizeof *v * (size_t)cap);
        if (!v) return -1;
        b->v = v;
        b->capv = cap;
    }
    if (b->ni + ni > b->capi) {
        int cap = b->capi ? b->capi : 4096, *idx;
        while (cap < b->ni + ni) cap *= 2;
        idx = realloc(b->idx, sizeof *idx * (size_t)cap);
        if (!idx) return -1;
        b->idx = idx;
        b->capi = cap;
    }
    return 0;
}

static void mb_free(mj_batch *b) {
    free(b->v);
    free(b->idx);
    memset(b, 0, sizeof *b);
}

static void mb_flush(mj_batch *b, SDL_Renderer *r, SDL_Texture *tex) {
    if (b->ni && tex) SDL_RenderGeometry(r, tex, b->v, b->nv, b->idx, b->ni);
    else if (b->ni) draw_geometry(r, b->v, b->nv, b->idx, b->ni); /* opaque: unblended */
    b->nv = b->ni = 0;
}

static void mb_vertex(mj_batch *b, float x, float y, float s, float t, SDL_Color c) {
    SDL_Vertex *v = &b->v[b->nv++];
    v->position.x = x;
    v->position.y = y;
    v->tex_coord.x = s;
    v->tex_coord.y = t;
    v->color = c;
}

static void mb_quad(mj_batch *b, float x0, float y0, float x1, float y1, float s0, float t0, float s1, float t1,
                    SDL_Color c) {
    int k;
    if (mb_reserve(b, 4, 6)) return;
    k = b->nv;
    mb_vertex(b, x0, y0, s0, t0, c);
    mb_vertex(b, x1, y0, s1, t0, c);
    mb_vertex(b, x1, y1, s1, t1, c);
    mb_vertex(b, x0, y1, s0, t1, c);
    b->idx[b->ni++] = k; b->idx[b->ni++] = k + 1; b->idx[b->ni++] = k + 2;
    b->idx[b->ni++] = k; b->idx[b->ni++] = k + 2; b->idx[b->ni++] = k + 3;
}

/* The same fan as draw_round_rect (draw.c), appended to the batch. */
static void mb_round_rect(mj_batch *b, float x, float y, float w, float h, float rad, SDL_Color c) {
    enum { SEG = 8, N = 4 * (SEG + 1) };
    const float cxs[4] = {x + w - rad, x + w - rad, x + rad, x + rad};
    const float cys[4] = {y + rad, y + h - rad, y + h - rad, y + rad};
    int k, i, c0;
    if (rad * 2 > w) rad = w / 2;
    if (rad * 2 > h) rad = h / 2;
    if (rad < 0.5f) {
        mb_quad(b, x, y, x + w, y + h, 0, 0, 0, 0, c);
        return;
    }
    if (mb_reserve(b, N + 1, N * 3)) return;
    c0 = b->nv;
    mb_vertex(b, x + w / 2, y + h / 2, 0, 0, c);
    for (k = 0; k < 4; k++) {
        float a0 = -3.14159265358979f / 2 + (float)k * 3.14159265358979f / 2;
        for (i = 0; i <= SEG; i++) {
            float a = a0 + (3.14159265358979f / 2) * (float)i / SEG;
            mb_vertex(b, cxs[k] + rad * cosf(a), cys[k] + rad * sinf(a), 0, 0, c);
        }
    }
    for (i = 0; i < N; i++) {
        b->idx[b->ni++] = c0;
        b->idx[b->ni++] = c0 + 1 + i;
        b->idx[b->ni++] = c0 + 1 + (i + 1) % N;
    }
}

/* Like text_draw (same pen rounding), appended to a glyph batch. */
static void mb_text(mj_batch *b, ds_text *t, int font, float zoom, float x, float y, ds_align al,
                    SDL_Color c, const char *str) {
    float pen, base;
    float ix0 = 1e30f, iy0 = 1e30f, ix1 = -1e30f, iy1 = -1e30f; /* ink box, for the recorder */
    const char *s0 = str;
    uint32_t prev = 0;
    /* zoom < 1: tiles too small for the font; the quads shrink about the
     * pen's origin (linear sampling, like text_draw_zoom) */
    int plain = zoom > 0.999f;
    float ox = 0, oy = 0;
    if (al != DS_ALIGN_LEFT) {
        float w = ds_atlas_measure(&t->atlas, font, str) * (plain ? 1 : zoom);
        x -= al == DS_ALIGN_CENTER ? w / 2 : w;
    }
    if (plain) {
        pen = roundf(x);
        base = roundf(y + t->atlas.fonts[font].ascent);
        zoom = 1;
    } else {
        pen = 0;
        base = t->atlas.fonts[font].ascent;
        ox = x;
        oy = y;
    }
    while (*str) {
        ds_quad g;
        uint32_t cp = ds_utf8_next(&str);
        int blank = ds_atlas_quad(&t->atlas, font, prev, cp, &pen, base, &g);
        prev = cp;
        if (blank) continue;
        g.x0 = ox + g.x0 * zoom; g.x1 = ox + g.x1 * zoom;
        g.y0 = oy + g.y0 * zoom; g.y1 = oy + g.y1 * zoom;
        mb_quad(b, g.x0, g.y0, g.x1, g.y1, g.s0, g.t0, g.s1, g.t1, c);
        if (g.x0 < ix0) ix0 = g.x0;
        if (g.y0 < iy0) iy0 = g.y0;
        if (g.x1 > ix1) ix1 = g.x1;
        if (g.y1 > iy1) iy1 = g.y1;
    }
    text_record(t, s0, ix0, iy0, ix1, iy1);
}

/* Drawing primitives of a tile: into the batches when given, else at once. */
typedef struct tile_out {
    mj_batch *shapes, *glyphs;
} tile_out;

static void o_round_rect(const ds_frame *f, const tile_out *o, float x, float y, float w, float h, float rad,
                         SDL_Color c) {
    if (o) mb_round_rect(o->shapes, x, y, w, h, rad, c);
    else draw_round_rect(f->r, x, y, w, h, rad, c);
}
static void o_rect(const ds_frame *f, const tile_out *o, float x, float y, float w, float h, SDL_Color c) {
    if (o) mb_quad(o->shapes, x, y, x + w, y + h, 0, 0, 0, 0, c);
    else draw_rect(f->r, x, y, w, h, c);
}
static void o_text(const ds_frame *f, const tile_out *o, int font, float zoom, float x, float y, ds_align al,
                   SDL_Color c, const char *str) {
    if (o) mb_text(o->glyphs, f->text, font, zoom, x, y, al, c, str);
    else text_draw_zoom(f->text, f->r, font, zoom, x, y, al, c, str);
}

/* A tile; `label` replaces its code when given (a called pond tile shows
 * its caller's letter). */
static void tile_to(const ds_frame *f, const tile_out *o, float x, float y, float w, float h, int kind,
                    unsigned flags, float alpha, const char *label_as) {
    const ds_theme *th = f->theme;
    float s = f->scale, rad = w * 0.14f;
    int dark = th->dark;
    SDL_Color face = dark ? (SDL_Color){0x33, 0x3a, 0x46, 255} : (SDL_Color){0xfd, 0xfb, 0xf4, 255};
    SDL_Color edge = dark ? (SDL_Color){0x4a, 0x53, 0x62, 255} : (SDL_Color){0xc9, 0xc2, 0xad, 255};
    SDL_Color col = mj_suit_color(kind, dark);
    int font;
    const char *label;
    float lh, lw, zoom = 1;
    if (alpha <= 0.01f) return;
    if (flags & MJT_DIM) {
        face = color_mix(face, th->bg, 0.55f);
        col = color_mix(col, th->bg, 0.5f);
    }
    if (flags & MJT_BACK) {
        SDL_Color back = dark ? (SDL_Color){0x2b, 0x6e, 0x55, 255} : (SDL_Color){0x3b, 0x9a, 0x74, 255};
        o_round_rect(f, o, x, y, w, h, rad, with_alpha(edge, alpha));
        o_round_rect(f, o, x + 1 * s, y + 1 * s, w - 2 * s, h - 2 * s, rad, with_alpha(back, alpha));
        return;
    }
    if (flags & MJT_HILITE)
        o_round_rect(f, o, x - 2.5f * s, y - 2.5f * s, w + 5 * s, h + 5 * s, rad + 2 * s,
                        with_alpha(th->accent, alpha));
    if (flags & MJT_ADD)
        o_round_rect(f, o, x - 2.5f * s, y - 2.5f * s, w + 5 * s, h + 5 * s, rad + 2 * s,
                        with_alpha(dark ? (SDL_Color){0x4c, 0xd1, 0x7a, 255} : (SDL_Color){0x18, 0x9a, 0x4a, 255}, alpha));
    o_round_rect(f, o, x, y, w, h, rad, with_alpha(edge, alpha));
    o_round_rect(f, o, x + 1 * s, y + 1 * s, w - 2 * s, h - 2 * s - (h > 24 * s ? 2 * s : 1 * s), rad,
                    with_alpha(face, alpha));
    /* suit strip at the bottom */
    o_rect(f, o, x + w * 0.2f, y + h - 4.5f * s, w * 0.6f, 2 * s, with_alpha(col, alpha * 0.8f));
    font = w >= 27 * s && h >= 30 * s ? DS_FONT_BODY : DS_FONT_SMALL;
    label = label_as ? label_as : tile_label(f, font, kind, w);
    if (label_as) col = th->accent;
    /* a label wider than the tile shrinks, down to 70 % of the small font
     * (13 px: 9 px at scale 1, the floor), so neighbours never touch */
    lw = text_width(f->text, font, label);
    if (lw > w - 1.5f * s) zoom = su_clampf((w - 1.5f * s) / lw, 0.7f, 1);
    lh = text_line_height(f->text, font) * zoom;
    text_shape_begin(f->text, x, y, w, h, label);
    o_text(f, o, font, zoom, x + w / 2, y + (h - 3 * s - lh) / 2, DS_ALIGN_CENTER, with_alpha(col, alpha), label);
    text_shape_end(f->text);
    if (flags & MJT_CALLED)
        o_rect(f, o, x + 2 * s, y + 1.5f * s, w - 4 * s, 2.5f * s, with_alpha(th->accent, alpha));
    if (flags & MJT_REMOVE) {
        SDL_Color red = dark ? (SDL_Color){0xff, 0x6b, 0x6b, 255} : (SDL_Color){0xd0, 0x21, 0x21, 255};
        su_line(f->r, x + 3 * s, y + h - 3 * s, x + w - 3 * s, y + 3 * s, 2 * s, with_alpha(red, alpha * 0.8f));
    }
}

void mj_draw_tile(const ds_frame *f, float x, float y, float w, float h, int kind, unsigned flags,
                  float alpha) {
    tile_to(f, NULL, x, y, w, h, kind, flags, alpha, NULL);
}

/* ---- layout ------------------------------------------------------------------ */

typedef struct seat_lay {
    float bx, by, bw, bh;  /* the band */
    float lw;              /* label column width */
    float tw, th, gap;     /* hand tile size, gap */
    int hcols;             /* hand tiles per row (14, or 7 on narrow canvases) */
    float hx, hy;          /* first hand tile */
    float mx, my, mw, mh;  /* first meld tile, meld tile size */
    float px, py, pw, ph;  /* first pond tile, pond tile size */
    int per_row;           /* pond tiles per row */
    int strip;             /* one row (short bands): hand, melds from the
                              right end of its 14 slots, the last per_row
                              pond tiles; the label on one line */
} seat_lay;

typedef struct lay {
    float s, pad, top_h;
    float wall_x, wall_y, wall_w, wall_h; /* the wall icon */
    seat_lay seat[MJ_PLAYERS];
} lay;

typedef struct scene_mj {
    mj_batch shapes, glyphs; /* the static tiles of one seat */
    uint32_t generation;
    int have_final;
    mahjong_state final; /* the last state of the game: stable tile sizes */
} scene_mj;

static void strip_if_tiny(const ds_frame *f, lay *L);

static void compute_layout(const ds_frame *f, const mahjong_state *fin, lay *L) {
    float s = f->scale, pad = (f->w < 500 * s ? 8 : 14) * s;
    float top = 34 * s, bh, y;
    int p;
    memset(L, 0, sizeof *L);
    L->s = s;
    L->pad = pad;
    L->top_h = top;
    L->wall_w = 16 * s;
    L->wall_h = 21 * s;
    L->wall_x = pad;
    L->wall_y = pad + (top - L->wall_h) / 2 - 4 * s;
    bh = (f->h - pad - top - pad) / 4.0f;
    y = pad + top;
    for (p = 0; p < MJ_PLAYERS; p++) {
        seat_lay *S = &L->seat[p];
        float lw = (f->w < 500 * s ? 40 : 58) * s, cw, tw1, tw, g, avail_h, rows_h;
        int one_row, pond_n = fin ? fin->pond_n[p] : 24, melds = fin ? fin->meld_n[p] : 0;
        int rows;
        S->bx = pad;
        S->by = y;
        S->bw = f->w - 2 * pad;
        S->bh = bh - 6 * s;
        S->lw = lw;
        cw = S->bw - lw - 10 * s;
        /* one row for hand and melds, or the melds on the next row */
        tw1 = cw / (14 * 1.08f + 4 * (3 * 0.85f + 0.6f));
        tw = tw1;
        one_row = tw1 >= 25 * s;
        if (!one_row) tw = cw / (14 * 1.08f);
        if (tw > 46 * s) tw = 46 * s;
        avail_h = S->bh - 12 * s;
        if (tw * 1.3f > avail_h * (one_row || !melds ? 0.5f : 0.36f))
            tw = avail_h * (one_row || !melds ? 0.5f : 0.36f) / 1.3f;
        S->hcols = 14;
        if (!one_row && tw < 24 * s) {
            /* narrow: the hand on two rows of 7, if that makes the tiles larger */
            float t2 = cw / (7 * 1.08f);
            float rows_u = 2 + (melds ? 0.85f : 0); /* hand rows, meld row */
            int per = (int)(cw / (17 * s)), prow = per > 0 ? (pond_n + per - 1) / per : 1;
            float pond_h = (float)(prow < 1 ? 1 : prow) * 21.5f * s; /* pond tiles of 15 px */
            if (t2 * 1.3f * rows_u > avail_h - 10 * s - pond_h) t2 = (avail_h - 10 * s - pond_h) / (1.3f * rows_u);
            if (t2 > tw * 1.1f) {
                tw = t2;
                S->hcols = 7;
            }
        }
        g = tw * 0.08f;
        S->tw = tw;
        S->th = tw * 1.3f;
        S->gap = g;
        S->hx = S->bx + lw + 8 * s;
        S->hy = S->by + 6 * s;
        S->mw = tw * 0.85f;
        S->mh = S->th * 0.85f;
        {
            /* the hand's height: one or two rows */
            float hh = S->hcols == 7 ? 2 * S->th + g : S->th;
            if (!one_row) {
                S->mx = S->hx;
                S->my = S->hy + hh + 5 * s;
                S->py = melds ? S->my + S->mh + 5 * s : S->hy + hh + 6 * s;
            }
        }
        if (one_row) {
            S->mx = S->hx + 14 * (tw + g) + tw * 0.7f;
            S->my = S->hy + (S->th - S->mh);
            S->py = S->hy + S->th + 6 * s;
        }
        S->px = S->hx;
        /* pond tiles: the largest size whose rows fit the band */
        rows_h = S->by + S->bh - 4 * s - S->py;
        S->pw = tw * 0.8f;
        for (;;) {
            S->ph = S->pw * 1.3f;
            S->per_row = (int)((S->bx + S->bw - 6 * s - S->px) / (S->pw + 2 * s));
            if (S->per_row < 1) S->per_row = 1;
            rows = (pond_n + S->per_row - 1) / S->per_row;
            if (rows < 1) rows = 1;
            if ((float)rows * (S->ph + 2 * s) <= rows_h || S->pw <= 9 * s) break;
            S->pw -= 1 * s;
        }
        y += bh;
    }
    strip_if_tiny(f, L);
}

/* Bands too short for a hand row over the pond (an embed in a 240 px high
 * frame): when the layout above leaves some hand tiles tiny, every seat is
 * one row instead. The hand keeps its 14 slots from the left; the melds fill
 * them from the right (a meld takes three hand tiles, so both fit); after
 * them, the newest pond tiles that fit (the older ones are in the output);
 * the letter and the distance share one line. Tiles get the band's height or
 * the row's width, whichever is less. */
/* A strip's seat letter: the title font where the band holds it. */
static int strip_letter_font(const ds_frame *f, const seat_lay *S) {
    return text_line_height(f->text, DS_FONT_TITLE) + 8 * f->scale <= S->bh ? DS_FONT_TITLE : DS_FONT_BODY;
}

static void strip_if_tiny(const ds_frame *f, lay *L) {
    float s = f->scale, min_tw = 1e9f, lw, dw;
    int p;
    for (p = 0; p < MJ_PLAYERS; p++)
        if (L->seat[p].tw < min_tw) min_tw = L->seat[p].tw;
    if (min_tw >= 16 * s) return;
    dw = text_width(f->text, DS_FONT_SMALL, "d=10") + 8 * s;
    lw = text_width(f->text, strip_letter_font(f, &L->seat[0]), "W") + dw + 16 * s;
    for (p = 0; p < MJ_PLAYERS; p++) {
        seat_lay *S = &L->seat[p];
        float cw = S->bw - lw - 10 * s, tw, g, slots = 14 * 1.08f + 0.5f;
        int k = cw >= 360 * s ? 4 : cw >= 240 * s ? 3 : 2; /* pond tiles shown */
        tw = (S->bh - 6 * s) / 1.3f;
        if (tw * (slots + 0.85f * (float)k) + 2 * s * (float)(k - 1) > cw)
            tw = (cw - 2 * s * (float)(k - 1)) / (slots + 0.85f * (float)k);
        if (tw > 46 * s) tw = 46 * s;
        if (tw <= min_tw) return; /* no better (the bands are alike: all or none) */
        g = tw * 0.08f;
        S->strip = 1;
        S->lw = lw;
        S->tw = tw;
        S->th = tw * 1.3f;
        S->gap = g;
        S->hcols = 14;
        S->hx = S->bx + lw;
        S->hy = S->by + (S->bh - S->th) / 2;
        S->mw = tw * 0.85f;
        S->mh = S->th * 0.85f;
        S->mx = S->hx + 14 * (tw + g); /* the melds' right end */
        S->my = S->hy + (S->th - S->mh);
        S->pw = tw * 0.85f;
        S->ph = S->pw * 1.3f;
        S->px = S->mx + tw * 0.5f;
        S->py = S->hy + (S->th - S->ph) / 2;
        S->per_row = k;
    }
}

static void hand_pos(const seat_lay *S, int i, float *x, float *y) {
    *x = S->hx + (float)(i % S->hcols) * (S->tw + S->gap);
    *y = S->hy + (float)(i / S->hcols) * (S->th + S->gap);
}
static void meld_pos(const seat_lay *S, int m, int j, float *x, float *y) {
    if (S->strip) /* from the right end of the hand's slots, meld 0 last */
        *x = S->mx - (float)(m + 1) * (3 * S->mw + S->tw * 0.3f) + (float)j * S->mw;
    else
        *x = S->mx + (float)m * (3 * S->mw + S->tw * 0.6f) + (float)j * S->mw;
    *y = S->my;
}
/* Pond tile i of n; 0 when it is not shown (a strip shows the newest
 * per_row, the newest last). */
static int pond_pos(const seat_lay *S, int n, int i, float *x, float *y) {
    int slot = i;
    *x = S->px;
    *y = S->py;
    if (S->strip) {
        slot = i - (n > S->per_row ? n - S->per_row : 0);
        if (slot < 0) return 0;
    }
    *x = S->px + (float)(slot % S->per_row) * (S->pw + 2 * (S->pw / 22));
    *y = S->py + (float)(slot / S->per_row) * (S->ph + 2 * (S->pw / 22));
    return 1;
}

/* The hand of player p in kind order: kinds[0..n). */
static int hand_list(const mahjong_state *st, int p, uint8_t *kinds) {
    int k, c, n = 0;
    for (k = 0; k < MJ_KINDS; k++)
        for (c = 0; c < st->hand[p][k] && n < 20; c++) kinds[n++] = (uint8_t)k;
    return n;
}

static int meld_tile(const mahjong_meld *m, int j) { return m->kind == MJ_MELD_PONG ? m->low : m->low + j; }
static int meld_called_slot(const mahjong_meld *m) { return m->kind == MJ_MELD_PONG ? 1 : m->called - m->low; }

/* ---- drawing ------------------------------------------------------------------- */

static float lerpf(float a, float b, float t) { return a + (b - a) * t; }

/* A flying tile from (x0,y0,w0,h0) to (x1,y1,w1,h1) at t, lifted on an arc.
 * Flights are drawn after all seats, so they pass over every band. */
typedef struct flight {
    float x0, y0, w0, h0, x1, y1, w1, h1, t;
    int kind;
    unsigned flags;
} flight;
enum { MAX_FLIGHTS = 8 };
typedef struct flights {
    flight f[MAX_FLIGHTS];
    int n;
} flights;

static void fly(flights *fl, float x0, float y0, float w0, float h0, float x1, float y1, float w1, float h1,
                float t, int kind, unsigned flags) {
    flight *q;
    if (fl->n >= MAX_FLIGHTS) return;
    q = &fl->f[fl->n++];
    q->x0 = x0, q->y0 = y0, q->w0 = w0, q->h0 = h0, q->x1 = x1, q->y1 = y1, q->w1 = w1, q->h1 = h1;
    q->t = t, q->kind = kind, q->flags = flags;
}

static void draw_flights(const ds_frame *f, const flights *fl) {
    int i;
    for (i = 0; i < fl->n; i++) {
        const flight *q = &fl->f[i];
        float lift = sinf(q->t * 3.14159265f) * 18 * f->scale;
        mj_draw_tile(f, lerpf(q->x0, q->x1, q->t), lerpf(q->y0, q->y1, q->t) - lift, lerpf(q->w0, q->w1, q->t),
                     lerpf(q->h0, q->h1, q->t), q->kind, q->flags | MJT_HILITE, 1);
    }
}

/* A banner over a seat's pond area: the call name and its tiles. */
/* Bands too short for a banner over their pond (small canvases): the banner
 * pops up over the band while the step plays (in motion, over the tiles),
 * and once settled the call reads in the top bar instead (top_call). */
static int band_compact(const ds_frame *f, const seat_lay *S) { return S->bh < 64 * f->scale; }

/* The call of a settled step in the top bar, right-aligned, in place of the
 * turn-order strip: "PONG ← C". */
static void top_call(const ds_frame *f, const lay *L, const char *name, SDL_Color col, int from) {
    const ds_theme *th = f->theme;
    float s = f->scale, lh = text_line_height(f->text, DS_FONT_BODY);
    char src[8] = "";
    float nw = text_width(f->text, DS_FONT_BODY, name), fw = 0, w, h = lh + 8 * s, x, y;
    if (from >= 0 && from < MJ_PLAYERS) {
        snprintf(src, sizeof src, "\xe2\x86\x90 %c", mahjong_player_name(from)); /* ← C */
        fw = text_width(f->text, DS_FONT_BODY, src) + 8 * s;
    }
    w = nw + fw + 16 * s;
    x = f->w - L->pad - w;
    y = L->pad + L->top_h / 2 - 6 * s - h / 2;
    draw_round_rect(f->r, x - 2 * s, y - 2 * s, w + 4 * s, h + 4 * s, 8 * s, col);
    draw_round_rect(f->r, x, y, w, h, 6 * s, th->card);
    text_shape_begin(f->text, x - 2 * s, y - 2 * s, w + 4 * s, h + 4 * s, name);
    text_draw(f->text, f->r, DS_FONT_BODY, x + 8 * s, y + (h - lh) / 2, DS_ALIGN_LEFT, col, name);
    if (fw > 0) text_draw(f->text, f->r, DS_FONT_BODY, x + w - 8 * s, y + (h - lh) / 2, DS_ALIGN_RIGHT, th->muted, src);
    text_shape_end(f->text);
}

/* What a banner shows: the call name, up to 3 tiles, the discarder ("← C"),
 * over the band of seat `seat`. */
typedef struct call_banner {
    const char *name;
    uint8_t tiles[4];
    int nt, from, seat;
    SDL_Color col;
} call_banner;

/* Where banner() puts cb's box at full opacity (it slides in from 10 px
 * lower): the lower right of the band; the name alone when the tiles do not
 * fit across. */
typedef struct banner_box {
    float x, y, w, h, fw; /* fw: the "← C" part's width, 0 = not shown */
    int nt;               /* tiles shown */
    char src[8];          /* "← C" */
} banner_box;
static banner_box banner_place(const ds_frame *f, const seat_lay *S, const call_banner *cb) {
    float s = f->scale, tw = S->tw * 0.9f, th_ = tw * 1.3f;
    float nw = text_width(f->text, DS_FONT_TITLE, cb->name);
    banner_box b;
    b.fw = 0;
    b.nt = cb->nt;
    b.src[0] = 0;
    if (cb->from >= 0 && cb->from < MJ_PLAYERS) {
        snprintf(b.src, sizeof b.src, "\xe2\x86\x90 %c", mahjong_player_name(cb->from)); /* ← C */
        b.fw = text_width(f->text, DS_FONT_BODY, b.src) + 10 * s;
    }
    b.w = nw + 28 * s + (b.nt ? (float)b.nt * (tw + 3 * s) + 10 * s : 0) + b.fw;
    b.h = (th_ > 38 * s ? th_ : 38 * s) + 14 * s;
    if (b.w > S->bw - S->lw) {
        /* narrow: the name only */
        b.w = nw + 28 * s;
        b.nt = 0;
        b.fw = 0;
    }
    if (b.h > S->bh) b.h = S->bh;
    b.x = S->bx + S->bw - b.w - 8 * s;
    b.y = S->by + S->bh - b.h - 2 * s;
    return b;
}

static int boxes_meet(float ax, float ay, float aw, float ah, const banner_box *b) {
    return ax < b->x + b->w && b->x < ax + aw && ay < b->y + b->h && b->y < ay + ah;
}

/* 1 when the banner's box leaves every tile of seat p in st uncovered (its
 * hand, melds and pond): a portrait canvas fills the band's width with the
 * hand, and a banner there would hide the tiles the call just moved. */
static int banner_clear(const ds_frame *f, const seat_lay *S, const mahjong_state *st, int p,
                        const call_banner *cb) {
    banner_box b = banner_place(f, S, cb);
    uint8_t kinds[20];
    float x, y, m = 2 * f->scale; /* the banner's frame */
    int n = hand_list(st, p, kinds), i, j;
    b.x -= m, b.y -= m, b.w += 2 * m, b.h += 2 * m;
    for (i = 0; i < n; i++) {
        hand_pos(S, i, &x, &y);
        if (boxes_meet(x, y, S->tw, S->th, &b)) return 0;
    }
    for (i = 0; i < st->meld_n[p]; i++)
        for (j = 0; j < 3; j++) {
            meld_pos(S, i, j, &x, &y);
            if (boxes_meet(x, y, S->mw, S->mh, &b)) return 0;
        }
    for (i = 0; i < st->pond_n[p]; i++) {
        if (pond_pos(S, st->pond_n[p], i, &x, &y) && boxes_meet(x, y, S->pw, S->ph, &b)) return 0;
    }
    return 1;
}

static void banner(const ds_frame *f, const seat_lay *S, const call_banner *cb, float a, int moving) {
    const ds_theme *th = f->theme;
    float s = f->scale, tw = S->tw * 0.9f, th_ = tw * 1.3f;
    float nw = text_width(f->text, DS_FONT_TITLE, cb->name);
    float lh = text_line_height(f->text, DS_FONT_TITLE);
    banner_box b = banner_place(f, S, cb);
    int i;
    if (a <= 0.01f) return;
    if (moving) text_moving(f->text, 1);
    b.y += (1 - a) * 10 * s;
    draw_round_rect(f->r, b.x - 2 * s, b.y - 2 * s, b.w + 4 * s, b.h + 4 * s, 10 * s, with_alpha(cb->col, a));
    draw_round_rect(f->r, b.x, b.y, b.w, b.h, 8 * s, with_alpha(th->card, a * 0.97f));
    text_draw(f->text, f->r, DS_FONT_TITLE, b.x + 14 * s, b.y + (b.h - lh) / 2, DS_ALIGN_LEFT, with_alpha(cb->col, a),
              cb->name);
    for (i = 0; i < b.nt; i++)
        mj_draw_tile(f, b.x + nw + 24 * s + (float)i * (tw + 3 * s), b.y + (b.h - th_) / 2, tw, th_, cb->tiles[i], 0, a);
    if (b.fw > 0)
        text_draw(f->text, f->r, DS_FONT_BODY, b.x + b.w - 10 * s,
                  b.y + (b.h - text_line_height(f->text, DS_FONT_BODY)) / 2, DS_ALIGN_RIGHT, with_alpha(th->muted, a),
                  b.src);
    if (moving) text_moving(f->text, 0);
}

/* The discarder a call took its tile from: the state before the call knows
 * it (last_from); read from the trace, nothing decided here. */
static int claim_from(const ds_view *v, const mahjong_event *ev) {
    const mahjong_event *e0 = ds_trace_event(&v->trace, 0);
    size_t i = (size_t)(ev - e0);
    const mahjong_event *d;
    if (i == 0 || i > v->trace.n) return -1;
    d = ds_trace_event(&v->trace, i - 1);
    return d->kind == MJ_EV_DISCARD ? d->player & 3 : -1;
}

/* The banner of event ev (B: the state after it): 1, or 0 when ev has none
 * (a draw, a plain discard; the exhausted wall is drawn on its own). */
static int banner_of(const ds_frame *f, const mahjong_state *B, const mahjong_event *ev, call_banner *cb) {
    const ds_view *v = f->view;
    int dark = f->theme->dark, k;
    memset(cb, 0, sizeof *cb);
    cb->from = -1;
    cb->seat = ev->player & 3;
    cb->col = mj_suit_color(MJ_DOUBLE, dark);
    switch (ev->kind) {
    case MJ_EV_PONG:
    case MJ_EV_CHOW: /* the meld: three of the tile, or the run from ev->target */
        cb->name = WORD(v, ev->kind == MJ_EV_PONG ? W_PONG : W_CHOW);
        for (k = 0; k < 3; k++) cb->tiles[k] = (uint8_t)(ev->kind == MJ_EV_PONG ? ev->tile : ev->target + k);
        cb->nt = 3;
        cb->col = mj_suit_color(ev->tile, dark);
        cb->from = claim_from(v, ev);
        return 1;
    case MJ_EV_RON:
        cb->name = WORD(v, W_RON);
        cb->tiles[0] = ev->tile;
        cb->nt = 1;
        cb->from = claim_from(v, ev);
        return 1;
    case MJ_EV_SELFDRAWN: cb->name = WORD(v, W_SELFDRAWN); return 1;
    case MJ_EV_WIN: cb->name = WORD(v, B->win_how == MJ_EV_RON ? W_RON_WIN : W_SELFDRAWN_WIN); return 1;
    case MJ_EV_SKIP:
        cb->name = WORD(v, W_SKIPPED);
        cb->col = mj_suit_color(0, dark);
        return 1;
    case MJ_EV_DISCARD: /* the special cards: their mark */
        if (ev->tile == MJ_PASS && ev->target < MJ_PLAYERS) {
            cb->name = "\xe2\x9c\x97"; /* ✗ over the player skipped */
            cb->seat = ev->target;
        } else if (ev->tile == MJ_REVERSE) {
            cb->name = "\xe2\x86\x95";
        } else if (ev->tile == MJ_DOUBLE) {
            cb->name = "\xc3\x97" "2";
        } else {
            return 0;
        }
        cb->tiles[0] = ev->tile;
        cb->nt = 1;
        cb->col = mj_suit_color(ev->tile, dark);
        return 1;
    default: return 0;
    }
}

static void draw_seat_label(const ds_frame *f, const lay *L, int p, const mahjong_state *A,
                            const mahjong_state *B, float t, int is_cur, int winner) {
    const ds_theme *th = f->theme;
    const seat_lay *S = &L->seat[p];
    const mahjong_state *X = t < 0.5f ? A : B;
    float s = f->scale, cx = S->bx + S->lw / 2, y = S->by + 4 * s;
    char name[2] = {mahjong_player_name(p), 0}, buf[32];
    SDL_Color c = is_cur ? th->accent : th->fg;
    int bf = S->lw >= 50 * s ? DS_FONT_BODY : DS_FONT_SMALL;
    float bl = text_line_height(f->text, bf);
    /* a short band (small canvases, embeds): the player's letter in the body
     * font, so the letter and the distance both fit inside the band */
    int nf = text_line_height(f->text, DS_FONT_TITLE) + bl + 12 * s <= S->bh ? DS_FONT_TITLE : DS_FONT_BODY;
    float tl = text_line_height(f->text, nf);
    float skip_a = B->skip[p] ? t : 0;
    if (A->skip[p] && !B->skip[p]) skip_a = 1 - t;
    if (A->skip[p] && B->skip[p]) skip_a = 1;
    if (S->strip) {
        /* one line: the letter, its distance beside it (a skip shows on the
         * band: the ✗ banner and the red tint) */
        int lf = strip_letter_font(f, S);
        float lh = text_line_height(f->text, lf), sl = text_line_height(f->text, DS_FONT_SMALL);
        float lx = S->bx + 6 * s, ly = S->by + (S->bh - lh) / 2, lwid = text_width(f->text, lf, name);
        float dx = lx + lwid + 8 * s, bw;
        SDL_Color bc = X->dist[p] == 0 ? mj_suit_color(18, th->dark) : th->muted;
        if (is_cur)
            draw_round_rect(f->r, lx - 3 * s, ly - 1 * s, lwid + 6 * s, lh + 2 * s, 5 * s,
                            color_mix(th->card, th->accent, 0.22f));
        if (winner) c = mj_suit_color(MJ_DOUBLE, th->dark);
        text_draw(f->text, f->r, lf, lx, ly, DS_ALIGN_LEFT, c, name);
        if (X->dist[p] >= 0) snprintf(buf, sizeof buf, "d=%d", X->dist[p]);
        else snprintf(buf, sizeof buf, "d=\xe2\x80\x93");
        if (A->dist[p] != B->dist[p] && t > 0) bc = color_mix(bc, th->accent, 1 - fabsf(t - 0.5f) * 2 * 0.5f);
        bw = text_width(f->text, DS_FONT_SMALL, buf) + 6 * s;
        draw_round_rect(f->r, dx - 3 * s, S->by + (S->bh - sl) / 2 - 1 * s, bw, sl + 2 * s, 4 * s,
                        color_mix(th->card, bc, 0.18f));
        text_draw(f->text, f->r, DS_FONT_SMALL, dx, S->by + (S->bh - sl) / 2, DS_ALIGN_LEFT, bc, buf);
        (void)skip_a;
        return;
    }
    if (is_cur)
        draw_round_rect(f->r, S->bx + 3 * s, S->by + 2 * s, S->lw - 6 * s, tl + 4 * s, 8 * s,
                        color_mix(th->card, th->accent, 0.22f));
    if (winner) c = mj_suit_color(MJ_DOUBLE, th->dark);
    text_draw(f->text, f->r, nf, cx, y, DS_ALIGN_CENTER, c, name);
    y += tl + 4 * s;
    if (X->dist[p] >= 0) snprintf(buf, sizeof buf, "d=%d", X->dist[p]);
    else snprintf(buf, sizeof buf, "d=\xe2\x80\x93");
    {
        float bw = text_width(f->text, bf, buf) + 10 * s;
        SDL_Color bc = X->dist[p] == 0 ? mj_suit_color(18, th->dark) : th->muted;
        if (A->dist[p] != B->dist[p] && t > 0) bc = color_mix(bc, th->accent, 1 - fabsf(t - 0.5f) * 2 * 0.5f);
        draw_round_rect(f->r, cx - bw / 2, y, bw, bl + 2 * s, 5 * s, color_mix(th->card, bc, 0.18f));
        text_draw(f->text, f->r, bf, cx, y + 1 * s, DS_ALIGN_CENTER, bc, buf);
    }
    y += bl + 5 * s;
    if (skip_a > 0.01f && y + bl < S->by + S->bh) {
        SDL_Color red = mj_suit_color(0, th->dark);
        text_draw(f->text, f->r, DS_FONT_SMALL, cx, y, DS_ALIGN_CENTER, with_alpha(red, skip_a),
                  WORD(f->view, W_SKIPPED));
    }
}

static void draw_scene(scene_mj *sc, const ds_frame *f) {
    const ds_view *v = f->view;
    const ds_theme *th = f->theme;
    const mahjong_state *A, *B;
    const mahjong_event *ev = NULL;
    float t = 1, s = f->scale;
    int tween = 0, p, actor = -1, call_on_top = 0, has_banner, banner_fits;
    call_banner cb;
    int hit_mover = -1, hit_from = -1; /* the player to discard / the discarder of a claim window */
    lay L;
    char buf[64];
    flights fl;
    tile_out to;

    fl.n = 0;
    to.shapes = &sc->shapes;
    to.glyphs = &sc->glyphs;
    if (sc->generation != v->generation || !sc->have_final) {
        sc->have_final = ds_trace_seek(&v->trace, v->trace.n, &sc->final) == 0;
        sc->generation = v->generation;
    }
    /* A = the earlier state, B = the later one, t = progress from A to B */
    {
        const void *e = dsv_tween_event(v);
        if (e && v->anim < 1) {
            ev = e;
            tween = 1;
            if (dsv_tween_reversed(v)) {
                A = (const mahjong_state *)v->state;
                B = (const mahjong_state *)v->from;
                t = 1 - (float)dsv_ease(v);
            } else {
                A = (const mahjong_state *)v->from;
                B = (const mahjong_state *)v->state;
                t = (float)dsv_ease(v);
            }
        } else {
            A = B = (const mahjong_state *)v->state;
            if (v->step > 0) ev = ds_trace_event(&v->trace, v->step - 1);
        }
    }
    if (ev) actor = ev->player & 3;
    /* at a decision (settled): whose tiles / seats a click can take */
    if (su_hits_begin(f) > 0) {
        mahjong_options d;
        if (mahjong_decision_at(&v->trace, v->step, &d)) {
            if (d.window) hit_from = actor; /* the claim window of that discard */
            else hit_mover = ((const mahjong_event *)ds_trace_event(&v->trace, v->step))->player & 3;
        }
    }
    compute_layout(f, sc->have_final ? &sc->final : NULL, &L);
    /* A banner that would hide tiles (a short band, a portrait canvas whose
     * hand fills the band) pops up only while its step plays, over the tiles
     * (in motion); settled, a call reads in the top bar instead (top_call)
     * and a special discard's mark on the tile is enough. */
    has_banner = ev && banner_of(f, B, ev, &cb);
    banner_fits = has_banner && !band_compact(f, &L.seat[cb.seat]) && banner_clear(f, &L.seat[cb.seat], B, cb.seat, &cb);
    call_on_top = !tween && has_banner && !banner_fits && ev->kind != MJ_EV_DISCARD;

    /* ---- top bar: wall, turn order, turn number ---- */
    {
        const mahjong_state *X = t < 0.5f ? A : B;
        float x = L.wall_x, y = L.wall_y, lh = text_line_height(f->text, DS_FONT_BODY);
        int left = MJ_TILES - X->wall_pos, i;
        for (i = 2; i >= 0; i--)
            mj_draw_tile(f, x + (float)i * 3 * s, y - (float)i * 2 * s, L.wall_w, L.wall_h, 0, MJT_BACK, 1);
        snprintf(buf, sizeof buf, "\xc3\x97%d", left);
        text_draw(f->text, f->r, DS_FONT_BODY, x + L.wall_w + 12 * s, y + (L.wall_h - lh) / 2, DS_ALIGN_LEFT,
                  left == 0 ? mj_suit_color(0, th->dark) : th->fg, buf);
        /* the turn order strip, centred: A -> B -> C -> D -> A or A -> D -> C -> B -> A */
        if (!call_on_top) {
            static const int order_f[5] = {0, 1, 2, 3, 0}, order_r[5] = {0, 3, 2, 1, 0};
            float cw = 20 * s, aw = 22 * s, total = 5 * cw + 4 * aw, x0 = f->w / 2 - total / 2;
            float rev = A->dir != B->dir ? t : (B->dir < 0 ? 1 : 0); /* 0 = ABCD, 1 = ADCB */
            float yc = L.pad + L.top_h / 2 - 6 * s;
            int k;
            if (f->w < 420 * s) x0 = f->w - L.pad - total;
            for (k = 0; k < 5; k++) {
                int who_f = order_f[k], who_r = order_r[k];
                float xc = x0 + (float)k * (cw + aw) + cw / 2;
                char nm[2] = {0, 0};
                int r;
                if (rev > 0.02f && rev < 0.98f) text_moving(f->text, 1); /* cross-fading */
                for (r = 0; r < 2; r++) {
                    int who = r ? who_r : who_f;
                    float a = r ? rev : 1 - rev;
                    SDL_Color c = (who == X->cur && k < 4 && X->phase != MJ_PH_DEAL) ? th->accent : th->fg;
                    if (a < 0.02f) continue;
                    if (k == 4) c = th->muted;
                    if (who == X->cur && k < 4 && X->phase != MJ_PH_DEAL)
                        draw_circle(f->r, xc, yc, 11 * s, with_alpha(color_mix(th->card, th->accent, 0.25f), a));
                    nm[0] = mahjong_player_name(who);
                    text_draw(f->text, f->r, DS_FONT_BODY, xc, yc - lh / 2, DS_ALIGN_CENTER, with_alpha(c, a), nm);
                }
                if (rev > 0.02f && rev < 0.98f) text_moving(f->text, 0);
                if (k < 4) {
                    float ax = xc + cw / 2 + 3 * s, bx = ax + aw - 6 * s;
                    su_line(f->r, ax, yc, bx - 4 * s, yc, 2 * s, th->muted);
                    su_triangle(f->r, bx, yc, bx - 7 * s, yc - 5 * s, bx - 7 * s, yc + 5 * s, th->muted);
                }
            }
        }
        if (f->w >= 420 * s && !call_on_top) {
            snprintf(buf, sizeof buf, "#%d", X->turns);
            text_draw(f->text, f->r, DS_FONT_BODY, f->w - L.pad, y + (L.wall_h - lh) / 2, DS_ALIGN_RIGHT, th->muted,
                      buf);
        }
    }

    /* ---- the four seats ---- */
    for (p = 0; p < MJ_PLAYERS; p++) {
        const seat_lay *S = &L.seat[p];
        const mahjong_state *X = t < 0.5f ? A : B;
        int is_cur = X->phase != MJ_PH_DEAL && X->phase != MJ_PH_OVER && X->cur == p;
        int winner = B->winner == p && (B->phase == MJ_PH_WON || B->phase == MJ_PH_OVER);
        uint8_t ka[20], kb[20];
        int na, nb, i, j, m;
        int hide_pond_last = tween && ev && ev->kind == MJ_EV_DISCARD && actor == p;
        int hide_meld_last = tween && ev && (ev->kind == MJ_EV_PONG || ev->kind == MJ_EV_CHOW) && actor == p;
        SDL_Color band = th->card;
        if (winner) band = color_mix(th->card, mj_suit_color(MJ_DOUBLE, th->dark), 0.16f * (A == B ? 1 : t));
        else if (is_cur) band = color_mix(th->card, th->accent, 0.07f);
        draw_round_rect(f->r, S->bx, S->by, S->bw, S->bh, 10 * s, band);
        if (ev && ev->kind == MJ_EV_SKIP && actor == p) {
            /* the skipped seat: crossed out for this step */
            SDL_Color red = mj_suit_color(0, th->dark);
            draw_round_rect(f->r, S->bx, S->by, S->bw, S->bh, 10 * s, with_alpha(red, 0.10f * t));
        }
        draw_seat_label(f, &L, p, A, B, tween ? t : 1, is_cur, winner);
        /* clickable: the mover's seat means SELFDRAWN (its tiles, added
         * later, lie on top and mean their discards); in a claim window a
         * claimer's seat means its claims ("B PONG", "C CHOW 3P 4P 5P") */
        if (p == hit_mover) su_hits_add(f, S->bx, S->by, S->bw, S->bh, su_hits_match(f, "SELFDRAWN", SU_HIT_EXACT));
        if (hit_from >= 0 && p != hit_from) {
            char who[3] = {mahjong_player_name(p), ' ', 0};
            su_hits_add(f, S->bx, S->by, S->bw, S->bh, su_hits_match(f, who, SU_HIT_PREFIX));
        }

        /* melds (B); the new one flies in during its tween */
        for (m = 0; m < B->meld_n[p]; m++) {
            const mahjong_meld *md = &B->melds[p][m];
            if (hide_meld_last && m == B->meld_n[p] - 1) continue;
            for (j = 0; j < 3; j++) {
                float x, y;
                unsigned tfl = j == meld_called_slot(md) ? MJT_CALLED : 0;
                if (!tween && ev && (ev->kind == MJ_EV_PONG || ev->kind == MJ_EV_CHOW) && actor == p &&
                    m == B->meld_n[p] - 1)
                    tfl |= MJT_HILITE;
                meld_pos(S, m, j, &x, &y);
                tile_to(f, &to, x, y, S->mw, S->mh, meld_tile(md, j), tfl, 1, NULL);
            }
        }
        /* pond (B); a called tile fades out */
        for (i = 0; i < B->pond_n[p]; i++) {
            const mahjong_pond_tile *pt = &B->pond[p][i];
            float x, y;
            unsigned tfl = 0;
            float a = 1;
            if (hide_pond_last && i == B->pond_n[p] - 1) continue;
            if (pt->taken_by != MJ_NOBODY) {
                int was_taken = i < A->pond_n[p] && A->pond[p][i].taken_by != MJ_NOBODY;
                tfl = (was_taken || t > 0.5f) ? MJT_DIM : 0;
            }
            if (!tween && ev && ev->kind == MJ_EV_DISCARD && actor == p && i == B->pond_n[p] - 1) tfl |= MJT_HILITE;
            if (!pond_pos(S, B->pond_n[p], i, &x, &y)) continue;
            /* a claim window: the discarded tile means nobody claims it */
            if (p == hit_from && i == B->pond_n[p] - 1) su_hits_add(f, x, y, S->pw, S->ph, su_hits_match(f, "pass", SU_HIT_EXACT));
            if (pt->taken_by != MJ_NOBODY && (tfl & MJT_DIM)) {
                /* called: the caller's letter in its place (the tile itself
                 * is in the caller's meld, marked) */
                char who[2] = {mahjong_player_name(pt->taken_by), 0};
                tile_to(f, &to, x, y, S->pw, S->ph, pt->tile, tfl, a, who);
            } else {
                tile_to(f, &to, x, y, S->pw, S->ph, pt->tile, tfl, a, NULL);
            }
        }
        /* hand: A's tiles matched to B's kind by kind */
        na = hand_list(A, p, ka);
        nb = hand_list(B, p, kb);
        {
            int ia = 0, ib = 0;
            int hl_kind = -1;
            if (!tween && ev && actor == p && (ev->kind == MJ_EV_DRAW || ev->kind == MJ_EV_DEAL || ev->kind == MJ_EV_RON))
                hl_kind = ev->tile;
            while (ia < na || ib < nb) {
                float xa, ya, xb, yb, x0, y0;
                int kind;
                if (ia < na && ib < nb && ka[ia] == kb[ib]) {
                    unsigned tfl = 0;
                    kind = kb[ib];
                    hand_pos(S, ia, &xa, &ya);
                    hand_pos(S, ib, &xb, &yb);
                    if (hl_kind == kind && (ib + 1 == nb || kb[ib + 1] != kind)) {
                        tfl = MJT_HILITE;
                        hl_kind = -1;
                    }
                    tile_to(f, &to, lerpf(xa, xb, t), lerpf(ya, yb, t), S->tw, S->th, kind, tfl, 1, NULL);
                    if (p == hit_mover) {
                        /* a hand tile means its discard ("3P"; PASS: "PASS A".."PASS D") */
                        const char *nm = mahjong_tile_name(kind);
                        char pre[16];
                        snprintf(pre, sizeof pre, "%s ", nm);
                        su_hits_add(f, xb, yb, S->tw, S->th,
                                    su_hits_match(f, nm, SU_HIT_EXACT) | su_hits_match(f, pre, SU_HIT_PREFIX));
                    }
                    ia++;
                    ib++;
                } else if (ib >= nb || (ia < na && ka[ia] < kb[ib])) {
                    /* leaves the hand: to the pond (discard) or to the new meld (call) */
                    kind = ka[ia];
                    hand_pos(S, ia, &xa, &ya);
                    if (ev && ev->kind == MJ_EV_DISCARD && B->pond_n[p] > 0) {
                        pond_pos(S, B->pond_n[p], B->pond_n[p] - 1, &xb, &yb);
                        fly(&fl, xa, ya, S->tw, S->th, xb, yb, S->pw, S->ph, t, kind, 0);
                    } else if (ev && (ev->kind == MJ_EV_PONG || ev->kind == MJ_EV_CHOW) && B->meld_n[p] > 0) {
                        const mahjong_meld *md = &B->melds[p][B->meld_n[p] - 1];
                        int slot = 0;
                        for (j = 0; j < 3; j++)
                            if (meld_tile(md, j) == kind && j != meld_called_slot(md)) slot = j;
                        /* PONG: the two hand tiles take slots 0 and 2 */
                        if (md->kind == MJ_MELD_PONG) slot = (ia > 0 && ka[ia - 1] == kind) ? 2 : 0;
                        meld_pos(S, B->meld_n[p] - 1, slot, &xb, &yb);
                        fly(&fl, xa, ya, S->tw, S->th, xb, yb, S->mw, S->mh, t, kind, 0);
                    } else if (t < 1) {
                        tile_to(f, &to, xa, ya, S->tw, S->th, kind, 0, 1 - t, NULL);
                    }
                    ia++;
                } else {
                    /* arrives: from the wall (draw), from a pond (RON) */
                    kind = kb[ib];
                    hand_pos(S, ib, &xb, &yb);
                    x0 = L.wall_x;
                    y0 = L.wall_y;
                    if (ev && ev->kind == MJ_EV_RON && B->last_from < MJ_PLAYERS && B->pond_n[B->last_from] > 0)
                        pond_pos(&L.seat[B->last_from], B->pond_n[B->last_from], B->pond_n[B->last_from] - 1, &x0, &y0);
                    if (tween) fly(&fl, x0, y0, S->pw, S->ph, xb, yb, S->tw, S->th, t, kind, 0);
                    else tile_to(f, &to, xb, yb, S->tw, S->th, kind, MJT_HILITE, 1, NULL);
                    ib++;
                }
            }
        }
        /* the called tile flies from the discarder's pond into the new meld */
        if (hide_meld_last && B->meld_n[p] > 0) {
            const mahjong_meld *md = &B->melds[p][B->meld_n[p] - 1];
            int from = md->from & 3, slot = meld_called_slot(md);
            float x0, y0, x1, y1;
            if (B->pond_n[from] > 0) pond_pos(&L.seat[from], B->pond_n[from], B->pond_n[from] - 1, &x0, &y0);
            else x0 = L.wall_x, y0 = L.wall_y;
            meld_pos(S, B->meld_n[p] - 1, slot, &x1, &y1);
            fly(&fl, x0, y0, L.seat[from].pw, L.seat[from].ph, x1, y1, S->mw, S->mh, t, md->called, MJT_CALLED);
        }
        /* this seat's tiles: shapes, then their codes on top */
        SDL_SetRenderDrawBlendMode(f->r, SDL_BLENDMODE_BLEND);
        mb_flush(&sc->shapes, f->r, NULL);
        mb_flush(&sc->glyphs, f->r, f->text->tex);
    }
    text_moving(f->text, 1); /* tiles in the air pass over the table */
    draw_flights(f, &fl);
    text_moving(f->text, 0);

    /* ---- effects and banners of the event ---- */
    if (call_on_top)
        top_call(f, &L, cb.name, cb.col, cb.from);
    else if (has_banner && (tween || banner_fits))
        banner(f, &L.seat[cb.seat], &cb, t, !banner_fits);
    if (ev && ev->kind == MJ_EV_EXHAUSTED) {
        float a = t, w = 240 * s, h = 70 * s, x = f->w / 2 - w / 2, y = f->h / 2 - h / 2;
        float lh = text_line_height(f->text, DS_FONT_TITLE);
        if (w > f->w - 20 * s) w = f->w - 20 * s, x = 10 * s;
        draw_round_rect(f->r, x - 2 * s, y - 2 * s, w + 4 * s, h + 4 * s, 12 * s, with_alpha(th->muted, a));
        draw_round_rect(f->r, x, y, w, h, 10 * s, with_alpha(th->card, a));
        text_draw(f->text, f->r, DS_FONT_TITLE, f->w / 2, y + (h - lh) / 2, DS_ALIGN_CENTER, with_alpha(th->fg, a),
                  WORD(v, W_EXHAUSTED));
    }
}

static void *create(void) { return calloc(1, sizeof(scene_mj)); }
static void destroy(void *self) {
    scene_mj *sc = self;
    if (!sc) return;
    mb_free(&sc->shapes);
    mb_free(&sc->glyphs);
    free(sc);
}
static void draw(void *self, const ds_frame *f) {
    const ds_theme *th = f->theme;
    SDL_SetRenderDrawColor(f->r, th->bg.r, th->bg.g, th->bg.b, 255);
    SDL_RenderClear(f->r);
    if (!f->view || !f->view->loaded || f->view->game != DSV_MAHJONG || !f->view->state ||
        f->view->trace.state_size != sizeof(mahjong_state)) {
        if (f->view) su_hits_begin(f); /* clears the regions */
        return;
    }
    draw_scene(self, f);
}

/* (the placeholder's card: jade) */
const ds_scene ds_scene_mahjong = {
    "mahjong", create, destroy, NULL, draw, words, W_COUNT, &ds_scene_dp_mahjong, {0x3b, 0xb8, 0x7a, 255},
    {"\xe2\x99\xa0 \xe2\x99\xa5 \xe2\x99\xa6 \xe2\x99\xa3  tiles", "\xe2\x99\xa0 \xe2\x99\xa5 \xe2\x99\xa6 \xe2\x99\xa3  麻将牌"},
    "\xe2\x99\xa6", /* ♦ */
};
