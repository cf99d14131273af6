/* test_mahjong_distance.c - the winning distance against an independent
 * brute force, and the consistency of its three paths (fast with a cache,
 * fast without, the recording DP) and of the recorded target hand.
 *
 * The brute force enumerates every winning hand F of 14-3n tiles for n = 1..4
 * melds (1..3 groups taken from the 55 sequences/triplets, plus one of the 34
 * pairs, at most 4 of a kind) and takes distance = |F| - max_F sum min(F, H),
 * which is the statement's definition (add |F \ H| tiles, remove |H \ F|).
 * It shares no code with the engine's DP.
 */
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "mahjong/mahjong.h"
#include "mj_win.h"

/* ---- brute force ----------------------------------------------------------- */

typedef struct group {
    uint8_t kind[3];
} group;

typedef struct target {
    uint8_t n;          /* distinct kinds used */
    uint8_t kind[11];
    uint8_t count[11];
} target;

static int ngroups;
static group groups[64];

static void make_groups(void) {
    int s, i, k;
    ngroups = 0;
    for (k = 0; k < 34; k++) { /* triplets */
        groups[ngroups].kind[0] = groups[ngroups].kind[1] = groups[ngroups].kind[2] = (uint8_t)k;
        ngroups++;
    }
    for (s = 0; s < 3; s++) /* sequences */
        for (i = 0; i < 7; i++) {
            groups[ngroups].kind[0] = (uint8_t)(s * 9 + i);
            groups[ngroups].kind[1] = (uint8_t)(s * 9 + i + 1);
            groups[ngroups].kind[2] = (uint8_t)(s * 9 + i + 2);
            ngroups++;
        }
}

/* All winning hands with g groups (g = 4 - n) plus a pair, as sparse lists. */
static target *all_targets(int g, size_t *count) {
    size_t cap = 1024, n = 0;
    target *t = (target *)malloc(cap * sizeof *t);
    int a, b, c, pr, k;
    int ga[3];
    for (a = 0; a < ngroups; a++)
        for (b = g >= 2 ? a : ngroups - 1; b < ngroups; b++)
            for (c = g >= 3 ? b : ngroups - 1; c < ngroups; c++)
                for (pr = 0; pr < 34; pr++) {
                    uint8_t cnt[34] = {0};
                    int ok = 1, j;
                    target x;
                    ga[0] = a, ga[1] = b, ga[2] = c;
                    for (j = 0; j < g; j++)
                        for (k = 0; k < 3; k++) cnt[groups[ga[j]].kind[k]]++;
                    cnt[pr] += 2;
                    for (k = 0; k < 34; k++) ok &= cnt[k] <= 4;
                    if (!ok) continue;
                    x.n = 0;
                    for (k = 0; k < 34; k++)
                        if (cnt[k]) {
                            x.kind[x.n] = (uint8_t)k;
                            x.count[x.n] = cnt[k];
                            x.n++;
                        }
                    if (n == cap) {
                        cap *= 2;
                        t = (target *)realloc(t, cap * sizeof *t);
                    }
                    t[n++] = x;
                }
    *count = n;
    return t;
}

static int brute_distance(const target *t, size_t nt, const uint8_t *h, int melds) {
    size_t i;
    int best = 0;
    for (i = 0; i < nt; i++) {
        int m = 0, j;
        for (j = 0; j < t[i].n; j++) {
            int a = t[i].count[j], b = h[t[i].kind[j]];
            m += a < b ? a : b;
        }
        if (m > best) best = m;
    }
    return 14 - 3 * melds - best;
}

/* ---- random hands ------------------------------------------------------------ */

/* A hand of `size` tiles drawn from a few kinds (so groups and 4-of-a-kind
 * are common), sometimes with special tiles. */
static void random_hand(ds_rng *r, int size, uint8_t *h) {
    int pool[10], np = 1 + (int)ds_rng_below(r, 6), i;
    int base = (int)ds_rng_below(r, 4) * 9;
    memset(h, 0, MJ_KINDS);
    for (i = 0; i < np; i++) {
        int mode = (int)ds_rng_below(r, 10);
        if (mode < 6 && base < 27) pool[i] = base + (int)ds_rng_below(r, 9);    /* one suit */
        else if (mode < 9) pool[i] = (int)ds_rng_below(r, 34);                  /* any */
        else pool[i] = MJ_PASS + (int)ds_rng_below(r, 3);                      /* special */
    }
    for (i = 0; i < size;) {
        int k = pool[ds_rng_below(r, (uint32_t)np)];
        if (ds_rng_below(r, 8) == 0) k = (int)ds_rng_below(r, MJ_KINDS);
        if (h[k] < 4) { h[k]++; i++; }
    }
}

/* A hand from a window of 2..5 consecutive kinds of one suit (plus a few
 * strays): stacked sequences, pairs and the 4-copies limit interact here. */
static void narrow_hand(ds_rng *r, int size, uint8_t *h) {
    static const int widths[6] = {2, 3, 3, 3, 4, 5};
    int w = widths[ds_rng_below(r, 6)], suit = (int)ds_rng_below(r, 3);
    int lo = suit * 9 + (int)ds_rng_below(r, (uint32_t)(10 - w)), i, guard = 0;
    memset(h, 0, MJ_KINDS);
    for (i = 0; i < size && guard < 1000; guard++) {
        int k = lo + (int)ds_rng_below(r, (uint32_t)w);
        if (ds_rng_below(r, 20) == 0) k = (int)ds_rng_below(r, MJ_KINDS);
        if (h[k] < 4) { h[k]++; i++; }
    }
    for (; i < size; i++) /* window full: fill with honours */
        for (int k = 27; k < 34; k++) if (h[k] < 4) { h[k]++; break; }
}

/* A second brute force, for n = 0 where the targets are too many: every
 * multiset of at most 4-n groups among the groups that share a kind with the
 * hand, and the pair on a hand kind or nowhere. Groups that share no kind
 * with the hand match nothing, so leaving them out (they can always be added
 * on unused kinds) does not change the best match; the test checks this
 * brute force against the exhaustive one for n = 1..4. */
static int rel_best, rel_nkinds, rel_kinds[34];

/* sum min(F, H) over the hand's kinds (the others add nothing), plus the best
 * pair on a hand kind */
static int rel_eval(const uint8_t *f, const uint8_t *h) {
    int i, m = 0, gain = 0;
    for (i = 0; i < rel_nkinds; i++) {
        int k = rel_kinds[i], a = f[k] < h[k] ? f[k] : h[k];
        m += a;
        if (h[k] && f[k] + 2 <= 4) {
            int b = f[k] + 2 < h[k] ? f[k] + 2 : h[k];
            if (b - a > gain) gain = b - a;
        }
    }
    return m + gain;
}

static void rel_search(int start, int left, uint8_t *f, const uint8_t *h, const int *rel,
                       int nrel) {
    int i, k, v = rel_eval(f, h);
    if (v > rel_best) rel_best = v;
    if (!left) return;
    for (i = start; i < nrel; i++) {
        const group *g = &groups[rel[i]];
        int ok = 1;
        for (k = 0; k < 3; k++) ok &= ++f[g->kind[k]] <= 4;
        if (ok) rel_search(i, left - 1, f, h, rel, nrel);
        for (k = 0; k < 3; k++) f[g->kind[k]]--;
    }
}

static int rel_distance(const uint8_t *h, int melds) {
    int rel[64], nrel = 0, i, k;
    uint8_t f[34] = {0};
    rel_nkinds = 0;
    for (k = 0; k < 34; k++)
        if (h[k]) rel_kinds[rel_nkinds++] = k;
    for (i = 0; i < ngroups; i++) {
        int touch = 0;
        for (k = 0; k < 3; k++) touch |= h[groups[i].kind[k]] > 0;
        if (touch) rel[nrel++] = i;
    }
    rel_best = 0;
    rel_search(0, 4 - melds, f, h, rel, nrel);
    return 14 - 3 * melds - rel_best;
}

/* The recorded target must be a winning hand reachable with exactly
 * `distance` additions, and add/remove must turn H into F. */
static void check_record(const uint8_t *h, int melds, const mahjong_dp_record *rec) {
    uint8_t f[MJ_KINDS];
    int k, add = 0, rem = 0, ok = 1, size = 0;
    for (k = 0; k < MJ_KINDS; k++) {
        f[k] = (uint8_t)(h[k] + rec->add[k] - rec->remove[k]);
        add += rec->add[k];
        rem += rec->remove[k];
        size += h[k];
        if (k < 34 && f[k] != rec->target[k]) ok = 0;
        if (rec->add[k] && rec->remove[k]) ok = 0;
    }
    CHECK(ok);
    CHECK(is_winning_hand(f, melds));
    CHECK_EQ_INT(add, rec->distance);
    CHECK_EQ_INT(rem, size - (14 - 3 * melds) + rec->distance);
    /* the value table at the end agrees with the reported optimum */
    CHECK_EQ_INT(rec->value[34][rec->end_state], rec->best_match);
}

static void test_against_brute_force(void) {
    /* hands per number of melds: random ones, narrow-window ones */
    static const int random_for[5] = {0, 4, 150, 1500, 1500};
    static const int narrow_for[5] = {0, 12, 250, 1500, 1500};
    int melds;
    ds_rng r;
    mahjong_dist_cache *cache = mahjong_dist_cache_new();
    mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
    CHECK(cache != NULL && rec != NULL);
    make_groups();
    ds_rng_seed(&r, 20210);
    for (melds = 4; melds >= 1; melds--) {
        size_t nt;
        target *t = all_targets(4 - melds, &nt);
        int i, mismatches = 0;
        for (i = 0; i < random_for[melds] + narrow_for[melds]; i++) {
            uint8_t h[MJ_KINDS];
            int size = 13 - 3 * melds + (int)ds_rng_below(&r, 2);
            int want, fast, slow, expl;
            if (i < random_for[melds]) random_hand(&r, size, h);
            else narrow_hand(&r, size, h);
            want = brute_distance(t, nt, h, melds);
            fast = mahjong_distance(h, melds, cache);
            slow = mahjong_distance(h, melds, NULL);
            expl = mahjong_distance_explain(h, melds, rec);
            if (fast != want || slow != want || expl != want) mismatches++;
            CHECK_EQ_INT(fast, want);
            CHECK_EQ_INT(slow, want);
            CHECK_EQ_INT(expl, want);
            CHECK_EQ_INT(rel_distance(h, melds), want);
            check_record(h, melds, rec);
            CHECK_EQ_INT(want == 0, is_winning_hand(h, melds));
        }
        if (mismatches) fprintf(stderr, "melds %d: %d mismatches\n", melds, mismatches);
        free(t);
    }
    /* n = 0 and n = 1 (too many targets to enumerate often) against the
     * relevant-groups brute force */
    {
        int i;
        for (i = 0; i < 2400; i++) {
            uint8_t h[MJ_KINDS];
            int m = i % 2, size = 13 - 3 * m + (int)ds_rng_below(&r, 2), want;
            if (i % 3 == 0) random_hand(&r, size, h);
            else narrow_hand(&r, size, h);
            want = rel_distance(h, m);
            CHECK_EQ_INT(mahjong_distance(h, m, cache), want);
            CHECK_EQ_INT(mahjong_distance(h, m, NULL), want);
            CHECK_EQ_INT(mahjong_distance_explain(h, m, rec), want);
            check_record(h, m, rec);
        }
    }
    free(rec);
    mahjong_dist_cache_free(cache);
}

/* n = 0 is too large to enumerate: check the three paths agree, the record
 * is a valid certificate, and the distance is consistent under drawing. */
static void test_full_hands(void) {
    ds_rng r;
    int i;
    mahjong_dist_cache *cache = mahjong_dist_cache_new();
    mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
    ds_rng_seed(&r, 77);
    for (i = 0; i < 3000; i++) {
        uint8_t h[MJ_KINDS];
        int melds = (int)ds_rng_below(&r, 2), d13, d14, k;
        int8_t after[MJ_NORMAL_KINDS];
        random_hand(&r, 13 - 3 * melds, h);
        d13 = mahjong_distance(h, melds, cache);
        CHECK_EQ_INT(d13, mahjong_distance(h, melds, NULL));
        CHECK_EQ_INT(d13, mahjong_distance_explain(h, melds, rec));
        check_record(h, melds, rec);
        CHECK(d13 >= 1 && d13 <= 14 - 3 * melds);
        /* a drawn tile lowers the distance by at most one */
        do k = (int)ds_rng_below(&r, MJ_KINDS); while (h[k] == 4);
        h[k]++;
        d14 = mahjong_distance(h, melds, cache);
        CHECK(d14 == d13 || d14 == d13 - 1);
        CHECK_EQ_INT(d14 == 0, is_winning_hand(h, melds));
        CHECK_EQ_INT(d14, mahjong_distance_explain(h, melds, rec));
        check_record(h, melds, rec);
        /* every discard at once (a turn's candidates), as the recording mode
         * gives them one by one: a discard never lowers the distance and
         * raises it by at most one */
        CHECK_EQ_INT(mahjong_distance_discards(h, melds, i % 2 ? cache : NULL, after), 0);
        for (k = 0; k < MJ_NORMAL_KINDS; k++) {
            if (!h[k]) {
                CHECK_EQ_INT(after[k], -1);
                continue;
            }
            h[k]--;
            CHECK_EQ_INT(after[k], mahjong_distance_explain(h, melds, rec));
            h[k]++;
            CHECK(after[k] == d14 || after[k] == d14 + 1);
        }
        CHECK_EQ_INT(mahjong_distance_discards(h, 5, cache, after), -1);
    }
    /* random winning hands have distance 0 */
    make_groups();
    for (i = 0; i < 2000; i++) {
        uint8_t h[MJ_KINDS] = {0};
        int melds = (int)ds_rng_below(&r, 5), j, k, ok = 1;
        for (j = 0; j < 4 - melds; j++) {
            const group *g = &groups[ds_rng_below(&r, (uint32_t)ngroups)];
            for (k = 0; k < 3; k++) h[g->kind[k]]++;
        }
        h[ds_rng_below(&r, 34)] += 2;
        for (k = 0; k < 34; k++) ok &= h[k] <= 4;
        if (!ok) continue;
        CHECK_EQ_INT(mahjong_distance(h, melds, cache), 0);
        CHECK_EQ_INT(mahjong_distance_explain(h, melds, rec), 0);
        check_record(h, melds, rec);
    }
    free(rec);
    mahjong_dist_cache_free(cache);
}

/* The statement's two examples of the 4-copies rule. */
static void test_statement_examples(void) {
    uint8_t h[MJ_KINDS] = {0};
    h[0] = 4; /* 1M 1M 1M 1M, 3 melds: adding a fifth 1M is not allowed */
    CHECK(mahjong_distance(h, 3, NULL) > 1);
    h[0] = 1; /* 1M, 4 melds (one of them a 1M pong): still distance 1 */
    CHECK_EQ_INT(mahjong_distance(h, 4, NULL), 1);
}

static void test_parse_hand(void) {
    uint8_t h[MJ_KINDS];
    ds_error e;
    CHECK(mahjong_parse_hand("1M 2M 3M 4M 5M 6M 7M 8M 9M E E E Z", 34, 0, h, &e) == 0);
    CHECK_EQ_INT(h[0] + h[8] + h[27] + h[33], 6);
    /* unknown tile: column of the token */
    CHECK(mahjong_parse_hand("1M 2M 0M", 8, 4, h, &e) == -1);
    CHECK_EQ_INT(e.line, 1);
    CHECK_EQ_INT(e.col, 7);
    CHECK(strstr(e.msg, "found '0M'") != NULL);
    /* too many tiles for the melds: the first extra tile */
    CHECK(mahjong_parse_hand("1M 2M 3M", 8, 4, h, &e) == -1);
    CHECK_EQ_INT(e.col, 7);
    CHECK(strstr(e.msg, "expected 1 or 2 tiles") != NULL);
    /* too few: at the end */
    CHECK(mahjong_parse_hand("1M 2M", 5, 2, h, &e) == -1);
    CHECK_EQ_INT(e.col, 6);
    CHECK(strstr(e.msg, "found end of input after 2") != NULL);
    /* a fifth copy */
    CHECK(mahjong_parse_hand("Z Z Z Z Z", 9, 3, h, &e) == -1);
    CHECK_EQ_INT(e.col, 9);
    CHECK(strstr(e.msg, "fifth 'Z'") != NULL);
}

int main(void) {
    test_statement_examples();
    test_parse_hand();
    test_against_brute_force();
    test_full_hands();
    DS_TEST_MAIN_END();
}
