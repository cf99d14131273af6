/* cirno_narrate.c - the words of Cirno's Arithmetic Game: the names of the
 * moves, the rule's sentence about its own choice and one sentence per event,
 * English and Chinese side by side (cirno's part of the one catalog of
 * sentences; the shared phrases are ds_say_* in engine/core/ds_decision.c).
 * Nothing here decides: every fact comes from the event and its decision
 * record (cirno_event_decision). See docs/games/cirno.md, "Narration". */
#include <stdio.h>
#include <string.h>

#include "cirno.h"

#define ZH(lang) ((lang) == DS_LANG_ZH)

/* ---- names ------------------------------------------------------------------------ */

void cirno_move_name(int card, ds_lang lang, char *t, size_t cap) {
    const char *c = cirno_card_name(card);
    int x = cirno_card_number(card), zh = ZH(lang);
    switch (cirno_card_class(card)) {
    case CIRNO_CLASS_ADD:
        snprintf(t, cap, zh ? "出 %s（p + %d）" : "play %s (p + %d)", c, x);
        break;
    case CIRNO_CLASS_SUB:
        snprintf(t, cap, zh ? "出 %s（p − %d）" : "play %s (p − %d)", c, x);
        break;
    case CIRNO_CLASS_MUL:
        snprintf(t, cap, zh ? "出 %s（p × %d）" : "play %s (p × %d)", c, x);
        break;
    case CIRNO_CLASS_DIV:
        snprintf(t, cap, zh ? "出 %s（p ÷ %d，向下取整）" : "play %s (p ÷ %d, rounded down)", c, x);
        break;
    case CIRNO_CLASS_FIX:
        snprintf(t, cap, zh ? "出 %s（p = %d）" : "play %s (p = %d)", c, x);
        break;
    default:
        if (card == CIRNO_PASS)
            snprintf(t, cap, zh ? "出 %s（结束这一回合）" : "play %s (end the turn)", c);
        else if (card == CIRNO_TURN)
            snprintf(t, cap, zh ? "出 %s（反转出牌方向）" : "play %s (reverse the order)", c);
        else if (card == CIRNO_DOUBLE)
            snprintf(t, cap, zh ? "出 %s（下家出两张）" : "play %s (the next player plays two)", c);
        else
            snprintf(t, cap, zh ? "出一张牌" : "play a card");
        break;
    }
}

/* the kind of a basic card, for the tie orders */
static const char *kind_word(int card, int zh) {
    switch (cirno_card_class(card)) {
    case CIRNO_CLASS_ADD: return zh ? "加法牌" : "addition";
    case CIRNO_CLASS_SUB: return zh ? "减法牌" : "subtraction";
    case CIRNO_CLASS_MUL: return zh ? "乘法牌" : "multiplication";
    case CIRNO_CLASS_DIV: return zh ? "除法牌" : "division";
    default: return zh ? "固定牌" : "fixed";
    }
}

/* ---- the rule's sentence ------------------------------------------------------------- */

void cirno_rule_sentence(const cirno_event *e, ds_lang lang, char *t, size_t cap) {
    int rs = cirno_event_rule_slot(e), p = e->cand_p[rs];
    const char *c = cirno_card_name(e->hand[rs]);
    if (ZH(lang)) {
        switch (e->rule) {
        case CIRNO_RULE_MAX_P:
            snprintf(t, cap, "没有 DOUBLE：%s 让 p = %d，是不超过 99 的最大 p。", c, p);
            break;
        case CIRNO_RULE_MAX_P_TIE:
            snprintf(t, cap, "没有 DOUBLE：%s 让 p = %d，是不超过 99 的最大 p；另一种牌也能达到，"
                     "按 乘法 > 加法 > 减法 > 除法 > 固定 的顺序决定。", c, p);
            break;
        case CIRNO_RULE_COUNTER:
            snprintf(t, cap, "没有 DOUBLE，且没有基本牌能让 p 不超过 99：出 %s，手中按 PASS、TURN、"
                     "DOUBLE 顺序的第一张解牌。", c);
            break;
        case CIRNO_RULE_DOUBLE_COUNTER:
            snprintf(t, cap, "被施加 DOUBLE 时先出解牌：出 %s，手中按 PASS、TURN、DOUBLE 顺序的第一张；"
                     "它结束这一回合，并把 DOUBLE 转给下家。", c);
            break;
        case CIRNO_RULE_DOUBLE_MIN_P:
            snprintf(t, cap, "被施加 DOUBLE 且没有解牌：%s 让 p = %d，是不超过 99 的最小 p。", c, p);
            break;
        case CIRNO_RULE_DOUBLE_MIN_P_TIE:
            snprintf(t, cap, "被施加 DOUBLE 且没有解牌：%s 让 p = %d，是不超过 99 的最小 p；另一种牌"
                     "也能达到，按 除法 > 减法 > 加法 > 乘法 > 固定 的顺序决定。", c, p);
            break;
        default:
            snprintf(t, cap, "每张牌都会让 p 超过 99：她随便出一张（第一张 %s），输掉这一轮。", c);
            break;
        }
        return;
    }
    switch (e->rule) {
    case CIRNO_RULE_MAX_P:
        snprintf(t, cap, "Not under DOUBLE: %s gives p = %d, the largest p without going over 99.",
                 c, p);
        break;
    case CIRNO_RULE_MAX_P_TIE:
        snprintf(t, cap, "Not under DOUBLE: %s gives p = %d, the largest p without going over 99; "
                 "another kind gives it too, and multiplication > addition > subtraction > "
                 "division > fixed decides.", c, p);
        break;
    case CIRNO_RULE_COUNTER:
        snprintf(t, cap, "Not under DOUBLE, and no basic card keeps p at 99 or below: %s, the "
                 "first of PASS, TURN, DOUBLE in the hand.", c);
        break;
    case CIRNO_RULE_DOUBLE_COUNTER:
        snprintf(t, cap, "Under DOUBLE a counter card comes first: %s, the first of PASS, TURN, "
                 "DOUBLE in the hand; it ends the turn and passes DOUBLE on.", c);
        break;
    case CIRNO_RULE_DOUBLE_MIN_P:
        snprintf(t, cap, "Under DOUBLE with no counter card: %s gives p = %d, the smallest p "
                 "without going over 99.", c, p);
        break;
    case CIRNO_RULE_DOUBLE_MIN_P_TIE:
        snprintf(t, cap, "Under DOUBLE with no counter card: %s gives p = %d, the smallest p "
                 "without going over 99; another kind gives it too, and division > subtraction "
                 "> addition > multiplication > fixed decides.", c, p);
        break;
    default:
        snprintf(t, cap, "Every card takes p over 99: she plays any card (the first, %s) and "
                 "loses.", c);
        break;
    }
}

/* ---- one sentence per event ----------------------------------------------------------- */

static const char *player_name(const cirno_input *in, int pl) {
    return in->names[pl >= 0 && pl < in->n ? pl : 0];
}

/* The labels of the candidates with reason r, with their p when with_p:
 * "B9 (p 41) and D2 (p 25)" / "B9（p = 41）和 D2（p = 25）". */
static int say_cards(ds_buf *b, const ds_decision *d, ds_reason r, int with_p) {
    char item[DS_CANDS_MAX][48];
    const char *s[DS_CANDS_MAX];
    size_t k, n = 0;
    for (k = 0; k < d->n; k++) {
        const ds_cand *c = &d->cand[k];
        if (c->reason != r) continue;
        if (with_p && c->has_value)
            snprintf(item[n], sizeof item[n], ZH(d->lang) ? "%s（p = %d）" : "%s (p %d)", c->label,
                     (int)c->value);
        else
            snprintf(item[n], sizeof item[n], "%s", c->label);
        s[n] = item[n];
        n++;
    }
    ds_say_list(b, d->lang, s, n);
    return (int)n;
}

static int count_reason(const ds_decision *d, ds_reason r) {
    size_t k;
    int n = 0;
    for (k = 0; k < d->n; k++) n += d->cand[k].reason == r;
    return n;
}

/* the chosen value is the largest of every candidate with a value */
static int chosen_is_max(const ds_decision *d) {
    size_t k;
    const ds_cand *c = &d->cand[d->chosen];
    for (k = 0; k < d->n; k++)
        if (d->cand[k].has_value && d->cand[k].value > c->value) return 0;
    return c->has_value;
}

/* What a counter card does next: "the direction is now counterclockwise and
 * Reimu must play two cards" / "出牌方向变为逆时针，Reimu 要出两张牌". */
static void say_effects(ds_buf *b, const cirno_input *in, const cirno_event *e,
                        const cirno_state *after, int zh) {
    const char *next = player_name(in, after->current);
    if (e->card == CIRNO_TURN) {
        const char *dir = after->direction ? (zh ? "逆时针" : "counterclockwise")
                                           : (zh ? "顺时针" : "clockwise");
        ds_buf_printf(b, zh ? "出牌方向变为%s，" : "the direction is now %s and ", dir);
    }
    if (after->double_left == 2)
        ds_buf_printf(b, zh ? "%s 要出两张牌" : "%s must play two cards", next);
    else
        ds_buf_printf(b, zh ? "轮到 %s" : "%s plays next", next);
}

static void say_loss(ds_buf *b, const cirno_event *e, int zh) {
    ds_buf_printf(b, zh ? "超过 99，她输掉了第 %d 轮" : "over 99, so she loses round %d",
                  (int)e->round);
}

static void say_game_over(ds_buf *b, const cirno_state *after, int zh) {
    if (after->phase == CIRNO_PHASE_GAME_OVER) ds_buf_puts(b, zh ? "，游戏结束" : "; the game is over");
}

/* A move the learner (or a variation) chose instead of the rule's. */
static void say_forced(ds_buf *b, const cirno_input *in, const cirno_event *e,
                       const cirno_state *after, const ds_decision *d) {
    int zh = ZH(d->lang);
    ds_buf_printf(b, zh ? "%s 的一步：%s" : "%s's move: %s", player_name(in, e->player),
                  d->cand[d->chosen].name);
    if (cirno_card_is_counter(e->card))
        ds_buf_printf(b, zh ? "，p 仍是 %d" : ", p stays %d", (int)e->p_before);
    else
        ds_buf_printf(b, zh ? "，p %d → %d" : ", p %d → %d", (int)e->p_before, (int)e->p_after);
    ds_say_forced(b, d);
    if (e->kind == CIRNO_EV_LOSS) {
        ds_buf_puts(b, zh ? "；" : "; ");
        say_loss(b, e, zh);
        say_game_over(b, after, zh);
    } else if (cirno_card_is_counter(e->card)) {
        ds_buf_puts(b, zh ? "；" : "; ");
        say_effects(b, in, e, after, zh);
    } else if (e->double_left == 2) {
        ds_buf_puts(b, zh ? "；她还要再出一张" : "; she plays again");
    }
}

/* "Cirno plays A19", "Cirno, under DOUBLE, plays A19", "Cirno plays her
 * second card, A19" */
static void say_plays(ds_buf *b, const cirno_input *in, const cirno_event *e, int zh) {
    const char *nm = player_name(in, e->player), *c = cirno_card_name(e->card);
    if (e->double_left == 2) ds_buf_printf(b, zh ? "%s 被施加了 DOUBLE，打出 %s" : "%s, under DOUBLE, plays %s", nm, c);
    else if (e->double_left == 1) ds_buf_printf(b, zh ? "%s 打出第二张牌 %s" : "%s plays her second card, %s", nm, c);
    else ds_buf_printf(b, zh ? "%s 打出 %s" : "%s plays %s", nm, c);
}

/* A basic card the rule chose, not losing: why this one. */
static void say_basic(ds_buf *b, const cirno_event *e, const ds_decision *d) {
    int zh = ZH(d->lang), others = count_reason(d, DS_REASON_WORSE_VALUE) +
                                   count_reason(d, DS_REASON_TIE_LATER);
    int min_rule = e->rule == CIRNO_RULE_DOUBLE_MIN_P || e->rule == CIRNO_RULE_DOUBLE_MIN_P_TIE;
    ds_buf_printf(b, zh ? "：p %d → %d" : ": p %d → %d", (int)e->p_before, (int)e->p_after);
    if (d->n == 1) {
        ds_buf_printf(b, zh ? "，她只能出这张（三张都是 %s）" : ", her only choice (all her cards are %s)",
                      cirno_card_name(e->card));
    } else if (others == 0) {
        ds_buf_puts(b, zh ? "，这是唯一能让 p 不超过 99 的基本牌" : ", the only basic card that keeps p at 99 or below");
    } else if (min_rule) {
        /* the smallest safe p; losing cards give more than 99 */
        ds_buf_puts(b, zh ? "，这是她能达到的最小 p" : ", the smallest p she can reach");
    } else if (chosen_is_max(d)) {
        ds_buf_puts(b, zh ? "，这是她能达到的最大 p" : ", the largest p she can reach");
    } else {
        /* a card that loses gives more: compare with the safe ones only */
        if (count_reason(d, DS_REASON_WORSE_VALUE)) {
            ds_buf_puts(b, zh ? "，比 " : ", more than ");
            say_cards(b, d, DS_REASON_WORSE_VALUE, 1);
            if (zh) ds_buf_puts(b, " 更大");
        }
        ds_buf_puts(b, zh ? "；" : "; ");
        say_cards(b, d, DS_REASON_LOSES, 0);
        ds_buf_puts(b, zh ? " 会让 p 超过 99" : " would take p over 99");
    }
    if (count_reason(d, DS_REASON_TIE_LATER)) {
        ds_buf_puts(b, zh ? "（" : " (");
        say_cards(b, d, DS_REASON_TIE_LATER, 0);
        ds_buf_printf(b, zh ? " 也能达到，但%s优先）" : " would give it too, but %s goes first)",
                      kind_word(e->card, zh));
    }
    if (e->double_left == 2) ds_buf_puts(b, zh ? "，她还要再出一张" : "; she plays again");
}

int cirno_narrate(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                  ds_buf *out) {
    const cirno_event *e;
    cirno_state before, after;
    ds_decision d;
    int zh = ZH(lang);
    if (i >= tr->n || ds_trace_seek(tr, i, &before)) return -1;
    e = (const cirno_event *)ds_trace_event(tr, i);
    after = before;
    cirno_apply(&after, e, in);
    if (e->kind == CIRNO_EV_ROUND) {
        const char *nm = player_name(in, e->player);
        if (e->round > 1)
            ds_buf_printf(out, zh ? "第 %d 轮开始，由上一轮的失败者 %s 先出牌：p = 0，顺时针"
                                  : "Round %d begins with %s, who lost the round before: p = 0, clockwise",
                          (int)e->round, nm);
        else
            ds_buf_printf(out, zh ? "第 %d 轮开始：p = 0，%s 先出牌，顺时针"
                                  : "Round %d begins: p = 0, %s plays first, clockwise",
                          (int)e->round, nm);
        return out->failed ? -1 : 0;
    }
    if (cirno_event_decision(e, lang, &d) != 1) return -1;
    if (d.forced) {
        say_forced(out, in, e, &after, &d);
        return out->failed ? -1 : 0;
    }
    if (e->kind == CIRNO_EV_LOSS) {
        say_plays(out, in, e, zh);
        ds_buf_printf(out, zh ? "：p %d → %d，" : ": p %d → %d, ", (int)e->p_before, (int)e->p_after);
        say_loss(out, e, zh);
        if (e->rule == CIRNO_RULE_ALL_LOSE && d.n > 1)
            ds_buf_puts(out, zh ? "（每张牌都会让 p 超过 99）" : " (every card would take p over 99)");
        say_game_over(out, &after, zh);
    } else if (cirno_card_is_counter(e->card)) {
        const char *nm = player_name(in, e->player), *c = cirno_card_name(e->card);
        if (e->rule == CIRNO_RULE_DOUBLE_COUNTER) {
            ds_buf_printf(out, zh ? "%s 被施加了 DOUBLE，先打出 %s（p 仍是 %d），把 DOUBLE 转了出去："
                                  : "%s, under DOUBLE, plays %s first (p stays %d) and passes DOUBLE on: ",
                          nm, c, (int)e->p_before);
        } else {
            say_plays(out, in, e, zh);
            ds_buf_printf(out, zh ? "（p 仍是 %d）：没有基本牌能让 p 不超过 99，"
                                  : " (p stays %d): no basic card keeps p at 99 or below, so ",
                          (int)e->p_before);
        }
        say_effects(out, in, e, &after, zh);
    } else {
        say_plays(out, in, e, zh);
        say_basic(out, e, &d);
    }
    return out->failed ? -1 : 0;
}

/* ---- the state in words: step 0, a headline, what a step changed ------------------ */

static const char *dir_word(int counterclockwise, int zh) {
    return counterclockwise ? (zh ? "逆时针" : "counterclockwise") : (zh ? "顺时针" : "clockwise");
}

int cirno_start(const cirno_input *in, ds_lang lang, ds_buf *out) {
    int zh = ZH(lang), i, shown = in->n < 6 ? in->n : 6;
    if (zh) ds_buf_printf(out, "%d 名玩家（", in->n);
    else ds_buf_printf(out, "%d player%s (", in->n, in->n == 1 ? "" : "s");
    for (i = 0; i < shown; i++) {
        if (i) ds_buf_puts(out, zh ? "、" : ", ");
        ds_buf_puts(out, in->names[i]);
    }
    if (in->n > shown) ds_buf_puts(out, zh ? "……" : ", …");
    if (zh)
        ds_buf_printf(out, "），共 %d 轮，牌堆 %lu 张；%s 先出牌", in->m, (unsigned long)in->k,
                      player_name(in, 0));
    else
        ds_buf_printf(out, "), %d round%s, %lu cards in the deck; %s plays first", in->m,
                      in->m == 1 ? "" : "s", (unsigned long)in->k, player_name(in, 0));
    return out->failed ? -1 : 0;
}

int cirno_headline(const cirno_input *in, const ds_trace *tr, size_t step, ds_lang lang,
                   ds_buf *out) {
    cirno_state s;
    int zh = ZH(lang);
    if (step > tr->n || ds_trace_seek(tr, step, &s)) return -1;
    if (s.phase == CIRNO_PHASE_SETUP) {
        ds_buf_puts(out, zh ? "第 1 轮之前" : "Before round 1");
        return out->failed ? -1 : 0;
    }
    if (zh) ds_buf_printf(out, "第 %d/%d 轮", (int)s.round, (int)s.m);
    else ds_buf_printf(out, "Round %d of %d", (int)s.round, (int)s.m);
    ds_buf_printf(out, " · p = %ld · %s", (long)s.p, dir_word(s.direction, zh));
    if (s.phase == CIRNO_PHASE_GAME_OVER) {
        ds_buf_puts(out, zh ? " · 游戏结束" : " · game over");
    } else {
        const char *nm = player_name(in, s.current);
        if (nm[0]) {
            ds_buf_printf(out, zh ? " · 轮到 %s" : " · %s to play", nm);
            if (s.double_left == 2) ds_buf_puts(out, " (DOUBLE)");
        }
    }
    if (zh) ds_buf_printf(out, " · 牌堆 %ld 张", (long)in->k - (long)s.deck_pos);
    else ds_buf_printf(out, " · %ld in the deck", (long)in->k - (long)s.deck_pos);
    return out->failed ? -1 : 0;
}

/* the cards of a[] not in b[] (as multisets, a's order), into o; their count */
static int cards_minus(const uint8_t *a, const uint8_t *b, const char **o) {
    int used[CIRNO_HAND] = {0}, i, j, n = 0;
    for (i = 0; i < CIRNO_HAND; i++) {
        if (a[i] == CIRNO_NO_CARD) continue;
        for (j = 0; j < CIRNO_HAND; j++)
            if (!used[j] && b[j] == a[i]) break;
        if (j < CIRNO_HAND) used[j] = 1;
        else o[n++] = cirno_card_name(a[i]);
    }
    return n;
}

/* What event i changed, one sentence a line (a player's name starts a
 * sentence as it was typed, never raised to a capital). */
int cirno_changes(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                  ds_buf *out) {
    const cirno_event *e;
    cirno_state b, a;
    int zh = ZH(lang), pl, new_round;
    if (i >= tr->n || ds_trace_seek(tr, i, &b)) return -1;
    e = (const cirno_event *)ds_trace_event(tr, i);
    a = b;
    cirno_apply(&a, e, in);
    new_round = a.round != b.round && a.phase == CIRNO_PHASE_PLAYING;
    if (new_round) {
        ds_buf_printf(out, zh ? "第 %d 轮开始，%s 先出牌" : "Round %d begins, %s plays first",
                      (int)a.round, player_name(in, a.current));
        ds_buf_putc(out, '\n');
    }
    if (a.p != b.p) ds_buf_printf(out, zh ? "p 值：%ld → %ld\n" : "p: %ld → %ld\n", (long)b.p, (long)a.p);
    if (a.direction != b.direction) {
        if (new_round) ds_buf_puts(out, zh ? "出牌方向恢复为顺时针" : "The order of play is clockwise again");
        else ds_buf_printf(out, zh ? "出牌方向反转（现在%s）" : "The order of play reverses (now %s)",
                           dir_word(a.direction, zh));
        ds_buf_putc(out, '\n');
    }
    for (pl = 0; pl < a.n && pl < in->n; pl++) {
        const char *played[CIRNO_HAND], *drawn[CIRNO_HAND], *disc[CIRNO_HAND];
        int np, nd, nx = 0, s, first = 1;
        int mine = e->player == pl && (e->kind == CIRNO_EV_PLAY || e->kind == CIRNO_EV_LOSS);
        if (mine) {
            played[0] = cirno_card_name(e->card);
            np = 1;
            nd = 0;
            for (s = 0; s < (e->kind == CIRNO_EV_LOSS ? CIRNO_HAND : 1); s++)
                if (e->drawn[s] != CIRNO_NO_CARD) drawn[nd++] = cirno_card_name(e->drawn[s]);
            if (e->kind == CIRNO_EV_LOSS)
                for (s = 0; s < CIRNO_HAND; s++)
                    if (s != e->slot && e->hand[s] != CIRNO_NO_CARD)
                        disc[nx++] = cirno_card_name(e->hand[s]);
        } else {
            np = cards_minus(b.hand[pl], a.hand[pl], played);
            nd = cards_minus(a.hand[pl], b.hand[pl], drawn);
        }
        if (!np && !nd) continue;
        {
            ds_buf_printf(out, "%s ", player_name(in, pl));
            if (np) { ds_buf_puts(out, zh ? "打出 " : "plays "); ds_say_list(out, lang, played, (size_t)np); first = 0; }
            if (nx) {
                ds_buf_puts(out, first ? "" : zh ? "，" : ", ");
                ds_buf_puts(out, zh ? "弃掉 " : "discards ");
                ds_say_list(out, lang, disc, (size_t)nx);
                first = 0;
            }
            if (nd) {
                ds_buf_puts(out, first ? "" : zh ? "，" : ", ");
                ds_buf_puts(out, zh ? "摸到 " : "draws ");
                ds_say_list(out, lang, drawn, (size_t)nd);
            }
            ds_buf_puts(out, zh ? "（手牌 " : " (hand ");
            for (s = 0; s < CIRNO_HAND; s++) {
                if (s) ds_buf_putc(out, ' ');
                if (a.hand[pl][s] != CIRNO_NO_CARD) ds_buf_puts(out, cirno_card_name(a.hand[pl][s]));
            }
            ds_buf_puts(out, zh ? "）" : ")");
            ds_buf_putc(out, '\n');
        }
    }
    /* DOUBLE: given, passed on by a counter card (the same state, another player), used up */
    if (a.double_left != b.double_left || (a.double_left == 2 && a.current != b.current)) {
        const char *nm = player_name(in, a.current);
        if (a.double_left == 2)
            ds_buf_printf(out, zh ? "%s 被施加了 DOUBLE：要出两张牌" : "%s is under DOUBLE: must play two cards", nm);
        else if (a.double_left == 1)
            ds_buf_printf(out, zh ? "%s 还要再出一张牌（DOUBLE）" : "%s plays one more card (DOUBLE)", nm);
        else
            ds_buf_puts(out, zh ? "DOUBLE 解除" : "DOUBLE is over");
        ds_buf_putc(out, '\n');
    }
    if (a.phase != b.phase &&
        (a.phase == CIRNO_PHASE_ROUND_OVER || a.phase == CIRNO_PHASE_GAME_OVER) &&
        a.loser != CIRNO_NOBODY) {
        ds_buf_printf(out, zh ? "%s 输掉了第 %d 轮" : "%s loses round %d", player_name(in, a.loser),
                      (int)a.round);
        ds_buf_putc(out, '\n');
    }
    if (a.phase != b.phase && a.phase == CIRNO_PHASE_GAME_OVER)
        ds_buf_puts(out, zh ? "游戏结束\n" : "The game is over\n");
    if (a.current != b.current && a.phase == CIRNO_PHASE_PLAYING && !new_round && a.double_left != 2) {
        ds_buf_printf(out, zh ? "轮到 %s" : "%s plays next", player_name(in, a.current));
        ds_buf_putc(out, '\n');
    }
    if (a.deck_pos != b.deck_pos)
        ds_buf_printf(out, zh ? "牌堆：剩 %ld 张\n" : "Deck: %ld left\n", (long)in->k - (long)a.deck_pos);
    return out->failed ? -1 : 0;
}
