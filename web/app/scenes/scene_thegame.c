/* scene_thegame.c - The Game (solo) on the canvas.
 *
 * The four rows stand side by side as columns (up1, up2 climbing from 1,
 * down1, down2 falling from 100): each shows its last cards as a cascade,
 * the newest in front, and how many cards it holds. The hand lies below in
 * its order, the draw pile beside it (or in a corner on narrow screens); the
 * top line holds the turn, the card of the turn (1st / 2nd) and the pile
 * count.
 *
 * Drawn from the view only (view.h): the states before and after the step
 * and the engine's event between them. A play flies the card from its hand
 * position to its row while the rest of the hand closes up; a deal or a draw
 * flies the cards from the pile to the right end of the hand; a backwards
 * trick tints its row violet with a "-10" / "+10" badge; the end shows WIN
 * or LOSS in the top line. Stepping back plays the same tween in reverse;
 * once settled, the row and the hand cards the step changed stay marked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/draw.h"
#include "scenes/strings.h"
#include "scenes/scene.h"
#include "scenes/scene_util.h"
#include "thegame/thegame.h"

/* The words this scene draws, en and zh (ui_word, scenes/strings.h): this
 * file is UTF-8; the build collects its non-ASCII code points for the CJK
 * font (web/cmake/cjk_glyphs.cmake), and frontend_zh checks the table. */
enum {
    W_HUD_TURN,
    W_HUD_HAND,
    W_HUD_PILE,
    W_PILE,
    W_WIN,
    W_LOSS,
    W_ROW_UP,            /* %d: 1 or 2 */
    W_ROW_DOWN,
    W_COUNT
};
static const ui_word words[W_COUNT] = {
    [W_HUD_TURN] = {"TURN ", "回合 "},
    [W_HUD_HAND] = {"HAND ", "手牌 "},
    [W_HUD_PILE] = {"PILE ", "抽牌堆 "},
    [W_PILE] = {"PILE", "抽牌堆"},
    [W_WIN] = {"WIN " "\xe2\x9c\x93", "胜利 " "\xe2\x9c\x93"},
    [W_LOSS] = {"LOSS " "\xe2\x9c\x97", "失败 " "\xe2\x9c\x97"},
    [W_ROW_UP] = {"up%d", "递增行 %d"},
    [W_ROW_DOWN] = {"down%d", "递减行 %d"},
};
#define WORD(v, id) ui_word_str((v), &words[id])

typedef struct layout {
    float w, h, scale;
    float hud_h;
    float col_x[THEGAME_ROWS], col_w, col_top, col_bot; /* row columns */
    float rcw, rch;          /* a row's front card */
    float step_y;            /* cascade offset between cards */
    int cascade;             /* cards shown per row (front one included) */
    float hand_x, hand_y, hcw, hch, hgap; /* hand slot 0 and card size */
    float pile_x, pile_y, pcw, pch;       /* the draw pile */
    int pile_small;          /* pile in the corner (narrow screens) */
    int pile_in_hud;         /* ... of the top line (short canvases) */
    int count_in_label;      /* a row's count beside its label, not under its card */
    int row_font, hand_font;
    float row_zoom, hand_zoom;
} layout;

typedef struct tg_scene {
    layout L;
    int have;
} tg_scene;

static void compute_layout(const ds_frame *f, layout *L) {
    float s = f->scale, m = 10 * s, W = f->w, H = f->h;
    float gap, avail, hand_w, rows_h, label_h = 22 * s, count_h = 20 * s;
    int r;
    memset(L, 0, sizeof *L);
    L->w = W;
    L->h = H;
    L->scale = s;
    L->hud_h = 30 * s;
    L->pile_small = W < 560 * s;

    /* the hand: 8 slots (the pile to its left on wide screens) */
    L->hgap = (W < 560 * s ? 4 : 10) * s;
    L->pcw = L->pile_small ? 0 : 70 * s;
    hand_w = W - 2 * m - (L->pile_small ? 0 : L->pcw + 28 * s);
    L->hcw = (hand_w - 7 * L->hgap) / 8;
    if (L->hcw > 84 * s) L->hcw = 84 * s;
    L->hch = L->hcw * 1.36f;
    if (L->hch > (H - L->hud_h) * 0.24f) {
        L->hch = (H - L->hud_h) * 0.24f;
        L->hcw = L->hch / 1.36f;
    }
    {
        float total = 8 * L->hcw + 7 * L->hgap + (L->pile_small ? 0 : L->pcw + 28 * s);
        float x0 = (W - total) / 2;
        L->hand_y = H - m - L->hch - 4 * s;
        if (L->pile_small) {
            L->hand_x = x0;
        } else {
            /* the pile and its label under it fill the hand's height */
            L->pch = L->pcw * 1.36f;
            if (L->pch > L->hch - 18 * s) L->pch = L->hch - 18 * s, L->pcw = L->pch / 1.36f;
            L->pile_x = x0 + (70 * s - L->pcw) / 2;
            L->pile_y = L->hand_y + (L->hch - 18 * s - L->pch) / 2;
            L->hand_x = x0 + 70 * s + 28 * s;
        }
    }
    if (L->pile_small) {
        L->pcw = 24 * s;
        L->pch = 32 * s;
        L->pile_x = W - m - L->pcw;
        L->pile_y = L->hud_h + 6 * s;
    }
    L->hand_font = L->hcw >= 54 * s ? DS_FONT_TITLE : DS_FONT_BODY;
    L->hand_zoom = 1;

    /* the rows: four columns */
    gap = (W < 560 * s ? 6 : 18) * s;
    avail = W - 2 * m - (L->pile_small ? 0 : 0);
    L->col_w = (avail - 3 * gap) / 4;
    if (L->col_w > 170 * s) L->col_w = 170 * s;
    for (r = 0; r < THEGAME_ROWS; r++)
        L->col_x[r] = (W - (4 * L->col_w + 3 * gap)) / 2 + (float)r * (L->col_w + gap);
    L->col_top = L->hud_h + (L->pile_small ? L->pch + 10 * s : 8 * s);
    L->col_bot = L->hand_y - 18 * s;
    L->rcw = L->col_w * 0.74f;
    if (L->rcw > 92 * s) L->rcw = 92 * s;
    L->rch = L->rcw * 1.36f;
    rows_h = L->col_bot - L->col_top - label_h - count_h - 10 * s;
    if (L->pile_small && rows_h < 48 * s) {
        /* short canvases (an embed in a 240 px high frame): the columns
         * take the pile's place (it goes to the top line's right end) and
         * the count's line (it joins the label when both fit) */
        L->pile_in_hud = 1;
        L->count_in_label = 1;
        L->pch = L->hud_h - 8 * s;
        L->pcw = L->pch * 0.75f;
        L->pile_y = 5 * s;
        L->pile_x = W - m - L->pcw - 6 * s;
        L->col_top = L->hud_h + 4 * s;
        L->col_bot = L->hand_y - 8 * s;
        rows_h = L->col_bot - L->col_top - label_h - 6 * s;
    }
    if (L->rch > rows_h * 0.45f) {
        L->rch = rows_h * 0.45f;
        L->rcw = L->rch / 1.36f;
    }
    L->step_y = 24 * s;
    if (L->rch < 60 * s) L->step_y = 19 * s;
    L->cascade = (int)floorf((rows_h - L->rch) / L->step_y) + 1;
    if (L->cascade < 1) L->cascade = 1;
    if (L->cascade > 14) L->cascade = 14;
    if (L->rch < 48 * s) {
        /* compact (small canvases, embeds): no room for the row's history,
         * only its last card, as large as the column allows */
        L->cascade = 1;
        L->rch = rows_h * 0.9f;
        if (L->rch > L->col_w * 0.74f * 1.36f) L->rch = L->col_w * 0.74f * 1.36f;
        L->rcw = L->rch / 1.36f;
    }
    L->row_font = L->rcw >= 56 * s ? DS_FONT_TITLE : L->rch >= 30 * s ? DS_FONT_BODY : DS_FONT_SMALL;
    L->row_zoom = 1;
}

/* ---- geometry ----------------------------------------------------------------- */

static void hand_slot(const layout *L, int i, float *x, float *y) {
    *x = L->hand_x + (float)i * (L->hcw + L->hgap);
    *y = L->hand_y;
}

/* The front (newest) card of row r when it holds `len` cards. */
static void row_front(const layout *L, int r, int len, float *x, float *y) {
    int shown = len < L->cascade ? len : L->cascade;
    float top = L->col_top + 22 * L->scale;
    *x = L->col_x[r] + (L->col_w - L->rcw) / 2;
    *y = top + (float)(shown - 1) * L->step_y;
}

/* ---- tween -------------------------------------------------------------------- */

typedef struct tween {
    const thegame_state *pre, *post;
    const thegame_event *ev;   /* between them (NULL when settled) */
    const thegame_event *mark; /* the event that made the step shown */
    float k;
} tween;

static void make_tween(const ds_view *v, tween *tw) {
    const thegame_event *ev = dsv_tween_event(v);
    memset(tw, 0, sizeof *tw);
    if (ev && v->anim < 1) {
        float e = (float)dsv_ease(v);
        int back = dsv_tween_reversed(v);
        tw->pre = (const thegame_state *)(back ? v->state : v->from);
        tw->post = (const thegame_state *)(back ? v->from : v->state);
        tw->k = back ? 1 - e : e;
        tw->ev = tw->mark = ev;
    } else {
        tw->pre = tw->post = (const thegame_state *)v->state;
        tw->k = 1;
        tw->mark = v->step > 0 ? ds_trace_event(&v->trace, v->step - 1) : NULL;
    }
}

/* ---- drawing -------------------------------------------------------------------- */

typedef struct ctx {
    const ds_frame *f;
    const ds_view *v;
    su_palette p;
    const layout *L;
    tween tw;
    float s;
} ctx;

static SDL_Color row_color(const su_palette *p, int r) {
    return thegame_row_is_up(r) ? p->green : p->accent;
}

static void card(const ctx *c, float x, float y, float w, float h, int value, SDL_Color tint,
                 float tint_k, int font, float alpha, float lift, SDL_Color ink) {
    su_card_style st;
    char buf[8];
    st.face = su_alpha(color_mix(c->p.card, tint, tint_k), alpha);
    st.edge = su_alpha(color_mix(c->p.card_edge, tint, 0.7f), alpha);
    st.ink = su_alpha(ink, alpha);
    st.edge_w = 1.5f * c->s;
    st.radius = (w > 50 * c->s ? 8 : 5) * c->s;
    st.font = font;
    st.zoom = 1;
    st.lift = lift;
    snprintf(buf, sizeof buf, "%d", value);
    su_card(c->f, &c->p, x, y, w, h, &st, buf);
}

/* A card of a row cascade: only its top strip shows, so the number sits there. */
static void cascade_card(const ctx *c, float x, float y, int value, SDL_Color tint, int more) {
    const layout *L = c->L;
    char buf[8];
    float s = c->s;
    draw_round_rect(c->f->r, x, y, L->rcw, L->rch, 7 * s, color_mix(c->p.card_edge, tint, 0.45f));
    draw_round_rect(c->f->r, x + 1.5f * s, y + 1.5f * s, L->rcw - 3 * s, L->rch - 3 * s, 6 * s,
                    color_mix(c->p.card, tint, 0.10f));
    /* the first strip of a cut cascade says that more cards lie under it */
    snprintf(buf, sizeof buf, more ? "\xe2\x80\xa6 %d" : "%d", value);
    su_text_mid(c->f, DS_FONT_SMALL, x + 7 * s, y + L->step_y / 2 + 1 * s, DS_ALIGN_LEFT, c->p.muted, buf);
}

static void draw_hud(const ctx *c) {
    const ds_frame *f = c->f;
    const tween *tw = &c->tw;
    const thegame_state *now = tw->k >= 0.5f ? tw->post : tw->pre;
    float s = c->s, x = 12 * s, cy = c->L->hud_h / 2 + 2 * s;
    char buf[48];
    int pile = THEGAME_CARDS - now->pile_pos;
    int hand = now->hand_len;
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_TURN));
    snprintf(buf, sizeof buf, "%u", (unsigned)now->turn);
    x += su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT, c->p.fg, buf);
    if (now->turn > 0) {
        snprintf(buf, sizeof buf, " %s", now->plays_in_turn >= 2 ? "\xe2\x97\x8f\xe2\x97\x8f"
                                         : now->plays_in_turn == 1 ? "\xe2\x97\x8f" : "");
        x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.accent, buf);
    }
    x += 18 * s;
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_HAND));
    snprintf(buf, sizeof buf, "%d", hand);
    x += su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT, c->p.fg, buf);
    x += 18 * s;
    x += su_text_mid(f, DS_FONT_SMALL, x, cy, DS_ALIGN_LEFT, c->p.muted, WORD(c->v, W_HUD_PILE));
    snprintf(buf, sizeof buf, "%d", pile);
    x += su_text_mid(f, DS_FONT_BODY, x, cy, DS_ALIGN_LEFT,
                     tw->mark && (tw->mark->kind == THEGAME_EV_DRAW || tw->mark->kind == THEGAME_EV_DEAL)
                         ? c->p.accent : c->p.fg, buf);
}

static void draw_pile(const ctx *c) {
    const layout *L = c->L;
    const tween *tw = &c->tw;
    /* the pile loses its cards as they leave (at the start of their flight) */
    int left = THEGAME_CARDS - (tw->ev && tw->k < 0.05f ? tw->pre->pile_pos : tw->post->pile_pos);
    int layers = left > 2 ? 3 : left, i;
    char buf[8];
    float s = c->s;
    su_card_style st;
    st.face = color_mix(c->p.card, c->p.amber, 0.22f);
    st.edge = color_mix(c->p.card_edge, c->p.amber, 0.6f);
    st.ink = c->p.fg;
    st.edge_w = 1.5f * s;
    st.radius = (L->pile_small ? 4 : 7) * s;
    st.font = L->pile_small ? DS_FONT_SMALL : DS_FONT_BODY;
    st.zoom = 1;
    st.lift = 0;
    snprintf(buf, sizeof buf, "%d", left);
    /* in the top line, the result's badge takes the pile's place at the end */
    if (L->pile_in_hud && tw->post->result != THEGAME_RUNNING) return;
    if (layers == 0)
        su_outline(c->f->r, L->pile_x, L->pile_y, L->pcw, L->pch, st.radius, 1.5f * s, c->p.card_edge);
    for (i = layers - 1; i >= 0; i--)
        su_card(c->f, &c->p, L->pile_x + (float)i * 3 * s, L->pile_y - (float)i * 3 * s, L->pcw, L->pch, &st,
                i == 0 && !L->pile_small ? buf : NULL);
    /* at a decision: the pile means ending the turn (drawing) */
    su_hits_add(c->f, L->pile_x, L->pile_y - (float)(layers > 1 ? layers - 1 : 0) * 3 * s,
                L->pcw + (float)(layers > 1 ? layers - 1 : 0) * 3 * s, L->pch + (float)(layers > 1 ? layers - 1 : 0) * 3 * s,
                su_hits_match(c->f, "end", SU_HIT_EXACT));
    if (!L->pile_small)
        su_text_mid(c->f, DS_FONT_SMALL, L->pile_x + L->pcw / 2, L->pile_y + L->pch + 10 * s, DS_ALIGN_CENTER,
                    c->p.muted, WORD(c->v, W_PILE));
}

/* Row r of state st as a column; `hide_front` leaves the newest card out
 * (it is in flight). */
static void draw_row(const ctx *c, int r, const thegame_state *st, int hide_front) {
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const ds_frame *f = c->f;
    float s = c->s, x = L->col_x[r], fx, fy;
    int len = st->row_len[r] - (hide_front ? 1 : 0), shown, first, i;
    int counted = 1; /* the ×n line drawn */
    const thegame_event *mk = tw->mark;
    int marked = mk && mk->kind == THEGAME_EV_PLAY && mk->row == r;
    int trick = marked && mk->backwards;
    float show = tw->ev ? su_phase(tw->k, 0.55f, 0.85f) : 1;
    SDL_Color rc = row_color(&c->p, r), bgc;
    char buf[32];

    /* the column */
    bgc = color_mix(c->p.bg, rc, f->theme->dark ? 0.06f : 0.05f);
    if (trick) bgc = color_mix(bgc, c->p.violet, 0.22f * show);
    draw_round_rect(f->r, x, L->col_top, L->col_w, L->col_bot - L->col_top, 10 * s, bgc);
    {
        /* at a decision: the column means every play onto the row */
        char suf[16];
        snprintf(suf, sizeof suf, ">%s", thegame_row_name(r));
        su_hits_add(f, x, L->col_top, L->col_w, L->col_bot - L->col_top, su_hits_match(f, suf, SU_HIT_SUFFIX));
    }
    if (marked)
        su_outline(f->r, x, L->col_top, L->col_w, L->col_bot - L->col_top, 10 * s, 2 * s,
                   su_alpha(trick ? c->p.violet : c->p.accent, show));
    {
        /* up1 / 递增行 1 ...: rows 0, 1 go up, 2, 3 down (thegame_row_name) */
        char name[24];
        snprintf(name, sizeof name, WORD(c->v, thegame_row_is_up(r) ? W_ROW_UP : W_ROW_DOWN), r % 2 + 1);
        snprintf(buf, sizeof buf, "%s %s", name, thegame_row_is_up(r) ? "\xe2\x86\x91" : "\xe2\x86\x93");
    }
    if (len < 1) len = 1;
    if (L->count_in_label) {
        /* one line: the label left and, right, the trick's badge while it
         * shows, else the count; what does not fit beside the label is left
         * out (the badge then takes the label's place) */
        char right[16];
        float pad = 5 * s, ly = L->col_top + 12 * s, lw = text_width(f->text, DS_FONT_SMALL, buf), rw;
        int badge = trick && show > 0 && !hide_front;
        snprintf(right, sizeof right, badge ? (thegame_row_is_up(r) ? "\xe2\x88\x92" "10" : "+10") : "\xc3\x97%d", len);
        rw = text_width(f->text, DS_FONT_SMALL, right) +
             (badge ? (text_line_height(f->text, DS_FONT_SMALL) + 2 * s) * 0.9f : 0);
        if (lw + rw + 3 * pad <= L->col_w) {
            su_text_mid(f, DS_FONT_SMALL, x + pad, ly, DS_ALIGN_LEFT, rc, buf);
            if (badge)
                su_badge_left(f, x + L->col_w - pad - rw, ly, DS_FONT_SMALL, su_alpha(c->p.violet, show),
                              su_alpha(c->p.bg, show), right);
            else
                su_text_mid(f, DS_FONT_SMALL, x + L->col_w - pad, ly, DS_ALIGN_RIGHT, c->p.muted, right);
        } else if (badge) {
            su_badge(f, x + L->col_w / 2, ly, DS_FONT_SMALL, su_alpha(c->p.violet, show), su_alpha(c->p.bg, show),
                     right);
        } else {
            su_text_mid(f, DS_FONT_SMALL, x + L->col_w / 2, ly, DS_ALIGN_CENTER, rc, buf);
        }
        counted = 0;
    } else {
        su_text_mid(f, DS_FONT_SMALL, x + L->col_w / 2, L->col_top + 12 * s, DS_ALIGN_CENTER, rc, buf);
    }

    shown = len < L->cascade ? len : L->cascade;
    first = len - shown;
    row_front(L, r, len, &fx, &fy);
    fy = L->col_top + 22 * s;
    for (i = 0; i < shown; i++) {
        int v = st->row[r][first + i];
        float y = fy + (float)i * L->step_y;
        if (i + 1 < shown) {
            cascade_card(c, fx, y, v, rc, i == 0 && first > 0);
        } else {
            SDL_Color tint = rc;
            float tk = 0.14f;
            if (first + i == 0) tk = 0.04f; /* the direction card */
            card(c, fx, y, L->rcw, L->rch, v, tint, tk, L->row_font, 1, 3 * s, c->p.fg);
        }
    }
    /* the backwards trick: its badge under the newest card; where the column
     * has no room for both (compact rows), it takes the count's line */
    if (trick && show > 0 && !hide_front && !L->count_in_label) {
        float bx, by, cy;
        row_front(L, r, st->row_len[r], &bx, &by);
        cy = by + L->rch + 16 * s;
        if (cy + 10 * s > L->col_bot - 18 * s) cy = L->col_bot - 10 * s, counted = 0;
        su_badge(f, bx + L->rcw / 2, cy, DS_FONT_BODY, su_alpha(c->p.violet, show),
                 su_alpha(c->p.bg, show), thegame_row_is_up(r) ? "\xe2\x88\x92" "10" : "+10");
    }
    /* how many cards the row holds (direction card included) */
    if (counted) {
        snprintf(buf, sizeof buf, "\xc3\x97%d", len);
        su_text_mid(f, DS_FONT_SMALL, x + L->col_w / 2, L->col_bot - 10 * s, DS_ALIGN_CENTER, c->p.muted, buf);
    }
}

/* Where the hand card `value` sits in hand state st (-1 if not there). */
static int hand_index(const thegame_state *st, int value) {
    int i;
    for (i = 0; i < st->hand_len; i++)
        if (st->hand[i] == value) return i;
    return -1;
}

static void draw_hand(const ctx *c) {
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const thegame_event *ev = tw->ev, *mk = tw->mark;
    float s = c->s, k = tw->k;
    int i, lost = tw->post->result == THEGAME_LOSS;
    float lose_k = lost ? (tw->pre->result == THEGAME_LOSS ? 1 : su_phase(k, 0.3f, 0.8f)) : 0;
    /* empty slots */
    for (i = 0; i < THEGAME_HAND; i++) {
        float x, y;
        hand_slot(L, i, &x, &y);
        su_outline(c->f->r, x, y, L->hcw, L->hch, 7 * s, 1 * s, su_alpha(c->p.card_edge, 0.8f));
    }
    /* cards kept through the step glide to their new slot */
    for (i = 0; i < tw->post->hand_len; i++) {
        int v = tw->post->hand[i], j = hand_index(tw->pre, v);
        float x1, y1, x0, y0, x, y;
        SDL_Color ink = c->p.fg;
        hand_slot(L, i, &x1, &y1);
        if (j < 0) continue; /* arriving: drawn with the flights */
        hand_slot(L, j, &x0, &y0);
        {
            float q = su_smooth(su_phase(k, 0.25f, 0.85f));
            x = su_lerp(x0, x1, q);
            y = su_lerp(y0, y1, q);
        }
        if (lose_k > 0) ink = color_mix(ink, c->p.red, lose_k);
        card(c, x, y, L->hcw, L->hch, v, c->p.muted, 0.0f, L->hand_font, 1, 2 * s, ink);
        {
            /* at a decision: a hand card means every play of it ("46>down1", ...) */
            char pre[16];
            snprintf(pre, sizeof pre, "%d>", v);
            su_hits_add(c->f, x, y, L->hcw, L->hch, su_hits_match(c->f, pre, SU_HIT_PREFIX));
        }
        /* marks: the cards a deal / draw brought in */
        if (mk && !ev && (mk->kind == THEGAME_EV_DRAW || mk->kind == THEGAME_EV_DEAL)) {
            int m;
            for (m = 0; m < mk->count && m < THEGAME_HAND; m++)
                if (mk->cards[m] == v)
                    su_outline(c->f->r, x - 3 * s, y - 3 * s, L->hcw + 6 * s, L->hch + 6 * s, 9 * s, 2 * s,
                               c->p.accent);
        }
    }
    /* a card that was played but the step is backwards: it is in pre, not in
     * post; the flight draws it */
}

static void draw_flights(const ctx *c) {
    const layout *L = c->L;
    const tween *tw = &c->tw;
    const thegame_event *ev = tw->ev;
    float s = c->s, k = tw->k;
    int i;
    if (!ev) return;
    if (ev->kind == THEGAME_EV_PLAY) {
        float x0, y0, x1, y1, x, y, w, h, q = su_smooth(su_phase(k, 0.0f, 0.6f));
        SDL_Color tint = ev->backwards ? c->p.violet : row_color(&c->p, ev->row);
        hand_slot(L, ev->hand_pos, &x0, &y0);
        row_front(L, ev->row, tw->post->row_len[ev->row], &x1, &y1);
        if (q >= 1) return; /* landed: the row draws it */
        w = su_lerp(L->hcw, L->rcw, q);
        h = su_lerp(L->hch, L->rch, q);
        su_fly(x0 + L->hcw / 2, y0 + L->hch / 2, x1 + L->rcw / 2, y1 + L->rch / 2, 60 * s, q, &x, &y);
        card(c, x - w / 2, y - h / 2, w, h, ev->card, tint, 0.22f, q < 0.5f ? L->hand_font : L->row_font,
             1, 10 * s, c->p.fg);
        return;
    }
    if (ev->kind == THEGAME_EV_DEAL || ev->kind == THEGAME_EV_DRAW) {
        int n = ev->count < THEGAME_HAND ? ev->count : THEGAME_HAND;
        for (i = n - 1; i >= 0; i--) { /* the first card out flies on top */
            int slot = hand_index(tw->post, ev->cards[i]);
            float a = 0.05f + 0.5f * (float)i / (float)(n > 1 ? n : 1);
            float q = su_smooth(su_phase(k, a, a + 0.45f));
            float x0 = L->pile_x, y0 = L->pile_y, x1, y1, x, y, w, h;
            if (slot < 0) continue;
            hand_slot(L, slot, &x1, &y1);
            w = su_lerp(L->pcw, L->hcw, q);
            h = su_lerp(L->pch, L->hch, q);
            if (q <= 0) continue;
            su_fly(x0 + L->pcw / 2, y0 + L->pch / 2, x1 + L->hcw / 2, y1 + L->hch / 2, 40 * s, q, &x, &y);
            card(c, x - w / 2, y - h / 2, w, h, ev->cards[i], c->p.muted, 0.0f,
                 q > 0.5f ? L->hand_font : DS_FONT_BODY, 1, 8 * s * su_bump(q), c->p.fg);
        }
    }
}

/* WIN / LOSS: a badge at the right end of the top line (over no card, so
 * the rows and the hand stay readable) and a frame around the canvas in the
 * result's colour; a red flash while a loss tweens in. */
static void draw_end(const ctx *c) {
    const tween *tw = &c->tw;
    const layout *L = c->L;
    int res = tw->post->result;
    float a, s = c->s, t = 3 * s, bw;
    SDL_Color col;
    const char *label;
    if (res == THEGAME_RUNNING) return;
    a = tw->pre->result == res ? 1 : su_phase(tw->k, 0.2f, 0.7f);
    if (a <= 0) return;
    col = res == THEGAME_WIN ? c->p.green : c->p.red;
    label = WORD(c->v, res == THEGAME_WIN ? W_WIN : W_LOSS);
    su_outline(c->f->r, 0, 0, c->f->w, c->f->h, 0, t, su_alpha(col, a));
    bw = text_width(c->f->text, DS_FONT_BODY, label) + (text_line_height(c->f->text, DS_FONT_BODY) + 2 * s) * 0.9f;
    su_badge_left(c->f, c->f->w - 10 * s - bw, L->hud_h / 2 + 2 * s, DS_FONT_BODY, su_alpha(col, a),
                  su_alpha(c->p.bg, a), label);
    if (tw->ev && res == THEGAME_LOSS) {
        float fl = su_bump(su_phase(tw->k, 0.1f, 0.9f));
        draw_rect(c->f->r, 0, 0, c->f->w, c->f->h, su_alpha(c->p.red, 0.16f * fl));
    }
}

static void *create(void) { return calloc(1, sizeof(tg_scene)); }
static void destroy(void *self) { free(self); }

static void draw(void *self, const ds_frame *f) {
    tg_scene *sc = self;
    const ds_view *v = f->view;
    ctx c;
    int r;
    memset(&c, 0, sizeof c);
    c.f = f;
    c.v = v;
    c.s = f->scale;
    c.p = su_palette_make(f->theme);
    SDL_SetRenderDrawColor(f->r, c.p.bg.r, c.p.bg.g, c.p.bg.b, 255);
    SDL_RenderClear(f->r);
    if (!v || !v->loaded || v->game != DSV_THEGAME || !v->state || !v->from) {
        if (v) su_hits_begin(f); /* clears the regions */
        su_text_mid(f, DS_FONT_BODY, f->w / 2, f->h / 2, DS_ALIGN_CENTER, c.p.muted, "thegame");
        return;
    }
    if (!sc->have || sc->L.w != f->w || sc->L.h != f->h || sc->L.scale != f->scale) {
        compute_layout(f, &sc->L);
        sc->have = 1;
    }
    c.L = &sc->L;
    make_tween(v, &c.tw);
    su_hits_begin(f);

    draw_hud(&c);
    for (r = 0; r < THEGAME_ROWS; r++) {
        const tween *tw = &c.tw;
        int playing_here = tw->ev && tw->ev->kind == THEGAME_EV_PLAY && tw->ev->row == r;
        if (playing_here && tw->k < 0.6f)
            draw_row(&c, r, tw->post, 1); /* the card is still in the air */
        else
            draw_row(&c, r, tw->k >= 0.5f ? tw->post : tw->pre, 0);
    }
    draw_pile(&c);
    draw_hand(&c);
    text_moving(f->text, 1); /* cards in the air pass over the table */
    draw_flights(&c);
    text_moving(f->text, 0);
    draw_end(&c);
}

/* (the placeholder's card: orange; the rows of the game) */
const ds_scene ds_scene_thegame = {
    "thegame", create, destroy, NULL, draw, words, W_COUNT, NULL, {0xe8, 0x8a, 0x3b, 255},
    {"2 \xe2\x86\x91 99 \xc2\xb7 2 \xe2\x86\x93 99", "2 \xe2\x86\x91 99 \xc2\xb7 2 \xe2\x86\x93 99"}, /* 2 ↑ 99 · 2 ↓ 99 */
    "99",
};
