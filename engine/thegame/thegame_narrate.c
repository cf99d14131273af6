/* thegame_narrate.c - every word the engine says about The Game, English and
 * Chinese side by side: the rows, the moves' names, the rules' sentences
 * about their own choices, one sentence per event (the caption) and the
 * outcome. The game's part of the one catalog of sentences (docs/narration.md);
 * the shared phrases (a forced move, a candidate's note, lists) come from
 * ds_say_* in engine/core. Nothing here decides: the facts are read from the
 * decision record (thegame_decision) and the trace. */
#include <stdio.h> /* snprintf only: the engine does no I/O */
#include <stdlib.h>
#include <string.h>

#include "thegame.h"

#define ZH(lang) ((lang) == DS_LANG_ZH)

/* The player of the problem statement. */
static const char *player(ds_lang lang) { return ZH(lang) ? "弗拉基米尔" : "Vladimir"; }

const char *thegame_row_words(int row, ds_lang lang) {
    static const char *const en[THEGAME_ROWS] = {"ascending row 1", "ascending row 2",
                                                 "descending row 1", "descending row 2"};
    static const char *const zh[THEGAME_ROWS] = {"升序第 1 行", "升序第 2 行", "降序第 1 行",
                                                 "降序第 2 行"};
    if (row < 0 || row >= THEGAME_ROWS) return "";
    return ZH(lang) ? zh[row] : en[row];
}

/* "%d on %s%s" / "%d 放到%s%s" without printf: the name of every candidate of
 * every record */
void thegame_move_name(int card, int row, int backwards, ds_lang lang, char *buf, size_t cap) {
    size_t n = 0;
    if (row < 0) {
        ds_text_put(buf, cap, &n, ZH(lang) ? "结束本回合" : "end the turn");
        return;
    }
    ds_text_int(buf, cap, &n, card);
    ds_text_put(buf, cap, &n, ZH(lang) ? " 放到" : " on ");
    ds_text_put(buf, cap, &n, thegame_row_words(row, lang));
    if (backwards) ds_text_put(buf, cap, &n, ZH(lang) ? "（倒退技巧）" : " (backwards trick)");
}

/* cards played in the turn before the end-of-turn decision of e */
static int played_before(const thegame_event *e) {
    return e->kind == THEGAME_EV_PLAY ? e->play_in_turn - 1 : e->play_in_turn;
}

void thegame_rule_text(const thegame_event *e, const thegame_why *w, ds_lang lang, char *buf,
                       size_t cap) {
    int zh = ZH(lang), cp = w->chosen_pos, cr = w->chosen_row;
    int card = cp < w->hand_len && cp < THEGAME_HAND ? w->hand[cp] : 0;
    char name[DS_NAME_CAP];
    size_t n;
    switch (w->rule) {
    case THEGAME_RULE_BACKWARDS:
        thegame_move_name(card, cr, 1, lang, name, sizeof name);
        if (zh)
            n = (size_t)snprintf(buf, cap, "规则 1，倒退技巧优先：%s，比该行末张 %d 正好%s 10", name,
                                 w->top[cr], thegame_row_is_up(cr) ? "小" : "大");
        else
            n = (size_t)snprintf(buf, cap,
                                 "Rule 1, a backwards trick comes first: %s, exactly 10 %s the "
                                 "row's last card %d",
                                 name, thegame_row_is_up(cr) ? "below" : "above", w->top[cr]);
        if (w->n_backwards > 1 && n < cap)
            snprintf(buf + n, cap - n,
                     zh ? "；共有 %d 个倒退技巧，规则取最左侧的牌、再取最上面的行"
                        : "; of the %d tricks the rule takes the leftmost card, then the topmost row",
                     w->n_backwards);
        break;
    case THEGAME_RULE_CLOSEST:
        thegame_move_name(card, cr, 0, lang, name, sizeof name);
        if (zh)
            n = (size_t)snprintf(buf, cap, "规则 2，没有倒退技巧时出差最小的一步：%s（末张 %d），差 %d",
                                 name, w->top[cr], w->best_diff);
        else
            n = (size_t)snprintf(buf, cap,
                                 "Rule 2, with no backwards trick the smallest difference wins: %s "
                                 "(last card %d), difference %d",
                                 name, w->top[cr], w->best_diff);
        if (n >= cap) break;
        if (w->n_normal == 1)
            snprintf(buf + n, cap - n, zh ? "，这是唯一合法的一步" : ", the only legal move");
        else if (w->n_tied == 1)
            snprintf(buf + n, cap - n,
                     zh ? "，%d 种合法出法中最小的" : ", the smallest of %d legal moves", w->n_normal);
        else
            snprintf(buf + n, cap - n,
                     zh ? "；%d 种出法并列，规则取最左侧的牌、再取最上面的行"
                        : "; %d moves tie, and the rule takes the leftmost card, then the topmost row",
                     w->n_tied);
        break;
    case THEGAME_RULE_END_TURN:
        snprintf(buf, cap,
                 zh ? "规则每回合只出两张牌：本回合已出 %d 张，于是结束本回合并摸牌"
                    : "The rule always stops after two cards: with %d played this turn it ends the "
                      "turn and draws",
                 played_before(e));
        break;
    default:
        snprintf(buf, cap, "%s",
                 zh ? "手里没有一张牌能放到任何一行（既没有普通出法也没有倒退技巧）：游戏失败"
                    : "No card in the hand can go on any row (no normal move, no backwards "
                      "trick): the game is lost");
        break;
    }
}

/* the cards of a deal or a draw, "12 34 56" */
static void say_cards(ds_buf *out, const thegame_event *e) {
    int k, n = e->count < THEGAME_HAND ? e->count : THEGAME_HAND;
    for (k = 0; k < n; k++) {
        if (k) ds_buf_putc(out, ' ');
        ds_buf_int(out, e->cards[k]);
    }
}

/* "45 and 12" / "45 和 12" */
static void say_card_list(ds_buf *out, const thegame_event *e, ds_lang lang) {
    char num[THEGAME_HAND][8];
    const char *s[THEGAME_HAND];
    int k, n = e->count < THEGAME_HAND ? e->count : THEGAME_HAND;
    for (k = 0; k < n; k++) {
        snprintf(num[k], sizeof num[k], "%d", e->cards[k]);
        s[k] = num[k];
    }
    ds_say_list(out, lang, s, (size_t)n);
}

/* A play the rule chose (not forced). */
static void say_rule_play(ds_buf *out, const thegame_event *e, const ds_decision *d, ds_lang lang) {
    const thegame_why *w = &e->why;
    const char *name = d->cand[d->chosen].name;
    int zh = ZH(lang), up = thegame_row_is_up(e->row);
    if (w->rule == THEGAME_RULE_BACKWARDS) {
        if (zh)
            ds_buf_printf(out, "%s出牌：%s，比该行末张 %d 正好%s 10，倒退技巧优先于其他出法", player(lang),
                          name, e->prev_top, up ? "小" : "大");
        else
            ds_buf_printf(out,
                          "%s plays %s: exactly 10 %s the row's last card %d, and a trick comes "
                          "before any other move",
                          player(lang), name, up ? "below" : "above", e->prev_top);
        if (w->n_backwards > 1)
            ds_buf_printf(out,
                          zh ? "（%d 个倒退技巧中取最左侧的牌、再取最上面的行）"
                             : " (of his %d tricks: the leftmost card, then the topmost row)",
                          w->n_backwards);
        return;
    }
    if (zh)
        ds_buf_printf(out, "%s出牌：%s（末张 %d），差 %d", player(lang), name, e->prev_top,
                      w->best_diff);
    else
        ds_buf_printf(out, "%s plays %s (last card %d): difference %d", player(lang), name,
                      e->prev_top, w->best_diff);
    if (d->n == 1) {
        ds_buf_puts(out, zh ? "，这是唯一合法的一步" : ", his only legal move");
        return;
    }
    ds_buf_printf(out, zh ? "，是 %d 种合法出法中最小的" : ", the smallest of %d legal moves",
                  (int)d->n);
    if (w->n_tied > 1)
        ds_buf_printf(out,
                      zh ? "（%d 种并列，取最左侧的牌、再取最上面的行）"
                         : " (%d moves tie, settled by the leftmost card, then the topmost row)",
                      w->n_tied);
}

/* A play a variation forced: what it is worth against the rule's move. */
static void say_forced_play(ds_buf *out, const thegame_event *e, const ds_decision *d,
                            ds_lang lang) {
    const char *name = d->cand[d->chosen].name;
    int zh = ZH(lang);
    if (e->why.rule == THEGAME_RULE_END_TURN) {
        if (zh)
            ds_buf_printf(out, "%s继续出牌：%s（末张 %d），本回合第 %d 张，而规则出两张后就结束回合",
                          player(lang), name, e->prev_top, e->play_in_turn);
        else
            ds_buf_printf(out,
                          "%s plays on: %s (last card %d) as card %d of the turn, where the rule "
                          "stops after two",
                          player(lang), name, e->prev_top, e->play_in_turn);
    } else {
        if (zh) ds_buf_printf(out, "%s出牌：%s（末张 %d）：", player(lang), name, e->prev_top);
        else ds_buf_printf(out, "%s plays %s (last card %d): ", player(lang), name, e->prev_top);
        ds_say_note(out, d, d->chosen);
    }
    ds_say_forced(out, d);
}

int thegame_narrate(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out) {
    static const ds_decision empty;
    const thegame_event *e;
    thegame_state after;
    ds_decision *d = NULL;
    int zh = ZH(lang), rc = 0;
    if (!tr || i >= tr->n || ds_trace_seek(tr, i + 1, &after)) return -1;
    e = (const thegame_event *)ds_trace_event(tr, i);
    if (e->kind == THEGAME_EV_PLAY || e->kind == THEGAME_EV_DRAW) {
        d = (ds_decision *)malloc(sizeof *d);
        if (!d) return -1;
        *d = empty;
        if (thegame_decision(in, tr, i, lang, d) != 1) {
            free(d);
            return -1;
        }
    }
    switch (e->kind) {
    case THEGAME_EV_DEAL:
        ds_buf_printf(out, zh ? "%s从抽牌堆顶取 %d 张作为手牌：" : "%s takes the top %d cards as his hand: ",
                      player(lang), e->count);
        say_cards(out, e);
        break;
    case THEGAME_EV_DRAW:
        if (zh) ds_buf_printf(out, "出了 %d 张牌，规则结束本回合：%s摸了 ", e->play_in_turn, player(lang));
        else ds_buf_printf(out, "After %d cards the rule ends the turn: %s draws ", e->play_in_turn, player(lang));
        say_card_list(out, e, lang);
        ds_buf_printf(out, zh ? "，放在手牌最右侧；抽牌堆还剩 %d 张"
                              : " onto the right of his hand; %d left in the pile",
                      THEGAME_CARDS - after.pile_pos);
        break;
    case THEGAME_EV_PLAY:
        if (d->forced) say_forced_play(out, e, d, lang);
        else say_rule_play(out, e, d, lang);
        break;
    case THEGAME_EV_END:
        if (e->result == THEGAME_WIN)
            ds_buf_printf(out, zh ? "%s打光了所有牌：他赢了" : "%s has played every card: he wins",
                          player(lang));
        else if (zh)
            ds_buf_printf(out, "%s无牌可出：手里的 %d 张牌都放不上任何一行，他输了（抽牌堆还剩 %d 张）",
                          player(lang), after.hand_len, THEGAME_CARDS - after.pile_pos);
        else
            ds_buf_printf(out,
                          "%s is stuck: none of his %d cards fits any row, so he loses with %d "
                          "left in the pile",
                          player(lang), after.hand_len, THEGAME_CARDS - after.pile_pos);
        break;
    default:
        rc = -1;
        break;
    }
    free(d);
    return rc || out->failed ? -1 : 0;
}

int thegame_outcome(const thegame_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    thegame_state s;
    int pile, left;
    (void)in;
    if (!tr || ds_trace_seek(tr, tr->n, &s)) return -1;
    pile = THEGAME_CARDS - s.pile_pos;
    left = s.hand_len + pile;
    if (s.result == THEGAME_WIN)
        ds_buf_puts(out, ZH(lang) ? "赢了：所有牌都已打出" : "won: every card played");
    else if (s.result == THEGAME_LOSS && ZH(lang))
        ds_buf_printf(out, "输了：还剩 %d 张牌（手牌 %d 张，抽牌堆 %d 张）", left, s.hand_len, pile);
    else if (s.result == THEGAME_LOSS)
        ds_buf_printf(out, "lost: %d card%s left (%d in hand, %d in the pile)", left,
                      left == 1 ? "" : "s", s.hand_len, pile);
    else
        ds_buf_puts(out, ZH(lang) ? "未结束" : "not over");
    return out->failed ? -1 : 0;
}

/* ---- the state in words: step 0, a headline, what a step changed ------------------ */

int thegame_start(const thegame_input *in, ds_lang lang, ds_buf *out) {
    if (ZH(lang))
        ds_buf_printf(out, "抽牌堆共 %d 张，堆顶是 %d；%s 从堆顶取手牌", THEGAME_CARDS,
                      (int)in->deck[0], player(lang));
    else
        ds_buf_printf(out, "%d cards in the draw pile, %d on top; %s takes his hand from the top",
                      THEGAME_CARDS, (int)in->deck[0], player(lang));
    return out->failed ? -1 : 0;
}

int thegame_headline(const thegame_input *in, const ds_trace *tr, size_t step, ds_lang lang,
                     ds_buf *out) {
    thegame_state s;
    int zh = ZH(lang), pile;
    (void)in;
    if (step > tr->n || ds_trace_seek(tr, step, &s)) return -1;
    pile = THEGAME_CARDS - (s.pile_pos < THEGAME_CARDS ? s.pile_pos : THEGAME_CARDS);
    ds_buf_printf(out, zh ? "第 %d 回合 · 手牌 %d 张 · 抽牌堆 %d 张" : "Turn %d · %d in hand · %d in the pile",
                  (int)s.turn, (int)s.hand_len, pile);
    if (s.result == THEGAME_WIN) ds_buf_puts(out, zh ? " · 胜利" : " · won");
    if (s.result == THEGAME_LOSS) ds_buf_puts(out, zh ? " · 失败" : " · lost");
    return out->failed ? -1 : 0;
}

/* the cards of a[0..na-1] not in b[0..nb-1] (multisets, a's order) into o; their count */
static int hand_minus(const uint8_t *a, int na, const uint8_t *b, int nb, int *o) {
    int used[THEGAME_HAND] = {0}, i, j, n = 0;
    for (i = 0; i < na; i++) {
        for (j = 0; j < nb; j++)
            if (!used[j] && b[j] == a[i]) break;
        if (j < nb) used[j] = 1;
        else o[n++] = a[i];
    }
    return n;
}

static void say_numbers(ds_buf *out, ds_lang lang, const int *v, int n) {
    char w[THEGAME_HAND][8];
    const char *p[THEGAME_HAND];
    int k;
    for (k = 0; k < n; k++) {
        snprintf(w[k], sizeof w[k], "%d", v[k]);
        p[k] = w[k];
    }
    ds_say_list(out, lang, p, (size_t)n);
}

int thegame_changes(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out) {
    thegame_state b, a;
    int zh = ZH(lang), r, played[THEGAME_HAND], got[THEGAME_HAND], np, ng, n, k;
    if (i >= tr->n || ds_trace_seek(tr, i, &b)) return -1;
    a = b;
    thegame_apply(&a, ds_trace_event(tr, i), in);
    for (r = 0; r < THEGAME_ROWS; r++) {
        int la = a.row_len[r] < THEGAME_ROW_CAP ? a.row_len[r] : THEGAME_ROW_CAP;
        int lb = b.row_len[r] < THEGAME_ROW_CAP ? b.row_len[r] : THEGAME_ROW_CAP;
        if (la && lb && (la != lb || a.row[r][la - 1] != b.row[r][lb - 1])) {
            size_t at = out->len;
            ds_buf_printf(out, zh ? "%s：末张 %d → %d\n" : "%s: last card %d → %d\n",
                          thegame_row_words(r, lang), (int)b.row[r][lb - 1], (int)a.row[r][la - 1]);
            if (!zh) ds_say_capital(out, at);
        }
    }
    np = hand_minus(b.hand, b.hand_len, a.hand, a.hand_len, played);
    ng = hand_minus(a.hand, a.hand_len, b.hand, b.hand_len, got);
    n = a.hand_len;
    if (np) {
        ds_buf_puts(out, zh ? "手牌：打出 " : "Hand: ");
        say_numbers(out, lang, played, np);
        if (zh) ds_buf_printf(out, "（剩 %d 张）\n", n);
        else ds_buf_printf(out, " played (%d card%s left)\n", n, n == 1 ? "" : "s");
    }
    if (ng && !b.hand_len) {
        ds_buf_puts(out, zh ? "手牌：" : "Hand: ");
        for (k = 0; k < ng; k++) ds_buf_printf(out, k ? " %d" : "%d", got[k]);
        if (zh) ds_buf_printf(out, "（%d 张）\n", n);
        else ds_buf_printf(out, " (%d card%s)\n", n, n == 1 ? "" : "s");
    } else if (ng) {
        ds_buf_puts(out, zh ? "手牌：摸到 " : "Hand: ");
        say_numbers(out, lang, got, ng);
        if (zh) ds_buf_printf(out, "（共 %d 张）\n", n);
        else ds_buf_printf(out, " drawn (%d card%s)\n", n, n == 1 ? "" : "s");
    }
    if (a.pile_pos != b.pile_pos)
        ds_buf_printf(out, zh ? "抽牌堆：剩 %d 张\n" : "Pile: %d left\n",
                      THEGAME_CARDS - (a.pile_pos < THEGAME_CARDS ? a.pile_pos : THEGAME_CARDS));
    if (a.result != b.result && a.result == THEGAME_WIN)
        ds_buf_puts(out, zh ? "所有牌都已打出：游戏胜利\n" : "Every card is played: the game is won\n");
    else if (a.result != b.result && a.result == THEGAME_LOSS)
        ds_buf_puts(out, zh ? "没有牌能放上任何一行：游戏失败\n" : "No card fits any row: the game is lost\n");
    return out->failed ? -1 : 0;
}
