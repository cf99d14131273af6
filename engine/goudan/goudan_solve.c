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

/* Storage: a layer holds its tuples in blocks, one per board pair p = (M, N)
 * (M * 15 + N), the rows of a block being a = lo..hi (b = the layer's total
 * minus a and the boards' HP). Every source of a block (a hit, an attack, a
 * skill, the placed minion) is a block of the same pair shape in a lower
 * layer whose rows line up with a or a - 1 or a - 2, so each phase is a few
 * passes over contiguous rows with no per-tuple index lookups. rb[L][p] gives
 * the row of (L, p, a) as rb + a in the layer's ring buffer; crb the same for
 * the chance buffers, which only hold pairs with fewer than 4 own minions. */
enum {
    GD_RING = 5, GD_KMAX = 3 + 2 * GOUDAN_O_MAX, GD_TMAX = 3 + GOUDAN_O_MAX,
    GD_NPAIR = GD_NM * GD_NP, GD_WMAX = 3 * GD_KMAX, GD_CMAX = 3 * GD_TMAX
};

struct goudan_solver {
    int O, H;
    gd_boards B;
    int nS, nT, VW, VC;
    int8_t kh[GD_KMAX], ko[GD_KMAX];       /* S entries (T is the prefix 0..nT-1) */
    int8_t kid[4][GOUDAN_O_MAX + 1];       /* (h, o) -> index in S, -1 if absent */
    /* per entry i = k*3+g of a W row: the end-of-turn candidates (indices in
       e[28]: 0 / 1 / 2 skills before ending, 27 = not useful), and the
       entries a play (from C3) and a skill at an empty hand (from W at a-2)
       lead to */
    int8_t end0[GD_WMAX], end1[GD_WMAX], end2[GD_WMAX];
    int nplay, nskill;                     /* (S entry, T / S entry) pairs, times 3 for g */
    int8_t play_dst[GD_KMAX], play_src[GD_KMAX], skill_dst[GD_KMAX], skill_src[GD_KMAX];
    int Lmin, Lmax;                        /* layer totals */
    int32_t *rb, *crb;                     /* [L][pair] row bases (see above) */
    uint16_t *blk;                         /* the pairs of each layer, grouped by layer */
    int32_t *boff;                         /* [L] first index in blk; size Lmax+3 */
    uint32_t *lsize, *lstart;              /* [L] tuples, start-state tuples */
    uint32_t maxrows, maxcrows;
    double *ring[GD_RING];
    double *cA, *cB;
    /* the end-of-turn values of a block: the same for every marking of the
       mover's board (the blocks of a layer are grouped by the plain pair) */
    int ekey;
    double ebuf[GOUDAN_HP_MAX * GD_WMAX];
    goudan_table *table;
    /* progress */
    int L;
    goudan_phase phase;
    uint32_t cursor, tdone;                /* block index, tuples done in the phase */
    uint64_t work_done, work_total, start_solved, start_total;
    size_t bytes;
};

static inline int pair_hp(const goudan_solver *s, int p) {
    return s->B.hp[p / GD_NP] + s->B.php[p % GD_NP];
}

/* rows a = lo..hi of pair p in layer L (lo > hi if none) */
static inline void pair_rows(const goudan_solver *s, int L, int p, int *sum, int *lo, int *hi) {
    int t = L - pair_hp(s, p);
    *sum = t;
    *lo = t - s->H > 1 ? t - s->H : 1;
    *hi = t - 1 < s->H ? t - 1 : s->H;
}

static inline double *wrow(const goudan_solver *s, int L, int p, int a) {
    return s->ring[L % GD_RING] + (size_t)(s->rb[(size_t)L * GD_NPAIR + (size_t)p] + a) * (size_t)s->VW;
}

static inline double *crow(const goudan_solver *s, double *buf, int L, int p, int a) {
    return buf + (size_t)(s->crb[(size_t)L * GD_NPAIR + (size_t)p] + a) * (size_t)s->VC;
}

static inline const double *vptr(const goudan_solver *s, int a, int b, int m, int n) {
    return s->table->v + gd_vindex(s->H, a, b, m, n);
}

static uint32_t layer_size(const goudan_solver *s, int L) {
    if (L < s->Lmin || L > s->Lmax) return 0;
    return s->lsize[L];
}

static void set_hand_sets(goudan_solver *s) {
    int O = s->O, n = 0, o, h, k, g;
    int8_t cls0[GD_KMAX], cls1[GD_KMAX], s1ok[GD_KMAX], s2ok[GD_KMAX], tplay[GD_KMAX], kskill[GD_KMAX];
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
        cls0[k] = (int8_t)gd_cls(h);          /* hand class at end with 0 / 1 skill */
        cls1[k] = (int8_t)gd_cls(h + 1);
        s1ok[k] = (int8_t)(h <= 1 && o >= 1); /* ending with 1 / 2 skills is useful */
        s2ok[k] = (int8_t)(h == 0 && o >= 2);
        tplay[k] = (int8_t)(h >= 1 && o >= 1 ? s->kid[h - 1][o - 1] : -1); /* in T (closed) */
        kskill[k] = (int8_t)(h == 0 && o >= 2 ? s->kid[1][o - 1] : -1);
    }
    s->nplay = s->nskill = 0;
    for (k = 0; k < n; k++)
        for (g = 0; g < 3; g++) {
            int i = k * 3 + g;
            s->end0[i] = (int8_t)(g * 3 + cls0[k]);
            s->end1[i] = (int8_t)(s1ok[k] ? 9 + g * 3 + cls1[k] : 27);
            s->end2[i] = (int8_t)(s2ok[k] ? 18 + g * 3 + 2 : 27);
        }
    for (k = 0; k < n; k++) {
        if (tplay[k] >= 0) {
            s->play_dst[s->nplay] = (int8_t)(k * 3);
            s->play_src[s->nplay++] = (int8_t)(tplay[k] * 3);
        }
        if (kskill[k] >= 0) {
            s->skill_dst[s->nskill] = (int8_t)(k * 3);
            s->skill_src[s->nskill++] = (int8_t)(kskill[k] * 3);
        }
    }
}

void goudan_solver_free(goudan_solver *s) {
    int i;
    if (!s) return;
    free(s->rb);
    free(s->crb);
    free(s->blk);
    free(s->boff);
    free(s->lsize);
    free(s->lstart);
    for (i = 0; i < GD_RING; i++) free(s->ring[i]);
    free(s->cA);
    free(s->cB);
    goudan_table_free(s->table);
    free(s);
}

int goudan_solver_init(goudan_solver **out, int O, int hp_max, ds_error *err) {
    goudan_solver *s;
    int L, i, p, nL;
    size_t nv, nrb, nblk = 0;
    int order[GD_NPAIR];
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
    nL = s->Lmax + 3;
    nrb = (size_t)nL * GD_NPAIR;
    s->rb = (int32_t *)calloc(nrb, sizeof(int32_t));
    s->crb = (int32_t *)calloc(nrb, sizeof(int32_t));
    s->blk = (uint16_t *)malloc(nrb * sizeof(uint16_t));
    s->boff = (int32_t *)calloc((size_t)nL + 1, sizeof(int32_t));
    s->lsize = (uint32_t *)calloc((size_t)nL, sizeof(uint32_t));
    s->lstart = (uint32_t *)calloc((size_t)nL, sizeof(uint32_t));
    s->table = (goudan_table *)calloc(1, sizeof *s->table);
    if (!s->rb || !s->crb || !s->blk || !s->boff || !s->lsize || !s->lstart || !s->table) {
        goudan_solver_free(s);
        return ds_fail(err, 0, 0, "out of memory for the solver index");
    }
    /* the blocks of every layer, and their rows in the layer's buffers; in a
       layer, pairs are ordered by plain pair (pm, N), then by M */
    {
        int pm, N, M, k = 0;
        for (pm = 0; pm < GD_NP; pm++)
            for (N = 0; N < GD_NP; N++)
                for (M = 0; M < GD_NM; M++)
                    if (s->B.unflag[M] == pm) order[k++] = M * GD_NP + N;
    }
    /* the blocks of every layer, and their rows in the layer's buffers */
    s->maxrows = s->maxcrows = 0;
    for (L = 0; L < nL; L++) {
        uint32_t rows = 0, crows = 0;
        s->boff[L] = (int32_t)nblk;
        for (i = 0; i < GD_NPAIR && L >= s->Lmin && L <= s->Lmax; i++) {
            int sum, lo, hi, M = order[i] / GD_NP;
            p = order[i];
            pair_rows(s, L, p, &sum, &lo, &hi);
            if (lo > hi) continue;
            s->blk[nblk++] = (uint16_t)p;
            s->rb[(size_t)L * GD_NPAIR + (size_t)p] = (int32_t)rows - lo;
            rows += (uint32_t)(hi - lo + 1);
            if (s->B.cnt[M] < 4) {
                s->crb[(size_t)L * GD_NPAIR + (size_t)p] = (int32_t)crows - lo;
                crows += (uint32_t)(hi - lo + 1);
            }
            if (!s->B.t1[M] && !s->B.t2[M]) s->lstart[L] += (uint32_t)(hi - lo + 1);
        }
        s->lsize[L] = rows;
        if (rows > s->maxrows) s->maxrows = rows;
        if (crows > s->maxcrows) s->maxcrows = crows;
    }
    s->boff[nL] = (int32_t)nblk;
    for (i = 0; i < GD_RING; i++) {
        s->ring[i] = (double *)malloc((size_t)s->maxrows * (size_t)s->VW * sizeof(double));
        if (!s->ring[i]) { goudan_solver_free(s); return ds_fail(err, 0, 0, "out of memory for the solver layers"); }
    }
    s->cA = (double *)malloc((size_t)s->maxcrows * (size_t)s->VC * sizeof(double));
    s->cB = (double *)malloc((size_t)s->maxcrows * (size_t)s->VC * sizeof(double));
    nv = (size_t)hp_max * (size_t)hp_max * GD_NP * GD_NP * 9;
    s->table->O = O;
    s->table->H = hp_max;
    s->table->v = (double *)malloc(nv * sizeof(double));
    if (!s->cA || !s->cB || !s->table->v) {
        goudan_solver_free(s);
        return ds_fail(err, 0, 0, "out of memory for the solver tables");
    }
    s->bytes = sizeof *s + nrb * (2 * sizeof(int32_t) + sizeof(uint16_t)) +
               (size_t)nL * (sizeof(int32_t) + 2 * sizeof(uint32_t)) +
               (size_t)s->maxrows * (size_t)(GD_RING * s->VW) * sizeof(double) +
               (size_t)s->maxcrows * (size_t)(2 * s->VC) * sizeof(double) + nv * sizeof(double);
    /* work: tuples visited by the phases C1 (L-2), C2 (L-1), C3, start, turn (L) */
    s->work_total = 0;
    for (L = s->Lmin; L <= s->Lmax; L++)
        s->work_total += (uint64_t)layer_size(s, L - 2) + layer_size(s, L - 1) + 3u * (uint64_t)layer_size(s, L);
    s->start_total = (uint64_t)hp_max * (uint64_t)hp_max * GD_NP * GD_NP * 9;
    s->L = s->Lmin;
    s->phase = GOUDAN_PHASE_CHANCE1;
    s->cursor = 0;
    s->tdone = 0;
    s->ekey = -1;
    *out = s;
    return 0;
}

/* The fused row kernels. Each entry is computed in one pass over its sources
 * in a fixed order, so the results are the same bits as one pass per source.
 * A switch on the number of sources keeps every loop simple enough to be
 * vectorised. */

/* out[v] = (m[v] + o[v] + w0 * s0[v] + ... + w_{n-1} * s_{n-1}[v]) / ways */
static void chance_row(double *restrict out, const double *restrict m, const double *restrict o,
                       const double *const *sp, const double *wt, int ns, int len, double ways) {
    int v;
    const double *s0 = sp[0], *s1 = sp[1], *s2 = sp[2], *s3 = sp[3], *s4 = sp[4];
    double w0 = wt[0], w1 = wt[1], w2 = wt[2], w3 = wt[3], w4 = wt[4];
    switch (ns) {
    case 0:
        for (v = 0; v < len; v++) out[v] = (m[v] + o[v]) / ways;
        break;
    case 1:
        for (v = 0; v < len; v++) out[v] = (m[v] + o[v] + w0 * s0[v]) / ways;
        break;
    case 2:
        for (v = 0; v < len; v++) out[v] = (m[v] + o[v] + w0 * s0[v] + w1 * s1[v]) / ways;
        break;
    case 3:
        for (v = 0; v < len; v++)
            out[v] = (m[v] + o[v] + w0 * s0[v] + w1 * s1[v] + w2 * s2[v]) / ways;
        break;
    case 4:
        for (v = 0; v < len; v++)
            out[v] = (m[v] + o[v] + w0 * s0[v] + w1 * s1[v] + w2 * s2[v] + w3 * s3[v]) / ways;
        break;
    default:
        for (v = 0; v < len; v++)
            out[v] = (m[v] + o[v] + w0 * s0[v] + w1 * s1[v] + w2 * s2[v] + w3 * s3[v] + w4 * s4[v]) / ways;
        break;
    }
}

/* w[v] = max(e[v], s0[v], ..., s_{n-1}[v]) */
static void max_row(double *restrict w, const double *restrict e, const double *const *sp, int ns,
                    int len) {
    int v, j;
    const double *s0 = sp[0], *s1 = sp[1], *s2 = sp[2];
#define GD_MAX(x, y) ((y) > (x) ? (y) : (x))
    switch (ns) {
    case 0: memcpy(w, e, (size_t)len * sizeof *w); return;
    case 1:
        for (v = 0; v < len; v++) w[v] = GD_MAX(e[v], s0[v]);
        return;
    case 2:
        for (v = 0; v < len; v++) w[v] = GD_MAX(GD_MAX(e[v], s0[v]), s1[v]);
        return;
    default:
        for (v = 0; v < len; v++) w[v] = GD_MAX(GD_MAX(GD_MAX(e[v], s0[v]), s1[v]), s2[v]);
        break;
    }
    for (j = 3; j < ns; j++) {
        const double *p = sp[j];
        for (v = 0; v < len; v++) w[v] = GD_MAX(w[v], p[v]);
    }
}

static inline void max3(double *restrict w, const double *restrict p) {
    w[0] = GD_MAX(w[0], p[0]);
    w[1] = GD_MAX(w[1], p[1]);
    w[2] = GD_MAX(w[2], p[2]);
}

/* The source rows of a chance step for pair (m, n), starting at row a: step 1
 * reads W after the placement (layer PL + 1), steps 2 and 3 the previous
 * chance buffer (layer PL - 1). */
static inline const double *chance_src(const goudan_solver *s, int step, int PL, double *prev,
                                       int m, int n, int a) {
    if (step == 1) return wrow(s, PL + 1, s->B.place[m] * GD_NP + n, a);
    return crow(s, prev, PL - 1, m * GD_NP + n, a);
}

/* One chance step (1..3 hits left) for the block of pair p in layer PL.
 * Summation order per entry: mover, opponent, u1, u2, t1, t2, n1, n2; then
 * divided by the k+2 characters. The mover hit at a = 1 adds 0 (a loss), the
 * opponent hit at b = 1 adds 1 (a win). */
static void chance_block(const goudan_solver *s, int PL, int p, int step, double *prev, double *out) {
    static const double zeros[GD_CMAX] = {0}, ones[GD_CMAX] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                              1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    const gd_boards *B = &s->B;
    int M = p / GD_NP, N = p % GD_NP, sum, lo, hi, n, VC = s->VC, c, r, ns = 0, j;
    int ss = step == 1 ? s->VW : s->VC;
    const double *sp[6], *pm = NULL, *po;
    double wt[6], ways, *o;
    pair_rows(s, PL, p, &sum, &lo, &hi);
    n = hi - lo + 1;
    ways = (double)(B->cnt[M] + B->pcnt[N] + 2);
    /* the mover is hit: (a - 1, b); the opponent: (a, b - 1); both read the
       block of the same pair one layer down, rows a - 1 and a */
    po = hi < sum - 1 || n > 1 ? chance_src(s, step, PL, prev, M, N, lo) : ones;
    if (lo > 1 || n > 1) pm = chance_src(s, step, PL, prev, M, N, lo > 1 ? lo - 1 : 1);
    for (c = 0; c < 4; c++) {
        int cnt = c == 0 ? B->u1[M] : c == 1 ? B->u2[M] : c == 2 ? B->t1[M] : B->t2[M];
        if (!cnt) continue;
        wt[ns] = (double)cnt;
        sp[ns++] = chance_src(s, step, PL, prev, B->hit[M][c], N, lo);
    }
    for (c = 0; c < 2; c++) {
        int cnt = c == 0 ? B->c1[N] : B->c2[N];
        if (!cnt) continue;
        wt[ns] = (double)cnt;
        sp[ns++] = chance_src(s, step, PL, prev, M, B->phit[N][c], lo);
    }
    for (j = ns; j < 6; j++) { sp[j] = zeros; wt[j] = 0.0; }
    o = crow(s, out, PL, p, lo);
    for (r = 0; r < n; r++) {
        int a = lo + r;
        const double *rm = a == 1 ? zeros : pm + (size_t)(a - 1 - (lo > 1 ? lo - 1 : 1)) * (size_t)ss;
        const double *ro = a == sum - 1 ? ones : po + (size_t)r * (size_t)ss;
        const double *rs[6];
        for (j = 0; j < ns; j++) rs[j] = sp[j] + (size_t)r * (size_t)ss;
        for (; j < 6; j++) rs[j] = zeros;
        chance_row(o + (size_t)r * (size_t)VC, rm, ro, rs, wt, ns, VC, ways);
    }
}

/* In-turn values W of the block of pair p at layer L. */
static void turn_block(goudan_solver *s, int p) {
    const gd_boards *B = &s->B;
    int L = s->L, M = p / GD_NP, N = p % GD_NP, pm = B->unflag[M], VW = s->VW, VC = s->VC;
    int sum, lo, hi, n, nl, r, i, c, d, ns = 0, r0;
    const double *sp[6], *c3 = NULL, *sk = NULL;
    double *w;
    pair_rows(s, L, p, &sum, &lo, &hi);
    n = hi - lo + 1;
    w = wrow(s, L, p, lo);
    /* end the turn, possibly after 1 or 2 skills that raise the hand class:
       e[9 * skills + 3 * g + c], my hand class c; e[27] = 0 (not useful) */
    if (s->ekey != (L * GD_NP + pm) * GD_NP + N) {
        s->ekey = (L * GD_NP + pm) * GD_NP + N;
        for (r = 0; r < n; r++) {
            int a = lo + r, b = sum - a;
            double e[28], *er = s->ebuf + (size_t)r * (size_t)VW;
            const double *v0 = vptr(s, b, a, N, pm);
            for (i = 0; i < 9; i++) e[i] = 1.0 - v0[i];
            if (a > 2) {
                const double *v1 = vptr(s, b, a - 2, N, pm);
                for (i = 0; i < 9; i++) e[9 + i] = 1.0 - v1[i];
            } else
                for (i = 0; i < 9; i++) e[9 + i] = 0.0; /* a skill at HP <= 2 loses */
            if (a > 4) {
                const double *v2 = vptr(s, b, a - 4, N, pm);
                for (i = 0; i < 9; i++) e[18 + i] = 1.0 - v2[i];
            } else
                for (i = 0; i < 9; i++) e[18 + i] = 0.0;
            e[27] = 0.0;
            for (i = 0; i < VW; i++) {
                double x = e[s->end0[i]], y = e[s->end1[i]], z = e[s->end2[i]];
                x = GD_MAX(x, y);
                er[i] = GD_MAX(x, z);
            }
        }
    }
    /* attacks: rows with b <= 3 win at once if a minion can attack; the
       others take the best of face (b - 3) and trades */
    nl = n;
    if (B->u1[M] || B->u2[M]) {
        nl = sum - 4 - lo + 1;
        if (nl > n) nl = n;
        if (nl < 0) nl = 0;
        for (c = 0; c < 2 && nl > 0; c++) {
            if (!(c == 0 ? B->u1[M] : B->u2[M])) continue;
            sp[ns++] = wrow(s, L - 3, B->face[M][c] * GD_NP + N, lo);
            for (d = 0; d < 2; d++) {
                if (!(d == 0 ? B->c1[N] : B->c2[N])) continue;
                sp[ns++] = wrow(s, L - (c + 1) - (d + 1), B->rem[M][c] * GD_NP + B->prem[N][d], lo);
            }
        }
    }
    /* play (from C3), and a skill with an empty hand (then a play follows;
       rows a > 2, from W at a - 2) */
    if (B->cnt[M] < 4 && nl > 0) c3 = crow(s, s->cA, L, p, lo);
    r0 = lo > 3 ? 0 : 3 - lo;
    if (r0 < nl) sk = wrow(s, L - 2, p, lo + r0 - 2);
    for (r = 0; r < nl; r++) {
        double *wr = w + (size_t)r * (size_t)VW;
        const double *rs[6];
        for (i = 0; i < ns; i++) rs[i] = sp[i] + (size_t)r * (size_t)VW;
        for (; i < 6; i++) rs[i] = NULL;
        max_row(wr, s->ebuf + (size_t)r * (size_t)VW, rs, ns, VW);
        if (c3) {
            const double *cr = c3 + (size_t)r * (size_t)VC;
            for (i = 0; i < s->nplay; i++) max3(wr + s->play_dst[i], cr + s->play_src[i]);
        }
        if (sk && r >= r0) {
            const double *sr = sk + (size_t)(r - r0) * (size_t)VW;
            for (i = 0; i < s->nskill; i++) max3(wr + s->skill_dst[i], sr + s->skill_src[i]);
        }
    }
    for (i = nl * VW; i < n * VW; i++) w[i] = 1.0;
}

/* Start values V of the block of pair p (its board has no attack marks). */
static void start_block(goudan_solver *s, int p) {
    const gd_boards *B = &s->B;
    int L = s->L, M = p / GD_NP, N = p % GD_NP, m = B->unflag[M], sum, lo, hi, a, x, y, c, d;
    int any = B->u1[M] || B->u2[M];
    int play = B->cnt[M] < 4;
    pair_rows(s, L, p, &sum, &lo, &hi);
    for (a = lo; a <= hi; a++) {
        int b = sum - a, lethal = b <= 3 && any;
        double *vout = s->table->v + gd_vindex(s->H, a, b, m, N);
        const double *vs = a > 2 ? vptr(s, b, a - 2, N, m) : NULL;
        const double *src[6], *c3 = play ? crow(s, s->cA, L, p, a) : NULL;
        int ns = 0;
        if (!lethal)
            for (c = 0; c < 2; c++) {
                if (!(c == 0 ? B->u1[M] : B->u2[M])) continue;
                src[ns++] = wrow(s, L - 3, B->face[M][c] * GD_NP + N, a);
                for (d = 0; d < 2; d++) {
                    if (!(d == 0 ? B->c1[N] : B->c2[N])) continue;
                    src[ns++] = wrow(s, L - (c + 1) - (d + 1), B->rem[M][c] * GD_NP + B->prem[N][d], a);
                }
            }
        for (x = 0; x < 3; x++) {
            int h0 = x + 1, k0 = s->kid[h0][s->O], j0 = s->kid[h0 - 1][s->O - 1], t;
            for (y = 0; y < 3; y++) {
                /* skill then end (the only useful first skill); 0 if it kills */
                double best = vs ? 1.0 - vs[y * 3 + 2] : 0.0, q;
                if (lethal) best = 1.0;
                else {
                    for (t = 0; t < ns; t++) { q = src[t][k0 * 3 + y]; if (q > best) best = q; }
                    if (c3) { q = c3[j0 * 3 + y]; if (q > best) best = q; }
                }
                vout[x * 3 + y] = best;
            }
        }
    }
    s->start_solved += 9u * (uint64_t)(hi - lo + 1);
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
        uint32_t nb = (uint32_t)(s->boff[PL + 1] - s->boff[PL]);
        const uint16_t *bl = s->blk + s->boff[PL];
        while (s->cursor < nb && spent < budget) {
            int p = bl[s->cursor], M = p / GD_NP, sum, lo, hi;
            uint32_t n;
            pair_rows(s, PL, p, &sum, &lo, &hi);
            n = (uint32_t)(hi - lo + 1);
            switch (s->phase) {
            case GOUDAN_PHASE_CHANCE1:
                if (s->B.cnt[M] < 4) chance_block(s, PL, p, 1, NULL, s->cA);
                break;
            case GOUDAN_PHASE_CHANCE2:
                if (s->B.cnt[M] < 4) chance_block(s, PL, p, 2, s->cA, s->cB);
                break;
            case GOUDAN_PHASE_CHANCE3:
                if (s->B.cnt[M] < 4) chance_block(s, PL, p, 3, s->cB, s->cA);
                break;
            case GOUDAN_PHASE_START:
                if (!s->B.t1[M] && !s->B.t2[M]) start_block(s, p);
                break;
            case GOUDAN_PHASE_TURN: turn_block(s, p); break;
            default: break;
            }
            s->cursor++;
            s->tdone += n;
            spent += n;
            s->work_done += n;
        }
        if (s->cursor >= nb) {
            s->cursor = 0;
            s->tdone = 0;
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
    info->phase_done = s->tdone;
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
    int L = s->Lmin + i;
    if (i < 0 || L > s->Lmax) return -1;
    if (total_hp) *total_hp = L;
    if (tuples) *tuples = s->lsize[L];
    if (start_states) *start_states = 9u * s->lstart[L];
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
