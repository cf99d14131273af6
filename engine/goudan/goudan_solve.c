/* goudan_solve.c - the layered solver of the goudan value table.
 *
 * State design (details and proofs in docs/games/goudan.md):
 *  - A "tuple" is (a, b, M, N): mover HP, opponent HP, mover board with
 *    attack marks (70), opponent board (15). Its layer is its total HP
 *    a + b + HP(M) + HP(N). Every operation lowers the total: skill -2,
 *    face -3, trade -2..-4, play -1 (three hits, then a HP-2 minion);
 *    end-turn keeps it but hands the turn to the opponent's start state,
 *    whose value only depends on lower layers (an operation is compulsory).
 *  - In-turn values W(tuple)[k][g]: k = (hand h, ops left o) in the set S of
 *    pairs reachable under "normalised" play (a skill is only used with an
 *    empty hand right before a play, or right before ending the turn - any
 *    other skill can be delayed without loss), g = opponent's hand class.
 *  - Chance nodes C_j(tuple)[t][g] with j hits left, t = (h, o) after the
 *    play in the set T (a prefix of S).
 *  - Start values V(a, b, m, n)[x][y] (hand classes), kept in full.
 * Per layer L: C1(L-2) from W(L-1), C2(L-1) from C1, C3(L) from C2, then
 * V(L), then W(L). W is kept for 5 layers (a ring), C for 2.
 */
#include <stdlib.h>
#include <string.h>

#include "goudan_internal.h"

/* ---- board tables ---------------------------------------------------------- */

int goudan_board_id(int c1, int c2) {
    /* ordered by minion count, then by the number of HP-2 minions */
    static const int8_t ids[5][5] = {
        {0, 2, 5, 9, 14}, {1, 4, 8, 13, -1}, {3, 7, 12, -1, -1}, {6, 11, -1, -1, -1},
        {10, -1, -1, -1, -1}};
    if (c1 < 0 || c2 < 0 || c1 > 4 || c2 > 4) return -1;
    return ids[c1][c2];
}

void gd_boards_init(gd_boards *b) {
    int u1, u2, t1, t2, n = 0, c1, c2;
    memset(b, -1, sizeof *b);
    for (u1 = 0; u1 <= 4; u1++)
        for (u2 = 0; u2 <= 4 - u1; u2++)
            for (t1 = 0; t1 <= 4 - u1 - u2; t1++)
                for (t2 = 0; t2 <= 4 - u1 - u2 - t1; t2++) {
                    b->id[u1][u2][t1][t2] = (int8_t)n;
                    b->u1[n] = (int8_t)u1; b->u2[n] = (int8_t)u2;
                    b->t1[n] = (int8_t)t1; b->t2[n] = (int8_t)t2;
                    b->cnt[n] = (int8_t)(u1 + u2 + t1 + t2);
                    b->hp[n] = (int8_t)(u1 + 2 * u2 + t1 + 2 * t2);
                    n++;
                }
    for (n = 0; n < GD_NM; n++) {
        u1 = b->u1[n]; u2 = b->u2[n]; t1 = b->t1[n]; t2 = b->t2[n];
        b->unflag[n] = (int8_t)goudan_board_id(u1 + t1, u2 + t2);
        if (u1) {
            b->face[n][0] = b->id[u1 - 1][u2][t1 + 1][t2];
            b->rem[n][0] = b->id[u1 - 1][u2][t1][t2];
            b->hit[n][0] = b->id[u1 - 1][u2][t1][t2];
        }
        if (u2) {
            b->face[n][1] = b->id[u1][u2 - 1][t1][t2 + 1];
            b->rem[n][1] = b->id[u1][u2 - 1][t1][t2];
            b->hit[n][1] = b->id[u1 + 1][u2 - 1][t1][t2];
        }
        if (t1) b->hit[n][2] = b->id[u1][u2][t1 - 1][t2];
        if (t2) b->hit[n][3] = b->id[u1][u2][t1 + 1][t2 - 1];
        if (b->cnt[n] < 4) b->place[n] = b->id[u1][u2][t1][t2 + 1];
    }
    for (c1 = 0; c1 <= 4; c1++)
        for (c2 = 0; c1 + c2 <= 4; c2++) {
            int p = goudan_board_id(c1, c2);
            b->c1[p] = (int8_t)c1; b->c2[p] = (int8_t)c2;
            b->pcnt[p] = (int8_t)(c1 + c2);
            b->php[p] = (int8_t)(c1 + 2 * c2);
            b->start[p] = b->id[c1][c2][0][0];
            if (c1) { b->prem[p][0] = (int8_t)goudan_board_id(c1 - 1, c2); b->phit[p][0] = b->prem[p][0]; }
            if (c2) {
                b->prem[p][1] = (int8_t)goudan_board_id(c1, c2 - 1);
                b->phit[p][1] = (int8_t)goudan_board_id(c1 + 1, c2 - 1);
            }
        }
}

/* ---- table ----------------------------------------------------------------- */

void goudan_table_free(goudan_table *t) {
    if (!t) return;
    free(t->v);
    free(t);
}

int goudan_table_o(const goudan_table *t) { return t->O; }
int goudan_table_hp_max(const goudan_table *t) { return t->H; }

size_t goudan_table_bytes(const goudan_table *t) {
    return sizeof *t + (size_t)t->H * (size_t)t->H * GD_NP * GD_NP * 9 * sizeof(double);
}

double goudan_table_value(const goudan_table *t, int a, int b, int m1, int m2, int n1, int n2,
                          int my_hand, int opp_hand) {
    int m = goudan_board_id(m1, m2), n = goudan_board_id(n1, n2);
    if (a < 1 || b < 1 || a > t->H || b > t->H || m < 0 || n < 0 || my_hand < 0 ||
        my_hand > 3 || opp_hand < 0 || opp_hand > 3)
        return -1;
    return t->v[gd_vindex(t->H, a, b, m, n) + (size_t)(gd_cls(my_hand) * 3 + gd_cls(opp_hand))];
}

double goudan_query_value(const goudan_table *t, const goudan_query *q) {
    int m1 = 0, m2 = 0, n1 = 0, n2 = 0, i;
    for (i = 0; i < q->e_count; i++) { if (q->e_minion[i] == 1) m1++; else m2++; }
    for (i = 0; i < q->s_count; i++) { if (q->s_minion[i] == 1) n1++; else n2++; }
    return goudan_table_value(t, q->e_hp, q->s_hp, m1, m2, n1, n2, q->e_hand, q->s_hand);
}

/* ---- solver ---------------------------------------------------------------- */

enum { GD_RING = 5, GD_KMAX = 3 + 2 * GOUDAN_O_MAX, GD_TMAX = 3 + GOUDAN_O_MAX };

struct goudan_solver {
    int O, H;
    gd_boards B;
    int nS, nT, VW, VC;
    int8_t kh[GD_KMAX], ko[GD_KMAX];       /* S entries (T is the prefix 0..nT-1) */
    int8_t kid[4][GOUDAN_O_MAX + 1];       /* (h, o) -> index in S, -1 if absent */
    int8_t cls0[GD_KMAX], cls1[GD_KMAX];   /* hand class at end with 0 / 1 skill */
    int8_t s1ok[GD_KMAX], s2ok[GD_KMAX];   /* ending with 1 / 2 skills is useful */
    int8_t tplay[GD_KMAX];                 /* index in T after a play, -1 if none */
    int8_t kskill[GD_KMAX];                /* index in S after a skill (h = 0) */
    int Lmin, Lmax;                        /* layer totals */
    int32_t *pos;                          /* tuple id -> position in its layer */
    uint32_t *list;                        /* tuples grouped by layer: a | b<<8 | M<<16 | N<<24 */
    int32_t *loff;                         /* [total] -> first index in list; size Lmax+2 */
    uint32_t maxlayer;
    double *ring[GD_RING];
    double *cA, *cB;
    goudan_table *table;
    /* progress */
    int L;
    goudan_phase phase;
    uint32_t cursor;
    uint64_t work_done, work_total, start_solved, start_total;
    size_t bytes;
};

static inline int32_t tid_of(const goudan_solver *s, int a, int b, int mid, int nid) {
    return (int32_t)((((a - 1) * s->H + (b - 1)) * GD_NM + mid) * GD_NP + nid);
}

static inline int layer_of(const goudan_solver *s, int a, int b, int mid, int nid) {
    return a + b + s->B.hp[mid] + s->B.php[nid];
}

static inline const double *wptr(const goudan_solver *s, int a, int b, int mid, int nid) {
    int L = layer_of(s, a, b, mid, nid);
    return s->ring[L % GD_RING] + (size_t)s->pos[tid_of(s, a, b, mid, nid)] * (size_t)s->VW;
}

static inline const double *vptr(const goudan_solver *s, int a, int b, int m, int n) {
    return s->table->v + gd_vindex(s->H, a, b, m, n);
}

static inline void unpack(uint32_t x, int *a, int *b, int *mid, int *nid) {
    *a = (int)(x & 255u);
    *b = (int)(x >> 8 & 255u);
    *mid = (int)(x >> 16 & 255u);
    *nid = (int)(x >> 24);
}

static uint32_t layer_size(const goudan_solver *s, int L) {
    if (L < s->Lmin || L > s->Lmax) return 0;
    return (uint32_t)(s->loff[L + 1] - s->loff[L]);
}

static void set_hand_sets(goudan_solver *s) {
    int O = s->O, n = 0, o, h, k;
    /* T: states right after a play */
    s->kh[n] = 2; s->ko[n++] = (int8_t)(O - 1);
    s->kh[n] = 1; s->ko[n++] = (int8_t)(O - 1);
    s->kh[n] = 1; s->ko[n++] = (int8_t)(O - 2);
    for (o = 0; o <= O - 1; o++) { s->kh[n] = 0; s->ko[n++] = (int8_t)o; }
    s->nT = n;
    /* the rest of S: attack-only states at the turn start, and after a skill */
    s->kh[n] = 3; s->ko[n++] = (int8_t)O;
    s->kh[n] = 2; s->ko[n++] = (int8_t)O;
    s->kh[n] = 1; s->ko[n++] = (int8_t)O;
    for (o = 1; o <= O - 3; o++) { s->kh[n] = 1; s->ko[n++] = (int8_t)o; }
    s->nS = n;
    s->VW = 3 * s->nS;
    s->VC = 3 * s->nT;
    memset(s->kid, -1, sizeof s->kid);
    for (k = 0; k < n; k++) s->kid[s->kh[k]][s->ko[k]] = (int8_t)k;
    for (k = 0; k < n; k++) {
        h = s->kh[k]; o = s->ko[k];
        s->cls0[k] = (int8_t)gd_cls(h);
        s->cls1[k] = (int8_t)gd_cls(h + 1);
        s->s1ok[k] = (int8_t)(h <= 1 && o >= 1);
        s->s2ok[k] = (int8_t)(h == 0 && o >= 2);
        s->tplay[k] = (int8_t)(h >= 1 && o >= 1 ? s->kid[h - 1][o - 1] : -1);
        if (s->tplay[k] >= s->nT) s->tplay[k] = -1; /* cannot happen: T is closed */
        s->kskill[k] = (int8_t)(h == 0 && o >= 2 ? s->kid[1][o - 1] : -1);
    }
}

void goudan_solver_free(goudan_solver *s) {
    int i;
    if (!s) return;
    free(s->pos);
    free(s->list);
    free(s->loff);
    for (i = 0; i < GD_RING; i++) free(s->ring[i]);
    free(s->cA);
    free(s->cB);
    goudan_table_free(s->table);
    free(s);
}

int goudan_solver_init(goudan_solver **out, int O, int hp_max, ds_error *err) {
    goudan_solver *s;
    int a, b, mid, nid, L, i;
    size_t ntuples, nv;
    int32_t *fill;
    *out = NULL;
    if (O < GOUDAN_O_MIN || O > GOUDAN_O_MAX)
        return ds_fail(err, 0, 0, "O must be between 3 and 5, found %d", O);
    if (hp_max < 1 || hp_max > GOUDAN_HP_MAX)
        return ds_fail(err, 0, 0, "hp_max must be between 1 and 20, found %d", hp_max);
    s = (goudan_solver *)calloc(1, sizeof *s);
    if (!s) return ds_fail(err, 0, 0, "out of memory for the solver");
    s->O = O;
    s->H = hp_max;
    gd_boards_init(&s->B);
    set_hand_sets(s);
    s->Lmin = 2;
    s->Lmax = 2 * hp_max + 16;
    ntuples = (size_t)hp_max * (size_t)hp_max * GD_NM * GD_NP;
    s->pos = (int32_t *)malloc(ntuples * sizeof(int32_t));
    s->list = (uint32_t *)malloc(ntuples * sizeof(uint32_t));
    s->loff = (int32_t *)calloc((size_t)s->Lmax + 2, sizeof(int32_t));
    fill = (int32_t *)calloc((size_t)s->Lmax + 2, sizeof(int32_t));
    s->table = (goudan_table *)calloc(1, sizeof *s->table);
    if (!s->pos || !s->list || !s->loff || !fill || !s->table) {
        free(fill);
        goudan_solver_free(s);
        return ds_fail(err, 0, 0, "out of memory for the solver index");
    }
    /* count tuples per layer, then place them (ordered by a, b, M, N) */
    for (a = 1; a <= hp_max; a++)
        for (b = 1; b <= hp_max; b++)
            for (mid = 0; mid < GD_NM; mid++)
                for (nid = 0; nid < GD_NP; nid++) s->loff[layer_of(s, a, b, mid, nid) + 1]++;
    for (L = 1; L <= s->Lmax + 1; L++) s->loff[L] += s->loff[L - 1];
    s->maxlayer = 0;
    for (L = s->Lmin; L <= s->Lmax; L++)
        if (layer_size(s, L) > s->maxlayer) s->maxlayer = layer_size(s, L);
    for (a = 1; a <= hp_max; a++)
        for (b = 1; b <= hp_max; b++)
            for (mid = 0; mid < GD_NM; mid++)
                for (nid = 0; nid < GD_NP; nid++) {
                    int32_t t = tid_of(s, a, b, mid, nid);
                    L = layer_of(s, a, b, mid, nid);
                    s->pos[t] = fill[L];
                    s->list[s->loff[L] + fill[L]] =
                        (uint32_t)a | (uint32_t)b << 8 | (uint32_t)mid << 16 | (uint32_t)nid << 24;
                    fill[L]++;
                }
    free(fill);
    for (i = 0; i < GD_RING; i++) {
        s->ring[i] = (double *)malloc((size_t)s->maxlayer * (size_t)s->VW * sizeof(double));
        if (!s->ring[i]) { goudan_solver_free(s); return ds_fail(err, 0, 0, "out of memory for the solver layers"); }
    }
    s->cA = (double *)malloc((size_t)s->maxlayer * (size_t)s->VC * sizeof(double));
    s->cB = (double *)malloc((size_t)s->maxlayer * (size_t)s->VC * sizeof(double));
    nv = (size_t)hp_max * (size_t)hp_max * GD_NP * GD_NP * 9;
    s->table->O = O;
    s->table->H = hp_max;
    s->table->v = (double *)malloc(nv * sizeof(double));
    if (!s->cA || !s->cB || !s->table->v) {
        goudan_solver_free(s);
        return ds_fail(err, 0, 0, "out of memory for the solver tables");
    }
    s->bytes = sizeof *s + ntuples * 2 * sizeof(int32_t) +
               (size_t)s->maxlayer * (size_t)(GD_RING * s->VW + 2 * s->VC) * sizeof(double) +
               nv * sizeof(double);
    /* work: tuples visited by the phases C1 (L-2), C2 (L-1), C3, start, turn (L) */
    s->work_total = 0;
    for (L = s->Lmin; L <= s->Lmax; L++)
        s->work_total += (uint64_t)layer_size(s, L - 2) + layer_size(s, L - 1) + 3u * (uint64_t)layer_size(s, L);
    s->start_total = (uint64_t)hp_max * (uint64_t)hp_max * GD_NP * GD_NP * 9;
    s->L = s->Lmin;
    s->phase = GOUDAN_PHASE_CHANCE1;
    s->cursor = 0;
    *out = s;
    return 0;
}

/* One chance step for tuple (a, b, mid, nid) of a play with `step` hits left
 * (1..3). src: step 1 reads W after the placement, steps 2 and 3 read the
 * previous chance buffer `prev` (a layer lower). Summation order: mover,
 * opponent, u1, u2, t1, t2, n1, n2; then divided by the k+2 characters. */
static void chance_tuple(const goudan_solver *s, int a, int b, int mid, int nid, int step,
                         const double *prev, double *out) {
    const gd_boards *B = &s->B;
    int VC = s->VC, v, c;
    double acc[3 * GD_TMAX];
    double ways = (double)(B->cnt[mid] + B->pcnt[nid] + 2);
    const double *p;
#define SRC(aa, bb, mm, nn)                                                                       \
    (step == 1 ? wptr(s, aa, bb, B->place[mm], nn)                                                \
               : prev + (size_t)s->pos[tid_of(s, aa, bb, mm, nn)] * (size_t)VC)
    for (v = 0; v < VC; v++) acc[v] = 0.0;
    if (a > 1) {
        p = SRC(a - 1, b, mid, nid);
        for (v = 0; v < VC; v++) acc[v] += p[v];
    }
    if (b > 1) {
        p = SRC(a, b - 1, mid, nid);
        for (v = 0; v < VC; v++) acc[v] += p[v];
    } else {
        for (v = 0; v < VC; v++) acc[v] += 1.0;
    }
    for (c = 0; c < 4; c++) {
        int cnt = c == 0 ? B->u1[mid] : c == 1 ? B->u2[mid] : c == 2 ? B->t1[mid] : B->t2[mid];
        double w = (double)cnt;
        if (!cnt) continue;
        p = SRC(a, b, B->hit[mid][c], nid);
        for (v = 0; v < VC; v++) acc[v] += w * p[v];
    }
    for (c = 0; c < 2; c++) {
        int cnt = c == 0 ? B->c1[nid] : B->c2[nid];
        double w = (double)cnt;
        if (!cnt) continue;
        p = SRC(a, b, mid, B->phit[nid][c]);
        for (v = 0; v < VC; v++) acc[v] += w * p[v];
    }
#undef SRC
    for (v = 0; v < VC; v++) out[v] = acc[v] / ways;
}

static inline void vmax(double *w, const double *p, int n) {
    int v;
    for (v = 0; v < n; v++) w[v] = p[v] > w[v] ? p[v] : w[v];
}

/* In-turn values W of tuple (a, b, mid, nid) at layer L. */
static void turn_tuple(goudan_solver *s, uint32_t i, int a, int b, int mid, int nid) {
    const gd_boards *B = &s->B;
    int VW = s->VW, k, g, c, d, v;
    double w[3 * GD_KMAX];
    const double *v0, *v1, *v2, *p;
    int pm = B->unflag[mid];
    v0 = vptr(s, b, a, nid, pm);
    v1 = a > 2 ? vptr(s, b, a - 2, nid, pm) : NULL;
    v2 = a > 4 ? vptr(s, b, a - 4, nid, pm) : NULL;
    /* end the turn, possibly after 1 or 2 skills that raise the hand class:
       e[s][g][c] = value of ending after s skills, my hand class c */
    {
        double e[3][9];
        for (v = 0; v < 9; v++) {
            e[0][v] = 1.0 - v0[v];
            e[1][v] = v1 ? 1.0 - v1[v] : 0.0; /* a skill at HP <= 2 loses */
            e[2][v] = v2 ? 1.0 - v2[v] : 0.0;
        }
        for (k = 0; k < s->nS; k++) {
            int c0 = s->cls0[k], c1 = s->cls1[k], o1 = s->s1ok[k], o2 = s->s2ok[k];
            for (g = 0; g < 3; g++) {
                double best = e[0][g * 3 + c0];
                if (o1 && e[1][g * 3 + c1] > best) best = e[1][g * 3 + c1];
                if (o2 && e[2][g * 3 + 2] > best) best = e[2][g * 3 + 2];
                w[k * 3 + g] = best;
            }
        }
    }
    /* attacks */
    for (c = 0; c < 2; c++) {
        if (!(c == 0 ? B->u1[mid] : B->u2[mid])) continue;
        if (b <= 3) {
            for (v = 0; v < VW; v++) w[v] = 1.0;
            goto store;
        }
        vmax(w, wptr(s, a, b - 3, B->face[mid][c], nid), VW);
        for (d = 0; d < 2; d++) {
            if (!(d == 0 ? B->c1[nid] : B->c2[nid])) continue;
            vmax(w, wptr(s, a, b, B->rem[mid][c], B->prem[nid][d]), VW);
        }
    }
    /* play */
    if (B->cnt[mid] < 4) {
        p = s->cA + (size_t)i * (size_t)s->VC;
        for (k = 0; k < s->nS; k++) {
            int j = s->tplay[k];
            if (j < 0) continue;
            for (g = 0; g < 3; g++)
                if (p[j * 3 + g] > w[k * 3 + g]) w[k * 3 + g] = p[j * 3 + g];
        }
    }
    /* skill with an empty hand (then a play follows) */
    if (a > 2) {
        p = wptr(s, a - 2, b, mid, nid);
        for (k = 0; k < s->nS; k++) {
            int j = s->kskill[k];
            if (j < 0) continue;
            for (g = 0; g < 3; g++)
                if (p[j * 3 + g] > w[k * 3 + g]) w[k * 3 + g] = p[j * 3 + g];
        }
    }
store:
    memcpy(s->ring[s->L % GD_RING] + (size_t)i * (size_t)VW, w, (size_t)VW * sizeof(double));
}

/* Start values V of a tuple whose board has no attack marks. */
static void start_tuple(goudan_solver *s, uint32_t i, int a, int b, int mid, int nid) {
    const gd_boards *B = &s->B;
    int m = B->unflag[mid], x, y, c, d;
    double *vout = s->table->v + gd_vindex(s->H, a, b, m, nid);
    const double *vs = a > 2 ? vptr(s, b, a - 2, nid, m) : NULL;
    const double *c3 = B->cnt[mid] < 4 ? s->cA + (size_t)i * (size_t)s->VC : NULL;
    int lethal = b <= 3 && (B->u1[mid] || B->u2[mid]);
    for (x = 0; x < 3; x++) {
        int h0 = x + 1, k0 = s->kid[h0][s->O], j0 = s->kid[h0 - 1][s->O - 1];
        for (y = 0; y < 3; y++) {
            /* skill then end (the only useful first skill); 0 if it kills */
            double best = vs ? 1.0 - vs[y * 3 + 2] : 0.0, q;
            if (lethal) best = 1.0;
            else {
                for (c = 0; c < 2; c++) {
                    if (!(c == 0 ? B->u1[mid] : B->u2[mid])) continue;
                    q = wptr(s, a, b - 3, B->face[mid][c], nid)[k0 * 3 + y];
                    if (q > best) best = q;
                    for (d = 0; d < 2; d++) {
                        if (!(d == 0 ? B->c1[nid] : B->c2[nid])) continue;
                        q = wptr(s, a, b, B->rem[mid][c], B->prem[nid][d])[k0 * 3 + y];
                        if (q > best) best = q;
                    }
                }
                if (c3) { q = c3[j0 * 3 + y]; if (q > best) best = q; }
            }
            vout[x * 3 + y] = best;
        }
    }
    s->start_solved += 9;
}

static const char *const phase_names[] = {"chance1", "chance2", "chance3", "start", "turn", "done"};

/* The layer a phase iterates over. */
static int phase_layer(const goudan_solver *s) {
    switch (s->phase) {
    case GOUDAN_PHASE_CHANCE1: return s->L - 2;
    case GOUDAN_PHASE_CHANCE2: return s->L - 1;
    default: return s->L;
    }
}

double goudan_solver_step(goudan_solver *s, uint32_t budget) {
    uint64_t spent = 0;
    while (s->phase != GOUDAN_PHASE_DONE && spent < budget) {
        int PL = phase_layer(s);
        uint32_t n = layer_size(s, PL), end = s->cursor + (uint32_t)(budget - spent);
        const uint32_t *lst = s->list + (PL >= s->Lmin && PL <= s->Lmax ? s->loff[PL] : 0);
        uint32_t i;
        if (end > n || end < s->cursor) end = n;
        for (i = s->cursor; i < end; i++) {
            int a, b, mid, nid;
            unpack(lst[i], &a, &b, &mid, &nid);
            switch (s->phase) {
            case GOUDAN_PHASE_CHANCE1:
                if (s->B.cnt[mid] < 4)
                    chance_tuple(s, a, b, mid, nid, 1, NULL, s->cA + (size_t)i * (size_t)s->VC);
                break;
            case GOUDAN_PHASE_CHANCE2:
                if (s->B.cnt[mid] < 4)
                    chance_tuple(s, a, b, mid, nid, 2, s->cA, s->cB + (size_t)i * (size_t)s->VC);
                break;
            case GOUDAN_PHASE_CHANCE3:
                if (s->B.cnt[mid] < 4)
                    chance_tuple(s, a, b, mid, nid, 3, s->cB, s->cA + (size_t)i * (size_t)s->VC);
                break;
            case GOUDAN_PHASE_START:
                if (!s->B.t1[mid] && !s->B.t2[mid]) start_tuple(s, i, a, b, mid, nid);
                break;
            case GOUDAN_PHASE_TURN: turn_tuple(s, i, a, b, mid, nid); break;
            default: break;
            }
        }
        spent += end - s->cursor;
        /* count the phase's tuples as work once (layers outside the range are empty) */
        s->work_done += end - s->cursor;
        s->cursor = end;
        if (s->cursor >= n) {
            s->cursor = 0;
            if (s->phase == GOUDAN_PHASE_TURN) {
                if (s->L == s->Lmax) s->phase = GOUDAN_PHASE_DONE;
                else { s->L++; s->phase = GOUDAN_PHASE_CHANCE1; }
            } else {
                s->phase = (goudan_phase)(s->phase + 1);
            }
            if (spent == 0) spent = 1; /* empty phases still cost a little */
        }
    }
    if (s->phase == GOUDAN_PHASE_DONE) return 1.0;
    {
        double p = (double)s->work_done / (double)s->work_total;
        return p > 1.0 ? 1.0 : p;
    }
}

void goudan_solver_info_get(const goudan_solver *s, goudan_solver_info *info) {
    memset(info, 0, sizeof *info);
    info->nlayers = s->Lmax - s->Lmin + 1;
    info->layer = (s->phase == GOUDAN_PHASE_DONE ? s->Lmax : s->L) - s->Lmin;
    info->total_hp = s->phase == GOUDAN_PHASE_DONE ? s->Lmax : s->L;
    info->phase = s->phase;
    info->phase_name = phase_names[s->phase];
    info->phase_done = s->cursor;
    info->phase_size = s->phase == GOUDAN_PHASE_DONE ? 0 : layer_size(s, phase_layer(s));
    info->start_states_solved = s->start_solved;
    info->start_states_total = s->start_total;
    info->work_done = s->work_done;
    info->work_total = s->work_total;
    info->progress = s->phase == GOUDAN_PHASE_DONE ? 1.0 : (double)s->work_done / (double)s->work_total;
    if (info->progress > 1.0) info->progress = 1.0;
    info->bytes = s->bytes;
}

int goudan_solver_layer(const goudan_solver *s, int i, int *total_hp, uint32_t *tuples,
                        uint32_t *start_states) {
    int L = s->Lmin + i, k;
    uint32_t n, st = 0;
    if (i < 0 || L > s->Lmax) return -1;
    n = layer_size(s, L);
    for (k = s->loff[L]; k < s->loff[L + 1]; k++) {
        int a, b, mid, nid;
        unpack(s->list[k], &a, &b, &mid, &nid);
        if (!s->B.t1[mid] && !s->B.t2[mid]) st += 9;
    }
    if (total_hp) *total_hp = L;
    if (tuples) *tuples = n;
    if (start_states) *start_states = st;
    return 0;
}

int goudan_solver_done(const goudan_solver *s) { return s->phase == GOUDAN_PHASE_DONE; }

int goudan_solver_finish(goudan_solver *s, goudan_table **out, ds_error *err) {
    *out = NULL;
    if (s->phase != GOUDAN_PHASE_DONE) {
        goudan_solver_free(s);
        return ds_fail(err, 0, 0, "the solver has not finished");
    }
    *out = s->table;
    s->table = NULL;
    goudan_solver_free(s);
    return 0;
}

int goudan_solve(int O, int hp_max, goudan_table **out, ds_error *err) {
    goudan_solver *s;
    *out = NULL;
    if (goudan_solver_init(&s, O, hp_max, err)) return -1;
    while (goudan_solver_step(s, 1u << 30) < 1.0) {}
    return goudan_solver_finish(s, out, err);
}
