/* mahjong.c - tiles, input parsing, the rules (apply), the simulation and the
 * judge output of the mahjong simulator. See mahjong.h and docs/games/mahjong.md. */
#include "mahjong.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tiles ----------------------------------------------------------------- */

static const char *const tile_names[MJ_KINDS] = {
    "1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M",
    "1P", "2P", "3P", "4P", "5P", "6P", "7P", "8P", "9P",
    "1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S",
    "E",  "S",  "W",  "N",  "B",  "F",  "Z",  "PASS", "REVERSE", "DOUBLE"};

const char *mahjong_tile_name(int kind) {
    return kind >= 0 && kind < MJ_KINDS ? tile_names[kind] : "?";
}

int mahjong_tile_parse(const char *s, size_t n) {
    int k;
    for (k = 0; k < MJ_KINDS; k++)
        if (strlen(tile_names[k]) == n && memcmp(tile_names[k], s, n) == 0) return k;
    return -1;
}

char mahjong_player_name(int player) { return (char)('A' + (player & 3)); }

static int next_player(int p, int dir) { return (p + dir + 4) & 3; }

static const char tile_list[] =
    "a tile (1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE)";

/* ---- input ----------------------------------------------------------------- */

/* ds_read_eol, with a readable message for a control byte after the tile. */
static int read_eol(ds_reader *r, ds_error *err) {
    const char *p = r->p;
    int col = r->col;
    while (p < r->end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f')) {
        p++;
        col++;
    }
    if (p < r->end && *p != '\n' && ((unsigned char)*p < 0x20 || *p == 0x7f))
        return ds_fail(err, r->line, col,
                       "expected end of line after the tile, found control byte 0x%02x",
                       (unsigned)(unsigned char)*p);
    return ds_read_eol(r, "the tile", err);
}

int mahjong_parse(const char *text, size_t len, mahjong_input **out, ds_error *err) {
    mahjong_input *in;
    ds_reader r;
    uint8_t seen[MJ_KINDS] = {0};
    int i;
    *out = NULL;
    in = (mahjong_input *)calloc(1, sizeof *in);
    if (!in) return ds_fail(err, 0, 0, "out of memory for the input");
    ds_reader_init(&r, text ? text : "", text ? len : 0);
    for (i = 0; i < MJ_TILES; i++) {
        ds_token t;
        char what[120];
        int k;
        if (ds_reader_at_eof(&r)) {
            ds_fail(err, r.line, r.col,
                    "expected %d tiles (one per line), found end of input after %d", MJ_TILES, i);
            goto fail;
        }
        memcpy(what, tile_list, sizeof tile_list);
        if (ds_read_word(&r, 0, &t, what, err)) goto fail;
        k = mahjong_tile_parse(t.s, t.len);
        if (k < 0) {
            ds_fail(err, t.line, t.col, "expected %s, found '%.*s'", tile_list,
                    (int)(t.len > 24 ? 24 : t.len), t.s);
            goto fail;
        }
        if (++seen[k] > 4) {
            ds_fail(err, t.line, t.col,
                    "expected at most 4 of each tile, found a fifth '%s'", tile_names[k]);
            goto fail;
        }
        in->wall[i] = (uint8_t)k;
        in->line[i] = t.line;
        if (read_eol(&r, err)) goto fail;
    }
    if (!ds_reader_at_eof(&r)) {
        ds_token t;
        /* a control byte fails ds_read_word, which then reports it itself */
        if (ds_read_word(&r, 0, &t, "end of input", err) == 0)
            ds_fail(err, t.line, t.col, "expected end of input after %d tiles, found '%.*s'",
                    MJ_TILES, (int)(t.len > 24 ? 24 : t.len), t.s);
        goto fail;
    }
    *out = in;
    return 0;
fail:
    free(in);
    return -1;
}

void mahjong_input_free(mahjong_input *in) {
    if (!in) return;
    mahjong_dist_cache_free(in->cache);
    free(in);
}

int mahjong_parse_hand(const char *text, size_t len, int melds, uint8_t counts[MJ_KINDS],
                       ds_error *err) {
    ds_reader r;
    int n = 0, lo, hi;
    if (melds < 0 || melds > 4) return ds_fail(err, 0, 0, "melds must be between 0 and 4");
    lo = 13 - 3 * melds;
    hi = 14 - 3 * melds;
    memset(counts, 0, MJ_KINDS);
    ds_reader_init(&r, text ? text : "", text ? len : 0);
    while (!ds_reader_at_eof(&r)) {
        ds_token t;
        int k;
        if (ds_read_word(&r, 0, &t, "a tile", err)) return -1;
        k = mahjong_tile_parse(t.s, t.len);
        if (k < 0)
            return ds_fail(err, t.line, t.col, "expected %s, found '%.*s'", tile_list,
                           (int)(t.len > 24 ? 24 : t.len), t.s);
        if (n == hi)
            return ds_fail(err, t.line, t.col,
                           "expected %d or %d tiles with %d meld%s, found a tile number %d '%s'",
                           lo, hi, melds, melds == 1 ? "" : "s", n + 1, tile_names[k]);
        if (counts[k] == 4)
            return ds_fail(err, t.line, t.col,
                           "expected at most 4 of each tile, found a fifth '%s'", tile_names[k]);
        counts[k]++;
        n++;
    }
    if (n < lo)
        return ds_fail(err, r.line, r.col,
                       "expected %d or %d tiles with %d meld%s, found end of input after %d",
                       lo, hi, melds, melds == 1 ? "" : "s", n);
    return 0;
}

/* ---- state and rules ----------------------------------------------------------- */

void mahjong_initial(mahjong_state *st) {
    int p;
    memset(st, 0, sizeof *st);
    for (p = 0; p < MJ_PLAYERS; p++) st->dist[p] = -1;
    st->dir = 1;
    st->cur = 0;
    st->phase = MJ_PH_DEAL;
    st->last_from = MJ_NOBODY;
    st->last_tile = MJ_NOBODY;
    st->winner = MJ_NOBODY;
}

static void take_from_pond(mahjong_state *st, int taker) {
    int f = st->last_from;
    if (f < MJ_PLAYERS && st->pond_n[f]) st->pond[f][st->pond_n[f] - 1].taken_by = (uint8_t)taker;
}

static void add_meld(mahjong_state *st, int p, int kind, int low, int called) {
    if (st->meld_n[p] < MJ_MAX_MELDS) {
        mahjong_meld *m = &st->melds[p][st->meld_n[p]++];
        m->kind = (uint8_t)kind;
        m->low = (uint8_t)low;
        m->called = (uint8_t)called;
        m->from = st->last_from;
    }
}

/* The rules: the only code that changes a mahjong_state. Robust against any
 * event (the viewer may replay a foreign trace): counts never wrap. */
void mahjong_apply(void *state, const void *event, const void *input) {
    mahjong_state *st = (mahjong_state *)state;
    const mahjong_event *ev = (const mahjong_event *)event;
    int p = ev->player & 3, t = ev->tile, k;
    (void)input;
    if (t >= MJ_KINDS && ev->kind != MJ_EV_SKIP && ev->kind != MJ_EV_SELFDRAWN &&
        ev->kind != MJ_EV_WIN && ev->kind != MJ_EV_EXHAUSTED)
        return;
    switch (ev->kind) {
    case MJ_EV_DEAL:
    case MJ_EV_DRAW:
        if (st->hand[p][t] < 4) st->hand[p][t]++;
        st->hand_n[p]++;
        if (st->wall_pos < MJ_TILES) st->wall_pos++;
        st->dist[p] = ev->dist;
        st->cur = (uint8_t)p;
        if (ev->kind == MJ_EV_DEAL) {
            if (st->wall_pos == MJ_PLAYERS * MJ_DEAL) {
                st->phase = MJ_PH_TURN;
                st->cur = 0;
            }
        } else {
            st->phase = MJ_PH_DRAWN;
            st->turns++;
        }
        break;
    case MJ_EV_SKIP:
        st->skip[p] = 0;
        st->cur = (uint8_t)next_player(p, st->dir);
        st->phase = MJ_PH_TURN;
        break;
    case MJ_EV_SELFDRAWN:
        st->winner = (uint8_t)p;
        st->win_how = MJ_EV_SELFDRAWN;
        st->phase = MJ_PH_WON;
        break;
    case MJ_EV_DISCARD:
        if (st->hand[p][t]) {
            st->hand[p][t]--;
            st->hand_n[p]--;
        }
        if (st->pond_n[p] < MJ_POND_MAX) {
            st->pond[p][st->pond_n[p]].tile = (uint8_t)t;
            st->pond[p][st->pond_n[p]].taken_by = MJ_NOBODY;
            st->pond_n[p]++;
        }
        st->dist[p] = ev->dist;
        st->phase = MJ_PH_TURN;
        if (t == MJ_PASS) {
            st->skip[ev->target & 3] = 1;
            st->cur = (uint8_t)next_player(p, st->dir);
        } else if (t == MJ_REVERSE) {
            /* the turn goes to the discarder's former upstream player, which is
             * the next player in the reversed order */
            st->dir = (int8_t)-st->dir;
            st->cur = (uint8_t)next_player(p, st->dir);
        } else if (t == MJ_DOUBLE) {
            st->cur = (uint8_t)p;
        } else {
            st->last_from = (uint8_t)p;
            st->last_tile = (uint8_t)t;
            if (ev->claim_by == MJ_NOBODY) st->cur = (uint8_t)next_player(p, st->dir);
            else st->phase = MJ_PH_CLAIM;
        }
        break;
    case MJ_EV_RON:
        if (st->hand[p][t] < 4) st->hand[p][t]++;
        st->hand_n[p]++;
        take_from_pond(st, p);
        st->dist[p] = ev->dist;
        st->winner = (uint8_t)p;
        st->win_how = MJ_EV_RON;
        st->cur = (uint8_t)p;
        st->phase = MJ_PH_WON;
        break;
    case MJ_EV_PONG:
    case MJ_EV_CHOW: {
        int low = ev->kind == MJ_EV_PONG ? t : ev->target;
        if (low >= MJ_NORMAL_KINDS) return;
        for (k = 0; k < 3; k++) {
            int x = ev->kind == MJ_EV_PONG ? t : low + k;
            if (x >= MJ_NORMAL_KINDS) break;
            if (ev->kind == MJ_EV_CHOW && x == t) continue;
            if (ev->kind == MJ_EV_PONG && k == 2) break;
            if (st->hand[p][x]) {
                st->hand[p][x]--;
                st->hand_n[p]--;
            }
        }
        add_meld(st, p, ev->kind == MJ_EV_PONG ? MJ_MELD_PONG : MJ_MELD_CHOW, low, t);
        take_from_pond(st, p);
        st->dist[p] = ev->dist;
        st->cur = (uint8_t)p;
        st->phase = MJ_PH_DISCARD;
        st->turns++;
        break;
    }
    case MJ_EV_WIN:
        st->winner = (uint8_t)p;
        st->phase = MJ_PH_OVER;
        break;
    case MJ_EV_EXHAUSTED:
        st->winner = MJ_NOBODY;
        st->phase = MJ_PH_OVER;
        break;
    default:
        break;
    }
}

/* ---- decisions: candidates and labels ------------------------------------------- */

/* The candidates of a decision are derived from the events alone (the turn
 * decision from its own event, the claim window from the discard before it),
 * so the simulation, the JSON and the CLI read one list. */

static void opt_add(mahjong_options *d, int kind, int player, int tile, int target, int value,
                    int before, const char *label) {
    mahjong_option *o;
    if (d->n >= MJ_OPTIONS_MAX) return;
    o = &d->opt[d->n++];
    o->kind = (uint8_t)kind;
    o->player = (uint8_t)player;
    o->tile = (uint8_t)tile;
    o->target = (uint8_t)target;
    o->value = (int8_t)value;
    o->before = (int8_t)before;
    {
        size_t n = strlen(label);
        if (n > DS_CHOICE_LABEL - 1) n = DS_CHOICE_LABEL - 1;
        memcpy(o->label, label, n);
        o->label[n] = '\0';
    }
}

/* A turn decision (DISCARD or SELFDRAWN event) of a player whose hand before
 * it is h (distance hd): SELFDRAWN when the hand wins, then every distinct
 * kind in hand, PASS once per player it can name. Values: the distances the
 * rule computed (ev->cand), hd for the specials, else -1 (not evaluated:
 * mahjong_decision_at fills those in). */
static void turn_options(const mahjong_event *ev, const uint8_t *h, int hd, mahjong_options *d) {
    int i, k, q;
    char label[16];
    d->window = 0;
    d->n = 0;
    d->ndecline = 0;
    if (ev->can_win) opt_add(d, MJ_EV_SELFDRAWN, ev->player, MJ_NOBODY, MJ_NOBODY, 0, -1,
                             "SELFDRAWN");
    if (h[MJ_PASS])
        for (q = 0; q < MJ_PLAYERS; q++) {
            snprintf(label, sizeof label, "PASS %c", mahjong_player_name(q));
            opt_add(d, MJ_EV_DISCARD, ev->player, MJ_PASS, q, hd, -1, label);
        }
    for (k = MJ_REVERSE; k <= MJ_DOUBLE; k++)
        if (h[k]) opt_add(d, MJ_EV_DISCARD, ev->player, k, MJ_NOBODY, hd, -1, mahjong_tile_name(k));
    for (k = MJ_NORMAL_KINDS - 1; k >= 0; k--) { /* Z F B N W S E 9S .. 1M */
        int v = -1;
        if (!h[k]) continue;
        for (i = 0; i < ev->ncand && i < MJ_MAX_HAND; i++)
            if (ev->cand[i].tile == k) v = ev->cand[i].dist;
        opt_add(d, MJ_EV_DISCARD, ev->player, k, MJ_NOBODY, v, -1, mahjong_tile_name(k));
    }
}

static int turn_index(const mahjong_options *d, int selfdrawn, int tile, int target) {
    int i;
    for (i = 0; i < d->n; i++) {
        const mahjong_option *o = &d->opt[i];
        if (selfdrawn ? o->kind == MJ_EV_SELFDRAWN
                      : o->kind == MJ_EV_DISCARD && o->tile == tile &&
                            (tile != MJ_PASS || o->target == target))
            return i;
    }
    return -1;
}

/* The rule's claim on the normal discard dsc (its claims[] judged), with
 * player skip's claims left out (MJ_NOBODY: nobody's): RON by the first
 * player along the turn order whose hand wins (when that player declines, the
 * later ones stay cut off: a rule of the game, not a strategy), else the PONG
 * that lowers its player's distance strictly, else the next player's highest
 * CHOW that does. *kind: MJ_EV_RON, MJ_EV_PONG, MJ_EV_CHOW or 0 (nobody
 * claims); *at: the claimer's index in claims[]; *low: CHOW's lowest tile.
 * The main line's verdict (skip = MJ_NOBODY) and every "B declines" of a
 * variation are this one function. */
static void rule_claim(const mahjong_event *dsc, int skip, int *kind, int *at, int *low) {
    int i, j, n = dsc->nclaims < 3 ? dsc->nclaims : 3;
    *kind = 0;
    *at = -1;
    *low = MJ_NOBODY;
    for (i = 0; i < n; i++)
        if (dsc->claims[i].ron) {
            if (dsc->claims[i].player == skip) break;
            *kind = MJ_EV_RON;
            *at = i;
            return;
        }
    for (i = 0; i < n; i++) {
        const mahjong_claim *c = &dsc->claims[i];
        if (c->player != skip && c->pong_after >= 0 && c->pong_after < c->dist) *at = i;
    }
    if (*at >= 0) {
        *kind = MJ_EV_PONG;
        return;
    }
    if (n && dsc->claims[0].player != skip)
        for (j = 0; j < 3; j++) {
            const mahjong_claim *c = &dsc->claims[0];
            if (c->chow_after[j] >= 0 && c->chow_after[j] < c->dist) {
                *kind = MJ_EV_CHOW;
                *at = 0;
                *low = dsc->tile - j;
                return;
            }
        }
}

static int window_index(const mahjong_options *d, int kind, int player, int low);

/* The claim window of the normal discard dsc: every player's claims in turn
 * order from the discarder (RON only for the first who can win: the others
 * are cut off by the rules, not by a strategy), then "pass"; and "B declines"
 * for each player with a claim, leading to what the rule takes without B. */
static void window_options(const mahjong_event *dsc, mahjong_options *d) {
    int i, j, t = dsc->tile;
    char label[DS_CHOICE_LABEL];
    d->window = 1;
    d->n = 0;
    d->ndecline = 0;
    for (i = 0; i < dsc->nclaims && i < 3; i++) {
        const mahjong_claim *c = &dsc->claims[i];
        char who = mahjong_player_name(c->player);
        if (c->verdict == MJ_V_RON) {
            snprintf(label, sizeof label, "%c RON", who);
            opt_add(d, MJ_EV_RON, c->player, t, MJ_NOBODY, 0, c->dist, label);
        }
        if (c->pong_after >= 0) {
            snprintf(label, sizeof label, "%c PONG", who);
            opt_add(d, MJ_EV_PONG, c->player, t, MJ_NOBODY, c->pong_after, c->dist, label);
        }
        for (j = 0; j < 3; j++) {
            int low = t - j;
            if (c->chow_after[j] < 0) continue;
            snprintf(label, sizeof label, "%c CHOW %s %s %s", who, mahjong_tile_name(low),
                     mahjong_tile_name(low + 1), mahjong_tile_name(low + 2));
            opt_add(d, MJ_EV_CHOW, c->player, t, low, c->chow_after[j], c->dist, label);
        }
    }
    opt_add(d, 0, MJ_NOBODY, t, MJ_NOBODY, -1, -1, "pass");
    for (i = 0; i < dsc->nclaims && i < 3; i++) {
        int q = dsc->claims[i].player, k, kind, at, low;
        mahjong_decline *x;
        for (k = 0; k < d->n && d->opt[k].player != q; k++) {}
        if (k == d->n) continue; /* nothing to decline */
        rule_claim(dsc, q, &kind, &at, &low);
        x = &d->decline[d->ndecline++];
        snprintf(x->label, sizeof x->label, "%c declines", mahjong_player_name(q));
        x->player = (uint8_t)q;
        x->then = window_index(d, kind, kind ? dsc->claims[at].player : MJ_NOBODY, low);
    }
}

/* The window's candidate that is a claim (kind, player, CHOW's lowest tile),
 * or "pass" (the last one) for kind 0. */
static int window_index(const mahjong_options *d, int kind, int player, int low) {
    int i;
    if (kind != MJ_EV_RON && kind != MJ_EV_PONG && kind != MJ_EV_CHOW) return d->n - 1;
    for (i = 0; i < d->n; i++) {
        const mahjong_option *o = &d->opt[i];
        if (o->kind == kind && o->player == player && (kind != MJ_EV_CHOW || o->target == low))
            return i;
    }
    return -1;
}

static int window_event(const mahjong_event *dsc) {
    return dsc->kind == MJ_EV_DISCARD && dsc->tile < MJ_PASS;
}

int mahjong_decision_at(const ds_trace *tr, size_t i, mahjong_options *d) {
    const mahjong_event *ev, *prev;
    if (i >= tr->n) return 0;
    ev = (const mahjong_event *)ds_trace_event(tr, i);
    if (ev->kind == MJ_EV_DISCARD || ev->kind == MJ_EV_SELFDRAWN) {
        /* the hand before the event; the distances the rule did not need
         * (a hand with a special, a winning one) are evaluated here */
        mahjong_state st;
        int k, p = ev->player & 3;
        if (ds_trace_seek(tr, i, &st)) return 0;
        turn_options(ev, st.hand[p], st.dist[p], d);
        for (k = 0; k < d->n; k++) {
            mahjong_option *o = &d->opt[k];
            if (o->value >= 0 || o->tile >= MJ_NORMAL_KINDS) continue;
            st.hand[p][o->tile]--;
            o->value = (int8_t)mahjong_distance(st.hand[p], st.meld_n[p], NULL);
            st.hand[p][o->tile]++;
        }
        d->rule = turn_index(d, ev->rule_tile == MJ_RULE_SELFDRAWN, ev->rule_tile,
                             ev->rule_target);
        d->chosen = turn_index(d, ev->kind == MJ_EV_SELFDRAWN, ev->tile, ev->target);
        return d->rule >= 0 && d->chosen >= 0;
    }
    if (i == 0) return 0;
    prev = (const mahjong_event *)ds_trace_event(tr, i - 1);
    if (!window_event(prev)) return 0;
    window_options(prev, d);
    if (d->n < 2) return 0; /* nobody could claim: only "pass" */
    d->rule = window_index(d, prev->claim_how, prev->claim_by, prev->target);
    d->chosen = window_index(d, ev->kind, ev->player, ev->target);
    return d->rule >= 0 && d->chosen >= 0;
}

const char *mahjong_event_what(const mahjong_event *ev) {
    switch (ev->kind) {
    case MJ_EV_DEAL: return "a deal";
    case MJ_EV_DRAW: return "a draw";
    case MJ_EV_SKIP: return "a skipped turn";
    case MJ_EV_EXHAUSTED: return "the exhaustive draw (DRAW)";
    case MJ_EV_WIN: return "the WIN line";
    case MJ_EV_DISCARD: return "a discard";
    case MJ_EV_SELFDRAWN: return "a SELFDRAWN";
    default: return "a call";
    }
}

int mahjong_outcome(const ds_trace *tr, ds_buf *out) {
    const mahjong_event *last, *prev;
    if (tr->n < 2) return ds_buf_puts(out, "the game did not end");
    last = (const mahjong_event *)ds_trace_event(tr, tr->n - 1);
    prev = (const mahjong_event *)ds_trace_event(tr, tr->n - 2);
    if (last->kind == MJ_EV_EXHAUSTED)
        return ds_buf_printf(out, "DRAW: %c must draw and the wall is empty (event %zu)",
                             mahjong_player_name(last->player), tr->n - 1);
    if (last->kind == MJ_EV_WIN && prev->kind == MJ_EV_SELFDRAWN)
        return ds_buf_printf(out, "%c wins by SELFDRAWN (event %zu)",
                             mahjong_player_name(prev->player), tr->n - 2);
    if (last->kind == MJ_EV_WIN && prev->kind == MJ_EV_RON && tr->n >= 3) {
        const mahjong_event *d = (const mahjong_event *)ds_trace_event(tr, tr->n - 3);
        return ds_buf_printf(out, "%c wins by RON on %c's discard %s (event %zu)",
                             mahjong_player_name(prev->player), mahjong_player_name(d->player),
                             mahjong_tile_name(prev->tile), tr->n - 2);
    }
    return ds_buf_puts(out, "the game did not end");
}

/* ---- simulation ------------------------------------------------------------------ */

typedef struct sim {
    ds_trace *tr;
    const mahjong_input *in;
    mahjong_dist_cache *cache;
    mahjong_stats *stats;
    ds_error *err;
    const ds_choice *ch; /* forced choices, sorted by event index (variation) */
    size_t nch;
} sim;

static int dist_of(sim *s, const uint8_t *hand, int melds) {
    if (s->stats) s->stats->distance_calls++;
    return mahjong_distance(hand, melds, s->cache);
}

/* The label forced at the event about to be emitted, or NULL. */
static const char *forced_label(const sim *s) {
    return s->nch ? ds_choice_at(s->ch, s->nch, s->tr->n) : NULL;
}

/* Emits an event that is not a decision (a forced choice there is an error). */
static int emit_plain(sim *s, const mahjong_event *ev) {
    if (forced_label(s)) return ds_choice_not_decision(s->err, s->tr->n, mahjong_event_what(ev));
    return ds_trace_emit(s->tr, ev, s->err);
}

static int find_label(const mahjong_options *d, const char *label) {
    int i;
    for (i = 0; i < d->n; i++)
        if (!strcmp(d->opt[i].label, label)) return i;
    return -1;
}

static int not_candidate(sim *s, const mahjong_options *d, const char *label) {
    char legal[(MJ_OPTIONS_MAX + 3) * (DS_CHOICE_LABEL + 2)];
    size_t len = 0;
    int i;
    legal[0] = '\0';
    for (i = 0; i < d->n + d->ndecline; i++) {
        const char *x = i < d->n ? d->opt[i].label : d->decline[i - d->n].label;
        size_t l = strlen(x);
        if (i) memcpy(legal + len, ", ", 2), len += 2;
        memcpy(legal + len, x, l);
        len += l;
    }
    legal[len] = '\0';
    return ds_choice_not_candidate(s->err, s->tr->n, label, legal);
}

static void ev_init(mahjong_event *ev, int kind, int player) {
    memset(ev, 0, sizeof *ev);
    ev->kind = (uint8_t)kind;
    ev->player = (uint8_t)player;
    ev->tile = MJ_NOBODY;
    ev->target = MJ_NOBODY;
    ev->dist = -1;
    ev->claim_by = MJ_NOBODY;
    ev->rule_tile = MJ_NOBODY;
    ev->rule_target = MJ_NOBODY;
}

/* The start of p's turn: skipped (PASS), the exhaustive draw, or a draw. */
static void turn_event(sim *s, const mahjong_state *st, int p, mahjong_event *ev) {
    if (st->skip[p]) {
        ev_init(ev, MJ_EV_SKIP, p);
        ev->target = (uint8_t)next_player(p, st->dir);
    } else if (st->wall_pos >= MJ_TILES) {
        ev_init(ev, MJ_EV_EXHAUSTED, p);
    } else {
        uint8_t h[MJ_KINDS];
        ev_init(ev, MJ_EV_DRAW, p);
        ev->tile = s->in->wall[st->wall_pos];
        memcpy(h, st->hand[p], MJ_KINDS);
        h[ev->tile]++;
        ev->dist = (int8_t)dist_of(s, h, st->meld_n[p]);
    }
}

static void decide_claims(sim *s, const mahjong_state *st, int p, int t, mahjong_event *ev) {
    int i, j, q = p, ron_at = -1, pong_at = -1, chow_j = -1;
    uint8_t h[MJ_KINDS];
    ev->nclaims = 3;
    for (i = 0; i < 3; i++) {
        mahjong_claim *c = &ev->claims[i];
        int n;
        q = next_player(q, st->dir);
        n = st->meld_n[q];
        c->player = (uint8_t)q;
        c->dist = st->dist[q];
        c->pong_after = -1;
        c->chow_after[0] = c->chow_after[1] = c->chow_after[2] = -1;
        memcpy(h, st->hand[q], MJ_KINDS);
        /* RON: hand + t is a winning hand. It needs distance 1 now (the
         * distance of hand + t is at least distance(hand) - 1). */
        if (c->dist == 1) {
            h[t]++;
            c->ron = dist_of(s, h, n) == 0;
            h[t]--;
            if (c->ron && ron_at < 0) ron_at = i;
        }
        if (h[t] >= 2 && n < MJ_MAX_MELDS) {
            h[t] -= 2;
            c->pong_after = (int8_t)dist_of(s, h, n + 1);
            h[t] += 2;
        }
        /* CHOW: only the next player in the current order, suited tiles. */
        if (i == 0 && t < MJ_HONOUR0 && n < MJ_MAX_MELDS) {
            for (j = 0; j < 3; j++) {
                int low = t - j, a, b;
                if (t % 9 - j < 0 || low % 9 > 6) continue;
                a = low + (j == 0 ? 1 : 0);
                b = low + (j == 2 ? 1 : 2);
                if (!h[a] || !h[b]) continue;
                h[a]--, h[b]--;
                c->chow_after[j] = (int8_t)dist_of(s, h, n + 1);
                h[a]++, h[b]++;
            }
        }
    }
    /* the rule: RON (first along the turn order), then PONG, then CHOW */
    {
        int kind, at, low;
        rule_claim(ev, MJ_NOBODY, &kind, &at, &low);
        if (kind == MJ_EV_PONG) pong_at = at;
        if (kind == MJ_EV_CHOW) chow_j = t - low;
    }
    for (i = 0; i < 3; i++) {
        mahjong_claim *c = &ev->claims[i];
        int can_call = c->pong_after >= 0 || c->chow_after[0] >= 0 || c->chow_after[1] >= 0 ||
                       c->chow_after[2] >= 0;
        int would = (c->pong_after >= 0 && c->pong_after < c->dist);
        for (j = 0; j < 3; j++)
            if (c->chow_after[j] >= 0 && c->chow_after[j] < c->dist) would = 1;
        if (c->ron) c->verdict = (uint8_t)(i == ron_at ? MJ_V_RON : MJ_V_RON_CUT_OFF);
        else if (i == pong_at) c->verdict = MJ_V_PONG;
        else if (i == 0 && chow_j >= 0) c->verdict = MJ_V_CHOW;
        else if (would) c->verdict = MJ_V_PREEMPTED;
        else if (can_call) c->verdict = MJ_V_DECLINED;
        else c->verdict = MJ_V_NOTHING;
    }
    if (ron_at >= 0) {
        ev->claim_by = ev->claims[ron_at].player;
        ev->claim_how = MJ_EV_RON;
    } else if (pong_at >= 0) {
        ev->claim_by = ev->claims[pong_at].player;
        ev->claim_how = MJ_EV_PONG;
    } else if (chow_j >= 0) {
        ev->claim_by = ev->claims[0].player;
        ev->claim_how = MJ_EV_CHOW;
        ev->target = (uint8_t)(t - chow_j); /* lowest tile of the chosen chow */
    }
}


/* The normal kinds of p's hand as discard candidates (Z F B .. 1M) with the
 * distance after discarding each; *best = the first with the least. */
static int list_normals(sim *s, const mahjong_state *st, int p, mahjong_event *ev, int *nbest) {
    int k, best = -1, bestd = 0;
    int8_t after[MJ_NORMAL_KINDS];
    mahjong_distance_discards(st->hand[p], st->meld_n[p], s->cache, after);
    *nbest = 0;
    for (k = MJ_NORMAL_KINDS - 1; k >= 0; k--) {
        int d = after[k];
        if (d < 0 || ev->ncand >= MJ_MAX_HAND) continue;
        if (s->stats) s->stats->distance_calls++;
        ev->cand[ev->ncand].tile = (uint8_t)k;
        ev->cand[ev->ncand].dist = (int8_t)d;
        ev->ncand++;
        if (best < 0 || d < bestd) {
            best = k;
            bestd = d;
            *nbest = 1;
        } else if (d == bestd) {
            (*nbest)++;
        }
    }
    return best;
}

/* The turn decision of st->cur, who holds 14-3n tiles: SELFDRAWN when the hand
 * after a draw wins (can_win), else a discard (specials first, then the least
 * distance, ties by Z F B .. 1M). The event lists the candidates the rule
 * compares (cand); every other tile in hand is a candidate too
 * (turn_options), evaluated only when a forced choice takes it or its
 * record is asked for, so the main line costs what the rule costs. */
static int do_turn(sim *s, const mahjong_state *st, int can_win) {
    mahjong_event ev;
    const char *f = forced_label(s);
    int p = st->cur, k, nbest = 0, win, tile, target;
    ev_init(&ev, MJ_EV_DISCARD, p);
    ev.can_win = (uint8_t)can_win;
    if (can_win) {
        ev.rule = MJ_WHY_SELFDRAWN;
        ev.rule_tile = MJ_RULE_SELFDRAWN;
    } else if (st->hand[p][MJ_PASS] || st->hand[p][MJ_REVERSE] || st->hand[p][MJ_DOUBLE]) {
        for (k = MJ_PASS; k <= MJ_DOUBLE; k++)
            if (st->hand[p][k]) {
                ev.cand[ev.ncand].tile = (uint8_t)k;
                ev.cand[ev.ncand].dist = -1; /* specials do not change the distance */
                if (!ev.ncand++) ev.rule_tile = (uint8_t)k;
            }
        ev.rule = MJ_WHY_SPECIAL;
        if (ev.rule_tile == MJ_PASS) ev.rule_target = (uint8_t)next_player(p, st->dir);
    } else {
        int best = list_normals(s, st, p, &ev, &nbest);
        if (best < 0)
            return ds_fail(s->err, 0, 0, "player %c has no tile to discard", mahjong_player_name(p));
        ev.rule = (uint8_t)(nbest > 1 ? MJ_WHY_TIE_ORDER : MJ_WHY_MIN_DIST);
        ev.rule_tile = (uint8_t)best;
    }
    win = can_win;
    tile = ev.rule_tile;
    target = ev.rule_target;
    if (f) {
        mahjong_options d;
        int i;
        turn_options(&ev, st->hand[p], st->dist[p], &d);
        if ((i = find_label(&d, f)) < 0) return not_candidate(s, &d, f);
        win = d.opt[i].kind == MJ_EV_SELFDRAWN;
        tile = d.opt[i].tile;
        target = d.opt[i].target;
        ev.forced = (uint8_t)(win != can_win ||
                              (!win && (tile != ev.rule_tile ||
                                        (tile == MJ_PASS && target != ev.rule_target))));
    }
    if (win) {
        ev.kind = MJ_EV_SELFDRAWN;
        ev.dist = 0;
        return ds_trace_emit(s->tr, &ev, s->err);
    }
    /* a declined win: the discard's candidates as for any discard */
    if (can_win) list_normals(s, st, p, &ev, &nbest);
    ev.tile = (uint8_t)tile;
    if (tile >= MJ_PASS) {
        ev.dist = st->dist[p]; /* specials never count in the distance */
        if (tile == MJ_PASS) ev.target = (uint8_t)target;
        return ds_trace_emit(s->tr, &ev, s->err);
    }
    for (k = 0; k < ev.ncand; k++)
        if (ev.cand[k].tile == tile) ev.dist = ev.cand[k].dist;
    if (ev.dist < 0) { /* a forced normal tile while holding a special */
        uint8_t h[MJ_KINDS];
        memcpy(h, st->hand[p], MJ_KINDS);
        h[tile]--;
        ev.dist = (int8_t)dist_of(s, h, st->meld_n[p]);
    }
    /* the discard changes only p's hand: the others are judged on st */
    decide_claims(s, st, p, tile, &ev);
    return ds_trace_emit(s->tr, &ev, s->err);
}

/* The event after the normal discard dsc: the claim the rule takes (dsc's
 * verdict) or the one forced here, else the next player's turn. */
static int claim_window(sim *s, const mahjong_state *st, const mahjong_event *dsc) {
    const char *f = forced_label(s);
    mahjong_event ev;
    int kind = dsc->claim_how, player = dsc->claim_by, low = dsc->target, i;
    if (f) {
        mahjong_options d;
        window_options(dsc, &d);
        if (d.n < 2) {
            turn_event(s, st, next_player(dsc->player, st->dir), &ev);
            return ds_choice_not_decision(s->err, s->tr->n, mahjong_event_what(&ev));
        }
        if ((i = find_label(&d, f)) < 0) {
            int k; /* "B declines": what the rule takes without B */
            for (k = 0; k < d.ndecline && strcmp(d.decline[k].label, f); k++) {}
            if (k == d.ndecline || d.decline[k].then < 0) return not_candidate(s, &d, f);
            i = d.decline[k].then;
        }
        kind = d.opt[i].kind;
        player = d.opt[i].player;
        low = d.opt[i].target;
    }
    if (kind != MJ_EV_RON && kind != MJ_EV_PONG && kind != MJ_EV_CHOW) {
        turn_event(s, st, next_player(dsc->player, st->dir), &ev);
        return ds_trace_emit(s->tr, &ev, s->err);
    }
    ev_init(&ev, kind, player);
    ev.tile = dsc->tile;
    for (i = 0; i < 3; i++) {
        const mahjong_claim *c = &dsc->claims[i];
        if (c->player != player) continue;
        if (kind == MJ_EV_RON) ev.dist = 0;
        else if (kind == MJ_EV_PONG) ev.dist = c->pong_after;
        else {
            ev.target = (uint8_t)low;
            ev.dist = c->chow_after[dsc->tile - low];
        }
    }
    return ds_trace_emit(s->tr, &ev, s->err);
}

int mahjong_simulate_full(const mahjong_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                          mahjong_dist_cache *cache, mahjong_stats *stats, ds_error *err) {
    mahjong_state st0;
    sim s;
    mahjong_initial(&st0);
    if (ds_trace_init(tr, sizeof(mahjong_event), sizeof(mahjong_state), 0, mahjong_apply, in,
                      &st0, err))
        return -1;
    tr->max_events = 4096;
    s.tr = tr;
    s.in = in;
    s.cache = cache;
    s.stats = stats;
    s.err = err;
    s.ch = ch;
    s.nch = ch ? n : 0;
    for (;;) {
        const mahjong_state *st = (const mahjong_state *)tr->live;
        const mahjong_event *last =
            tr->n ? (const mahjong_event *)ds_trace_event(tr, tr->n - 1) : NULL;
        mahjong_event ev;
        int rc = 0;
        if (last && window_event(last)) {
            /* a normal discard: claimed (phase CLAIM) or not (TURN) by the
             * rule's verdict; a forced choice may decide otherwise */
            rc = claim_window(&s, st, last);
        } else {
            switch (st->phase) {
            case MJ_PH_DEAL: {
                uint8_t h[MJ_KINDS];
                int p = st->wall_pos & 3;
                ev_init(&ev, MJ_EV_DEAL, p);
                ev.tile = in->wall[st->wall_pos];
                if (st->hand_n[p] + 1 == MJ_DEAL) {
                    memcpy(h, st->hand[p], MJ_KINDS);
                    h[ev.tile]++;
                    ev.dist = (int8_t)dist_of(&s, h, 0);
                }
                rc = emit_plain(&s, &ev);
                break;
            }
            case MJ_PH_TURN:
                turn_event(&s, st, st->cur, &ev);
                rc = emit_plain(&s, &ev);
                break;
            case MJ_PH_DRAWN: /* distance 0: the hand after drawing is a winning hand */
                rc = do_turn(&s, st, st->dist[st->cur] == 0);
                break;
            case MJ_PH_DISCARD:
                rc = do_turn(&s, st, 0);
                break;
            case MJ_PH_WON:
                ev_init(&ev, MJ_EV_WIN, st->winner);
                ev.dist = 0;
                rc = emit_plain(&s, &ev);
                break;
            case MJ_PH_OVER:
                if (ds_choices_unused(s.ch, s.nch, tr->n, err) == 0) return 0;
                rc = -1;
                break;
            default:
                rc = ds_fail(err, 0, 0, "internal error: phase %d after a claim", st->phase);
                break;
            }
        }
        if (rc) {
            ds_trace_free(tr);
            return -1;
        }
    }
}

int mahjong_simulate_with(const mahjong_input *in, ds_trace *tr, mahjong_dist_cache *cache,
                          mahjong_stats *stats, ds_error *err) {
    return mahjong_simulate_full(in, NULL, 0, tr, cache, stats, err);
}

int mahjong_simulate_try(const mahjong_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                         ds_error *err) {
    mahjong_dist_cache *c = mahjong_dist_cache_new();
    int rc;
    memset(tr, 0, sizeof *tr); /* a failure leaves it freed and zero (ds_core.h) */
    if (!c) return ds_fail(err, 0, 0, "out of memory for the distance cache");
    rc = mahjong_simulate_full(in, ch, n, tr, c, NULL, err);
    mahjong_dist_cache_free(c);
    return rc;
}

int mahjong_simulate(const mahjong_input *in, ds_trace *tr, ds_error *err) {
    return mahjong_simulate_try(in, NULL, 0, tr, err);
}

/* ---- judge output ------------------------------------------------------------- */

int mahjong_event_line(const mahjong_event *ev, ds_buf *out) {
    char who = mahjong_player_name(ev->player);
    const char *t = mahjong_tile_name(ev->tile);
    int i;
    switch (ev->kind) {
    case MJ_EV_DEAL:
    case MJ_EV_DRAW:
        ds_buf_putc(out, who);
        ds_buf_puts(out, " IN ");
        ds_buf_puts(out, t);
        break;
    case MJ_EV_DISCARD:
        ds_buf_putc(out, who);
        ds_buf_puts(out, " OUT ");
        ds_buf_puts(out, t);
        if (ev->tile == MJ_PASS) {
            ds_buf_putc(out, ' ');
            ds_buf_putc(out, mahjong_player_name(ev->target));
        }
        break;
    case MJ_EV_SELFDRAWN:
        ds_buf_putc(out, who);
        ds_buf_puts(out, " SELFDRAWN");
        break;
    case MJ_EV_RON:
        ds_buf_putc(out, who);
        ds_buf_puts(out, " RON");
        break;
    case MJ_EV_PONG:
    case MJ_EV_CHOW:
        ds_buf_putc(out, who);
        ds_buf_puts(out, ev->kind == MJ_EV_PONG ? " PONG" : " CHOW");
        for (i = 0; i < 3; i++) {
            ds_buf_putc(out, ' ');
            ds_buf_puts(out, mahjong_tile_name(ev->kind == MJ_EV_PONG ? ev->tile : ev->target + i));
        }
        break;
    case MJ_EV_WIN:
        ds_buf_putc(out, who);
        ds_buf_puts(out, " WIN");
        break;
    case MJ_EV_EXHAUSTED:
        ds_buf_puts(out, "DRAW");
        break;
    default:
        return out->failed ? -1 : 0;
    }
    ds_buf_putc(out, '\n');
    return out->failed ? -1 : 1;
}

int mahjong_format(const mahjong_input *in, const ds_trace *tr, ds_buf *out,
                   uint32_t *lines_at_step) {
    size_t i;
    uint32_t lines = 0;
    (void)in;
    if (lines_at_step) lines_at_step[0] = 0;
    for (i = 0; i < tr->n; i++) {
        int r = mahjong_event_line((const mahjong_event *)ds_trace_event(tr, i), out);
        if (r < 0) return -1;
        lines += (uint32_t)r;
        if (lines_at_step) lines_at_step[i + 1] = lines;
    }
    return out->failed ? -1 : 0;
}

/* ---- generator -------------------------------------------------------------------- */

void mahjong_random_wall(uint64_t seed, uint8_t wall[MJ_TILES]) {
    ds_rng r;
    int i;
    for (i = 0; i < MJ_TILES; i++) wall[i] = (uint8_t)(i / 4);
    ds_rng_seed(&r, seed);
    ds_rng_shuffle(&r, wall, MJ_TILES, 1);
}

int mahjong_generate(uint64_t seed, int max, ds_buf *out) {
    uint8_t wall[MJ_TILES];
    int i;
    (void)max;
    mahjong_random_wall(seed, wall);
    for (i = 0; i < MJ_TILES; i++) {
        ds_buf_puts(out, tile_names[wall[i]]);
        ds_buf_putc(out, '\n');
    }
    return out->failed ? -1 : 0;
}
