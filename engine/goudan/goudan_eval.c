/* goudan_eval.c - explain a state inside a turn: a memoised search over the
 * rest of the turn with EVERY legal operation (no normalisation), reading the
 * value of the opponent's next turn start from the solved table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "goudan_internal.h"

typedef struct es {
    int a, b;             /* mover HP, opponent HP */
    int u1, u2, t1, t2;   /* mover minions: unattacked / attacked, HP 1 / 2 */
    int n1, n2;           /* opponent minions of HP 1 / 2 */
    int h, g;             /* mover hand (0..3), opponent hand class (0..2) */
    int o, made;          /* ops left, an operation was made */
} es;

struct goudan_eval {
    const goudan_table *t;
    uint64_t *keys; /* 0 = empty */
    double *vals;
    size_t cap, n;
};

const goudan_table *gd_eval_table(const goudan_eval *ev) { return ev->t; }

enum { EV_MEMO_MAX = 1u << 22 };

int goudan_eval_new(const goudan_table *t, goudan_eval **out, ds_error *err) {
    goudan_eval *ev = (goudan_eval *)calloc(1, sizeof *ev);
    *out = NULL;
    if (!ev) return ds_fail(err, 0, 0, "out of memory for the evaluator");
    ev->t = t;
    ev->cap = 1u << 12;
    ev->keys = (uint64_t *)calloc(ev->cap, sizeof(uint64_t));
    ev->vals = (double *)malloc(ev->cap * sizeof(double));
    if (!ev->keys || !ev->vals) {
        goudan_eval_free(ev);
        return ds_fail(err, 0, 0, "out of memory for the evaluator");
    }
    *out = ev;
    return 0;
}

void goudan_eval_free(goudan_eval *ev) {
    if (!ev) return;
    free(ev->keys);
    free(ev->vals);
    free(ev);
}

static uint64_t pack(const es *s, int j) {
    uint64_t k = (uint64_t)s->a | (uint64_t)s->b << 5 | (uint64_t)s->u1 << 10 |
                 (uint64_t)s->u2 << 13 | (uint64_t)s->t1 << 16 | (uint64_t)s->t2 << 19 |
                 (uint64_t)s->n1 << 22 | (uint64_t)s->n2 << 25 | (uint64_t)s->h << 28 |
                 (uint64_t)s->g << 30 | (uint64_t)s->o << 32 | (uint64_t)s->made << 35 |
                 (uint64_t)j << 36;
    return k + 1;
}

static size_t slot_of(uint64_t k, size_t cap) {
    k ^= k >> 31;
    k *= 0x9e3779b97f4a7c15ULL;
    k ^= k >> 29;
    return (size_t)k & (cap - 1);
}

static int memo_get(const goudan_eval *ev, uint64_t k, double *v) {
    size_t i = slot_of(k, ev->cap);
    while (ev->keys[i]) {
        if (ev->keys[i] == k) { *v = ev->vals[i]; return 1; }
        i = (i + 1) & (ev->cap - 1);
    }
    return 0;
}

static int memo_put(goudan_eval *ev, uint64_t k, double v, ds_error *err) {
    size_t i;
    if ((ev->n + 1) * 2 > ev->cap) {
        size_t ncap = ev->cap * 2, j;
        uint64_t *nk;
        double *nv;
        if (ncap > EV_MEMO_MAX) { /* forget everything: values are recomputed */
            memset(ev->keys, 0, ev->cap * sizeof(uint64_t));
            ev->n = 0;
        } else {
            nk = (uint64_t *)calloc(ncap, sizeof(uint64_t));
            nv = (double *)malloc(ncap * sizeof(double));
            if (!nk || !nv) {
                free(nk);
                free(nv);
                return ds_fail(err, 0, 0, "out of memory in the evaluator memo");
            }
            for (j = 0; j < ev->cap; j++)
                if (ev->keys[j]) {
                    size_t q = slot_of(ev->keys[j], ncap);
                    while (nk[q]) q = (q + 1) & (ncap - 1);
                    nk[q] = ev->keys[j];
                    nv[q] = ev->vals[j];
                }
            free(ev->keys);
            free(ev->vals);
            ev->keys = nk;
            ev->vals = nv;
            ev->cap = ncap;
        }
    }
    i = slot_of(k, ev->cap);
    while (ev->keys[i] && ev->keys[i] != k) i = (i + 1) & (ev->cap - 1);
    if (!ev->keys[i]) ev->n++;
    ev->keys[i] = k;
    ev->vals[i] = v;
    return 0;
}

static int es_count(const es *s) { return s->u1 + s->u2 + s->t1 + s->t2; }

/* Value of the opponent's next turn start, from the mover's side. */
static double end_value(const goudan_eval *ev, const es *s) {
    const goudan_table *t = ev->t;
    int m = goudan_board_id(s->u1 + s->t1, s->u2 + s->t2), n = goudan_board_id(s->n1, s->n2);
    return 1.0 - t->v[gd_vindex(t->H, s->b, s->a, n, m) + (size_t)(s->g * 3 + gd_cls(s->h))];
}

static int val(goudan_eval *ev, const es *s, double *out, ds_error *err);

/* Chance node: a play with j hits left (h, o, made already updated). */
static int chance(goudan_eval *ev, const es *s, int j, double *out, ds_error *err) {
    uint64_t key;
    double acc = 0.0, x;
    es c;
    int cl;
    if (j == 0) {
        c = *s;
        c.t2++;
        return val(ev, &c, out, err);
    }
    key = pack(s, j);
    if (memo_get(ev, key, out)) return 0;
    if (s->a > 1) { c = *s; c.a--; if (chance(ev, &c, j - 1, &x, err)) return -1; acc += x; }
    if (s->b > 1) { c = *s; c.b--; if (chance(ev, &c, j - 1, &x, err)) return -1; acc += x; }
    else acc += 1.0;
    for (cl = 0; cl < 6; cl++) {
        int cnt = cl == 0 ? s->u1 : cl == 1 ? s->u2 : cl == 2 ? s->t1 : cl == 3 ? s->t2
                : cl == 4 ? s->n1 : s->n2;
        if (!cnt) continue;
        c = *s;
        switch (cl) {
        case 0: c.u1--; break;
        case 1: c.u2--; c.u1++; break;
        case 2: c.t1--; break;
        case 3: c.t2--; c.t1++; break;
        case 4: c.n1--; break;
        default: c.n2--; c.n1++; break;
        }
        if (chance(ev, &c, j - 1, &x, err)) return -1;
        acc += (double)cnt * x;
    }
    *out = acc / (double)(es_count(s) + s->n1 + s->n2 + 2);
    return memo_put(ev, key, *out, err);
}

/* The operations in tie-break order (index = goudan_op.order). */
static const struct { uint8_t kind; int8_t ahp, thp; } op_table[GOUDAN_MAX_OPS] = {
    {GOUDAN_OP_FACE, 1, 0},  {GOUDAN_OP_FACE, 2, 0},  {GOUDAN_OP_TRADE, 1, 1},
    {GOUDAN_OP_TRADE, 1, 2}, {GOUDAN_OP_TRADE, 2, 1}, {GOUDAN_OP_TRADE, 2, 2},
    {GOUDAN_OP_PLAY, 0, 0},  {GOUDAN_OP_SKILL, 0, 0}, {GOUDAN_OP_END, 0, 0}};

/* Value of operation `order` from s; returns 0 and *legal = 0 if illegal. */
static int op_value(goudan_eval *ev, const es *s, int order, int *legal, double *out,
                    ds_error *err) {
    es c = *s;
    int ahp = op_table[order].ahp, thp = op_table[order].thp;
    *legal = 0;
    c.made = 1;
    switch (op_table[order].kind) {
    case GOUDAN_OP_PLAY:
        if (s->o < 1 || s->h < 1 || es_count(s) >= 4) return 0;
        *legal = 1;
        c.h--;
        c.o--;
        return chance(ev, &c, 3, out, err);
    case GOUDAN_OP_FACE:
        if ((ahp == 1 ? s->u1 : s->u2) == 0) return 0;
        *legal = 1;
        if (s->b <= 3) { *out = 1.0; return 0; }
        c.b -= 3;
        if (ahp == 1) { c.u1--; c.t1++; } else { c.u2--; c.t2++; }
        return val(ev, &c, out, err);
    case GOUDAN_OP_TRADE:
        if ((ahp == 1 ? s->u1 : s->u2) == 0 || (thp == 1 ? s->n1 : s->n2) == 0) return 0;
        *legal = 1;
        if (ahp == 1) c.u1--; else c.u2--;
        if (thp == 1) c.n1--; else c.n2--;
        return val(ev, &c, out, err);
    case GOUDAN_OP_SKILL:
        if (s->o < 1) return 0;
        *legal = 1;
        if (s->a <= 2) { *out = 0.0; return 0; }
        c.a -= 2;
        c.h = s->h < 3 ? s->h + 1 : 3;
        c.o--;
        return val(ev, &c, out, err);
    default:
        if (!s->made) return 0;
        *legal = 1;
        *out = end_value(ev, s);
        return 0;
    }
}

static int val(goudan_eval *ev, const es *s, double *out, ds_error *err) {
    uint64_t key = pack(s, 0);
    double best = 0.0, x;
    int i, legal, any = 0;
    if (memo_get(ev, key, out)) return 0;
    for (i = 0; i < GOUDAN_MAX_OPS; i++) {
        if (op_value(ev, s, i, &legal, &x, err)) return -1;
        if (legal && (!any || x > best)) { best = x; any = 1; }
        if (any && best >= 1.0) break; /* cannot do better than a sure win */
    }
    /* no legal operation cannot happen below the root (end turn is legal once made) */
    *out = best;
    return memo_put(ev, key, best, err);
}

const char *goudan_op_name(int kind) {
    static const char *const names[] = {"play", "face", "trade", "skill", "end_turn"};
    return kind >= 0 && kind <= GOUDAN_OP_END ? names[kind] : "?";
}

int goudan_turn_check(const goudan_eval *ev, const goudan_turn *t, ds_error *err) {
    int i, O = ev->t->O, H = ev->t->H;
    if (t->my_hp < 1 || t->my_hp > H || t->opp_hp < 1 || t->opp_hp > H)
        return ds_fail(err, 0, 0, "HPs must be between 1 and %d, found %d and %d", H, t->my_hp, t->opp_hp);
    if (t->my_hand < 0 || t->my_hand > 3 || t->opp_hand < 0 || t->opp_hand > 3)
        return ds_fail(err, 0, 0, "hand sizes must be between 0 and 3");
    if (t->ops_left < 0 || t->ops_left > O)
        return ds_fail(err, 0, 0, "ops_left must be between 0 and %d, found %d", O, t->ops_left);
    if (t->made_op != 0 && t->made_op != 1) return ds_fail(err, 0, 0, "made_op must be 0 or 1");
    if (t->my_count < 0 || t->my_count > 4 || t->opp_count < 0 || t->opp_count > 4)
        return ds_fail(err, 0, 0, "at most 4 minions per side");
    for (i = 0; i < t->my_count; i++)
        if ((t->my[i].hp != 1 && t->my[i].hp != 2) || (t->my[i].attacked != 0 && t->my[i].attacked != 1))
            return ds_fail(err, 0, 0, "minion %d of the mover is invalid", i);
    for (i = 0; i < t->opp_count; i++)
        if (t->opp[i].hp != 1 && t->opp[i].hp != 2)
            return ds_fail(err, 0, 0, "minion %d of the opponent is invalid", i);
    return 0;
}

static void to_es(const goudan_turn *t, es *s) {
    int i;
    memset(s, 0, sizeof *s);
    s->a = t->my_hp;
    s->b = t->opp_hp;
    for (i = 0; i < t->my_count; i++) {
        if (t->my[i].attacked) { if (t->my[i].hp == 1) s->t1++; else s->t2++; }
        else { if (t->my[i].hp == 1) s->u1++; else s->u2++; }
    }
    for (i = 0; i < t->opp_count; i++) { if (t->opp[i].hp == 1) s->n1++; else s->n2++; }
    s->h = t->my_hand;
    s->g = gd_cls(t->opp_hand);
    s->o = t->ops_left;
    s->made = t->made_op;
}

static int first_slot(const goudan_minion *m, int n, int hp, int unattacked_only) {
    int i;
    for (i = 0; i < n; i++)
        if (m[i].hp == hp && (!unattacked_only || !m[i].attacked)) return i;
    return -1;
}

int goudan_explain(goudan_eval *ev, const goudan_turn *t, goudan_explanation *dec, ds_error *err) {
    es s;
    int i, j, legal;
    double best = 0.0;
    memset(dec, 0, sizeof *dec);
    if (goudan_turn_check(ev, t, err)) return -1;
    to_es(t, &s);
    for (i = 0; i < GOUDAN_MAX_OPS; i++) {
        double x;
        goudan_op *op = &dec->ops[dec->n];
        if (op_value(ev, &s, i, &legal, &x, err)) return -1;
        if (!legal) continue;
        op->kind = op_table[i].kind;
        op->order = (uint8_t)i;
        op->attacker_hp = op_table[i].ahp;
        op->target_hp = op_table[i].thp;
        op->attacker = op->target = -1;
        if (op->kind == GOUDAN_OP_FACE || op->kind == GOUDAN_OP_TRADE)
            op->attacker = (int8_t)first_slot(t->my, t->my_count, op->attacker_hp, 1);
        if (op->kind == GOUDAN_OP_TRADE)
            op->target = (int8_t)first_slot(t->opp, t->opp_count, op->target_hp, 0);
        op->value = x;
        if (dec->n == 0 || x > best) best = x;
        dec->n++;
    }
    if (dec->n == 0) return ds_fail(err, 0, 0, "no legal operation in this state");
    /* chosen: first in tie-break order within GOUDAN_TIE_EPS of the best */
    for (i = 0; i < dec->n; i++)
        if (dec->ops[i].value >= best - GOUDAN_TIE_EPS) break;
    {
        uint8_t chosen_order = dec->ops[i].order;
        /* sort best first: value descending, then tie-break order (insertion sort) */
        for (i = 1; i < dec->n; i++) {
            goudan_op x = dec->ops[i];
            for (j = i; j > 0; j--) {
                const goudan_op *y = &dec->ops[j - 1];
                if (y->value > x.value || (y->value == x.value && y->order < x.order)) break;
                dec->ops[j] = *y;
            }
            dec->ops[j] = x;
        }
        for (i = 0; i < dec->n; i++)
            if (dec->ops[i].order == chosen_order) dec->chosen = i;
    }
    dec->value = best;
    return 0;
}

int gd_eval_in_play(goudan_eval *ev, const goudan_turn *t, int hits_left, double *out,
                    ds_error *err) {
    es s;
    if (goudan_turn_check(ev, t, err)) return -1;
    if (t->my_hand < 1 || hits_left < 0 || hits_left > 3)
        return ds_fail(err, 0, 0, "not in the middle of a play");
    to_es(t, &s);
    s.h--; /* the card in flight leaves the hand when it is placed */
    s.made = 1;
    return chance(ev, &s, hits_left, out, err);
}

int goudan_eval_value(goudan_eval *ev, const goudan_turn *t, double *value, ds_error *err) {
    goudan_explanation d;
    if (goudan_explain(ev, t, &d, err)) return -1;
    *value = d.value;
    return 0;
}

/* Recursive part of the chance tree. */
static int tree_build(goudan_eval *ev, const es *s, int j, int parent, double path, goudan_tree *tr,
                      ds_error *err) {
    int cl, k = es_count(s) + s->n1 + s->n2 + 2;
    for (cl = 0; cl < 8; cl++) {
        int cnt;
        es c = *s;
        goudan_tree_node *nd;
        switch (cl) {
        case 0: cnt = 1; c.a--; break;
        case 1: cnt = 1; c.b--; break;
        case 2: cnt = s->u1; c.u1--; break;
        case 3: cnt = s->u2; c.u2--; c.u1++; break;
        case 4: cnt = s->t1; c.t1--; break;
        case 5: cnt = s->t2; c.t2--; c.t1++; break;
        case 6: cnt = s->n1; c.n1--; break;
        default: cnt = s->n2; c.n2--; c.n1++; break;
        }
        if (!cnt) continue;
        if (tr->n >= GOUDAN_TREE_MAX) return ds_fail(err, 0, 0, "chance tree too large");
        nd = &tr->node[tr->n];
        nd->parent = (int16_t)parent;
        nd->depth = (int8_t)(4 - j);
        nd->target = (int8_t)(GOUDAN_T_ME + cl);
        nd->count = (int8_t)cnt;
        nd->characters = (int8_t)k;
        nd->prob = (double)cnt / (double)k;
        nd->path_prob = path * nd->prob;
        nd->outcome = 0;
        if (c.a <= 0) { nd->outcome = -1; nd->value = 0.0; tr->n++; continue; }
        if (c.b <= 0) { nd->outcome = 1; nd->value = 1.0; tr->n++; continue; }
        if (chance(ev, &c, j - 1, &nd->value, err)) return -1;
        {
            int me = tr->n++;
            if (j - 1 > 0 && tree_build(ev, &c, j - 1, me, nd->path_prob, tr, err)) return -1;
        }
    }
    return 0;
}

int goudan_play_tree(goudan_eval *ev, const goudan_turn *t, goudan_tree *tree, ds_error *err) {
    es s;
    goudan_tree_node *root;
    memset(tree, 0, sizeof *tree);
    if (goudan_turn_check(ev, t, err)) return -1;
    to_es(t, &s);
    if (s.o < 1 || s.h < 1 || es_count(&s) >= 4)
        return ds_fail(err, 0, 0, "playing a card is not legal in this state");
    s.h--;
    s.o--;
    s.made = 1;
    root = &tree->node[0];
    root->parent = -1;
    root->target = GOUDAN_T_NONE;
    root->prob = root->path_prob = 1.0;
    if (chance(ev, &s, 3, &root->value, err)) return -1;
    tree->n = 1;
    return tree_build(ev, &s, 3, 0, 1.0, tree, err);
}

void goudan_query_turn(const goudan_query *q, int O, goudan_turn *t) {
    int i;
    memset(t, 0, sizeof *t);
    t->my_hp = q->e_hp;
    t->opp_hp = q->s_hp;
    t->my_hand = q->e_hand < 3 ? q->e_hand + 1 : 3;
    t->opp_hand = q->s_hand;
    t->ops_left = O;
    t->made_op = 0;
    t->my_count = q->e_count;
    t->opp_count = q->s_count;
    for (i = 0; i < q->e_count; i++) t->my[i].hp = (int8_t)q->e_minion[i];
    for (i = 0; i < q->s_count; i++) t->opp[i].hp = (int8_t)q->s_minion[i];
}

/* ---- JSON ------------------------------------------------------------------ */

static void put_minions(ds_buf *o, const goudan_minion *m, int n, int marks) {
    int i;
    ds_buf_putc(o, '[');
    for (i = 0; i < n; i++) {
        if (i) ds_buf_putc(o, ',');
        ds_buf_puts(o, "{\"hp\":");
        ds_buf_int(o, m[i].hp);
        if (marks) { ds_buf_puts(o, ",\"attacked\":"); ds_buf_puts(o, m[i].attacked ? "true" : "false"); }
        ds_buf_putc(o, '}');
    }
    ds_buf_putc(o, ']');
}

static void put_num(ds_buf *o, double v) { ds_buf_printf(o, "%.17g", v); }

int goudan_turn_json(const goudan_turn *t, ds_buf *o) {
    ds_buf_puts(o, "{\"my_hp\":");
    ds_buf_int(o, t->my_hp);
    ds_buf_puts(o, ",\"opp_hp\":");
    ds_buf_int(o, t->opp_hp);
    ds_buf_puts(o, ",\"my_hand\":");
    ds_buf_int(o, t->my_hand);
    ds_buf_puts(o, ",\"opp_hand\":");
    ds_buf_int(o, t->opp_hand);
    ds_buf_puts(o, ",\"ops_left\":");
    ds_buf_int(o, t->ops_left);
    ds_buf_puts(o, ",\"made_op\":");
    ds_buf_puts(o, t->made_op ? "true" : "false");
    ds_buf_puts(o, ",\"my_minions\":");
    put_minions(o, t->my, t->my_count, 1);
    ds_buf_puts(o, ",\"opp_minions\":");
    put_minions(o, t->opp, t->opp_count, 0);
    return ds_buf_putc(o, '}');
}

const char *goudan_op_label(const goudan_op *op, char *buf, size_t cap) {
    switch (op->kind) {
    case GOUDAN_OP_FACE: snprintf(buf, cap, "face(hp%d)", op->attacker_hp); break;
    case GOUDAN_OP_TRADE: snprintf(buf, cap, "trade(%dx%d)", op->attacker_hp, op->target_hp); break;
    default: snprintf(buf, cap, "%s", goudan_op_name(op->kind)); break;
    }
    return buf;
}

static void explain_extra(const void *ctx, int k, ds_buf *o) {
    gd_op_extra_json((const goudan_explanation *)ctx, k, -1, o);
}

int goudan_decision_json(const goudan_explanation *d, ds_buf *o) {
    ds_decision rec;
    if (goudan_explain_decision(d, -1, DS_LANG_EN, &rec)) return -1;
    return ds_decision_json(&rec, explain_extra, d, o);
}

int gd_op_tie(const goudan_explanation *d, int k) {
    double best = 0;
    int i;
    for (i = 0; i < d->n; i++)
        if (i == 0 || d->ops[i].value > best) best = d->ops[i].value;
    return d->ops[k].value >= best - GOUDAN_TIE_EPS;
}

void gd_op_extra_json(const goudan_explanation *d, int k, int mover, ds_buf *o) {
    const goudan_op *op;
    if (k < 0) {
        ds_buf_puts(o, ",\"value\":");
        put_num(o, d->value);
        ds_buf_puts(o, ",\"chosen_index\":");
        ds_buf_int(o, d->chosen);
        return;
    }
    if (k >= d->n) return;
    op = &d->ops[k];
    ds_buf_puts(o, ",\"op\":\"");
    ds_buf_puts(o, goudan_op_name(op->kind));
    ds_buf_puts(o, "\",\"order\":");
    ds_buf_int(o, op->order);
    if (op->kind == GOUDAN_OP_FACE || op->kind == GOUDAN_OP_TRADE) {
        ds_buf_puts(o, ",\"attacker_hp\":");
        ds_buf_int(o, op->attacker_hp);
        ds_buf_puts(o, ",\"attacker\":");
        ds_buf_int(o, op->attacker);
    }
    if (op->kind == GOUDAN_OP_TRADE) {
        ds_buf_puts(o, ",\"target_hp\":");
        ds_buf_int(o, op->target_hp);
        ds_buf_puts(o, ",\"target\":");
        ds_buf_int(o, op->target);
    }
    /* "tie": within GOUDAN_TIE_EPS of the best value, the test by which
     * goudan_explain picks the chosen operation (the reason
     * tie_later_in_order says the same) */
    ds_buf_puts(o, gd_op_tie(d, k) ? ",\"tie\":true" : ",\"tie\":false");
    if (mover >= 0) {
        ds_buf_puts(o, ",\"e_value\":");
        put_num(o, mover == 0 ? op->value : 1.0 - op->value);
    }
}

static const char *const target_names[] = {"none", "me", "opp", "my_unattacked_hp1",
                                           "my_unattacked_hp2", "my_attacked_hp1",
                                           "my_attacked_hp2", "opp_minion_hp1", "opp_minion_hp2"};

int goudan_tree_json(const goudan_tree *tr, ds_buf *o) {
    int i;
    ds_buf_puts(o, "{\"nodes\":[");
    for (i = 0; i < tr->n; i++) {
        const goudan_tree_node *nd = &tr->node[i];
        if (i) ds_buf_putc(o, ',');
        ds_buf_puts(o, "{\"parent\":");
        ds_buf_int(o, nd->parent);
        ds_buf_puts(o, ",\"depth\":");
        ds_buf_int(o, nd->depth);
        ds_buf_puts(o, ",\"target\":\"");
        ds_buf_puts(o, target_names[nd->target]);
        ds_buf_puts(o, "\",\"count\":");
        ds_buf_int(o, nd->count);
        ds_buf_puts(o, ",\"characters\":");
        ds_buf_int(o, nd->characters);
        ds_buf_puts(o, ",\"prob\":");
        put_num(o, nd->prob);
        ds_buf_puts(o, ",\"path_prob\":");
        put_num(o, nd->path_prob);
        ds_buf_puts(o, ",\"outcome\":");
        ds_buf_puts(o, nd->outcome > 0 ? "\"win\"" : nd->outcome < 0 ? "\"loss\"" : "\"continue\"");
        ds_buf_puts(o, ",\"value\":");
        put_num(o, nd->value);
        ds_buf_putc(o, '}');
    }
    return ds_buf_puts(o, "]}");
}
