/* mahjong_json.c - JSON views of the mahjong trace, states and DP records
 * (field reference: docs/games/mahjong.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mahjong.h"

static void put_tile(ds_buf *b, int kind) {
    ds_buf_putc(b, '"');
    ds_buf_puts(b, mahjong_tile_name(kind));
    ds_buf_putc(b, '"');
}

static void put_player(ds_buf *b, int p) {
    if (p < 0 || p >= MJ_PLAYERS) { ds_buf_puts(b, "null"); return; }
    ds_buf_putc(b, '"');
    ds_buf_putc(b, mahjong_player_name(p));
    ds_buf_putc(b, '"');
}

static void put_key(ds_buf *b, const char *key) {
    ds_buf_putc(b, ',');
    ds_buf_putc(b, '"');
    ds_buf_puts(b, key);
    ds_buf_puts(b, "\":");
}


static void put_dist(ds_buf *b, int d) {
    if (d < 0) ds_buf_puts(b, "null");
    else ds_buf_int(b, d);
}


static const char *event_type(int kind) {
    switch (kind) {
    case MJ_EV_DEAL: return "deal";
    case MJ_EV_DRAW: return "draw";
    case MJ_EV_SKIP: return "skip";
    case MJ_EV_SELFDRAWN: return "selfdrawn";
    case MJ_EV_DISCARD: return "discard";
    case MJ_EV_RON: return "ron";
    case MJ_EV_PONG: return "pong";
    case MJ_EV_CHOW: return "chow";
    case MJ_EV_WIN: return "win";
    case MJ_EV_EXHAUSTED: return "exhausted";
    default: return "unknown";
    }
}

static const char *verdict_name(int v) {
    switch (v) {
    case MJ_V_NOTHING: return "nothing";
    case MJ_V_RON: return "ron";
    case MJ_V_RON_CUT_OFF: return "ron_cut_off";
    case MJ_V_PONG: return "pong";
    case MJ_V_CHOW: return "chow";
    case MJ_V_DECLINED: return "declined";
    case MJ_V_PREEMPTED: return "preempted";
    default: return "unknown";
    }
}

static const char *phase_name(int ph) {
    switch (ph) {
    case MJ_PH_DEAL: return "deal";
    case MJ_PH_TURN: return "turn";
    case MJ_PH_DRAWN: return "drawn";
    case MJ_PH_DISCARD: return "discard";
    case MJ_PH_CLAIM: return "claim";
    case MJ_PH_WON: return "won";
    case MJ_PH_OVER: return "over";
    default: return "unknown";
    }
}

/* One claim record and a sentence explaining its verdict. */
static void put_claim(ds_buf *b, const mahjong_event *ev, const mahjong_claim *c, ds_lang lang) {
    int j, t = ev->tile;
    const char *msg;
    ds_buf_puts(b, "{\"player\":");
    put_player(b, c->player);
    put_key(b, "dist");
    put_dist(b, c->dist);
    put_key(b, "ron");
    ds_buf_puts(b, c->ron ? "true" : "false");
    put_key(b, "pong_after");
    put_dist(b, c->pong_after);
    put_key(b, "chow");
    ds_buf_putc(b, '[');
    for (j = 0; j < 3; j++) {
        int low = t - j, first = 1, k;
        if (c->chow_after[j] < 0) continue;
        for (k = 0; k < j; k++)
            if (c->chow_after[k] >= 0) first = 0;
        if (!first) ds_buf_putc(b, ',');
        ds_buf_puts(b, "{\"tiles\":[");
        put_tile(b, low);
        ds_buf_putc(b, ',');
        put_tile(b, low + 1);
        ds_buf_putc(b, ',');
        put_tile(b, low + 2);
        ds_buf_puts(b, "],\"after\":");
        ds_buf_int(b, c->chow_after[j]);
        ds_buf_putc(b, '}');
    }
    ds_buf_putc(b, ']');
    put_key(b, "verdict");
    ds_buf_json_str(b, verdict_name(c->verdict), strlen(verdict_name(c->verdict)));
    msg = mahjong_claim_text(c->verdict, lang);
    put_key(b, "text");
    ds_buf_json_str(b, msg, strlen(msg));
    ds_buf_putc(b, '}');
}

static void put_discard(ds_buf *b, const mahjong_event *ev, ds_lang lang) {
    int i;
    if (ev->tile == MJ_PASS) {
        put_key(b, "pass_target");
        put_player(b, ev->target);
    }
    put_key(b, "claims");
    ds_buf_putc(b, '[');
    for (i = 0; i < ev->nclaims && i < 3; i++) {
        if (i) ds_buf_putc(b, ',');
        put_claim(b, ev, &ev->claims[i], lang);
    }
    ds_buf_putc(b, ']');
    put_key(b, "claimed_by");
    put_player(b, ev->claim_by);
    put_key(b, "claimed_how");
    if (ev->claim_how) {
        const char *h = event_type(ev->claim_how);
        ds_buf_json_str(b, h, strlen(h));
    } else {
        ds_buf_puts(b, "null");
    }
}

static const char *option_kind(int kind) {
    return kind == MJ_EV_SELFDRAWN ? "selfdrawn"
           : kind == MJ_EV_DISCARD ? "discard"
           : kind == MJ_EV_RON     ? "ron"
           : kind == MJ_EV_PONG    ? "pong"
           : kind == MJ_EV_CHOW    ? "chow"
                                   : "pass";
}

/* The game fields of the decision record (ds_decision_json's callback):
 * each candidate's kind, tile, PASS target, claimer, meld tiles and distance
 * before the call. (The window's "declines", "B declines": what the rule
 * takes without B, are the shared record's, with each seat.) */
typedef struct extra_ctx {
    const mahjong_options *md;
    ds_lang lang;
} extra_ctx;

static void decision_extra(const void *ctx, int k, ds_buf *b) {
    const extra_ctx *x = (const extra_ctx *)ctx;
    const mahjong_options *d = x->md;
    int i;
    if (k < 0) return; /* the window's "declines" are the record's own (ds_decision) */
    {
        const mahjong_option *o = &d->opt[k];
        const char *kind = option_kind(o->kind);
        put_key(b, "kind");
        ds_buf_json_str(b, kind, strlen(kind));
        if (o->kind == MJ_EV_DISCARD) {
            put_key(b, "tile");
            put_tile(b, o->tile);
            if (o->tile == MJ_PASS) {
                put_key(b, "target");
                put_player(b, o->target);
            }
        } else if (d->window && o->kind) {
            put_key(b, "player");
            put_player(b, o->player);
            if (o->kind != MJ_EV_RON) {
                put_key(b, "tiles");
                ds_buf_putc(b, '[');
                for (i = 0; i < 3; i++) {
                    if (i) ds_buf_putc(b, ',');
                    put_tile(b, o->kind == MJ_EV_PONG ? o->tile : o->target + i);
                }
                ds_buf_putc(b, ']');
            }
            put_key(b, "dist_before");
            put_dist(b, o->before);
        }
    }
}

int mahjong_event_json(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                       ds_buf *out) {
    const mahjong_event *ev, *prev = NULL;
    const char *type;
    mahjong_options d;
    ds_decision *rec;
    int k, is_decision;
    (void)in;
    if (i >= tr->n) return -1;
    ev = (const mahjong_event *)ds_trace_event(tr, i);
    if (i > 0) prev = (const mahjong_event *)ds_trace_event(tr, i - 1);
    rec = (ds_decision *)malloc(sizeof *rec);
    if (!rec) return -1;
    is_decision = mahjong_decision_full(tr, i, lang, rec, &d);
    if (is_decision < 0) {
        free(rec);
        return -1;
    }
    type = event_type(ev->kind);
    ds_buf_puts(out, "{\"type\":");
    ds_buf_json_str(out, type, strlen(type));
    put_key(out, "step");
    ds_buf_int(out, (long long)i);
    put_key(out, "i");
    ds_buf_int(out, (long long)i);
    put_key(out, "player");
    put_player(out, ev->kind == MJ_EV_EXHAUSTED ? -1 : ev->player);
    if (ev->tile < MJ_KINDS) {
        put_key(out, "tile");
        put_tile(out, ev->tile);
    }
    put_key(out, "dist");
    put_dist(out, ev->dist);
    switch (ev->kind) {
    case MJ_EV_SKIP:
        put_key(out, "next");
        put_player(out, ev->target);
        break;
    case MJ_EV_SELFDRAWN:
        break;
    case MJ_EV_EXHAUSTED:
        put_key(out, "must_draw");
        put_player(out, ev->player);
        break;
    case MJ_EV_DRAW:
        break;
    case MJ_EV_DEAL:
        break;
    case MJ_EV_WIN:
        break;
    case MJ_EV_DISCARD:
        put_discard(out, ev, lang);
        break;
    case MJ_EV_RON:
    case MJ_EV_PONG:
    case MJ_EV_CHOW:
        if (ev->kind != MJ_EV_RON) {
            put_key(out, "tiles");
            ds_buf_putc(out, '[');
            for (k = 0; k < 3; k++) {
                if (k) ds_buf_putc(out, ',');
                put_tile(out, ev->kind == MJ_EV_PONG ? ev->tile : ev->target + k);
            }
            ds_buf_putc(out, ']');
        }
        if (prev && prev->kind == MJ_EV_DISCARD) {
            put_key(out, "from");
            put_player(out, prev->player);
            put_key(out, "discard_step");
            ds_buf_int(out, (long long)(i - 1));
            for (k = 0; k < prev->nclaims && k < 3; k++)
                if (prev->claims[k].player == ev->player) {
                    put_key(out, "dist_before");
                    put_dist(out, prev->claims[k].dist);
                }
            if (ev->kind == MJ_EV_RON) {
                put_key(out, "cut_off");
                ds_buf_putc(out, '[');
                for (k = 0; k < prev->nclaims && k < 3; k++)
                    if (prev->claims[k].verdict == MJ_V_RON_CUT_OFF) {
                        if (out->data[out->len - 1] != '[') ds_buf_putc(out, ',');
                        put_player(out, prev->claims[k].player);
                    }
                ds_buf_putc(out, ']');
            }
        }
        break;
    default:
        break;
    }
    if (is_decision) {
        extra_ctx x;
        x.md = &d;
        x.lang = lang;
        put_key(out, "decision");
        ds_decision_json(rec, decision_extra, &x, out);
    }
    free(rec);
    ds_buf_putc(out, '}');
    return out->failed ? -1 : 0;
}

int mahjong_state_json(const mahjong_input *in, const mahjong_state *st, ds_buf *out) {
    int p, k, i;
    (void)in;
    ds_buf_puts(out, "{\"phase\":");
    ds_buf_json_str(out, phase_name(st->phase), strlen(phase_name(st->phase)));
    put_key(out, "cur");
    put_player(out, st->cur);
    put_key(out, "dir");
    ds_buf_puts(out, st->dir > 0 ? "\"ABCD\"" : "\"ADCB\"");
    put_key(out, "wall_pos");
    ds_buf_int(out, st->wall_pos);
    put_key(out, "wall_left");
    ds_buf_int(out, MJ_TILES - st->wall_pos);
    put_key(out, "turns");
    ds_buf_int(out, st->turns);
    put_key(out, "last_discard");
    if (st->last_from < MJ_PLAYERS) {
        ds_buf_puts(out, "{\"player\":");
        put_player(out, st->last_from);
        put_key(out, "tile");
        put_tile(out, st->last_tile);
        ds_buf_putc(out, '}');
    } else {
        ds_buf_puts(out, "null");
    }
    put_key(out, "winner");
    put_player(out, st->winner);
    put_key(out, "win_how");
    ds_buf_puts(out, st->win_how == MJ_EV_RON ? "\"ron\""
                     : st->win_how == MJ_EV_SELFDRAWN ? "\"selfdrawn\"" : "null");
    put_key(out, "players");
    ds_buf_putc(out, '[');
    for (p = 0; p < MJ_PLAYERS; p++) {
        if (p) ds_buf_putc(out, ',');
        ds_buf_puts(out, "{\"name\":");
        put_player(out, p);
        put_key(out, "hand");
        ds_buf_putc(out, '[');
        for (k = 0, i = 0; k < MJ_KINDS; k++) {
            int c;
            for (c = 0; c < st->hand[p][k]; c++, i++) {
                if (i) ds_buf_putc(out, ',');
                put_tile(out, k);
            }
        }
        ds_buf_putc(out, ']');
        put_key(out, "counts");
        ds_buf_putc(out, '[');
        for (k = 0; k < MJ_KINDS; k++) {
            if (k) ds_buf_putc(out, ',');
            ds_buf_int(out, st->hand[p][k]);
        }
        ds_buf_putc(out, ']');
        put_key(out, "hand_n");
        ds_buf_int(out, st->hand_n[p]);
        put_key(out, "melds");
        ds_buf_putc(out, '[');
        for (i = 0; i < st->meld_n[p] && i < MJ_MAX_MELDS; i++) {
            const mahjong_meld *m = &st->melds[p][i];
            if (i) ds_buf_putc(out, ',');
            ds_buf_puts(out, m->kind == MJ_MELD_PONG ? "{\"kind\":\"pong\"" : "{\"kind\":\"chow\"");
            put_key(out, "tiles");
            ds_buf_putc(out, '[');
            for (k = 0; k < 3; k++) {
                if (k) ds_buf_putc(out, ',');
                put_tile(out, m->kind == MJ_MELD_PONG ? m->low : m->low + k);
            }
            ds_buf_putc(out, ']');
            put_key(out, "called");
            put_tile(out, m->called);
            put_key(out, "from");
            put_player(out, m->from);
            ds_buf_putc(out, '}');
        }
        ds_buf_putc(out, ']');
        put_key(out, "pond");
        ds_buf_putc(out, '[');
        for (i = 0; i < st->pond_n[p] && i < MJ_POND_MAX; i++) {
            if (i) ds_buf_putc(out, ',');
            ds_buf_puts(out, "{\"tile\":");
            put_tile(out, st->pond[p][i].tile);
            put_key(out, "taken_by");
            put_player(out, st->pond[p][i].taken_by == MJ_NOBODY ? -1 : st->pond[p][i].taken_by);
            ds_buf_putc(out, '}');
        }
        ds_buf_putc(out, ']');
        put_key(out, "dist");
        put_dist(out, st->dist[p]);
        put_key(out, "skip");
        ds_buf_puts(out, st->skip[p] ? "true" : "false");
        ds_buf_putc(out, '}');
    }
    ds_buf_puts(out, "]}");
    return out->failed ? -1 : 0;
}

int mahjong_trace_jsonl(const mahjong_input *in, const ds_trace *tr, ds_lang lang,
                        ds_buf *out) {
    size_t i;
    mahjong_state st0;
    if (ds_trace_seek(tr, 0, &st0)) return -1;
    ds_buf_puts(out, "{\"type\":\"header\",\"game\":\"mahjong\",\"events\":");
    ds_buf_int(out, (long long)tr->n);
    put_key(out, "wall");
    ds_buf_putc(out, '[');
    for (i = 0; i < MJ_TILES; i++) {
        if (i) ds_buf_putc(out, ',');
        put_tile(out, in->wall[i]);
    }
    ds_buf_putc(out, ']');
    put_key(out, "wall_size");
    ds_buf_int(out, MJ_TILES);
    put_key(out, "deal");
    ds_buf_int(out, MJ_DEAL);
    put_key(out, "lang");
    ds_buf_printf(out, "\"%s\"", ds_lang_code(lang));
    put_key(out, "state");
    if (mahjong_state_json(in, &st0, out)) return -1;
    ds_buf_puts(out, "}\n");
    for (i = 0; i < tr->n; i++) {
        if (mahjong_event_json(in, tr, i, lang, out)) return -1;
        ds_buf_putc(out, '\n');
    }
    return out->failed ? -1 : 0;
}

int mahjong_dp_record_json(const mahjong_dp_record *rec, ds_buf *out) {
    int k, s, i, first;
    ds_buf_puts(out, "{\"melds\":");
    ds_buf_int(out, rec->melds);
    put_key(out, "groups");
    ds_buf_int(out, rec->groups);
    put_key(out, "hand_tiles");
    ds_buf_int(out, rec->hand_tiles);
    put_key(out, "distance");
    ds_buf_int(out, rec->distance);
    put_key(out, "best_match");
    ds_buf_int(out, rec->best_match);
    put_key(out, "hand");
    ds_buf_putc(out, '[');
    for (k = 0; k < MJ_KINDS; k++) {
        if (k) ds_buf_putc(out, ',');
        ds_buf_int(out, rec->hand[k]);
    }
    ds_buf_putc(out, ']');
    /* kinds[k].states: every reachable state after kind k as
     * [g, p, s1, s2, value, from_index, s, t, q, pruned] */
    put_key(out, "kinds");
    ds_buf_putc(out, '[');
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        if (k) ds_buf_putc(out, ',');
        ds_buf_puts(out, "{\"tile\":");
        put_tile(out, k);
        put_key(out, "have");
        ds_buf_int(out, rec->hand[k]);
        put_key(out, "states");
        ds_buf_putc(out, '[');
        for (s = 0, first = 1; s < MJ_DP_STATES; s++) {
            uint16_t ch = rec->choice[k][s];
            if (rec->value[k + 1][s] < 0) continue;
            if (!first) ds_buf_putc(out, ',');
            first = 0;
            ds_buf_printf(out, "[%d,%d,%d,%d,%d,%d,%d,%d,%d,%d]", s / 50, s / 25 % 2, s / 5 % 5,
                          s % 5, rec->value[k + 1][s], ch & 0xFF, ch >> 8 & 7, ch >> 11 & 1,
                          ch >> 12 & 1, ch >> 13 & 1);
        }
        ds_buf_puts(out, "]}");
    }
    ds_buf_putc(out, ']');
    put_key(out, "groups_found");
    ds_buf_putc(out, '[');
    for (k = 0, first = 1; k < MJ_NORMAL_KINDS; k++) {
        for (i = 0; i < rec->seq_start[k]; i++) {
            if (!first) ds_buf_putc(out, ',');
            first = 0;
            ds_buf_puts(out, "{\"kind\":\"sequence\",\"tiles\":[");
            put_tile(out, k);
            ds_buf_putc(out, ',');
            put_tile(out, k + 1);
            ds_buf_putc(out, ',');
            put_tile(out, k + 2);
            ds_buf_puts(out, "]}");
        }
        if (rec->triplet[k]) {
            if (!first) ds_buf_putc(out, ',');
            first = 0;
            ds_buf_puts(out, "{\"kind\":\"triplet\",\"tiles\":[");
            put_tile(out, k);
            ds_buf_putc(out, ',');
            put_tile(out, k);
            ds_buf_putc(out, ',');
            put_tile(out, k);
            ds_buf_puts(out, "]}");
        }
    }
    for (k = 0; k < MJ_NORMAL_KINDS; k++)
        if (rec->pair[k]) {
            if (!first) ds_buf_putc(out, ',');
            first = 0;
            ds_buf_puts(out, "{\"kind\":\"pair\",\"tiles\":[");
            put_tile(out, k);
            ds_buf_putc(out, ',');
            put_tile(out, k);
            ds_buf_puts(out, "]}");
        }
    ds_buf_putc(out, ']');
    for (i = 0; i < 2; i++) {
        const uint8_t *v = i ? rec->remove : rec->add;
        put_key(out, i ? "remove" : "add");
        ds_buf_putc(out, '[');
        for (k = 0, first = 1; k < MJ_KINDS; k++) {
            int c;
            for (c = 0; c < v[k]; c++) {
                if (!first) ds_buf_putc(out, ',');
                first = 0;
                put_tile(out, k);
            }
        }
        ds_buf_putc(out, ']');
    }
    ds_buf_putc(out, '}');
    return out->failed ? -1 : 0;
}
