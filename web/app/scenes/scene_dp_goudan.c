/* scene_dp_goudan.c - the goudan decision explorer on the canvas: the
 * breadcrumb, every legal operation of the state as a bar (its win
 * probability, the chosen one marked), the chance tree of "play" as an
 * icicle (height = probability of reaching a node, colour = its value), the
 * heat map of 小E's win probability over both HPs, and the solve animation
 * (the layers of the DP in the engine's order, filling).
 *
 * Numbers, codes and short words (strings.h, in the view's language); the
 * explanations are in the page's panel (dp_goudan.js). The model is
 * view_dp_goudan.c (its labels and codes are ASCII, for the page's JSON:
 * the words are put in the view's language here); clicks call into it.
 *
 * For a learner, one name and one number format everywhere (the panel, the
 * why panel and the narration say the same): 小E and the teacher (老师),
 * probabilities as percentages with 2 decimals. The chance tree's colours
 * are scaled to the values it shows, so that 2 % and 8 % look different. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/draw.h"
#include "scenes/strings.h"
#include "scenes/scene.h"
#include "model/view_dp_goudan.h"

/* The words this scene draws, en and zh (ui_word, scenes/strings.h): this
 * file is UTF-8; the build collects its non-ASCII code points for the CJK
 * font (web/cmake/cjk_glyphs.cmake), and frontend_zh checks the table. */
enum {
    W_OP_PLAY,
    W_OP_FACE,           /* %d attacker HP */
    W_OP_TRADE,          /* %d attacker HP, %d target HP */
    W_OP_SKILL,
    W_OP_END,
    W_PLAY_VALUE,        /* %.4f */
    W_WINS_SHORT,        /* %s who */
    W_STEP,              /* %ld step, %s who */
    W_TYPED,             /* prefix of a typed start state's crumb */
    W_GAME_OVER,         /* %s who */
    W_SOLVE,             /* %d hp, %d total HP, %d layer, %d layers, %s phase, %llu, %llu */
    W_PHASE_CHANCE1,
    W_PHASE_CHANCE2,
    W_PHASE_CHANCE3,
    W_PHASE_START,
    W_PHASE_TURN,
    W_PHASE_DONE,
    W_NAME_T,            /* the teacher in sentences */
    W_EV_HIT,            /* %d hits done */
    W_CHANCE_BRIEF,      /* %s who, %.4f value (small canvases) */
    W_COUNT
};
static const ui_word words[W_COUNT] = {
    [W_OP_PLAY] = {"PLAY", "打牌"},
    [W_OP_FACE] = {"FACE %d", "攻击 %d"},
    [W_OP_TRADE] = {"TRADE %dx%d", "同归 %d\xc3\x97%d"},
    [W_OP_SKILL] = {"SKILL", "技能"},
    [W_OP_END] = {"END", "结束回合"},
    [W_PLAY_VALUE] = {"PLAY %.4f", "打牌 %.4f"},
    [W_WINS_SHORT] = {"%s wins", "%s胜"},
    [W_STEP] = {"step %ld: %s", "第 %ld 步：%s"},
    [W_TYPED] = {"typed: ", "输入："},
    [W_GAME_OVER] = {"game over: %s wins", "游戏结束：%s获胜"},
    [W_SOLVE] = {"HP<=%d  L=%d (%d/%d)  %s  %llu/%llu", "体力≤%d  L=%d (%d/%d)  %s  %llu/%llu"},
    [W_PHASE_CHANCE1] = {"chance1", "随机 1"},
    [W_PHASE_CHANCE2] = {"chance2", "随机 2"},
    [W_PHASE_CHANCE3] = {"chance3", "随机 3"},
    [W_PHASE_START] = {"start", "回合开始"},
    [W_PHASE_TURN] = {"turn", "回合中"},
    [W_PHASE_DONE] = {"done", "完成"},
    [W_NAME_T] = {"teacher", "老师"},
    [W_EV_HIT] = {"HIT %d of 3", "第 %d/3 次伤害"},
    [W_CHANCE_BRIEF] = {"P(%s wins) = %.4f", "%s胜率 %.4f"},
};
#define WORD(v, id) ui_word_str((v), &words[id])

#define S_CHECK "\xe2\x9c\x93" /* ✓ */
#define S_PLAY "\xe2\x96\xb6"  /* ▶ */

typedef struct rectf {
    float x, y, w, h;
} rectf;

enum { HIT_NONE, HIT_CHIP, HIT_OP, HIT_NODE, HIT_CELL, HIT_SOLVE };

typedef struct gdp_scene {
    float scale;
    /* what was drawn last frame, for clicks (renderer pixels) */
    int nchips;
    rectf chip[DSG_NAV_MAX];
    int nops;
    rectf op[GOUDAN_MAX_OPS];
    int nnodes;
    rectf node[GOUDAN_TREE_MAX];
    rectf heat;
    int heat_hp;
    rectf solve;
    float y0[GOUDAN_TREE_MAX], acc[GOUDAN_TREE_MAX]; /* icicle layout */
    /* pointer */
    float mx, my;
    int hover_kind, hover_i, hover_j;
} gdp_scene;

static const SDL_Color side_color[2] = {{0x2f, 0x8f, 0xe0, 255}, {0xe0, 0x5a, 0x3c, 255}};
static const SDL_Color win_color = {0x2e, 0xa0, 0x5a, 255};
static const SDL_Color loss_color = {0xe5, 0x39, 0x35, 255};
static const SDL_Color white = {255, 255, 255, 255};

static int inside(const rectf *r, float x, float y) {
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

static void text_mid(const ds_frame *f, int font, float x, float cy, ds_align al, SDL_Color c, const char *s) {
    text_draw(f->text, f->r, font, x, cy - text_line_height(f->text, font) / 2, al, c, s);
}

/* 小E's win probability as a colour: teacher colour at 0, neutral at 0.5,
 * 小E's colour at 1. */
static SDL_Color value_color(const ds_theme *th, double e) {
    SDL_Color mid = th->dark ? (SDL_Color){0x3a, 0x40, 0x4a, 255} : (SDL_Color){0xee, 0xef, 0xf2, 255};
    if (e < 0) return th->card_edge;
    if (e < 0.5) return color_mix(side_color[1], mid, (float)(e / 0.5));
    return color_mix(mid, side_color[0], (float)((e - 0.5) / 0.5));
}

static void outline(const ds_frame *f, rectf r, float t, SDL_Color c) {
    draw_rect(f->r, r.x, r.y, r.w, t, c);
    draw_rect(f->r, r.x, r.y + r.h - t, r.w, t, c);
    draw_rect(f->r, r.x, r.y, t, r.h, c);
    draw_rect(f->r, r.x + r.w - t, r.y, t, r.h, c);
}

/* 小E is her name in both languages (the statement's); the teacher is 老师
 * (W_NAME_T) in Chinese. The glyphs of 小 and 老师 are in the canvas's font
 * (this file's table has them). */
static const char *who_name(const ds_frame *f, int side) {
    if (!side) return "\xe5\xb0\x8f" "E"; /* 小E */
    return ui_lang(f->view) == DS_LANG_ZH ? WORD(f->view, W_NAME_T) : "teacher";
}

/* HP as drawn: never below 0 (a hit past 0 ends the game at 0). */
static int hpv(int hp) { return hp < 0 ? 0 : hp; }

/* A probability as a percentage with 2 decimals; a value that is not
 * certain never shows as 0.00% or 100.00%. */
static void pct(char *out, size_t n, double v) {
    if (v > 0 && v < 0.00005) snprintf(out, n, "<0.01%%");
    else if (v < 1 && v > 0.99995) snprintf(out, n, ">99.99%%");
    else snprintf(out, n, "%.2f%%", v * 100);
}

/* "P(小E wins) = 4.19%" / "小E胜率 4.19%": the strings table's format with the
 * number as a percentage. */
static void chance_text(const ds_frame *f, int side, double v, char *out, size_t n) {
    char fmt[64], num[24], *p;
    snprintf(fmt, sizeof fmt, "%s", WORD(f->view, W_CHANCE_BRIEF));
    p = strstr(fmt, "%.4f");
    pct(num, sizeof num, v);
    if (!p) {
        snprintf(out, n, "%s %s", who_name(f, side), num);
        return;
    }
    p[1] = 's'; /* "%.4f" -> "%s" + "4f" cut below */
    memmove(p + 2, p + 4, strlen(p + 4) + 1);
    snprintf(out, n, fmt, who_name(f, side), num);
}

/* An operation's short name ("FACE 3", "攻击 3"; dsv_dp_goudan_op_code in English). */
static void op_label(const ds_frame *f, const goudan_op *op, char *out, size_t n) {
    switch (op->kind) {
    case GOUDAN_OP_PLAY: snprintf(out, n, "%s", WORD(f->view, W_OP_PLAY)); break;
    case GOUDAN_OP_FACE: snprintf(out, n, WORD(f->view, W_OP_FACE), op->attacker_hp); break;
    case GOUDAN_OP_TRADE: snprintf(out, n, WORD(f->view, W_OP_TRADE), op->attacker_hp, op->target_hp); break;
    case GOUDAN_OP_SKILL: snprintf(out, n, "%s", WORD(f->view, W_OP_SKILL)); break;
    case GOUDAN_OP_END: snprintf(out, n, "%s", WORD(f->view, W_OP_END)); break;
    default: dsv_dp_goudan_op_code(op, out, n); break;
    }
}

/* A breadcrumb's text in the view's language. The model's labels are
 * "step N: E|T", "typed: E a, T b" and "PLAY <target codes>" (ASCII). */
static void crumb_label(const ds_frame *f, const char *label, char *out, size_t n) {
    long step;
    char who;
    if (sscanf(label, "step %ld: %c", &step, &who) == 2)
        snprintf(out, n, WORD(f->view, W_STEP), step, who_name(f, who == 'T'));
    else if (!strncmp(label, "typed: ", 7))
        snprintf(out, n, "%s%s", WORD(f->view, W_TYPED), label + 7);
    else if (!strncmp(label, "PLAY", 4))
        snprintf(out, n, "%s%s", WORD(f->view, W_OP_PLAY), label + 4);
    else
        snprintf(out, n, "%s", label);
}

static void draw_chips(gdp_scene *S, const ds_frame *f, const dsv_dp_goudan *dp, rectf area) {
    const ds_theme *th = f->theme;
    float u = f->scale, x = area.x, h = 26 * u, y = area.y;
    int i;
    S->nchips = 0;
    for (i = 0; i < dp->n; i++) {
        char s[96];
        float w;
        int last = i == dp->n - 1;
        SDL_Color bg = last ? th->accent : th->card;
        crumb_label(f, dp->nav[i].label, s, sizeof s);
        w = text_width(f->text, DS_FONT_SMALL, s) + 18 * u;
        if (x + w > area.x + area.w && i > 0) break;
        if (i) {
            text_mid(f, DS_FONT_BODY, x + 7 * u, y + h / 2, DS_ALIGN_CENTER, th->muted, ">");
            x += 14 * u;
        }
        draw_round_rect(f->r, x, y, w, h, h / 2, bg);
        if (!last && S->hover_kind == HIT_CHIP && S->hover_i == i) outline(f, (rectf){x, y, w, h}, 1 * u, th->accent);
        text_mid(f, DS_FONT_SMALL, x + w / 2, y + h / 2, DS_ALIGN_CENTER, last ? white : th->fg, s);
        S->chip[i] = (rectf){x, y, w, h};
        S->nchips = i + 1;
        x += w + 4 * u;
    }
}

/* The operations, best first, one row each. Compact (small canvases): the
 * small font, narrower code and value columns, and only the rows that fit
 * a line of text (the best ones; the panel lists them all). */
static void draw_ops(gdp_scene *S, const ds_frame *f, const dsv_dp_goudan *dp, rectf a, int compact) {
    const ds_theme *th = f->theme;
    int font = compact ? DS_FONT_SMALL : DS_FONT_BODY;
    float u = f->scale, rowh, codew = (compact ? 62 : 92) * u, valw = (compact ? 52 : 86) * u, bx, bw;
    float minrow = text_line_height(f->text, font) + 1 * u, mark = (compact ? 13 : 18) * u;
    int i, nshow;
    char buf[48];
    S->nops = 0;
    if (!dp->ok || dp->dec.n == 0) return;
    nshow = (int)floorf(a.h / minrow);
    if (nshow > dp->dec.n) nshow = dp->dec.n;
    if (nshow < 1) nshow = 1;
    rowh = fminf(a.h / (float)nshow, 30 * u);
    bx = a.x + codew;
    bw = a.w - codew - valw;
    if (bw < 16 * u) bw = 16 * u;
    for (i = 0; i < nshow; i++) {
        const goudan_op *op = &dp->dec.ops[i];
        float y = a.y + (float)i * rowh, cy = y + rowh / 2, bh = rowh * 0.62f;
        int chosen = i == dp->dec.chosen;
        SDL_Color c = chosen ? side_color[dp->mover] : color_mix(side_color[dp->mover], th->muted, 0.6f);
        op_label(f, op, buf, sizeof buf);
        if (S->hover_kind == HIT_OP && S->hover_i == i)
            draw_round_rect(f->r, a.x - 4 * u, y + 1 * u, a.w + 8 * u, rowh - 2 * u, 6 * u, th->card);
        text_mid(f, font, a.x + (chosen ? mark : 0), cy, DS_ALIGN_LEFT, chosen ? th->fg : th->muted, buf);
        if (chosen) text_mid(f, font, a.x, cy, DS_ALIGN_LEFT, win_color, S_CHECK);
        draw_round_rect(f->r, bx, cy - bh / 2, bw, bh, 3 * u, th->card);
        if (op->value > 0)
            draw_round_rect(f->r, bx, cy - bh / 2, (float)(bw * op->value), bh, 3 * u, c);
        if (op->kind == GOUDAN_OP_PLAY) /* expands into the chance tree */
            text_mid(f, DS_FONT_SMALL, bx + bw - 4 * u, cy, DS_ALIGN_RIGHT, th->muted, dp->expanded ? "v" : ">");
        pct(buf, sizeof buf, op->value);
        text_mid(f, font, bx + bw + (compact ? 4 : 8) * u, cy, DS_ALIGN_LEFT, chosen ? th->fg : th->muted, buf);
        S->op[i] = (rectf){a.x, y, a.w, rowh};
        S->nops = i + 1;
    }
}

/* The chance tree of "play" as an icicle: columns = the play and its three
 * hits (each headed), heights = path probability, colours = 小E's chance,
 * scaled to the lowest and highest value of the boxes shown (a legend below
 * says which). */
static void draw_tree(gdp_scene *S, const ds_frame *f, const dsv_dp_goudan *dp, rectf a) {
    const ds_theme *th = f->theme;
    const goudan_tree *tr = &dp->tree;
    float *y0 = S->y0, *acc = S->acc;
    float u = f->scale, colw, gap = 3 * u, headh = text_line_height(f->text, DS_FONT_SMALL) + 2 * u;
    float legh = text_line_height(f->text, DS_FONT_SMALL) + 4 * u;
    double lo = 1, hi = 0;
    int i, d;
    char buf[64], num[24];
    S->nnodes = 0;
    if (f->out) { /* what this frame draws of the tree, for the page and its tests */
        f->out->dpg.heads = 0;
        for (i = 0; i < GOUDAN_TREE_MAX; i++) f->out->dpg.color[i] = -1;
    }
    if (!dp->ok || dp->play_index < 0 || !dp->expanded || tr->n <= 0) return;
    colw = (a.w - 3 * gap) / 4;
    /* column headings: PLAY, HIT 1..3 of 3 */
    for (d = 0; d < 4; d++) {
        float x = a.x + (float)d * (colw + gap);
        if (d == 0) snprintf(buf, sizeof buf, "%s", WORD(f->view, W_OP_PLAY));
        else snprintf(buf, sizeof buf, WORD(f->view, W_EV_HIT), d);
        if (d > 0 && text_width(f->text, DS_FONT_SMALL, buf) > colw - 4 * u)
            snprintf(buf, sizeof buf, "%d/3", d); /* a narrow column: the hit's number */
        text_draw(f->text, f->r, DS_FONT_SMALL, x + 2 * u, a.y, DS_ALIGN_LEFT, th->muted, buf);
        if (f->out) f->out->dpg.heads++;
    }
    /* the colour scale: 小E's chance over the boxes still in play */
    for (i = 0; i < tr->n; i++)
        if (tr->node[i].outcome == 0) {
            double ev = dp->mover == 0 ? tr->node[i].value : 1 - tr->node[i].value;
            if (ev < lo) lo = ev;
            if (ev > hi) hi = ev;
        }
    if (hi - lo < 0.02) { /* nearly equal: a span of 2 points around them */
        double mid = (hi + lo) / 2;
        lo = mid - 0.01;
        hi = mid + 0.01;
    }
    a.y += headh;
    a.h -= headh + legh;
    for (i = 0; i < tr->n; i++) {
        const goudan_tree_node *nd = &tr->node[i];
        float h = (float)nd->path_prob * a.h, x, y;
        double ev = dp->mover == 0 ? nd->value : 1 - nd->value;
        SDL_Color c;
        rectf r;
        if (nd->parent < 0) {
            y0[i] = 0;
        } else {
            y0[i] = acc[nd->parent];
            acc[nd->parent] += h;
        }
        acc[i] = y0[i];
        x = a.x + (float)nd->depth * (colw + gap);
        y = a.y + y0[i];
        r = (rectf){x, y, colw, h};
        S->node[i] = r;
        S->nnodes = i + 1;
        c = nd->outcome > 0 ? (dp->mover == 0 ? win_color : loss_color)
            : nd->outcome < 0 ? (dp->mover == 0 ? loss_color : win_color)
                              : value_color(th, (ev - lo) / (hi - lo));
        if (f->out) f->out->dpg.color[i] = (int32_t)(((uint32_t)c.r << 16) | ((uint32_t)c.g << 8) | c.b);
        if (h < 1.5f * u) {
            draw_rect(f->r, x, y, colw, h > 0.5f ? h : 0.5f, c);
            continue;
        }
        draw_rect(f->r, x, y + 0.5f * u, colw, h - 1 * u, c);
        if (i == dp->selected || (S->hover_kind == HIT_NODE && S->hover_i == i)) outline(f, r, 2 * u, th->fg);
        if (h >= 16 * u) {
            SDL_Color tc = th->dark ? white : th->fg;
            pct(num, sizeof num, nd->value);
            if (nd->parent < 0)
                snprintf(buf, sizeof buf, "%s", num);
            else if (nd->outcome != 0) {
                char won[32];
                snprintf(won, sizeof won, WORD(f->view, W_WINS_SHORT),
                         who_name(f, (nd->outcome > 0) == (dp->mover == 0) ? 0 : 1));
                snprintf(buf, sizeof buf, "%s %d/%d %s", dsv_dp_goudan_target_code(nd->target, dp->mover),
                         nd->count, nd->characters, won);
            }
            else
                snprintf(buf, sizeof buf, "%s %d/%d  %s", dsv_dp_goudan_target_code(nd->target, dp->mover),
                         nd->count, nd->characters, num);
            if (text_width(f->text, DS_FONT_SMALL, buf) >= colw - 6 * u && nd->parent >= 0 && nd->outcome == 0)
                snprintf(buf, sizeof buf, "%s %s", dsv_dp_goudan_target_code(nd->target, dp->mover), num);
            if (text_width(f->text, DS_FONT_SMALL, buf) >= colw - 6 * u && nd->parent >= 0)
                snprintf(buf, sizeof buf, "%s", dsv_dp_goudan_target_code(nd->target, dp->mover));
            if (text_width(f->text, DS_FONT_SMALL, buf) < colw - 6 * u)
                text_mid(f, DS_FONT_SMALL, x + 4 * u, y + h / 2, DS_ALIGN_LEFT, tc, buf);
        }
    }
    /* the legend of the colour scale */
    {
        float ly = a.y + a.h + 4 * u, lw = fminf(a.w * 0.4f, 160 * u), lx, k;
        char lo_s[24], hi_s[24];
        pct(lo_s, sizeof lo_s, lo < 0 ? 0 : lo);
        pct(hi_s, sizeof hi_s, hi > 1 ? 1 : hi);
        snprintf(buf, sizeof buf, "%s:", who_name(f, 0));
        lx = a.x + text_draw(f->text, f->r, DS_FONT_SMALL, a.x, ly, DS_ALIGN_LEFT, th->muted, buf) + 6 * u;
        lx += text_draw(f->text, f->r, DS_FONT_SMALL, lx, ly, DS_ALIGN_LEFT, th->muted, lo_s) + 4 * u;
        for (k = 0; k < 24; k++)
            draw_rect(f->r, lx + k * lw / 24, ly + 3 * u, lw / 24 + 0.5f, legh - 8 * u,
                      value_color(th, (double)k / 23));
        text_draw(f->text, f->r, DS_FONT_SMALL, lx + lw + 4 * u, ly, DS_ALIGN_LEFT, th->muted, hi_s);
    }
}

/* "小E 5, teacher 11: 4.19%" (a heat-map cell; "..." while not computed);
 * "5, 11: 4.19%" when short. */
static void heat_text(const ds_frame *f, int e, int t, double v, int brief, char *out, size_t n) {
    char num[24];
    if (v < 0) snprintf(num, sizeof num, "...");
    else pct(num, sizeof num, v);
    if (brief) snprintf(out, n, "%d, %d: %s", e, t, num);
    else snprintf(out, n, "%s %d, %s %d: %s", who_name(f, 0), e, who_name(f, 1), t, num);
}

/* Axis numbers 1, every 5th and n, each only where it does not touch the
 * previous one drawn (small cells). vertical: 小E's axis (left, upwards). */
static void heat_axis(const ds_frame *f, float gx, float gy, float cell, float side, int n, int vertical) {
    const ds_theme *th = f->theme;
    float u = f->scale, lh = text_line_height(f->text, DS_FONT_SMALL), last = -1e9f, nmid;
    char buf[16];
    int e;
    /* where n goes: the others keep clear of it */
    snprintf(buf, sizeof buf, "%d", n);
    nmid = (float)(n - 1) * cell + cell / 2;
    for (e = 1; e <= n; e++) {
        float mid = (float)(e - 1) * cell + cell / 2, ext, w;
        if (!(e == 1 || e == n || e % 5 == 0)) continue;
        snprintf(buf, sizeof buf, "%d", e);
        w = text_width(f->text, DS_FONT_SMALL, buf);
        ext = vertical ? lh : w + 4 * u; /* the room a label needs along the axis */
        if (e != n && (mid - last < ext || nmid - mid < ext)) continue;
        last = mid;
        if (vertical)
            text_mid(f, DS_FONT_SMALL, gx - 4 * u, gy + side - mid, DS_ALIGN_RIGHT, th->muted, buf);
        else
            text_draw(f->text, f->r, DS_FONT_SMALL, gx + mid, gy + side + 2 * u, DS_ALIGN_CENTER, th->muted, buf);
    }
}

static void draw_heat(gdp_scene *S, const ds_frame *f, const dsv_dp_goudan *dp, rectf a) {
    const ds_theme *th = f->theme;
    float u = f->scale, lh = text_line_height(f->text, DS_FONT_SMALL), lab = 22 * u;
    float tname = text_width(f->text, DS_FONT_SMALL, who_name(f, 1)) + 6 * u;
    /* above the grid 小E's name; below it the axis numbers and the cell's line */
    float above = lh + 2 * u, below = 2 * u + lh + 2 * u + lh;
    float side = fminf(a.w - lab - tname, a.h - above - below), cell, gx, gy, tw, tx;
    int n = dp->heat_hp, e, t, cur_e, cur_t;
    char buf[64];
    S->heat_hp = 0;
    if (n <= 0 || side < 40 * u) return;
    cell = floorf(side / (float)n);
    side = cell * (float)n;
    gx = a.x + lab;
    gy = a.y + above;
    for (e = 1; e <= n; e++)
        for (t = 1; t <= n; t++) {
            float x = gx + (float)(t - 1) * cell, y = gy + (float)(n - e) * cell;
            draw_rect(f->r, x, y, cell - (cell > 6 * u ? 1 : 0), cell - (cell > 6 * u ? 1 : 0),
                      value_color(th, dp->heat[e - 1][t - 1]));
        }
    S->heat = (rectf){gx, gy, side, side};
    S->heat_hp = n;
    /* axes: E HP upwards on the left, T HP to the right below */
    heat_axis(f, gx, gy, cell, side, n, 1);
    heat_axis(f, gx, gy, cell, side, n, 0);
    text_draw(f->text, f->r, DS_FONT_SMALL, gx + side + 4 * u, gy + side - lh, DS_ALIGN_LEFT, side_color[1],
              who_name(f, 1));
    text_draw(f->text, f->r, DS_FONT_SMALL, gx, a.y, DS_ALIGN_LEFT, side_color[0], who_name(f, 0));
    /* the current state */
    cur_e = cur_t = 0;
    if (dp->n > 0) {
        cur_e = dp->nav[dp->n - 1].st.player[0].hp;
        cur_t = dp->nav[dp->n - 1].st.player[1].hp;
        if (cur_e >= 1 && cur_e <= n && cur_t >= 1 && cur_t <= n) {
            rectf r = {gx + (float)(cur_t - 1) * cell - 2 * u, gy + (float)(n - cur_e) * cell - 2 * u, cell + 4 * u,
                       cell + 4 * u};
            outline(f, r, 2 * u, th->fg);
        }
    }
    if (S->hover_kind == HIT_CELL) {
        e = S->hover_i;
        t = S->hover_j;
        outline(f, (rectf){gx + (float)(t - 1) * cell, gy + (float)(n - e) * cell, cell, cell}, 1 * u, th->accent);
    } else {
        e = cur_e;
        t = cur_t;
    }
    if (e < 1 || e > n || t < 1 || t > n) return;
    /* the cell's line under the grid, kept inside the heat map's area */
    heat_text(f, e, t, dp->heat[e - 1][t - 1], 0, buf, sizeof buf);
    if (text_width(f->text, DS_FONT_SMALL, buf) > a.w) heat_text(f, e, t, dp->heat[e - 1][t - 1], 1, buf, sizeof buf);
    tw = text_width(f->text, DS_FONT_SMALL, buf);
    tx = gx + side / 2 - tw / 2;
    if (tx + tw > a.x + a.w) tx = a.x + a.w - tw;
    if (tx < a.x) tx = a.x;
    text_draw(f->text, f->r, DS_FONT_SMALL, tx, gy + side + 2 * u + lh + 2 * u, DS_ALIGN_LEFT, th->fg, buf);
}

static void draw_solve(gdp_scene *S, const ds_frame *f, const dsv_dp_goudan *dp, rectf a) {
    const ds_theme *th = f->theme;
    float u = f->scale, top = a.y + 20 * u, bh = a.h - 40 * u, bw;
    char buf[96];
    int i;
    S->solve = a;
    draw_round_rect(f->r, a.x, a.y, a.w, a.h, 8 * u, th->card);
    if (S->hover_kind == HIT_SOLVE) outline(f, a, 1 * u, th->accent);
    if (!dp->anim_on) {
        text_mid(f, DS_FONT_BODY, a.x + a.w / 2, a.y + a.h / 2, DS_ALIGN_CENTER, th->muted, S_PLAY " DP");
        return;
    }
    {
        const goudan_solver_info *in = &dp->anim_info;
        uint32_t maxs = 1;
        int done = dp->anim_done;
        for (i = 0; i < dp->nlayers; i++)
            if (dp->layer_states[i] > maxs) maxs = dp->layer_states[i];
        bw = (a.w - 16 * u) / (float)(dp->nlayers > 0 ? dp->nlayers : 1);
        for (i = 0; i < dp->nlayers; i++) {
            float h = bh * sqrtf((float)dp->layer_states[i] / (float)maxs), x = a.x + 8 * u + (float)i * bw;
            float fill = done || i < in->layer ? 1.0f : 0.0f;
            if (!done && i == in->layer)
                fill = ((float)(in->phase > GOUDAN_PHASE_TURN ? 5 : in->phase) +
                        (in->phase_size ? (float)in->phase_done / (float)in->phase_size : 0)) / 5.0f;
            draw_rect(f->r, x + 1 * u, top + bh - h, bw - 2 * u, h, th->card_edge);
            if (fill > 0)
                draw_rect(f->r, x + 1 * u, top + bh - h * fill, bw - 2 * u, h * fill,
                          !done && i == in->layer ? th->accent : side_color[0]);
        }
        int ph = done ? GOUDAN_PHASE_DONE : (int)in->phase;
        snprintf(buf, sizeof buf, WORD(f->view, W_SOLVE), dp->anim_hp, in->total_hp,
                 done ? in->nlayers : in->layer + 1, in->nlayers,
                 WORD(f->view, ph >= 0 && ph <= GOUDAN_PHASE_DONE ? (W_PHASE_CHANCE1 + ph) : W_PHASE_DONE),
                 (unsigned long long)in->start_states_solved, (unsigned long long)in->start_states_total);
        text_draw(f->text, f->r, DS_FONT_SMALL, a.x + 8 * u, a.y + 4 * u, DS_ALIGN_LEFT, th->fg, buf);
        snprintf(buf, sizeof buf, "%s", dp->anim_playing ? "||" : S_PLAY);
        text_draw(f->text, f->r, DS_FONT_SMALL, a.x + a.w - 8 * u, a.y + 4 * u, DS_ALIGN_RIGHT, th->accent, buf);
    }
}

static void *create(void) {
    gdp_scene *S = calloc(1, sizeof *S);
    if (S) S->mx = S->my = -1, S->scale = 1;
    return S;
}
static void destroy(void *self) { free(self); }

/* What is under (x, y) (renderer pixels). */
static int hit_test(gdp_scene *S, const dsv_dp_goudan *dp, float x, float y, int *i_out, int *j_out) {
    int i;
    for (i = 0; i < S->nchips; i++)
        if (inside(&S->chip[i], x, y)) return *i_out = i, HIT_CHIP;
    for (i = 0; i < S->nops; i++)
        if (inside(&S->op[i], x, y)) return *i_out = i, HIT_OP;
    for (i = S->nnodes; i-- > 1;)
        if (inside(&S->node[i], x, y)) return *i_out = i, HIT_NODE;
    if (S->heat_hp > 0 && inside(&S->heat, x, y)) {
        float cell = S->heat.w / (float)S->heat_hp;
        *j_out = 1 + (int)((x - S->heat.x) / cell);
        *i_out = S->heat_hp - (int)((y - S->heat.y) / cell);
        if (*i_out >= 1 && *i_out <= S->heat_hp && *j_out >= 1 && *j_out <= S->heat_hp) return HIT_CELL;
    }
    if (inside(&S->solve, x, y)) return HIT_SOLVE;
    (void)dp;
    return HIT_NONE;
}

/* Input acts on the model (the view the platform layer passes): clicks on
 * the breadcrumb, the bars, the tree and the solve panel. */
static int event(void *self, const ds_pointer *p, ds_view *v) {
    gdp_scene *S = self;
    dsv_dp_goudan *dp = v ? dsv_dp_goudan_get(v) : NULL;
    int i = 0, j = 0, kind;
    if (!dp || v->mode != DSV_MODE_DP) return 0;
    if (p->kind == DS_POINTER_MOVE) {
        S->mx = p->x * S->scale;
        S->my = p->y * S->scale;
        S->hover_kind = hit_test(S, dp, S->mx, S->my, &S->hover_i, &S->hover_j);
        return 0;
    }
    if (p->kind != DS_POINTER_CLICK) return 0;
    kind = hit_test(S, dp, p->x * S->scale, p->y * S->scale, &i, &j);
    switch (kind) {
    case HIT_CHIP: dsv_dp_goudan_back(v, dp, i); return 1;
    case HIT_OP:
        if (i == dp->play_index) dsv_dp_goudan_expand(v, dp, !dp->expanded);
        return 1;
    case HIT_NODE: dsv_dp_goudan_enter(v, dp, i); return 1;
    case HIT_SOLVE:
        if (!dp->anim_on || dp->anim_done) dsv_dp_goudan_anim(v, dp, 2);
        else dsv_dp_goudan_anim(v, dp, dp->anim_playing ? 0 : 1);
        return 1;
    default: return 0;
    }
}

/* Draws the explorer the model's update step left (dsv_dp_update; for an
 * export, dsv_dp_still): nothing here moves it or does its work. */
static void draw(void *self, const ds_frame *f) {
    gdp_scene *S = self;
    const ds_theme *th = f->theme;
    const dsv_dp_goudan *dp;
    float u = f->scale, pad = 12 * u, top, W = f->w, H = f->h;
    int compact;
    rectf chips, ops, tree, heat, solve;
    char buf[160];
    S->scale = u;
    SDL_SetRenderDrawColor(f->r, th->bg.r, th->bg.g, th->bg.b, 255);
    SDL_RenderClear(f->r);
    dp = dsv_dp_goudan_peek(f->view);
    if (f->out) {
        f->out->dpg.heads = 0;
        memset(f->out->dpg.color, 0xff, sizeof f->out->dpg.color);
    }
    if (!dp) {
        S->nchips = S->nops = S->nnodes = S->heat_hp = 0;
        return;
    }

    /* compact: small canvases (embeds) get shorter rows and words */
    compact = W < 560 * u || H < 300 * u;
    chips = (rectf){pad, pad, W - 2 * pad, 26 * u};
    draw_chips(S, f, dp, chips);
    top = pad + 26 * u + (compact ? 6 : 10) * u;
    /* the state's value, mover coloured */
    if (dp->n > 0) {
        const goudan_state *s = &dp->nav[dp->n - 1].st;
        char won[64];
        const char *hp = ui_lang(f->view) == DS_LANG_ZH ? "\xe4\xbd\x93\xe5\x8a\x9b" : "HP"; /* 体力 */
        if (s->winner >= 0) snprintf(won, sizeof won, WORD(f->view, W_WINS_SHORT), who_name(f, s->winner & 1));
        else chance_text(f, dp->mover, dp->value, won, sizeof won);
        snprintf(buf, sizeof buf, "%s %s %d  \xc2\xb7  %s %s %d     %s", who_name(f, 0), hp, hpv(s->player[0].hp),
                 who_name(f, 1), hp, hpv(s->player[1].hp), won);
        /* shorter forms while it does not fit: without "HP", then the
         * probability alone (the panel says whose it is) */
        if (text_width(f->text, DS_FONT_BODY, buf) > W - 2 * pad)
            snprintf(buf, sizeof buf, "%s %d \xc2\xb7 %s %d   %s", who_name(f, 0), hpv(s->player[0].hp), who_name(f, 1),
                     hpv(s->player[1].hp), won);
        if (text_width(f->text, DS_FONT_BODY, buf) > W - 2 * pad && s->winner < 0) {
            char num[24];
            pct(num, sizeof num, dp->value);
            snprintf(buf, sizeof buf, "%s %d \xc2\xb7 %s %d   %s", who_name(f, 0), hpv(s->player[0].hp), who_name(f, 1),
                     hpv(s->player[1].hp), num);
        }
        text_draw(f->text, f->r, DS_FONT_BODY, W - pad, top, DS_ALIGN_RIGHT, side_color[dp->mover], buf);
        top += (compact ? 20 : 26) * u;
    }
    if (W >= H * 1.15f) { /* landscape: explanation left, heat map + solve right */
        float lw = (W - 3 * pad) * 0.58f, rw = W - 3 * pad - lw, avail = H - top - pad;
        float rowh = compact ? text_line_height(f->text, DS_FONT_SMALL) + 3 * u : 30 * u;
        float oph = fminf(avail * (compact ? 0.5f : 0.42f), (float)(dp->dec.n > 0 ? dp->dec.n : 1) * rowh);
        ops = (rectf){pad, top, lw, oph};
        tree = (rectf){pad, top + oph + 12 * u, lw, avail - oph - 12 * u};
        heat = (rectf){2 * pad + lw, top, rw, avail * 0.66f};
        solve = (rectf){2 * pad + lw, top + avail * 0.68f, rw, avail * 0.32f};
    } else { /* portrait: stacked */
        float avail = H - top - pad;
        float oph = fminf(avail * 0.3f, (float)(dp->dec.n > 0 ? dp->dec.n : 1) * 26 * u);
        float lower = avail * 0.36f;
        ops = (rectf){pad, top, W - 2 * pad, oph};
        tree = (rectf){pad, top + oph + 8 * u, W - 2 * pad, avail - oph - lower - 16 * u};
        heat = (rectf){pad, H - pad - lower, (W - 3 * pad) * 0.55f, lower};
        solve = (rectf){2 * pad + (W - 3 * pad) * 0.55f, H - pad - lower, (W - 3 * pad) * 0.45f, lower};
    }
    if (!dp->ok) {
        const char *err = dp->err;
        char over[96];
        if (dp->n > 0 && dp->nav[dp->n - 1].st.winner >= 0) { /* "game over: E wins" in the view's language */
            snprintf(over, sizeof over, WORD(f->view, W_GAME_OVER), who_name(f, dp->nav[dp->n - 1].st.winner & 1));
            err = over;
        }
        text_mid(f, DS_FONT_BODY, ops.x, ops.y + 14 * u, DS_ALIGN_LEFT, th->muted, err);
        S->nops = S->nnodes = 0;
    } else {
        draw_ops(S, f, dp, ops, compact);
        draw_tree(S, f, dp, tree);
    }
    draw_heat(S, f, dp, heat);
    draw_solve(S, f, dp, solve);
}

const ds_scene ds_scene_dp_goudan = {.name = "dp_goudan", .create = create, .destroy = destroy, .event = event,
    .draw = draw, .words = words, .n_words = W_COUNT};
