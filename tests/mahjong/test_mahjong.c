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
        strcpy(lines[last_other], lines[0]);
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

/* The decision record of a discard, checked against the state before it. */
static void check_discard(checker *c, const mahjong_state *st, const mahjong_event *ev) {
    int p = ev->player, n = st->meld_n[p], i, k, best = 99, specials = 0;
    uint8_t h[MJ_KINDS];
    memcpy(h, st->hand[p], MJ_KINDS);
    CHECK_EQ_INT(p, st->cur);
    for (k = MJ_PASS; k <= MJ_DOUBLE; k++) specials += h[k] > 0;
    if (specials) {
        int first = h[MJ_PASS] ? MJ_PASS : h[MJ_REVERSE] ? MJ_REVERSE : MJ_DOUBLE;
        CHECK_EQ_INT(ev->rule, MJ_WHY_SPECIAL);
        CHECK_EQ_INT(ev->tile, first);
        CHECK_EQ_INT(ev->ncand, specials);
        CHECK_EQ_INT(ev->nclaims, 0);
        CHECK_EQ_INT(ev->claim_by, MJ_NOBODY);
        if (first == MJ_PASS) CHECK_EQ_INT(ev->target, (p + st->dir + 4) & 3);
        return;
    }
    /* every distinct kind is a candidate, in the order Z F B .. 1M */
    for (k = MJ_NORMAL_KINDS - 1, i = 0; k >= 0; k--) {
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
    CHECK_EQ_INT(i, ev->ncand);
    for (i = 0; i < ev->ncand; i++)
        if (ev->cand[i].dist == best) break;
    CHECK_EQ_INT(ev->tile, ev->cand[i].tile);
    CHECK_EQ_INT(ev->dist, best);
    {
        int ties = 0;
        for (k = 0; k < ev->ncand; k++) ties += ev->cand[k].dist == best;
        CHECK_EQ_INT(ev->rule, ties > 1 ? MJ_WHY_TIE_ORDER : MJ_WHY_MIN_DIST);
    }
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

/* Plays one game and checks everything; returns the number of events. */
static size_t check_game(const mahjong_input *in, mahjong_dist_cache *cache, ds_rng *r,
                         int compare_uncached) {
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
    CHECK(mahjong_simulate(in, &tr, &e) == 0);
    n = tr.n;
    mahjong_initial(&st);
    for (i = 0; i <= n; i++) {
        const mahjong_event *ev = i < n ? (const mahjong_event *)ds_trace_event(&tr, i) : NULL;
        mahjong_state before = st;
        check_state(&c, &st);
        if (!ev) break;
        if (ev->kind == MJ_EV_DISCARD) check_discard(&c, &st, ev);
        if (ev->kind == MJ_EV_DRAW) CHECK_EQ_INT(st.phase, MJ_PH_TURN);
        if (ev->kind == MJ_EV_EXHAUSTED) CHECK_EQ_INT(st.wall_pos, MJ_TILES);
        if (ev->kind == MJ_EV_SKIP) CHECK(st.skip[ev->player]);
        if (ev->kind == MJ_EV_PONG || ev->kind == MJ_EV_CHOW || ev->kind == MJ_EV_RON) {
            const mahjong_event *d = (const mahjong_event *)ds_trace_event(&tr, i - 1);
            CHECK_EQ_INT(d->kind, MJ_EV_DISCARD);
            CHECK_EQ_INT(d->claim_by, ev->player);
            CHECK_EQ_INT(d->claim_how, ev->kind);
        }
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
        CHECK(mahjong_simulate_with(in, &t2, NULL, NULL, &e) == 0);
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
        events += check_game(&in, cache, &r, s % 50 == 0);
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
        check_game(in, cache, &r, 1);
        CHECK(mahjong_simulate(in, &tr, &e) == 0);
        ds_buf_init(&out);
        CHECK(mahjong_format(in, &tr, &out, NULL) == 0);
        CHECK(out.len == alen && !memcmp(out.data, ans, alen));
        /* JSON Lines: a header and one valid object per event */
        ds_buf_init(&js);
        CHECK(mahjong_trace_jsonl(in, &tr, &js) == 0);
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

int main(void) {
    test_parse_errors();
    test_generator();
    test_dp_json();
    test_official();
    test_generated_games();
    DS_TEST_MAIN_END();
}
