/* mahjong_dist.c - the winning distance (和牌距离): one DP over the 34 kinds.
 *
 *   distance(H, n) = (14 - 3n) - M,  M = max over winning hands F of
 *                                        sum_k min(F[k], H[k])
 *
 * F has exactly G = 4 - n groups (sequences inside one suit, or triplets) and
 * one pair, at most 4 tiles of a kind (melds are not counted). Special tiles
 * are never in F, so they never count. The DP walks the kinds 0..33 in order;
 * its state between kind k-1 and kind k is (g, p, s1, s2): groups placed so
 * far, pairs placed so far, sequences started at k-1 and sequences started at
 * k-2 (those still need kind k). At kind k it chooses s new sequences
 * starting at k (only at positions 1..7 of a suit), t triplets (0/1) and q
 * pairs (0/1, if none yet) with F[k] = s2 + s1 + s + 3t + 2q <= 4, adds
 * min(F[k], H[k]) to the value and moves to (g + s + t, p + q, s, s1).
 * Only groups that can match a hand tile are placed, so the tables hold "at
 * most g groups, at most p pairs" optima; the target hand is completed with
 * filler groups on unused kinds (they match nothing, so the value is the same).
 *
 * The recurrence has two implementations, checked against each other by the
 * test mahjong_distance (and, block by block, on every suit and honour block
 * of counts 0..4 when the fast one was written). dp_kind() is the reference:
 * the recording mode runs it over the 34 kinds in one pass and keeps every
 * table and back-pointer. The fast path, block_vector(), runs the same moves
 * over one suit at a time (9 kinds, or the 7 honours) from the start state,
 * with the state reduced to the open sequences and all (g, p) of a state
 * handled at once in two 64-bit words, giving a table best[g][p] per block;
 * blocks are independent (no sequence crosses a suit), so the answer is the
 * max-plus combination of the four tables at (G, 1). Block tables may be
 * memoised in a caller-owned cache keyed by the block's counts.
 */
#include <stdlib.h>
#include <string.h>

#include "mahjong.h"

/* Sequences may start at kind k: a suited kind at position 1..7. */
static int seq_ok(int k) { return k < MJ_HONOUR0 && k % 9 <= 6; }

/* One kind of the recurrence: table `in` (before kind k, its reachable
 * states listed in ilist[0..in_n)) -> `out` (after kind k; reachable states
 * appended to olist in the order they are first reached; returns their
 * number). G is the group limit. When choice is not NULL it receives the
 * back-pointer of every reached state.
 *
 * Only groups that can match a hand tile are placed (a triplet or the pair on
 * kind k needs H[k] > 0; at most max(H[k], H[k+1], H[k+2]) sequences start at
 * k): any other group matches nothing and can be dropped from an optimum, so
 * the tables hold "at most g groups" optima and the missing groups are filled
 * in afterwards with tiles the hand does not have. States dominated by another
 * state of the same table are kept (with their value) but not expanded. */
static inline int dp_kind(const int8_t *in, const uint8_t *ilist, int in_n, int8_t *out,
                          uint8_t *olist, uint16_t *choice, const uint8_t *counts, int k, int G) {
    int h = counts[k], smax = 0, i, out_n = 0, n;
    if (seq_ok(k)) {
        smax = h;
        if (counts[k + 1] > smax) smax = counts[k + 1];
        if (counts[k + 2] > smax) smax = counts[k + 2];
    }
    memset(out, -1, MJ_DP_STATES);
/* relax state `to` with value v, reached by s sequences, t triplets, q pairs */
#define DP_RELAX(to, v, s, t, q)                                                              \
    do {                                                                                      \
        int to_ = (to), v_ = (v);                                                             \
        if (out[to_] < 0) olist[out_n++] = (uint8_t)to_;                                      \
        if (v_ > out[to_]) {                                                                  \
            out[to_] = (int8_t)v_;                                                            \
            if (choice) choice[to_] = (uint16_t)(from | (s) << 8 | (t) << 11 | (q) << 12);    \
        }                                                                                     \
    } while (0)
    for (i = 0; i < in_n; i++) {
        int from = ilist[i], v0 = in[from];
        int g = from / 50, p = from / 25 % 2, s1 = from / 5 % 5, s2 = from % 5;
        int room = 4 - s1 - s2; /* copies of kind k the open sequences leave free */
        int left = G - g;       /* groups still allowed */
        int smx = smax < room ? smax : room, s;
        if (smx > left) smx = left;
        for (s = 0; s <= smx; s++) {
            int f = s1 + s2 + s, to = (g + s) * 50 + p * 25 + s * 5 + s1;
            DP_RELAX(to, v0 + (f < h ? f : h), s, 0, 0);
            if (h) { /* the pair, or a triplet, on kind k (never both: 5 > 4) */
                if (!p && f + 2 <= 4) DP_RELAX(to + 25, v0 + (f + 2 < h ? f + 2 : h), s, 0, 1);
                if (f + 3 <= 4 && s < left)
                    DP_RELAX(to + 50, v0 + (f + 3 < h ? f + 3 : h), s, 1, 0);
            }
        }
    }
#undef DP_RELAX
    /* Dominance: a state is not expanded further when the state with one
     * group fewer, or without the pair, and the same open sequences has at
     * least its value (whatever follows one can follow the other). It stays
     * in the table. */
    for (i = 0, n = 0; i < out_n; i++) {
        int to = olist[i], v = out[to];
        if ((to >= 50 && out[to - 50] >= v) || (to / 25 % 2 && out[to - 25] >= v)) {
            if (choice) choice[to] |= MJ_DP_PRUNED;
        } else {
            olist[n++] = (uint8_t)to;
        }
    }
    return n;
}

/* ---- recording mode: the whole DP in one pass ------------------------------ */

int mahjong_distance_explain(const uint8_t counts[MJ_KINDS], int melds, mahjong_dp_record *rec) {
    uint8_t la[MJ_DP_STATES], lb[MJ_DP_STATES], *il = la, *ol = lb, *tmp;
    int G = 4 - melds, k, s, i, n = 1, best = 0, g, p, nfill;
    memset(rec, 0, sizeof *rec);
    if (melds < 0 || melds > 4) return -1;
    rec->melds = melds;
    rec->groups = G;
    for (k = 0; k < MJ_KINDS; k++) {
        rec->hand[k] = counts[k];
        rec->hand_tiles += counts[k];
    }
    memset(rec->value[0], -1, MJ_DP_STATES);
    rec->value[0][0] = 0;
    la[0] = 0;
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        memset(rec->choice[k], 0xFF, sizeof rec->choice[k]);
        n = dp_kind(rec->value[k], il, n, rec->value[k + 1], ol, rec->choice[k], counts, k, G);
        tmp = il; il = ol; ol = tmp;
    }
    /* the best end state (sequences are all closed after Z): first maximum in
     * index order, i.e. the fewest groups and pairs */
    for (s = 1; s < MJ_DP_STATES; s++)
        if (rec->value[MJ_NORMAL_KINDS][s] > rec->value[MJ_NORMAL_KINDS][best]) best = s;
    rec->end_state = best;
    rec->best_match = rec->value[MJ_NORMAL_KINDS][best];
    rec->distance = 14 - 3 * melds - rec->best_match;
    /* backtrack */
    for (s = best, k = MJ_NORMAL_KINDS - 1; k >= 0; k--) {
        uint16_t ch = rec->choice[k][s];
        rec->seq_start[k] = (uint8_t)(ch >> 8 & 7);
        rec->triplet[k] = (uint8_t)(ch >> 11 & 1);
        rec->pair[k] = (uint8_t)(ch >> 12 & 1);
        s = ch & 0xFF;
    }
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        int f = 3 * rec->triplet[k] + 2 * rec->pair[k];
        for (i = 0; i < 3; i++)
            if (k - i >= 0) f += rec->seq_start[k - i];
        rec->target[k] = (uint8_t)f;
    }
    /* complete the hand: the groups (and the pair) the optimum does not need
     * go on the first kinds that neither the hand nor the target uses */
    g = best / 50;
    p = best / 25 % 2;
    nfill = G - g + (1 - p);
    for (i = 0; i < 2 && nfill > 0; i++)
        for (k = 0; k < MJ_NORMAL_KINDS && nfill > 0; k++) {
            if (rec->target[k] || (i == 0 && counts[k])) continue;
            rec->filler[k] = 1;
            if (g < G) {
                rec->triplet[k] = 1;
                rec->target[k] = 3;
                g++;
            } else {
                rec->pair[k] = 1;
                rec->target[k] = 2;
                p = 1;
            }
            nfill--;
        }
    for (k = 0; k < MJ_KINDS; k++) {
        int f = k < MJ_NORMAL_KINDS ? rec->target[k] : 0;
        rec->add[k] = (uint8_t)(f > counts[k] ? f - counts[k] : 0);
        rec->remove[k] = (uint8_t)(counts[k] > f ? counts[k] - f : 0);
    }
    return rec->distance;
}

/* ---- fast path: per-block vectors, optionally memoised --------------------- */

enum { CACHE_BITS = 12, CACHE_SIZE = 1 << CACHE_BITS };

/* A block's "at most (g, p)" table: w[p] holds g = 0..4 in its bytes 0..4
 * (bits 8g..8g+7), each + BV_BASE (see block_vector). Bytes 5..7 are scratch:
 * sums carry and compares borrow only upwards, so they never reach g <= 4. */
typedef struct bvec {
    uint64_t w[2];
} bvec;

typedef struct cache_entry {
    bvec v;
    uint32_t key; /* block key + 1; 0 = empty */
} cache_entry;

struct mahjong_dist_cache {
    uint64_t hits, misses;
    cache_entry e[CACHE_SIZE];
};

mahjong_dist_cache *mahjong_dist_cache_new(void) {
    return (mahjong_dist_cache *)calloc(1, sizeof(mahjong_dist_cache));
}

void mahjong_dist_cache_free(mahjong_dist_cache *c) { free(c); }

void mahjong_dist_cache_stats(const mahjong_dist_cache *c, uint64_t *hits, uint64_t *misses) {
    *hits = c ? c->hits : 0;
    *misses = c ? c->misses : 0;
}

/* best[g*2+p] over one block (first kind k0, nk kinds): the most hand tiles
 * matched with at most g groups and at most p pairs inside the block.
 *
 * The same recurrence as dp_kind(), laid out for speed: the state is only the
 * open sequences (s1, s2) (15 of them), and each holds its whole (g, p) table
 * as two 64-bit words, one per p, byte g (bits 8g..8g+7) = the value of g
 * groups, + BV_BASE (0 = unreachable). A move that adds s groups is a shift
 * by 8s bits, so each move is a few word operations on all g at once
 * (portable SWAR: no vector unit or intrinsics needed, WebAssembly included).
 * Bytes 5..7 (g > 4) are scratch: they are only shifted further up and never
 * read. Every byte stays below 128 (BV_BASE + at most 4 per kind over 9
 * kinds), so a sum never carries into the next byte and the compare in
 * bv_max never borrows. Moves are restricted as in dp_kind() (groups that
 * can match a hand tile, F[k] <= 4), and further by "useful sequences": with
 * s1 and s2 sequences open, the s-th sequence started at k matches a tile of
 * its own only if s <= H[k] - s1 - s2, s <= H[k+1] - s1 or s <= H[k+2];
 * otherwise every kind it covers already has at least as many copies in F as
 * in H, and dropping it keeps the value with one group fewer (so an optimum
 * with the fewest groups never starts it, and the tables are "at most g
 * groups"). Likewise a triplet or the pair on kind k only when the open
 * sequences leave a copy of k unmatched (H[k] > s1 + s2 + s). The test mahjong_distance checks this path against the
 * recording mode and against an independent search. */
enum { BV_BASE = 64 };
#define BV_ONES 0x0101010101010101u
#define BV_HIGH 0x8080808080808080u

/* byte-wise max of a and b (bytes < 128) */
static inline uint64_t bv_max(uint64_t a, uint64_t b) {
    uint64_t ge = (((a | BV_HIGH) - b) & BV_HIGH) >> 7; /* 1 in the bytes where a >= b */
    uint64_t m = ge * 0xFFu;
    return (a & m) | (b & ~m);
}

/* counts[0..nk): one block; suited: a suit (sequences may start at its
 * positions 0..6), else the honours (no sequences) */
static bvec block_vector(const uint8_t *counts, int nk, int suited) {
    bvec r;
    /* tables indexed s1 * 5 + s2; il/ol list the reached states */
    uint64_t ta[25][2], tb[25][2], (*in)[2] = ta, (*out)[2] = tb, (*tmp)[2];
    uint8_t la[25], lb[25], *il = la, *ol = lb, *tl, seen[25];
    int k, p, i, n_in = 1, lo = nk, hi = -1;
    /* Before the first tile's kind - 2 and after the last tile's kind + 2 a
     * kind step maps the table onto itself (no tile, no open sequence, no
     * sequence can reach a tile), so only [first - 2, last + 2] is run. */
    for (k = 0; k < nk; k++)
        if (counts[k]) {
            if (k < lo) lo = k;
            hi = k;
        }
    lo = lo - 2 > 0 ? lo - 2 : 0;
    hi = hi + 2 < nk - 1 ? hi + 2 : nk - 1;
    in[0][0] = BV_BASE;
    in[0][1] = 0;
    la[0] = 0;
    for (k = lo; k <= hi; k++) {
        int h = counts[k], smax = 0, n_out = 0;
        if (suited && k <= 6) {
            smax = h;
            if (counts[k + 1] > smax) smax = counts[k + 1];
            if (counts[k + 2] > smax) smax = counts[k + 2];
        }
        if (!h && !smax && n_in == 1 && il[0] == 0) continue; /* the identity */
        memset(seen, 0, sizeof seen);
        for (i = 0; i < n_in; i++) {
            int st = il[i], s1 = st / 5, s2 = st % 5, s;
            int room = 4 - s1 - s2, smx = 0;
            if (smax) { /* see "useful sequences" above */
                smx = h - s1 - s2;
                if (counts[k + 1] - s1 > smx) smx = counts[k + 1] - s1;
                if (counts[k + 2] > smx) smx = counts[k + 2];
                if (smx > room) smx = room;
            }
            uint64_t v0 = in[st][0], v1 = in[st][1];
            for (s = 0; s <= smx; s++) {
                int f = s1 + s2 + s, to = s * 5 + s1, sh = 8 * s;
                uint64_t *o = out[to], add = (uint64_t)(f < h ? f : h) * BV_ONES;
                if (!seen[to]) {
                    o[0] = o[1] = 0;
                    seen[to] = 1;
                    ol[n_out++] = (uint8_t)to;
                }
                o[0] = bv_max(o[0], (v0 << sh) + add);
                o[1] = bv_max(o[1], (v1 << sh) + add);
                if (h > f) { /* the pair, or a triplet, on kind k (never both: 5 > 4),
                              * when it matches a tile the sequences leave */
                    if (f + 2 <= 4) {
                        add = (uint64_t)(f + 2 < h ? f + 2 : h) * BV_ONES;
                        o[1] = bv_max(o[1], (v0 << sh) + add);
                    }
                    if (f + 3 <= 4) {
                        add = (uint64_t)(f + 3 < h ? f + 3 : h) * BV_ONES;
                        o[0] = bv_max(o[0], (v0 << (sh + 8)) + add);
                        o[1] = bv_max(o[1], (v1 << (sh + 8)) + add);
                    }
                }
            }
        }
        n_in = n_out;
        tmp = in; in = out; out = tmp;
        tl = il; il = ol; ol = tl;
    }
    /* "at most g groups": a running max up the bytes (the state with no
     * group, byte 0 of w[0], is always reached, so every byte ends >= BV_BASE);
     * then "at most p pairs" */
    for (p = 0; p <= 1; p++) {
        uint64_t w = in[0][p];
        w = bv_max(w, w << 8);
        w = bv_max(w, w << 16);
        r.w[p] = bv_max(w, w << 32);
    }
    r.w[1] = bv_max(r.w[1], r.w[0]);
    return r;
}

/* The max-plus product of a block table a and a block table b: the best of
 * a with g' groups and b with g - g' (and the pair in one of them). Both hold
 * values + BV_BASE; so does the result. */
static bvec bv_combine(bvec a, bvec b) {
    bvec r = {{0, 0}};
    int g;
    for (g = 0; g <= 4; g++) {
        /* a's values at g as plain numbers (<= 3g + 2), broadcast to all bytes;
         * b shifted up by g groups (the bytes below g are 0: never a maximum,
         * every real sum is >= BV_BASE) */
        uint64_t a0 = ((a.w[0] >> 8 * g & 0xFFu) - BV_BASE) * BV_ONES;
        uint64_t a1 = ((a.w[1] >> 8 * g & 0xFFu) - BV_BASE) * BV_ONES;
        uint64_t b0 = b.w[0] << 8 * g, b1 = b.w[1] << 8 * g;
        r.w[0] = bv_max(r.w[0], b0 + a0);
        r.w[1] = bv_max(r.w[1], bv_max(b0 + a1, b1 + a0));
    }
    return r;
}

/* A block's table depends only on the shape of its counts, so the cache is
 * keyed by a canonical shape (more hands share an entry):
 *  - a suit read backwards gives the same table (a sequence read backwards is
 *    a sequence): a block whose tiles reach position 7 or 8 but not 0 or 1 is
 *    read backwards;
 *  - a suit's tiles moved along the suit give the same table as long as every
 *    sequence that could match one of them still fits in the suit: tiles that
 *    lie in positions 2..6 are moved to start at position 2;
 *  - the honours have no sequences: only their counts sorted matter.
 * shape gets nk counts; returns 1 for a suit. */
static int block_shape(const uint8_t *counts, int k0, int nk, uint8_t shape[9]) {
    int k, a = nk, b = -1;
    if (k0 >= MJ_HONOUR0) {
        for (k = 0; k < nk; k++) { /* insertion sort, largest first */
            int j = k, c = counts[k0 + k];
            for (; j > 0 && shape[j - 1] < c; j--) shape[j] = shape[j - 1];
            shape[j] = (uint8_t)c;
        }
        return 0;
    }
    for (k = 0; k < nk; k++)
        if (counts[k0 + k]) {
            if (k < a) a = k;
            b = k;
        }
    memset(shape, 0, 9);
    if (b < 0) return 1;
    if (a >= 2 && b > 6) { /* backwards */
        for (k = a; k <= b; k++) shape[nk - 1 - k] = counts[k0 + k];
        return 1;
    }
    if (a >= 2 && b <= 6) { /* moved to start at position 2 */
        for (k = a; k <= b; k++) shape[k - a + 2] = counts[k0 + k];
        return 1;
    }
    memcpy(shape, counts + k0, (size_t)nk);
    return 1;
}

static bvec block_lookup(const uint8_t *counts, int k0, int nk, mahjong_dist_cache *c) {
    uint8_t shape[9];
    int suited = block_shape(counts, k0, nk, shape), k, big = 0;
    uint32_t key = suited ? 0 : 1u << 27, h;
    cache_entry *e;
    for (k = 0; k < nk; k++) {
        key |= (uint32_t)shape[k] << (3 * k);
        big |= shape[k] > 7; /* not a real hand: 3 bits per kind do not hold it */
    }
    if (!c || big) return block_vector(shape, nk, suited);
    key += 1;
    h = (key * 2654435761u) >> (32 - CACHE_BITS);
    e = &c->e[h];
    if (e->key == key) {
        c->hits++;
        return e->v;
    }
    c->misses++;
    e->v = block_vector(shape, nk, suited);
    e->key = key;
    return e->v;
}

/* The blocks of a hand: the three suits (9 kinds each) and the honours. */
enum { BLOCKS = 4 };
static const int block_k0[BLOCKS] = {0, 9, 18, MJ_HONOUR0};
static const int block_nk[BLOCKS] = {9, 9, 9, MJ_NORMAL_KINDS - MJ_HONOUR0};

/* The distance from two tables that together cover all four blocks: the best
 * split of the G groups between them, the pair in one of them. */
static int distance_of(bvec ab, bvec cd, int melds) {
    int G = 4 - melds, g, best = 0;
    for (g = 0; g <= G; g++) {
        int a0 = (int)(ab.w[0] >> 8 * g & 0xFFu), a1 = (int)(ab.w[1] >> 8 * g & 0xFFu);
        int c0 = (int)(cd.w[0] >> 8 * (G - g) & 0xFFu), c1 = (int)(cd.w[1] >> 8 * (G - g) & 0xFFu);
        int v = (a1 + c0 > a0 + c1 ? a1 + c0 : a0 + c1) - 2 * BV_BASE;
        if (v > best) best = v;
    }
    return 14 - 3 * melds - best;
}

int mahjong_distance(const uint8_t counts[MJ_KINDS], int melds, mahjong_dist_cache *cache) {
    bvec ab, cd;
    if (melds < 0 || melds > 4) return -1;
    /* max-plus combination of the blocks' "at most (g, p)" tables: (M x P)
     * and (S x Z) in full, then only (G, 1) of their product */
    ab = bv_combine(block_lookup(counts, 0, 9, cache), block_lookup(counts, 9, 9, cache));
    cd = bv_combine(block_lookup(counts, 18, 9, cache), block_lookup(counts, MJ_HONOUR0, 7, cache));
    return distance_of(ab, cd, melds);
}

int mahjong_distance_discards(const uint8_t counts[MJ_KINDS], int melds, mahjong_dist_cache *cache,
                              int8_t out[MJ_NORMAL_KINDS]) {
    uint8_t h[MJ_KINDS];
    bvec blk[BLOCKS], ab, cd;
    int b, k;
    if (melds < 0 || melds > 4) return -1;
    memcpy(h, counts, MJ_KINDS);
    for (b = 0; b < BLOCKS; b++) blk[b] = block_lookup(h, block_k0[b], block_nk[b], cache);
    ab = bv_combine(blk[0], blk[1]);
    cd = bv_combine(blk[2], blk[3]);
    for (b = 0; b < BLOCKS; b++) {
        /* a discard changes its own block only: the other three are combined
         * once, then each discard's block against them */
        int k0 = block_k0[b], k1 = k0 + block_nk[b], any = 0;
        bvec rest;
        for (k = k0; k < k1; k++) {
            out[k] = -1;
            any |= h[k];
        }
        if (!any) continue;
        rest = b < 2 ? bv_combine(blk[1 - b], cd) : bv_combine(ab, blk[5 - b]);
        for (k = k0; k < k1; k++) {
            if (!h[k]) continue;
            h[k]--;
            out[k] = (int8_t)distance_of(block_lookup(h, k0, block_nk[b], cache), rest, melds);
            h[k]++;
        }
    }
    return 0;
}
