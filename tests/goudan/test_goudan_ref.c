/* test_goudan_ref.c - an independent, straightforward reference for goudan.
 *
 * A plain memoised game search written from the statement, sharing no code
 * with the engine: the game state is kept as explicit minion lists (one entry
 * per minion, sorted only to build the memo key), every legal operation is
 * tried on every individual minion, skills may be used at any time, each of
 * the k+2 characters of a random hit is enumerated on its own, and end-turn
 * recurses into the opponent's turn start (draw included). It is slow, so it
 * is run on small HPs only; the engine's table (solved with the same HP cap)
 * and the engine's in-turn evaluator are compared with it within 1e-9.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "goudan/goudan.h"

typedef struct rs {
    int hp[2];      /* [0] = player to move, [1] = the other */
    int hand[2];
    int n[2];
    int mhp[2][4];  /* minion HPs */
    int att[4];     /* attack marks of the mover's minions */
    int ops, made;
} rs;

static int RO; /* O of the current reference run (test-local) */

/* ---- memo: open addressing on a 64-bit canonical key -------------------- */
typedef struct memo { uint64_t *k; double *v; size_t cap, n; } memo;

static uint64_t rkey(const rs *s, int kind, int hits) {
    /* canonical: the mover's minions as sorted codes (hp*2+att), the other's sorted HPs */
    int a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0}, i, j, t;
    uint64_t k = 0;
    for (i = 0; i < s->n[0]; i++) a[i] = s->mhp[0][i] * 2 + s->att[i] - 1; /* 1..4 */
    for (i = 0; i < s->n[1]; i++) b[i] = s->mhp[1][i];
    for (i = 0; i < 4; i++)
        for (j = i + 1; j < 4; j++) {
            if (a[j] > a[i]) { t = a[i]; a[i] = a[j]; a[j] = t; }
            if (b[j] > b[i]) { t = b[i]; b[i] = b[j]; b[j] = t; }
        }
    for (i = 0; i < 4; i++) k = k * 5 + (uint64_t)a[i];
    for (i = 0; i < 4; i++) k = k * 3 + (uint64_t)b[i];
    k = k * 32 + (uint64_t)s->hp[0];
    k = k * 32 + (uint64_t)s->hp[1];
    k = k * 4 + (uint64_t)s->hand[0];
    k = k * 4 + (uint64_t)s->hand[1];
    k = k * 8 + (uint64_t)s->ops;
    k = k * 2 + (uint64_t)s->made;
    k = k * 4 + (uint64_t)hits;
    k = k * 3 + (uint64_t)kind;
    return k + 1;
}

static size_t hslot(uint64_t k, size_t cap) {
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static int mget(memo *m, uint64_t k, double *v) {
    size_t i;
    if (!m->cap) return 0;
    for (i = hslot(k, m->cap); m->k[i]; i = (i + 1) & (m->cap - 1))
        if (m->k[i] == k) { *v = m->v[i]; return 1; }
    return 0;
}

static void mput(memo *m, uint64_t k, double v) {
    size_t i;
    if ((m->n + 1) * 2 > m->cap) {
        memo nm;
        size_t j;
        nm.cap = m->cap ? m->cap * 2 : 1024;
        nm.n = 0;
        nm.k = (uint64_t *)calloc(nm.cap, sizeof(uint64_t));
        nm.v = (double *)malloc(nm.cap * sizeof(double));
        if (!nm.k || !nm.v) { fprintf(stderr, "out of memory\n"); abort(); }
        for (j = 0; j < m->cap; j++)
            if (m->k[j]) mput(&nm, m->k[j], m->v[j]);
        free(m->k);
        free(m->v);
        *m = nm;
    }
    for (i = hslot(k, m->cap); m->k[i] && m->k[i] != k; i = (i + 1) & (m->cap - 1)) {}
    if (!m->k[i]) m->n++;
    m->k[i] = k;
    m->v[i] = v;
}

static memo M;

static void del_minion(rs *s, int side, int i) {
    int j;
    for (j = i; j + 1 < s->n[side]; j++) {
        s->mhp[side][j] = s->mhp[side][j + 1];
        if (side == 0) s->att[j] = s->att[j + 1];
    }
    s->n[side]--;
    s->mhp[side][s->n[side]] = 0;
    if (side == 0) s->att[s->n[side]] = 0;
}

static double ref_turn(const rs *s);

/* The player who just ended (side 0 of s) hands over: value for the new mover. */
static double ref_start(const rs *ended) {
    rs t;
    int i;
    memset(&t, 0, sizeof t);
    t.hp[0] = ended->hp[1];
    t.hp[1] = ended->hp[0];
    t.hand[0] = ended->hand[1];
    t.hand[1] = ended->hand[0];
    t.n[0] = ended->n[1];
    t.n[1] = ended->n[0];
    for (i = 0; i < 4; i++) { t.mhp[0][i] = ended->mhp[1][i]; t.mhp[1][i] = ended->mhp[0][i]; }
    /* turn start: marks reset (all zero here), draw below 3 */
    if (t.hand[0] < 3) t.hand[0]++;
    t.ops = RO;
    t.made = 0;
    return ref_turn(&t);
}

/* A play in progress: `hits` hits left, then the new minion. */
static double ref_hits(const rs *s, int hits) {
    uint64_t key;
    double v, acc = 0;
    int chars, c;
    if (hits == 0) {
        rs t = *s;
        t.mhp[0][t.n[0]] = 2;
        t.att[t.n[0]] = 1;
        t.n[0]++;
        return ref_turn(&t);
    }
    key = rkey(s, 1, hits);
    if (mget(&M, key, &v)) return v;
    chars = 2 + s->n[0] + s->n[1];
    for (c = 0; c < chars; c++) {
        rs t = *s;
        double x;
        if (c < 2) {
            t.hp[c]--;
            if (t.hp[c] == 0) x = c == 0 ? 0.0 : 1.0;
            else x = ref_hits(&t, hits - 1);
        } else {
            int side = c - 2 < s->n[0] ? 0 : 1, i = side == 0 ? c - 2 : c - 2 - s->n[0];
            t.mhp[side][i]--;
            if (t.mhp[side][i] == 0) del_minion(&t, side, i);
            x = ref_hits(&t, hits - 1);
        }
        acc += x / chars;
    }
    mput(&M, key, acc);
    return acc;
}

static double ref_turn(const rs *s) {
    uint64_t key = rkey(s, 0, 0);
    double best = -HUGE_VAL, v;
    int i, j;
    if (mget(&M, key, &v)) return v;
    /* skill */
    if (s->ops > 0) {
        rs t = *s;
        t.hp[0] -= 2;
        t.ops--;
        t.made = 1;
        if (t.hand[0] < 3) t.hand[0]++;
        v = t.hp[0] <= 0 ? 0.0 : ref_turn(&t);
        if (v > best) best = v;
    }
    /* attacks, minion by minion */
    for (i = 0; i < s->n[0]; i++) {
        if (s->att[i]) continue;
        {
            rs t = *s;
            t.hp[1] -= 3;
            t.att[i] = 1;
            t.made = 1;
            v = t.hp[1] <= 0 ? 1.0 : ref_turn(&t);
            if (v > best) best = v;
        }
        for (j = 0; j < s->n[1]; j++) {
            rs t = *s;
            t.made = 1;
            del_minion(&t, 1, j);
            del_minion(&t, 0, i);
            v = ref_turn(&t);
            if (v > best) best = v;
        }
    }
    /* play */
    if (s->ops > 0 && s->hand[0] > 0 && s->n[0] < 4) {
        rs t = *s;
        t.ops--;
        t.hand[0]--;
        t.made = 1;
        v = ref_hits(&t, 3);
        if (v > best) best = v;
    }
    /* end turn */
    if (s->made) {
        v = 1.0 - ref_start(s);
        if (v > best) best = v;
    }
    if (best == -HUGE_VAL) { fprintf(stderr, "reference: no legal operation hp %d %d ops %d made %d n %d %d hand %d\n", s->hp[0], s->hp[1], s->ops, s->made, s->n[0], s->n[1], s->hand[0]); abort(); }
    mput(&M, key, best);
    return best;
}

/* Value of a start state (before the draw), with the mover's/other's minions as HP lists. */
static double ref_query(int a, int b, const int *mine, int nm, const int *theirs, int nt,
                        int myhand, int opphand) {
    rs e;
    int i;
    memset(&e, 0, sizeof e);
    /* build the "ended" state of the previous mover (the opponent), then start */
    e.hp[0] = b;
    e.hp[1] = a;
    e.hand[0] = opphand;
    e.hand[1] = myhand;
    e.n[0] = nt;
    e.n[1] = nm;
    for (i = 0; i < nt; i++) e.mhp[0][i] = theirs[i];
    for (i = 0; i < nm; i++) e.mhp[1][i] = mine[i];
    return ref_start(&e);
}

static double ref_turn_state(const goudan_turn *t) {
    rs s;
    int i;
    memset(&s, 0, sizeof s);
    s.hp[0] = t->my_hp;
    s.hp[1] = t->opp_hp;
    s.hand[0] = t->my_hand;
    s.hand[1] = t->opp_hand;
    s.n[0] = t->my_count;
    s.n[1] = t->opp_count;
    for (i = 0; i < t->my_count; i++) { s.mhp[0][i] = t->my[i].hp; s.att[i] = t->my[i].attacked; }
    for (i = 0; i < t->opp_count; i++) s.mhp[1][i] = t->opp[i].hp;
    s.ops = t->ops_left;
    s.made = t->made_op;
    return ref_turn(&s);
}

static uint64_t rng_state = 0x1234567ULL;
static uint32_t rnd(uint32_t n) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (uint32_t)(z % n);
}

int main(void) {
    int O, H = 5, i, k;
    double worst = 0;
    long compared = 0;
    for (O = 3; O <= 5; O++) {
        goudan_table *t;
        goudan_eval *ev;
        ds_error err;
        RO = O;
        M.n = 0;
        if (M.cap) memset(M.k, 0, M.cap * sizeof(uint64_t));
        CHECK(goudan_solve(O, H, &t, &err) == 0);
        CHECK(goudan_eval_new(t, &ev, &err) == 0);
        /* start states: random small-HP states */
        for (i = 0; i < 500; i++) {
            int a = 1 + (int)rnd((uint32_t)H), b = 1 + (int)rnd((uint32_t)H);
            int nm = (int)rnd(5), nt = (int)rnd(5), mine[4], theirs[4], m1 = 0, m2 = 0, n1 = 0, n2 = 0;
            int mh = (int)rnd(4), oh = (int)rnd(4);
            double r, e;
            for (k = 0; k < nm; k++) { mine[k] = 1 + (int)rnd(2); if (mine[k] == 1) m1++; else m2++; }
            for (k = 0; k < nt; k++) { theirs[k] = 1 + (int)rnd(2); if (theirs[k] == 1) n1++; else n2++; }
            r = ref_query(a, b, mine, nm, theirs, nt, mh, oh);
            e = goudan_table_value(t, a, b, m1, m2, n1, n2, mh, oh);
            CHECK(fabs(r - e) <= 1e-9);
            if (fabs(r - e) > worst) worst = fabs(r - e);
            if (fabs(r - e) > 1e-9)
                fprintf(stderr, "O=%d a=%d b=%d mine=%d/%d theirs=%d/%d hands %d %d: ref %.12f table %.12f\n",
                        O, a, b, m1, m2, n1, n2, mh, oh, r, e);
            compared++;
        }
        /* arbitrary in-turn states (marks, ops left, made) against the evaluator */
        for (i = 0; i < 500; i++) {
            goudan_turn tu;
            double r, e = -1;
            memset(&tu, 0, sizeof tu);
            tu.my_hp = 1 + (int)rnd((uint32_t)H);
            tu.opp_hp = 1 + (int)rnd((uint32_t)H);
            tu.my_hand = (int)rnd(4);
            tu.opp_hand = (int)rnd(4);
            tu.ops_left = (int)rnd((uint32_t)O + 1);
            tu.made_op = 1;
            if (tu.ops_left == O) tu.made_op = (int)rnd(2);
            tu.my_count = (int)rnd(5);
            tu.opp_count = (int)rnd(5);
            for (k = 0; k < tu.my_count; k++) {
                tu.my[k].hp = (int8_t)(1 + rnd(2));
                tu.my[k].attacked = (int8_t)rnd(2);
            }
            for (k = 0; k < tu.opp_count; k++) tu.opp[k].hp = (int8_t)(1 + rnd(2));
            if (!tu.made_op && tu.ops_left == 0) continue;
            r = ref_turn_state(&tu);
            CHECK(goudan_eval_value(ev, &tu, &e, &err) == 0);
            CHECK(fabs(r - e) <= 1e-9);
            if (fabs(r - e) > worst) worst = fabs(r - e);
            compared++;
        }
        goudan_eval_free(ev);
        goudan_table_free(t);
    }
    printf("compared %ld states with the reference (HP <= %d), worst difference %.3g, memo %zu\n",
           compared, H, worst, M.n);
    free(M.k);
    free(M.v);
    DS_TEST_MAIN_END();
}
