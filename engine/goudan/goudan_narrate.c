/* goudan_narrate.c - goudan's part of the one catalog of sentences (issue 21,
 * docs/narration.md): the names of the moves, the rules' sentences about
 * their own choices, and one sentence per event, English and Chinese side by
 * side. Nothing here decides anything: the facts come from the decision
 * record (goudan_explanation) and the states before and after the event; the
 * shared phrases (percentages, values, the forced-move clause) come from
 * ds_say_* in engine/core.
 *
 * The players are 小E and the teacher (老师), as the page calls them; the
 * cards in front of a player are minions (随从). */
#include <stdlib.h>
#include <string.h>

#include "goudan_internal.h"

#define ZH (lang == DS_LANG_ZH)

/* 小E / the teacher / 老师; p < 0: the opponent of an unknown mover */
static const char *who(int p, ds_lang lang, int capital) {
    if (p == 0) return "小E";
    if (p == 1) return ZH ? "老师" : capital ? "The teacher" : "the teacher";
    return ZH ? "对手" : capital ? "The opponent" : "the opponent";
}

/* "小E’s" / "the teacher’s" / "老师的" */
static void poss(ds_buf *o, int p, ds_lang lang, int capital) {
    ds_buf_puts(o, who(p, lang, capital));
    ds_buf_puts(o, ZH ? "的" : "\xE2\x80\x99s");
}

static const char *mover_word(int p, ds_lang lang, int capital) {
    if (p == 0 || p == 1) return who(p, lang, capital);
    return ZH ? "行动方" : capital ? "The player to move" : "the player to move";
}

static int hp_of(int hp) { return hp < 0 ? 0 : hp; }

/* ---- names ----------------------------------------------------------------- */

int goudan_op_say(const goudan_op *op, int mover, ds_lang lang, ds_buf *o) {
    int opp = mover < 0 ? -1 : 1 - (mover & 1);
    switch (op->kind) {
    case GOUDAN_OP_FACE:
        if (ZH) ds_buf_printf(o, "用你体力为 %d 的随从攻击%s", op->attacker_hp, who(opp, lang, 0));
        else ds_buf_printf(o, "attack %s with your HP-%d minion", who(opp, lang, 0), op->attacker_hp);
        break;
    case GOUDAN_OP_TRADE:
        if (ZH) {
            ds_buf_printf(o, "用你体力为 %d 的随从与", op->attacker_hp);
            poss(o, opp, lang, 0);
            ds_buf_printf(o, "体力为 %d 的随从同归于尽", op->target_hp);
        } else {
            ds_buf_printf(o, "trade your HP-%d minion for ", op->attacker_hp);
            poss(o, opp, lang, 0);
            ds_buf_printf(o, " HP-%d minion", op->target_hp);
        }
        break;
    case GOUDAN_OP_PLAY: ds_buf_puts(o, ZH ? "打出一张牌" : "play a card"); break;
    case GOUDAN_OP_SKILL: ds_buf_puts(o, ZH ? "使用技能" : "use the skill"); break;
    default: ds_buf_puts(o, ZH ? "结束回合" : "end the turn"); break;
    }
    return o->failed ? -1 : 0;
}

static const char *const ordinal[4] = {"first", "second", "third", "fourth"};

/* side and slot (-1: the player) of character r of hit event e */
static void hit_target(const goudan_event *e, int r, int *side, int *slot) {
    int p = e->player & 1;
    if (r == 0) { *side = p; *slot = -1; }
    else if (r == 1) { *side = 1 - p; *slot = -1; }
    else if (r - 2 < e->mover_minions) { *side = p; *slot = r - 2; }
    else { *side = 1 - p; *slot = r - 2 - e->mover_minions; }
}

int gd_hit_say(const goudan_event *e, int r, ds_lang lang, ds_buf *o) {
    int side, slot;
    hit_target(e, r, &side, &slot);
    ds_buf_puts(o, ZH ? "这一击打中" : "the shot hits ");
    if (slot < 0) return ds_buf_puts(o, who(side, lang, 0));
    poss(o, side, lang, 0);
    if (ZH) return ds_buf_printf(o, "第 %d 个随从", slot + 1);
    return ds_buf_printf(o, " %s minion", slot < 4 ? ordinal[slot] : "last");
}

/* ---- the rules' sentences --------------------------------------------------- */

static void copy_text(char *dst, size_t cap, const ds_buf *b) {
    size_t n = b->failed || !b->data ? 0 : b->len;
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)b->data[n] & 0xC0) == 0x80) n--;
    }
    if (n) memcpy(dst, b->data, n);
    dst[n] = '\0';
}

static int count_reason(const ds_decision *d, ds_reason r) {
    size_t k;
    int n = 0;
    for (k = 0; k < d->n; k++) n += d->cand[k].reason == r;
    return n;
}

void gd_rule_text(ds_decision *d, int mover, int chance) {
    ds_lang lang = d->lang;
    const ds_cand *r = &d->cand[d->rule_choice];
    int ties = count_reason(d, DS_REASON_TIE_LATER);
    ds_buf o;
    ds_buf_init(&o);
    if (chance) {
        if (ZH) {
            ds_buf_printf(&o, "随机：这一击落在 %d 个角色之一，每个的概率 ", (int)d->n);
            ds_say_pct(&o, lang, r->value);
            ds_buf_puts(&o, "；种子抽中的是：");
        } else {
            ds_buf_printf(&o, "Chance: the hit lands on one of the %d characters, each with probability ",
                          (int)d->n);
            ds_say_pct(&o, lang, r->value);
            ds_buf_puts(&o, "; the seed\xE2\x80\x99s draw: ");
        }
        ds_buf_puts(&o, r->name);
    } else if (d->n == 1) {
        ds_buf_puts(&o, mover_word(mover, lang, 1));
        ds_buf_puts(&o, ZH ? "只有一步可走：" : " has one legal move: ");
        ds_buf_puts(&o, r->name);
        ds_buf_puts(&o, ZH ? "（" : " (");
        ds_say_value(&o, d, d->rule_choice);
        ds_buf_puts(&o, ZH ? "）" : ")");
    } else if (ZH) {
        ds_buf_printf(&o, "最优策略：%s选择自己胜率最高的一步：%s，", mover_word(mover, lang, 0), r->name);
        ds_say_value(&o, d, d->rule_choice);
        if (ties)
            ds_buf_printf(&o, "；另有 %d 步胜率相同，在固定顺序（攻击、换随从、打牌、使用技能、结束回合）中排在后面",
                          ties);
    } else {
        ds_buf_printf(&o, "Optimal play: %s takes the move with the highest win chance for %s: %s, ",
                      mover_word(mover, lang, 0), mover_word(mover, lang, 0), r->name);
        ds_say_value(&o, d, d->rule_choice);
        if (ties)
            ds_buf_printf(&o, "; %d other move%s with the same chance come%s later in the fixed order "
                              "(attack, trade, play a card, use the skill, end the turn)",
                          ties, ties == 1 ? "" : "s", ties == 1 ? "s" : "");
    }
    copy_text(d->text, sizeof d->text, &o);
    ds_buf_free(&o);
}

/* ---- one sentence per event ------------------------------------------------- */

/* "小E’s turn" / "小E的回合" at the start of a sentence */
static void subject_poss(ds_buf *o, int p, ds_lang lang) { poss(o, p, lang, 1); }

/* the sentence of an operation taken by the rule (third person) */
static void say_op(ds_buf *o, const goudan_event *e, const goudan_state *b, const goudan_state *a,
                   ds_lang lang) {
    int p = e->player & 1, q = 1 - p;
    const char *P = who(p, lang, 1);
    switch (e->kind) {
    case GOUDAN_EV_SKILL: {
        int drew = a->player[p].hand > b->player[p].hand;
        if (ZH)
            ds_buf_printf(o, "%s使用技能（体力 %d → %d）%s", P, hp_of(b->player[p].hp), hp_of(a->player[p].hp),
                          drew ? "，摸一张牌" : "，手牌已满不摸牌");
        else
            ds_buf_printf(o, "%s uses the skill (HP %d → %d)%s", P, hp_of(b->player[p].hp),
                          hp_of(a->player[p].hp), drew ? ", then draws a card" : ", no draw (3 cards in hand)");
        break;
    }
    case GOUDAN_EV_FACE: {
        int ah = e->attacker >= 0 && e->attacker < 4 ? b->player[p].minion[e->attacker].hp : 0;
        if (ZH)
            ds_buf_printf(o, "%s体力为 %d 的随从攻击%s，造成 3 点伤害（体力 %d → %d）", P, ah, who(q, lang, 0),
                          hp_of(b->player[q].hp), hp_of(a->player[q].hp));
        else {
            subject_poss(o, p, lang);
            ds_buf_printf(o, " HP-%d minion attacks %s for 3 (HP %d → %d)", ah, who(q, lang, 0),
                          hp_of(b->player[q].hp), hp_of(a->player[q].hp));
        }
        break;
    }
    case GOUDAN_EV_TRADE: {
        int ah = e->attacker >= 0 && e->attacker < 4 ? b->player[p].minion[e->attacker].hp : 0;
        int th = e->target >= 0 && e->target < 4 ? b->player[q].minion[e->target].hp : 0;
        if (ZH)
            ds_buf_printf(o, "%s体力为 %d 的随从与%s体力为 %d 的随从同归于尽", P, ah, who(q, lang, 0), th);
        else {
            subject_poss(o, p, lang);
            ds_buf_printf(o, " HP-%d minion trades with ", ah);
            poss(o, q, lang, 0);
            ds_buf_printf(o, " HP-%d minion: both are destroyed", th);
        }
        break;
    }
    case GOUDAN_EV_PLAY:
        if (ZH) ds_buf_printf(o, "%s打出一张牌：先随机造成 3 次 1 点伤害，再成为体力 2 的随从", P);
        else ds_buf_printf(o, "%s plays a card: 3 random hits, then it becomes an HP-2 minion", P);
        break;
    default:
        ds_buf_printf(o, ZH ? "%s结束回合" : "%s ends the turn", P);
        break;
    }
}

/* what a forced operation did, after its name */
static void say_effect(ds_buf *o, const goudan_event *e, const goudan_state *b, const goudan_state *a,
                       ds_lang lang) {
    int p = e->player & 1, q = 1 - p;
    switch (e->kind) {
    case GOUDAN_EV_SKILL:
        ds_buf_printf(o, ZH ? "，体力 %d → %d" : ", HP %d → %d", hp_of(b->player[p].hp), hp_of(a->player[p].hp));
        break;
    case GOUDAN_EV_FACE:
        ds_buf_puts(o, ZH ? "，" : ", ");
        poss(o, q, lang, 0);
        ds_buf_printf(o, ZH ? "体力 %d → %d" : " HP %d → %d", hp_of(b->player[q].hp), hp_of(a->player[q].hp));
        break;
    case GOUDAN_EV_TRADE: ds_buf_puts(o, ZH ? "，双方的这两个随从都被摧毁" : ", both minions are destroyed"); break;
    case GOUDAN_EV_PLAY: ds_buf_puts(o, ZH ? "，随后随机造成 3 次伤害" : ", 3 random hits follow"); break;
    default: break;
    }
}

static void say_decision(ds_buf *o, const goudan_event *e, const goudan_state *b, const goudan_state *a,
                         const ds_decision *d) {
    ds_lang lang = d->lang;
    int p = e->player & 1;
    int ties = count_reason(d, DS_REASON_TIE_LATER);
    if (d->forced) {
        if (ZH) ds_buf_printf(o, "你替%s走的一步：%s", who(p, lang, 0), d->cand[d->chosen].name);
        else ds_buf_printf(o, "Your move for %s: %s", who(p, lang, 0), d->cand[d->chosen].name);
        say_effect(o, e, b, a, lang);
        ds_say_forced(o, d);
        return;
    }
    say_op(o, e, b, a, lang);
    if (d->n == 1) {
        ds_buf_puts(o, ZH ? "；这是唯一可走的一步（" : "; the only legal move (");
        if (!ZH) poss(o, p, lang, 0);
        else ds_buf_puts(o, who(p, lang, 0));
        ds_buf_puts(o, ZH ? "" : " ");
        ds_say_value(o, d, d->chosen);
        ds_buf_puts(o, ZH ? "）" : ")");
        return;
    }
    if (ZH) {
        ds_buf_printf(o, "；%s", who(p, lang, 0));
        ds_say_value(o, d, d->chosen);
        ds_buf_printf(o, "，是 %d 种走法中最高的", (int)d->n);
        if (ties) ds_buf_printf(o, "（与另外 %d 种持平，它们在固定顺序中靠后）", ties);
    } else {
        ds_buf_puts(o, "; ");
        poss(o, p, lang, 0);
        ds_buf_putc(o, ' ');
        ds_say_value(o, d, d->chosen);
        ds_buf_printf(o, ", the highest of the %d moves", (int)d->n);
        if (ties) ds_buf_printf(o, " (tied with %d, which come%s later in the fixed order)", ties, ties == 1 ? "s" : "");
    }
}

static void say_hit(ds_buf *o, const goudan_event *e, const goudan_state *b, const ds_decision *d) {
    ds_lang lang = d->lang;
    int p = e->player & 1, side = e->target_side & 1, n = b->hits_done + 1, k = e->characters;
    if (ZH) {
        ds_buf_printf(o, "%s的牌的第 %d/3 次伤害（%d 个角色各 1/%d）：", who(p, lang, 0), n, k, k);
        if (e->target < 0)
            ds_buf_printf(o, "%s体力 − 1（%d → %d）", who(side, lang, 0), hp_of(b->player[side].hp),
                          hp_of(b->player[side].hp - 1));
        else {
            int mhp = e->target < 4 ? b->player[side].minion[e->target].hp : 0;
            ds_buf_printf(o, "%s的第 %d 个随从（体力 %d）%s", who(side, lang, 0), e->target + 1, mhp,
                          mhp <= 1 ? "被摧毁" : "体力 − 1");
        }
    } else {
        ds_buf_printf(o, "Hit %d of 3 from ", n);
        poss(o, p, lang, 0);
        ds_buf_printf(o, " card (1 in %d for each character): ", k);
        if (e->target < 0)
            ds_buf_printf(o, "%s loses 1 HP (%d → %d)", who(side, lang, 0), hp_of(b->player[side].hp),
                          hp_of(b->player[side].hp - 1));
        else {
            int mhp = e->target < 4 ? b->player[side].minion[e->target].hp : 0;
            poss(o, side, lang, 0);
            ds_buf_printf(o, " minion %d (HP %d) %s", e->target + 1, mhp, mhp <= 1 ? "is destroyed" : "loses 1 HP");
        }
    }
    if (d->forced) {
        ds_buf_puts(o, ZH ? "（由这一变化指定；种子抽中的是：" : " (set by this variation; the seed\xE2\x80\x99s draw: ");
        ds_buf_puts(o, d->cand[d->rule_choice].name);
        ds_buf_puts(o, ZH ? "）" : ")");
    }
}

int goudan_narrate(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *o) {
    const goudan_event *e;
    goudan_state b, a;
    ds_decision *d = NULL;
    int p, isd;
    const char *P;
    (void)in;
    if (!tr || i >= tr->n || tr->state_size != sizeof b || ds_trace_seek(tr, i, &b)) return -1;
    e = (const goudan_event *)ds_trace_event(tr, i);
    a = b;
    goudan_apply(&a, e, NULL);
    p = e->player & 1;
    P = who(p, lang, 1);
    d = (ds_decision *)malloc(sizeof *d); /* ~10 KB: on the heap (small wasm stack) */
    if (!d) return -1;
    isd = goudan_decision(in, tr, i, lang, d);
    if (isd < 0) {
        free(d);
        return -1;
    }
    switch (e->kind) {
    case GOUDAN_EV_TURN_START: {
        int h = a.player[p].hand;
        if (e->drew) {
            if (ZH) ds_buf_printf(o, "%s的回合开始：摸一张牌（手牌 %d 张）", P, h);
            else {
                subject_poss(o, p, lang);
                ds_buf_printf(o, " turn begins with a draw (%d card%s in hand)", h, h == 1 ? "" : "s");
            }
        } else if (ZH) {
            ds_buf_printf(o, "%s的回合开始：手牌已满 3 张，不摸牌", P);
        } else {
            subject_poss(o, p, lang);
            ds_buf_puts(o, " turn begins: the hand is full (3 cards), no draw");
        }
        break;
    }
    case GOUDAN_EV_SKILL:
    case GOUDAN_EV_FACE:
    case GOUDAN_EV_TRADE:
    case GOUDAN_EV_PLAY:
    case GOUDAN_EV_END_TURN:
        if (isd == 1) say_decision(o, e, &b, &a, d);
        else say_op(o, e, &b, &a, lang);
        break;
    case GOUDAN_EV_HIT:
        if (isd == 1) say_hit(o, e, &b, d);
        break;
    case GOUDAN_EV_PLACE:
        if (b.player[p].count >= GOUDAN_BOARD_MAX) {
            if (ZH) ds_buf_printf(o, "%s的牌被弃掉：场上已有 4 个随从", P);
            else {
                subject_poss(o, p, lang);
                ds_buf_puts(o, " card is gone: the board is full (4 minions)");
            }
        } else if (ZH) {
            ds_buf_printf(o, "%s的牌成为体力 2 的随从（本回合不能攻击）", P);
        } else {
            subject_poss(o, p, lang);
            ds_buf_puts(o, " card becomes an HP-2 minion (it cannot attack this turn)");
        }
        break;
    case GOUDAN_EV_WIN:
        ds_buf_printf(o, ZH ? "%s赢得了游戏" : "%s wins the game", P);
        break;
    default:
        ds_buf_puts(o, ZH ? "未知事件" : "An unknown event");
        break;
    }
    free(d);
    return o->failed ? -1 : 0;
}

int goudan_outcome(const ds_trace *tr, ds_lang lang, ds_buf *o) {
    const goudan_event *last = tr && tr->n ? (const goudan_event *)ds_trace_event(tr, tr->n - 1) : NULL;
    const goudan_state *s = tr && tr->live ? (const goudan_state *)(const void *)tr->live : NULL;
    int turns = s ? s->turn : 0;
    if (!last || last->kind != GOUDAN_EV_WIN) return ds_buf_puts(o, ZH ? "没有胜者" : "no winner");
    if (ZH)
        return ds_buf_printf(o, "%s在 %d 个回合后获胜（第 %zu 步）", who(last->player & 1, lang, 0), turns,
                             tr->n - 1);
    return ds_buf_printf(o, "%s wins after %d turn%s (event %zu)", who(last->player & 1, lang, 1), turns,
                         turns == 1 ? "" : "s", tr->n - 1);
}

/* ---- the state in words: step 0, a headline, what a step changed ------------------ */

/* "HP 5, 1 card, 2 minions" / "体力 5，手牌 1 张，随从 2 个" */
static void say_side(ds_buf *o, const goudan_player *p, ds_lang lang) {
    if (ZH)
        ds_buf_printf(o, "体力 %d，手牌 %d 张，随从 %d 个", hp_of(p->hp), p->hand, p->count);
    else
        ds_buf_printf(o, "HP %d, %d card%s, %d minion%s", hp_of(p->hp), p->hand,
                      p->hand == 1 ? "" : "s", p->count, p->count == 1 ? "" : "s");
}

int goudan_start(const ds_trace *tr, ds_lang lang, ds_buf *o) {
    goudan_state s;
    if (!tr || tr->state_size != sizeof s || ds_trace_seek(tr, 0, &s)) return -1;
    ds_buf_puts(o, ZH ? "小E的回合开始前：小E " : "Before 小E\xE2\x80\x99s turn: 小E has ");
    say_side(o, &s.player[0], lang);
    ds_buf_puts(o, ZH ? "；老师 " : "; the teacher has ");
    say_side(o, &s.player[1], lang);
    ds_buf_printf(o, ZH ? "；每回合技能与打牌合计最多 %d 次" : "; at most %d skills and plays per turn",
                  (int)s.O);
    return o->failed ? -1 : 0;
}

int goudan_headline(const ds_trace *tr, size_t step, ds_lang lang, ds_buf *o) {
    goudan_state s;
    if (!tr || step > tr->n || tr->state_size != sizeof s || ds_trace_seek(tr, step, &s)) return -1;
    ds_buf_printf(o, ZH ? "小E 体力 %d · 老师 体力 %d" : "小E HP %d · teacher HP %d",
                  hp_of(s.player[0].hp), hp_of(s.player[1].hp));
    if (s.winner >= 0) {
        ds_buf_printf(o, ZH ? " · %s获胜" : " · %s won", who(s.winner, lang, 0));
    } else if (s.turn > 0) {
        if (ZH) ds_buf_printf(o, " · 轮到%s，剩 %d 次操作", who(s.to_move, lang, 0), s.ops_left);
        else ds_buf_printf(o, " · %s to move, %d operation%s left", who(s.to_move, lang, 0),
                           s.ops_left, s.ops_left == 1 ? "" : "s");
    } else {
        ds_buf_printf(o, ZH ? " · 轮到%s" : " · %s to move", who(s.to_move, lang, 0));
    }
    return o->failed ? -1 : 0;
}

/* a minion as a sort key: HP first, an attacked one before a ready one */
static int minion_key(const goudan_minion *m) { return m->hp * 2 + (m->attacked ? 0 : 1); }
static int key_hp(int k) { return k / 2; }
static int key_attacked(int k) { return !(k & 1); }
static int cmp_int(const void *x, const void *y) { return *(const int *)x - *(const int *)y; }

/* the keys of a[] not in b[] (multisets), sorted, into o; their count */
static int minions_minus(const goudan_player *a, const goudan_player *b, int *o) {
    int used[4] = {0}, i, j, n = 0;
    for (i = 0; i < a->count && i < 4; i++) {
        int k = minion_key(&a->minion[i]);
        for (j = 0; j < b->count && j < 4; j++)
            if (!used[j] && minion_key(&b->minion[j]) == k) break;
        if (j < b->count && j < 4) used[j] = 1;
        else o[n++] = k;
    }
    qsort(o, (size_t)n, sizeof *o, cmp_int);
    return n;
}

/* starts a sentence of changes; end_line ends it (English: a capital first) */
static size_t begin_line(const ds_buf *o) { return o->len; }
static void end_line(ds_buf *o, size_t at, ds_lang lang) {
    if (!ZH) ds_say_capital(o, at);
    ds_buf_putc(o, '\n');
}

int goudan_changes(const ds_trace *tr, size_t i, ds_lang lang, ds_buf *o) {
    const goudan_event *e;
    goudan_state b, a;
    int w, turn_changed;
    size_t at;
    if (!tr || i >= tr->n || tr->state_size != sizeof b || ds_trace_seek(tr, i, &b)) return -1;
    e = (const goudan_event *)ds_trace_event(tr, i);
    a = b;
    goudan_apply(&a, e, NULL);
    for (w = 0; w < 2; w++) {
        const goudan_player *pb = &b.player[w], *pa = &a.player[w];
        int gone[4], come[4], ng, nc, j, ready = 0, off = 0;
        if (hp_of(pa->hp) != hp_of(pb->hp)) {
            at = begin_line(o);
            if (ZH) ds_buf_puts(o, who(w, lang, 0));
            else poss(o, w, lang, 0);
            ds_buf_printf(o, ZH ? "体力 %d → %d" : " HP %d → %d", hp_of(pb->hp), hp_of(pa->hp));
            end_line(o, at, lang);
        }
        if (pa->hand != pb->hand) {
            at = begin_line(o);
            poss(o, w, lang, 0);
            if (ZH) ds_buf_printf(o, "手牌 %d → %d 张", pb->hand, pa->hand);
            else ds_buf_printf(o, " hand: %d → %d card%s", pb->hand, pa->hand, pa->hand == 1 ? "" : "s");
            end_line(o, at, lang);
        }
        /* minions: the unchanged ones cancel out; destroyed ones are removed,
         * the rest shift left */
        ng = minions_minus(pb, pa, gone);
        nc = minions_minus(pa, pb, come);
        if (pa->count < pb->count) {
            int d = pb->count - pa->count;
            for (j = 0; j < d && j < ng; j++) {
                at = begin_line(o);
                if (ZH) ds_buf_printf(o, "%s体力为 %d 的随从被摧毁", who(w, lang, 0), key_hp(gone[j]));
                else { poss(o, w, lang, 0); ds_buf_printf(o, " minion with HP %d is destroyed", key_hp(gone[j])); }
                end_line(o, at, lang);
            }
            off = d < ng ? d : ng;
            memmove(gone, gone + off, sizeof(int) * (size_t)(ng - off));
            ng -= off;
        } else if (pa->count > pb->count) {
            int d = pa->count - pb->count;
            for (j = 0; j < d && j < nc; j++) {
                int att = key_attacked(come[j]);
                at = begin_line(o);
                if (ZH)
                    ds_buf_printf(o, "%s多了一个体力 %d 的随从%s", who(w, lang, 0), key_hp(come[j]),
                                  att ? "（本回合不能攻击）" : "");
                else
                    ds_buf_printf(o, "%s gets a new HP %d minion%s", who(w, lang, 0), key_hp(come[j]),
                                  att ? " (it cannot attack this turn)" : "");
                end_line(o, at, lang);
            }
            off = d < nc ? d : nc;
            memmove(come, come + off, sizeof(int) * (size_t)(nc - off));
            nc -= off;
        }
        for (j = 0; j < ng && j < nc; j++) {
            int k = gone[j], n = come[j];
            if (key_hp(k) != key_hp(n)) {
                at = begin_line(o);
                if (ZH) ds_buf_printf(o, "%s的随从体力 %d → %d", who(w, lang, 0), key_hp(k), key_hp(n));
                else { poss(o, w, lang, 0); ds_buf_printf(o, " minion: HP %d → %d", key_hp(k), key_hp(n)); }
                end_line(o, at, lang);
            } else if (!key_attacked(k) && key_attacked(n)) {
                at = begin_line(o);
                if (ZH) ds_buf_printf(o, "%s体力为 %d 的随从已攻击（本回合不能再攻击）", who(w, lang, 0), key_hp(n));
                else { poss(o, w, lang, 0); ds_buf_printf(o, " HP %d minion has attacked (not again this turn)", key_hp(n)); }
                end_line(o, at, lang);
            } else if (key_attacked(k) && !key_attacked(n)) {
                ready++;
            }
        }
        if (ready) {
            at = begin_line(o);
            if (ZH) ds_buf_printf(o, "%s的随从可以再次攻击", who(w, lang, 0));
            else { poss(o, w, lang, 0); ds_buf_puts(o, ready == 1 ? " minion can attack again" : " minions can attack again"); }
            end_line(o, at, lang);
        }
    }
    turn_changed = a.to_move != b.to_move;
    if (turn_changed) {
        at = begin_line(o);
        if (ZH) ds_buf_printf(o, "轮到%s", who(a.to_move, lang, 0));
        else { ds_buf_puts(o, "now "); poss(o, a.to_move, lang, 0); ds_buf_puts(o, " turn"); }
        end_line(o, at, lang);
    }
    if (a.ops_left != b.ops_left && !turn_changed) {
        if (a.ops_left > b.ops_left) {
            if (ZH) ds_buf_printf(o, "%s本回合最多可使用技能或打牌 %d 次\n", who(a.to_move, lang, 0), a.ops_left);
            else ds_buf_printf(o, "%s may use the skill or play a card %d time%s this turn\n",
                               who(a.to_move, lang, 1), a.ops_left, a.ops_left == 1 ? "" : "s");
        } else {
            ds_buf_printf(o, ZH ? "本回合剩余技能与打牌次数 %d → %d\n" : "Skills and plays left this turn: %d → %d\n",
                          b.ops_left, a.ops_left);
        }
    }
    if (a.playing && !b.playing) {
        int p = e->player & 1;
        if (ZH) ds_buf_printf(o, "%s的牌生效：接下来是随机伤害\n", who(p, lang, 0));
        else { poss(o, p, lang, 1); ds_buf_puts(o, " card is in play: random hits come next\n"); }
    }
    if (a.winner != b.winner && a.winner >= 0) {
        if (ZH) ds_buf_printf(o, "%s赢得了游戏\n", who(a.winner, lang, 0));
        else ds_buf_printf(o, "%s wins the game\n", who(a.winner, lang, 1));
    }
    return o->failed ? -1 : 0;
}
