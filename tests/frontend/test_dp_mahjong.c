/* test_dp_mahjong.c - mahjong's DP view model (web/app/model/view_dp_mahjong.c)
 * through its functions, on the sample, the 50 official cases and generated
 * decks. Its values must agree with the engine's OTHER outputs, computed on
 * the fast path (mahjong_distance with the block cache) during the
 * simulation and stored in the trace:
 *   - at every step, the DP opened on any player's complete hand has
 *     record.distance == state.dist[player] (the distance the simulation
 *     stored), and the record is a certificate: |add| = distance, hand + add
 *     - remove has 14-3n tiles;
 *   - each candidate of the decision at the step (a discard candidate, or a
 *     call option of the claims), opened, gives exactly the distance the
 *     engine's decision record lists for it; exactly one candidate per
 *     discard is marked chosen and it is the discarded tile;
 *   - the rows are exactly the states reachable in some table; the path
 *     starts at state 0 and ends at end_state, each step following
 *     record.choice;
 *   - the animation: seek clamps, stepping forward reaches the end, play runs
 *     to the end on real time and stops, reduced motion jumps;
 *   - info() is one JSON object with the same distance; a new load drops the
 *     DP state (dp_release);
 *   - still frames (dsv_dp_still, what an export draws): a render copy of the
 *     view at the live step gets the live DP state (hand, player, animation
 *     position) in its own memory; at any other step, the DP of the player
 *     the live view follows at that step, settled at the end of its
 *     animation; the live DP state is left as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "model/view.h"
#include "api/view_api.h"
#include "model/view_dp_mahjong.h"

static int total(const uint8_t *c, int n) {
    int k, s = 0;
    for (k = 0; k < n; k++) s += c[k];
    return s;
}

static long checked_hands, checked_cands, checked_claim_opts;

static void check_record(const mj_dpv *d) {
    const mahjong_dp_record *r = &d->rec;
    int k, s, sz = 0, inrows = 0;
    CHECK_EQ_INT(total(r->add, MJ_KINDS), r->distance);
    for (k = 0; k < MJ_KINDS; k++) sz += d->counts[k] + r->add[k] - r->remove[k];
    CHECK_EQ_INT(sz, 14 - 3 * d->melds);
    /* rows = reachable states, in index order */
    for (s = 0; s < MJ_DP_STATES; s++) {
        int reach = 0;
        for (k = 0; k <= MJ_NORMAL_KINDS; k++) reach |= r->value[k][s] >= 0;
        if (reach) {
            CHECK(d->state_row[s] == inrows);
            CHECK_EQ_INT(d->row_state[inrows], s);
            inrows++;
        } else {
            CHECK(d->state_row[s] == -1);
        }
    }
    CHECK_EQ_INT(d->nrows, inrows);
    /* the path follows choice from the start to the end state */
    CHECK_EQ_INT(d->path[0], 0);
    CHECK_EQ_INT(d->path[MJ_NORMAL_KINDS], r->end_state);
    CHECK_EQ_INT(r->value[MJ_NORMAL_KINDS][r->end_state], r->best_match);
    for (k = 1; k <= MJ_NORMAL_KINDS; k++) {
        CHECK((r->choice[k - 1][d->path[k]] & 0xFF) == d->path[k - 1]);
        CHECK(r->value[k][d->path[k]] >= r->value[k - 1][d->path[k - 1]]);
    }
}

static void check_game(ds_view *v) {
    size_t step, n = v->trace.n;
    mahjong_state st;
    for (step = 0; step <= n; step++) {
        int p, i;
        CHECK(ds_trace_seek(&v->trace, step, &st) == 0);
        dsv_seek(v, step, 0);
        for (p = 0; p < MJ_PLAYERS; p++) {
            const mj_dpv *d;
            int rc = mj_dpv_open(v, step, p);
            int complete = st.hand_n[p] == 13 - 3 * st.meld_n[p] || st.hand_n[p] == 14 - 3 * st.meld_n[p];
            d = mj_dpv_get(v);
            CHECK(d != NULL);
            if (!d) return;
            CHECK_EQ_INT(d->player, p);
            CHECK_EQ_INT(rc == 0, complete && st.dist[p] >= 0);
            if (rc) continue;
            CHECK_EQ_INT(d->rec.distance, st.dist[p]);
            check_record(d);
            checked_hands++;
        }
        /* the player to act by default, and the candidates of the decision */
        if (mj_dpv_open(v, step, -1) != 0 && !mj_dpv_get(v)) continue;
        {
            const mj_dpv *d = mj_dpv_get(v);
            int nchosen = 0, ncand;
            const mahjong_event *e = step < n ? ds_trace_event(&v->trace, step) : NULL;
            if (e && e->kind == MJ_EV_DISCARD) {
                CHECK_EQ_INT(d->decision_kind, 1);
                CHECK_EQ_INT(d->player, e->player);
                CHECK_EQ_INT(d->ncand, e->ncand);
            }
            ncand = d->ncand;
            for (i = 0; i < ncand; i++) {
                mj_dpv_cand c = mj_dpv_get(v)->cand[i];
                int rc;
                nchosen += c.chosen;
                rc = mj_dpv_open_candidate(v, i);
                d = mj_dpv_get(v);
                CHECK_EQ_INT(d->source, i);
                CHECK_EQ_INT(rc, 0);
                if (rc) continue;
                if (c.dist >= 0) CHECK_EQ_INT(d->rec.distance, c.dist);
                if (c.kind == 2) CHECK_EQ_INT(d->rec.distance, 0);
                check_record(d);
                if (c.kind == 0) checked_cands++;
                else checked_claim_opts++;
            }
            if (e && e->kind == MJ_EV_DISCARD) {
                CHECK_EQ_INT(nchosen, 1);
                for (i = 0; i < ncand; i++)
                    if (mj_dpv_get(v)->cand[i].chosen) CHECK_EQ_INT(mj_dpv_get(v)->cand[i].tile, e->tile);
            }
        }
    }
}

static char *read_file_in(const char *dir, const char *rel, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    return ds_test_read_file(path, len);
}

static void check_anim(ds_view *v) {
    mj_dpv *d;
    int i, guard = 0;
    const char *js;
    CHECK(mj_dpv_open(v, v->trace.n / 2, -1) == 0 || mj_dpv_get(v));
    d = (mj_dpv *)mj_dpv_get(v);
    CHECK(d != NULL);
    if (!d) return;
    /* opening plays from 0 */
    CHECK_EQ_INT(d->pos, 0);
    CHECK_EQ_INT(d->playing, 1);
    dsv_api_dp_mahjong_seek(-5, 0);
    CHECK_EQ_INT(dsv_api_dp_mahjong_pos(), 0);
    CHECK_EQ_INT(dsv_api_dp_mahjong_playing(), 0);
    dsv_api_dp_mahjong_seek(1000, 0);
    CHECK_EQ_INT(dsv_api_dp_mahjong_pos(), MJ_DPV_POS_MAX);
    dsv_api_dp_mahjong_seek(3, 1);
    CHECK_EQ_INT(dsv_api_dp_mahjong_pos(), 3);
    for (i = 0; i < 50; i++) dsv_api_dp_mahjong_seek(dsv_api_dp_mahjong_pos() + 1, 1);
    CHECK_EQ_INT(dsv_api_dp_mahjong_pos(), MJ_DPV_POS_MAX);
    /* play on real time: every position once, then stop */
    dsv_api_dp_mahjong_play(1); /* at the end: restarts from 0 */
    CHECK_EQ_INT(dsv_api_dp_mahjong_pos(), 0);
    dsv_api_dp_mahjong_set_speed(8);
    {
        int last = 0, seen = 1;
        while (dsv_api_dp_mahjong_playing() && guard++ < 100000) {
            mj_dpv_tick(d, 1.0 / 60, 0);
            if (d->pos != last) {
                CHECK_EQ_INT(d->pos, last + 1);
                last = d->pos;
                seen++;
            }
        }
        CHECK_EQ_INT(seen, MJ_DPV_POS_MAX + 1);
        CHECK_EQ_INT(d->pos, MJ_DPV_POS_MAX);
    }
    /* reduced motion: opening jumps to the end */
    v->reduced_motion = 1;
    mj_dpv_open(v, v->trace.n / 2, -1);
    CHECK_EQ_INT(mj_dpv_get(v)->pos, MJ_DPV_POS_MAX);
    v->reduced_motion = 0;
    /* info: JSON with the same distance */
    js = dsv_api_dp_mahjong_info();
    {
        char want[64];
        snprintf(want, sizeof want, "\"distance\":%d,", mj_dpv_get(v)->rec.distance);
        CHECK(js[0] == '{' && strstr(js, want) != NULL);
        CHECK(strstr(js, "\"candidates\":[") != NULL);
    }
    js = dsv_api_dp_mahjong_record();
    CHECK(js[0] == '{' && strstr(js, "\"groups_found\"") != NULL);
    /* following the step */
    dsv_seek(v, 3, 0);
    d = mj_dpv_sync(v);
    CHECK(d && d->step == 3);
    CHECK(mj_dpv_open_candidate(v, 999) == -1);
}

static void check_still(ds_view *v) {
    size_t n = v->trace.n, live = n / 2, s;
    mj_dpv before;
    const mj_dpv *l;
    int stills = 0;
    v->mode = DSV_MODE_DP;
    dsv_seek(v, live, 0);
    dsv_dp_update(v, 0, 6.0);
    CHECK(mj_dpv_open(v, live, 2) == 0 || !mj_dpv_get(v)->ok);
    mj_dpv_seek((mj_dpv *)mj_dpv_get(v), 20, 0);
    l = mj_dpv_get(v);
    CHECK(l != NULL);
    if (!l) return;
    memcpy(&before, l, sizeof before);
    for (s = 0; s <= n; s += s == live ? 1 : 1 + n / 25) {
        ds_view c = *v; /* a render copy: its own cursor, its own DP state */
        const mj_dpv *d;
        c.dp = NULL;
        c.dp_release = NULL;
        c.step = c.from_step = s;
        CHECK_EQ_INT(dsv_dp_still(&c, v), 0);
        d = mj_dpv_get(&c);
        CHECK(d != NULL && (const void *)d != (const void *)l);
        if (d) {
            CHECK(d->step == s && d->player == (s == live ? 2 : d->player) && !d->playing);
            if (s == live) {
                CHECK_EQ_INT(d->pos, 20);
                CHECK(memcmp(d->counts, l->counts, sizeof d->counts) == 0 && d->rec.distance == l->rec.distance);
            } else {
                CHECK_EQ_INT(d->pos, MJ_DPV_POS_MAX);
                CHECK_EQ_INT(d->follow, 2);
                CHECK_EQ_INT(d->player, 2);
            }
            stills++;
        }
        if (c.dp_release) c.dp_release(&c);
        if (s == n) break;
    }
    CHECK(stills > 10);
    CHECK(memcmp(&before, mj_dpv_get(v), sizeof before) == 0); /* the live DP state untouched */
    v->mode = DSV_MODE_GAME;
}

int main(void) {
    ds_view v;
    size_t len;
    char *text;
    int i;
    dsv_init(&v);
    view_api_attach(&v, NULL);
    /* nothing loaded */
    CHECK(mj_dpv_sync(&v) == NULL);
    CHECK(strcmp(dsv_api_dp_mahjong_info(), "null") == 0);
    CHECK_EQ_INT(dsv_api_dp_mahjong_open(-1, -1), -1);

    text = read_file_in(DS_SAMPLES "/mahjong", "sample-1.in", &len);
    CHECK(text != NULL);
    if (!text) return 1;
    CHECK(dsv_load(&v, DSV_MAHJONG, text, len) == 0);
    free(text);
    check_game(&v);
    check_anim(&v);
    check_still(&v);

    for (i = 1; i <= 50; i += 7) {
        char rel[64];
        snprintf(rel, sizeof rel, "%d.in", i);
        text = read_file_in(DS_MJ_OFFICIAL, rel, &len);
        CHECK(text != NULL);
        if (!text) continue;
        CHECK(dsv_load(&v, DSV_MAHJONG, text, len) == 0);
        CHECK(mj_dpv_get(&v) == NULL); /* dropped by the load */
        free(text);
        check_game(&v);
    }
    for (i = 1; i <= 6; i++) {
        ds_buf deck;
        ds_buf_init(&deck);
        CHECK(dsv_generate(DSV_MAHJONG, (uint64_t)i, &deck) == 0);
        CHECK(dsv_load(&v, DSV_MAHJONG, deck.data, deck.len) == 0);
        ds_buf_free(&deck);
        check_game(&v);
    }
    /* another game: no mahjong DP */
    {
        ds_buf deck;
        ds_buf_init(&deck);
        CHECK(dsv_generate(DSV_THEGAME, 1, &deck) == 0);
        CHECK(dsv_load(&v, DSV_THEGAME, deck.data, deck.len) == 0);
        ds_buf_free(&deck);
        CHECK(mj_dpv_sync(&v) == NULL);
        CHECK(strcmp(dsv_api_dp_mahjong_info(), "null") == 0);
    }
    printf("checked %ld hands, %ld discard candidates, %ld call options\n", checked_hands, checked_cands,
           checked_claim_opts);
    CHECK(checked_hands > 1000);
    CHECK(checked_cands > 100);
    CHECK(checked_claim_opts > 10);
    dsv_free(&v);
    DS_TEST_MAIN_END();
}
