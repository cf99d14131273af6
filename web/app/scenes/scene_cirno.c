/* scene_cirno.c - Cirno's Arithmetic Game on the canvas.
 *
 * Players sit around a table (an ellipse of seats for a few players, a
 * rectangle of seats for many, a roster list when even that does not fit,
 * e.g. 30 players on a phone), each with the three cards of her hand. The
 * register p is large in the middle, between the card played last and the
 * deck; a ring of arrows shows the direction of play; the player to play is
 * outlined, the DOUBLE marker sits on whoever carries it; the top line holds
 * the round, the play number of the round and the deck count.
 *
 * Everything comes from the view (view.h): the state before and after the
 * step and the engine's event between them; nothing is simulated. A play
 * tweens as: the card flies from its slot to the centre, p counts from the
 * old value to the new one, the drawn card flies from the deck into the
 * slot; a loss flashes red and marks the loser; stepping back plays the same
 * tween in reverse. Once settled, what the step changed stays marked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "scenes/draw.h"
#include "scenes/strings.h"
#include "scenes/scene.h"
#include "scenes/scene_util.h"

/* The words this scene draws, en and zh (ui_word, scenes/strings.h): this
 * file is UTF-8; the build collects its non-ASCII code points for the CJK
 * font (web/cmake/cjk_glyphs.cmake), and frontend_zh checks the table. */
enum {
    W_HUD_ROUND,         /* "ROUND " before r/m */
    W_HUD_PLAY,          /* "PLAY " before the plays of the round */
    W_HUD_DECK,          /* "DECK " before the cards left */
    W_DECK,              /* under the deck */
    W_LOST,              /* badge on the loser's seat */
    W_LOSS,              /* badge under p */
    W_ROUND_P0,          /* caption at a round start: %u round */
    W_ROUND_N,           /* badge when a round starts: %u round */
    W_COUNT
};
static const ui_word words[W_COUNT] = {
    [W_HUD_ROUND] = {"ROUND ", "轮 "},
    [W_HUD_PLAY] = {"PLAY ", "出牌 "},
    [W_HUD_DECK] = {"DECK ", "牌堆 "},
    [W_DECK] = {"DECK", "牌堆"},
    [W_LOST] = {"LOST", "输"},
    [W_LOSS] = {"LOSS", "输了"},
    [W_ROUND_P0] = {"ROUND %u " "\xc2\xb7" " p = 0", "第 %u 轮 " "\xc2\xb7" " p = 0"},
    [W_ROUND_N] = {"ROUND %u", "第 %u 轮"},
};
#define WORD(v, id) ui_word_str((v), &words[id])

enum { MODE_ELLIPSE, MODE_RECT, MODE_ROSTER };
enum { NSTYLE = 3 };

typedef struct seat_style {
    int chip_font;
    float chip_h, name_h, pad, gap; /* CSS px */
    int abbrev;                      /* DOUBLE drawn as DBL */
} seat_style;

static const seat_style styles[NSTYLE] = {
    {DS_FONT_BODY, 30, 18, 7, 4, 0},
    {DS_FONT_SMALL, 23, 16, 5, 3, 0},
    {DS_FONT_SMALL, 21, 15, 4, 3, 1},
};

typedef struct layout {
    float w, h, scale;       /* what it was computed for */
    int n;
    int mode, style;
    float hud_h;
    float sw, sh;            /* seat box, pixels */
    float chip_w, chip_h, chip_gap, pad, name_h;
    float sx[CIRNO_MAX_PLAYERS], sy[CIRNO_MAX_PLAYERS]; /* seat box top-left */
    float cx, cy;            /* table centre */
    float ring_rx, ring_ry;  /* direction ring (0 = none) */
    float bx, by, bw, bh;    /* centre block */
    float zoom;              /* of p (DS_FONT_TITLE) */
    float card_w, card_h;    /* the card in the centre */
    int roster_cols, roster_rows;
} layout;

typedef struct cirno_scene {
    layout L;
    int have_layout;
} cirno_scene;

/* ---- cards ------------------------------------------------------------------ */

static const char *card_label(int card, int abbrev) {
    if (card == CIRNO_DOUBLE && abbrev) return "DBL";
    if (card <= CIRNO_NO_CARD || card >= CIRNO_CARD_KINDS) return "";
    return cirno_card_name(card);
}

/* A colour per card class, so A/B/C/D/E and counters read at a glance. */
static SDL_Color class_color(const su_palette *p, int card) {
    switch (cirno_card_class(card)) {
    case CIRNO_CLASS_ADD: return p->green;
    case CIRNO_CLASS_SUB: return p->rose;
    case CIRNO_CLASS_MUL: return p->accent;
    case CIRNO_CLASS_DIV: return p->teal;
    case CIRNO_CLASS_FIX: return p->muted;
    case CIRNO_CLASS_COUNTER: return card == CIRNO_DOUBLE ? p->amber : p->violet;
    default: return p->card_edge;
    }
}

static void draw_chip(const ds_frame *f, const su_palette *p, const layout *L, float x, float y,
                      float w, float h, int card, float alpha, int font, float zoom, float lift) {
    su_card_style st;
    SDL_Color cc = class_color(p, card);
    st.face = su_alpha(color_mix(p->card, cc, p->bg.r < 128 ? 0.20f : 0.12f), alpha);
    st.edge = su_alpha(color_mix(p->card_edge, cc, 0.75f), alpha);
    st.ink = su_alpha(p->fg, alpha);
    st.edge_w = 1.5f * f->scale;
    st.radius = 4 * f->scale * (h / (L->chip_h > 0 ? L->chip_h : h));
    if (st.radius > h / 3) st.radius = h / 3;
    st.font = font;
    st.zoom = zoom;
    st.lift = lift;
    {
        /* the largest font whose label fits the card */
        const char *label = card_label(card, 0);
        float room = w - 6 * f->scale;
        if (font == DS_FONT_BODY && text_width(f->text, font, label) * zoom > room) st.font = font = DS_FONT_SMALL;
        if (text_width(f->text, font, label) * zoom > room) label = card_label(card, 1);
        (void)L;
        su_card(f, p, x, y, w, h, &st, label);
    }
}

/* ---- layout ----------------------------------------------------------------- */

static float max_label_width(const ds_frame *f, int font, int abbrev) {
    float m = 0;
    int c;
    for (c = CIRNO_A1; c < CIRNO_CARD_KINDS; c++) {
        float w = text_width(f->text, font, card_label(c, abbrev));
        if (w > m) m = w;
    }
    return m;
}

static int boxes_overlap(float ax, float ay, float aw, float ah, float bx, float by, float bw,
                         float bh, float gap) {
    return ax < bx + bw + gap && bx < ax + aw + gap && ay < by + bh + gap && by < ay + ah + gap;
}

static void set_style(const ds_frame *f, layout *L, int style) {
    const seat_style *ss = &styles[style];
    float s = f->scale;
    L->style = style;
    L->chip_h = ss->chip_h * s;
    L->chip_gap = ss->gap * s;
    L->pad = ss->pad * s;
    L->name_h = ss->name_h * s;
    L->chip_w = max_label_width(f, ss->chip_font, ss->abbrev) + (style == 0 ? 14 : 8) * s;
    L->sw = 3 * L->chip_w + 2 * L->chip_gap + 2 * L->pad;
    L->sh = L->pad + L->name_h + L->chip_h + L->pad;
}

/* The centre block for the space around the table centre. */
static void set_centre(const ds_frame *f, layout *L, int big) {
    float s = f->scale;
    L->zoom = big ? 2.3f : 1.5f;
    L->card_w = (big ? 64 : 48) * s;
    L->card_h = (big ? 86 : 64) * s;
    L->bw = (big ? 300 : 220) * s;
    L->bh = (big ? 170 : 124) * s;
    L->bx = L->cx - L->bw / 2;
    L->by = L->cy - L->bh / 2;
}

static int centre_fits_ring(const layout *L) {
    float a = (L->bw / 2) / L->ring_rx, b = (L->bh / 2) / L->ring_ry;
    return L->ring_rx > 0 && L->ring_ry > 0 && a * a + b * b <= 1.0f;
}

static int seats_ok(const layout *L, float gap) {
    int i, j;
    for (i = 0; i < L->n; i++) {
        if (L->sx[i] < 0 || L->sy[i] < L->hud_h || L->sx[i] + L->sw > L->w + 0.5f ||
            L->sy[i] + L->sh > L->h + 0.5f)
            return 0;
        if (boxes_overlap(L->sx[i], L->sy[i], L->sw, L->sh, L->bx, L->by, L->bw, L->bh, gap))
            return 0;
        for (j = i + 1; j < L->n; j++)
            if (boxes_overlap(L->sx[i], L->sy[i], L->sw, L->sh, L->sx[j], L->sy[j], L->sw, L->sh, gap))
                return 0;
    }
    return 1;
}

static int try_ellipse(const ds_frame *f, layout *L, int big) {
    float s = f->scale, m = 10 * s;
    float top = L->hud_h + m, bot = L->h - m;
    float rx = (L->w - 2 * m - L->sw) / 2, ry = (bot - top - L->sh) / 2;
    int i;
    if (rx <= 0 || ry <= 0) return 0;
    L->mode = MODE_ELLIPSE;
    L->cx = L->w / 2;
    L->cy = (top + bot) / 2;
    /* Few players: pull the seats in so the table stays compact. */
    if (L->n <= 4) {
        float want = L->sw * 1.9f;
        if (rx > want) rx = want;
    }
    for (i = 0; i < L->n; i++) {
        float a = -1.5707963f + 6.2831853f * (float)i / (float)L->n;
        float x = L->cx + rx * cosf(a), y = L->cy + ry * sinf(a);
        if (L->n == 1) x = L->cx, y = L->cy - ry;
        L->sx[i] = x - L->sw / 2;
        L->sy[i] = y - L->sh / 2;
    }
    L->ring_rx = rx - L->sw / 2 * 0.55f - 14 * s;
    L->ring_ry = ry - L->sh / 2 - 12 * s;
    set_centre(f, L, big);
    if (!centre_fits_ring(L)) return 0;
    return seats_ok(L, 4 * s);
}

static int try_rect(const ds_frame *f, layout *L, int big) {
    float s = f->scale, m = 10 * s, g = 6 * s;
    float Lx = m + L->sw / 2, Rx = L->w - m - L->sw / 2;
    float Ty = L->hud_h + m + L->sh / 2, By = L->h - m - L->sh / 2;
    int ct, cs, t, b, l, r, i, k = 0;
    if (Rx <= Lx || By <= Ty) return 0;
    ct = (int)floorf((Rx - Lx) / (L->sw + g)) + 1;
    cs = (int)floorf((By - Ty) / (L->sh + g)) - 1;
    if (cs < 0) cs = 0;
    if (2 * ct + 2 * cs < L->n) return 0;
    /* Share the seats out in proportion to each side's room. */
    t = (int)floorf((float)L->n * (float)ct / (float)(2 * ct + 2 * cs) + 0.5f);
    if (t > ct) t = ct;
    if (t < 1) t = 1;
    b = t;
    l = r = (L->n - t - b) / 2;
    r += (L->n - t - b) - 2 * l; /* the odd one on the right */
    while (r > cs || l > cs) {   /* rounding pushed too many to the sides */
        if (t < ct) { t++; if (r > l) r--; else l--; }
        else if (b < ct) { b++; if (r > l) r--; else l--; }
        else return 0;
    }
    if (l < 0 || r < 0) return 0;
    L->mode = MODE_RECT;
    L->cx = L->w / 2;
    L->cy = (Ty + By) / 2;
    /* top: left to right */
    for (i = 0; i < t; i++, k++) {
        float x = t == 1 ? L->cx : Lx + (Rx - Lx) * (float)i / (float)(t - 1);
        L->sx[k] = x - L->sw / 2;
        L->sy[k] = Ty - L->sh / 2;
    }
    for (i = 0; i < r; i++, k++) { /* right: top to bottom */
        float y = Ty + (By - Ty) * (float)(i + 1) / (float)(r + 1);
        L->sx[k] = Rx - L->sw / 2;
        L->sy[k] = y - L->sh / 2;
    }
    for (i = 0; i < b; i++, k++) { /* bottom: right to left */
        float x = b == 1 ? L->cx : Rx - (Rx - Lx) * (float)i / (float)(b - 1);
        L->sx[k] = x - L->sw / 2;
        L->sy[k] = By - L->sh / 2;
    }
    for (i = 0; i < l; i++, k++) { /* left: bottom to top */
        float y = By - (By - Ty) * (float)(i + 1) / (float)(l + 1);
        L->sx[k] = Lx - L->sw / 2;
        L->sy[k] = y - L->sh / 2;
    }
    L->ring_rx = (Rx - Lx) / 2 - L->sw / 2 - 14 * s;
    L->ring_ry = (By - Ty) / 2 - L->sh / 2 - 12 * s;
    set_centre(f, L, big);
    if (!centre_fits_ring(L)) return 0;
    return seats_ok(L, 2 * s);
}

/* Players listed in columns under the centre block. */
static void roster(const ds_frame *f, layout *L) {
    float s = f->scale, m = 8 * s, top, row_h, col_w;
    int cols, rows, i;
    set_style(f, L, 2);
    L->mode = MODE_ROSTER;
    L->cx = L->w / 2;
    set_centre(f, L, 0);
    L->bh = 86 * s;
    L->card_w = 42 * s;
    L->card_h = 56 * s;
    L->zoom = 1.4f;
    L->bw = L->w - 2 * m;
    L->bx = m;
    L->by = L->hud_h + 2 * s;
    L->cy = L->by + L->bh / 2;
    L->ring_rx = L->ring_ry = 0;
    top = L->by + L->bh + 6 * s;
    for (cols = 1; cols < 4; cols++) {
        rows = (L->n + cols - 1) / cols;
        row_h = (L->h - m - top) / (float)rows;
        col_w = (L->w - 2 * m - (float)(cols - 1) * 8 * s) / (float)cols;
        if (row_h >= 20 * s) break;
        /* another column only if a row still has room for a short name */
        if ((L->w - 2 * m - (float)cols * 8 * s) / (float)(cols + 1) <
            3 * L->chip_w + 2 * L->chip_gap + 58 * s)
            break;
    }
    rows = (L->n + cols - 1) / cols;
    row_h = (L->h - m - top) / (float)rows;
    if (row_h > 34 * s) {
        /* room to spare: a larger centre block, the rest split above and below */
        float extra;
        row_h = 34 * s;
        extra = (L->h - m - top) - (float)rows * row_h;
        if (extra > 80 * s) {
            float grow = extra * 0.5f < 50 * s ? extra * 0.5f : 50 * s;
            L->bh += grow;
            L->card_w = 56 * s;
            L->card_h = 76 * s;
            L->zoom = 2.0f;
            L->cy = L->by + L->bh / 2;
            top += grow;
            extra -= grow;
        }
        (void)extra; /* the rest stays below the list */
    }
    col_w = (L->w - 2 * m - (float)(cols - 1) * 8 * s) / (float)cols;
    L->roster_cols = cols;
    L->roster_rows = rows;
    L->sw = col_w;
    L->sh = row_h - 1 * s;
    L->chip_h = L->sh - 2 * s;
    if (L->chip_h > 21 * s) L->chip_h = 21 * s;
    L->pad = 3 * s;
    for (i = 0; i < L->n; i++) {
        int c = i / rows, rr = i % rows;
        L->sx[i] = m + (float)c * (col_w + 8 * s);
        L->sy[i] = top + (float)rr * row_h;
    }
}

static void compute_layout(const ds_frame *f, layout *L, int n) {
    int style, big;
    memset(L, 0, sizeof *L);
    L->w = f->w;
    L->h = f->h;
    L->scale = f->scale;
    L->n = n;
    L->hud_h = 30 * f->scale;
    for (style = 0; style < NSTYLE; style++) {
        for (big = 1; big >= 0; big--) {
            set_style(f, L, style);
            if (try_ellipse(f, L, big)) return;
            set_style(f, L, style);
            if (try_rect(f, L, big)) return;
        }
    }
    roster(f, L);
}

/* Where card slot j of seat i is (pixels). */
static void chip_rect(const layout *L, int i, int j, float *x, float *y, float *w, float *h) {
    if (L->mode == MODE_ROSTER) {
        float right = L->sx[i] + L->sw - L->pad;
        *w = L->chip_w;
        *h = L->chip_h;
        *x = right - (float)(3 - j) * L->chip_w - (float)(2 - j) * L->chip_gap;
        *y = L->sy[i] + (L->sh - L->chip_h) / 2;
        return;
    }
    *w = L->chip_w;
    *h = L->chip_h;
    *x = L->sx[i] + L->pad + (float)j * (L->chip_w + L->chip_gap);
    *y = L->sy[i] + L->pad + L->name_h;
}

/* ---- the tween -------------------------------------------------------------- */

typedef struct tween {
    const cirno_state *pre, *post; /* before / after the event (forward order) */
    const cirno_event *ev;         /* the event between them, NULL when settled */
    const cirno_event *mark;       /* the event that made the shown step (marks) */
    const cirno_event *pre_mark;   /* the event that made the tween's start */
    float k;                       /* 0 = pre, 1 = post */
    size_t pre_step;
    int centre_pre, centre_post;   /* card in the middle before / after */
} tween;

/* The card lying in the middle at `step`: the last card played in the round. */
static int centre_card(const ds_view *v, size_t step) {
    const cirno_event *e;
    if (step == 0) return CIRNO_NO_CARD;
    e = ds_trace_event(&v->trace, step - 1);
    return e->kind == CIRNO_EV_ROUND ? CIRNO_NO_CARD : e->card;
}

static void make_tween(const ds_view *v, tween *tw) {
    const cirno_event *ev = dsv_tween_event(v);
    memset(tw, 0, sizeof *tw);
    if (ev && v->anim < 1) {
        float e = (float)dsv_ease(v);
        if (dsv_tween_reversed(v)) {
            tw->pre = (const cirno_state *)v->state;
            tw->post = (const cirno_state *)v->from;
            tw->k = 1 - e;
            tw->pre_step = v->step;
        } else {
            tw->pre = (const cirno_state *)v->from;
            tw->post = (const cirno_state *)v->state;
            tw->k = e;
            tw->pre_step = v->from_step;
        }
        tw->ev = ev;
        tw->mark = ev;
    } else {
        tw->pre = tw->post = (const cirno_state *)v->state;
        tw->k = 1;
        tw->pre_step = v->step;
        tw->mark = v->step > 0 ? ds_trace_event(&v->trace, v->step - 1) : NULL;
    }
    tw->pre_mark = tw->pre_step > 0 ? ds_trace_event(&v->trace, tw->pre_step - 1) : NULL;
    tw->centre_pre = centre_card(v, tw->pre_step);
    tw->centre_post = centre_card(v, tw->ev ? tw->pre_step + 1 : tw->pre_step);
}

/* Phases of a play's tween (k in [0, 1]). */
#define FLY_A 0.00f
#define FLY_B 0.50f /* the played card lands in the middle */
#define P_A 0.30f
#define P_B 0.75f   /* p counts between these */
#define DRAW_A 0.45f
#define DRAW_B 1.00f /* the drawn card flies in */

/* ---- drawing ----------------------------------------------------------------- */

typedef struct ctx {
    const ds_frame *f;
    const ds_view *v;
    const cirno_input *in;
    su_palette p;
    layout *L;
    tween tw;
    float s;
    int mover; /* the player deciding at this settled step (su_hits_begin), else -1 */
} ctx;

static void centre_geometry(const ctx *c, float *card_x, float *card_y, float *deck_x, float *deck_y,
                            float *p_cy) {
    const layout *L = c->L;
    float inner = L->bw;
    *p_cy = L->by + L->bh * 0.44f;
    *card_x = L->cx - inner / 2 + 6 * c->s;
    if (*card_x < L->bx) *card_x = L->bx;
    *card_y = *p_cy - L->card_h / 2;
    *deck_x = L->cx + inner / 2 - L->card_w - 6 * c->s;
    *deck_y = *card_y;
    if (L->mode == MODE_ROSTER) {
        /* Compact: card, p, deck side by side, nearer to the middle. */
        float span = L->bw < 330 * c->s ? L->bw : 330 * c->s;
        *card_x = L->cx - span / 2;
        *deck_x = L->cx + span / 2 - L->card_w;
    }
}

static void draw_hud(const ctx *c) {
    const ds_frame *f = c->f;
    const cirno_state *pre = c->tw.pre, *post = c->tw.post;
    const cirno_state *now = c->tw.k >= 0.5f ? post : pre;
    float s = c->s, x = 12 * s, cy = c->L->hud_h / 2 + 2 * s;
    char buf[48];
    int changed;
    unsigned deck_now = c->in->k - (c->tw.k >= DRAW_A ? post->deck_pos : pre->deck_pos);
    const cirno_event *mk = c->tw.mark;
    float fade = c->tw.ev ? c->tw.k : 1;
    SDL_Color hi = c->p.accent;

    /* ROUND r/m */
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_ROUND)) ;
    snprintf(buf, sizeof buf, "%u/%u%s", (unsigned)(now->round ? now->round : 0), (unsigned)now->m,
             now->phase == CIRNO_PHASE_GAME_OVER ? " \xe2\x9c\x93" : "");
    changed = mk && mk->kind == CIRNO_EV_ROUND;
    x += su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT, changed ? color_mix(c->p.fg, hi, fade) : c->p.fg, buf);
    x += 18 * s;
    /* PLAY t (in the round) and the game's total */
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_PLAY));
    snprintf(buf, sizeof buf, "%u", (unsigned)now->turn);
    changed = mk && mk->kind != CIRNO_EV_ROUND;
    x += su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT, changed ? color_mix(c->p.fg, hi, fade) : c->p.fg, buf);
    snprintf(buf, sizeof buf, " (#%u)", (unsigned)now->plays);
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, buf);
    x += 18 * s;
    /* DECK left */
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_DECK));
    snprintf(buf, sizeof buf, "%u", deck_now);
    changed = mk && mk->kind != CIRNO_EV_ROUND;
    su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT, changed ? color_mix(c->p.fg, hi, fade) : c->p.fg, buf);
}

/* The ring of arrows around the centre: the direction of play. */
static void draw_ring(const ctx *c) {
    const layout *L = c->L;
    float s = c->s, k = c->tw.k;
    int d0 = c->tw.pre->direction, d1 = c->tw.post->direction;
    float scale = 1, dir, width = 2.5f * s;
    SDL_Color col = color_mix(c->p.card_edge, c->p.muted, 0.35f);
    int i, heads = 6;
    if (L->ring_rx <= 0) return;
    if (d0 != d1 && c->tw.ev) {
        /* TURN (or a new round): the arrows shrink, then grow the other way. */
        scale = fabsf(1 - 2 * k);
        dir = k < 0.5f ? (d0 ? -1.0f : 1.0f) : (d1 ? -1.0f : 1.0f);
        col = color_mix(col, c->p.violet, su_bump(k));
    } else {
        dir = d1 ? -1.0f : 1.0f;
    }
    su_arc(c->f->r, L->cx, L->cy, L->ring_rx, L->ring_ry, 0, 6.2831853f, width, su_alpha(col, 0.7f));
    for (i = 0; i < heads; i++) {
        float a = 6.2831853f * ((float)i + 0.5f) / (float)heads - 1.5707963f;
        float px = L->cx + L->ring_rx * cosf(a), py = L->cy + L->ring_ry * sinf(a);
        float tx = -L->ring_rx * sinf(a) * dir, ty = L->ring_ry * cosf(a) * dir;
        float ang = atan2f(ty, tx), size = 16 * s * scale;
        if (size < 1) continue;
        su_arrow_head(c->f->r, px + cosf(ang) * size / 2, py + sinf(ang) * size / 2, ang, size, col);
    }
}

/* The DOUBLE marker on seat i: "DOUBLE" and one dot per play still owed. */
static void double_label(const ctx *c, int left, char *buf, size_t n) {
    const layout *L = c->L;
    snprintf(buf, n, "%s %s", L->style >= 2 || L->mode == MODE_ROSTER ? "DBL" : "DOUBLE",
             left >= 2 ? "\xe2\x97\x8f\xe2\x97\x8f" : "\xe2\x97\x8f");
}

/* The width of the DOUBLE badge (su_badge_left's). */
static float double_width(const ctx *c, int left) {
    char buf[32];
    double_label(c, left, buf, sizeof buf);
    return text_width(c->f->text, DS_FONT_SMALL, buf) +
           (text_line_height(c->f->text, DS_FONT_SMALL) + 2 * c->s) * 0.9f;
}

static void draw_double(const ctx *c, int i, int left, float alpha) {
    const layout *L = c->L;
    char buf[32];
    float s = c->s, x, cy;
    double_label(c, left, buf, sizeof buf);
    if (alpha <= 0.01f) return;
    if (L->mode == MODE_ROSTER) {
        /* before the cards and the direction arrow of the player to play
         * (who carries it); the name is cut to leave it room */
        float cx0, cy0, cw, ch, tw = double_width(c, left);
        chip_rect(L, i, 0, &cx0, &cy0, &cw, &ch);
        x = cx0 - tw - 18 * s;
        cy = cy0 + ch / 2;
    } else {
        float tw = text_width(c->f->text, DS_FONT_SMALL, buf) + 16 * s;
        x = L->sx[i] + L->sw - tw - 2 * s;
        cy = L->sy[i] + 1 * s;
    }
    su_badge_left(c->f, x, cy, DS_FONT_SMALL, su_alpha(c->p.amber, alpha),
                  su_alpha(c->p.bg, alpha), buf);
}

/* Which card seat i shows in slot j, and how (during the tween). */
static int slot_view(const ctx *c, int i, int j, float *alpha) {
    const tween *tw = &c->tw;
    const cirno_event *ev = tw->ev;
    *alpha = 1;
    if (!ev || ev->kind == CIRNO_EV_ROUND || ev->player != i) return tw->k >= 0.5f ? tw->post->hand[i][j] : tw->pre->hand[i][j];
    if (ev->kind == CIRNO_EV_PLAY) {
        if (j != ev->slot) return tw->post->hand[i][j];
        if (tw->k <= FLY_A + 0.001f) return tw->pre->hand[i][j];
        if (tw->k >= DRAW_B - 0.001f) return tw->post->hand[i][j];
        return CIRNO_NO_CARD; /* in flight */
    }
    /* loss: the played card flies, the other two fade out, three come in */
    if (tw->k <= 0.001f) return tw->pre->hand[i][j];
    if (tw->k >= 0.999f) return tw->post->hand[i][j];
    if (j == ev->slot) return CIRNO_NO_CARD;
    *alpha = 1 - su_phase(tw->k, 0.25f, 0.5f);
    return *alpha > 0 ? tw->pre->hand[i][j] : CIRNO_NO_CARD;
}

static void draw_seat(const ctx *c, int i) {
    const ds_frame *f = c->f;
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const su_palette *p = &c->p;
    float s = c->s, x = L->sx[i], y = L->sy[i], k = tw->k;
    float cur_pre = tw->pre->current == i && tw->pre->phase == CIRNO_PHASE_PLAYING ? 1.0f : 0.0f;
    float cur_post = tw->post->current == i && tw->post->phase == CIRNO_PHASE_PLAYING ? 1.0f : 0.0f;
    float cur = su_lerp(cur_pre, cur_post, su_phase(k, 0.5f, 1.0f));
    int lost_post = tw->post->phase != CIRNO_PHASE_PLAYING && tw->post->phase != CIRNO_PHASE_SETUP &&
                    tw->post->loser == i;
    int lost_pre = tw->pre->phase != CIRNO_PHASE_PLAYING && tw->pre->phase != CIRNO_PHASE_SETUP &&
                   tw->pre->loser == i;
    float lost = su_lerp(lost_pre ? 1.0f : 0.0f, lost_post ? 1.0f : 0.0f, su_phase(k, 0.55f, 0.8f));
    int played = tw->mark && tw->mark->kind != CIRNO_EV_ROUND && tw->mark->player == i;
    char name[48];
    int j;
    SDL_Color edge = p->card_edge, face = p->card;
    float ew = 1 * s;

    if (played) face = color_mix(face, p->accent, 0.07f);
    if (lost > 0) face = color_mix(face, p->red, 0.16f * lost);
    draw_round_rect(f->r, x, y, L->sw, L->sh, 8 * s, face);
    if (cur > 0) {
        edge = color_mix(edge, p->accent, cur);
        ew = su_lerp(1, 2.5f, cur) * s;
    }
    if (lost > 0) {
        edge = color_mix(edge, p->red, lost);
        ew = su_lerp(ew, 2.5f * s, lost);
    }
    su_outline(f->r, x, y, L->sw, L->sh, 8 * s, ew, edge);

    snprintf(name, sizeof name, "%d  %s", i + 1, c->in->names[i]);
    if (L->mode == MODE_ROSTER) {
        float cx0, cy0, cw, ch, room;
        chip_rect(L, i, 0, &cx0, &cy0, &cw, &ch);
        room = cx0 - x - 10 * s;
        if (cur > 0) {
            /* the player to play: a bar, and the direction of play as an
             * arrow down (clockwise, down the list) or up */
            const cirno_state *ds = k >= 0.5f ? tw->post : tw->pre;
            draw_rect(f->r, x, y + 3 * s, 3 * s, L->sh - 6 * s, su_alpha(p->accent, cur));
            su_text_mid(f, DS_FONT_SMALL, x + room + 6 * s, y + L->sh / 2, DS_ALIGN_RIGHT, su_alpha(p->accent, cur),
                        ds->direction ? "\xe2\x86\x91" : "\xe2\x86\x93");
            room -= 14 * s;
            if (tw->post->current == i && tw->post->double_left > 0)
                room -= double_width(c, tw->post->double_left) + 4 * s;
            else if (tw->pre->current == i && tw->pre->double_left > 0)
                room -= double_width(c, tw->pre->double_left) + 4 * s;
        }
        su_text_fit(f, DS_FONT_SMALL, x + 8 * s, y + L->sh / 2, room, DS_ALIGN_LEFT,
                    cur > 0.5f ? p->accent : p->fg, name);
    } else {
        float room = L->sw - 2 * L->pad;
        if (lost > 0.5f) room -= 44 * s;
        su_text_fit(f, DS_FONT_SMALL, x + L->pad + 1 * s, y + L->pad + L->name_h / 2 - 1 * s, room,
                    DS_ALIGN_LEFT, cur > 0.5f ? p->accent : p->fg, name);
    }
    for (j = 0; j < CIRNO_HAND; j++) {
        float cx0, cy0, cw, ch, a;
        int card = slot_view(c, i, j, &a);
        chip_rect(L, i, j, &cx0, &cy0, &cw, &ch);
        if (card == CIRNO_NO_CARD) {
            su_outline(f->r, cx0, cy0, cw, ch, 4 * s, 1 * s, su_alpha(p->card_edge, 0.9f));
            continue;
        }
        draw_chip(c->f, p, L, cx0, cy0, cw, ch, card, a,
                  L->style == 0 && L->mode != MODE_ROSTER ? DS_FONT_BODY : DS_FONT_SMALL, 1, 0);
        /* at a decision, the mover's cards are its candidates (labels: the card) */
        if (i == c->mover) su_hits_add(f, cx0, cy0, cw, ch, su_hits_match(f, cirno_card_name(card), SU_HIT_EXACT));
        /* what changed: the slot(s) that got a new card */
        if (tw->mark && tw->mark->player == i && tw->mark->kind != CIRNO_EV_ROUND &&
            (tw->mark->kind == CIRNO_EV_LOSS || tw->mark->slot == j)) {
            float show = tw->ev ? su_phase(k, 0.9f, 1.0f) : 1;
            if (show > 0)
                su_outline(f->r, cx0 - 2 * s, cy0 - 2 * s, cw + 4 * s, ch + 4 * s, 5 * s, 2 * s,
                           su_alpha(tw->mark->kind == CIRNO_EV_LOSS ? p->red : p->accent, show));
        }
    }
    if (lost > 0.01f) {
        if (L->mode == MODE_ROSTER) {
            float cx0, cy0, cw, ch;
            chip_rect(L, i, 0, &cx0, &cy0, &cw, &ch);
            su_badge(f, cx0 - 26 * s, y + L->sh / 2, DS_FONT_SMALL, su_alpha(p->red, lost),
                     su_alpha(p->bg, lost), WORD(c->v, W_LOST));
        } else {
            su_badge(f, x + L->sw - 26 * s, y + L->pad + L->name_h / 2 - 1 * s, DS_FONT_SMALL,
                     su_alpha(p->red, lost), su_alpha(p->bg, lost), WORD(c->v, W_LOST));
        }
    }
}

static void draw_doubles(const ctx *c) {
    const tween *tw = &c->tw;
    int pre_on = tw->pre->double_left > 0 && tw->pre->phase == CIRNO_PHASE_PLAYING;
    int post_on = tw->post->double_left > 0 && tw->post->phase == CIRNO_PHASE_PLAYING;
    float k = su_phase(tw->k, 0.5f, 1.0f);
    if (pre_on && post_on && tw->pre->current == tw->post->current &&
        tw->pre->double_left == tw->post->double_left) {
        draw_double(c, tw->post->current, tw->post->double_left, 1);
        return;
    }
    if (pre_on) draw_double(c, tw->pre->current, tw->pre->double_left, 1 - k);
    if (post_on) draw_double(c, tw->post->current, tw->post->double_left, k);
}

/* The caption under p for event e: the card and what it did to p. */
static void draw_caption(const ctx *c, const cirno_event *e, float cy, float room, float alpha) {
    char buf[64];
    if (alpha <= 0.001f) return;
    if (e->kind == CIRNO_EV_ROUND) {
        snprintf(buf, sizeof buf, WORD(c->v, W_ROUND_P0), (unsigned)e->round);
    } else {
        const char *cn = cirno_card_name(e->card);
        if (cirno_card_is_counter(e->card))
            snprintf(buf, sizeof buf, "%s \xc2\xb7 p %d", cn, e->p_after);
        else
            snprintf(buf, sizeof buf, "%s \xc2\xb7 %d \xe2\x86\x92 %d", cn, e->p_before, e->p_after);
    }
    /* the body font if it fits between the card and the deck, else the small
     * one, cut if need be */
    su_text_fit(c->f, text_width(c->f->text, DS_FONT_BODY, buf) <= room ? DS_FONT_BODY : DS_FONT_SMALL, c->L->cx,
                cy, room, DS_ALIGN_CENTER, su_alpha(e->kind == CIRNO_EV_LOSS ? c->p.red : c->p.muted, alpha), buf);
}

/* p in the middle, the card played last, the deck, and a caption. */
static void draw_centre(const ctx *c) {
    const ds_frame *f = c->f;
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const cirno_event *ev = tw->ev, *mk = tw->mark;
    const su_palette *p = &c->p;
    float s = c->s, k = tw->k;
    float card_x, card_y, deck_x, deck_y, p_cy;
    int shown, pv0 = tw->pre->p, pv1 = tw->post->p;
    float pk;
    char buf[64];
    SDL_Color pc;
    const ds_atlas_font *af = &f->text->atlas.fonts[DS_FONT_TITLE];
    float ph = af->ascent * 0.72f * L->zoom;
    unsigned deck_left;
    int loss_mark = mk && mk->kind == CIRNO_EV_LOSS;
    float loss_show = loss_mark ? (ev ? su_phase(k, P_B - 0.05f, P_B + 0.1f) : 1) : 0;

    centre_geometry(c, &card_x, &card_y, &deck_x, &deck_y, &p_cy);

    /* the card played last (under a flying one) */
    {
        int under = tw->centre_pre, top = tw->centre_post;
        float land = ev ? su_phase(k, FLY_B - 0.02f, FLY_B) : 1;
        if (ev && ev->kind == CIRNO_EV_ROUND) {
            /* a new round clears the middle */
            if (under != CIRNO_NO_CARD)
                draw_chip(f, p, L, card_x, card_y, L->card_w, L->card_h, under, 1 - su_phase(k, 0, 0.5f),
                          DS_FONT_BODY, 1.0f, 3 * s);
        } else {
            int showc = (ev && land < 1) ? under : top;
            if (showc != CIRNO_NO_CARD)
                draw_chip(f, p, L, card_x, card_y, L->card_w, L->card_h, showc, 1, DS_FONT_BODY, 1.0f, 3 * s);
            else
                su_outline(f->r, card_x, card_y, L->card_w, L->card_h, 6 * s, 1.5f * s, p->card_edge);
        }
    }
    /* the deck */
    deck_left = c->in->k - (k >= DRAW_A ? tw->post->deck_pos : tw->pre->deck_pos);
    {
        int layers = deck_left > 2 ? 3 : (int)deck_left, li;
        su_card_style st;
        st.face = color_mix(p->card, p->accent, 0.25f);
        st.edge = color_mix(p->card_edge, p->accent, 0.5f);
        st.ink = p->fg;
        st.edge_w = 1.5f * s;
        st.radius = 6 * s;
        st.font = DS_FONT_BODY;
        st.zoom = 1;
        st.lift = 0;
        if (layers == 0)
            su_outline(f->r, deck_x, deck_y, L->card_w, L->card_h, 6 * s, 1.5f * s, p->card_edge);
        snprintf(buf, sizeof buf, "%u", deck_left);
        if (text_width(f->text, DS_FONT_BODY, buf) > L->card_w - 6 * s) st.font = DS_FONT_SMALL;
        if (text_width(f->text, st.font, buf) > L->card_w - 4 * s) buf[0] = 0;
        for (li = layers - 1; li >= 0; li--) {
            su_card(f, p, deck_x + (float)li * 3 * s, deck_y - (float)li * 3 * s, L->card_w, L->card_h, &st,
                    li == 0 ? buf : NULL);
        }
        su_text_mid(f, DS_FONT_SMALL, deck_x + L->card_w / 2, deck_y + L->card_h + 9 * s, DS_ALIGN_CENTER,
                    p->muted, WORD(c->v, W_DECK));
    }

    /* p, counting from the old value to the new one */
    if (ev && ev->kind == CIRNO_EV_ROUND) pk = su_phase(k, 0.0f, 0.5f);
    else pk = su_phase(k, P_A, P_B);
    shown = ev ? su_count(pv0, pv1, su_smooth(pk)) : pv1;
    pc = shown > CIRNO_LOSE_ABOVE ? p->red : p->fg;
    if (ev && pv0 != pv1 && pk > 0 && pk < 1) pc = color_mix(pc, p->accent, 0.5f);
    snprintf(buf, sizeof buf, "%d", shown);
    su_text_mid(f, DS_FONT_SMALL, L->cx, p_cy - ph / 2 - 14 * s, DS_ALIGN_CENTER, p->muted,
                loss_show > 0.5f ? "p > 99" : "p");
    su_text_zoom(f, DS_FONT_TITLE, L->zoom, L->cx, p_cy - ph / 2 - af->ascent * 0.28f * L->zoom,
                 DS_ALIGN_CENTER, pc, buf);

    /* caption: the card and what it did to p; during a tween the old one
     * fades out before the new one fades in */
    {
        float cap_y = p_cy + ph / 2 + 18 * s, room = L->bw - 8 * s;
        if (cap_y > L->by + L->bh - 10 * s) cap_y = L->by + L->bh - 10 * s;
        if (cap_y - 9 * s < card_y + L->card_h) room = deck_x - (card_x + L->card_w) - 8 * s;
        if (ev && tw->pre_mark)
            draw_caption(c, tw->pre_mark, cap_y, room, 1 - su_phase(k, 0.0f, 0.3f));
        if (mk) draw_caption(c, mk, cap_y, room, ev ? su_phase(k, 0.6f, 0.9f) : 1);
    }
    if (loss_show > 0) {
        float by = p_cy + ph / 2 + 50 * s;
        int font = DS_FONT_TITLE;
        if (L->mode == MODE_ROSTER) by = p_cy, font = DS_FONT_BODY;
        if (L->mode == MODE_ROSTER)
            su_badge_left(f, L->cx + su_text_zoom_width(f, DS_FONT_TITLE, L->zoom, "140") / 2 + 8 * s, by,
                          font, su_alpha(p->red, loss_show), su_alpha(p->bg, loss_show), WORD(c->v, W_LOSS));
        else
            su_badge(f, L->cx, by, font, su_alpha(p->red, loss_show), su_alpha(p->bg, loss_show), WORD(c->v, W_LOSS));
    }
}

/* Cards in the air: the played card to the middle, drawn cards from the deck. */
static void draw_flights(const ctx *c) {
    const ds_frame *f = c->f;
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const cirno_event *ev = tw->ev;
    const su_palette *p = &c->p;
    float s = c->s, k = tw->k;
    float card_x, card_y, deck_x, deck_y, p_cy, sx, sy, sw, sh, x, y, w, h, q;
    int j;
    if (!ev || ev->kind == CIRNO_EV_ROUND) return;
    centre_geometry(c, &card_x, &card_y, &deck_x, &deck_y, &p_cy);
    /* the played card: from its slot to the middle, growing */
    q = su_smooth(su_phase(k, FLY_A, FLY_B));
    if (q > 0 && q < 1) {
        chip_rect(L, ev->player, ev->slot, &sx, &sy, &sw, &sh);
        w = su_lerp(sw, L->card_w, q);
        h = su_lerp(sh, L->card_h, q);
        su_fly(sx + sw / 2, sy + sh / 2, card_x + L->card_w / 2, card_y + L->card_h / 2, 40 * s, q, &x, &y);
        draw_chip(f, p, L, x - w / 2, y - h / 2, w, h, ev->card, 1,
                  q > 0.5f || L->style == 0 ? DS_FONT_BODY : DS_FONT_SMALL, 1, 8 * s);
    }
    /* drawn cards: from the deck into the slot(s) */
    for (j = 0; j < CIRNO_HAND; j++) {
        int slot = ev->kind == CIRNO_EV_LOSS ? j : ev->slot;
        float a = DRAW_A + (ev->kind == CIRNO_EV_LOSS ? 0.12f * (float)j : 0);
        int card = ev->kind == CIRNO_EV_LOSS ? ev->drawn[j] : ev->drawn[0];
        if (ev->kind != CIRNO_EV_LOSS && j > 0) break;
        q = su_smooth(su_phase(k, a, a + (DRAW_B - DRAW_A) * 0.75f));
        if (q <= 0 || q >= 1 || k >= 0.999f) continue;
        chip_rect(L, ev->player, slot, &sx, &sy, &sw, &sh);
        w = su_lerp(L->card_w, sw, q);
        h = su_lerp(L->card_h, sh, q);
        su_fly(deck_x + L->card_w / 2, deck_y + L->card_h / 2, sx + sw / 2, sy + sh / 2, 30 * s, q, &x, &y);
        draw_chip(f, p, L, x - w / 2, y - h / 2, w, h, card, 1,
                  q < 0.5f || L->style == 0 ? DS_FONT_BODY : DS_FONT_SMALL, 1, 6 * s);
    }
}

/* A round starting or a loss: a banner / a red flash over the table. */
static void draw_effects(const ctx *c) {
    const ds_frame *f = c->f;
    const tween *tw = &c->tw;
    const cirno_event *ev = tw->ev;
    float k = tw->k;
    if (!ev) return;
    if (ev->kind == CIRNO_EV_LOSS) {
        float a = su_bump(su_phase(k, P_B - 0.1f, 1.0f));
        if (a > 0) draw_rect(f->r, 0, 0, f->w, f->h, su_alpha(c->p.red, 0.22f * a));
    } else if (ev->kind == CIRNO_EV_ROUND) {
        float a = su_bump(k);
        char buf[32];
        snprintf(buf, sizeof buf, WORD(c->v, W_ROUND_N), (unsigned)ev->round);
        if (a > 0.02f) {
            float cy = c->L->cy - c->L->bh / 2 - 2 * c->s;
            su_badge(f, c->L->cx, cy, DS_FONT_BODY, su_alpha(c->p.accent, a), su_alpha(c->p.bg, a), buf);
        }
    }
}

static void draw_empty(const ds_frame *f, const su_palette *p, const char *msg) {
    SDL_SetRenderDrawColor(f->r, p->bg.r, p->bg.g, p->bg.b, 255);
    SDL_RenderClear(f->r);
    su_text_mid(f, DS_FONT_BODY, f->w / 2, f->h / 2, DS_ALIGN_CENTER, p->muted, msg);
}

static void *create(void) { return calloc(1, sizeof(cirno_scene)); }
static void destroy(void *self) { free(self); }

static void draw(void *self, const ds_frame *f) {
    cirno_scene *sc = self;
    const ds_view *v = f->view;
    ctx c;
    int i;
    memset(&c, 0, sizeof c);
    c.f = f;
    c.v = v;
    c.s = f->scale;
    c.p = su_palette_make(f->theme);
    if (!v || !v->loaded || v->game != DSV_CIRNO || !v->state || !v->from) {
        if (v) su_hits_begin(f); /* clears the regions */
        draw_empty(f, &c.p, "cirno");
        return;
    }
    c.in = (const cirno_input *)v->input;
    make_tween(v, &c.tw);
    c.mover = -1;
    if (su_hits_begin(f) > 0) c.mover = ((const cirno_event *)ds_trace_event(&v->trace, v->step))->player;
    if (!sc->have_layout || sc->L.w != f->w || sc->L.h != f->h || sc->L.scale != f->scale ||
        sc->L.n != c.tw.post->n) {
        compute_layout(f, &sc->L, c.tw.post->n);
        sc->have_layout = 1;
    }
    c.L = &sc->L;

    SDL_SetRenderDrawColor(f->r, c.p.bg.r, c.p.bg.g, c.p.bg.b, 255);
    SDL_RenderClear(f->r);
    /* the table */
    if (c.L->mode != MODE_ROSTER) {
        SDL_Color felt = color_mix(c.p.bg, c.p.accent, f->theme->dark ? 0.06f : 0.05f);
        su_ellipse(f->r, c.L->cx, c.L->cy, c.L->ring_rx + 10 * c.s, c.L->ring_ry + 10 * c.s, felt);
    } else {
        draw_round_rect(f->r, c.L->bx, c.L->by, c.L->bw, c.L->bh, 10 * c.s,
                        color_mix(c.p.bg, c.p.accent, f->theme->dark ? 0.06f : 0.05f));
    }
    draw_ring(&c);
    draw_hud(&c);
    for (i = 0; i < c.tw.post->n; i++) draw_seat(&c, i);
    draw_doubles(&c);
    draw_centre(&c);
    /* pop-ups and cards in the air pass over the table (the layout test
     * does not hold them to the table's boxes) */
    text_moving(f->text, 1);
    draw_effects(&c);
    draw_flights(&c);
    text_moving(f->text, 0);
}

/* (the placeholder's card: ice blue; the symbols of the game) */
const ds_scene ds_scene_cirno = {
    "cirno", create, destroy, NULL, draw, words, W_COUNT, NULL, {0x3b, 0x9e, 0xe8, 255},
    {"\xe2\x91\xa8  + \xe2\x88\x92 \xc3\x97 \xc3\xb7", "\xe2\x91\xa8  + \xe2\x88\x92 \xc3\x97 \xc3\xb7"}, /* ⑨  + − × ÷ */
    "\xe2\x91\xa8", /* ⑨ */
};
