/* test_cirno_try.c - variations of cirno (cirno_simulate_try, forced
 * choices) over generated games.
 *
 *   test_cirno_try [FIRST_SEED COUNT]      normal seeds (default 1 300)
 *   test_cirno_try --max SEED              one --max game (about 3e5 events)
 *
 * For every game, at random decisions:
 *   - forcing the rule's own card gives the main line byte for byte: the
 *     same events, judge output and JSON Lines trace;
 *   - forcing each other candidate gives a line that shares the first I
 *     events (and their JSON lines) with the main line, whose event I plays
 *     the forced card with "chosen" = the label, "forced", "rule_choice" =
 *     the main line's card, and that keeps every invariant of the game
 *     (cards conserved, the deck only shrinks, every other decision is the
 *     reference strategy's, p and turn order and DOUBLE as the statement
 *     says, seeks equal the replay); it ends with round m or stops only
 *     because the deck is empty or p <= -10^4;
 *   - chains of 2 and 3 forced choices, each index taken from the line the
 *     earlier ones made, keep the prefix of that line;
 *   - a round start, a card not in the hand and an index past the end fail
 *     with the shared messages, and nothing else fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "cirno_ref.h"
#include "ds_test.h"

/* how the variations checked ended (printed: the cases were reached) */
static size_t n_lines, n_stopped_deck, n_stopped_p, n_short_draw;

static int seat_after(int pl, int dir, int n) { return dir ? (pl + n - 1) % n : (pl + 1) % n; }

static void count_state(const cirno_input *in, const cirno_state *s, long *cnt) {
    int i, j;
    uint32_t d;
    for (i = 0; i < in->n; i++)
        for (j = 0; j < 3; j++) cnt[s->hand[i][j]]++;
    for (d = s->deck_pos; d < in->k; d++) cnt[in->cards[(uint32_t)in->n * 3 + d]]++;
}

/* Every invariant of a line (main line or variation) over its whole trace.
 * Returns the number of forced events. */
static size_t check_line(const cirno_input *in, const ds_trace *tr, ds_rng *rng) {
    long initial[CIRNO_CARD_KINDS] = {0}, played[CIRNO_CARD_KINDS] = {0}, cnt[CIRNO_CARD_KINDS];
    cirno_state cur, before, sk;
    size_t i, forced = 0, probe = ds_rng_below(rng, (uint32_t)tr->n + 1);
    int rounds = 0, c, fail0 = ds_test_failed, n = in->n;
    for (i = 0; i < (size_t)n * 3 + in->k; i++) initial[in->cards[i]]++;
    CHECK_EQ_INT(ds_trace_seek(tr, 0, &cur), 0);
    for (i = 0; i < tr->n && ds_test_failed - fail0 < 10; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(tr, i);
        int pl = e->player, card = e->card, k, rs;
        before = cur;
        cirno_apply(&cur, e, in);
        CHECK(cur.deck_pos >= before.deck_pos && cur.deck_pos <= in->k);
        if (e->kind == CIRNO_EV_ROUND) {
            rounds++;
            CHECK(!cirno_event_forced(e));
            CHECK(before.phase == CIRNO_PHASE_SETUP || before.phase == CIRNO_PHASE_ROUND_OVER);
            CHECK_EQ_INT(cur.round, rounds);
            CHECK_EQ_INT(cur.p, 0);
            CHECK_EQ_INT(cur.current, rounds == 1 ? 0 : before.loser);
            continue;
        }
        CHECK_EQ_INT(before.phase, CIRNO_PHASE_PLAYING);
        CHECK(before.p > -CIRNO_P_LIMIT && before.p <= 99);
        CHECK_EQ_INT(pl, before.current);
        CHECK_EQ_INT(card, before.hand[pl][e->slot]);
        CHECK_EQ_INT(e->p_before, before.p);
        for (k = 0; k < 3; k++) {
            CHECK_EQ_INT(e->hand[k], before.hand[pl][k]);
            CHECK_EQ_INT(e->cand_p[k], ref_value(cirno_card_name(e->hand[k]), before.p));
        }
        /* the rule's own slot is the reference strategy's; a forced card is
         * another card (from its lowest slot), else the rule's */
        rs = cirno_event_rule_slot(e);
        CHECK_EQ_INT(rs, ref_choose(before.hand[pl], before.p, before.double_left == 2));
        if (cirno_event_forced(e)) {
            forced++;
            CHECK(e->hand[rs] != card);
            for (k = 0; k < e->slot; k++) CHECK(e->hand[k] != card);
        } else {
            CHECK_EQ_INT(e->slot, rs);
        }
        CHECK_EQ_INT(e->p_after, ref_value(cirno_card_name(card), before.p));
        CHECK_EQ_INT(cur.p, e->p_after);
        if (e->kind == CIRNO_EV_PLAY) {
            CHECK(e->p_after <= 99);
            played[card]++;
            CHECK_EQ_INT(cur.deck_pos, before.deck_pos + 1);
            CHECK_EQ_INT(e->drawn[0], in->cards[(uint32_t)n * 3 + before.deck_pos]);
            if (ref_is_counter(cirno_card_name(card))) {
                int dir = before.direction ^ (card == CIRNO_TURN);
                CHECK_EQ_INT(cur.direction, dir);
                CHECK_EQ_INT(cur.current, seat_after(pl, dir, n));
                CHECK_EQ_INT(cur.double_left, before.double_left == 2 || card == CIRNO_DOUBLE ? 2 : 0);
            } else if (before.double_left == 2) {
                CHECK_EQ_INT(cur.current, pl);
                CHECK_EQ_INT(cur.double_left, 1);
            } else {
                CHECK_EQ_INT(cur.current, seat_after(pl, before.direction, n));
                CHECK_EQ_INT(cur.double_left, 0);
            }
        } else {
            uint32_t left = in->k - before.deck_pos, got = left < 3 ? left : 3;
            CHECK_EQ_INT(e->kind, CIRNO_EV_LOSS);
            CHECK(e->p_after > 99);
            for (k = 0; k < 3; k++) played[before.hand[pl][k]]++;
            /* a loser draws three, or what is left in a variation */
            CHECK_EQ_INT(cur.deck_pos, before.deck_pos + got);
            n_short_draw += got < 3;
            for (k = 0; k < 3; k++)
                CHECK_EQ_INT(e->drawn[k], (uint32_t)k < got
                                              ? in->cards[(uint32_t)n * 3 + before.deck_pos + (uint32_t)k]
                                              : CIRNO_NO_CARD);
            CHECK_EQ_INT(cur.loser, pl);
            CHECK_EQ_INT(cur.double_left, 0);
        }
        for (k = 0; k < n; k++)
            if (k != pl) CHECK(memcmp(cur.hand[k], before.hand[k], 3) == 0);
        if (probe == i + 1) {
            CHECK_EQ_INT(ds_trace_seek(tr, i + 1, &sk), 0);
            CHECK(memcmp(&sk, &cur, sizeof cur) == 0);
        }
    }
    /* cards are conserved (an empty slot holds none) */
    memset(cnt, 0, sizeof cnt);
    count_state(in, &cur, cnt);
    for (c = 1; c < CIRNO_CARD_KINDS; c++) CHECK_EQ_INT(cnt[c] + played[c], initial[c]);
    CHECK(memcmp(tr->live, &cur, sizeof cur) == 0);
    n_lines++;
    if (cur.phase != CIRNO_PHASE_GAME_OVER) {
        if (cur.deck_pos == in->k) n_stopped_deck++;
        else n_stopped_p++;
    }
    if (cur.phase == CIRNO_PHASE_GAME_OVER) {
        CHECK_EQ_INT(rounds, in->m);
    } else { /* a variation stops only when it cannot go on */
        CHECK(forced > 0);
        CHECK(cur.deck_pos == in->k || (cur.phase == CIRNO_PHASE_PLAYING && cur.p <= -CIRNO_P_LIMIT));
    }
    return forced;
}

/* A random decision index of tr at or after `from` (tr->n if none). */
static size_t pick_decision(const ds_trace *tr, size_t from, ds_rng *rng) {
    size_t i, tries;
    if (from >= tr->n) return tr->n;
    for (tries = 0; tries < 50; tries++) {
        i = from + ds_rng_below(rng, (uint32_t)(tr->n - from));
        if (((const cirno_event *)ds_trace_event(tr, i))->kind != CIRNO_EV_ROUND) return i;
    }
    for (i = from; i < tr->n; i++)
        if (((const cirno_event *)ds_trace_event(tr, i))->kind != CIRNO_EV_ROUND) return i;
    return tr->n;
}

/* The label of a random candidate of event i other than its card, or NULL
 * when its hand holds one kind of card. */
static const char *other_label(const ds_trace *tr, size_t i, ds_rng *rng) {
    const cirno_event *e = (const cirno_event *)ds_trace_event(tr, i);
    int slots[3], nc = cirno_event_candidates(e, slots), c;
    CHECK(nc >= 1 && nc <= 3);
    if (nc < 2) return NULL;
    do c = (int)ds_rng_below(rng, (uint32_t)nc);
    while (e->hand[slots[c]] == e->card);
    return cirno_card_name(e->hand[slots[c]]);
}

/* a and b have the same first `upto` events */
static int same_events(const ds_trace *a, const ds_trace *b, size_t upto) {
    return ds_trace_common(a, b) >= upto;
}

/* The JSON lines of events 0..upto-1 (no header). */
static void jsonl_events(const cirno_input *in, const ds_trace *tr, size_t upto, ds_buf *out) {
    ds_buf_clear(out);
    if (upto) CHECK_EQ_INT(cirno_trace_jsonl_range(in, tr, 1, upto, DS_LANG_EN, out), 0);
    if (upto) { /* event 0 alone, without the header */
        ds_buf e0;
        ds_buf_init(&e0);
        CHECK_EQ_INT(cirno_event_json(in, tr, 0, DS_LANG_EN, &e0), 0);
        ds_buf_putc(&e0, '\n');
        ds_buf_put(&e0, out->data ? out->data : "", out->len);
        ds_buf_clear(out);
        ds_buf_put(out, e0.data, e0.len);
        ds_buf_free(&e0);
    }
}

static int buf_eq(const ds_buf *a, const ds_buf *b) {
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* One game: own choices, other choices, chains, errors. big: the --max game
 * (fewer variations, JSON only around the forced event). */
static void check_game(const char *text, size_t len, ds_rng *rng, int big) {
    cirno_input *in = NULL;
    ds_trace m = {0}, v = {0}, w = {0};
    ds_error err;
    ds_buf a, b;
    ds_choice ch[3];
    size_t k, i, tries = big ? 2 : 4;
    ds_buf_init(&a);
    ds_buf_init(&b);
    CHECK_EQ_INT(cirno_parse(text, len, &in, &err), 0);
    if (!in) return;
    CHECK_EQ_INT(cirno_simulate(in, &m, &err), 0);
    memset(ch, 0, sizeof ch);

    for (k = 0; k < tries; k++) {
        const cirno_event *me;
        const char *lab;
        i = pick_decision(&m, 0, rng);
        if (i >= m.n) break;
        me = (const cirno_event *)ds_trace_event(&m, i);

        /* the rule's own card: the main line byte for byte */
        ch[0].i = i;
        snprintf(ch[0].label, sizeof ch[0].label, "%s", cirno_card_name(me->card));
        CHECK_EQ_INT(cirno_simulate_try(in, ch, 1, &v, &err), 0);
        CHECK(v.n == m.n && same_events(&v, &m, m.n));
        CHECK(memcmp(v.live, m.live, sizeof(cirno_state)) == 0);
        ds_buf_clear(&a);
        ds_buf_clear(&b);
        CHECK_EQ_INT(cirno_format(in, &m, &a, NULL), 0);
        CHECK_EQ_INT(cirno_format(in, &v, &b, NULL), 0);
        CHECK(buf_eq(&a, &b));
        if (!big) {
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK_EQ_INT(cirno_trace_jsonl(in, &m, DS_LANG_EN, &a), 0);
            CHECK_EQ_INT(cirno_trace_jsonl(in, &v, DS_LANG_EN, &b), 0);
            CHECK(buf_eq(&a, &b));
        }
        ds_trace_free(&v);

        /* another candidate */
        lab = other_label(&m, i, rng);
        if (!lab) continue;
        snprintf(ch[0].label, sizeof ch[0].label, "%s", lab);
        if (cirno_simulate_try(in, ch, 1, &v, &err)) {
            CHECK(0 /* a legal variation failed */);
            fprintf(stderr, "%zu:%s: %s\n", i, lab, err.msg);
            ds_trace_free(&v);
            continue;
        }
        CHECK(v.n > i && same_events(&v, &m, i));
        {
            const cirno_event *ve = (const cirno_event *)ds_trace_event(&v, i);
            char want[96];
            CHECK(cirno_event_forced(ve));
            CHECK(!strcmp(cirno_card_name(ve->card), lab));
            CHECK_EQ_INT(cirno_event_rule_slot(ve), me->slot);
            CHECK_EQ_INT(ve->rule, me->rule);
            ds_buf_clear(&a);
            CHECK_EQ_INT(cirno_event_json(in, &v, i, DS_LANG_EN, &a), 0);
            snprintf(want, sizeof want, "\"rule_choice\":\"%s\",\"chosen\":\"%s\",\"forced\":true",
                     cirno_card_name(me->card), lab);
            CHECK(a.data && strstr(a.data, want) != NULL);
            /* the record: the rule's card and the forced one */
            {
                static ds_decision d;
                CHECK_EQ_INT(cirno_decision(in, &v, i, DS_LANG_EN, &d), 1);
                CHECK(d.forced && !strcmp(d.cand[d.chosen].label, lab) &&
                      !strcmp(d.cand[d.rule_choice].label, cirno_card_name(me->card)));
            }
            CHECK(strstr(a.data, "\"i\":") != NULL);
        }
        CHECK_EQ_INT(check_line(in, &v, rng), 1);
        if (!big || i < 3000) { /* the JSON lines before I are the main line's */
            jsonl_events(in, &m, i, &a);
            jsonl_events(in, &v, i, &b);
            CHECK(buf_eq(&a, &b));
        }
        /* the outcome names every loser of a finished game */
        ds_buf_clear(&a);
        CHECK_EQ_INT(cirno_outcome(in, &v, DS_LANG_EN, &a), 0);
        CHECK(a.len > 0);

        /* a chain: one or two more choices, each from the line before */
        {
            size_t depth = 1 + ds_rng_below(rng, 2), d, nforced = 1;
            ds_trace *prev = &v;
            for (d = 1; d <= depth; d++) {
                size_t j = pick_decision(prev, ch[d - 1].i + 1, rng);
                const char *l2;
                int own = ds_rng_below(rng, 4) == 0;
                if (j >= prev->n) break;
                l2 = own ? NULL : other_label(prev, j, rng);
                ch[d].i = j;
                snprintf(ch[d].label, sizeof ch[d].label, "%s",
                         l2 ? l2 : cirno_card_name(((const cirno_event *)ds_trace_event(prev, j))->card));
                if (l2) nforced++;
                ds_trace_free(&w);
                if (cirno_simulate_try(in, ch, d + 1, &w, &err)) {
                    CHECK(0 /* a legal chain failed */);
                    fprintf(stderr, "chain: %s\n", err.msg);
                    break;
                }
                CHECK(same_events(&w, prev, j));
                if (!l2) CHECK(w.n == prev->n && same_events(&w, prev, prev->n));
                CHECK_EQ_INT(check_line(in, &w, rng), nforced);
                if (d < depth) { /* the next link starts from this line */
                    ds_trace_free(&v);
                    v = w;
                    memset(&w, 0, sizeof w);
                    prev = &v;
                }
            }
            ds_trace_free(&w);
        }
        ds_trace_free(&v);
    }

    /* errors: a round start, a card not in the hand, past the end */
    ch[0].i = 0;
    snprintf(ch[0].label, sizeof ch[0].label, "A1");
    CHECK_EQ_INT(cirno_simulate_try(in, ch, 1, &v, &err), -1);
    CHECK(strstr(err.msg, "event 0 is the start of round 1, not a decision") != NULL);
    ds_trace_free(&v);
    i = pick_decision(&m, 0, rng);
    if (i < m.n) {
        const cirno_event *me = (const cirno_event *)ds_trace_event(&m, i);
        int slots[3], missing = CIRNO_A1;
        char want[128];
        CHECK(cirno_event_candidates(me, slots) >= 1);
        while (me->hand[0] == missing || me->hand[1] == missing || me->hand[2] == missing)
            missing++; /* a card kind she does not hold */
        ch[0].i = i;
        snprintf(ch[0].label, sizeof ch[0].label, "%s", cirno_card_name(missing));
        CHECK_EQ_INT(cirno_simulate_try(in, ch, 1, &v, &err), -1);
        snprintf(want, sizeof want, "is not a choice at event %zu; the choices are: %s", i,
                 cirno_card_name(me->hand[slots[0]]));
        CHECK(strstr(err.msg, want) != NULL);
        ds_trace_free(&v);
    }
    ch[0].i = m.n;
    snprintf(ch[0].label, sizeof ch[0].label, "A1");
    CHECK_EQ_INT(cirno_simulate_try(in, ch, 1, &v, &err), -1);
    CHECK(strstr(err.msg, "event") && strstr(err.msg, "is past its end"));
    ds_trace_free(&v);

    ds_trace_free(&m);
    cirno_input_free(in);
    ds_buf_free(&a);
    ds_buf_free(&b);
}

int main(int argc, char **argv) {
    ds_rng rng;
    ds_buf text;
    uint64_t first = 1, count = 300, s;
    int max = 0;
    if (argc == 3 && !strcmp(argv[1], "--max")) { max = 1; first = strtoull(argv[2], NULL, 10); count = 1; }
    else if (argc == 3) { first = strtoull(argv[1], NULL, 10); count = strtoull(argv[2], NULL, 10); }
    ds_rng_seed(&rng, 777);
    ds_buf_init(&text);
    for (s = first; s < first + count && ds_test_failed < 20; s++) {
        int fails = ds_test_failed;
        ds_buf_clear(&text);
        CHECK_EQ_INT(cirno_generate(s, max, &text), 0);
        check_game(text.data, text.len, &rng, max);
        if (ds_test_failed > fails) fprintf(stderr, "seed %llu failed\n", (unsigned long long)s);
    }
    printf("%llu games, %zu variations: %zu stopped when the deck ran out, %zu when p <= -10^4; "
           "%zu losers found fewer than 3 cards\n",
           (unsigned long long)count, n_lines, n_stopped_deck, n_stopped_p, n_short_draw);
    ds_buf_free(&text);
    DS_TEST_MAIN_END();
}
