/* test_goudan_try.c - variations of goudan's playout (goudan_playout_try,
 * docs/variations.md), as properties over generated queries:
 *   - forcing the rule's own choice (an operation, or the target the seed
 *     draws for a hit) at random decisions, alone or several at once, gives
 *     the main line byte for byte (trace JSON Lines);
 *   - forcing another candidate gives a line that shares the first I events
 *     with the main line, takes the forced label at event I (forced, the
 *     rule's choice recorded), and keeps every invariant of the playout
 *     tests (replay = seek, total HP falling, hit probabilities, a winner,
 *     optimal choices elsewhere, hit values = the chance node's value, every
 *     unforced hit the seed's next draw and a forced one consuming none);
 *   - chains of 2 and 3 forced choices, each on the line made by the
 *     previous ones;
 *   - the errors: not a decision, not a candidate (every label listed),
 *     past the end; the trace is freed (ASan's leak check).
 * Tables: O = 3 and 4 solved for HP <= 8 (generated HPs folded into 1..8),
 * O = 5 for the full HP range 20 (the largest games). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "goudan/goudan.h"

static uint64_t rng_state = 0x5eed0f600dULL;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33) % n;
}

static goudan_table *tables[6];
static goudan_eval *evals[6];
static int table_hp(int O) { return O == 5 ? 20 : 8; }

static goudan_eval *eval_for(int O) {
    ds_error err;
    if (!evals[O]) {
        if (goudan_solve(O, table_hp(O), &tables[O], &err) || goudan_eval_new(tables[O], &evals[O], &err)) {
            fprintf(stderr, "solve O=%d: %s\n", O, err.msg);
            exit(1);
        }
    }
    return evals[O];
}

static int total_hp(const goudan_state *s) {
    int p, i, t = 0;
    for (p = 0; p < 2; p++) {
        t += s->player[p].hp;
        for (i = 0; i < s->player[p].count; i++) t += s->player[p].minion[i].hp;
    }
    return t;
}

/* Byte offset just after the first k lines of b (the whole buffer if fewer). */
static size_t after_lines(const ds_buf *b, size_t k) {
    size_t i;
    for (i = 0; i < b->len && k; i++)
        if (b->data[i] == '\n') k--;
    return i;
}

/* The first `events` event lines (after the header, whose event count
 * differs between lines) of two traces are the same bytes. */
static int same_events(const ds_buf *a, const ds_buf *b, size_t events) {
    size_t a0 = after_lines(a, 1), b0 = after_lines(b, 1);
    size_t x = after_lines(a, events + 1) - a0, y = after_lines(b, events + 1) - b0;
    return x == y && memcmp(a->data + a0, b->data + b0, x) == 0;
}

static void to_jsonl(const ds_trace *tr, ds_buf *b) {
    ds_buf_init(b);
    CHECK(goudan_trace_jsonl(NULL, tr, DS_LANG_EN, b) == 0);
}

static const goudan_event *ev_at(const ds_trace *tr, size_t i) {
    return (const goudan_event *)ds_trace_event(tr, i);
}

/* The forced label at event i, or NULL. */
static const char *forced_at(const ds_choice *ch, size_t n, size_t i) {
    size_t k;
    for (k = 0; k < n; k++)
        if (ch[k].i == i) return ch[k].label;
    return NULL;
}

/* Every invariant of a line (main or variation) of query q played with seed. */
static void check_line(const goudan_query *q, int O, uint64_t seed, const ds_trace *tr,
                       const ds_choice *ch, size_t n) {
    goudan_state s, replay;
    ds_rng rng;
    size_t i;
    int ops_in_turn = 0;
    double chance_value = -1; /* the value the next hit's candidates average to */
    ds_rng_seed(&rng, seed);
    goudan_state_init(q, O, &replay);
    for (i = 0; i < tr->n; i++) {
        const goudan_event *e = ev_at(tr, i);
        const char *want = forced_at(ch, n, i);
        goudan_cands c;
        goudan_state next;
        int is_decision = goudan_event_cands(e, &c) == 0, k, j;
        CHECK(ds_trace_seek(tr, i, &s) == 0);
        CHECK(memcmp(&s, &replay, sizeof s) == 0);
        CHECK(s.winner < 0);
        CHECK(is_decision == (e->has_decision || e->kind == GOUDAN_EV_HIT));
        if (want) CHECK(is_decision);
        if (is_decision) {
            CHECK(e->player == s.to_move);
            CHECK(c.n >= 1 && c.n <= GOUDAN_CANDS_MAX);
            CHECK(c.chosen >= 0 && c.chosen < c.n && c.rule_chosen >= 0 && c.rule_chosen < c.n);
            for (k = 0; k < c.n; k++) {
                CHECK(strlen(c.label[k]) > 0 && !strchr(c.label[k], ','));
                for (j = 0; j < k; j++) CHECK(strcmp(c.label[j], c.label[k]) != 0);
                CHECK(c.value[k] >= 0.0 && c.value[k] <= 1.0);
            }
            /* forced exactly where a choice other than the rule's was given */
            CHECK(c.forced == (c.chosen != c.rule_chosen));
            CHECK(c.forced == (want && strcmp(want, c.label[c.rule_chosen]) != 0));
            if (want) CHECK(strcmp(want, c.label[c.chosen]) == 0);
        }
        if (e->has_decision) {
            /* the rule's choice is optimal (ties to the fixed order), whatever was taken */
            CHECK(e->decision.ops[e->rule_chosen].value >= e->decision.value - GOUDAN_TIE_EPS);
            CHECK(e->decision.ops[e->decision.chosen].value <= e->decision.value + GOUDAN_TIE_EPS);
            if (e->kind == GOUDAN_EV_PLAY) chance_value = e->decision.ops[e->decision.chosen].value;
        }
        if (e->kind == GOUDAN_EV_HIT) {
            int kk = s.player[0].count + s.player[1].count;
            double mean = 0;
            ds_rng peek = rng;
            uint32_t draw = ds_rng_below(&peek, (uint32_t)(kk + 2));
            CHECK(e->characters == kk + 2 && c.n == kk + 2);
            CHECK(e->prob == 1.0 / (kk + 2));
            CHECK(s.playing && s.hits_done < 3);
            /* the seed's stream: an unforced hit is its next draw; a forced
             * one records that draw as the rule's choice and consumes none */
            CHECK((uint32_t)c.rule_chosen == draw);
            if (!c.forced) rng = peek;
            for (k = 0; k < c.n; k++) mean += c.value[k] * c.p[k];
            CHECK(chance_value >= 0 && fabs(mean - chance_value) <= 1e-12);
            chance_value = c.value[c.chosen];
        }
        next = replay;
        goudan_apply(&next, e, NULL);
        if (e->kind == GOUDAN_EV_TURN_START) ops_in_turn = 0;
        if (e->kind == GOUDAN_EV_SKILL || e->kind == GOUDAN_EV_FACE || e->kind == GOUDAN_EV_TRADE) {
            CHECK(total_hp(&next) < total_hp(&replay));
            ops_in_turn++;
        }
        if (e->kind == GOUDAN_EV_PLAY) ops_in_turn++;
        if (e->kind == GOUDAN_EV_HIT) CHECK(total_hp(&next) == total_hp(&replay) - 1);
        if (e->kind == GOUDAN_EV_END_TURN) CHECK(ops_in_turn >= 1);
        CHECK(next.player[0].count <= 4 && next.player[1].count <= 4);
        CHECK(next.player[0].hand <= 3 && next.player[1].hand <= 3);
        replay = next;
    }
    CHECK(ds_trace_seek(tr, tr->n, &s) == 0);
    CHECK(memcmp(&s, &replay, sizeof s) == 0);
    CHECK(s.winner == 0 || s.winner == 1);
    if (s.winner == 0 || s.winner == 1) CHECK(s.player[1 - s.winner].hp <= 0 && s.player[s.winner].hp > 0);
    CHECK(tr->n > 0 && ev_at(tr, tr->n - 1)->kind == GOUDAN_EV_WIN);
}

/* Decision events of a line with at least `min` candidates. */
static size_t decisions(const ds_trace *tr, size_t from, int min, size_t *out) {
    size_t i, m = 0;
    goudan_cands c;
    for (i = from; i < tr->n; i++)
        if (goudan_event_cands(ev_at(tr, i), &c) == 0 && c.n >= min) out[m++] = i;
    return m;
}

static void set_choice(ds_choice *c, size_t i, const char *label) {
    memset(c, 0, sizeof *c);
    c->i = i;
    snprintf(c->label, sizeof c->label, "%s", label);
}

static int play(goudan_eval *ev, const goudan_query *q, uint64_t seed, const ds_choice *ch, size_t n,
                ds_trace *tr) {
    ds_error err;
    int rc = goudan_playout_try(ev, q, seed, ch, n, tr, &err);
    if (rc) fprintf(stderr, "playout_try: %s\n", err.msg);
    return rc;
}

static int n_own, n_other, n_chain2, n_chain3, n_hits_forced, n_ops_forced;

static void test_game(int O, const goudan_query *q, uint64_t seed) {
    goudan_eval *ev = eval_for(O);
    ds_trace main_tr, tr;
    ds_buf main_b, b;
    size_t *dec, nd, k;
    ds_choice ch[3];
    goudan_cands c;
    if (play(ev, q, seed, NULL, 0, &main_tr)) { CHECK(0); return; }
    check_line(q, O, seed, &main_tr, NULL, 0);
    to_jsonl(&main_tr, &main_b);
    dec = (size_t *)malloc((main_tr.n + 1) * sizeof *dec);
    nd = decisions(&main_tr, 0, 1, dec);
    CHECK(nd > 0);

    /* the rule's own choice at random decisions, one at a time, then up to
     * three at once: the main line byte for byte */
    for (k = 0; k < 3 && nd; k++) {
        size_t i = dec[rnd((uint32_t)nd)];
        goudan_event_cands(ev_at(&main_tr, i), &c);
        set_choice(&ch[0], i, c.label[c.chosen]);
        if (play(ev, q, seed, ch, 1, &tr) == 0) {
            to_jsonl(&tr, &b);
            CHECK(b.len == main_b.len && memcmp(b.data, main_b.data, b.len) == 0);
            ds_buf_free(&b);
            ds_trace_free(&tr);
            n_own++;
        } else CHECK(0);
    }
    if (nd >= 3) {
        size_t a = rnd((uint32_t)nd - 2), bb = a + 1 + rnd((uint32_t)(nd - a - 2)), cc = nd - 1;
        size_t idx[3] = {dec[a], dec[bb], dec[cc]};
        for (k = 0; k < 3; k++) {
            goudan_event_cands(ev_at(&main_tr, idx[k]), &c);
            set_choice(&ch[k], idx[k], c.label[c.chosen]);
        }
        if (play(ev, q, seed, ch, 3, &tr) == 0) {
            to_jsonl(&tr, &b);
            CHECK(b.len == main_b.len && memcmp(b.data, main_b.data, b.len) == 0);
            ds_buf_free(&b);
            ds_trace_free(&tr);
            n_own++;
        } else CHECK(0);
    }

    /* another candidate, then a chain of up to 3 forced choices, each on
     * the line the previous ones made */
    {
        ds_trace prev = main_tr;
        ds_buf prev_b = main_b;
        size_t from = 0, depth;
        for (depth = 0; depth < 3; depth++) {
            size_t *d2 = (size_t *)malloc((prev.n + 1) * sizeof *d2), m, i;
            int other;
            m = decisions(&prev, from, 2, d2);
            if (!m) { free(d2); break; }
            i = d2[rnd((uint32_t)m)];
            free(d2);
            goudan_event_cands(ev_at(&prev, i), &c);
            other = (int)rnd((uint32_t)c.n - 1);
            if (other >= c.chosen) other++;
            set_choice(&ch[depth], i, c.label[other]);
            if (play(ev, q, seed, ch, depth + 1, &tr)) { CHECK(0); break; }
            check_line(q, O, seed, &tr, ch, depth + 1);
            to_jsonl(&tr, &b);
            /* the first i events are the previous line's */
            CHECK(same_events(&b, &prev_b, i));
            CHECK(tr.n > i && prev.n > i);
            {
                goudan_cands v;
                CHECK(goudan_event_cands(ev_at(&tr, i), &v) == 0);
                CHECK(v.forced && strcmp(v.label[v.chosen], c.label[other]) == 0);
                CHECK(strcmp(v.label[v.rule_chosen], c.label[c.chosen]) == 0);
                if (v.chance) n_hits_forced++;
                else n_ops_forced++;
            }
            if (depth == 0) n_other++;
            if (depth == 1) n_chain2++;
            if (depth == 2) n_chain3++;
            if (depth > 0) { ds_trace_free(&prev); ds_buf_free(&prev_b); }
            prev = tr;
            prev_b = b;
            from = i + 1;
        }
        if (prev.events != main_tr.events) { ds_trace_free(&prev); ds_buf_free(&prev_b); }
    }
    free(dec);
    ds_trace_free(&main_tr);
    ds_buf_free(&main_b);
}

static void test_generated(int seeds, int per_input) {
    int s;
    for (s = 1; s <= seeds; s++) {
        ds_buf in;
        goudan_input *gi;
        ds_error err;
        size_t qi;
        int O;
        ds_buf_init(&in);
        CHECK(goudan_generate((uint64_t)s, 0, &in) == 0);
        CHECK(goudan_parse(in.data, in.len, &gi, &err) == 0);
        O = goudan_input_o(gi);
        for (qi = 0; qi < goudan_input_count(gi) && qi < (size_t)per_input; qi++) {
            goudan_query q;
            int H = table_hp(O);
            goudan_query_get(gi, qi, &q);
            q.e_hp = 1 + (q.e_hp - 1) % H;
            q.s_hp = 1 + (q.s_hp - 1) % H;
            test_game(O, &q, (uint64_t)s * 7 + qi);
        }
        goudan_input_free(gi);
        ds_buf_free(&in);
    }
}

/* The largest games: both players at HP 20 with full boards and hands. */
static void test_largest(int games) {
    int g, k;
    for (g = 0; g < games; g++) {
        goudan_query q;
        memset(&q, 0, sizeof q);
        q.e_hp = q.s_hp = 20;
        q.e_count = q.s_count = 4;
        for (k = 0; k < 4; k++) q.e_minion[k] = q.s_minion[k] = 2;
        q.e_hand = q.s_hand = 3;
        test_game(5, &q, (uint64_t)g + 100);
    }
}

static void test_errors(void) {
    goudan_eval *ev = eval_for(4);
    goudan_query q;
    ds_trace main_tr, tr;
    ds_error err;
    ds_choice ch[2];
    goudan_cands c;
    size_t i, first_place = 0, first_dec = 0;
    char want[480], legal[256];
    int k;
    memset(&q, 0, sizeof q);
    q.e_hp = 6;
    q.s_hp = 7;
    q.e_count = 1;
    q.e_minion[0] = 1;
    q.s_count = 1;
    q.s_minion[0] = 2;
    q.e_hand = 1;
    q.s_hand = 1;
    CHECK(play(ev, &q, 3, NULL, 0, &main_tr) == 0);
    for (i = 0; i < main_tr.n; i++) {
        if (!first_place && ev_at(&main_tr, i)->kind == GOUDAN_EV_PLACE) first_place = i;
        if (!first_dec && goudan_event_cands(ev_at(&main_tr, i), &c) == 0) first_dec = i;
    }
    /* event 0 is a turn start, the last a win, a PLACE is no decision either */
    set_choice(&ch[0], 0, "play");
    CHECK(goudan_playout_try(ev, &q, 3, ch, 1, &tr, &err) == -1);
    CHECK(strcmp(err.msg, "event 0 is the start of a turn (a draw), not a decision") == 0);
    set_choice(&ch[0], main_tr.n - 1, "play");
    CHECK(goudan_playout_try(ev, &q, 3, ch, 1, &tr, &err) == -1);
    snprintf(want, sizeof want, "event %zu is the end of the game (a win), not a decision", main_tr.n - 1);
    CHECK(strcmp(err.msg, want) == 0);
    if (first_place) {
        set_choice(&ch[0], first_place, "hit:E");
        CHECK(goudan_playout_try(ev, &q, 3, ch, 1, &tr, &err) == -1);
        snprintf(want, sizeof want, "event %zu is the placing of the played card, not a decision", first_place);
        CHECK(strcmp(err.msg, want) == 0);
    }
    /* a label that is not a candidate: every legal label, in the record's order */
    CHECK(first_dec > 0);
    goudan_event_cands(ev_at(&main_tr, first_dec), &c);
    legal[0] = '\0';
    for (k = 0; k < c.n; k++) {
        strcat(legal, k ? ", " : "");
        strcat(legal, c.label[k]);
    }
    set_choice(&ch[0], first_dec, c.chance ? "play" : "hit:E");
    CHECK(goudan_playout_try(ev, &q, 3, ch, 1, &tr, &err) == -1);
    snprintf(want, sizeof want, "'%s' is not a choice at event %zu; the choices are: %s", ch[0].label,
             first_dec, legal);
    CHECK(strcmp(err.msg, want) == 0);
    /* past the end (also after a valid first choice) */
    set_choice(&ch[0], first_dec, c.label[c.chosen]);
    set_choice(&ch[1], main_tr.n + 5, "play");
    CHECK(goudan_playout_try(ev, &q, 3, ch, 2, &tr, &err) == -1);
    snprintf(want, sizeof want, "the game has only %zu events; event %zu is past its end", main_tr.n,
             main_tr.n + 5);
    CHECK(strcmp(err.msg, want) == 0);
    /* goudan_simulate_try = goudan_playout_try of query 1 */
    {
        ds_buf in, a, b;
        goudan_input *gi;
        ds_trace t2;
        ds_buf_init(&in);
        ds_buf_printf(&in, "1 4\n6 7\n1 2\n1 1\n1 1\n");
        CHECK(goudan_parse(in.data, in.len, &gi, &err) == 0);
        set_choice(&ch[0], first_dec, c.label[c.n - 1]);
        CHECK(goudan_simulate_try(gi, tables[4], 3, ch, 1, &t2, &err) == 0);
        CHECK(goudan_playout_try(ev, &q, 3, ch, 1, &tr, &err) == 0);
        to_jsonl(&t2, &a);
        to_jsonl(&tr, &b);
        CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        ds_buf_free(&a);
        ds_buf_free(&b);
        ds_trace_free(&t2);
        ds_trace_free(&tr);
        goudan_input_free(gi);
        ds_buf_free(&in);
    }
    ds_trace_free(&main_tr);
}

int main(int argc, char **argv) {
    int seeds = argc > 1 ? atoi(argv[1]) : 40, O;
    test_errors();
    test_generated(seeds, 2);
    test_largest(4);
    printf("own choice = main line: %d; other candidate: %d; chains of 2: %d, of 3: %d; "
           "forced: %d operations, %d chance outcomes\n", n_own, n_other, n_chain2, n_chain3,
           n_ops_forced, n_hits_forced);
    CHECK(n_other >= seeds && n_chain2 > 0 && n_chain3 > 0 && n_hits_forced > 0 && n_ops_forced > 0);
    for (O = 3; O <= 5; O++) {
        goudan_eval_free(evals[O]);
        goudan_table_free(tables[O]);
    }
    DS_TEST_MAIN_END();
}
