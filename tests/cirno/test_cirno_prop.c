/* test_cirno_prop.c - property tests of the cirno engine over generated games.
 *
 *   test_cirno_prop [FIRST_SEED COUNT]      normal seeds (default 1 1500)
 *   test_cirno_prop --max SEED              one --max game
 *
 * For every game: the generator's text parses and simulates; cards are
 * conserved (hands + deck remainder + played = initial) at random steps and
 * at the end; the deck only shrinks; every play's card is in the player's
 * hand and is the card an independent reference strategy picks; p <= 99
 * after every non-losing play, > 99 after a loss, |p| < 10^4; the turn order
 * and DOUBLE bookkeeping follow the statement; ds_trace_seek(i) equals both
 * the sequential replay and a fresh simulation stopped after i steps; the
 * judge output has lines_at_step[n] lines; event JSON is one object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "cirno_ref.h"
#include "ds_test.h"

static void count_state(const cirno_input *in, const cirno_state *s, long *cnt) {
    int i, j;
    uint32_t d;
    for (i = 0; i < in->n; i++)
        for (j = 0; j < 3; j++) cnt[s->hand[i][j]]++;
    for (d = s->deck_pos; d < in->k; d++) cnt[in->cards[(uint32_t)in->n * 3 + d]]++;
}

static int conserved(const cirno_input *in, const cirno_state *s, const long *played,
                     const long *initial) {
    long cnt[CIRNO_CARD_KINDS] = {0};
    int c;
    count_state(in, s, cnt);
    for (c = 0; c < CIRNO_CARD_KINDS; c++)
        if (cnt[c] + played[c] != initial[c]) return 0;
    return 1;
}

static int seat_after(int pl, int dir, int n) { return dir ? (pl + n - 1) % n : (pl + 1) % n; }

/* Checks one generated game; returns the number of events. */
static size_t check_game(const char *text, size_t len, ds_rng *rng) {
    cirno_input *in = NULL;
    ds_trace tr, fresh;
    ds_error err;
    cirno_state cur, before, sk;
    long initial[CIRNO_CARD_KINDS] = {0}, played[CIRNO_CARD_KINDS] = {0};
    uint32_t *lines;
    ds_buf out;
    size_t i, nl, rounds = 0;
    int j, fail0 = ds_test_failed;
    size_t probes[6];

    memset(&tr, 0, sizeof tr);
    CHECK_EQ_INT(cirno_parse(text, len, &in, &err), 0);
    if (!in) { fprintf(stderr, "parse: %d:%d %s\n", err.line, err.col, err.msg); return 0; }
    if (cirno_simulate(in, &tr, &err)) {
        CHECK(0 /* simulate failed */);
        fprintf(stderr, "simulate: %s\n", err.msg);
        ds_trace_free(&tr);
        cirno_input_free(in);
        return 0;
    }
    for (i = 0; i < (size_t)in->n * 3 + in->k; i++) initial[in->cards[i]]++;
    for (j = 0; j < 6; j++) probes[j] = ds_rng_below(rng, (uint32_t)tr.n + 1);

    CHECK_EQ_INT(ds_trace_seek(&tr, 0, &cur), 0);
    CHECK(conserved(in, &cur, played, initial));
    for (i = 0; i < tr.n && ds_test_failed - fail0 < 10; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(&tr, i);
        int pl = e->player, card = e->card, k;
        int n = in->n;
        before = cur;
        cirno_apply(&cur, e, in);
        CHECK(cur.deck_pos >= before.deck_pos);
        CHECK(cur.p > -CIRNO_P_LIMIT && cur.p < CIRNO_P_LIMIT);
        if (e->kind == CIRNO_EV_ROUND) {
            rounds++;
            CHECK(before.phase == CIRNO_PHASE_SETUP || before.phase == CIRNO_PHASE_ROUND_OVER);
            CHECK_EQ_INT(cur.round, rounds);
            CHECK_EQ_INT(cur.p, 0);
            CHECK_EQ_INT(cur.direction, 0);
            CHECK_EQ_INT(cur.double_left, 0);
            CHECK_EQ_INT(cur.current, rounds == 1 ? 0 : before.loser);
            CHECK_EQ_INT(cur.deck_pos, before.deck_pos);
            continue;
        }
        CHECK_EQ_INT(before.phase, CIRNO_PHASE_PLAYING);
        CHECK_EQ_INT(pl, before.current);
        CHECK_EQ_INT(card, before.hand[pl][e->slot]); /* the card was in her hand */
        CHECK_EQ_INT(e->p_before, before.p);
        CHECK_EQ_INT(e->double_left, before.double_left);
        for (k = 0; k < 3; k++) {
            const char *kn = cirno_card_name(e->hand[k]);
            long kv = ref_value(kn, before.p);
            CHECK_EQ_INT(e->hand[k], before.hand[pl][k]);
            CHECK_EQ_INT(e->cand_p[k], kv);
            CHECK_EQ_INT(cirno_cand_status(e->hand[k], e->cand_p[k]),
                         ref_is_counter(kn) ? CIRNO_CAND_COUNTER : kv > 99 ? CIRNO_CAND_LOSES : CIRNO_CAND_SAFE);
        }
        CHECK_EQ_INT(e->slot, ref_choose(before.hand[pl], before.p, before.double_left == 2));
        CHECK_EQ_INT(e->p_after, ref_value(cirno_card_name(card), before.p));
        CHECK_EQ_INT(cur.p, e->p_after);
        if (e->kind == CIRNO_EV_PLAY) {
            CHECK(e->p_after <= 99);
            played[card]++;
            CHECK_EQ_INT(cur.deck_pos, before.deck_pos + 1);
            CHECK_EQ_INT(e->drawn[0], in->cards[(uint32_t)n * 3 + before.deck_pos]);
            CHECK_EQ_INT(cur.hand[pl][e->slot], e->drawn[0]);
            if (ref_is_counter(cirno_card_name(card))) {
                int dir = before.direction ^ (card == CIRNO_TURN);
                CHECK_EQ_INT(cur.direction, dir);
                CHECK_EQ_INT(cur.current, seat_after(pl, dir, n));
                CHECK_EQ_INT(cur.double_left,
                             before.double_left == 2 || card == CIRNO_DOUBLE ? 2 : 0);
            } else if (before.double_left == 2) {
                CHECK_EQ_INT(cur.current, pl);
                CHECK_EQ_INT(cur.double_left, 1);
            } else {
                CHECK_EQ_INT(cur.current, seat_after(pl, before.direction, n));
                CHECK_EQ_INT(cur.double_left, 0);
            }
        } else {
            CHECK_EQ_INT(e->kind, CIRNO_EV_LOSS);
            CHECK(e->p_after > 99);
            for (k = 0; k < 3; k++) played[before.hand[pl][k]]++; /* played + discarded */
            CHECK_EQ_INT(cur.deck_pos, before.deck_pos + 3);
            for (k = 0; k < 3; k++) {
                CHECK_EQ_INT(e->drawn[k], in->cards[(uint32_t)n * 3 + before.deck_pos + (uint32_t)k]);
                CHECK_EQ_INT(cur.hand[pl][k], e->drawn[k]);
            }
            CHECK_EQ_INT(cur.loser, pl);
            CHECK_EQ_INT(cur.double_left, 0);
        }
        /* the other players' hands do not change */
        for (k = 0; k < n; k++)
            if (k != pl) CHECK(memcmp(cur.hand[k], before.hand[k], 3) == 0);
        for (j = 0; j < 6; j++)
            if (probes[j] == i + 1) {
                CHECK(conserved(in, &cur, played, initial));
                CHECK_EQ_INT(ds_trace_seek(&tr, i + 1, &sk), 0);
                CHECK(memcmp(&sk, &cur, sizeof cur) == 0);
            }
    }
    CHECK_EQ_INT(rounds, in->m);
    CHECK_EQ_INT(cur.phase, CIRNO_PHASE_GAME_OVER);
    CHECK(tr.n > 0 && ((const cirno_event *)ds_trace_event(&tr, tr.n - 1))->kind == CIRNO_EV_LOSS);
    CHECK(conserved(in, &cur, played, initial));
    CHECK(memcmp(tr.live, &cur, sizeof cur) == 0);

    /* a fresh simulation stopped at a random step equals the seek */
    {
        size_t stop = ds_rng_below(rng, (uint32_t)tr.n + 1);
        memset(&fresh, 0, sizeof fresh);
        CHECK_EQ_INT(cirno_begin(in, &fresh, &err), 0);
        for (i = 0; i < stop; i++) CHECK_EQ_INT(cirno_step(in, &fresh, &err), 0);
        CHECK_EQ_INT(ds_trace_seek(&tr, stop, &sk), 0);
        CHECK(memcmp(fresh.live, &sk, sizeof sk) == 0);
        CHECK(fresh.n == stop && (!stop || memcmp(fresh.events, tr.events, stop * sizeof(cirno_event)) == 0));
        ds_trace_free(&fresh);
    }

    /* judge output: one line per event, lines_at_step agrees */
    ds_buf_init(&out);
    lines = (uint32_t *)calloc(tr.n + 1, sizeof *lines);
    CHECK_EQ_INT(cirno_format(in, &tr, &out, lines), 0);
    for (i = 0, nl = 0; i < out.len; i++) nl += out.data[i] == '\n';
    CHECK_EQ_INT(lines[tr.n], nl);
    CHECK_EQ_INT(lines[0], 0);
    for (i = 0; i < tr.n; i++) CHECK(lines[i + 1] == lines[i] + 1);
    free(lines);

    /* the output written in random slices is the same text (the CLI writes
     * long games slice by slice) */
    {
        ds_buf whole, parts;
        size_t a = ds_rng_below(rng, (uint32_t)tr.n + 1), b = ds_rng_below(rng, (uint32_t)tr.n + 1);
        if (a > b) { size_t t = a; a = b; b = t; }
        ds_buf_init(&whole);
        ds_buf_init(&parts);
        CHECK_EQ_INT(cirno_format(in, &tr, &whole, NULL), 0);
        CHECK_EQ_INT(cirno_format_range(in, &tr, 0, a, &parts), 0);
        CHECK_EQ_INT(cirno_format_range(in, &tr, a, b, &parts), 0);
        CHECK_EQ_INT(cirno_format_range(in, &tr, b, tr.n + 5, &parts), 0);
        CHECK(whole.len == parts.len && memcmp(whole.data, parts.data, whole.len) == 0);
        if (tr.n < 2000 && ds_rng_below(rng, 4) == 0) { /* JSON is slow under ASan: 1 game in 4 */
            /* the header comes with from == 0, so the first slice is not empty */
            size_t a1 = a ? a : 1, b1 = b < a1 ? a1 : b;
            ds_buf_clear(&whole);
            ds_buf_clear(&parts);
            CHECK_EQ_INT(cirno_trace_jsonl(in, &tr, DS_LANG_EN, &whole), 0);
            CHECK_EQ_INT(cirno_trace_jsonl_range(in, &tr, 0, a1, DS_LANG_EN, &parts), 0);
            CHECK_EQ_INT(cirno_trace_jsonl_range(in, &tr, a1, b1, DS_LANG_EN, &parts), 0);
            CHECK_EQ_INT(cirno_trace_jsonl_range(in, &tr, b1, tr.n, DS_LANG_EN, &parts), 0);
            CHECK(whole.len == parts.len && memcmp(whole.data, parts.data, whole.len) == 0);
        }
        ds_buf_free(&whole);
        ds_buf_free(&parts);
    }

    /* one random event as JSON */
    ds_buf_clear(&out);
    i = ds_rng_below(rng, (uint32_t)tr.n);
    CHECK_EQ_INT(cirno_event_json(in, &tr, i, DS_LANG_EN, &out), 0);
    CHECK(out.len > 2 && out.data[0] == '{' && out.data[out.len - 1] == '}');
    ds_buf_free(&out);

    i = tr.n;
    ds_trace_free(&tr);
    cirno_input_free(in);
    return i;
}

int main(int argc, char **argv) {
    ds_rng rng;
    ds_buf text;
    uint64_t first = 1, count = 1500, s;
    size_t events = 0, maxev = 0;
    int max = 0;
    if (argc == 3 && !strcmp(argv[1], "--max")) { max = 1; first = strtoull(argv[2], NULL, 10); count = 1; }
    else if (argc == 3) { first = strtoull(argv[1], NULL, 10); count = strtoull(argv[2], NULL, 10); }
    ds_rng_seed(&rng, 12345);
    ds_buf_init(&text);
    for (s = first; s < first + count && ds_test_failed < 20; s++) {
        size_t ev;
        int fails = ds_test_failed;
        ds_buf_clear(&text);
        if (cirno_generate(s, max, &text)) {
            CHECK(0 /* generate failed */);
            fprintf(stderr, "seed %llu: the generator failed\n", (unsigned long long)s);
            continue;
        }
        if (s % 8 == 0 || max) { /* the same seed gives the same text */
            ds_buf again;
            ds_buf_init(&again);
            CHECK_EQ_INT(cirno_generate(s, max, &again), 0);
            CHECK(again.len == text.len && memcmp(again.data, text.data, text.len) == 0);
            ds_buf_free(&again);
        }
        if (max) {
            cirno_input *in;
            ds_error err;
            CHECK_EQ_INT(cirno_parse(text.data, text.len, &in, &err), 0);
            if (in) {
                CHECK_EQ_INT(in->n, 30);
                CHECK_EQ_INT(in->m, 100);
                CHECK_EQ_INT(in->k, 300000);
                cirno_input_free(in);
            }
        }
        ev = check_game(text.data, text.len, &rng);
        events += ev;
        if (ev > maxev) maxev = ev;
        if (ds_test_failed > fails) fprintf(stderr, "seed %llu failed\n", (unsigned long long)s);
    }
    printf("%llu games, %zu events, largest %zu\n", (unsigned long long)count, events, maxev);
    if (max) CHECK(maxev > 290000);
    ds_buf_free(&text);
    DS_TEST_MAIN_END();
}
