/* test_goudan_ops.c - every operation's value, checked one rule at a time.
 *
 * goudan_explain lists every legal operation of a turn state with the win
 * probability after it. For the deterministic operations this test builds the
 * successor state BY HAND from the statement's rules and asks the evaluator
 * for that state's value, which must equal the operation's value:
 *   SKILL  own HP - 2 (HP <= 0 loses: value 0), draw one card only below 3,
 *          one operation fewer, an operation was made;
 *   FACE   enemy HP - 3 (<= 0 wins: value 1), the attacker is marked;
 *   TRADE  the attacker and the target both leave the board.
 * PLAY's value must equal its chance tree's root, and every inner node of the
 * tree the probability-weighted mean of its children. Every operation is
 * checked, not only the best, so a wrong rule in a move that optimal play
 * never picks is still caught. Small HPs (a table with hp_max 8) keep it fast. */
#include <math.h>
#include <string.h>

#include "ds_core.h"
#include "ds_test.h"
#include "goudan/goudan.h"

#define HPMAX 8

static void remove_minion(goudan_minion *m, int *count, int slot) {
    memmove(m + slot, m + slot + 1, (size_t)(*count - slot - 1) * sizeof *m);
    (*count)--;
}

static void random_turn(ds_rng *r, int O, goudan_turn *t) {
    int i;
    memset(t, 0, sizeof *t);
    t->my_hp = 1 + (int)ds_rng_below(r, HPMAX);
    t->opp_hp = 1 + (int)ds_rng_below(r, HPMAX);
    t->my_hand = (int)ds_rng_below(r, 4);
    t->opp_hand = (int)ds_rng_below(r, 4);
    t->ops_left = (int)ds_rng_below(r, (uint32_t)O + 1);
    t->made_op = t->ops_left < O ? 1 : (int)ds_rng_below(r, 2);
    t->my_count = (int)ds_rng_below(r, 5);
    t->opp_count = (int)ds_rng_below(r, 5);
    for (i = 0; i < t->my_count; i++) {
        t->my[i].hp = (int8_t)(1 + ds_rng_below(r, 2));
        t->my[i].attacked = (int8_t)ds_rng_below(r, 2);
    }
    for (i = 0; i < t->opp_count; i++) t->opp[i].hp = (int8_t)(1 + ds_rng_below(r, 2));
}

static double eval(goudan_eval *ev, const goudan_turn *t) {
    double v = -1;
    ds_error err;
    if (goudan_eval_value(ev, t, &v, &err)) fprintf(stderr, "eval failed: %s\n", err.msg);
    return v;
}

int main(void) {
    int O, checked[8] = {0};
    ds_error err;
    for (O = 3; O <= 5; O++) {
        goudan_table *table = NULL;
        goudan_eval *ev = NULL;
        ds_rng r;
        int iter;
        CHECK(goudan_solve(O, HPMAX, &table, &err) == 0);
        CHECK(goudan_eval_new(table, &ev, &err) == 0);
        if (!table || !ev) break;
        ds_rng_seed(&r, (uint64_t)O * 7919);
        for (iter = 0; iter < 700; iter++) {
            goudan_turn t, s;
            goudan_explanation d;
            int k;
            random_turn(&r, O, &t);
            if (goudan_explain(ev, &t, &d, &err)) { CHECK(!"explain failed"); continue; }
            for (k = 0; k < d.n; k++) {
                const goudan_op *op = &d.ops[k];
                double want;
                s = t;
                switch (op->kind) {
                case GOUDAN_OP_SKILL:
                    s.my_hp -= 2;
                    s.ops_left--;
                    s.made_op = 1;
                    if (s.my_hand < GOUDAN_HAND_MAX) s.my_hand++;
                    want = s.my_hp <= 0 ? 0.0 : eval(ev, &s);
                    CHECK(fabs(want - op->value) < 1e-12);
                    checked[op->kind]++;
                    break;
                case GOUDAN_OP_FACE:
                    CHECK(op->attacker >= 0 && op->attacker < t.my_count && !t.my[op->attacker].attacked);
                    s.opp_hp -= 3;
                    s.my[op->attacker].attacked = 1;
                    s.made_op = 1;
                    want = s.opp_hp <= 0 ? 1.0 : eval(ev, &s);
                    CHECK(fabs(want - op->value) < 1e-12);
                    checked[op->kind]++;
                    break;
                case GOUDAN_OP_TRADE:
                    CHECK(op->attacker >= 0 && op->target >= 0 && !t.my[op->attacker].attacked);
                    remove_minion(s.my, &s.my_count, op->attacker);
                    remove_minion(s.opp, &s.opp_count, op->target);
                    s.made_op = 1;
                    CHECK(fabs(eval(ev, &s) - op->value) < 1e-12);
                    checked[op->kind]++;
                    break;
                case GOUDAN_OP_PLAY: {
                    static goudan_tree tree; /* large; test-only scratch */
                    int j;
                    CHECK(t.my_hand > 0 && t.my_count < GOUDAN_BOARD_MAX && t.ops_left > 0);
                    if (goudan_play_tree(ev, &t, &tree, &err)) { CHECK(!"tree failed"); break; }
                    CHECK(fabs(tree.node[0].value - op->value) < 1e-12);
                    for (j = 0; j < tree.n; j++) {
                        double sum = 0, psum = 0;
                        int c, kids = 0;
                        for (c = 0; c < tree.n; c++)
                            if (tree.node[c].parent == j) {
                                sum += tree.node[c].prob * tree.node[c].value;
                                psum += tree.node[c].prob;
                                kids++;
                            }
                        if (kids) {
                            CHECK(fabs(psum - 1.0) < 1e-12);
                            CHECK(fabs(sum - tree.node[j].value) < 1e-12);
                        }
                    }
                    checked[op->kind]++;
                    break;
                }
                default:
                    CHECK(t.made_op); /* END only after an operation */
                    checked[op->kind]++;
                    break;
                }
            }
        }
        goudan_eval_free(ev);
        goudan_table_free(table);
    }
    /* every kind of operation was exercised many times */
    CHECK(checked[GOUDAN_OP_SKILL] > 200);
    CHECK(checked[GOUDAN_OP_FACE] > 200);
    CHECK(checked[GOUDAN_OP_TRADE] > 200);
    CHECK(checked[GOUDAN_OP_PLAY] > 200);
    CHECK(checked[GOUDAN_OP_END] > 200);
    printf("checked: skill %d, face %d, trade %d, play %d, end %d\n", checked[GOUDAN_OP_SKILL],
           checked[GOUDAN_OP_FACE], checked[GOUDAN_OP_TRADE], checked[GOUDAN_OP_PLAY],
           checked[GOUDAN_OP_END]);
    DS_TEST_MAIN_END();
}
