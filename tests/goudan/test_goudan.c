/* test_goudan.c - properties of the goudan engine: samples, table invariants,
 * evaluator vs table, explanations and chance trees, playouts replayed through
 * ds_trace_seek, the progressive solver, the generator and parse errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "goudan/goudan.h"

static uint64_t rs = 42;
static uint32_t rnd(uint32_t n) {
    uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (uint32_t)(z % n);
}

static goudan_table *full[6]; /* full tables by O, solved once */

static goudan_table *table_for(int O) {
    ds_error err;
    if (!full[O] && goudan_solve(O, GOUDAN_HP_MAX, &full[O], &err)) {
        fprintf(stderr, "solve failed: %s\n", err.msg);
        return NULL;
    }
    return full[O];
}

static void test_samples(void) {
    int i;
    for (i = 1; i <= 2; i++) {
        char path[512];
        size_t n, m;
        char *in, *ans;
        goudan_input *gi;
        ds_error err;
        ds_buf out;
        snprintf(path, sizeof path, "%s/goudan/sample-%d.in", DS_SAMPLES, i);
        in = ds_test_read_file(path, &n);
        snprintf(path, sizeof path, "%s/goudan/sample-%d.ans", DS_SAMPLES, i);
        ans = ds_test_read_file(path, &m);
        CHECK(in && ans);
        if (!in || !ans) { free(in); free(ans); continue; }
        CHECK(goudan_parse(in, n, &gi, &err) == 0);
        ds_buf_init(&out);
        CHECK(goudan_format(gi, table_for(goudan_input_o(gi)), &out) == 0);
        CHECK(out.len == m && memcmp(out.data, ans, m) == 0);
        ds_buf_free(&out);
        goudan_input_free(gi);
        free(in);
        free(ans);
    }
}

/* Every value a probability; monotone in both HPs (a coupling argument: HP only
 * matters for dying) and in the mover's hand. */
static void test_table_invariants(int O) {
    goudan_table *t = table_for(O);
    int a, b, m, n, x, y, bad = 0, nonmono = 0;
    for (a = 1; a <= 20; a++)
        for (b = 1; b <= 20; b++)
            for (m = 0; m < 15; m++)
                for (n = 0; n < 15; n++)
                    for (x = 0; x <= 3; x++)
                        for (y = 0; y <= 3; y++) {
                            static const int c1[15] = {0, 1, 0, 2, 1, 0, 3, 2, 1, 0, 4, 3, 2, 1, 0};
                            static const int c2[15] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4};
                            double v = goudan_table_value(t, a, b, c1[m], c2[m], c1[n], c2[n], x, y);
                            if (!(v >= 0.0 && v <= 1.0)) bad++;
                            if (goudan_board_id(c1[m], c2[m]) != m) bad++;
                            if (a > 1 && goudan_table_value(t, a - 1, b, c1[m], c2[m], c1[n], c2[n], x, y) > v + 1e-12) nonmono++;
                            if (b > 1 && goudan_table_value(t, a, b - 1, c1[m], c2[m], c1[n], c2[n], x, y) < v - 1e-12) nonmono++;
                            if (x > 0 && goudan_table_value(t, a, b, c1[m], c2[m], c1[n], c2[n], x - 1, y) > v + 1e-12) nonmono++;
                            if (y > 0 && goudan_table_value(t, a, b, c1[m], c2[m], c1[n], c2[n], x, y - 1) < v - 1e-12) nonmono++;
                        }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(nonmono, 0);
    /* hands 2 and 3 are the same class; out-of-range is -1 */
    CHECK(goudan_table_value(t, 5, 7, 1, 0, 0, 1, 2, 1) == goudan_table_value(t, 5, 7, 1, 0, 0, 1, 3, 1));
    CHECK(goudan_table_value(t, 0, 7, 0, 0, 0, 0, 0, 0) == -1);
    CHECK(goudan_table_value(t, 5, 21, 0, 0, 0, 0, 0, 0) == -1);
    CHECK(goudan_table_value(t, 5, 5, 3, 2, 0, 0, 0, 0) == -1);
}

static void random_turn(goudan_turn *tu, int O, int hpmax) {
    int k;
    memset(tu, 0, sizeof *tu);
    tu->my_hp = 1 + (int)rnd((uint32_t)hpmax);
    tu->opp_hp = 1 + (int)rnd((uint32_t)hpmax);
    tu->my_hand = (int)rnd(4);
    tu->opp_hand = (int)rnd(4);
    tu->ops_left = (int)rnd((uint32_t)O + 1);
    tu->made_op = tu->ops_left == O ? (int)rnd(2) : 1;
    if (!tu->made_op && tu->ops_left == 0) tu->made_op = 1;
    tu->my_count = (int)rnd(5);
    tu->opp_count = (int)rnd(5);
    for (k = 0; k < tu->my_count; k++) {
        tu->my[k].hp = (int8_t)(1 + rnd(2));
        tu->my[k].attacked = (int8_t)rnd(2);
    }
    for (k = 0; k < tu->opp_count; k++) tu->opp[k].hp = (int8_t)(1 + rnd(2));
}

/* The evaluator (all legal operations) agrees with the table (normalised
 * operations) at start states of any HP; decisions are consistent. */
static void test_eval_vs_table(int O, int count) {
    goudan_table *t = table_for(O);
    goudan_eval *ev;
    ds_error err;
    int i, k;
    double worst = 0;
    CHECK(goudan_eval_new(t, &ev, &err) == 0);
    for (i = 0; i < count; i++) {
        goudan_query q;
        goudan_turn tu;
        goudan_explanation d;
        double v;
        memset(&q, 0, sizeof q);
        q.e_hp = 1 + (int)rnd(20);
        q.s_hp = 1 + (int)rnd(20);
        q.e_count = (int)rnd(5);
        q.s_count = (int)rnd(5);
        for (k = 0; k < q.e_count; k++) q.e_minion[k] = 1 + (int)rnd(2);
        for (k = 0; k < q.s_count; k++) q.s_minion[k] = 1 + (int)rnd(2);
        q.e_hand = (int)rnd(4);
        q.s_hand = (int)rnd(4);
        goudan_query_turn(&q, O, &tu);
        CHECK(goudan_explain(ev, &tu, &d, &err) == 0);
        v = goudan_query_value(t, &q);
        if (fabs(d.value - v) > worst) worst = fabs(d.value - v);
        CHECK(fabs(d.value - v) <= 1e-12);
        for (k = 0; k < d.n; k++) CHECK(d.ops[k].kind != GOUDAN_OP_END); /* no op made yet */
    }
    printf("O=%d: evaluator vs table on %d start states: worst difference %.3g\n", O, count, worst);
    goudan_eval_free(ev);
}

/* States where ending the turn after one skill is strictly the best first
 * move (found by scanning start states): the table's normalised "skill then
 * end" option must agree with the evaluator's unrestricted search. */
static void test_skill_then_end(void) {
    static const int cases[][4] = {{8, 13, 0, 2}, {9, 13, 0, 2}, {10, 10, 0, 2},
                                   {10, 16, 0, 2}, {10, 19, 0, 0}, {9, 19, 0, 2}};
    goudan_table *t = table_for(5);
    goudan_eval *ev;
    ds_error err;
    size_t i;
    CHECK(goudan_eval_new(t, &ev, &err) == 0);
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        goudan_query q;
        goudan_turn tu;
        goudan_explanation d;
        memset(&q, 0, sizeof q);
        q.e_hp = cases[i][0];
        q.s_hp = cases[i][1];
        q.e_hand = cases[i][2];
        q.s_hand = cases[i][3];
        goudan_query_turn(&q, 5, &tu);
        CHECK(goudan_explain(ev, &tu, &d, &err) == 0);
        CHECK(d.ops[d.chosen].kind == GOUDAN_OP_SKILL && d.n >= 2);
        CHECK(fabs(d.value - goudan_query_value(t, &q)) <= 1e-12);
    }
    goudan_eval_free(ev);
}

static void check_tree(const goudan_tree *tr, double op_value) {
    int i, j;
    CHECK(tr->n >= 3);
    CHECK(fabs(tr->node[0].value - op_value) <= 1e-12);
    for (i = 0; i < tr->n; i++) {
        double sum = 0, psum = 0;
        int kids = 0;
        const goudan_tree_node *nd = &tr->node[i];
        CHECK(nd->value >= 0.0 && nd->value <= 1.0 + 1e-12);
        if (nd->outcome > 0) CHECK(nd->value == 1.0);
        if (nd->outcome < 0) CHECK(nd->value == 0.0);
        if (i > 0) CHECK(fabs(nd->path_prob - tr->node[nd->parent].path_prob * nd->prob) <= 1e-15);
        for (j = i + 1; j < tr->n; j++)
            if (tr->node[j].parent == i) {
                sum += tr->node[j].prob * tr->node[j].value;
                psum += tr->node[j].prob;
                kids++;
                CHECK(tr->node[j].depth == nd->depth + 1);
            }
        if (kids) {
            CHECK(fabs(psum - 1.0) <= 1e-12);
            CHECK(fabs(sum - nd->value) <= 1e-12);
        } else {
            CHECK(nd->depth == 3 || nd->outcome != 0);
        }
    }
}

static void test_explain(int O, int count) {
    goudan_table *t = table_for(O);
    goudan_eval *ev;
    ds_error err;
    int i, k, trees = 0;
    CHECK(goudan_eval_new(t, &ev, &err) == 0);
    for (i = 0; i < count; i++) {
        goudan_turn tu;
        goudan_explanation d;
        double best = -1, v;
        ds_buf b;
        random_turn(&tu, O, 20);
        CHECK(goudan_explain(ev, &tu, &d, &err) == 0);
        CHECK(d.n >= 1 && d.n <= GOUDAN_MAX_OPS);
        for (k = 0; k < d.n; k++) {
            CHECK(d.ops[k].value >= -1e-12 && d.ops[k].value <= 1.0 + 1e-12);
            if (d.ops[k].value > best) best = d.ops[k].value;
            if (k) CHECK(d.ops[k - 1].value >= d.ops[k].value);
            if (d.ops[k].kind == GOUDAN_OP_FACE || d.ops[k].kind == GOUDAN_OP_TRADE) {
                int a = d.ops[k].attacker;
                CHECK(a >= 0 && a < tu.my_count && !tu.my[a].attacked && tu.my[a].hp == d.ops[k].attacker_hp);
            }
            if (d.ops[k].kind == GOUDAN_OP_TRADE)
                CHECK(d.ops[k].target >= 0 && tu.opp[d.ops[k].target].hp == d.ops[k].target_hp);
            if (d.ops[k].kind == GOUDAN_OP_END) CHECK(tu.made_op);
            if (d.ops[k].kind == GOUDAN_OP_PLAY) {
                goudan_tree tr;
                CHECK(tu.my_hand > 0 && tu.ops_left > 0 && tu.my_count < 4);
                CHECK(goudan_play_tree(ev, &tu, &tr, &err) == 0);
                check_tree(&tr, d.ops[k].value);
                if (trees++ < 3) {
                    ds_buf_init(&b);
                    CHECK(goudan_tree_json(&tr, &b) == 0 && b.data[0] == '{');
                    ds_buf_free(&b);
                }
            }
        }
        /* the state's value is its best operation's value; chosen is within eps of it
           and first in tie-break order among those */
        CHECK(d.value == best);
        CHECK(d.ops[d.chosen].value >= best - GOUDAN_TIE_EPS);
        for (k = 0; k < d.n; k++)
            if (d.ops[k].value >= best - GOUDAN_TIE_EPS) CHECK(d.ops[k].order >= d.ops[d.chosen].order);
        CHECK(goudan_eval_value(ev, &tu, &v, &err) == 0 && v == d.value);
        ds_buf_init(&b);
        CHECK(goudan_decision_json(&d, &b) == 0 && goudan_turn_json(&tu, &b) == 0);
        ds_buf_free(&b);
    }
    /* invalid turn states are errors, not crashes */
    {
        goudan_turn tu;
        goudan_explanation d;
        goudan_tree tr;
        random_turn(&tu, O, 20);
        tu.my_hp = 0;
        CHECK(goudan_explain(ev, &tu, &d, &err) == -1);
        random_turn(&tu, O, 20);
        tu.ops_left = O + 1;
        CHECK(goudan_explain(ev, &tu, &d, &err) == -1);
        random_turn(&tu, O, 20);
        tu.made_op = 0;
        tu.ops_left = 0;
        tu.my_count = 0;
        CHECK(goudan_explain(ev, &tu, &d, &err) == -1); /* no legal operation */
        random_turn(&tu, O, 20);
        tu.my_hand = 0;
        CHECK(goudan_play_tree(ev, &tu, &tr, &err) == -1);
    }
    goudan_eval_free(ev);
}

static int total_hp(const goudan_state *s) {
    int p, i, t = 0;
    for (p = 0; p < 2; p++) {
        t += s->player[p].hp;
        for (i = 0; i < s->player[p].count; i++) t += s->player[p].minion[i].hp;
    }
    return t;
}

static void test_playout(int O, int games) {
    goudan_table *t = table_for(O);
    goudan_eval *ev;
    ds_error err;
    int g, k;
    CHECK(goudan_eval_new(t, &ev, &err) == 0);
    for (g = 0; g < games; g++) {
        goudan_query q;
        ds_trace tr, tr2;
        goudan_state s, replay;
        size_t i;
        int first_decision = 1, ops_in_turn = 0;
        ds_buf b;
        memset(&q, 0, sizeof q);
        q.e_hp = 1 + (int)rnd(20);
        q.s_hp = 1 + (int)rnd(20);
        q.e_count = (int)rnd(5);
        q.s_count = (int)rnd(5);
        for (k = 0; k < q.e_count; k++) q.e_minion[k] = 1 + (int)rnd(2);
        for (k = 0; k < q.s_count; k++) q.s_minion[k] = 1 + (int)rnd(2);
        q.e_hand = (int)rnd(4);
        q.s_hand = (int)rnd(4);
        CHECK(goudan_playout(ev, &q, (uint64_t)g, &tr, &err) == 0);
        goudan_state_init(&q, O, &replay);
        for (i = 0; i < tr.n; i++) {
            const goudan_event *e = (const goudan_event *)ds_trace_event(&tr, i);
            goudan_state next;
            CHECK(ds_trace_seek(&tr, i, &s) == 0);
            CHECK(memcmp(&s, &replay, sizeof s) == 0);
            CHECK(s.winner < 0);
            if (e->has_decision) {
                CHECK(e->player == s.to_move);
                CHECK(e->decision.ops[e->decision.chosen].value >= e->decision.value - GOUDAN_TIE_EPS);
                if (first_decision) {
                    CHECK(fabs(e->decision.value - goudan_query_value(t, &q)) <= 1e-12);
                    first_decision = 0;
                }
            }
            if (e->kind == GOUDAN_EV_HIT) {
                int kk = s.player[0].count + s.player[1].count;
                CHECK(e->characters == kk + 2);
                CHECK(e->prob == 1.0 / (kk + 2));
                CHECK(s.playing && s.hits_done < 3);
            }
            next = replay;
            goudan_apply(&next, e, NULL);
            /* every operation lowers the total HP; a play's hits lower it by one each */
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
        CHECK(ds_trace_seek(&tr, tr.n, &s) == 0);
        CHECK(memcmp(&s, &replay, sizeof s) == 0);
        CHECK(s.winner == 0 || s.winner == 1);
        CHECK(s.player[1 - s.winner].hp <= 0 && s.player[s.winner].hp > 0);
        CHECK(((const goudan_event *)ds_trace_event(&tr, tr.n - 1))->kind == GOUDAN_EV_WIN);
        CHECK(ds_trace_seek(&tr, tr.n + 1, &s) == -1);
        /* same seed, same game */
        CHECK(goudan_playout(ev, &q, (uint64_t)g, &tr2, &err) == 0);
        CHECK(tr2.n == tr.n && memcmp(tr.events, tr2.events, tr.n * tr.event_size) == 0);
        ds_trace_free(&tr2);
        if (g < 2) {
            ds_buf_init(&b);
            CHECK(goudan_trace_jsonl(NULL, &tr, DS_LANG_EN, &b) == 0);
            CHECK(strncmp(b.data, "{\"type\":\"header\",\"game\":\"goudan\"", 32) == 0);
            {
                size_t lines = 0, j;
                for (j = 0; j < b.len; j++) lines += b.data[j] == '\n';
                CHECK(lines == tr.n + 1);
            }
            ds_buf_free(&b);
        }
        ds_trace_free(&tr);
    }
    goudan_eval_free(ev);
}

/* The progressive solver with small budgets gives the same bits as one call;
 * an HP-capped table equals the full table on its states. */
static void test_progressive(int O, int H) {
    goudan_solver *s;
    goudan_table *a, *b, *f = table_for(O);
    goudan_solver_info info;
    ds_error err;
    double p, last = 0;
    int i, steps = 0, L, ok = 1, lastlayer = 0;
    uint64_t tuples = 0, starts = 0;
    CHECK(goudan_solver_init(&s, O, H, &err) == 0);
    goudan_solver_info_get(s, &info);
    CHECK(info.progress == 0.0 && info.layer == 0 && info.nlayers == 2 * H + 15);
    for (i = 0; i < info.nlayers; i++) {
        int tot;
        uint32_t nt, ns;
        CHECK(goudan_solver_layer(s, i, &tot, &nt, &ns) == 0);
        CHECK(tot == 2 + i);
        tuples += nt;
        starts += ns;
    }
    CHECK(goudan_solver_layer(s, info.nlayers, NULL, NULL, NULL) == -1);
    CHECK(tuples == (uint64_t)H * H * 70 * 15);
    CHECK(starts == (uint64_t)H * H * 15 * 15 * 9 && starts == info.start_states_total);
    while ((p = goudan_solver_step(s, 997)) < 1.0) {
        goudan_solver_info_get(s, &info);
        if (p < last || p > 1.0 || info.layer < lastlayer) ok = 0;
        last = p;
        lastlayer = info.layer;
        steps++;
    }
    CHECK(ok);
    CHECK(steps > 10);
    CHECK(goudan_solver_done(s));
    goudan_solver_info_get(s, &info);
    CHECK(info.start_states_solved == info.start_states_total);
    CHECK(info.work_done == info.work_total);
    CHECK(goudan_solver_finish(s, &a, &err) == 0);
    CHECK(goudan_solve(O, H, &b, &err) == 0);
    for (L = 1; L <= H; L++) {
        int x, m, n, y;
        for (x = 1; x <= H; x++)
            for (m = 0; m < 15; m++)
                for (n = 0; n < 15; n++)
                    for (y = 0; y < 16; y++) {
                        static const int c1[15] = {0, 1, 0, 2, 1, 0, 3, 2, 1, 0, 4, 3, 2, 1, 0};
                        static const int c2[15] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4};
                        double va = goudan_table_value(a, L, x, c1[m], c2[m], c1[n], c2[n], y / 4, y % 4);
                        double vb = goudan_table_value(b, L, x, c1[m], c2[m], c1[n], c2[n], y / 4, y % 4);
                        double vf = goudan_table_value(f, L, x, c1[m], c2[m], c1[n], c2[n], y / 4, y % 4);
                        if (va != vb || va != vf) ok = 0;
                    }
    }
    CHECK(ok);
    goudan_table_free(a);
    goudan_table_free(b);
    CHECK(goudan_solver_init(&s, 2, 20, &err) == -1);
    CHECK(goudan_solver_init(&s, 6, 20, &err) == -1);
    CHECK(goudan_solver_init(&s, 4, 21, &err) == -1);
    CHECK(goudan_solver_init(&s, 4, 0, &err) == -1);
}

static void test_generator(void) {
    uint64_t seed;
    for (seed = 0; seed < 30; seed++) {
        ds_buf a, b;
        goudan_input *in;
        ds_error err;
        ds_buf_init(&a);
        ds_buf_init(&b);
        CHECK(goudan_generate(seed, 0, &a) == 0);
        CHECK(goudan_generate(seed, 0, &b) == 0);
        CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        CHECK(goudan_parse(a.data, a.len, &in, &err) == 0);
        if (in) {
            CHECK(goudan_input_o(in) == goudan_generate_o(seed));
            CHECK(goudan_input_count(in) >= 1 && goudan_input_count(in) <= 8);
            goudan_input_free(in);
        }
        ds_buf_clear(&a);
        CHECK(goudan_generate(seed, 1000, &a) == 0);
        CHECK(goudan_parse(a.data, a.len, &in, &err) == 0);
        if (in) { CHECK(goudan_input_count(in) == 1000); goudan_input_free(in); }
        ds_buf_free(&a);
        ds_buf_free(&b);
    }
    {
        ds_buf a;
        goudan_input *in;
        ds_error err;
        size_t i;
        int seen[20][20] = {{0}}, all = 1;
        ds_buf_init(&a);
        CHECK(goudan_generate_all(7, &a) == 0);
        CHECK(goudan_parse(a.data, a.len, &in, &err) == 0);
        if (in) {
            CHECK(goudan_input_count(in) == 1440000);
            CHECK(goudan_input_o(in) == 4);
            for (i = 0; i < goudan_input_count(in); i++) {
                goudan_query q;
                goudan_query_get(in, i, &q);
                seen[q.e_hp - 1][q.s_hp - 1]++;
            }
            for (i = 0; i < 400; i++) if (seen[i / 20][i % 20] != 3600) all = 0;
            CHECK(all);
            goudan_input_free(in);
        }
        ds_buf_free(&a);
    }
}

static void test_parse_errors(void) {
    static const struct { const char *in; int line, col; const char *msg; } cases[] = {
        {"", 1, 1, "expected T"},
        {"1 6\n1 1\n0\n0\n0 1\n", 1, 3, "O (operations per turn) must be between 3 and 5"},
        {"1 2\n", 1, 3, "between 3 and 5"},
        {"0 5\n", 1, 1, "T (the number of queries) must be between"},
        {"1 5 7\n", 1, 5, "expected end of line after T and O"},
        {"1 5\n21 1\n0\n0\n0 1\n", 2, 1, "E (小E's HP) must be between 1 and 20"},
        {"1 5\n1 0\n0\n0\n0 1\n", 2, 3, "S (the teacher's HP) must be between 1 and 20"},
        {"1 5\n1 1\n5 1 1 1 1 1\n0\n0 1\n", 3, 1, "must be between 0 and 4"},
        {"1 5\n1 1\n1 3\n0\n0 1\n", 3, 3, "HP of the teacher's minion 1 must be between 1 and 2"},
        {"1 5\n1 1\n0\n2 1\n0 1\n", 4, 4, "expected the HP of 小E's minion 2, found end of line"},
        {"1 5\n1 1\n0\n0\n4 1\n", 5, 1, "hand size must be between 0 and 3"},
        {"1 5\n1 1\n0\n0\n0 -1\n", 5, 3, "hand size must be between 0 and 3"},
        {"2 5\n1 1\n0\n0\n0 1\n", 6, 1, "found end of input"},
        {"1 5\n1 1\n0\n0\n0 1\n1 1\n", 6, 1, "expected end of input"},
        {"1 5\n1 x\n0\n0\n0 1\n", 2, 3, "found 'x'"},
        {"1 5\n1 1 1\n0\n0\n0 1\n", 2, 5, "expected end of line after E and S"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        goudan_input *in = NULL;
        ds_error err;
        int rc;
        memset(&err, 0, sizeof err);
        rc = goudan_parse(cases[i].in, strlen(cases[i].in), &in, &err);
        CHECK(rc == -1 && in == NULL);
        CHECK_EQ_INT(err.line, cases[i].line);
        CHECK_EQ_INT(err.col, cases[i].col);
        if (!strstr(err.msg, cases[i].msg)) {
            CHECK(0);
            fprintf(stderr, "case %zu: message '%s' lacks '%s'\n", i, err.msg, cases[i].msg);
        }
    }
    /* blank lines and CRLF are accepted */
    {
        const char *ok = "1 5\r\n\r\n1 1\r\n0\r\n0\r\n0 1\r\n\r\n";
        goudan_input *in;
        ds_error err;
        CHECK(goudan_parse(ok, strlen(ok), &in, &err) == 0);
        goudan_input_free(in);
    }
}

static void test_put_prob(void) {
    int i, bad = 0;
    for (i = 0; i < 200000; i++) {
        double v;
        char want[32];
        ds_buf b;
        if (i < 4) v = i == 0 ? 0.0 : i == 1 ? 1.0 : i == 2 ? 0.0000000005 : 0.9999999995;
        else if (i < 1000) v = (double)(i % 997) / 997.0 + 5e-10 * (i % 3);
        else v = (double)rnd(1u << 30) / (double)(1u << 30) + (double)rnd(1u << 20) * 1e-16;
        if (v > 1) v = 1;
        snprintf(want, sizeof want, "%.9f", v);
        ds_buf_init(&b);
        goudan_put_prob(&b, v);
        if (strcmp(b.data, want) != 0) bad++;
        ds_buf_free(&b);
    }
    CHECK_EQ_INT(bad, 0);
}

int main(void) {
    int O;
    test_samples();
    test_parse_errors();
    test_put_prob();
    test_generator();
    for (O = 3; O <= 5; O++) {
        test_table_invariants(O);
        test_eval_vs_table(O, 15);
        test_explain(O, 80);
        test_playout(O, 6);
    }
    test_skill_then_end();
    test_progressive(4, 7);
    for (O = 3; O <= 5; O++) goudan_table_free(full[O]);
    DS_TEST_MAIN_END();
}
