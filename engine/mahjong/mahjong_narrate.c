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
