/* test_dp_goudan.c - the goudan decision explorer's model
 * (web/app/model/view_dp_goudan.c) through its functions, on sample 2 and
 * generated inputs:
 *   - following the timeline, every step explains a decision that is
 *     exactly the engine's record in the trace (same operations, same
 *     values bit for bit, same chosen one), and after a decision it is that
 *     decision (the one the page's "why" panel explains);
 *   - going into every leaf of the chance tree of "play" gives a state whose
 *     value is that leaf's value (1e-12), or a finished game for terminal
 *     leaves, with the winner the leaf says; the breadcrumb comes back;
 *   - a typed start state equals goudan_explain of goudan_query_turn of the
 *     same query; bad text is refused and keeps the state;
 *   - the heat map fills completely, with probabilities, and its cell at the
 *     current HPs is the state's value;
 *   - the teaching solve runs to the end (all start states of HP <= 8);
 *   - the JSON is produced and has no NaN;
 *   - still frames (dsv_dp_still, what an export draws): a render copy of the
 *     view at the live step gets the live explorer (even one gone into a
 *     child) in its own memory, at any other step the explorer of that step
 *     (the decision the timeline follows there), both with the heat map
 *     filled; the live explorer is left as it was. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "goudan/goudan.h"
#include "model/view.h"
#include "api/view_api.h"
#include "model/view_dp_goudan.h"

static int load_all(ds_view *v, const char *text, size_t len) {
    int rc = dsv_load(v, DSV_GOUDAN, text, len), guard = 0;
    while (rc == 0 && v->busy && guard++ < 100000) dsv_work(v, 5);
    return rc == 0 && v->loaded ? 0 : -1;
}

static int same_decision(const goudan_explanation *a, const goudan_explanation *b) {
    int i;
    if (a->n != b->n || a->chosen != b->chosen || a->value != b->value) return 0;
    for (i = 0; i < a->n; i++)
        if (a->ops[i].kind != b->ops[i].kind || a->ops[i].value != b->ops[i].value ||
            a->ops[i].attacker_hp != b->ops[i].attacker_hp || a->ops[i].target_hp != b->ops[i].target_hp)
            return 0;
    return 1;
}

/* Every leaf of the current chance tree: enter, check, come back. */
static void check_leaves(ds_view *v, dsv_dp_goudan *dp, int *entered) {
    goudan_tree tree;
    int i, depth = dp->n - 1, mover;
    double root_value;
    if (!dp->ok || dp->play_index < 0) return;
    tree = dp->tree;
    mover = dp->mover;
    root_value = dp->value;
    CHECK(fabs(tree.node[0].value - dp->dec.ops[dp->play_index].value) <= 1e-12);
    for (i = 1; i < tree.n; i++) {
        const goudan_tree_node *nd = &tree.node[i];
        if (nd->depth != 3 && nd->outcome == 0) continue;
        if (dp->n >= DSG_NAV_MAX) break;
        CHECK_EQ_INT(dsv_dp_goudan_enter(v, dp, i), 0);
        CHECK_EQ_INT(dp->n, depth + 2);
        if (nd->outcome == 0) {
            CHECK(dp->ok);
            CHECK_EQ_INT(dp->mover, mover); /* still the mover's turn */
            CHECK(fabs(dp->value - nd->value) <= 1e-12);
        } else {
            const goudan_state *s = &dp->nav[dp->n - 1].st;
            CHECK(!dp->ok);
            CHECK_EQ_INT(s->winner, nd->outcome > 0 ? mover : 1 - mover);
        }
        (*entered)++;
        dsv_dp_goudan_back(v, dp, depth);
        CHECK_EQ_INT(dp->n, depth + 1);
        CHECK(dp->value == root_value);
    }
}

static void check_game(ds_view *v, int *entered) {
    dsv_dp_goudan *dp = dsv_dp_goudan_get(v);
    size_t s;
    CHECK(dp != NULL);
    if (!dp) return;
    for (s = 0; s <= v->trace.n; s++) {
        const goudan_event *e;
        dsv_seek(v, s, 0);
        dsv_dp_goudan_sync(v, dp);
        CHECK(!dp->custom);
        CHECK(dp->decision_step >= 0);
        if (dp->decision_step < 0) continue;
        e = ds_trace_event(&v->trace, (size_t)dp->decision_step);
        CHECK(e->has_decision);
        CHECK(dp->ok);
        CHECK(same_decision(&dp->dec, &e->decision));
        /* the decision the page's "why" panel explains at step s (event s-1),
         * when there is one: the same decision in both places */
        if (s > 0 && ((const goudan_event *)ds_trace_event(&v->trace, s - 1))->has_decision)
            CHECK_EQ_INT((int)dp->decision_step, (int)s - 1);
        /* at most one decision before the step, none between it and the step */
        if ((size_t)dp->decision_step < s) {
            size_t i;
            for (i = (size_t)dp->decision_step + 1; i < s; i++)
                CHECK(!((const goudan_event *)ds_trace_event(&v->trace, i))->has_decision);
        }
        if (s % 7 == 0) check_leaves(v, dp, entered);
    }
}

static void check_still(ds_view *v) {
    size_t n = v->trace.n, live = n / 2, s;
    dsv_dp_goudan *dp, before;
    int stills = 0, i;
    v->mode = DSV_MODE_DP;
    dsv_seek(v, live, 0);
    dsv_dp_update(v, 0, 6.0);
    dp = dsv_dp_goudan_get(v);
    CHECK(dp != NULL);
    if (!dp) return;
    /* the live explorer gone into a leaf of the tree, when there is one */
    for (i = 1; dp->ok && dp->play_index >= 0 && i < dp->tree.n; i++)
        if (dp->tree.node[i].depth == 3 && dsv_dp_goudan_enter(v, dp, i) == 0) break;
    memcpy(&before, dp, sizeof before);
    for (s = 0; s <= n; s++) {
        ds_view c = *v; /* a render copy: its own cursor, its own DP state */
        const dsv_dp_goudan *d;
        c.dp = NULL;
        c.dp_release = NULL;
        c.step = c.from_step = s;
        CHECK_EQ_INT(dsv_dp_still(&c, v), 0);
        d = dsv_dp_goudan_peek(&c);
        CHECK(d != NULL && d != dp);
        if (d) {
            CHECK_EQ_INT(d->heat_done, d->heat_hp * d->heat_hp);
            if (s == live) {
                CHECK(d->n == dp->n && d->custom == dp->custom && d->ok == dp->ok && d->value == dp->value);
                CHECK(!memcmp(&d->nav[d->n - 1].st, &dp->nav[dp->n - 1].st, sizeof d->nav[0].st));
            } else {
                const goudan_event *e;
                CHECK(!d->custom && d->step == s && d->n == 1);
                if (d->decision_step >= 0) {
                    e = ds_trace_event(&v->trace, (size_t)d->decision_step);
                    CHECK(d->ok && same_decision(&d->dec, &e->decision));
                }
            }
            stills++;
        }
        if (c.dp_release) c.dp_release(&c);
    }
    CHECK((size_t)stills == n + 1);
    CHECK(memcmp(&before, dp, sizeof before) == 0); /* the live explorer untouched */
    dsv_dp_goudan_follow(v, dp);
    v->mode = DSV_MODE_GAME;
}

int main(void) {
    ds_view v;
    char path[512];
    size_t len;
    char *text;
    int entered = 0, seed;
    dsv_dp_goudan *dp;
    const char *json;

    dsv_init(&v);
    view_api_attach(&v, NULL);
    snprintf(path, sizeof path, "%s/goudan/sample-2.in", DS_SAMPLES);
    text = ds_test_read_file(path, &len);
    CHECK(text != NULL);
    if (!text) DS_TEST_MAIN_END();
    CHECK_EQ_INT(load_all(&v, text, len), 0);
    free(text);
    CHECK(dsv_dp_goudan_get(NULL) == NULL);
    check_game(&v, &entered);
    check_still(&v);

    /* a typed state = goudan_explain of the same query's turn */
    dp = dsv_dp_goudan_get(&v);
    {
        const char *q = "1 4\n3 4\n2 2 1\n1 1\n1 2\n";
        goudan_input *in;
        goudan_query query;
        goudan_turn turn;
        goudan_explanation want;
        ds_error err;
        dsv_goudan *g = v.extra;
        CHECK_EQ_INT(dsv_dp_goudan_start(&v, dp, q, strlen(q)), 0);
        CHECK(dp->custom && dp->ok && dp->n == 1);
        CHECK_EQ_INT(goudan_parse(q, strlen(q), &in, &err), 0);
        goudan_query_get(in, 0, &query);
        goudan_input_free(in);
        goudan_query_turn(&query, 4, &turn);
        CHECK_EQ_INT(goudan_explain(g->eval, &turn, &want, &err), 0);
        CHECK(same_decision(&dp->dec, &want));
        CHECK(memcmp(&dp->turn, &turn, sizeof turn) == 0);
        check_leaves(&v, dp, &entered);
        /* refused: a minion of HP 3, another O, an HP above the table's */
        CHECK_EQ_INT(dsv_dp_goudan_start(&v, dp, "1 4\n3 4\n2 2 1\n1 3\n1 2\n", 24), -1);
        CHECK(strstr(dp->start_err, "line 4") != NULL);
        CHECK_EQ_INT(dsv_dp_goudan_start(&v, dp, "1 5\n3 4\n0\n0\n1 2\n", 19), -1);
        CHECK_EQ_INT(dsv_dp_goudan_start(&v, dp, "1 4\n20 4\n0\n0\n1 2\n", 20), -1);
        CHECK_EQ_INT(dsv_dp_goudan_start(&v, dp, "", 0), -1);
        CHECK(dp->ok && same_decision(&dp->dec, &want)); /* the typed state stays */
        dsv_dp_goudan_follow(&v, dp);
        CHECK(!dp->custom);
    }

    /* the heat map */
    while (dsv_dp_goudan_heat_work(&v, dp, 50)) {}
    {
        const goudan_state *s = &dp->nav[dp->n - 1].st;
        int e, t;
        CHECK_EQ_INT(dp->heat_done, dp->heat_hp * dp->heat_hp);
        for (e = 0; e < dp->heat_hp; e++)
            for (t = 0; t < dp->heat_hp; t++) CHECK(dp->heat[e][t] >= 0 && dp->heat[e][t] <= 1);
        CHECK(fabs(dp->heat[s->player[0].hp - 1][s->player[1].hp - 1] -
                   (dp->mover == 0 ? dp->value : 1 - dp->value)) <= 1e-12);
    }

    /* the teaching solve */
    dsv_dp_goudan_anim(&v, dp, 2);
    CHECK(dp->anim && dp->anim_on && !dp->anim_done && dp->anim_playing && dp->nlayers == 2 * DSG_ANIM_HP + 15);
    {
        int guard = 0;
        while (dp->anim_playing && guard++ < 100000) dsv_dp_goudan_anim_tick(&v, dp, 0.05);
        CHECK(!dp->anim_playing);
        CHECK(goudan_solver_done(dp->anim) && dp->anim_done);
        CHECK(dp->anim_info.start_states_solved == dp->anim_info.start_states_total);
        CHECK(dp->anim_info.start_states_total == (uint64_t)DSG_ANIM_HP * DSG_ANIM_HP * 15 * 15 * 9);
    }
    json = dsv_dp_goudan_json(&v, dp, NULL);
    CHECK(json[0] == '{' && json[strlen(json) - 1] == '}');
    CHECK(strstr(json, "nan") == NULL && strstr(json, "inf") == NULL);
    CHECK(strstr(json, "\"decision\":{") != NULL && strstr(json, "\"tree\":") != NULL);

    /* generated inputs: every query's playout */
    for (seed = 1; seed <= 4; seed++) {
        ds_buf in;
        size_t q, nq;
        ds_buf_init(&in);
        CHECK_EQ_INT(dsv_generate(DSV_GOUDAN, (uint64_t)seed, &in), 0);
        CHECK_EQ_INT(load_all(&v, in.data, in.len), 0);
        ds_buf_free(&in);
        CHECK(v.dp == NULL); /* the old explorer went with the old game */
        nq = goudan_input_count(v.input);
        for (q = 0; q < nq && q < 3; q++) {
            CHECK_EQ_INT(dsv_goudan_select(&v, q, (uint64_t)seed), 0);
            check_game(&v, &entered);
    check_still(&v);
        }
    }
    CHECK(entered > 100);
    printf("entered %d chance-tree leaves\n", entered);
    dsv_free(&v);
    DS_TEST_MAIN_END();
}
