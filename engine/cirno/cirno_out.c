/* cirno_out.c - the judge output and the JSON views of Cirno's Arithmetic
 * Game, all written from the trace (see cirno.h, docs/games/cirno.md). */
#include "cirno.h"

#include <stdio.h>
#include <string.h>

#define PUTS(b, lit) ds_buf_put((b), (lit), sizeof(lit) - 1)

/* ---- judge output -------------------------------------------------------------- */

/* Longest line: a 20-letter name, " used ", "DOUBLE", ",now p=", "-19998", ".\n". */
#define CIRNO_LINE_MAX 48

static char *put_int(char *w, long v) {
    char tmp[24];
    int i = 24;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do { tmp[--i] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) tmp[--i] = '-';
    memcpy(w, tmp + i, (size_t)(24 - i));
    return w + (24 - i);
}

int cirno_format_range(const cirno_input *in, const ds_trace *tr, size_t from, size_t to,
                       ds_buf *out) {
    size_t i, name_len[CIRNO_MAX_PLAYERS], card_len[CIRNO_CARD_KINDS];
    char *w;
    int j;
    if (to > tr->n) to = tr->n;
    if (from >= to) return out->failed ? -1 : 0;
    for (j = 0; j < in->n; j++) name_len[j] = strlen(in->names[j]);
    for (j = 0; j < CIRNO_CARD_KINDS; j++) card_len[j] = strlen(cirno_card_name(j));
    /* one reservation, then direct writes: every line fits CIRNO_LINE_MAX */
    if ((to - from) > ((size_t)-1 - 64) / CIRNO_LINE_MAX ||
        ds_buf_reserve(out, (to - from) * CIRNO_LINE_MAX))
        return -1;
    w = out->data + out->len;
    for (i = from; i < to; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(tr, i);
        int pl = e->player < in->n ? e->player : 0;
        switch (e->kind) {
        case CIRNO_EV_ROUND:
            memcpy(w, "Round ", 6);
            w = put_int(w + 6, e->round);
            memcpy(w, ":\n", 2);
            w += 2;
            break;
        case CIRNO_EV_PLAY: {
            int c = e->card < CIRNO_CARD_KINDS ? e->card : 0;
            memcpy(w, in->names[pl], name_len[pl]);
            w += name_len[pl];
            memcpy(w, " used ", 6);
            w += 6;
            memcpy(w, cirno_card_name(c), card_len[c]);
            w += card_len[c];
            memcpy(w, ",now p=", 7);
            w = put_int(w + 7, e->p_after);
            memcpy(w, ".\n", 2);
            w += 2;
            break;
        }
        case CIRNO_EV_LOSS:
            memcpy(w, in->names[pl], name_len[pl]);
            w += name_len[pl];
            memcpy(w, " lost the game.\n", 16);
            w += 16;
            break;
        default:
            break;
        }
    }
    out->len = (size_t)(w - out->data);
    out->data[out->len] = '\0';
    return 0;
}

int cirno_format(const cirno_input *in, const ds_trace *tr, ds_buf *out, uint32_t *lines_at_step) {
    if (lines_at_step) {
        /* every event writes exactly one line */
        size_t i;
        for (i = 0; i <= tr->n; i++) lines_at_step[i] = (uint32_t)i;
    }
    return cirno_format_range(in, tr, 0, tr->n, out);
}

/* ---- JSON ----------------------------------------------------------------------- */

/* A card as a JSON string; null for no card (a variation's loser who found
 * the deck empty; never in a main line). */
static void json_card(ds_buf *b, int card) {
    const char *s = cirno_card_name(card);
    if (card == CIRNO_NO_CARD) {
        PUTS(b, "null");
        return;
    }
    ds_buf_putc(b, '"');
    ds_buf_puts(b, s);
    ds_buf_putc(b, '"');
}

static void json_key_int(ds_buf *b, const char *key, long long v) {
    ds_buf_putc(b, ',');
    ds_buf_putc(b, '"');
    ds_buf_puts(b, key);
    PUTS(b, "\":");
    ds_buf_int(b, v);
}

static void json_key_str(ds_buf *b, const char *key, const char *v) {
    ds_buf_putc(b, ',');
    ds_buf_putc(b, '"');
    ds_buf_puts(b, key);
    PUTS(b, "\":");
    ds_buf_json_str(b, v, strlen(v));
}

static const char *phase_name(int phase) {
    switch (phase) {
    case CIRNO_PHASE_SETUP: return "setup";
    case CIRNO_PHASE_PLAYING: return "playing";
    case CIRNO_PHASE_ROUND_OVER: return "round_over";
    default: return "game_over";
    }
}

int cirno_state_json(const cirno_input *in, const cirno_state *s, ds_buf *out) {
    int i, j;
    PUTS(out, "{\"phase\":");
    ds_buf_json_str(out, phase_name(s->phase), strlen(phase_name(s->phase)));
    json_key_int(out, "round", s->round);
    json_key_int(out, "rounds", s->m);
    json_key_int(out, "p", s->p);
    json_key_str(out, "direction", s->direction ? "counterclockwise" : "clockwise");
    json_key_int(out, "current", s->current);
    json_key_int(out, "double_left", s->double_left);
    PUTS(out, ",\"loser\":");
    if (s->loser == CIRNO_NOBODY) PUTS(out, "null");
    else ds_buf_int(out, s->loser);
    json_key_int(out, "turn", s->turn);
    json_key_int(out, "plays", s->plays);
    json_key_int(out, "deck_pos", s->deck_pos);
    json_key_int(out, "deck_left", (long long)in->k - (long long)s->deck_pos);
    PUTS(out, ",\"players\":[");
    for (i = 0; i < s->n && i < in->n; i++) {
        if (i) ds_buf_putc(out, ',');
        PUTS(out, "{\"name\":");
        ds_buf_json_str(out, in->names[i], strlen(in->names[i]));
        PUTS(out, ",\"hand\":[");
        for (j = 0; j < CIRNO_HAND; j++) {
            if (j) ds_buf_putc(out, ',');
            json_card(out, s->hand[i][j]);
        }
        PUTS(out, "],\"src\":[");
        for (j = 0; j < CIRNO_HAND; j++) {
            if (j) ds_buf_putc(out, ',');
            ds_buf_int(out, s->src[i][j] == UINT32_MAX ? -1 : (long long)s->src[i][j]);
        }
        PUTS(out, "]}");
    }
    PUTS(out, "]}");
    return out->failed ? -1 : 0;
}


/* The game fields of the decision record (ds_decision_json's callback):
 * "under_double" on the decision; p (also for a counter card), status
 * (safe / loses / counter), loses and the slots holding the card on each
 * candidate (k follows cirno_event_candidates). */
static void decision_extra(const void *ctx, int k, ds_buf *b) {
    const cirno_event *e = (const cirno_event *)ctx;
    int slots[CIRNO_HAND], nc = cirno_event_candidates(e, slots), s, card, st;
    if (k < 0) {
        PUTS(b, ",\"under_double\":");
        ds_buf_puts(b, e->double_left == 2 ? "true" : "false");
        return;
    }
    if (k >= nc) return;
    card = e->hand[slots[k]];
    st = cirno_cand_status(card, e->cand_p[slots[k]]);
    json_key_int(b, "p", e->cand_p[slots[k]]);
    json_key_str(b, "status", cirno_cand_name(st));
    PUTS(b, ",\"loses\":");
    ds_buf_puts(b, st == CIRNO_CAND_LOSES ? "true" : "false");
    PUTS(b, ",\"slots\":[");
    for (s = slots[k]; s < CIRNO_HAND; s++)
        if (e->hand[s] == card) {
            if (s != slots[k]) ds_buf_putc(b, ',');
            ds_buf_int(b, s);
        }
    ds_buf_putc(b, ']');
}

/* The decision record (docs/trace-format.md), written by ds_decision_json. */
static void json_decision(ds_buf *b, const cirno_event *e, ds_lang lang, ds_decision *d) {
    if (cirno_event_decision(e, lang, d) != 1) return;
    PUTS(b, ",\"decision\":");
    ds_decision_json(d, decision_extra, e, b);
}

/* Event e (number i) with the states before and after it. */
static int event_json(const cirno_input *in, const cirno_event *e, size_t i,
                      const cirno_state *before, const cirno_state *after, ds_lang lang,
                      ds_decision *d, ds_buf *b) {
    int pl = e->player < in->n ? e->player : 0, s;
    const char *type = e->kind == CIRNO_EV_ROUND ? "round" : e->kind == CIRNO_EV_PLAY ? "play" : "loss";
    PUTS(b, "{\"type\":");
    ds_buf_json_str(b, type, strlen(type));
    json_key_int(b, "step", (long long)i);
    json_key_int(b, "i", (long long)i);
    json_key_int(b, "round", e->round);
    json_key_int(b, "player", e->player);
    PUTS(b, ",\"name\":");
    ds_buf_json_str(b, in->names[pl], strlen(in->names[pl]));
    if (e->kind == CIRNO_EV_ROUND) {
        PUTS(b, ",\"p\":0,\"direction\":\"clockwise\"}");
        return b->failed ? -1 : 0;
    }
    json_key_int(b, "turn", before->turn + 1);
    PUTS(b, ",\"card\":");
    json_card(b, e->card);
    json_key_int(b, "slot", e->slot);
    json_key_int(b, "p_before", e->p_before);
    json_key_int(b, "p_after", e->p_after);
    json_key_int(b, "double_left", e->double_left);
    json_key_int(b, "deck_pos", before->deck_pos);
    if (e->kind == CIRNO_EV_PLAY) {
        PUTS(b, ",\"drawn\":");
        json_card(b, e->drawn[0]);
        json_key_int(b, "next", after->current);
        json_key_int(b, "next_double_left", after->double_left);
        json_key_str(b, "direction", after->direction ? "counterclockwise" : "clockwise");
    } else {
        int first = 1;
        PUTS(b, ",\"discarded\":[");
        for (s = 0; s < CIRNO_HAND; s++) {
            if (s == e->slot) continue;
            if (!first) ds_buf_putc(b, ',');
            first = 0;
            json_card(b, e->hand[s]);
        }
        PUTS(b, "],\"drawn\":[");
        for (s = 0; s < CIRNO_HAND; s++) {
            if (s) ds_buf_putc(b, ',');
            json_card(b, e->drawn[s]);
        }
        ds_buf_putc(b, ']');
        PUTS(b, ",\"game_over\":");
        ds_buf_puts(b, after->phase == CIRNO_PHASE_GAME_OVER ? "true" : "false");
    }
    json_decision(b, e, lang, d);
    ds_buf_putc(b, '}');
    return b->failed ? -1 : 0;
}

int cirno_event_json(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_buf *out) {
    cirno_state before, after;
    ds_decision d;
    if (i >= tr->n || ds_trace_seek(tr, i, &before)) return -1;
    after = before;
    cirno_apply(&after, ds_trace_event(tr, i), in);
    return event_json(in, (const cirno_event *)ds_trace_event(tr, i), i, &before, &after, lang,
                      &d, out);
}

int cirno_trace_jsonl_range(const cirno_input *in, const ds_trace *tr, size_t from, size_t to,
                            ds_lang lang, ds_buf *out) {
    cirno_state cur, next;
    ds_decision d;
    size_t i;
    int r;
    if (to > tr->n) to = tr->n;
    if (ds_trace_seek(tr, from < to ? from : 0, &cur)) return -1;
    if (from == 0) {
        PUTS(out, "{\"type\":\"header\",\"game\":\"cirno\"");
        json_key_int(out, "n", in->n);
        json_key_int(out, "m", in->m);
        json_key_int(out, "k", in->k);
        json_key_int(out, "events", (long long)tr->n);
        PUTS(out, ",\"players\":[");
        for (i = 0; i < (size_t)in->n; i++) {
            if (i) ds_buf_putc(out, ',');
            ds_buf_json_str(out, in->names[i], strlen(in->names[i]));
        }
        PUTS(out, "],\"deck\":[");
        for (i = 0; i < in->k; i++) {
            if (i) ds_buf_putc(out, ',');
            json_card(out, in->cards[(size_t)in->n * CIRNO_HAND + i]);
        }
        PUTS(out, "],\"rules\":[");
        for (r = 0; r < CIRNO_RULE_COUNT; r++) {
            if (r) ds_buf_putc(out, ',');
            PUTS(out, "{\"code\":");
            ds_buf_int(out, r);
            json_key_str(out, "name", cirno_rule_name(r));
            json_key_str(out, "text", cirno_rule_text(r));
            ds_buf_putc(out, '}');
        }
        PUTS(out, "],\"state\":");
        cirno_state_json(in, &cur, out);
        PUTS(out, "}\n");
    }
    for (i = from; i < to; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(tr, i);
        next = cur;
        cirno_apply(&next, e, in);
        if (event_json(in, e, i, &cur, &next, lang, &d, out)) return -1;
        ds_buf_putc(out, '\n');
        cur = next;
    }
    return out->failed ? -1 : 0;
}

int cirno_trace_jsonl(const cirno_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return cirno_trace_jsonl_range(in, tr, 0, tr->n, lang, out);
}

/* ---- outcome (--compare) ----------------------------------------------------------- */

int cirno_outcome(const cirno_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    const cirno_state *end = (const cirno_state *)tr->live;
    int zh = lang == DS_LANG_ZH;
    size_t i;
    int losses = 0, j;
    for (i = 0; i < tr->n; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(tr, i);
        const char *nm = in->names[e->player < in->n ? e->player : 0];
        int got = 0;
        if (e->kind != CIRNO_EV_LOSS) continue;
        if (zh)
            ds_buf_printf(out, "%s%s 在第 %d 轮打出 %s 输了（p=%d）", losses++ ? "，" : "", nm,
                          (int)e->round, cirno_card_name(e->card), (int)e->p_after);
        else
            ds_buf_printf(out, "%s%s lost round %d with %s (p=%d)", losses++ ? ", " : "", nm,
                          (int)e->round, cirno_card_name(e->card), (int)e->p_after);
        for (j = 0; j < CIRNO_HAND; j++) got += e->drawn[j] != CIRNO_NO_CARD;
        if (got < CIRNO_HAND)
            ds_buf_printf(out, zh ? "，摸牌时牌堆用完了（只摸到 %d 张，应摸 3 张）"
                                  : " and the deck ran out as she drew (%d of 3 cards)", got);
    }
    if (end->phase != CIRNO_PHASE_GAME_OVER) {
        const char *sep = losses ? (zh ? "；" : "; ") : "";
        if (end->phase == CIRNO_PHASE_PLAYING && end->p <= -CIRNO_P_LIMIT)
            ds_buf_printf(out, zh ? "%s第 %zu 个事件后、第 %d 轮中游戏停止：p=%d 超出了评测的范围 |p| < 10000"
                                  : "%sthe game stops after %zu events in round %d: p=%d is outside "
                                    "the judge's range |p| < 10000", sep, tr->n, (int)end->round, (int)end->p);
        else if (end->deck_pos >= in->k) {
            if (zh)
                ds_buf_printf(out, "%s第 %zu 个事件后、第 %d 轮中牌堆用完了；%d 轮中打完了 %d 轮", sep,
                              tr->n, (int)end->round, in->m, losses);
            else
                ds_buf_printf(out, "%sthe deck ran out after %zu events in round %d; %d of %d rounds "
                              "were played out", sep, tr->n, (int)end->round, losses, in->m);
        } else
            ds_buf_printf(out, zh ? "%s第 %zu 个事件后、第 %d 轮中游戏停止"
                                  : "%sthe game stopped after %zu events in round %d", sep, tr->n,
                          (int)end->round);
    }
    return out->failed ? -1 : 0;
}
