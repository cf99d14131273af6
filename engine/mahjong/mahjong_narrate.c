/* mahjong_narrate.c - mahjong's part of the one catalog of sentences
 * (docs/narration.md): one sentence per event, English and Chinese side by
 * side, built from the trace and the decision record (mahjong_decision_full);
 * shared phrases (a forced move, values) from ds_say_* (engine/core). No rule
 * is decided here: every choice, value and reason comes from the record.
 *
 * A forced move (a variation, play mode) says so, names the move taken and the
 * rule's move with both distances: "C’s move: discard 3S (your choice,
 * distance 5; the rule's move: discard Z, distance 4)". The rule's own moves
 * read as the page's captions did: "C discards Z: 6 tiles leave winning
 * distance 4, and Z comes first in the order Z F B N W S E 9S…1M". */
#include <stdlib.h>
#include <string.h>

#include "mahjong.h"

#define P(x) mahjong_player_name(x)
#define T(k) mahjong_tile_name(k)

/* "winning distance 4" / "a winning hand"; zh "和牌距离 4" / "已能和牌" */
static void say_dist(ds_buf *b, int zh, int d) {
    if (d == 0) ds_buf_puts(b, zh ? "已能和牌" : "a winning hand");
    else ds_buf_printf(b, zh ? "和牌距离 %d" : "winning distance %d", d);
}

/* the effect of a special discard: ": D’s next turn is skipped" */
static void say_special_effect(ds_buf *b, int zh, const ds_trace *tr, size_t i,
                               const mahjong_event *ev) {
    mahjong_state st;
    switch (ev->tile) {
    case MJ_PASS:
        ds_buf_printf(b, zh ? "：跳过 %c 的下一个回合" : ": %c’s next turn is skipped", P(ev->target));
        break;
    case MJ_REVERSE:
        if (ds_trace_seek(tr, i + 1, &st) == 0) {
            if (zh) ds_buf_puts(b, st.dir > 0 ? "：回合顺序反转为 A B C D" : "：回合顺序反转为 A D C B");
            else ds_buf_puts(b, st.dir > 0 ? ": the turn order is reversed to ABCD"
                                           : ": the turn order is reversed to ADCB");
        } else {
            ds_buf_puts(b, zh ? "：回合顺序反转" : ": the turn order is reversed");
        }
        break;
    case MJ_DOUBLE:
        ds_buf_printf(b, zh ? "：%c 立即再进行一个回合" : ": %c takes another turn at once", P(ev->player));
        break;
    default:
        break;
    }
}

/* the rule's own discard, as the page's caption said it */
static void say_discard(ds_buf *b, int zh, const ds_trace *tr, size_t i, const mahjong_event *ev,
                        const mahjong_options *md) {
    char p = P(ev->player);
    const char *t = T(ev->tile);
    int k, ties = 0, d = ev->dist;
    if (ev->rule == MJ_WHY_SPECIAL) {
        ds_buf_printf(b, zh ? "%c 打出 %s（特殊牌优先）" : "%c discards %s (special tiles go first)", p, t);
        say_special_effect(b, zh, tr, i, ev);
        return;
    }
    for (k = 0; k < md->n; k++)
        ties += md->opt[k].kind == MJ_EV_DISCARD && md->opt[k].tile < MJ_PASS &&
                md->opt[k].value == d;
    if (ev->rule == MJ_WHY_TIE_ORDER && ties > 1) {
        if (zh)
            ds_buf_printf(b, "%c 打出 %s：有 %d 种牌打出后和牌距离都是 %d，按 Z F B N W S E 9S…1M "
                             "的顺序先打 %s", p, t, ties, d, t);
        else
            ds_buf_printf(b, "%c discards %s: %d tiles leave winning distance %d, and %s comes "
                             "first in the order Z F B N W S E 9S…1M", p, t, ties, d, t);
        return;
    }
    if (zh) ds_buf_printf(b, "%c 打出 %s：只有打这张牌能使和牌距离最小（%d）", p, t, d);
    else ds_buf_printf(b, "%c discards %s: the only tile that leaves winning distance %d", p, t, d);
}

/* a call of the rule's own (RON, PONG, CHOW), as the page's caption said it */
static void say_call(ds_buf *b, int zh, const mahjong_event *ev, const mahjong_event *dsc) {
    char p = P(ev->player), from = P(dsc->player);
    const char *t = T(ev->tile);
    int k, before = -1;
    for (k = 0; k < dsc->nclaims && k < 3; k++)
        if (dsc->claims[k].player == ev->player) before = dsc->claims[k].dist;
    if (ev->kind == MJ_EV_RON) {
        const char *cut[3];
        static const char *const names[4] = {"A", "B", "C", "D"};
        size_t n = 0;
        ds_buf_printf(b, zh ? "%c 荣和（RON）%c 打出的 %s" : "%c declares RON on %c’s %s", p, from, t);
        for (k = 0; k < dsc->nclaims && k < 3; k++)
            if (dsc->claims[k].verdict == MJ_V_RON_CUT_OFF) cut[n++] = names[dsc->claims[k].player & 3];
        if (n) {
            ds_buf_puts(b, zh ? "；" : "; ");
            ds_say_list(b, zh ? DS_LANG_ZH : DS_LANG_EN, cut, n);
            if (zh) ds_buf_puts(b, " 也能和，但被截和");
            else ds_buf_printf(b, " could win too but %s cut off", n > 1 ? "are" : "is");
        }
        return;
    }
    if (ev->kind == MJ_EV_PONG)
        ds_buf_printf(b, zh ? "%c 碰 %c 打出的 %s（%s %s %s）" : "%c calls PONG on %c’s %s (%s %s %s)",
                      p, from, t, t, t, t);
    else
        ds_buf_printf(b, zh ? "%c 吃 %c 打出的 %s（%s %s %s）" : "%c calls CHOW on %c’s %s (%s %s %s)",
                      p, from, t, T(ev->target), T(ev->target + 1), T(ev->target + 2));
    ds_buf_printf(b, zh ? "：和牌距离 %d → %d" : ": winning distance %d → %d", before, ev->dist);
}

/* the event itself (deals, draws, skips, wins, the rule's moves) */
static void say_event(ds_buf *b, int zh, const ds_trace *tr, size_t i, const mahjong_event *ev,
                      const mahjong_event *prev, const mahjong_options *md) {
    char p = P(ev->player);
    mahjong_state st;
    switch (ev->kind) {
    case MJ_EV_DEAL:
        if (ev->dist >= 0) {
            ds_buf_printf(b, zh ? "%c 摸到第 13 张起手牌 %s：" : "%c is dealt %s, the 13th tile: ", p,
                          T(ev->tile));
            say_dist(b, zh, ev->dist);
        } else {
            int k = (int)(i / MJ_PLAYERS) + 1;
            ds_buf_printf(b, zh ? "%c 摸到起手牌 %s（第 %d/13 张）" : "%c is dealt %s (tile %d of 13)", p,
                          T(ev->tile), k);
        }
        break;
    case MJ_EV_DRAW:
        ds_buf_printf(b, zh ? "%c 摸到 %s：" : "%c draws %s: ", p, T(ev->tile));
        if (ds_trace_seek(tr, i, &st) == 0 && st.dist[ev->player & 3] >= 0 &&
            st.dist[ev->player & 3] != ev->dist)
            ds_buf_printf(b, zh ? "和牌距离 %d → %d" : "winning distance %d → %d",
                          st.dist[ev->player & 3], ev->dist);
        else
            say_dist(b, zh, ev->dist);
        break;
    case MJ_EV_SKIP:
        ds_buf_printf(b, zh ? "%c 的回合被 PASS 跳过，轮到 %c" : "%c’s turn is skipped by a PASS: %c plays instead",
                      p, P(ev->target));
        break;
    case MJ_EV_SELFDRAWN:
        ds_buf_printf(b, zh ? "%c 自摸：摸到的牌使手牌和了"
                            : "%c declares SELFDRAWN: the drawn tile completes the hand", p);
        break;
    case MJ_EV_DISCARD:
        say_discard(b, zh, tr, i, ev, md);
        break;
    case MJ_EV_RON:
    case MJ_EV_PONG:
    case MJ_EV_CHOW:
        if (prev) say_call(b, zh, ev, prev);
        break;
    case MJ_EV_WIN:
        if (prev && prev->kind == MJ_EV_SELFDRAWN)
            ds_buf_printf(b, zh ? "%c 自摸胜出，游戏结束" : "%c wins the game by SELFDRAWN", p);
        else if (prev && prev->kind == MJ_EV_RON)
            ds_buf_printf(b, zh ? "%c 荣和胜出，游戏结束" : "%c wins the game by RON", p);
        else
            ds_buf_printf(b, zh ? "%c 和牌胜出，游戏结束" : "%c wins the game", p);
        break;
    case MJ_EV_EXHAUSTED:
        ds_buf_printf(b, zh ? "%c 摸牌时牌堆已空：流局"
                            : "The wall is empty when %c must draw: the game ends in a draw", p);
        break;
    default:
        ds_buf_puts(b, zh ? "未知事件" : "An unknown event");
        break;
    }
}

int mahjong_narrate(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out) {
    const mahjong_event *ev, *prev;
    mahjong_options md;
    ds_decision *d;
    int zh = lang == DS_LANG_ZH, isd;
    (void)in;
    if (i >= tr->n) return -1;
    ev = (const mahjong_event *)ds_trace_event(tr, i);
    prev = i ? (const mahjong_event *)ds_trace_event(tr, i - 1) : NULL;
    d = (ds_decision *)malloc(sizeof *d);
    if (!d) return -1;
    isd = mahjong_decision_full(tr, i, lang, d, &md);
    if (isd < 0) {
        free(d);
        return -1;
    }
    if (isd && d->forced) {
        const mahjong_option *c = &md.opt[md.chosen];
        const char *name = d->cand[d->chosen].name;
        if (md.window && !c->kind) {
            /* nobody claims (forced): then the event itself (a draw, ...) */
            ds_buf_printf(out, zh ? "%c 打牌后，%s" : "After %c’s discard, %s", P(prev->player), name);
            ds_say_forced(out, d);
            ds_buf_puts(out, zh ? "；" : "; ");
            say_event(out, zh, tr, i, ev, prev, &md);
        } else if (md.window) {
            int before = c->before;
            ds_buf_puts(out, name);
            ds_say_forced(out, d);
            if (c->kind != MJ_EV_RON)
                ds_buf_printf(out, zh ? "：和牌距离 %d → %d" : ": winning distance %d → %d", before,
                              ev->dist);
            else
                ds_buf_puts(out, zh ? "：和牌" : ": a winning hand");
        } else {
            ds_buf_printf(out, zh ? "%c %s" : "%c’s move: %s", P(ev->player), name);
            ds_say_forced(out, d);
            if (ev->kind == MJ_EV_DISCARD && ev->tile >= MJ_PASS)
                say_special_effect(out, zh, tr, i, ev);
        }
    } else {
        say_event(out, zh, tr, i, ev, prev, &md);
    }
    free(d);
    return out->failed ? -1 : 0;
}

int mahjong_outcome_lang(const ds_trace *tr, ds_lang lang, ds_buf *out) {
    const mahjong_event *last, *prev;
    if (lang != DS_LANG_ZH) return mahjong_outcome(tr, out);
    if (tr->n < 2) return ds_buf_puts(out, "游戏没有结束");
    last = (const mahjong_event *)ds_trace_event(tr, tr->n - 1);
    prev = (const mahjong_event *)ds_trace_event(tr, tr->n - 2);
    if (last->kind == MJ_EV_EXHAUSTED)
        return ds_buf_printf(out, "流局：%c 需要摸牌但牌堆已空（事件 %zu）", P(last->player), tr->n - 1);
    if (last->kind == MJ_EV_WIN && prev->kind == MJ_EV_SELFDRAWN)
        return ds_buf_printf(out, "%c 自摸胜出（事件 %zu）", P(prev->player), tr->n - 2);
    if (last->kind == MJ_EV_WIN && prev->kind == MJ_EV_RON && tr->n >= 3) {
        const mahjong_event *d = (const mahjong_event *)ds_trace_event(tr, tr->n - 3);
        return ds_buf_printf(out, "%c 荣和 %c 打出的 %s 胜出（事件 %zu）", P(prev->player), P(d->player),
                             T(prev->tile), tr->n - 2);
    }
    return ds_buf_puts(out, "游戏没有结束");
}

/* ---- the state in words: step 0, a headline, what a step changed ------------------ */

int mahjong_start(ds_lang lang, ds_buf *out) {
    if (lang == DS_LANG_ZH)
        ds_buf_printf(out, "牌堆共 %d 张；从 A 开始按 A B C D 的顺序每人依次摸起手牌", MJ_TILES);
    else
        ds_buf_printf(out, "%d tiles in the wall; A, B, C and D are dealt their hands one tile at a time, starting with A",
                      MJ_TILES);
    return out->failed ? -1 : 0;
}

int mahjong_headline(const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out) {
    mahjong_state s;
    int zh = lang == DS_LANG_ZH, p;
    if (step > tr->n || ds_trace_seek(tr, step, &s)) return -1;
    ds_buf_printf(out, zh ? "牌堆 %d 张 · 顺序 %s" : "Wall %d · order %s", MJ_TILES - s.wall_pos,
                  s.dir > 0 ? "A B C D" : "A D C B");
    if (s.winner < MJ_PLAYERS) ds_buf_printf(out, zh ? " · %c 和牌" : " · %c won", P(s.winner));
    else if (s.phase == MJ_PH_OVER) ds_buf_puts(out, zh ? " · 流局" : " · draw");
    else if (s.cur < MJ_PLAYERS && s.phase != MJ_PH_DEAL)
        ds_buf_printf(out, zh ? " · 轮到 %c" : " · %c to play", P(s.cur));
    ds_buf_puts(out, zh ? " · 和牌距离" : " · distances");
    for (p = 0; p < MJ_PLAYERS; p++) {
        if (s.dist[p] >= 0) ds_buf_printf(out, " %c:%d", P(p), (int)s.dist[p]);
        else ds_buf_printf(out, " %c:-", P(p));
    }
    return out->failed ? -1 : 0;
}

/* the tiles of count a[] above b[] (kind order, repeated) into t; their number */
static int tiles_minus(const uint8_t *a, const uint8_t *b, const char **t, int cap) {
    int k, n = 0, c;
    for (k = 0; k < MJ_KINDS; k++)
        for (c = b[k]; c < a[k] && n < cap; c++) t[n++] = T(k);
    return n;
}

int mahjong_changes(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out) {
    const mahjong_event *ev;
    mahjong_state b, a;
    int zh = lang == DS_LANG_ZH, p, k, wall = -1, wall_said = 0;
    int from;
    if (i >= tr->n || ds_trace_seek(tr, i, &b)) return -1;
    ev = (const mahjong_event *)ds_trace_event(tr, i);
    a = b;
    mahjong_apply(&a, ev, in);
    if (a.wall_pos != b.wall_pos) wall = MJ_TILES - a.wall_pos;
    from = b.last_from < MJ_PLAYERS ? b.last_from : -1;
    for (p = 0; p < MJ_PLAYERS; p++) {
        const char *add[16], *rem[16];
        int na = tiles_minus(a.hand[p], b.hand[p], add, 16);
        int nr = tiles_minus(b.hand[p], a.hand[p], rem, 16);
        int nm = a.meld_n[p] > b.meld_n[p] ? a.meld_n[p] - b.meld_n[p] : 0;
        int nd = a.pond_n[p] > b.pond_n[p] ? a.pond_n[p] - b.pond_n[p] : 0;
        char who = P(p);
        for (k = b.meld_n[p]; k < a.meld_n[p] && k < MJ_MAX_MELDS; k++) {
            const mahjong_meld *m = &a.melds[p][k];
            int pong = m->kind == MJ_MELD_PONG;
            const char *t0 = T(m->low), *t1 = T(pong ? m->low : m->low + 1),
                       *t2 = T(pong ? m->low : m->low + 2);
            if (zh)
                ds_buf_printf(out, "%c %s %c 打出的 %s（%s %s %s）\n", who, pong ? "碰" : "吃",
                              P(m->from), T(m->called), t0, t1, t2);
            else
                ds_buf_printf(out, "%c takes %c’s %s for a %s (%s %s %s)\n", who, P(m->from),
                              T(m->called), pong ? "PONG" : "CHOW", t0, t1, t2);
        }
        for (k = b.pond_n[p]; k < a.pond_n[p] && k < MJ_POND_MAX; k++)
            ds_buf_printf(out, zh ? "%c 打出 %s\n" : "%c discards %s\n", who, T(a.pond[p][k].tile));
        if (!nm && !nd && nr) {
            ds_buf_printf(out, "%c%s", who, zh ? "：" : ": ");
            ds_say_list(out, lang, rem, (size_t)nr);
            ds_buf_puts(out, zh ? " 离开手牌\n" : nr > 1 ? " leave the hand\n" : " leaves the hand\n");
        }
        if (na) {
            if (a.winner == p && a.win_how == MJ_EV_RON) {
                if (zh) {
                    ds_buf_printf(out, "%c 荣和", who);
                    if (from >= 0) ds_buf_printf(out, " %c 打出的", P(from));
                } else {
                    ds_buf_printf(out, "%c takes ", who);
                    if (from >= 0) ds_buf_printf(out, "%c’s ", P(from));
                }
                for (k = 0; k < na; k++) ds_buf_printf(out, zh || k ? " %s" : "%s", add[k]);
                ds_buf_puts(out, zh ? "\n" : " to complete the hand (RON)\n");
            } else {
                int deal = b.phase == MJ_PH_DEAL || ev->kind == MJ_EV_DEAL;
                wall_said = wall_said || wall >= 0;
                ds_buf_printf(out, "%c %s", who, deal ? (zh ? "摸到起手牌 " : "is dealt ")
                                                      : (zh ? "摸到 " : "draws "));
                ds_say_list(out, lang, add, (size_t)na);
                if (wall >= 0) ds_buf_printf(out, zh ? "（牌堆剩 %d 张）" : " (wall: %d left)", wall);
                ds_buf_putc(out, '\n');
            }
        }
        if (a.dist[p] != b.dist[p] && a.dist[p] >= 0) {
            ds_buf_printf(out, zh ? "%c 的和牌距离" : "%c’s winning distance", who);
            if (b.dist[p] >= 0) ds_buf_printf(out, " %d → ", (int)b.dist[p]);
            else ds_buf_puts(out, zh ? "：" : ": ");
            if (a.dist[p] == 0) ds_buf_puts(out, zh ? "0，已能和牌\n" : "0, a winning hand\n");
            else ds_buf_printf(out, "%d\n", (int)a.dist[p]);
        }
        if (a.skip[p] != b.skip[p]) {
            if (a.skip[p]) ds_buf_printf(out, zh ? "%c 的下一个回合将被跳过\n" : "%c’s next turn will be skipped\n", who);
            else ds_buf_printf(out, zh ? "%c 的回合被跳过\n" : "%c’s turn is skipped\n", who);
        }
    }
    if (wall >= 0 && !wall_said) ds_buf_printf(out, zh ? "牌堆：剩 %d 张\n" : "Wall: %d left\n", wall);
    if (a.dir != b.dir)
        ds_buf_printf(out, zh ? "回合顺序反转：%s\n" : "The turn order reverses: %s\n",
                      a.dir > 0 ? "A B C D" : "A D C B");
    if (a.winner != b.winner && a.winner < MJ_PLAYERS) {
        if (zh)
            ds_buf_printf(out, "%c %s胜出\n", P(a.winner),
                          a.win_how == MJ_EV_RON ? "荣和" : a.win_how == MJ_EV_SELFDRAWN ? "自摸" : "和牌");
        else
            ds_buf_printf(out, "%c wins%s\n", P(a.winner),
                          a.win_how == MJ_EV_RON ? " by RON" : a.win_how == MJ_EV_SELFDRAWN ? " by SELFDRAWN" : "");
    }
    if (a.phase != b.phase && a.phase == MJ_PH_OVER)
        ds_buf_puts(out, a.winner < MJ_PLAYERS ? (zh ? "游戏结束\n" : "The game is over\n")
                                               : (zh ? "牌堆已空：流局\n" : "The wall is empty: the game ends in a draw\n"));
    if (a.cur != b.cur && a.cur < MJ_PLAYERS && a.phase != MJ_PH_DEAL && a.phase != MJ_PH_WON &&
        a.phase != MJ_PH_OVER && b.phase != MJ_PH_DEAL)
        ds_buf_printf(out, zh ? "轮到 %c\n" : "Now %c’s turn\n", P(a.cur));
    return out->failed ? -1 : 0;
}

const char *mahjong_claim_text(int verdict, ds_lang lang) {
    int zh = lang == DS_LANG_ZH;
    switch (verdict) {
    case MJ_V_NOTHING:
        return zh ? "不能用这张牌和牌；同样的牌不到两张，不能碰；也没有能吃的搭子"
                  : "cannot win with it, holds fewer than two for a pong and no chow shape";
    case MJ_V_RON:
        return zh ? "手牌加上这张牌就是和牌：荣和优先于一切鸣牌"
                  : "hand plus the tile is a winning hand: RON beats every call";
    case MJ_V_RON_CUT_OFF:
        return zh ? "可以荣和，但从打牌者起按出牌顺序更早的玩家和牌（截和）"
                  : "could RON, but an earlier player along the turn order from the discarder "
                    "wins (cut-off)";
    case MJ_V_PONG:
        return zh ? "碰能严格降低和牌距离（碰优先于吃）"
                  : "PONG strictly lowers the distance (PONG comes before CHOW)";
    case MJ_V_CHOW:
        return zh ? "能严格降低和牌距离的吃法中最高的一种"
                  : "the highest CHOW option that strictly lowers the distance";
    case MJ_V_DECLINED:
        return zh ? "可以鸣牌，但没有一种鸣牌能严格降低和牌距离"
                  : "a call is possible but no option strictly lowers the distance";
    case MJ_V_PREEMPTED:
        return zh ? "鸣牌能降低和牌距离，但荣和或碰优先"
                  : "a call would lower the distance, but a RON or a PONG takes precedence";
    default: return "";
    }
}
