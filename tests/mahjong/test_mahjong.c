/* test_mahjong.c - the mahjong simulator: input errors with line/column, the
 * official cases through the API (output, lines_at_step, JSON, seeking), and
 * properties over thousands of generated decks:
 *   - the 148 tiles are conserved, kind by kind, across wall, hands, melds and
 *     ponds at every step;
 *   - hand sizes are 13-3n, or 14-3n exactly for the player between drawing
 *     (or calling) and discarding, and for the winner;
 *   - every player's stored distance equals a fresh evaluation of the hand;
 *   - a winning hand (RON / SELFDRAWN) passes an independent decomposition
 *     test; after a draw the distance is the one before or one less;
 *   - every decision record is consistent with the rules (candidates, tie
 *     order, specials first, RON cut-off, PONG before CHOW, strict drops);
 *   - ds_trace_seek(i) equals a fresh replay at random steps;
 *   - the game is the same with and without the distance cache.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "mahjong/mahjong.h"
#include "mj_win.h"

#ifndef MJ_PROPERTY_GAMES
#define MJ_PROPERTY_GAMES 2000
#endif

/* ---- a minimal JSON syntax checker ------------------------------------------ */

static const char *json_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

static const char *json_value(const char *p, int depth);

static const char *json_string(const char *p) {
    if (*p != '"') return NULL;
    for (p++; *p && *p != '"'; p++) {
        if ((unsigned char)*p < 0x20) return NULL;
        if (*p == '\\') {
            p++;
            if (!*p || !strchr("\"\\/bfnrtu", *p)) return NULL;
        }
    }
    return *p == '"' ? p + 1 : NULL;
}

static const char *json_value(const char *p, int depth) {
    p = json_ws(p);
    if (depth > 64) return NULL;
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = json_ws(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (obj) {
                p = json_string(json_ws(p));
                if (!p) return NULL;
                p = json_ws(p);
                if (*p != ':') return NULL;
                p++;
            }
            p = json_value(p, depth + 1);
            if (!p) return NULL;
            p = json_ws(p);
            if (*p == ',') { p++; continue; }
            if (*p == close) return p + 1;
            return NULL;
        }
    }
    if (*p == '"') return json_string(p);
    if (!strncmp(p, "true", 4)) return p + 4;
    if (!strncmp(p, "false", 5)) return p + 5;
    if (!strncmp(p, "null", 4)) return p + 4;
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
        const char *q = p + (*p == '-');
        if (*q < '0' || *q > '9') return NULL;
        while (*q >= '0' && *q <= '9') q++;
        return q;
    }
    return NULL;
}

/* 1 if s[0..n) is exactly one JSON value. */
static int json_ok(const char *s, size_t n) {
    char *copy = (char *)malloc(n + 1);
    const char *e;
    int ok;
    memcpy(copy, s, n);
    copy[n] = 0;
    e = json_value(copy, 0);
    ok = e && *json_ws(e) == 0;
    free(copy);
    return ok;
}

/* ---- helpers ------------------------------------------------------------------ */

static size_t count_lines(const char *s, size_t n) {
    size_t i, c = 0;
    for (i = 0; i < n; i++) c += s[i] == '\n';
    return c;
}

/* ---- input errors ----------------------------------------------------------------- */

static void expect_error(const char *text, int line, int col, const char *needle) {
    mahjong_input *in = (mahjong_input *)1;
    ds_error e;
    memset(&e, 0, sizeof e);
    CHECK(mahjong_parse(text, strlen(text), &in, &e) == -1);
    CHECK(in == NULL);
    CHECK_EQ_INT(e.line, line);
    CHECK_EQ_INT(e.col, col);
    if (!strstr(e.msg, needle)) {
        fprintf(stderr, "message '%s' lacks '%s'\n", e.msg, needle);
        CHECK(0);
    }
}

static void test_parse_errors(void) {
    ds_buf b;
    char *t;
    size_t n;
    mahjong_input *in;
    ds_error e;
    ds_buf_init(&b);
    CHECK(mahjong_generate(5, 0, &b) == 0);
    CHECK_EQ_INT(count_lines(b.data, b.len), 148);
    CHECK(mahjong_parse(b.data, b.len, &in, &e) == 0);
    mahjong_input_free(in);
    t = (char *)malloc(b.len + 64);
    n = b.len;

    /* 147 tiles: the end of input on line 148 */
    memcpy(t, b.data, n);
    t[n] = 0;
    *strrchr(t, '\n') = 0;
    *(strrchr(t, '\n') + 1) = 0;
    expect_error(t, 148, 1, "expected 148 tiles (one per line), found end of input after 147");
    /* empty input */
    expect_error("", 1, 1, "after 0");
    /* 149 tiles */
    memcpy(t, b.data, n);
    strcpy(t + n, "Z\n");
    expect_error(t, 149, 1, "expected end of input after 148 tiles, found 'Z'");
    /* unknown tile on line 3, indented by two spaces */
    {
        char *p = t, *q;
        int line;
        memcpy(t, b.data, n);
        t[n] = 0;
        for (line = 1; line < 3; line++) p = strchr(p, '\n') + 1;
        q = strchr(p, '\n');
        memmove(p + 4, q, strlen(q) + 1);
        memcpy(p, "  0M", 4);
        expect_error(t, 3, 3, "expected a tile (1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, "
                              "PASS, REVERSE or DOUBLE), found '0M'");
        /* lower case is not a tile */
        memcpy(p, "  1m", 4);
        expect_error(t, 3, 3, "found '1m'");
        /* two tiles on one line */
        q = strchr(p, '\n');
        memmove(p + 5, q, strlen(q) + 1);
        memcpy(p, "Z  1M", 5);
        expect_error(t, 3, 4, "expected end of line after the tile, found '1M'");
    }
    /* a fifth copy: the last line that is not the first line's tile becomes
     * a copy of it; the error names the line of the fifth occurrence */
    {
        char lines[MJ_TILES][16], *o;
        const char *p = b.data;
        int i, last_other = -1, copies = 0, fifth = -1;
        for (i = 0; i < MJ_TILES; i++) {
            const char *e2 = strchr(p, '\n');
            snprintf(lines[i], sizeof lines[i], "%.*s", (int)(e2 - p), p);
            if (strcmp(lines[i], lines[0])) last_other = i;
            p = e2 + 1;
        }
        CHECK(last_other > 0); /* a wall of one tile only is no sample */
        if (last_other > 0) memcpy(lines[last_other], lines[0], sizeof lines[0]);
        for (i = 0, o = t; i < MJ_TILES; i++) {
            if (!strcmp(lines[i], lines[0]) && ++copies == 5) fifth = i + 1;
            o += sprintf(o, "%s\n", lines[i]);
        }
        {
            char want[64];
            snprintf(want, sizeof want, "found a fifth '%s'", lines[0]);
            expect_error(t, fifth, 1, want);
        }
    }
    free(t);
    ds_buf_free(&b);
}

/* ---- invariants ------------------------------------------------------------------ */

static long big_drops;

typedef struct checker {
    const mahjong_input *in;
    mahjong_dist_cache *cache;
    int game_failures;
} checker;

static void check_state(checker *c, const mahjong_state *st) {
    int k, p, i, n[MJ_KINDS] = {0}, ok = 1;
    int dealt = st->wall_pos >= MJ_PLAYERS * MJ_DEAL;
    for (i = st->wall_pos; i < MJ_TILES; i++) n[c->in->wall[i]]++;
    for (p = 0; p < MJ_PLAYERS; p++) {
        for (k = 0; k < MJ_KINDS; k++) n[k] += st->hand[p][k];
        for (i = 0; i < st->meld_n[p]; i++) {
            const mahjong_meld *m = &st->melds[p][i];
            if (m->kind == MJ_MELD_PONG) n[m->low] += 3;
            else n[m->low]++, n[m->low + 1]++, n[m->low + 2]++;
        }
        for (i = 0; i < st->pond_n[p]; i++)
            if (st->pond[p][i].taken_by == MJ_NOBODY) n[st->pond[p][i].tile]++;
    }
    for (k = 0; k < MJ_KINDS; k++) ok &= n[k] == 4;
    CHECK(ok); /* every kind: 4 tiles across wall, hands, melds and ponds */
    for (p = 0; p < MJ_PLAYERS; p++) {
        int sum = 0, size = st->hand_n[p] + 3 * st->meld_n[p];
        for (k = 0; k < MJ_KINDS; k++) sum += st->hand[p][k];
        CHECK_EQ_INT(sum, st->hand_n[p]);
        if (!dealt) continue;
        if ((p == st->cur && (st->phase == MJ_PH_DRAWN || st->phase == MJ_PH_DISCARD)) ||
            (p == st->winner && (st->phase == MJ_PH_WON || st->phase == MJ_PH_OVER)))
            CHECK_EQ_INT(size, 14);
        else
            CHECK_EQ_INT(size, 13);
        CHECK_EQ_INT(st->dist[p], mahjong_distance(st->hand[p], st->meld_n[p], c->cache));
    }
}

/* What a forced label asks for, read independently of the engine's option
 * lists: kind (MJ_EV_*, 0 for "pass"), player, tile (a discard) and target
 * (PASS: the named player; CHOW: its lowest tile). -1 if unreadable. */
typedef struct label_want { int kind, player, tile, target; } label_want;

static int parse_label(const char *f, label_want *w) {
    char who, word[16], a[8], b[8], c[8];
    int n;
    w->kind = w->player = w->tile = w->target = -1;
    if (!strcmp(f, "pass")) return w->kind = 0;
    if (!strcmp(f, "SELFDRAWN")) return w->kind = MJ_EV_SELFDRAWN;
    if (!strncmp(f, "PASS ", 5) && strlen(f) == 6) {
        w->kind = MJ_EV_DISCARD;
        w->tile = MJ_PASS;
        w->target = f[5] - 'A';
        return 0;
    }
    if ((w->tile = mahjong_tile_parse(f, strlen(f))) >= 0) return w->kind = MJ_EV_DISCARD, 0;
    n = sscanf(f, "%c %15s %7s %7s %7s", &who, word, a, b, c);
    if (n < 2) return -1;
    w->player = who - 'A';
    if (!strcmp(word, "RON") && n == 2) return w->kind = MJ_EV_RON, 0;
    if (!strcmp(word, "PONG") && n == 2) return w->kind = MJ_EV_PONG, 0;
    if (!strcmp(word, "CHOW") && n == 5) {
        w->kind = MJ_EV_CHOW;
        w->target = mahjong_tile_parse(a, strlen(a));
        CHECK_EQ_INT(mahjong_tile_parse(b, strlen(b)), w->target + 1);
        CHECK_EQ_INT(mahjong_tile_parse(c, strlen(c)), w->target + 2);
        return 0;
    }
    return -1;
}

/* The decision record of a discard or a SELFDRAWN, checked against the state
 * before it: every candidate and the rule's choice; the event took the
 * rule's choice, or the forced label f. */
static void check_discard(checker *c, const mahjong_state *st, const mahjong_event *ev,
                          const char *f) {
    int p = ev->player, n = st->meld_n[p], i, k, best = 99, specials = 0, first = -1, can_win;
    uint8_t h[MJ_KINDS];
    memcpy(h, st->hand[p], MJ_KINDS);
    CHECK_EQ_INT(p, st->cur);
    can_win = st->phase == MJ_PH_DRAWN && st->dist[p] == 0;
    CHECK_EQ_INT(ev->can_win, can_win);
    /* the candidates the rule compares: the specials in hand (dist -1), or
     * every distinct normal kind in the order Z F B .. 1M (none on a
     * SELFDRAWN; all of them on a discard that declined a win); the
     * decision record lists every tile (check_decisions) */
    i = 0;
    for (k = MJ_PASS; k <= MJ_DOUBLE; k++)
        if (h[k]) {
            if (first < 0) first = k;
            specials++;
        }
    if (specials && !can_win) {
        for (k = MJ_PASS; k <= MJ_DOUBLE; k++) {
            if (!h[k]) continue;
            CHECK(i < ev->ncand);
            if (i >= ev->ncand) return;
            CHECK_EQ_INT(ev->cand[i].tile, k);
            CHECK_EQ_INT(ev->cand[i].dist, -1);
            i++;
        }
    } else if (ev->kind == MJ_EV_DISCARD) {
        for (k = MJ_NORMAL_KINDS - 1; k >= 0; k--) {
            if (!h[k]) continue;
            CHECK(i < ev->ncand);
            if (i >= ev->ncand) return;
            CHECK_EQ_INT(ev->cand[i].tile, k);
            h[k]--;
            CHECK_EQ_INT(ev->cand[i].dist, mahjong_distance(h, n, c->cache));
            h[k]++;
            if (ev->cand[i].dist < best) best = ev->cand[i].dist;
            i++;
        }
    }
    CHECK_EQ_INT(i, ev->ncand);
    /* the rule's choice: SELFDRAWN, the first special, the least distance */
    if (can_win) {
        CHECK_EQ_INT(ev->rule, MJ_WHY_SELFDRAWN);
        CHECK_EQ_INT(ev->rule_tile, MJ_RULE_SELFDRAWN);
    } else if (specials) {
        CHECK_EQ_INT(ev->rule, MJ_WHY_SPECIAL);
        CHECK_EQ_INT(ev->rule_tile, first);
        CHECK_EQ_INT(ev->rule_target, first == MJ_PASS ? (p + st->dir + 4) & 3 : MJ_NOBODY);
    } else {
        int ties = 0;
        for (i = 0; i < ev->ncand; i++)
            if (ev->cand[i].dist == best) break;
        CHECK_EQ_INT(ev->rule_tile, ev->cand[i].tile);
        for (k = 0; k < ev->ncand; k++) ties += ev->cand[k].dist == best;
        CHECK_EQ_INT(ev->rule, ties > 1 ? MJ_WHY_TIE_ORDER : MJ_WHY_MIN_DIST);
    }
    /* what the event took */
    if (f) {
        label_want w;
        int is_rule;
        CHECK(parse_label(f, &w) == 0);
        CHECK(w.kind == MJ_EV_SELFDRAWN || w.kind == MJ_EV_DISCARD);
        CHECK_EQ_INT(ev->kind, w.kind);
        if (w.kind == MJ_EV_SELFDRAWN) CHECK(can_win);
        if (w.kind == MJ_EV_DISCARD) {
            CHECK_EQ_INT(ev->tile, w.tile);
            CHECK(st->hand[p][w.tile] > 0);
            if (w.tile == MJ_PASS) CHECK_EQ_INT(ev->target, w.target);
        }
        is_rule = can_win ? w.kind == MJ_EV_SELFDRAWN
                          : w.tile == ev->rule_tile &&
                                (w.tile != MJ_PASS || w.target == ev->rule_target);
        CHECK_EQ_INT(ev->forced, !is_rule);
    } else {
        CHECK_EQ_INT(ev->forced, 0);
        CHECK_EQ_INT(ev->kind, can_win ? MJ_EV_SELFDRAWN : MJ_EV_DISCARD);
        if (!can_win) CHECK_EQ_INT(ev->tile, ev->rule_tile);
        if (ev->tile == MJ_PASS) CHECK_EQ_INT(ev->target, ev->rule_target);
    }
    if (ev->kind == MJ_EV_SELFDRAWN) {
        CHECK_EQ_INT(ev->dist, 0);
        return;
    }
    if (ev->tile >= MJ_PASS) {
        CHECK_EQ_INT(ev->dist, st->dist[p]);
        CHECK_EQ_INT(ev->nclaims, 0);
        CHECK_EQ_INT(ev->claim_by, MJ_NOBODY);
        if (ev->tile == MJ_PASS) CHECK(ev->target < MJ_PLAYERS);
        return;
    }
    h[ev->tile]--;
    CHECK_EQ_INT(ev->dist, mahjong_distance(h, n, c->cache));
    h[ev->tile]++;
    /* the claims, in turn order from the discarder */
    CHECK_EQ_INT(ev->nclaims, 3);
    {
        int q = p, t = ev->tile, ron_seen = 0, pong_ok = -1, j, want_by = MJ_NOBODY, want_how = 0;
        for (i = 0; i < 3; i++) {
            const mahjong_claim *cl = &ev->claims[i];
            int m;
            q = (q + st->dir + 4) & 3;
            m = st->meld_n[q];
            CHECK_EQ_INT(cl->player, q);
            CHECK_EQ_INT(cl->dist, st->dist[q]);
            memcpy(h, st->hand[q], MJ_KINDS);
            h[t]++;
            CHECK_EQ_INT(cl->ron, is_winning_hand(h, m));
            h[t]--;
            if (h[t] >= 2) {
                h[t] -= 2;
                CHECK_EQ_INT(cl->pong_after, mahjong_distance(h, m + 1, c->cache));
                h[t] += 2;
                if (cl->pong_after < cl->dist) pong_ok = i;
            } else {
                CHECK_EQ_INT(cl->pong_after, -1);
            }
            for (j = 0; j < 3; j++) {
                int low = t - j, a, b2, want = -1;
                if (i == 0 && t < 27 && t % 9 - j >= 0 && low % 9 <= 6) {
                    a = j == 0 ? low + 1 : low;
                    b2 = j == 2 ? low + 1 : low + 2;
                    if (h[a] && h[b2]) {
                        h[a]--, h[b2]--;
                        want = mahjong_distance(h, m + 1, c->cache);
                        h[a]++, h[b2]++;
                    }
                }
                CHECK_EQ_INT(cl->chow_after[j], want);
            }
            if (cl->ron) {
                CHECK_EQ_INT(cl->verdict, ron_seen ? MJ_V_RON_CUT_OFF : MJ_V_RON);
                if (!ron_seen) { want_by = q; want_how = MJ_EV_RON; }
                ron_seen = 1;
            }
        }
        if (!ron_seen && pong_ok >= 0) {
            want_by = ev->claims[pong_ok].player;
            want_how = MJ_EV_PONG;
            CHECK_EQ_INT(ev->claims[pong_ok].verdict, MJ_V_PONG);
        } else if (!ron_seen) {
            const mahjong_claim *cl = &ev->claims[0];
            for (j = 0; j < 3; j++)
                if (cl->chow_after[j] >= 0 && cl->chow_after[j] < cl->dist) {
                    want_by = cl->player;
                    want_how = MJ_EV_CHOW;
                    CHECK_EQ_INT(ev->target, t - j);
                    CHECK_EQ_INT(cl->verdict, MJ_V_CHOW);
                    break;
                }
        }
        CHECK_EQ_INT(ev->claim_by, want_by);
        CHECK_EQ_INT(ev->claim_how, want_how);
        /* how often a call would lower the distance by two or more (then
         * "the highest chow" and "the lowest distance" could differ) */
        for (i = 0; i < 3; i++) {
            const mahjong_claim *cl = &ev->claims[i];
            if (cl->pong_after >= 0 && cl->pong_after < cl->dist - 1) big_drops++;
            for (j = 0; j < 3; j++)
                if (cl->chow_after[j] >= 0 && cl->chow_after[j] < cl->dist - 1) big_drops++;
        }
    }
}

/* The event after the normal discard d (state st before it): the rule's
 * claim (d's verdict), or the forced label f; "pass" = the next player's
 * turn in the current direction. The claim must be a legal one. */
static void check_window(const mahjong_state *st, const mahjong_event *d, const mahjong_event *ev,
                         const char *f) {
    label_want w;
    int i, legal = 0;
    if (f) {
        CHECK(parse_label(f, &w) == 0);
        CHECK(w.kind != MJ_EV_DISCARD && w.kind != MJ_EV_SELFDRAWN);
    } else {
        w.kind = d->claim_how;
        w.player = d->claim_by;
        w.target = d->target;
    }
    if (w.kind == 0) {
        CHECK(ev->kind == MJ_EV_DRAW || ev->kind == MJ_EV_SKIP || ev->kind == MJ_EV_EXHAUSTED);
        CHECK_EQ_INT(ev->player, (d->player + st->dir + 4) & 3);
        return;
    }
    CHECK_EQ_INT(ev->kind, w.kind);
    CHECK_EQ_INT(ev->player, w.player);
    CHECK_EQ_INT(ev->tile, d->tile);
    if (w.kind == MJ_EV_CHOW) CHECK_EQ_INT(ev->target, w.target);
    for (i = 0; i < 3; i++) {
        const mahjong_claim *cl = &d->claims[i];
        if (cl->player != w.player) continue;
        if (w.kind == MJ_EV_RON) legal = cl->verdict == MJ_V_RON; /* not cut off */
        if (w.kind == MJ_EV_PONG) legal = cl->pong_after >= 0 && ev->dist == cl->pong_after;
        if (w.kind == MJ_EV_CHOW) {
            int j = d->tile - w.target;
            legal = i == 0 && j >= 0 && j < 3 && cl->chow_after[j] >= 0 &&
                    ev->dist == cl->chow_after[j];
        }
    }
    CHECK(legal);
}

/* Plays one game (the variation ch[0..nch) of it) and checks everything;
 * returns the number of events. */
static size_t check_game(const mahjong_input *in, mahjong_dist_cache *cache, ds_rng *r,
                         int compare_uncached, const ds_choice *ch, size_t nch) {
    ds_trace tr;
    ds_error e;
    mahjong_state st, seek;
    ds_buf out;
    uint32_t *lines;
    size_t i, n;
    checker c;
    int fails_before = ds_test_failed;
    c.in = in;
    c.cache = cache;
    c.game_failures = 0;
    CHECK(mahjong_simulate_try(in, ch, nch, &tr, &e) == 0);
    if (!tr.events) return 0;
    n = tr.n;
    mahjong_initial(&st);
    for (i = 0; i <= n; i++) {
        const mahjong_event *ev = i < n ? (const mahjong_event *)ds_trace_event(&tr, i) : NULL;
        const mahjong_event *prev = i ? (const mahjong_event *)ds_trace_event(&tr, i - 1) : NULL;
        const char *f = ds_choice_at(ch, nch, i);
        mahjong_state before = st;
        int window = prev && prev->kind == MJ_EV_DISCARD && prev->tile < MJ_PASS;
        check_state(&c, &st);
        if (!ev) break;
        if (ev->kind == MJ_EV_DISCARD || ev->kind == MJ_EV_SELFDRAWN) check_discard(&c, &st, ev, f);
        if (window) check_window(&st, prev, ev, f);
        if (ev->kind == MJ_EV_DRAW || ev->kind == MJ_EV_SKIP || ev->kind == MJ_EV_EXHAUSTED) {
            /* a turn starts: after a discard nobody claimed (by the rule's
             * verdict: TURN; a forced pass: CLAIM), or after a skip */
            CHECK(st.phase == MJ_PH_TURN || (window && f && st.phase == MJ_PH_CLAIM));
            if (st.phase == MJ_PH_TURN) CHECK_EQ_INT(ev->player, st.cur);
        }
        if (ev->kind == MJ_EV_EXHAUSTED) CHECK_EQ_INT(st.wall_pos, MJ_TILES);
        if (ev->kind == MJ_EV_SKIP) CHECK(st.skip[ev->player]);
        if (ev->kind == MJ_EV_PONG || ev->kind == MJ_EV_CHOW || ev->kind == MJ_EV_RON)
            CHECK(window);
        mahjong_apply(&st, ev, in);
        if (ev->kind == MJ_EV_DRAW)
            CHECK(st.dist[ev->player] == before.dist[ev->player] ||
                  st.dist[ev->player] == before.dist[ev->player] - 1);
        if (ev->kind == MJ_EV_RON || ev->kind == MJ_EV_SELFDRAWN) {
            CHECK(is_winning_hand(st.hand[ev->player], st.meld_n[ev->player]));
            CHECK_EQ_INT(st.dist[ev->player], 0);
        }
        if (ev->kind == MJ_EV_WIN || ev->kind == MJ_EV_EXHAUSTED) CHECK_EQ_INT(i, n - 1);
    }
    CHECK_EQ_INT(st.phase, MJ_PH_OVER);
    CHECK(!memcmp(&st, tr.live, sizeof st));
    /* seeking = replay */
    for (i = 0; i < 6; i++) {
        size_t at = ds_rng_below(r, (uint32_t)n + 1), j;
        mahjong_state fresh;
        mahjong_initial(&fresh);
        for (j = 0; j < at; j++) mahjong_apply(&fresh, ds_trace_event(&tr, j), in);
        CHECK(ds_trace_seek(&tr, at, &seek) == 0);
        CHECK(!memcmp(&seek, &fresh, sizeof seek));
    }
    /* output lines per step */
    lines = (uint32_t *)malloc((n + 1) * sizeof *lines);
    ds_buf_init(&out);
    CHECK(mahjong_format(in, &tr, &out, lines) == 0);
    CHECK_EQ_INT(lines[n], count_lines(out.data, out.len));
    for (i = 0; i < n; i++) CHECK(lines[i + 1] - lines[i] <= 1);
    CHECK(out.len > 4 && (!strcmp(out.data + out.len - 5, "DRAW\n") ||
                          !strcmp(out.data + out.len - 4, "WIN\n")));
    free(lines);
    if (compare_uncached) {
        ds_trace t2;
        CHECK(mahjong_simulate_full(in, ch, nch, &t2, NULL, NULL, &e) == 0);
        CHECK_EQ_INT(t2.n, n);
        CHECK(t2.n == n && !memcmp(t2.events, tr.events, n * tr.event_size));
        ds_trace_free(&t2);
    }
    ds_buf_free(&out);
    ds_trace_free(&tr);
    (void)fails_before;
    return n;
}

static void test_generated_games(void) {
    mahjong_dist_cache *cache = mahjong_dist_cache_new();
    mahjong_input in;
    ds_rng r;
    int s, draws = 0, rons = 0, selfdrawn = 0;
    size_t events = 0;
    ds_rng_seed(&r, 4242);
    for (s = 1; s <= MJ_PROPERTY_GAMES; s++) {
        int before = ds_test_failed;
        ds_trace tr;
        ds_error e;
        mahjong_random_wall((uint64_t)s, in.wall);
        events += check_game(&in, cache, &r, s % 50 == 0, NULL, 0);
        if (ds_test_failed != before) {
            fprintf(stderr, "generated deck seed %d failed\n", s);
            if (ds_test_failed > 20) break;
        }
        /* how it ended, to make sure all endings are exercised */
        if (mahjong_simulate(&in, &tr, &e) == 0) {
            const mahjong_event *last = (const mahjong_event *)ds_trace_event(&tr, tr.n - 1);
            const mahjong_event *prev = (const mahjong_event *)ds_trace_event(&tr, tr.n - 2);
            draws += last->kind == MJ_EV_EXHAUSTED;
            rons += prev->kind == MJ_EV_RON;
            selfdrawn += prev->kind == MJ_EV_SELFDRAWN;
            ds_trace_free(&tr);
        }
    }
    printf("%d generated games: %d RON, %d SELFDRAWN, %d DRAW, %.1f events per game, "
           "%ld call options lowering the distance by 2+\n",
           MJ_PROPERTY_GAMES, rons, selfdrawn, draws, (double)events / MJ_PROPERTY_GAMES,
           big_drops);
    CHECK(draws > 0 && rons > 0 && selfdrawn > 0);
    mahjong_dist_cache_free(cache);
}

/* ---- variations (forced choices) --------------------------------------------- */

#ifndef MJ_VARIATION_GAMES
#define MJ_VARIATION_GAMES 60
#endif

/* Byte offset just past the first `lines` lines of b (b->len if fewer). */
static size_t prefix_len(const ds_buf *b, size_t lines) {
    size_t i;
    if (!lines) return 0;
    for (i = 0; i < b->len; i++)
        if (b->data[i] == '\n' && --lines == 0) return i + 1;
    return b->len;
}

/* Line k (0-based) of b as a NUL-terminated copy (free it). */
static char *line_of(const ds_buf *b, size_t k) {
    size_t a = prefix_len(b, k), e = prefix_len(b, k + 1);
    char *l = (char *)malloc(e - a + 1);
    memcpy(l, b->data + a, e - a);
    l[e - a] = 0;
    return l;
}

static int window_after(const mahjong_event *d) {
    int i, j, any = 0;
    if (d->kind != MJ_EV_DISCARD || d->tile >= MJ_PASS) return 0;
    for (i = 0; i < 3; i++) {
        any |= d->claims[i].verdict == MJ_V_RON || d->claims[i].pong_after >= 0;
        for (j = 0; j < 3; j++) any |= d->claims[i].chow_after[j] >= 0;
    }
    return any;
}

/* Every event's decision record (mahjong_decision_at and its JSON in js, the
 * JSON Lines of tr): which events are decisions, every legal alternative a
 * candidate with a unique label and the right value, "i", "chosen",
 * "forced" exactly when the rule's choice was overridden. */
static void check_decisions(const mahjong_input *in, const ds_trace *tr, const ds_buf *js,
                            mahjong_dist_cache *cache) {
    size_t i;
    for (i = 0; i < tr->n; i++) {
        const mahjong_event *ev = (const mahjong_event *)ds_trace_event(tr, i);
        const mahjong_event *prev = i ? (const mahjong_event *)ds_trace_event(tr, i - 1) : NULL;
        mahjong_options d;
        int got = mahjong_decision_at(tr, i, &d), k, m, want;
        char *line = line_of(js, i + 1), needle[96];
        snprintf(needle, sizeof needle, ",\"i\":%zu,", i);
        CHECK(strstr(line, needle) != NULL);
        want = ev->kind == MJ_EV_DISCARD || ev->kind == MJ_EV_SELFDRAWN ||
               (prev && window_after(prev));
        CHECK_EQ_INT(got, want);
        CHECK_EQ_INT(strstr(line, "\"decision\":{") != NULL, want);
        if (!got) { free(line); continue; }
        snprintf(needle, sizeof needle, "\"chosen\":\"%s\"", d.opt[d.chosen].label);
        CHECK(strstr(line, needle) != NULL);
        CHECK_EQ_INT(strstr(line, "\"forced\":true") != NULL, d.chosen != d.rule);
        if (ev->kind == MJ_EV_DISCARD || ev->kind == MJ_EV_SELFDRAWN)
            CHECK_EQ_INT(ev->forced, d.chosen != d.rule);
        for (k = 0; k < d.n; k++) {
            size_t len = strlen(d.opt[k].label);
            CHECK(len > 0 && len < DS_CHOICE_LABEL && !strchr(d.opt[k].label, ','));
            for (m = 0; m < k; m++) CHECK(strcmp(d.opt[k].label, d.opt[m].label) != 0);
            snprintf(needle, sizeof needle, "{\"label\":\"%s\",", d.opt[k].label);
            CHECK(strstr(line, needle) != NULL);
        }
        if (!d.window) {
            /* SELFDRAWN when the hand wins, PASS naming each player, every
             * other distinct kind; the value = the distance after it */
            mahjong_state st;
            int p = ev->player, n = 0;
            CHECK(ds_trace_seek(tr, i, &st) == 0);
            n += st.phase == MJ_PH_DRAWN && st.dist[p] == 0;
            for (k = 0; k < MJ_KINDS; k++) n += st.hand[p][k] ? (k == MJ_PASS ? 4 : 1) : 0;
            CHECK_EQ_INT(d.n, n);
            for (k = 0; k < d.n; k++) {
                const mahjong_option *o = &d.opt[k];
                if (o->kind == MJ_EV_SELFDRAWN) {
                    CHECK_EQ_INT(st.dist[p], 0);
                    CHECK_EQ_INT(o->value, 0);
                } else if (o->tile >= MJ_PASS) {
                    CHECK_EQ_INT(o->value, st.dist[p]);
                } else {
                    st.hand[p][o->tile]--;
                    CHECK_EQ_INT(o->value, mahjong_distance(st.hand[p], st.meld_n[p], cache));
                    st.hand[p][o->tile]++;
                }
            }
        } else {
            int n = 1, j;
            for (k = 0; k < 3; k++) {
                const mahjong_claim *c = &prev->claims[k];
                n += (c->verdict == MJ_V_RON) + (c->pong_after >= 0);
                for (j = 0; j < 3; j++) n += c->chow_after[j] >= 0;
            }
            CHECK_EQ_INT(d.n, n);
            CHECK(!strcmp(d.opt[d.n - 1].label, "pass"));
        }
        free(line);
    }
    (void)in;
}

/* Simulates the variation ch[0..n) into *tr, its judge output and JSON Lines. */
static int play(const mahjong_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                ds_buf *out, ds_buf *js, ds_error *e) {
    ds_buf_init(out);
    ds_buf_init(js);
    if (mahjong_simulate_try(in, ch, n, tr, e)) return -1;
    CHECK(mahjong_format(in, tr, out, NULL) == 0);
    CHECK(mahjong_trace_jsonl(in, tr, DS_LANG_EN, js) == 0);
    return 0;
}

static void free_play(ds_trace *tr, ds_buf *out, ds_buf *js) {
    ds_trace_free(tr);
    ds_buf_free(out);
    ds_buf_free(js);
}

/* A random decision event of tr at or after `from` with a candidate other
 * than the one taken: *ch gets it (index, label); 0 if there is none.
 * prefer: an event index to take when it is a decision (the endings). */
static int pick_other(const ds_trace *tr, size_t from, ds_rng *r, ds_choice *ch) {
    size_t tries;
    for (tries = 0; tries < 50 && from < tr->n; tries++) {
        size_t i = from + ds_rng_below(r, (uint32_t)(tr->n - from));
        mahjong_options d;
        int k;
        if (!mahjong_decision_at(tr, i, &d) || d.n < 2) continue;
        do k = (int)ds_rng_below(r, (uint32_t)d.n); while (k == d.chosen);
        ch->i = i;
        strcpy(ch->label, d.opt[k].label);
        return 1;
    }
    return 0;
}

static long forced_kinds[8]; /* declined SELFDRAWN, declined RON, PASS naming another,
                              * forced claim, forced pass, other discard, chains, errors */

static void count_forced(const ds_trace *tr, size_t i, const ds_trace *main_tr) {
    mahjong_options d, m;
    const mahjong_option *o;
    if (!mahjong_decision_at(tr, i, &d) || !mahjong_decision_at(main_tr, i, &m)) return;
    o = &d.opt[d.chosen];
    if (m.opt[m.chosen].kind == MJ_EV_SELFDRAWN) forced_kinds[0]++;
    else if (m.opt[m.chosen].kind == MJ_EV_RON) forced_kinds[1]++;
    else if (o->kind == MJ_EV_DISCARD && o->tile == MJ_PASS) forced_kinds[2]++;
    else if (d.window && o->kind) forced_kinds[3]++;
    else if (d.window) forced_kinds[4]++;
    else forced_kinds[5]++;
}

/* One forced choice (or a chain) on top of the line base (its forced
 * choices ch[0..n-1), trace base_tr, JSON base_js): the variation keeps the
 * invariants, shares base's first ch[n-1].i events and took the label. */
static void check_variation(const mahjong_input *in, mahjong_dist_cache *cache, ds_rng *r,
                            const ds_choice *ch, size_t n, const ds_trace *base_tr,
                            const ds_buf *base_js, ds_trace *tr, ds_buf *out, ds_buf *js) {
    ds_error e;
    size_t at = ch[n - 1].i;
    char *line, needle[96];
    CHECK(play(in, ch, n, tr, out, js, &e) == 0);
    if (!tr->events) {
        fprintf(stderr, "variation failed: %s\n", e.msg);
        return;
    }
    check_game(in, cache, r, 0, ch, n);
    check_decisions(in, tr, js, cache);
    /* events 0..at-1 are the base line's (the header differs in "events") */
    {
        size_t a = prefix_len(js, 1), e2 = prefix_len(js, at + 1);
        size_t ba = prefix_len(base_js, 1), be = prefix_len(base_js, at + 1);
        int same = e2 - a == be - ba && !memcmp(js->data + a, base_js->data + ba, e2 - a);
        CHECK(same);
        if (!same) {
            size_t q;
            for (q = 0; q < n; q++) fprintf(stderr, "%zu:%s ", ch[q].i, ch[q].label);
            for (q = 1; q <= at; q++) {
                char *x = line_of(js, q), *y = line_of(base_js, q);
                if (strcmp(x, y)) fprintf(stderr, "\nline %zu:\n%s%s", q, x, y), q = at;
                free(x);
                free(y);
            }
        }
    }
    CHECK(!memcmp(base_tr->events, tr->events, at * tr->event_size));
    line = line_of(js, at + 1);
    snprintf(needle, sizeof needle, "\"chosen\":\"%s\"", ch[n - 1].label);
    CHECK(strstr(line, needle) != NULL);
    CHECK(strstr(line, "\"forced\":true") != NULL);
    CHECK(json_ok(line, strlen(line) - 1));
    free(line);
}

/* "B declines" at every claim window of the line m (events, output mo):
 * one per player with a candidate, in turn order; it leads to what the rule
 * takes without B, computed here from the discard's claims (RON by the first
 * whose hand wins, and when that is B nobody RONs; else a PONG with a strict
 * drop by another player; else the next player's highest CHOW with a strict
 * drop, unless he is B; else pass); forcing it is forcing that candidate,
 * byte for byte (output and trace), and the main line when it is the rule's
 * own choice. Counts the declines that lead to neither pass nor the rule's
 * choice (the reason the label exists). */
static long declines_seen[3]; /* the rule's choice, pass, another claim */

static void check_declines(const mahjong_input *in, const ds_trace *m, const ds_buf *mo,
                           int max_forced) {
    size_t i;
    int forced = 0;
    for (i = 1; i < m->n; i++) {
        const mahjong_event *dsc = (const mahjong_event *)ds_trace_event(m, i - 1);
        mahjong_options d;
        int k, q, c, j;
        if (!mahjong_decision_at(m, i, &d) || !d.window) continue;
        /* one per player with a candidate, in turn order */
        for (k = 0, c = 0; c < 3; c++) {
            int has = 0;
            for (q = 0; q < d.n; q++) has |= d.opt[q].kind && d.opt[q].player == dsc->claims[c].player;
            if (!has) continue;
            CHECK(k < d.ndecline && d.decline[k].player == dsc->claims[c].player);
            k++;
        }
        CHECK_EQ_INT(k, d.ndecline);
        for (k = 0; k < d.ndecline; k++) {
            const mahjong_decline *x = &d.decline[k];
            char want[DS_CHOICE_LABEL], label[DS_CHOICE_LABEL];
            int ron = -1, pong = -1;
            snprintf(label, sizeof label, "%c declines", mahjong_player_name(x->player));
            CHECK(!strcmp(x->label, label));
            CHECK(x->then >= 0 && x->then < d.n);
            if (x->then < 0 || x->then >= d.n) continue;
            strcpy(want, "pass");
            for (c = 0; c < 3 && ron < 0; c++) if (dsc->claims[c].ron) ron = c;
            if (ron >= 0 && dsc->claims[ron].player != x->player) {
                snprintf(want, sizeof want, "%c RON", mahjong_player_name(dsc->claims[ron].player));
            } else {
                for (c = 0; c < 3; c++) {
                    const mahjong_claim *cl = &dsc->claims[c];
                    if (cl->player != x->player && cl->pong_after >= 0 && cl->pong_after < cl->dist) pong = c;
                }
                if (pong >= 0) {
                    snprintf(want, sizeof want, "%c PONG", mahjong_player_name(dsc->claims[pong].player));
                } else if (dsc->claims[0].player != x->player) {
                    const mahjong_claim *cl = &dsc->claims[0];
                    for (j = 0; j < 3; j++)
                        if (cl->chow_after[j] >= 0 && cl->chow_after[j] < cl->dist) {
                            int low = dsc->tile - j;
                            snprintf(want, sizeof want, "%c CHOW %s %s %s", mahjong_player_name(cl->player),
                                     mahjong_tile_name(low), mahjong_tile_name(low + 1), mahjong_tile_name(low + 2));
                            break;
                        }
                }
            }
            CHECK(!strcmp(d.opt[x->then].label, want));
            if (strcmp(d.opt[x->then].label, want))
                fprintf(stderr, "event %zu: %s leads to %s, want %s\n", i, x->label, d.opt[x->then].label, want);
            declines_seen[x->then == d.rule ? 0 : !strcmp(want, "pass") ? 1 : 2]++;
            /* forcing it = forcing that candidate (a few per game: each is a game) */
            if (forced < max_forced && (x->then != d.rule || forced == 0)) {
                ds_choice a, b;
                ds_trace ta, tb;
                ds_buf oa, ja, ob, jb;
                ds_error e;
                a.i = b.i = i;
                strcpy(a.label, x->label);
                strcpy(b.label, d.opt[x->then].label);
                CHECK(play(in, &a, 1, &ta, &oa, &ja, &e) == 0);
                CHECK(play(in, &b, 1, &tb, &ob, &jb, &e) == 0);
                CHECK(oa.len == ob.len && !memcmp(oa.data, ob.data, oa.len));
                CHECK(ja.len == jb.len && !memcmp(ja.data, jb.data, ja.len));
                if (x->then == d.rule) CHECK(oa.len == mo->len && !memcmp(oa.data, mo->data, oa.len));
                free_play(&ta, &oa, &ja);
                free_play(&tb, &ob, &jb);
                forced++;
            }
        }
        /* a decline of a player with nothing to claim is refused, naming them */
        for (c = 0; c < 3; c++) {
            int has = 0;
            ds_choice a;
            ds_trace ta;
            ds_buf oa, ja;
            ds_error e;
            for (k = 0; k < d.ndecline; k++) has |= d.decline[k].player == dsc->claims[c].player;
            if (has) continue;
            a.i = i;
            snprintf(a.label, sizeof a.label, "%c declines", mahjong_player_name(dsc->claims[c].player));
            CHECK(play(in, &a, 1, &ta, &oa, &ja, &e) == -1);
            CHECK(strstr(e.msg, "is not a choice") != NULL && strstr(e.msg, d.decline[0].label) != NULL);
            ds_buf_free(&oa);
            ds_buf_free(&ja);
            break;
        }
    }
}

static void test_variations(void) {
    mahjong_dist_cache *cache = mahjong_dist_cache_new();
    mahjong_input in;
    ds_rng r;
    int s, k, endings[3] = {0, 0, 0};
    ds_rng_seed(&r, 2021);
    for (s = 1; s <= MJ_VARIATION_GAMES; s++) {
        ds_trace m, v1, v2, v3, vr;
        ds_buf mo, mj, o1, j1, o2, j2, o3, j3, ro, rj;
        ds_error e;
        ds_choice ch[3];
        size_t decs[512], nd = 0, i;
        int before = ds_test_failed;
        mahjong_random_wall((uint64_t)s, in.wall);
        CHECK(play(&in, NULL, 0, &m, &mo, &mj, &e) == 0);
        check_decisions(&in, &m, &mj, cache);
        check_declines(&in, &m, &mo, 4);
        for (i = 0; i < m.n && nd < 512; i++) {
            mahjong_options d;
            if (mahjong_decision_at(&m, i, &d)) decs[nd++] = i;
        }
        /* the rule's own choices, at up to three random decisions at once:
         * the main line byte for byte, output and trace */
        {
            size_t picks = 1 + ds_rng_below(&r, 3), nc = 0;
            for (k = 0; k < (int)picks; k++) {
                size_t at = decs[ds_rng_below(&r, (uint32_t)nd)];
                mahjong_options d;
                size_t q;
                for (q = 0; q < nc && ch[q].i != at; q++) continue;
                if (q < nc) continue;
                mahjong_decision_at(&m, at, &d);
                ch[nc].i = at;
                strcpy(ch[nc].label, d.opt[d.rule].label);
                nc++;
            }
            /* sorted by index, as ds_choices_parse makes them */
            for (k = 1; k < (int)nc; k++) {
                ds_choice t = ch[k];
                int q = k - 1;
                while (q >= 0 && ch[q].i > t.i) ch[q + 1] = ch[q], q--;
                ch[q + 1] = t;
            }
            CHECK(play(&in, ch, nc, &vr, &ro, &rj, &e) == 0);
            CHECK(ro.len == mo.len && !memcmp(ro.data, mo.data, mo.len));
            CHECK(rj.len == mj.len && !memcmp(rj.data, mj.data, mj.len));
            free_play(&vr, &ro, &rj);
        }
        /* another candidate: in turn at the ending (a declined win), at a
         * discard with a special in hand, at a claim window the rule claims,
         * else at a random decision; then a chain of 2 and 3 */
        ch[0].i = 0;
        {
            size_t cands[512], nc = 0;
            for (i = 0; i < nd; i++) {
                const mahjong_event *ev = ds_trace_event(&m, decs[i]);
                const mahjong_event *pv = decs[i] ? ds_trace_event(&m, decs[i] - 1) : NULL;
                int ok = s % 4 == 0 ? decs[i] + 2 == m.n /* the RON / SELFDRAWN */
                         : s % 4 == 1 ? ev->kind == MJ_EV_DISCARD && ev->tile >= MJ_PASS &&
                                            (s % 8 != 1 || ev->tile == MJ_PASS)
                         : s % 4 == 2 ? pv && pv->kind == MJ_EV_DISCARD && pv->claim_by != MJ_NOBODY
                                      : 0;
                if (ok) cands[nc++] = decs[i];
            }
            if (nc) {
                mahjong_options d;
                size_t at = cands[ds_rng_below(&r, (uint32_t)nc)];
                if (mahjong_decision_at(&m, at, &d) && d.n > 1) {
                    k = (int)ds_rng_below(&r, (uint32_t)d.n - 1);
                    if (k >= d.chosen) k++;
                    /* a PASS naming another player than the rule's, when held */
                    if (s % 4 == 1 && d.opt[0].tile == MJ_PASS && s % 8 == 1)
                        k = d.chosen == 0 ? 2 : 0;
                    ch[0].i = at;
                    strcpy(ch[0].label, d.opt[k].label);
                }
            }
        }
        if (ch[0].i == 0 && !pick_other(&m, 0, &r, &ch[0])) {
            free_play(&m, &mo, &mj);
            continue;
        }
        check_variation(&in, cache, &r, ch, 1, &m, &mj, &v1, &o1, &j1);
        if (v1.events) {
            count_forced(&v1, ch[0].i, &m);
            if (pick_other(&v1, ch[0].i + 1, &r, &ch[1])) {
                check_variation(&in, cache, &r, ch, 2, &v1, &j1, &v2, &o2, &j2);
                forced_kinds[6]++;
                if (v2.events && pick_other(&v2, ch[1].i + 1, &r, &ch[2])) {
                    check_variation(&in, cache, &r, ch, 3, &v2, &j2, &v3, &o3, &j3);
                    forced_kinds[6]++;
                    if (v3.events) {
                        const mahjong_event *last = ds_trace_event(&v3, v3.n - 1);
                        const mahjong_event *pl = ds_trace_event(&v3, v3.n - 2);
                        endings[last->kind == MJ_EV_EXHAUSTED ? 2
                                : pl->kind == MJ_EV_RON        ? 0
                                                               : 1]++;
                    }
                    free_play(&v3, &o3, &j3);
                }
                free_play(&v2, &o2, &j2);
            }
            free_play(&v1, &o1, &j1);
        }
        /* errors: a forced choice at an event that is no decision, a label
         * that is no candidate (the message lists them all), past the end */
        for (i = 0; i < m.n; i++) {
            mahjong_options d;
            if (mahjong_decision_at(&m, i, &d)) continue;
            ch[0].i = i;
            strcpy(ch[0].label, "Z");
            CHECK(mahjong_simulate_try(&in, ch, 1, &vr, &e) == -1);
            CHECK(vr.events == NULL);
            CHECK(strstr(e.msg, "not a decision") != NULL);
            forced_kinds[7]++;
            break;
        }
        {
            mahjong_options d;
            char want[480];
            size_t len = 0;
            ch[0].i = decs[ds_rng_below(&r, (uint32_t)nd)];
            strcpy(ch[0].label, "CHOW");
            mahjong_decision_at(&m, ch[0].i, &d);
            len = (size_t)snprintf(want, sizeof want, "'CHOW' is not a choice at event %zu; the "
                                   "choices are: ", ch[0].i);
            for (k = 0; k < d.n + d.ndecline; k++)
                len += (size_t)snprintf(want + len, sizeof want - len, "%s%s", k ? ", " : "",
                                        k < d.n ? d.opt[k].label : d.decline[k - d.n].label);
            CHECK(mahjong_simulate_try(&in, ch, 1, &vr, &e) == -1);
            CHECK(!strcmp(e.msg, want));
            ch[0].i = m.n;
            strcpy(ch[0].label, "pass");
            CHECK(mahjong_simulate_try(&in, ch, 1, &vr, &e) == -1);
            CHECK(strstr(e.msg, "is past its end") != NULL);
        }
        free_play(&m, &mo, &mj);
        if (ds_test_failed != before) {
            fprintf(stderr, "variations of deck seed %d failed\n", s);
            if (ds_test_failed > 20) break;
        }
    }
    printf("%d games with variations: forced %ld declined SELFDRAWN, %ld declined RON, %ld PASS "
           "targets, %ld claims, %ld passes over a claim, %ld other discards; %ld chained "
           "choices; chains of 3 ended %d RON, %d SELFDRAWN, %d DRAW\n",
           MJ_VARIATION_GAMES, forced_kinds[0], forced_kinds[1], forced_kinds[2],
           forced_kinds[3], forced_kinds[4], forced_kinds[5], forced_kinds[6], endings[0],
           endings[1], endings[2]);
    for (k = 0; k < 8; k++) CHECK(forced_kinds[k] > 0);
    printf("declines: %ld lead to the rule's own choice, %ld to pass, %ld to another claim\n",
           declines_seen[0], declines_seen[1], declines_seen[2]);
    for (k = 0; k < 3; k++) CHECK(declines_seen[k] > 0);
    mahjong_dist_cache_free(cache);
}

/* The official cases through the API: output, JSON, generator round trip. */
static void test_official(void) {
    int i;
    mahjong_dist_cache *cache = mahjong_dist_cache_new();
    ds_rng r;
    ds_rng_seed(&r, 9);
    for (i = 0; i <= 50; i++) {
        char path[512], apath[512];
        size_t len, alen;
        char *text, *ans;
        mahjong_input *in;
        ds_trace tr;
        ds_error e;
        ds_buf out, js;
        size_t j, start, lines;
        if (i == 0) {
            snprintf(path, sizeof path, "%s/mahjong/sample-1.in", DS_SAMPLES);
            snprintf(apath, sizeof apath, "%s/mahjong/sample-1.ans", DS_SAMPLES);
        } else {
            snprintf(path, sizeof path, "%s/%d.in", DS_MJ_OFFICIAL, i);
            snprintf(apath, sizeof apath, "%s/%d.ans", DS_MJ_OFFICIAL, i);
        }
        text = ds_test_read_file(path, &len);
        ans = ds_test_read_file(apath, &alen);
        CHECK(text != NULL && ans != NULL);
        if (!text || !ans) { free(text); free(ans); continue; }
        CHECK(mahjong_parse(text, len, &in, &e) == 0);
        check_game(in, cache, &r, 1, NULL, 0);
        CHECK(mahjong_simulate(in, &tr, &e) == 0);
        ds_buf_init(&out);
        CHECK(mahjong_format(in, &tr, &out, NULL) == 0);
        CHECK(out.len == alen && !memcmp(out.data, ans, alen));
        /* JSON Lines: a header and one valid object per event */
        ds_buf_init(&js);
        CHECK(mahjong_trace_jsonl(in, &tr, DS_LANG_EN, &js) == 0);
        lines = count_lines(js.data, js.len);
        CHECK_EQ_INT(lines, tr.n + 1);
        for (j = 0, start = 0; j < js.len; j++)
            if (js.data[j] == '\n') {
                CHECK(json_ok(js.data + start, j - start));
                start = j + 1;
            }
        CHECK(strstr(js.data, "{\"type\":\"header\",\"game\":\"mahjong\"") == js.data);
        for (j = 0; j < 4; j++) {
            mahjong_state st;
            ds_buf_clear(&js);
            CHECK(ds_trace_seek(&tr, ds_rng_below(&r, (uint32_t)tr.n + 1), &st) == 0);
            CHECK(mahjong_state_json(in, &st, &js) == 0);
            CHECK(json_ok(js.data, js.len));
        }
        ds_buf_free(&js);
        ds_buf_free(&out);
        ds_trace_free(&tr);
        mahjong_input_free(in);
        free(text);
        free(ans);
    }
    mahjong_dist_cache_free(cache);
}

static void test_dp_json(void) {
    uint8_t h[MJ_KINDS];
    ds_error e;
    ds_buf b;
    mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
    CHECK(mahjong_parse_hand("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M PASS", 43, 0, h, &e) == 0);
    /* the nine gates plus PASS: add one tile, remove PASS */
    CHECK_EQ_INT(mahjong_distance_explain(h, 0, rec), 1);
    ds_buf_init(&b);
    CHECK(mahjong_dp_record_json(rec, &b) == 0);
    CHECK(json_ok(b.data, b.len));
    CHECK(strstr(b.data, "\"remove\":[\"PASS\"]") != NULL);
    ds_buf_free(&b);
    free(rec);
}

static void test_generator(void) {
    ds_buf a, b;
    mahjong_input *in;
    ds_error e;
    uint8_t wall[MJ_TILES];
    int k, i, count[MJ_KINDS] = {0};
    ds_buf_init(&a);
    ds_buf_init(&b);
    CHECK(mahjong_generate(123, 0, &a) == 0);
    CHECK(mahjong_generate(123, 0, &b) == 0);
    CHECK(a.len == b.len && !memcmp(a.data, b.data, a.len));
    CHECK(mahjong_parse(a.data, a.len, &in, &e) == 0);
    mahjong_random_wall(123, wall);
    CHECK(!memcmp(wall, in->wall, MJ_TILES));
    for (i = 0; i < MJ_TILES; i++) count[wall[i]]++;
    for (k = 0; k < MJ_KINDS; k++) CHECK_EQ_INT(count[k], 4);
    mahjong_input_free(in);
    ds_buf_clear(&b);
    CHECK(mahjong_generate(124, 0, &b) == 0);
    CHECK(a.len != b.len || memcmp(a.data, b.data, a.len));
    ds_buf_free(&a);
    ds_buf_free(&b);
}

int main(int argc, char **argv) {
    /* "variations": only the forced-choice properties (ctest mahjong_variations) */
    if (argc > 1 && !strcmp(argv[1], "variations")) {
        test_variations();
        DS_TEST_MAIN_END();
    }
    test_parse_errors();
    test_generator();
    test_dp_json();
    test_official();
    test_generated_games();
    DS_TEST_MAIN_END();
}
