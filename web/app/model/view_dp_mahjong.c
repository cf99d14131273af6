/* view_dp_mahjong.c - the winning-distance DP view of mahjong: which hand is
 * explained, its engine record (mahjong_distance_explain), the candidates of
 * the decision at that step (from the engine's decision record of the event),
 * the rows shown and the animation cursor. The page's panel
 * (web/shell/games/mahjong.js) reaches it through api/api_dp_mahjong.c.
 *
 * No recurrence here: every value drawn or listed comes from the
 * mahjong_dp_record or from the mahjong_event's record. The only arithmetic on
 * hands is forming the hand a candidate leads to (hand - discarded tile,
 * hand - the two tiles of a call, hand + the RON tile), which is what the
 * engine's decision record says it evaluated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/view_dp_mahjong.h"

#define STEP_SECONDS 0.32 /* one column at speed 1 */

static void release(ds_view *v) {
    free(v->dp);
    v->dp = NULL;
    v->dp_release = NULL;
}

const mj_dpv *mj_dpv_get(const ds_view *v) {
    const mj_dpv *d;
    if (!v || v->game != DSV_MAHJONG || !v->loaded || !v->dp || v->dp_release != release) return NULL;
    d = v->dp;
    return d->magic == MJ_DPV_MAGIC && d->generation == v->generation ? d : NULL;
}

void mj_dpv_state_code(int s, char *buf, size_t n) {
    if (s < 0 || s >= MJ_DP_STATES) {
        if (n) buf[0] = 0;
        return;
    }
    snprintf(buf, n, "g%dp%d[%d%d]", s / 50, s / 25 % 2, s / 5 % 5, s % 5);
}

/* Runs the engine's recorded DP on d->counts / d->melds and derives what the
 * scene shows (rows, backtracked path) from the record. */
static void explain(mj_dpv *d) {
    int k, s, n = 0;
    int tiles = 0;
    for (k = 0; k < MJ_KINDS; k++) tiles += d->counts[k];
    d->ok = d->melds >= 0 && d->melds <= 4 && (tiles == 13 - 3 * d->melds || tiles == 14 - 3 * d->melds);
    memset(d->state_row, 0xff, sizeof d->state_row);
    d->nrows = 0;
    d->version++;
    if (!d->ok) return;
    if (mahjong_distance_explain(d->counts, d->melds, &d->rec) < 0) {
        d->ok = 0;
        return;
    }
    for (s = 0; s < MJ_DP_STATES; s++) {
        int reach = 0;
        for (k = 0; k <= MJ_NORMAL_KINDS && !reach; k++) reach = d->rec.value[k][s] >= 0;
        if (!reach) continue;
        d->row_state[n] = (uint8_t)s;
        d->state_row[s] = (int16_t)n;
        n++;
    }
    d->nrows = n;
    /* the path: end state, then each state's recorded source */
    s = d->rec.end_state;
    for (k = MJ_NORMAL_KINDS; k >= 0; k--) {
        d->path[k] = (uint8_t)(s >= 0 && s < MJ_DP_STATES ? s : 0);
        if (k > 0) {
            uint16_t ch = s >= 0 && s < MJ_DP_STATES ? d->rec.choice[k - 1][s] : 0xFFFF;
            s = ch == 0xFFFF ? 0 : ch & 0xFF;
        }
    }
}

static void start_anim(ds_view *v, mj_dpv *d) {
    d->from_pos = 0;
    d->anim = 1;
    d->hold = 0;
    if (v->reduced_motion) {
        d->pos = MJ_DPV_POS_MAX;
        d->playing = 0;
    } else {
        d->pos = 0;
        d->playing = 1;
    }
}

/* The decision at `step`: the discard about to be made (event `step`), or
 * the claims on the discard that was just made (event step-1). */
static void list_candidates(ds_view *v, mj_dpv *d, const mahjong_state *st) {
    const mahjong_event *e = NULL;
    int i;
    d->ncand = 0;
    d->decision_kind = 0;
    d->decision_event = -1;
    if (d->step < v->trace.n) {
        e = ds_trace_event(&v->trace, d->step);
        if (e->kind == MJ_EV_DISCARD && e->ncand > 0) {
            int p = e->player & 3;
            d->decision_kind = 1;
            d->decision_event = (int)d->step;
            for (i = 0; i < e->ncand && d->ncand < MJ_DPV_MAX_CANDS; i++) {
                mj_dpv_cand *c = &d->cand[d->ncand];
                int t = e->cand[i].tile;
                if (t >= MJ_KINDS || !st->hand[p][t]) continue;
                memset(c, 0, sizeof *c);
                c->kind = 0;
                c->player = p;
                c->tile = t;
                c->low = -1;
                c->dist = e->cand[i].dist;
                c->chosen = t == e->tile;
                memcpy(c->counts, st->hand[p], MJ_KINDS);
                c->counts[t]--;
                c->melds = st->meld_n[p];
                d->ncand++;
            }
            return;
        }
    }
    if (d->step > 0) {
        e = ds_trace_event(&v->trace, d->step - 1);
        if (e->kind == MJ_EV_DISCARD && e->nclaims > 0 && e->tile < MJ_NORMAL_KINDS) {
            const mahjong_event *next = d->step < v->trace.n ? ds_trace_event(&v->trace, d->step) : NULL;
            int t = e->tile, j;
            d->decision_kind = 2;
            d->decision_event = (int)d->step - 1;
            for (i = 0; i < e->nclaims && i < 3; i++) {
                const mahjong_claim *cl = &e->claims[i];
                int p = cl->player & 3, n = st->meld_n[p];
                int called = e->claim_by == p;
                mj_dpv_cand *c;
                if (cl->verdict == MJ_V_NOTHING) continue;
                /* keep the hand (no call) */
                if (d->ncand < MJ_DPV_MAX_CANDS) {
                    c = &d->cand[d->ncand++];
                    memset(c, 0, sizeof *c);
                    c->kind = 1, c->player = p, c->tile = t, c->low = -1, c->dist = cl->dist;
                    c->chosen = !called;
                    memcpy(c->counts, st->hand[p], MJ_KINDS);
                    c->melds = n;
                }
                if (cl->ron && d->ncand < MJ_DPV_MAX_CANDS && st->hand[p][t] < 4) {
                    c = &d->cand[d->ncand++];
                    memset(c, 0, sizeof *c);
                    c->kind = 2, c->player = p, c->tile = t, c->low = -1, c->dist = 0;
                    c->chosen = called && e->claim_how == MJ_EV_RON;
                    memcpy(c->counts, st->hand[p], MJ_KINDS);
                    c->counts[t]++;
                    c->melds = n;
                }
                if (cl->pong_after >= 0 && d->ncand < MJ_DPV_MAX_CANDS && st->hand[p][t] >= 2 && n < 4) {
                    c = &d->cand[d->ncand++];
                    memset(c, 0, sizeof *c);
                    c->kind = 3, c->player = p, c->tile = t, c->low = t, c->dist = cl->pong_after;
                    c->chosen = called && e->claim_how == MJ_EV_PONG;
                    memcpy(c->counts, st->hand[p], MJ_KINDS);
                    c->counts[t] -= 2;
                    c->melds = n + 1;
                }
                for (j = 0; j < 3; j++) {
                    int low = t - j, k, okc = 1;
                    if (cl->chow_after[j] < 0 || d->ncand >= MJ_DPV_MAX_CANDS || n >= 4 || low < 0) continue;
                    c = &d->cand[d->ncand];
                    memset(c, 0, sizeof *c);
                    memcpy(c->counts, st->hand[p], MJ_KINDS);
                    for (k = low; k < low + 3; k++) {
                        if (k == t) continue;
                        if (k >= MJ_NORMAL_KINDS || !c->counts[k]) okc = 0;
                        else c->counts[k]--;
                    }
                    if (!okc) continue;
                    c->kind = 4, c->player = p, c->tile = t, c->low = low, c->dist = cl->chow_after[j];
                    c->chosen = called && e->claim_how == MJ_EV_CHOW && next && next->kind == MJ_EV_CHOW &&
                                next->target == low;
                    c->melds = n + 1;
                    d->ncand++;
                }
            }
        }
    }
}

static mj_dpv *ensure(ds_view *v) {
    mj_dpv *d;
    if (!v || v->game != DSV_MAHJONG || !v->loaded) return NULL;
    d = (mj_dpv *)mj_dpv_get(v);
    if (d) return d;
    if (v->dp && v->dp_release) v->dp_release(v);
    d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->magic = MJ_DPV_MAGIC;
    d->generation = v->generation;
    d->speed = 1;
    d->player = -1;
    d->follow = -1;
    d->step = (size_t)-1;
    v->dp = d;
    v->dp_release = release;
    return d;
}

static int open_at(ds_view *v, mj_dpv *d, size_t step, int player) {
    mahjong_state st;
    int p = player;
    if (step > v->trace.n) step = v->trace.n;
    if (ds_trace_seek(&v->trace, step, &st)) return -1;
    if (p < 0 || p > 3) {
        /* the player who acts next: the actor of event `step`, else cur */
        p = st.cur & 3;
        if (step < v->trace.n) {
            const mahjong_event *e = ds_trace_event(&v->trace, step);
            if (e->kind != MJ_EV_EXHAUSTED && e->kind != MJ_EV_DEAL) p = e->player & 3;
        }
    }
    d->step = step;
    d->player = p;
    d->follow = player;
    d->source = -1;
    memcpy(d->counts, st.hand[p], MJ_KINDS);
    d->melds = st.meld_n[p];
    explain(d);
    list_candidates(v, d, &st);
    start_anim(v, d);
    return d->ok ? 0 : -1;
}

int mj_dpv_open(ds_view *v, size_t step, int player) {
    mj_dpv *d = ensure(v);
    if (!d) return -1;
    return open_at(v, d, step, player);
}

mj_dpv *mj_dpv_sync(ds_view *v) {
    mj_dpv *d = ensure(v);
    if (!d) return NULL;
    if (d->step != v->step) open_at(v, d, v->step, d->follow);
    return d;
}

int mj_dpv_open_candidate(ds_view *v, int i) {
    mj_dpv *d = (mj_dpv *)mj_dpv_get(v);
    if (!d || i < 0 || i >= d->ncand) return -1;
    d->source = i;
    d->player = d->cand[i].player;
    memcpy(d->counts, d->cand[i].counts, MJ_KINDS);
    d->melds = d->cand[i].melds;
    explain(d);
    start_anim(v, d);
    return d->ok ? 0 : -1;
}

void mj_dpv_seek(mj_dpv *d, int pos, int animate) {
    if (pos < 0) pos = 0;
    if (pos > MJ_DPV_POS_MAX) pos = MJ_DPV_POS_MAX;
    d->from_pos = animate && (pos == d->pos + 1 || pos + 1 == d->pos) ? d->pos : pos;
    d->anim = d->from_pos == pos ? 1 : 0;
    d->pos = pos;
    d->hold = 0;
}

void mj_dpv_tick(mj_dpv *d, double dt, int reduced_motion) {
    double step_s = STEP_SECONDS / (d->speed > 0 ? d->speed : 1);
    if (dt < 0) dt = 0;
    if (dt > 0.25) dt = 0.25;
    if (d->anim < 1) {
        d->anim = reduced_motion ? 1 : d->anim + dt / (step_s * 0.8);
        if (d->anim > 1) d->anim = 1;
        return;
    }
    if (!d->playing) return;
    if (d->pos >= MJ_DPV_POS_MAX) {
        d->playing = 0;
        return;
    }
    d->hold += dt;
    if (d->hold >= step_s * 0.2 || reduced_motion) mj_dpv_seek(d, d->pos + 1, !reduced_motion);
}

void mj_dpv_update(ds_view *v, double dt) {
    mj_dpv *d = mj_dpv_sync(v);
    if (d) mj_dpv_tick(d, dt, v->reduced_motion);
}

int mj_dpv_animating(const ds_view *v) {
    const mj_dpv *d = mj_dpv_get(v);
    return d && (d->anim < 1 || d->playing);
}

int mj_dpv_still(ds_view *copy, const ds_view *live) {
    const mj_dpv *l = mj_dpv_get(live);
    mj_dpv *d = ensure(copy);
    if (!d) return copy->game == DSV_MAHJONG && copy->loaded ? -1 : 0;
    if (l && l->step == live->step && copy->step == live->step) {
        *d = *l; /* the canvas at this step: its hand, candidate, animation */
        d->playing = 0;
        return 0;
    }
    if (d->step != copy->step || d->source != -1 || d->follow != (l ? l->follow : -1))
        open_at(copy, d, copy->step, l ? l->follow : -1);
    mj_dpv_seek(d, MJ_DPV_POS_MAX, 0); /* settled, as after its animation */
    d->playing = 0;
    return 0;
}
