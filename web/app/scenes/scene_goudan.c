/* scene_goudan.c - the goudan scene: both players (E = 小E at the bottom,
 * T = the teacher at the top) with HP, hand and minions, and every operation
 * of the played-out game animated between two states of the engine's trace.
 *
 * Everything drawn comes from the view: the state before and after the
 * event (v->from / v->state), the event itself (dsv_tween_event) and its
 * decision record. Nothing is simulated here: the only "logic" is layout
 * (which slot a surviving minion slides to once one is removed, which is how
 * the engine stores boards: the rest shift left).
 *
 * Timing: p in [0,1] is the eased tween progress played forwards; stepping
 * back plays the same animation with p running from 1 to 0 (pre = the
 * earlier state, post = the later one in both directions). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/draw.h"
#include "goudan/goudan.h"
#include "scenes/strings.h"
#include "scenes/scene.h"
#include "scenes/scene_util.h"

/* The words this scene draws, en and zh (ui_word, scenes/strings.h): this
 * file is UTF-8; the build collects its non-ASCII code points for the CJK
 * font (web/cmake/cjk_glyphs.cmake), and frontend_zh checks the table. */
enum {
    W_NAME_E,            /* 小E in sentences */
    W_NAME_T,            /* the teacher in sentences */
    W_BADGE_E,           /* the letter on the plate */
    W_BADGE_T,
    W_TO_MOVE_OPS,       /* after ▶ on the mover's plate, before the op dots */
    W_TURN_N,            /* %d */
    W_EV_TURN,           /* %s who */
    W_TURN_DRAW,
    W_TURN_FULL,
    W_EV_SKILL,          /* %s who */
    W_EV_FACE,
    W_EV_TRADE,
    W_EV_PLAY,
    W_EV_HIT,            /* %d hits done */
    W_HIT_TARGET,        /* %d characters, %d characters */
    W_HIT_BRIEF,         /* the same, brief (small canvases) */
    W_EV_PLACE,
    W_EV_END_TURN,
    W_CHANCE_1,          /* %s who, %.4f value, %d options (1) */
    W_CHANCE_N,          /* the same, several options */
    W_CHANCE_BRIEF,      /* %s who, %.4f value (small canvases) */
    W_START,
    W_START_SUB,         /* %d operations per turn */
    W_WINS,              /* %s who */
    W_BTN_END_TURN,
    W_COUNT
};
static const ui_word words[W_COUNT] = {
    [W_NAME_E] = {"\xe5\xb0\x8f" "E", "小E"},
    [W_NAME_T] = {"teacher", "老师"},
    [W_BADGE_E] = {"E", "E"},
    [W_BADGE_T] = {"T", "师"},
    [W_TO_MOVE_OPS] = {" to move  ops", " 行动  操作"},
    [W_TURN_N] = {"turn %d", "第 %d 回合"},
    [W_EV_TURN] = {"%s: TURN", "%s：回合开始"},
    [W_TURN_DRAW] = {"attack marks reset " "\xc2\xb7" " draws a card", "攻击标记清除 " "\xc2\xb7" " 摸一张牌"},
    [W_TURN_FULL] = {"attack marks reset " "\xc2\xb7" " hand full, no draw", "攻击标记清除 " "\xc2\xb7" " 手牌已满，不摸牌"},
    [W_EV_SKILL] = {"%s: SKILL  " "\xe2\x88\x92" "2 HP", "%s：技能  体力 " "\xe2\x88\x92" "2"},
    [W_EV_FACE] = {"%s: FACE  " "\xe2\x88\x92" "3", "%s：攻击  " "\xe2\x88\x92" "3"},
    [W_EV_TRADE] = {"%s: TRADE", "%s：同归于尽"},
    [W_EV_PLAY] = {"%s: PLAY", "%s：打牌"},
    [W_EV_HIT] = {"HIT %d of 3", "第 %d/3 次伤害"},
    [W_HIT_TARGET] = {"random target: 1 of %d characters, probability 1/%d", "随机目标：%d 个角色之一，概率 1/%d"},
    [W_HIT_BRIEF] = {"random: 1 of %d, p = 1/%d", "随机：%d 选 1，概率 1/%d"},
    [W_EV_PLACE] = {"%s: PLACE", "%s：成为随从"},
    [W_EV_END_TURN] = {"%s: END TURN", "%s：结束回合"},
    [W_CHANCE_1] = {"P(%s wins) = %.4f  " "\xc2\xb7" "  best of %d option", "%s胜率 %.4f  " "\xc2\xb7" "  %d 个操作中最优"},
    [W_CHANCE_N] = {"P(%s wins) = %.4f  " "\xc2\xb7" "  best of %d options", "%s胜率 %.4f  " "\xc2\xb7" "  %d 个操作中最优"},
    [W_CHANCE_BRIEF] = {"P(%s wins) = %.4f", "%s胜率 %.4f"},
    [W_START] = {"START", "开始"},
    [W_START_SUB] = {"\xe5\xb0\x8f" "E moves first " "\xc2\xb7" " O = %d operations per turn", "小E先行动 " "\xc2\xb7" " 每回合 O = %d 次操作"},
    [W_WINS] = {"%s wins", "%s获胜"},
    [W_BTN_END_TURN] = {"END TURN", "结束回合"},
};
#define WORD(v, id) ui_word_str((v), &words[id])

#define S_MINUS "\xe2\x88\x92" /* − */
#define S_HEART "\xe2\x99\xa5" /* ♥ */
#define S_PLAY "\xe2\x96\xb6"  /* ▶ */
#define S_CROSS "\xe2\x9c\x97" /* ✗ */

typedef struct gscene {
    int unused;
} gscene;

/* Screen geometry of one frame (renderer pixels). Side 0 = E (bottom),
 * side 1 = T (top). */
typedef struct layout {
    float W, H, u;
    float left, cw;            /* content column */
    float plate_y[2], plate_h; /* player plates */
    float row_y[2];            /* minion row centres */
    float mw, mh, gap;         /* minion card size */
    float cx, cy, band_h;      /* centre band */
    float card_x, card_y;      /* the card in flight (centre right) */
    float portrait_r;
} layout;

static const SDL_Color side_color[2] = {
    {0x2f, 0x8f, 0xe0, 255}, /* E: blue */
    {0xe0, 0x5a, 0x3c, 255}, /* T: red-orange */
};
static const SDL_Color hurt_color = {0xe5, 0x39, 0x35, 255};
static const SDL_Color card_color = {0x8e, 0x5a, 0xd6, 255}; /* a card: goudan violet */
static const SDL_Color white = {255, 255, 255, 255};


static float clampf(float x, float a, float b) { return x < a ? a : x > b ? b : x; }
static float lerpf(float a, float b, float k) { return a + (b - a) * k; }
/* 0..1 over the sub-interval [a, b] of p. */
static float phase(float p, float a, float b) { return clampf((p - a) / (b - a), 0, 1); }
static float smooth(float k) { return k * k * (3 - 2 * k); }

static SDL_Color with_alpha(SDL_Color c, float a) {
    c.a = (Uint8)clampf((float)c.a * a, 0, 255);
    return c;
}

/* A minion card under this height (renderer pixels at scale 1) is compact:
 * its HP number alone, the sleep mark outside its corner, ZZ_MARGIN from the
 * card's edge. */
#define COMPACT_MH 60
#define ZZ_MARGIN 3

/* The minion card's size for rows row_h high and the layout's gap. */
static void minion_size(layout *L, float row_h) {
    L->mh = fminf(row_h * 0.86f, 130 * L->u);
    L->mw = fminf(L->mh * 0.74f, (L->cw - 5 * L->gap) / 4.4f);
    L->mh = fminf(L->mh, L->mw * 1.45f);
}

static void make_layout(const ds_frame *f, layout *L) {
    float u = f->scale, pad, avail, row_h;
    L->W = f->w;
    L->H = f->h;
    L->u = u;
    pad = clampf(f->h * 0.02f, 6 * u, 16 * u);
    L->cw = fminf(f->w - 2 * pad, 860 * u);
    L->left = (f->w - L->cw) / 2;
    L->plate_h = clampf(f->h * 0.12f, 48 * u, 78 * u);
    L->plate_y[1] = pad;
    L->plate_y[0] = f->h - pad - L->plate_h;
    avail = L->plate_y[0] - (L->plate_y[1] + L->plate_h) - 2 * pad;
    L->band_h = clampf(avail * 0.28f, 56 * u, 120 * u);
    row_h = (avail - L->band_h) / 2;
    if (row_h < 26 * u) {
        /* short canvases (an embed in a 240 px high frame): smaller plates,
         * and the minion rows keep 26 px each; the band takes what is left
         * (its words shrink to fit; the caption under the canvas says them) */
        L->plate_h = 40 * u;
        L->plate_y[0] = f->h - pad - L->plate_h;
        avail = L->plate_y[0] - (L->plate_y[1] + L->plate_h) - 2 * pad;
        row_h = 26 * u;
        L->band_h = avail - 2 * row_h;
        if (L->band_h < 24 * u) {
            L->band_h = 24 * u;
            row_h = (avail - L->band_h) / 2;
        }
    }
    L->gap = clampf(L->cw * 0.03f, 6 * u, 18 * u);
    minion_size(L, row_h);
    if (L->mh < COMPACT_MH * u) {
        /* compact cards (small canvases): the sleep mark sits in the gap
         * beside its card's corner, so the gap holds it with a margin on
         * both sides, clear of the next card and of its number */
        float need = text_width(f->text, DS_FONT_SMALL, "zZ") + 2 * ZZ_MARGIN * u;
        if (L->gap < need) {
            L->gap = need;
            minion_size(L, row_h);
        }
    }
    L->row_y[1] = L->plate_y[1] + L->plate_h + pad + row_h / 2;
    L->row_y[0] = L->plate_y[0] - pad - row_h / 2;
    L->cx = f->w / 2;
    L->cy = (L->row_y[0] + L->row_y[1]) / 2;
    L->portrait_r = L->plate_h * 0.32f;
    L->card_x = L->left + L->cw - fminf(L->cw * 0.12f, 70 * u);
    L->card_y = L->cy;
}

static float slot_x(const layout *L, int count, int i) {
    return L->cx + ((float)i - (float)(count - 1) / 2.0f) * (L->mw + L->gap);
}

static float portrait_x(const layout *L) { return L->left + L->portrait_r + 10 * L->u; }
static float portrait_y(const layout *L, int side) { return L->plate_y[side] + L->plate_h / 2; }
/* Where "-3" / "-1" float up beside a player's HP number. */
static float hp_float_x(const layout *L) { return portrait_x(L) + L->portrait_r + 40 * L->u; }

/* Where the hand's cards sit on a plate (right end). */
static float hand_x(const layout *L, int i) {
    float cwid = L->plate_h * 0.35f + 5 * L->u;
    return L->left + L->cw - 12 * L->u - cwid / 2 - (float)(2 - i) * cwid;
}

static void text_mid(const ds_frame *f, int font, float x, float cy, ds_align al, SDL_Color c,
                     const char *s) {
    text_draw(f->text, f->r, font, x, cy - text_line_height(f->text, font) / 2, al, c, s);
}

/* A small card back (hand cards, the card in flight). */
static void card_back(const ds_frame *f, float x, float y, float h, float alpha) {
    float w = h * 0.7f, u = f->scale;
    SDL_Color c = with_alpha(card_color, alpha);
    draw_round_rect(f->r, x - w / 2, y - h / 2, w, h, 4 * u, c);
    draw_round_rect(f->r, x - w / 2 + 2 * u, y - h / 2 + 2 * u, w - 4 * u, h - 4 * u, 3 * u,
                    with_alpha(color_mix(card_color, white, 0.25f), alpha));
    draw_circle(f->r, x, y, w * 0.18f, with_alpha(white, 0.8f * alpha));
}

/* One minion card centred on (x, y). flash in 0..1 tints it red (a hit). */
static void minion(const ds_frame *f, const layout *L, int side, float x, float y, int hp,
                   int attacked, float alpha, float scale, float flash) {
    const ds_theme *th = f->theme;
    float w = L->mw * scale, h = L->mh * scale, u = f->scale, rad = 8 * u * scale;
    SDL_Color base = side_color[side], face, edge;
    char buf[16];
    int compact = L->mh < COMPACT_MH * u;
    if (alpha <= 0.01f) return;
    if (attacked) base = color_mix(base, th->muted, 0.55f);
    edge = color_mix(base, hurt_color, flash);
    face = color_mix(color_mix(th->card, base, th->dark ? 0.38f : 0.22f), hurt_color, flash * 0.6f);
    draw_round_rect(f->r, x - w / 2 + 2 * u, y - h / 2 + 3 * u, w, h, rad,
                    with_alpha((SDL_Color){0, 0, 0, 255}, 0.18f * alpha));
    draw_round_rect(f->r, x - w / 2, y - h / 2, w, h, rad, with_alpha(edge, alpha));
    draw_round_rect(f->r, x - w / 2 + 3 * u, y - h / 2 + 3 * u, w - 6 * u, h - 6 * u, rad * 0.7f,
                    with_alpha(face, alpha));
    /* HP: a big number and one heart per point; a compact card (small
     * canvases, embeds) has room for the number only */
    snprintf(buf, sizeof buf, "%d", hp > 0 ? hp : 0);
    if (compact) {
        text_mid(f, h < 30 * u ? DS_FONT_SMALL : DS_FONT_BODY, x, y, DS_ALIGN_CENTER,
                 with_alpha(th->fg, alpha), buf);
        if (attacked) /* asleep: the mark just outside the card's corner, in the
                       * gap to the next card (make_layout keeps room for it) */
            text_mid(f, DS_FONT_SMALL, x + w / 2 + ZZ_MARGIN * u, y - h / 2 + 2 * u, DS_ALIGN_LEFT,
                     with_alpha(th->muted, alpha), "zZ");
        return;
    }
    text_mid(f, DS_FONT_TITLE, x, y - h * 0.08f, DS_ALIGN_CENTER, with_alpha(th->fg, alpha), buf);
    {
        int k;
        float hy = y + h * 0.27f, step = 14 * u * scale;
        for (k = 0; k < hp && k < 4; k++)
            text_mid(f, DS_FONT_SMALL, x + ((float)k - (float)(hp - 1) / 2) * step, hy,
                     DS_ALIGN_CENTER, with_alpha(hurt_color, alpha), S_HEART);
    }
    if (attacked) /* attacked (or placed) this turn: asleep until the next turn */
        text_mid(f, DS_FONT_BODY, x + w / 2 - 12 * u * scale, y - h / 2 + 13 * u * scale,
                 DS_ALIGN_CENTER, with_alpha(th->muted, alpha), "zZ");
}

/* How one row of minions moves during an event: the minions of `a` (the
 * earlier state) slide to their slots in `b` (removed = the slot of `a` that
 * disappears, -1 for none); `extra` = b has one more minion at its end (a
 * placed card, drawn by the caller). */
typedef struct row_anim {
    const goudan_player *a, *b;
    int removed;           /* slot of a that dies (-1 none) */
    float fade;            /* 0..1 how far the removed one has faded */
    float slide;           /* 0..1 survivors moving to b's slots */
    int values_from_b;     /* HP and marks shown from b (after the impact) */
    int moving;            /* slot of a drawn elsewhere (the attacker), -1 none */
    float mx, my;          /* its position */
    int hurt;              /* slot of a flashing (a hit), -1 none */
    float flash;
    int extra;             /* b has a new minion at the end (not drawn here) */
    int marks;             /* draw attack marks (only the mover's mean anything) */
} row_anim;

static void draw_row(const ds_frame *f, const layout *L, int side, const row_anim *ra) {
    const goudan_player *a = ra->a, *b = ra->b;
    int bcount = b->count - (ra->extra ? 1 : 0);
    int i, pass;
    /* the moving minion last, above the others */
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < a->count; i++) {
            int j = ra->removed >= 0 && i > ra->removed ? i - 1 : i;
            float x0 = slot_x(L, a->count, i), x1, x, y = L->row_y[side], alpha = 1, sc = 1;
            int hp = a->minion[i].hp, att = a->minion[i].attacked;
            if ((i == ra->moving) != (pass == 1)) continue;
            if (i == ra->removed) {
                x1 = x0;
                alpha = 1 - ra->fade;
                sc = 1 - 0.3f * ra->fade;
                if (ra->values_from_b) hp = hp > 1 ? hp - 1 : 0; /* shown hit to 0 */
            } else {
                x1 = slot_x(L, b->count, j);
                if (ra->values_from_b && j < b->count) {
                    hp = b->minion[j].hp;
                    att = b->minion[j].attacked;
                }
            }
            (void)bcount;
            x = lerpf(x0, x1, ra->slide);
            if (i == ra->moving) x = ra->mx, y = ra->my;
            {
                /* an attacker on its way, a minion sliding or fading: in motion */
                int mv = i == ra->moving || (x0 != x1 && ra->slide > 0 && ra->slide < 1) ||
                         (i == ra->removed && ra->fade > 0);
                if (mv) text_moving(f->text, 1);
                minion(f, L, side, x, y, hp, att && ra->marks, alpha, sc, i == ra->hurt ? ra->flash : 0);
                if (mv) text_moving(f->text, 0);
            }
        }
}

static void static_row(row_anim *ra, const goudan_player *p, int marks) {
    memset(ra, 0, sizeof *ra);
    ra->a = ra->b = p;
    ra->removed = ra->moving = ra->hurt = -1;
    ra->marks = marks;
}
/* Attack marks are shown on the side whose turn it is. */
static int marks_of(const goudan_state *s, int side) { return s->to_move == side && s->turn > 0; }

/* A player plate: portrait, HP (number and bar), hand, ops left when moving. */
typedef struct plate_anim {
    int hp;            /* shown HP */
    int hand;          /* shown hand cards */
    float flash;       /* HP hit flash */
    int moving;        /* this player's turn */
    float glow;        /* turn marker 0..1 */
    int ops_left, O;
    int lost;          /* greyed out, ✗ */
} plate_anim;

static void draw_plate(const ds_frame *f, const layout *L, int side, const plate_anim *pa) {
    const ds_theme *th = f->theme;
    float u = f->scale, y = L->plate_y[side], h = L->plate_h, x = L->left, w = L->cw;
    float px = portrait_x(L), py = portrait_y(L, side), r = L->portrait_r;
    SDL_Color sc = side_color[side], bg = color_mix(th->card, sc, th->dark ? 0.10f : 0.06f);
    SDL_Color hpc = color_mix(th->fg, hurt_color, pa->flash);
    char buf[32];
    float tx, bar_x, bar_w, right_edge;
    int k;
    if (pa->glow > 0.01f)
        draw_round_rect(f->r, x - 3 * u, y - 3 * u, w + 6 * u, h + 6 * u, 14 * u,
                        with_alpha(th->accent, pa->glow));
    draw_round_rect(f->r, x, y, w, h, 12 * u, bg);
    draw_circle(f->r, px, py, r, pa->lost ? th->muted : sc);
    text_mid(f, DS_FONT_TITLE, px, py, DS_ALIGN_CENTER, white, WORD(f->view, side ? W_BADGE_T : W_BADGE_E));
    tx = px + r + 12 * u;
    snprintf(buf, sizeof buf, S_HEART " %d", pa->hp > 0 ? pa->hp : 0); /* never a negative HP */
    tx += text_draw(f->text, f->r, DS_FONT_TITLE, tx, py - text_line_height(f->text, DS_FONT_TITLE) / 2,
                    DS_ALIGN_LEFT, hpc, buf);
    /* hand at the right end: three slots, filled ones are cards */
    for (k = 0; k < 3; k++) {
        float hx = hand_x(L, k), ch = h * 0.5f;
        if (k < pa->hand)
            card_back(f, hx, py, ch, 1);
        else
            draw_round_rect(f->r, hx - ch * 0.35f, py - ch / 2, ch * 0.7f, ch, 4 * u,
                            with_alpha(th->card_edge, 0.7f));
    }
    right_edge = hand_x(L, 0) - h * 0.25f;
    /* HP bar (20 cells) and the turn line between the number and the hand */
    bar_x = tx + 14 * u;
    bar_w = right_edge - bar_x - 8 * u;
    if (bar_w > 60 * u) {
        float cellw = bar_w / GOUDAN_HP_MAX, bh = fminf(h * 0.16f, 10 * u);
        float by = py - bh - 3 * u;
        SDL_Color fill = color_mix(sc, hurt_color, pa->flash);
        if (cellw >= 7 * u) { /* one cell per HP point */
            for (k = 0; k < GOUDAN_HP_MAX; k++)
                draw_round_rect(f->r, bar_x + (float)k * cellw + 1 * u, by, cellw - 2 * u, bh, 2 * u,
                                k < pa->hp ? fill : th->card_edge);
        } else {
            float fw = bar_w * (float)(pa->hp > 0 ? pa->hp : 0) / GOUDAN_HP_MAX;
            draw_round_rect(f->r, bar_x, by, bar_w, bh, bh / 2, th->card_edge);
            if (fw > 0) draw_round_rect(f->r, bar_x, by, fw, bh, bh / 2, fill);
        }
        if (pa->moving) {
            float oy = py + 10 * u, ox = bar_x;
            char ops[48];
            snprintf(ops, sizeof ops, "%s%s", S_PLAY, bar_w > 200 * u ? WORD(f->view, W_TO_MOVE_OPS) : "");
            ox += text_draw(f->text, f->r, DS_FONT_SMALL, ox, oy - text_line_height(f->text, DS_FONT_SMALL) / 2,
                            DS_ALIGN_LEFT, th->accent, ops);
            for (k = 0; k < pa->O; k++)
                draw_circle(f->r, ox + 12 * u + (float)k * 14 * u, oy, 5 * u,
                            k < pa->ops_left ? th->accent : th->card_edge);
        }
    } else if (pa->moving) {
        text_mid(f, DS_FONT_BODY, bar_x, py, DS_ALIGN_LEFT, th->accent, S_PLAY);
    }
    if (pa->lost) {
        draw_round_rect(f->r, x, y, w, h, 12 * u, with_alpha(th->bg, 0.45f));
        /* beside the letter, clear of it and of the HP number */
        text_mid(f, DS_FONT_BODY, px + r + 5 * u, py - r, DS_ALIGN_CENTER, hurt_color, S_CROSS);
    }
}

static void plate_from(plate_anim *pa, const goudan_state *s, int side) {
    memset(pa, 0, sizeof *pa);
    pa->hp = s->player[side].hp;
    pa->hand = s->player[side].hand;
    pa->moving = s->winner < 0 && s->to_move == side && s->turn > 0;
    pa->glow = pa->moving ? 1 : 0;
    pa->ops_left = s->ops_left;
    pa->O = s->O;
    pa->lost = s->winner >= 0 && s->winner != side;
    /* the card being played is in flight, not in the hand */
    if (s->playing && s->to_move == side && pa->hand > 0) pa->hand--;
}

/* Text floating from (x, y) towards the middle of the screen over k in 0..1. */
static void floater(const ds_frame *f, float x, float y, float k, SDL_Color c, const char *s) {
    float dir = y < f->h / 2 ? 1.0f : -1.0f;
    if (k <= 0 || k >= 1) return;
    text_moving(f->text, 1); /* it floats off: over the others by design */
    text_mid(f, DS_FONT_TITLE, x, y + dir * (20 + 28 * k) * f->scale, DS_ALIGN_CENTER,
             with_alpha(c, k < 0.7f ? 1 : (1 - k) / 0.3f), s);
    text_moving(f->text, 0);
}

/* A band too short for two lines (short canvases): one line, centred. */
static int band_one_line(const layout *L) { return L->band_h < 50 * L->u; }

static float play_card_h(const layout *L) { return fminf(L->band_h * 0.8f, 70 * L->u); }

/* One line of the band centred on cx if it fits in [lo, hi], else centred in
 * [lo, hi], cut with an ellipsis if it is wider. */
static void band_line(const ds_frame *f, int font, float lo, float hi, float cx, float cy, SDL_Color c,
                      const char *s) {
    float w = text_width(f->text, font, s);
    if (cx - w / 2 < lo || cx + w / 2 > hi) cx = (lo + hi) / 2;
    su_text_fit(f, font, cx, cy, hi - lo, DS_ALIGN_CENTER, c, s);
}

/* Centre band: turn number, the operation, its value. */
static void draw_band(const ds_frame *f, const layout *L, const goudan_state *s,
                      const goudan_event *e, float p) {
    const ds_theme *th = f->theme;
    float u = f->scale, y0 = L->cy - L->band_h / 2;
    char title[64], sub[96], brief[96];
    SDL_Color tc = th->fg;
    float turn_w;
    title[0] = sub[0] = brief[0] = 0;
    draw_rect(f->r, L->left, y0, L->cw, 1 * u, th->card_edge);
    draw_rect(f->r, L->left, y0 + L->band_h, L->cw, 1 * u, th->card_edge);
    snprintf(sub, sizeof sub, WORD(f->view, W_TURN_N), (int)s->turn);
    turn_w = text_draw(f->text, f->r, DS_FONT_SMALL, L->left + 4 * u,
                       band_one_line(L) ? L->cy - text_line_height(f->text, DS_FONT_SMALL) / 2 : y0 + 6 * u,
                       DS_ALIGN_LEFT, th->muted, sub);
    sub[0] = 0;
    if (e) {
        const char *who = WORD(f->view, (e->player & 1) ? W_NAME_T : W_NAME_E);
        tc = side_color[e->player & 1];
        switch (e->kind) {
        case GOUDAN_EV_TURN_START:
            snprintf(title, sizeof title, WORD(f->view, W_EV_TURN), who);
            snprintf(sub, sizeof sub, "%s", WORD(f->view, e->drew ? W_TURN_DRAW : W_TURN_FULL));
            break;
        case GOUDAN_EV_SKILL:
            snprintf(title, sizeof title, WORD(f->view, W_EV_SKILL), who);
            break;
        case GOUDAN_EV_FACE:
            snprintf(title, sizeof title, WORD(f->view, W_EV_FACE), who);
            break;
        case GOUDAN_EV_TRADE: snprintf(title, sizeof title, WORD(f->view, W_EV_TRADE), who); break;
        case GOUDAN_EV_PLAY: snprintf(title, sizeof title, WORD(f->view, W_EV_PLAY), who); break;
        case GOUDAN_EV_HIT:
            snprintf(title, sizeof title, WORD(f->view, W_EV_HIT), (int)s->hits_done);
            snprintf(sub, sizeof sub, WORD(f->view, W_HIT_TARGET),
                     (int)e->characters, (int)e->characters);
            snprintf(brief, sizeof brief, WORD(f->view, W_HIT_BRIEF), (int)e->characters,
                     (int)e->characters);
            break;
        case GOUDAN_EV_PLACE: snprintf(title, sizeof title, WORD(f->view, W_EV_PLACE), who); break;
        case GOUDAN_EV_END_TURN: snprintf(title, sizeof title, WORD(f->view, W_EV_END_TURN), who); break;
        case GOUDAN_EV_WIN: title[0] = 0; break;
        default: break;
        }
        if (e->has_decision && e->decision.n > 0) {
            snprintf(sub, sizeof sub, WORD(f->view, e->decision.n == 1 ? W_CHANCE_1 : W_CHANCE_N), who,
                     e->decision.value, e->decision.n);
            snprintf(brief, sizeof brief, WORD(f->view, W_CHANCE_BRIEF), who, e->decision.value);
        }
    } else if (s->turn == 0) {
        snprintf(title, sizeof title, "%s", WORD(f->view, W_START));
        snprintf(sub, sizeof sub, WORD(f->view, W_START_SUB), (int)s->O);
        tc = th->muted;
    }
    if (title[0]) {
        /* The lines stay between the turn number and the played card (its
         * place is kept free even when no card lies there, so nothing jumps):
         * centred when they fit, else centred in the room left; the title
         * drops to the body font, the second line to its brief form, then
         * is cut. */
        float a = e ? clampf(p * 3, 0, 1) : 1;
        float lo = L->left + 4 * u, hi = L->card_x - play_card_h(L) * 0.35f - 6 * u;
        float tlo = lo + turn_w + 8 * u;
        int font = DS_FONT_TITLE;
        if (band_one_line(L)) {
            /* a short band: the title alone, in the body font */
            band_line(f, DS_FONT_BODY, tlo, hi, L->cx, L->cy, with_alpha(tc, a), title);
            return;
        }
        if (text_width(f->text, font, title) > hi - tlo) font = DS_FONT_BODY;
        band_line(f, font, tlo, hi, L->cx, L->cy - 9 * u, with_alpha(tc, a), title);
        if (sub[0]) {
            const char *line = sub;
            if (brief[0] && text_width(f->text, DS_FONT_SMALL, sub) > hi - lo) line = brief;
            band_line(f, DS_FONT_SMALL, lo, hi, L->cx, L->cy + 17 * u, with_alpha(th->muted, a), line);
        }
    }
}

/* The card in flight during a play: a big card back with the three hits as pips. */
static void draw_play_card(const ds_frame *f, const layout *L, float x, float y, int hits_done,
                           float alpha) {
    float u = f->scale, h = play_card_h(L);
    int k;
    card_back(f, x, y, h, alpha);
    /* no words on it, but none may lie under it (the band's lines) */
    text_shape_begin(f->text, x - h * 0.35f, y - h / 2, h * 0.7f, h, "played card");
    text_shape_end(f->text);
    for (k = 0; k < 3; k++)
        draw_circle(f->r, x + ((float)k - 1) * 10 * u, y + h / 2 + 8 * u, 3.5f * u,
                    with_alpha(k < hits_done ? hurt_color : f->theme->card_edge, alpha));
}

static void draw_win(const ds_frame *f, const layout *L, int winner, int turn, float k) {
    float u = f->scale, bw = fminf(L->cw, 420 * u) * (0.6f + 0.4f * k), bh = fminf(L->band_h, 64 * u);
    float y0 = L->cy - L->band_h / 2, top = L->cy - bh / 2, bottom = L->cy + bh / 2, cx = L->cx;
    /* clear of the band's turn number, which a banner across a narrow band
     * would cover: below it, or beside it in a one-line band */
    float below_turn = y0 + 6 * u + text_line_height(f->text, DS_FONT_SMALL) + 3 * u;
    int font = DS_FONT_TITLE;
    char buf[32];
    if (k <= 0) return;
    snprintf(buf, sizeof buf, WORD(f->view, W_WINS), WORD(f->view, winner ? W_NAME_T : W_NAME_E));
    if (band_one_line(L)) {
        char tn[32];
        float lo, hi = L->left + L->cw;
        snprintf(tn, sizeof tn, WORD(f->view, W_TURN_N), turn);
        lo = L->left + 4 * u + text_width(f->text, DS_FONT_SMALL, tn) + 8 * u;
        if (bw > hi - lo) bw = hi - lo;
        if (cx - bw / 2 < lo) cx = lo + bw / 2;
        top = y0 + 2 * u;
        bottom = y0 + L->band_h - 2 * u;
        font = DS_FONT_BODY;
    } else if (top < below_turn) {
        top = below_turn;
        if (bottom > y0 + L->band_h - 2 * u) bottom = y0 + L->band_h - 2 * u;
    }
    draw_round_rect(f->r, cx - bw / 2, top, bw, bottom - top, fminf(14 * u, (bottom - top) / 2),
                    with_alpha(side_color[winner], k));
    text_shape_begin(f->text, cx - bw / 2, top, bw, bottom - top, "win banner");
    text_mid(f, font, cx, (top + bottom) / 2, DS_ALIGN_CENTER, with_alpha(white, k), buf);
    text_shape_end(f->text);
}

/* Position of a hit target in the state before the hit. */
static void hit_target_pos(const layout *L, const goudan_state *pre, const goudan_event *e,
                           float *x, float *y) {
    int side = e->target_side & 1;
    if (e->target < 0) {
        *x = portrait_x(L);
        *y = portrait_y(L, side);
    } else {
        *x = slot_x(L, pre->player[side].count, e->target);
        *y = L->row_y[side];
    }
}

static void draw_static(const ds_frame *f, const layout *L, const goudan_state *s) {
    int side;
    for (side = 0; side < 2; side++) {
        plate_anim pa;
        row_anim ra;
        plate_from(&pa, s, side);
        draw_plate(f, L, side, &pa);
        static_row(&ra, &s->player[side], marks_of(s, side));
        draw_row(f, L, side, &ra);
    }
    if (s->playing) draw_play_card(f, L, L->card_x, L->card_y, s->hits_done, 1);
}

/* A button for a candidate with no object of its own on the table: a pill
 * with the label, in the played card's place of the band (kept free of the
 * band's words; no card lies there while an operation is decided). */
static void hit_button(const ds_frame *f, float x, float y, float w, float h, const char *label) {
    const ds_theme *th = f->theme;
    float u = f->scale;
    draw_round_rect(f->r, x, y, w, h, h / 2, color_mix(th->card, th->accent, 0.18f));
    su_outline(f->r, x, y, w, h, h / 2, 1.5f * u, th->accent);
    char shown[DS_CHOICE_LABEL];
    /* the label in words of the view's language (end_turn: "END TURN", 结束回合) */
    snprintf(shown, sizeof shown, "%s", strcmp(label, "end_turn") == 0 ? WORD(f->view, W_BTN_END_TURN) : label);
    /* a narrow band: the first word */
    if (text_width(f->text, DS_FONT_SMALL, shown) > w - h * 0.6f && strchr(shown, ' ')) *strchr(shown, ' ') = 0;
    text_shape_begin(f->text, x, y, w, h, label);
    su_text_fit(f, DS_FONT_SMALL, x + w / 2, y + h / 2, w - h * 0.6f, DS_ALIGN_CENTER, th->fg, shown);
    text_shape_end(f->text);
    su_hits_add(f, x, y, w, h, su_hits_match(f, label, SU_HIT_EXACT));
}

/* The clickable candidates of a settled decision step (labels:
 * docs/games/goudan.md): the mover's hand = play, its portrait = skill, the
 * opponent's portrait = face(...), a minion of the mover = what it can do
 * (face(hpA), trade(Ax..)), an enemy minion = the trades onto it; a hit's
 * characters = hit:E, hit:T1, ... Whatever has no object left (end_turn)
 * gets a button. */
static void add_hits(const ds_frame *f, const layout *L, const goudan_state *s, int me) {
    char buf[24];
    int side, i, k;
    uint64_t rest;
    float u = f->scale;
    for (side = 0; side < 2; side++) {
        const goudan_player *pl = &s->player[side];
        float px = portrait_x(L), py = portrait_y(L, side), r = L->portrait_r, ch = L->plate_h * 0.5f;
        uint64_t m;
        snprintf(buf, sizeof buf, "hit:%c", side ? 'T' : 'E');
        m = su_hits_match(f, buf, SU_HIT_EXACT) | su_hits_match(f, side == me ? "skill" : "face(", side == me ? SU_HIT_EXACT : SU_HIT_PREFIX);
        su_hits_add(f, px - r, py - r, 2 * r, 2 * r, m);
        if (side == me && pl->hand > 0) {
            float x0 = hand_x(L, 0) - ch * 0.35f, x1 = hand_x(L, pl->hand > 3 ? 2 : pl->hand - 1) + ch * 0.35f;
            su_hits_add(f, x0, py - ch / 2, x1 - x0, ch, su_hits_match(f, "play", SU_HIT_EXACT));
        }
        for (i = 0; i < pl->count && i < 4; i++) {
            int hp = pl->minion[i].hp;
            float x = slot_x(L, pl->count, i), y = L->row_y[side];
            snprintf(buf, sizeof buf, "hit:%c%d", side ? 'T' : 'E', i + 1);
            m = su_hits_match(f, buf, SU_HIT_EXACT);
            if (side == me && !pl->minion[i].attacked) { /* an asleep minion does nothing */
                snprintf(buf, sizeof buf, "face(hp%d)", hp);
                m |= su_hits_match(f, buf, SU_HIT_EXACT);
                snprintf(buf, sizeof buf, "trade(%dx", hp);
                m |= su_hits_match(f, buf, SU_HIT_PREFIX);
            } else if (side != me) {
                snprintf(buf, sizeof buf, "x%d)", hp);
                m |= su_hits_match(f, buf, SU_HIT_SUFFIX);
            }
            su_hits_add(f, x - L->mw / 2, y - L->mh / 2, L->mw, L->mh, m);
        }
    }
    /* buttons for the rest, stacked in the played card's place */
    rest = su_hits_uncovered(f, ~(uint64_t)0);
    if (rest) {
        float x0 = L->card_x - play_card_h(L) * 0.35f, x1 = L->left + L->cw;
        int nb = 0;
        for (k = 0; k < 64; k++) nb += (int)(rest >> k & 1);
        for (k = 0, i = 0; k < 64; k++) {
            float bh = (L->band_h - 4 * u) / (float)nb, by;
            if (!(rest >> k & 1)) continue;
            if (bh > 40 * u) bh = 40 * u;
            by = L->cy - (bh * (float)nb) / 2 + (float)i * bh;
            hit_button(f, x0, by + 1 * u, x1 - x0 - 2 * u, bh - 2 * u, su_hits_label(f, k));
            i++;
        }
    }
}

static void draw_event(const ds_frame *f, const layout *L, const goudan_state *pre,
                       const goudan_state *post, const goudan_event *e, float p) {
    int me = e->player & 1, op = 1 - me, side;
    plate_anim pa[2];
    row_anim ra[2];
    float u = f->scale;
    char buf[16];
    for (side = 0; side < 2; side++) {
        plate_from(&pa[side], p < 0.5f ? pre : post, side);
        static_row(&ra[side], p < 0.5f ? &pre->player[side] : &post->player[side],
                   marks_of(p < 0.5f ? pre : post, side));
    }
    switch (e->kind) {
    case GOUDAN_EV_TURN_START: {
        float k = phase(p, 0, 0.7f);
        pa[me].glow = smooth(k);
        pa[op].glow = 0;
        pa[me].moving = p >= 0.5f;
        pa[me].hand = p < 0.85f ? pre->player[me].hand : post->player[me].hand;
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        for (side = 0; side < 2; side++) draw_row(f, L, side, &ra[side]);
        if (e->drew && p < 0.85f) { /* a card flies in from the right edge */
            float k2 = smooth(phase(p, 0.2f, 0.85f));
            card_back(f, lerpf(L->W + 20 * u, hand_x(L, post->player[me].hand - 1), k2),
                      portrait_y(L, me), L->plate_h * 0.5f, 1);
        }
        break;
    }
    case GOUDAN_EV_SKILL: {
        float k = phase(p, 0.1f, 0.5f);
        int drew = post->player[me].hand > pre->player[me].hand;
        pa[me].hp = p < 0.35f ? pre->player[me].hp : post->player[me].hp;
        pa[me].flash = p >= 0.35f ? 1 - phase(p, 0.35f, 1) : 0;
        pa[me].hand = drew && p < 0.85f ? pre->player[me].hand : post->player[me].hand;
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        for (side = 0; side < 2; side++) draw_row(f, L, side, &ra[side]);
        (void)k;
        floater(f, hp_float_x(L), portrait_y(L, me), phase(p, 0.35f, 1),
                hurt_color, S_MINUS "2");
        if (drew && p < 0.85f) {
            float k2 = smooth(phase(p, 0.4f, 0.85f));
            card_back(f, lerpf(L->W + 20 * u, hand_x(L, post->player[me].hand - 1), k2),
                      portrait_y(L, me), L->plate_h * 0.5f, 1);
        }
        break;
    }
    case GOUDAN_EV_FACE: {
        /* the attacker strikes the enemy player and comes back */
        float x0 = slot_x(L, pre->player[me].count, e->attacker), y0 = L->row_y[me];
        float x1 = portrait_x(L) + L->portrait_r * 0.5f, y1 = portrait_y(L, op);
        float k = p < 0.5f ? smooth(p / 0.5f) : smooth((1 - p) / 0.5f);
        ra[me].moving = e->attacker;
        ra[me].mx = lerpf(x0, x1, k * 0.9f);
        ra[me].my = lerpf(y0, y1, k * 0.9f);
        pa[op].flash = p >= 0.5f ? 1 - phase(p, 0.5f, 1) : 0;
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        draw_row(f, L, op, &ra[op]);
        draw_row(f, L, me, &ra[me]);
        floater(f, hp_float_x(L), y1, phase(p, 0.5f, 1), hurt_color, S_MINUS "3");
        break;
    }
    case GOUDAN_EV_TRADE: {
        /* the attacker rams its target; both fade; the survivors close up */
        float x0 = slot_x(L, pre->player[me].count, e->attacker), y0 = L->row_y[me];
        float x1 = slot_x(L, pre->player[op].count, e->target), y1 = L->row_y[op];
        float k = smooth(phase(p, 0, 0.4f));
        float dir = y1 > y0 ? 1.0f : -1.0f;
        for (side = 0; side < 2; side++) {
            plate_from(&pa[side], pre, side);
            static_row(&ra[side], &pre->player[side], marks_of(pre, side));
            ra[side].b = &post->player[side];
            ra[side].fade = phase(p, 0.4f, 0.7f);
            ra[side].slide = smooth(phase(p, 0.65f, 1));
        }
        ra[me].removed = e->attacker;
        ra[op].removed = e->target;
        ra[me].moving = e->attacker;
        ra[me].mx = lerpf(x0, x1, k);
        ra[me].my = lerpf(y0, y1 - dir * L->mh * 0.85f, k);
        ra[op].hurt = e->target;
        ra[op].flash = p > 0.35f ? 1 : 0;
        ra[me].hurt = e->attacker;
        ra[me].flash = p > 0.35f ? 1 : 0;
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        draw_row(f, L, op, &ra[op]);
        draw_row(f, L, me, &ra[me]);
        if (p > 0.35f && p < 0.75f) {
            text_moving(f->text, 1);
            text_mid(f, DS_FONT_TITLE, x1, (ra[me].my + y1) / 2, DS_ALIGN_CENTER,
                     with_alpha(hurt_color, 1 - phase(p, 0.6f, 0.75f)), S_CROSS);
            text_moving(f->text, 0);
        }
        break;
    }
    case GOUDAN_EV_PLAY: {
        /* a card leaves the hand for the centre */
        float k = smooth(phase(p, 0, 0.8f));
        int hand = pre->player[me].hand;
        plate_from(&pa[me], pre, me);
        pa[me].hand = hand - 1; /* the played one is in flight */
        pa[me].ops_left = p < 0.5f ? pre->ops_left : post->ops_left;
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        for (side = 0; side < 2; side++) {
            static_row(&ra[side], &post->player[side], marks_of(post, side));
            draw_row(f, L, side, &ra[side]);
        }
        text_moving(f->text, 1);
        draw_play_card(f, L, lerpf(hand_x(L, hand > 0 ? hand - 1 : 0), L->card_x, k),
                       lerpf(portrait_y(L, me), L->card_y, k), 0, 1);
        text_moving(f->text, 0);
        break;
    }
    case GOUDAN_EV_HIT: {
        int ts = e->target_side & 1;
        float tx, ty, k = smooth(phase(p, 0, 0.45f)), impact = phase(p, 0.45f, 1);
        hit_target_pos(L, pre, e, &tx, &ty);
        for (side = 0; side < 2; side++) {
            plate_from(&pa[side], p < 0.45f ? pre : post, side);
            static_row(&ra[side], &pre->player[side], marks_of(pre, side));
            ra[side].b = &post->player[side];
        }
        if (e->target < 0) {
            pa[ts].flash = p >= 0.45f ? 1 - impact : 0;
        } else {
            int died = post->player[ts].count < pre->player[ts].count;
            ra[ts].values_from_b = p >= 0.45f;
            ra[ts].hurt = e->target;
            ra[ts].flash = p >= 0.45f ? 1 - impact : 0;
            if (died) {
                ra[ts].removed = e->target;
                ra[ts].fade = phase(p, 0.55f, 0.8f);
                ra[ts].slide = smooth(phase(p, 0.75f, 1));
            }
        }
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        for (side = 0; side < 2; side++) draw_row(f, L, side, &ra[side]);
        draw_play_card(f, L, L->card_x, L->card_y, p < 0.45f ? pre->hits_done : post->hits_done, 1);
        text_moving(f->text, 1); /* the hit and its tag pass over the table */
        if (p < 0.45f) { /* the hit travels, carrying its probability */
            float bx = lerpf(L->card_x, tx, k), by = lerpf(L->card_y, ty, k);
            draw_circle(f->r, bx, by, 13 * u, hurt_color);
            snprintf(buf, sizeof buf, "1/%d", (int)e->characters);
            text_mid(f, DS_FONT_SMALL, bx, by, DS_ALIGN_CENTER, white, buf);
        } else {
            float fx = e->target < 0 ? hp_float_x(L) : tx + L->mw / 2 + 16 * u;
            float fy = e->target < 0 ? ty : ty - L->mh * 0.3f;
            float dir = ty < L->H / 2 ? 1.0f : -1.0f;
            float ly = e->target < 0 ? ty + dir * (L->portrait_r + 12 * u) : ty + dir * (L->mh / 2 + 12 * u);
            floater(f, fx, fy, impact, hurt_color, S_MINUS "1");
            snprintf(buf, sizeof buf, "1/%d", (int)e->characters);
            if (impact < 0.85f) { /* the probability stays by the target a moment */
                draw_round_rect(f->r, tx - 20 * u, ly - 10 * u, 40 * u, 20 * u, 10 * u, hurt_color);
                text_mid(f, DS_FONT_SMALL, tx, ly, DS_ALIGN_CENTER, white, buf);
            }
        }
        text_moving(f->text, 0);
        break;
    }
    case GOUDAN_EV_PLACE: {
        /* the card lands as a new HP-2 minion at the end of the row */
        const goudan_player *b = &post->player[me];
        float k = smooth(p);
        int placed = b->count > pre->player[me].count;
        for (side = 0; side < 2; side++) {
            plate_from(&pa[side], post, side);
            static_row(&ra[side], &post->player[side], marks_of(post, side));
        }
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        draw_row(f, L, op, &ra[op]);
        if (placed) {
            ra[me].a = &pre->player[me];
            ra[me].b = b;
            ra[me].extra = 1;
            ra[me].slide = k;
            draw_row(f, L, me, &ra[me]);
            text_moving(f->text, 1);
            minion(f, L, me, lerpf(L->card_x, slot_x(L, b->count, b->count - 1), k),
                   lerpf(L->card_y, L->row_y[me], k), 2, 1, 1, 0.5f + 0.5f * k, 0); /* placed: asleep */
            text_moving(f->text, 0);
        } else {
            draw_row(f, L, me, &ra[me]);
            text_moving(f->text, 1); /* fading out */
            draw_play_card(f, L, L->card_x, L->card_y, 3, 1 - p);
            text_moving(f->text, 0);
        }
        break;
    }
    case GOUDAN_EV_END_TURN: {
        float k = smooth(p);
        plate_from(&pa[me], pre, me);
        pa[me].glow = 1 - k;
        pa[me].moving = p < 0.5f;
        pa[op].glow = 0.35f * (float)sin(3.14159 * p);
        for (side = 0; side < 2; side++) draw_plate(f, L, side, &pa[side]);
        for (side = 0; side < 2; side++) draw_row(f, L, side, &ra[side]);
        break;
    }
    case GOUDAN_EV_WIN:
    default:
        for (side = 0; side < 2; side++) {
            plate_from(&pa[side], post, side);
            if (e->kind == GOUDAN_EV_WIN && side != me) pa[side].flash = 1 - p;
            draw_plate(f, L, side, &pa[side]);
            static_row(&ra[side], &post->player[side], marks_of(post, side));
            draw_row(f, L, side, &ra[side]);
        }
        break;
    }
}

static void *create(void) { return calloc(1, sizeof(gscene)); }
static void destroy(void *self) { free(self); }
static void draw(void *self, const ds_frame *f) {
    const ds_view *v = f->view;
    const ds_theme *th = f->theme;
    layout L;
    (void)self;
    SDL_SetRenderDrawColor(f->r, th->bg.r, th->bg.g, th->bg.b, 255);
    SDL_RenderClear(f->r);
    if (v) su_hits_begin(f); /* clears the regions; > 0 at a settled decision */
    if (!v || !v->loaded || v->game != DSV_GOUDAN || !v->state) return;
    make_layout(f, &L);
    {
        const goudan_event *e = dsv_tween_event(v);
        const goudan_state *cur = (const goudan_state *)v->state;
        const goudan_state *pre, *post;
        float p;
        int rev = dsv_tween_reversed(v);
        if (e && v->anim < 1) {
            pre = (const goudan_state *)(rev ? v->state : v->from);
            post = (const goudan_state *)(rev ? v->from : v->state);
            p = (float)dsv_ease(v);
            if (rev) p = 1 - p;
            draw_band(f, &L, post, e, p);
            draw_event(f, &L, pre, post, e, p);
            if (post->winner >= 0) draw_win(f, &L, post->winner, (int)post->turn, e->kind == GOUDAN_EV_WIN ? p : 1);
        } else {
            /* settled: the state, captioned by the event that made it */
            const goudan_event *last = v->step > 0 ? ds_trace_event(&v->trace, v->step - 1) : NULL;
            draw_band(f, &L, cur, last, 1);
            draw_static(f, &L, cur);
            if (f->out && f->out->hits.valid)
                add_hits(f, &L, cur, ((const goudan_event *)ds_trace_event(&v->trace, v->step))->player & 1);
            if (cur->winner >= 0) draw_win(f, &L, cur->winner, (int)cur->turn, 1);
        }
    }
}

/* (the placeholder's card: violet) */
const ds_scene ds_scene_goudan = {
    "goudan", create, destroy, NULL, draw, words, W_COUNT, &ds_scene_dp_goudan, {0xc8, 0x5a, 0xd8, 255},
    {"\xe2\x86\x92 \xe2\x86\x90  play \xc2\xb7 pass", "\xe2\x86\x92 \xe2\x86\x90  打牌 \xc2\xb7 技能"},
    "\xe2\x99\xa0", /* ♠ */
};
