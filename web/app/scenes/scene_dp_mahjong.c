/* scene_dp_mahjong.c - the winning-distance DP of one hand, drawn from the
 * engine's mahjong_dp_record (view_dp_mahjong.c keeps it):
 *
 *   d = 14-3n - best_match        the distance and where it comes from
 *   1M 2M ... Z                   one column per tile kind; under it the
 *   have / F rows                 hand's count and the target's count
 *   g p s1 s2 | values ...        one row per reachable state (g groups,
 *                                 p pair, s1/s2 open sequences); the tables
 *                                 fill column by column (the animation)
 *   the path                      the backtracked optimum (record.choice)
 *   target hand                   groups, + tiles to add, crossed tiles to remove
 *
 * Numbers and codes only; what they mean is written in the page's panel. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/view_dp_mahjong.h"
#include "scenes/draw.h"
#include "scenes/scene.h"
#include "scenes/scene_mahjong.h"
#include "scenes/scene_util.h"

/* Many rectangles or glyphs in one SDL_RenderGeometry call (the table has
 * up to 35 x ~60 cells and as many numbers). Grows once, then reused. */
typedef struct batch {
    SDL_Vertex *v;
    int *idx;
    int nq, cap; /* quads */
} batch;

typedef struct scene_dp {
    float mx, my; /* pointer, CSS px (-1 = none) */
    batch cells, glyphs;
} scene_dp;

static SDL_Vertex *batch_quad(batch *b) {
    if (b->nq == b->cap) {
        int cap = b->cap ? b->cap * 2 : 1024, i;
        SDL_Vertex *v = realloc(b->v, sizeof *v * 4 * (size_t)cap);
        int *idx;
        if (!v) return NULL;
        b->v = v;
        idx = realloc(b->idx, sizeof *idx * 6 * (size_t)cap);
        if (!idx) return NULL;
        b->idx = idx;
        for (i = b->cap; i < cap; i++) {
            idx[i * 6 + 0] = i * 4 + 0; idx[i * 6 + 1] = i * 4 + 1; idx[i * 6 + 2] = i * 4 + 2;
            idx[i * 6 + 3] = i * 4 + 0; idx[i * 6 + 4] = i * 4 + 2; idx[i * 6 + 5] = i * 4 + 3;
        }
        b->cap = cap;
    }
    return &b->v[4 * b->nq++];
}

static void put_quad(SDL_Vertex *q, float x0, float y0, float x1, float y1, float s0, float t0, float s1,
                     float t1, SDL_Color c) {
    q[0].position.x = x0; q[0].position.y = y0; q[0].tex_coord.x = s0; q[0].tex_coord.y = t0;
    q[1].position.x = x1; q[1].position.y = y0; q[1].tex_coord.x = s1; q[1].tex_coord.y = t0;
    q[2].position.x = x1; q[2].position.y = y1; q[2].tex_coord.x = s1; q[2].tex_coord.y = t1;
    q[3].position.x = x0; q[3].position.y = y1; q[3].tex_coord.x = s0; q[3].tex_coord.y = t1;
    q[0].color = q[1].color = q[2].color = q[3].color = c;
}

static void batch_rect(batch *b, float x, float y, float w, float h, SDL_Color c) {
    SDL_Vertex *q = batch_quad(b);
    if (q) put_quad(q, x, y, x + w, y + h, 0, 0, 0, 0, c);
}

/* Like text_draw (same pen rounding), into the batch; vertically centred on cy
 * as text_mid below. */
static void batch_text_mid(batch *b, const ds_text *t, int font, float x, float cy, ds_align al, SDL_Color c,
                           const char *str) {
    float asc = t->atlas.fonts[font].ascent, pen, base, y = cy - asc + asc * 0.36f;
    uint32_t prev = 0;
    if (al != DS_ALIGN_LEFT) {
        float w = ds_atlas_measure(&t->atlas, font, str);
        x -= al == DS_ALIGN_CENTER ? w / 2 : w;
    }
    pen = roundf(x);
    base = roundf(y + asc);
    while (*str) {
        ds_quad g;
        uint32_t cp = ds_utf8_next(&str);
        int blank = ds_atlas_quad(&t->atlas, font, prev, cp, &pen, base, &g);
        SDL_Vertex *q;
        prev = cp;
        if (blank) continue;
        q = batch_quad(b);
        if (q) put_quad(q, g.x0, g.y0, g.x1, g.y1, g.s0, g.t0, g.s1, g.t1, c);
    }
}

static void batch_flush(batch *b, SDL_Renderer *r, SDL_Texture *tex) {
    if (b->nq && tex) SDL_RenderGeometry(r, tex, b->v, b->nq * 4, b->idx, b->nq * 6);
    else if (b->nq) draw_geometry(r, b->v, b->nq * 4, b->idx, b->nq * 6); /* opaque: unblended */
    b->nq = 0;
}

static SDL_Color alpha_c(SDL_Color c, float a) {
    if (a < 0) a = 0;
    if (a > 1) a = 1;
    c.a = (Uint8)(c.a * a);
    return c;
}

/* Text vertically centred on cy. */
static void text_mid(const ds_frame *f, int font, float x, float cy, ds_align al, SDL_Color c, const char *s) {
    float asc = text_ascent(f->text, font);
    /* digits and capitals sit between the baseline and ~0.72 of the ascent */
    text_draw(f->text, f->r, font, x, cy - asc + asc * 0.36f, al, c, s);
}

typedef struct geo {
    float s, pad;
    float x0;          /* left of the start column */
    float sw;          /* start column width */
    float cx0, cw;     /* first kind column, column width */
    float lab_x, lab_w;
    float head_y, head_h, have_y, f_y, row_h_small;
    float ty, rh;      /* table top, row height */
    float bottom_y;    /* target hand area top */
} geo;

static float col_x(const geo *g, int k) { /* left of the column of value[k] (k = 0: the start) */
    return k == 0 ? g->x0 : g->cx0 + (float)(k - 1) * g->cw;
}
static float col_w(const geo *g, int k) { return k == 0 ? g->sw : g->cw; }

static void draw_target(const ds_frame *f, const mj_dpv *d, float x, float y, float w, float h, float a) {
    const mahjong_dp_record *rec = &d->rec;
    float s = f->scale, tw, th, gap, cx;
    int k, i, n = 0, groups = 0, nrem = 0;
    uint8_t used[MJ_NORMAL_KINDS]; /* copies of each kind in F already drawn that match the hand */
    const ds_theme *T = f->theme;
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        n += rec->target[k];
        groups += rec->seq_start[k] + rec->triplet[k] + rec->pair[k];
    }
    for (k = 0; k < MJ_KINDS; k++) nrem += rec->remove[k];
    /* tiles + a gap per group + the removed tiles after a minus sign */
    tw = (w - (float)(groups + 2) * 10 * s) / (float)(n + nrem + 2);
    if (tw > 34 * s) tw = 34 * s;
    th = tw * 1.3f;
    if (th > h) th = h, tw = th / 1.3f;
    gap = 10 * s;
    cx = x;
    memset(used, 0, sizeof used);
    /* a tile of kind k in F is "kept" while the hand still has copies left,
     * else it is one of the tiles to add */
#define PUT(kind)                                                                                  \
    do {                                                                                           \
        int kk_ = (kind);                                                                          \
        unsigned fl_ = used[kk_] < rec->hand[kk_] ? 0 : MJT_ADD;                                  \
        used[kk_]++;                                                                               \
        mj_draw_tile(f, cx, y, tw, th, kk_, fl_, a);                                               \
        cx += tw + 2 * s;                                                                          \
    } while (0)
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        for (i = 0; i < rec->seq_start[k]; i++) {
            PUT(k);
            PUT(k + 1);
            PUT(k + 2);
            cx += gap;
        }
        if (rec->triplet[k]) {
            PUT(k);
            PUT(k);
            PUT(k);
            cx += gap;
        }
    }
    for (k = 0; k < MJ_NORMAL_KINDS; k++)
        if (rec->pair[k]) {
            PUT(k);
            PUT(k);
            cx += gap;
        }
#undef PUT
    if (nrem) {
        text_mid(f, DS_FONT_TITLE, cx + 4 * s, y + th / 2, DS_ALIGN_LEFT, alpha_c(T->muted, a), "\xe2\x88\x92");
        cx += text_width(f->text, DS_FONT_TITLE, "\xe2\x88\x92") + 12 * s;
        for (k = 0; k < MJ_KINDS; k++)
            for (i = 0; i < rec->remove[k]; i++) {
                mj_draw_tile(f, cx, y, tw, th, k, MJT_REMOVE, a);
                cx += tw + 2 * s;
            }
    }
}

static void draw_dp(scene_dp *sc, const ds_frame *f, const mj_dpv *d) {
    const ds_theme *T = f->theme;
    const mahjong_dp_record *rec = &d->rec;
    float s = f->scale, a = (float)d->anim;
    float pos = (float)d->from_pos + (float)(d->pos - d->from_pos) * (a < 0 ? 0 : a > 1 ? 1 : a);
    int shown = d->pos < MJ_NORMAL_KINDS ? d->pos : MJ_NORMAL_KINDS; /* last value[] column shown */
    geo g;
    char buf[64];
    int k, r, maxv = 1;
    float lh_s = text_line_height(f->text, DS_FONT_SMALL);
    int narrow;

    memset(&g, 0, sizeof g);
    g.s = s;
    g.pad = (f->w < 500 * s ? 8 : 14) * s;
    narrow = f->w < 700 * s;
    g.lab_w = (narrow ? 44 : 70) * s;
    g.lab_x = g.pad;
    g.x0 = g.lab_x + g.lab_w;
    g.cw = (f->w - g.x0 - g.pad) / 34.7f;
    if (g.cw > 34 * s) g.cw = 34 * s;
    g.sw = g.cw * 0.7f;
    g.cx0 = g.x0 + g.sw;

    /* ---- title: d = (14-3n) - match ---- */
    {
        float y = g.pad, lt = text_line_height(f->text, DS_FONT_TITLE);
        float x = g.pad;
        char who[2] = {mahjong_player_name(d->player), 0};
        x += text_draw(f->text, f->r, DS_FONT_TITLE, x, y, DS_ALIGN_LEFT, T->accent, who) + 14 * s;
        snprintf(buf, sizeof buf, "d = %d", rec->distance);
        x += text_draw(f->text, f->r, DS_FONT_TITLE, x, y, DS_ALIGN_LEFT, T->fg, buf) + 14 * s;
        snprintf(buf, sizeof buf, "= %d \xe2\x88\x92 %d", 14 - 3 * d->melds, rec->best_match);
        if (d->pos >= MJ_DPV_POS_TRACE || !narrow)
            text_draw(f->text, f->r, DS_FONT_BODY, x, y + lt - text_line_height(f->text, DS_FONT_BODY) - 3 * s,
                      DS_ALIGN_LEFT, d->pos >= MJ_DPV_POS_TRACE ? T->fg : T->muted, buf);
        /* the animation position, right */
        if (d->pos <= MJ_NORMAL_KINDS)
            snprintf(buf, sizeof buf, "%d / 34", d->pos);
        else
            snprintf(buf, sizeof buf, "34 / 34 \xe2\x9c\x93");
        text_draw(f->text, f->r, DS_FONT_BODY, f->w - g.pad, y + lt - text_line_height(f->text, DS_FONT_BODY) - 3 * s,
                  DS_ALIGN_RIGHT, T->muted, buf);
        g.head_y = y + lt + 8 * s;
    }

    /* ---- column heads: the kinds, have, F ---- */
    g.head_h = g.cw * 1.25f;
    if (g.head_h > 30 * s) g.head_h = 30 * s;
    g.row_h_small = lh_s;
    g.have_y = g.head_y + g.head_h + 3 * s;
    g.f_y = g.have_y + lh_s;
    g.ty = g.f_y + lh_s + 4 * s;
    g.bottom_y = f->h - g.pad - (narrow ? 48 : 56) * s;
    g.rh = (g.bottom_y - 8 * s - g.ty) / (float)(d->nrows > 0 ? d->nrows : 1);
    if (g.rh > 20 * s) g.rh = 20 * s;

    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        float x = col_x(&g, k + 1);
        int cur = k + 1 == shown && d->pos <= MJ_NORMAL_KINDS;
        if (g.cw >= 18 * s) {
            mj_draw_tile(f, x + 1 * s, g.head_y, g.cw - 2 * s, g.head_h, k, cur ? MJT_HILITE : 0, 1);
        } else {
            SDL_Color c = mj_suit_color(k, T->dark);
            draw_rect(f->r, x + 0.5f * s, g.head_y + g.head_h - 4 * s, g.cw - 1 * s, 4 * s, c);
            if (g.cw >= 9 * s) {
                const char *nm = mahjong_tile_name(k);
                char one[2] = {nm[0], 0};
                text_mid(f, DS_FONT_SMALL, x + g.cw / 2, g.head_y + (g.head_h - 4 * s) / 2, DS_ALIGN_CENTER,
                         cur ? T->accent : c, one);
            }
        }
        if (g.cw >= 9 * s) {
            snprintf(buf, sizeof buf, "%d", rec->hand[k]);
            text_draw(f->text, f->r, DS_FONT_SMALL, x + g.cw / 2, g.have_y, DS_ALIGN_CENTER,
                      rec->hand[k] ? T->fg : T->muted, buf);
            if (d->pos >= MJ_DPV_POS_TRACE) {
                SDL_Color c = rec->target[k] > rec->hand[k] ? mj_suit_color(18, T->dark) : T->accent;
                snprintf(buf, sizeof buf, "%d", rec->target[k]);
                if (rec->target[k] || rec->hand[k])
                    text_draw(f->text, f->r, DS_FONT_SMALL, x + g.cw / 2, g.f_y, DS_ALIGN_CENTER,
                              alpha_c(rec->target[k] ? c : T->muted, d->pos > MJ_DPV_POS_TRACE ? 1 : a), buf);
            }
        }
    }
    /* row heads of have / F and the state columns */
    text_draw(f->text, f->r, DS_FONT_SMALL, g.x0 - 6 * s, g.have_y, DS_ALIGN_RIGHT, T->muted, "H");
    if (d->pos >= MJ_DPV_POS_TRACE)
        text_draw(f->text, f->r, DS_FONT_SMALL, g.x0 - 6 * s, g.f_y, DS_ALIGN_RIGHT, T->muted, "F");
    text_draw(f->text, f->r, DS_FONT_SMALL, g.lab_x, g.head_y + g.head_h - lh_s, DS_ALIGN_LEFT, T->muted,
              narrow ? "gp s" : "g p s1s2");

    /* ---- the table ---- */
    for (k = 0; k <= MJ_NORMAL_KINDS; k++)
        for (r = 0; r < d->nrows; r++) {
            int v = rec->value[k][d->row_state[r]];
            if (v > maxv) maxv = v;
        }
    {
        /* numbers only where they stay legible: the small font (13 CSS px)
         * in a row that holds it; smaller cells are colour only and say
         * their value on hover (the page makes the canvas tall enough for
         * rows of 16 px when the DP view is open) */
        int digits = g.rh >= 13.5f * s && g.cw >= 15 * s;
        float tcol = pos < MJ_NORMAL_KINDS ? pos : MJ_NORMAL_KINDS; /* columns 0..tcol filled */
        for (r = 0; r < d->nrows; r++) {
            int st = d->row_state[r];
            float y = g.ty + (float)r * g.rh;
            if (r % 2 == 0) batch_rect(&sc->cells, g.lab_x, y, f->w - g.pad - g.lab_x, g.rh, alpha_c(T->card, 0.7f));
            if (g.rh >= 9.5f * s) {
                if (narrow) snprintf(buf, sizeof buf, "%d%d %d%d", st / 50, st / 25 % 2, st / 5 % 5, st % 5);
                else snprintf(buf, sizeof buf, "%d %d  %d %d", st / 50, st / 25 % 2, st / 5 % 5, st % 5);
                batch_text_mid(&sc->glyphs, f->text, DS_FONT_SMALL, g.lab_x + 2 * s, y + g.rh / 2, DS_ALIGN_LEFT, T->muted, buf);
            }
            for (k = 0; k <= MJ_NORMAL_KINDS; k++) {
                int v = rec->value[k][st];
                float x = col_x(&g, k), w = col_w(&g, k), ca;
                uint16_t ch;
                SDL_Color fill;
                if (v < 0) continue;
                /* the newest column fades in top to bottom */
                if ((float)k > tcol + 1e-3f) continue;
                ca = 1;
                if ((float)k > tcol - 1 + 1e-3f && d->pos <= MJ_NORMAL_KINDS && d->anim < 1) {
                    float frac = tcol - (float)(k - 1);
                    ca = frac * 1.6f - (float)r / (float)(d->nrows > 0 ? d->nrows : 1) * 0.6f;
                }
                if (ca <= 0) continue;
                ch = k > 0 ? rec->choice[k - 1][st] : 0;
                fill = color_mix(T->card, T->accent, 0.12f + 0.6f * (float)v / (float)maxv);
                if (k > 0 && (ch & MJ_DP_PRUNED)) fill = color_mix(T->card, T->muted, 0.25f);
                batch_rect(&sc->cells, x + 0.5f * s, y + 0.5f * s, w - 1 * s, g.rh - 1 * s, alpha_c(fill, ca));
                if (digits) {
                    snprintf(buf, sizeof buf, "%d", v);
                    batch_text_mid(&sc->glyphs, f->text, DS_FONT_SMALL, x + w / 2, y + g.rh / 2, DS_ALIGN_CENTER,
                                   alpha_c(k > 0 && (ch & MJ_DP_PRUNED) ? T->muted : T->fg, ca), buf);
                }
            }
        }
        if (f->out) { /* measured, for the page and its tests */
            f->out->dpm.cell_px = digits ? text_size(DS_FONT_SMALL) : 0;
            f->out->dpm.row_px = g.rh / s;
            f->out->dpm.table_x = g.lab_x / s;
            f->out->dpm.table_y = g.ty / s;
        }
        SDL_SetRenderDrawBlendMode(f->r, SDL_BLENDMODE_BLEND);
        batch_flush(&sc->cells, f->r, NULL);
        batch_flush(&sc->glyphs, f->r, f->text->tex);
        /* the current column outline */
        if (d->pos <= MJ_NORMAL_KINDS) {
            float x = col_x(&g, shown), w = col_w(&g, shown);
            float h = (float)d->nrows * g.rh;
            SDL_Color c = alpha_c(T->accent, 0.9f);
            draw_rect(f->r, x, g.ty - 1 * s, w, 2 * s, c);
            draw_rect(f->r, x, g.ty + h - 1 * s, w, 2 * s, c);
            draw_rect(f->r, x - 1 * s, g.ty, 2 * s, h, c);
            draw_rect(f->r, x + w - 1 * s, g.ty, 2 * s, h, c);
        }
    }

    /* ---- the backtracked path ---- */
    if (d->pos >= MJ_DPV_POS_TRACE) {
        float upto = d->pos > MJ_DPV_POS_TRACE ? 35.0f : (float)(a * 35.0);
        SDL_Color pc = T->dark ? (SDL_Color){0xff, 0xc4, 0x4d, 255} : (SDL_Color){0xd0, 0x7a, 0x00, 255};
        /* traced from the end state back to the start */
        for (k = MJ_NORMAL_KINDS; k >= 0; k--) {
            int rr = d->state_row[d->path[k]];
            float x = col_x(&g, k), w = col_w(&g, k), y;
            if (rr < 0) continue;
            if ((float)(MJ_NORMAL_KINDS - k) > upto) break;
            y = g.ty + (float)rr * g.rh;
            draw_rect(f->r, x, y, w, 2 * s, pc);
            draw_rect(f->r, x, y + g.rh - 2 * s, w, 2 * s, pc);
            draw_rect(f->r, x, y, 2 * s, g.rh, pc);
            draw_rect(f->r, x + w - 2 * s, y, 2 * s, g.rh, pc);
            if (k > 0) {
                int r0 = d->state_row[d->path[k - 1]];
                if (r0 >= 0 && (float)(MJ_NORMAL_KINDS - k + 1) <= upto)
                    su_line(f->r, col_x(&g, k - 1) + col_w(&g, k - 1) / 2, g.ty + ((float)r0 + 0.5f) * g.rh,
                          x + w / 2, y + g.rh / 2, 2.5f * s, alpha_c(pc, 0.85f));
            }
        }
    }

    /* ---- the target hand ---- */
    if (d->pos >= MJ_DPV_POS_TARGET) {
        float ta = d->from_pos < MJ_DPV_POS_TARGET ? a : 1;
        draw_target(f, d, g.pad, g.bottom_y + 2 * s, f->w - 2 * g.pad, f->h - g.bottom_y - g.pad - 2 * s, ta);
    } else {
        /* the hand itself, while the tables fill */
        float x = g.pad, tw = (f->w - 2 * g.pad) / 16.0f, th;
        int c;
        if (tw > 30 * s) tw = 30 * s;
        th = tw * 1.3f;
        if (th > f->h - g.bottom_y - g.pad) th = f->h - g.bottom_y - g.pad, tw = th / 1.3f;
        for (k = 0; k < MJ_KINDS; k++)
            for (c = 0; c < rec->hand[k]; c++) {
                int cur = d->pos <= MJ_NORMAL_KINDS && k + 1 == shown;
                mj_draw_tile(f, x, g.bottom_y + 2 * s, tw, th, k, cur ? MJT_HILITE : 0, 1);
                x += tw + 2 * s;
            }
    }

    /* ---- hover: the state code and value of the cell under the pointer;
     * the row's state for the page, which says it in words ---- */
    if (f->out) f->out->dpm.hover_state = -1;
    if (sc->mx >= 0 && d->nrows > 0) {
        float px = sc->mx * s, py = sc->my * s;
        int rr = (int)floorf((py - g.ty) / g.rh), kk = -1;
        if (rr >= 0 && rr < d->nrows && px >= g.lab_x && px < f->w - g.pad && f->out)
            f->out->dpm.hover_state = d->row_state[rr];
        if (px >= g.x0 && px < g.x0 + g.sw) kk = 0;
        else if (px >= g.cx0) kk = (int)floorf((px - g.cx0) / g.cw) + 1;
        if (rr >= 0 && rr < d->nrows && kk >= 0 && kk <= shown) {
            int st = d->row_state[rr], v = rec->value[kk][st];
            char code[16];
            if (v >= 0) {
                float w, h = lh_s + 8 * s, x, y;
                mj_dpv_state_code(st, code, sizeof code);
                snprintf(buf, sizeof buf, "%s %s = %d", kk ? mahjong_tile_name(kk - 1) : "0", code, v);
                w = text_width(f->text, DS_FONT_SMALL, buf) + 14 * s;
                x = px + 12 * s;
                y = py + 12 * s;
                if (x + w > f->w) x = px - w - 8 * s;
                if (y + h > f->h) y = py - h - 8 * s;
                draw_round_rect(f->r, x, y, w, h, 5 * s, T->fg);
                text_draw(f->text, f->r, DS_FONT_SMALL, x + 7 * s, y + 4 * s, DS_ALIGN_LEFT, T->bg, buf);
            }
        }
    }
}

static void *create(void) {
    scene_dp *sc = calloc(1, sizeof *sc);
    if (sc) sc->mx = sc->my = -1;
    return sc;
}
static void destroy(void *self) {
    scene_dp *sc = self;
    if (!sc) return;
    free(sc->cells.v);
    free(sc->cells.idx);
    free(sc->glyphs.v);
    free(sc->glyphs.idx);
    free(sc);
}
static int event(void *self, const ds_pointer *p, ds_view *v) {
    scene_dp *sc = self;
    (void)v;
    if (p->kind == DS_POINTER_MOVE) {
        sc->mx = p->x;
        sc->my = p->y;
    } else if (p->kind == DS_POINTER_LEAVE) {
        sc->mx = sc->my = -1;
    }
    return 0;
}

/* Draws the DP state the model's update step left (dsv_dp_update; for an
 * export, dsv_dp_still): nothing here moves it. */
static void draw(void *self, const ds_frame *f) {
    const ds_theme *T = f->theme;
    const mj_dpv *d = mj_dpv_get(f->view);
    SDL_SetRenderDrawColor(f->r, T->bg.r, T->bg.g, T->bg.b, 255);
    SDL_RenderClear(f->r);
    if (f->out) f->out->dpm.hover_state = -1;
    if (!d || !d->ok) {
        if (f->view && f->view->loaded) {
            char buf[48];
            snprintf(buf, sizeof buf, "d = \xe2\x80\x93   (%zu)", f->view->step);
            text_draw(f->text, f->r, DS_FONT_TITLE, f->w / 2, f->h / 2 - 20 * f->scale, DS_ALIGN_CENTER, T->muted,
                      buf);
        }
        return;
    }
    draw_dp(self, f, d);
}

const ds_scene ds_scene_dp_mahjong = {.name = "dp_mahjong", .create = create, .destroy = destroy, .event = event,
    .draw = draw};
