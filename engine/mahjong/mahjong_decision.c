/* mahjong_options.c - the decision record of a mahjong event (ds_decision,
 * engine/core/ds_decision.h): every legal candidate of mahjong_decision_at
 * with its name in words, the value the rule compares (the winning distance
 * after the move), the reason it stands where it stands against the rule's
 * choice, and the rule's code and sentence in the language asked for.
 * Rule codes, reasons and names: docs/games/mahjong.md. */
#include <stdio.h>
#include <string.h>

#include "mahjong.h"

#define ZH(lang) ((lang) == DS_LANG_ZH)

int mahjong_option_name(const mahjong_option *o, ds_lang lang, char *buf, size_t cap) {
    const char *t = o->tile < MJ_KINDS ? mahjong_tile_name(o->tile) : "";
    char who = o->player < MJ_PLAYERS ? mahjong_player_name(o->player) : '?';
    int zh = ZH(lang);
    switch (o->kind) {
    case MJ_EV_SELFDRAWN:
        return snprintf(buf, cap, zh ? "自摸" : "declare SELFDRAWN");
    case MJ_EV_DISCARD:
        if (o->tile == MJ_PASS)
            return snprintf(buf, cap, zh ? "打出 PASS，跳过 %c" : "discard PASS, skipping %c",
                            mahjong_player_name(o->target));
        return snprintf(buf, cap, zh ? "打出 %s" : "discard %s", t);
    case MJ_EV_RON:
        return snprintf(buf, cap, zh ? "%c 荣和 %s" : "%c wins by RON on %s", who, t);
    case MJ_EV_PONG:
        return snprintf(buf, cap, zh ? "%c 碰 %s" : "%c calls PONG on %s", who, t);
    case MJ_EV_CHOW:
        return snprintf(buf, cap, zh ? "%c 吃 %s %s %s" : "%c calls CHOW %s %s %s", who,
                        mahjong_tile_name(o->target), mahjong_tile_name(o->target + 1),
                        mahjong_tile_name(o->target + 2));
    default:
        return snprintf(buf, cap, zh ? "无人鸣 %s" : "nobody calls %s", t);
    }
}

int mahjong_decline_name(int player, ds_lang lang, char *buf, size_t cap) {
    return snprintf(buf, cap, ZH(lang) ? "%c 不鸣牌" : "%c lets the tile go",
                    mahjong_player_name(player));
}

/* a claim that lowers its player's distance strictly (RON always does) */
static int strict_drop(const mahjong_option *o) {
    return o->kind == MJ_EV_RON ||
           ((o->kind == MJ_EV_PONG || o->kind == MJ_EV_CHOW) && o->value >= 0 &&
            o->value < o->before);
}

static ds_reason turn_reason(const mahjong_options *md, const mahjong_event *ev, int k) {
    const mahjong_option *o = &md->opt[k], *r = &md->opt[md->rule];
    if (k == md->rule) return DS_REASON_RULE_CHOICE;
    switch (ev->rule) {
    case MJ_WHY_SELFDRAWN: /* a winning hand always declares */
        return DS_REASON_NOT_ALLOWED;
    case MJ_WHY_SPECIAL:
        /* specials first (PASS, REVERSE, DOUBLE: the same distance, later in
         * the order); the rule's PASS names the next player */
        if (o->kind != MJ_EV_DISCARD || o->tile < MJ_PASS) return DS_REASON_NOT_ALLOWED;
        if (o->tile == r->tile) return DS_REASON_NOT_ALLOWED; /* PASS naming another */
        return o->tile > r->tile && o->value == r->value ? DS_REASON_TIE_LATER
                                                         : DS_REASON_NOT_ALLOWED;
    default: /* the least distance, ties by Z F B .. 1M (the candidates' order) */
        if (o->kind != MJ_EV_DISCARD || o->tile >= MJ_PASS || o->value < 0 || r->value < 0)
            return DS_REASON_NOT_ALLOWED;
        if (o->value > r->value) return DS_REASON_WORSE_VALUE;
        if (o->value == r->value && k > md->rule) return DS_REASON_TIE_LATER;
        return DS_REASON_NOT_ALLOWED;
    }
}

static ds_reason window_reason(const mahjong_options *md, int k) {
    const mahjong_option *o = &md->opt[k];
    if (k == md->rule) return DS_REASON_RULE_CHOICE;
    /* "pass" while the rule claims; a call that does not lower its
     * player's distance strictly: the rule never takes them */
    if (!o->kind || !strict_drop(o)) return DS_REASON_NOT_ALLOWED;
    /* RON > PONG > CHOW (the highest CHOW first): ranked below the rule's */
    return DS_REASON_LOWER_PRIORITY;
}

static const char *turn_rule_code(int rule) {
    return rule == MJ_WHY_SPECIAL     ? "special_first"
           : rule == MJ_WHY_TIE_ORDER ? "tie_order"
           : rule == MJ_WHY_SELFDRAWN ? "selfdrawn"
                                      : "min_distance";
}

/* The rule's sentence about its own choice r (never about a forced move). */
static const char *rule_text(const mahjong_options *md, const mahjong_event *ev,
                             const mahjong_event *prev, const ds_decision *d, char *text,
                             size_t cap) {
    const mahjong_option *r = &md->opt[md->rule];
    const char *rn = d->cand[md->rule].name;
    int zh = ZH(d->lang), k, ties = 0;
    if (!md->window) {
        switch (ev->rule) {
        case MJ_WHY_SELFDRAWN:
            snprintf(text, cap, zh ? "摸牌后的手牌已经和了：能和牌的玩家总是自摸"
                                   : "the hand after the draw is a winning hand: a player who "
                                     "can win always declares SELFDRAWN");
            break;
        case MJ_WHY_SPECIAL:
            snprintf(text, cap,
                     zh ? "特殊牌先打，顺序为 PASS、REVERSE、DOUBLE：%s%s"
                        : "special tiles are discarded first, in the order PASS, REVERSE, "
                          "DOUBLE: %s%s",
                     rn,
                     r->tile != MJ_PASS ? ""
                     : zh               ? "（规则的 PASS 跳过下一位玩家）"
                                        : " (the rule's PASS skips the next player)");
            break;
        case MJ_WHY_TIE_ORDER:
            for (k = 0; k < md->n; k++)
                ties += md->opt[k].kind == MJ_EV_DISCARD && md->opt[k].value == r->value;
            snprintf(text, cap,
                     zh ? "有 %d 种牌打出后和牌距离都是最小的 %d：按 Z F B N W S E 9S…1S 9P…1P "
                          "9M…1M 的顺序，规则%s"
                        : "%d tiles leave the least winning distance, %d: in the order Z F B N "
                          "W S E 9S…1S 9P…1P 9M…1M the rule's move comes first: %s",
                     ties, r->value, rn);
            break;
        default:
            snprintf(text, cap,
                     zh ? "只有%s能使和牌距离最小（%d）"
                        : "%s is the only discard that leaves the least winning distance, %d",
                     rn, r->value);
            break;
        }
        return turn_rule_code(ev->rule);
    }
    switch (prev->claim_how) {
    case MJ_EV_RON:
        snprintf(text, cap,
                 zh ? "%c 的手牌加上 %s 就和了：荣和先于一切鸣牌（从打牌者起沿回合顺序的第一人）"
                    : "%c's hand plus %s is a winning hand: RON comes before every call (the "
                      "first such player along the turn order from the discarder)",
                 mahjong_player_name(r->player), mahjong_tile_name(prev->tile));
        return "ron_first_along_turn_order";
    case MJ_EV_PONG:
        snprintf(text, cap,
                 zh ? "%s：和牌距离严格减小，从 %d 到 %d；碰先于吃"
                    : "%s: it lowers the winning distance strictly, from %d to %d; PONG comes "
                      "before CHOW",
                 rn, r->before, r->value);
        return "pong_strict_drop";
    case MJ_EV_CHOW:
        snprintf(text, cap,
                 zh ? "%s：下家能使和牌距离严格减小的吃法中最高的一种，从 %d 到 %d"
                    : "%s: the next player's highest CHOW that lowers the winning distance "
                      "strictly, from %d to %d",
                 rn, r->before, r->value);
        return "chow_highest_strict_drop";
    default:
        snprintf(text, cap,
                 zh ? "没有任何鸣牌能使该玩家的和牌距离严格减小：%s，下一回合开始"
                    : "no call lowers its player's winning distance strictly: %s and the next "
                      "turn starts",
                 rn);
        return "no_claim";
    }
}

int mahjong_decision_full(const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d,
                          mahjong_options *md) {
    const mahjong_event *ev, *prev;
    char name[DS_NAME_CAP];
    int k;
    ds_decision_reset(d, lang);
    if (!mahjong_decision_at(tr, i, md)) return 0;
    ev = (const mahjong_event *)ds_trace_event(tr, i);
    prev = i ? (const mahjong_event *)ds_trace_event(tr, i - 1) : NULL;
    d->measure = DS_MEASURE_DISTANCE;
    d->better = DS_BETTER_LOWER;
    for (k = 0; k < md->n; k++) {
        const mahjong_option *o = &md->opt[k];
        mahjong_option_name(o, lang, name, sizeof name);
        if (ds_decision_add(d, o->label, name, o->value >= 0, o->value,
                            md->window ? window_reason(md, k) : turn_reason(md, ev, k)) < 0)
            return -1;
    }
    ds_decision_pick(d, md->rule, md->chosen);
    /* who decides: the player to move; in a claim window each claimer its
     * own candidates ("pass" is nobody's) and its "declines" */
    if (!md->window) {
        char seat[2] = {mahjong_player_name(md->opt[0].player), '\0'};
        ds_decision_seat(d, seat);
    } else {
        for (k = 0; k < md->n; k++) {
            char seat[2] = {mahjong_player_name(md->opt[k].player), '\0'};
            if (md->opt[k].kind) ds_decision_cand_seat(d, k, seat);
        }
        for (k = 0; k < md->ndecline; k++) {
            const mahjong_decline *y = &md->decline[k];
            char seat[2] = {mahjong_player_name(y->player), '\0'};
            int j, before = -1;
            for (j = 0; j < md->n && before < 0; j++)
                if (md->opt[j].kind && md->opt[j].player == y->player) before = md->opt[j].before;
            mahjong_decline_name(y->player, lang, name, sizeof name);
            if (ds_decision_add_decline(d, seat, y->label, name,
                                        y->then >= 0 ? md->opt[y->then].label : "pass",
                                        before >= 0, before) < 0)
                return -1;
        }
    }
    d->rule = rule_text(md, ev, prev, d, d->text, sizeof d->text);
    return 1;
}

int mahjong_decision(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_decision *d) {
    mahjong_options md;
    (void)in;
    return mahjong_decision_full(tr, i, lang, d, &md);
}
