/* view_dp_goudan.c - the goudan decision explorer's model (see the header).
 * States change only through the engine's goudan_apply; values come from
 * goudan_explain / goudan_eval_value / goudan_play_tree / the table. */
#include "model/view_dp_goudan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


static const char *const who_name[2] = {"E", "teacher"};

static void release(ds_view *v) {
    dsv_dp_goudan *dp = v->dp;
    if (!dp) return;
    goudan_solver_free(dp->anim);
    ds_buf_free(&dp->json);
    ds_buf_free(&dp->scratch);
    free(dp);
    v->dp = NULL;
    v->dp_release = NULL;
}

const dsv_dp_goudan *dsv_dp_goudan_peek(const ds_view *v) {
    if (!v || v->game != DSV_GOUDAN || v->busy || !v->loaded || !v->dp || v->dp_release != release) return NULL;
    return v->dp;
}

dsv_dp_goudan *dsv_dp_goudan_get(ds_view *v) {
    dsv_dp_goudan *dp;
    dsv_goudan *g = dsv_goudan_loaded(v);
    if (!g || !g->eval || !g->table) return NULL;
    if (v->dp && v->dp_release == release) return v->dp;
    if (v->dp && v->dp_release) v->dp_release(v);
    dp = calloc(1, sizeof *dp);
    if (!dp) return NULL;
    ds_buf_init(&dp->json);
    ds_buf_init(&dp->scratch);
    dp->generation = v->generation - 1; /* forces the first sync */
    dp->expanded = 1;
    dp->selected = -1;
    dp->play_index = -1;
    v->dp = dp;
    v->dp_release = release;
    dsv_dp_goudan_sync(v, dp);
    return dp;
}

/* Resets the heat map of state s: every cell pending, ordered by distance
 * from the current HPs. */
static void heat_reset(dsv_goudan *g, dsv_dp_goudan *dp, const goudan_state *s) {
    int n = goudan_table_hp_max(g->table), e, t, k = 0, i, j, ce = s->player[0].hp, ct = s->player[1].hp;
    if (n > DSG_HEAT_MAX) n = DSG_HEAT_MAX;
    dp->heat_hp = s->winner >= 0 ? 0 : n;
    dp->heat_done = 0;
    for (e = 1; e <= n; e++)
        for (t = 1; t <= n; t++) {
            dp->heat[e - 1][t - 1] = -1;
            dp->heat_order[k][0] = (unsigned char)e;
            dp->heat_order[k][1] = (unsigned char)t;
            k++;
        }
    /* insertion sort by distance (at most 400 cells, once per state) */
    for (i = 1; i < k; i++) {
        unsigned char c0 = dp->heat_order[i][0], c1 = dp->heat_order[i][1];
        int d = abs(c0 - ce) + abs(c1 - ct);
        for (j = i; j > 0; j--) {
            int dj = abs(dp->heat_order[j - 1][0] - ce) + abs(dp->heat_order[j - 1][1] - ct);
            if (dj <= d) break;
            dp->heat_order[j][0] = dp->heat_order[j - 1][0];
            dp->heat_order[j][1] = dp->heat_order[j - 1][1];
        }
        dp->heat_order[j][0] = c0;
        dp->heat_order[j][1] = c1;
    }
}

static double now_ms(void) { return (double)clock() * 1000.0 / CLOCKS_PER_SEC; }

int dsv_dp_goudan_heat_work(ds_view *v, dsv_dp_goudan *dp, double budget_ms) {
    dsv_goudan *g = dsv_goudan_loaded(v);
    double start = now_ms();
    int total;
    if (!dp || !g || dp->n <= 0) return 0;
    total = dp->heat_hp * dp->heat_hp;
    if (dp->heat_done >= total) return 0;
    while (dp->heat_done < total) {
        const goudan_state *s = &dp->nav[dp->n - 1].st;
        int e = dp->heat_order[dp->heat_done][0], t = dp->heat_order[dp->heat_done][1];
        goudan_turn tu;
        double val;
        ds_error err;
        goudan_state_turn(s, &tu);
        tu.my_hp = s->to_move == 0 ? e : t;
        tu.opp_hp = s->to_move == 0 ? t : e;
        if (goudan_eval_value(g->eval, &tu, &val, &err) == 0)
            dp->heat[e - 1][t - 1] = s->to_move == 0 ? val : 1 - val;
        dp->heat_done++;
        if (now_ms() - start >= budget_ms) break;
    }
    dp->rev++;
    return dp->heat_done < total;
}

/* Explains nav[n-1]. */
static void explain(ds_view *v, dsv_dp_goudan *dp) {
    dsv_goudan *g = dsv_goudan_loaded(v);
    const goudan_state *s = &dp->nav[dp->n - 1].st;
    ds_error err;
    int i;
    dp->rev++;
    dp->ok = 0;
    dp->err[0] = 0;
    dp->start_err[0] = 0;
    dp->play_index = -1;
    dp->selected = -1;
    dp->tree.n = 0;
    dp->dec.n = 0;
    if (!g) { snprintf(dp->err, sizeof dp->err, "no goudan game loaded"); return; }
    dp->mover = s->to_move & 1;
    heat_reset(g, dp, s);
    if (s->winner >= 0) {
        snprintf(dp->err, sizeof dp->err, "game over: %s wins", who_name[s->winner & 1]);
        dp->value = s->winner == dp->mover ? 1 : 0;
        return;
    }
    goudan_state_turn(s, &dp->turn);
    memset(&err, 0, sizeof err);
    if (goudan_turn_check(g->eval, &dp->turn, &err) || goudan_eval_value(g->eval, &dp->turn, &dp->value, &err) ||
        goudan_explain(g->eval, &dp->turn, &dp->dec, &err)) {
        ds_error_format(&err, dp->err, sizeof dp->err);
        return;
    }
    for (i = 0; i < dp->dec.n; i++)
        if (dp->dec.ops[i].kind == GOUDAN_OP_PLAY) dp->play_index = i;
    if (dp->play_index >= 0 && goudan_play_tree(g->eval, &dp->turn, &dp->tree, &err)) {
        ds_error_format(&err, dp->err, sizeof dp->err);
        return;
    }
    dp->ok = 1;
}

/* The step whose state holds the decision shown for timeline step s. The
 * page's caption and "why" panel at step s explain event s-1 (the move that
 * led to the state shown), so when that event is a decision the explorer
 * explains the same one; otherwise the operation about to be made, or
 * (between turns) the first one of the next turn, or (during a play, at the
 * end) the last decision made. */
static long decision_step(const ds_view *v, size_t s) {
    size_t n = v->trace.n, i;
    if (s > 0 && s <= n && ((const goudan_event *)ds_trace_event(&v->trace, s - 1))->has_decision)
        return (long)s - 1;
    if (s < n) {
        const goudan_event *e = ds_trace_event(&v->trace, s);
        if (e->has_decision) return (long)s;
        if (e->kind == GOUDAN_EV_TURN_START && s + 1 < n &&
            ((const goudan_event *)ds_trace_event(&v->trace, s + 1))->has_decision)
            return (long)s + 1;
    }
    for (i = s < n ? s : n; i-- > 0;)
        if (((const goudan_event *)ds_trace_event(&v->trace, i))->has_decision) return (long)i;
    for (i = s; i < n; i++)
        if (((const goudan_event *)ds_trace_event(&v->trace, i))->has_decision) return (long)i;
    return -1;
}

static void build_from_timeline(ds_view *v, dsv_dp_goudan *dp) {
    long d = decision_step(v, v->step);
    dp->generation = v->generation;
    dp->step = v->step;
    dp->custom = 0;
    dp->decision_step = d;
    dp->n = 1;
    if (ds_trace_seek(&v->trace, d >= 0 ? (size_t)d : v->step, &dp->nav[0].st) != 0) {
        dp->n = 0;
        dp->ok = 0;
        dp->rev++;
        snprintf(dp->err, sizeof dp->err, "cannot read the state at step %zu", v->step);
        return;
    }
    snprintf(dp->nav[0].label, sizeof dp->nav[0].label, "step %ld: %s", d >= 0 ? d : (long)v->step,
             dp->nav[0].st.to_move ? "T" : "E");
    explain(v, dp);
}

void dsv_dp_goudan_sync(ds_view *v, dsv_dp_goudan *dp) {
    if (!dp || !dsv_goudan_loaded(v)) return;
    if (dp->generation != v->generation) {
        build_from_timeline(v, dp);
        return;
    }
    if (!dp->custom && dp->step != v->step) {
        long d = decision_step(v, v->step);
        dp->step = v->step;
        if (d != dp->decision_step || dp->n != 1) build_from_timeline(v, dp);
    }
}

void dsv_dp_goudan_follow(ds_view *v, dsv_dp_goudan *dp) {
    if (!dp || !dsv_goudan_loaded(v)) return;
    build_from_timeline(v, dp);
}

void dsv_dp_goudan_expand(ds_view *v, dsv_dp_goudan *dp, int on) {
    (void)v;
    if (!dp) return;
    dp->expanded = on ? 1 : 0;
    dp->rev++;
}

static int find_slot(const goudan_player *p, int hp, int attacked, int any_mark) {
    int i;
    for (i = 0; i < p->count; i++)
        if (p->minion[i].hp == hp && (any_mark || p->minion[i].attacked == attacked)) return i;
    return -1;
}

const char *dsv_dp_goudan_target_code(int target, int mover) {
    static const char *const codes[2][9] = {
        {"-", "E", "T", "E:1", "E:2", "E:1z", "E:2z", "T:1", "T:2"},
        {"-", "T", "E", "T:1", "T:2", "T:1z", "T:2z", "E:1", "E:2"}};
    if (target < 0 || target > 8) return "?";
    return codes[mover & 1][target];
}

int dsv_dp_goudan_enter(ds_view *v, dsv_dp_goudan *dp, int node) {
    goudan_state s;
    goudan_event e;
    int path[4], np = 0, k, me, i;
    char label[48];
    size_t len;
    if (!dp || !dsv_goudan_loaded(v) || !dp->ok || dp->play_index < 0 || node <= 0 || node >= dp->tree.n) return -1;
    if (dp->n >= DSG_NAV_MAX) return -1;
    if (dp->tree.node[node].depth != 3 && dp->tree.node[node].outcome == 0) {
        dp->selected = node; /* an inner chance node: just select it */
        dp->rev++;
        return 0;
    }
    for (k = node; k > 0 && np < 4; k = dp->tree.node[k].parent) path[np++] = k;
    s = dp->nav[dp->n - 1].st;
    me = s.to_move & 1;
    memset(&e, 0, sizeof e);
    e.kind = GOUDAN_EV_PLAY;
    e.player = (int8_t)me;
    e.attacker = e.target = -1;
    goudan_apply(&s, &e, NULL);
    snprintf(label, sizeof label, "PLAY");
    for (i = np - 1; i >= 0; i--) {
        const goudan_tree_node *t = &dp->tree.node[path[i]];
        int side = me, slot = -1;
        switch (t->target) {
        case GOUDAN_T_ME: slot = -1; break;
        case GOUDAN_T_OPP: side = 1 - me; slot = -2; break;
        case GOUDAN_T_MY_U1: slot = find_slot(&s.player[me], 1, 0, 0); break;
        case GOUDAN_T_MY_U2: slot = find_slot(&s.player[me], 2, 0, 0); break;
        case GOUDAN_T_MY_A1: slot = find_slot(&s.player[me], 1, 1, 0); break;
        case GOUDAN_T_MY_A2: slot = find_slot(&s.player[me], 2, 1, 0); break;
        case GOUDAN_T_OPP_1: side = 1 - me; slot = find_slot(&s.player[1 - me], 1, 0, 1); break;
        case GOUDAN_T_OPP_2: side = 1 - me; slot = find_slot(&s.player[1 - me], 2, 0, 1); break;
        default: return -1;
        }
        if (slot == -1 && t->target != GOUDAN_T_ME) return -1; /* no such minion */
        memset(&e, 0, sizeof e);
        e.kind = GOUDAN_EV_HIT;
        e.player = (int8_t)me;
        e.attacker = -1;
        e.target_side = (int8_t)side;
        e.target = (int8_t)slot;
        e.characters = t->characters;
        e.prob = t->prob;
        goudan_apply(&s, &e, NULL);
        len = strlen(label);
        snprintf(label + len, sizeof label - len, " %s", dsv_dp_goudan_target_code(t->target, me));
        if (s.player[side].hp <= 0) {
            memset(&e, 0, sizeof e);
            e.kind = GOUDAN_EV_WIN;
            e.player = (int8_t)(1 - side);
            e.attacker = e.target = -1;
            goudan_apply(&s, &e, NULL);
            break;
        }
    }
    if (s.winner < 0) {
        memset(&e, 0, sizeof e);
        e.kind = GOUDAN_EV_PLACE;
        e.player = (int8_t)me;
        e.attacker = e.target = -1;
        goudan_apply(&s, &e, NULL);
    }
    dp->nav[dp->n].st = s;
    memcpy(dp->nav[dp->n].label, label, sizeof label);
    dp->n++;
    dp->custom = 1;
    explain(v, dp);
    return 0;
}

void dsv_dp_goudan_back(ds_view *v, dsv_dp_goudan *dp, int depth) {
    if (!dp || !dsv_goudan_loaded(v) || depth < 0 || depth >= dp->n) return;
    dp->n = depth + 1;
    if (dp->n == 1 && dp->decision_step >= 0) dp->custom = 0;
    explain(v, dp);
}

int dsv_dp_goudan_start(ds_view *v, dsv_dp_goudan *dp, const char *text, size_t len) {
    dsv_goudan *g = dsv_goudan_loaded(v);
    goudan_input *in = NULL;
    goudan_query q;
    goudan_state s;
    goudan_event e;
    ds_error err;
    if (!dp || !g) return -1;
    memset(&err, 0, sizeof err);
    if (goudan_parse(text, len, &in, &err)) {
        ds_error_format(&err, dp->start_err, sizeof dp->start_err);
        dp->rev++;
        return -1;
    }
    if (goudan_input_count(in) != 1 || goudan_input_o(in) != g->O) {
        snprintf(dp->start_err, sizeof dp->start_err, "expected one query with O = %d", g->O);
        goudan_input_free(in);
        dp->rev++;
        return -1;
    }
    goudan_query_get(in, 0, &q);
    goudan_input_free(in);
    if (q.e_hp > goudan_table_hp_max(g->table) || q.s_hp > goudan_table_hp_max(g->table)) {
        snprintf(dp->start_err, sizeof dp->start_err, "HP above %d: the loaded table only covers HP 1..%d",
                 goudan_table_hp_max(g->table), goudan_table_hp_max(g->table));
        dp->rev++;
        return -1;
    }
    goudan_state_init(&q, g->O, &s);
    memset(&e, 0, sizeof e);
    e.kind = GOUDAN_EV_TURN_START;
    e.player = 0;
    e.drew = (int8_t)(s.player[0].hand < GOUDAN_HAND_MAX);
    e.attacker = e.target = -1;
    goudan_apply(&s, &e, NULL);
    dp->n = 1;
    dp->nav[0].st = s;
    snprintf(dp->nav[0].label, sizeof dp->nav[0].label, "typed: E %d, T %d", q.e_hp, q.s_hp);
    dp->custom = 1;
    dp->decision_step = -1;
    explain(v, dp);
    return dp->ok ? 0 : -1;
}

void dsv_dp_goudan_anim(ds_view *v, dsv_dp_goudan *dp, int cmd) {
    dsv_goudan *g = dsv_goudan_loaded(v);
    ds_error err;
    int i, total;
    uint32_t tuples, states;
    if (!dp || !g) return;
    dp->rev++;
    if (cmd == 2 || (cmd == 1 && !dp->anim)) {
        goudan_solver_free(dp->anim);
        dp->anim = NULL;
        dp->anim_on = dp->anim_done = 0;
        dp->anim_hp = DSG_ANIM_HP;
        if (goudan_solver_init(&dp->anim, g->O, dp->anim_hp, &err)) {
            ds_error_format(&err, dp->err, sizeof dp->err);
            return;
        }
        dp->nlayers = 0;
        for (i = 0; i < DSG_LAYERS_MAX && goudan_solver_layer(dp->anim, i, &total, &tuples, &states) == 0; i++) {
            dp->layer_total[i] = total;
            dp->layer_states[i] = states;
            dp->nlayers = i + 1;
        }
        goudan_solver_info_get(dp->anim, &dp->anim_info);
        dp->anim_on = 1;
        dp->anim_done = goudan_solver_done(dp->anim);
        /* the whole solve in about 12 s at speed 1 */
        dp->anim_units = (double)dp->anim_info.work_total / 12.0;
        if (dp->anim_units < 1) dp->anim_units = 1;
        dp->anim_carry = 0;
    }
    dp->anim_playing = cmd != 0 && dp->anim && !goudan_solver_done(dp->anim);
}

void dsv_dp_goudan_anim_tick(ds_view *v, dsv_dp_goudan *dp, double dt) {
    double units;
    (void)v;
    if (!dp || !dp->anim || !dp->anim_playing || dt <= 0) return;
    if (dt > 0.1) dt = 0.1;
    units = dp->anim_units * dt * (v && v->speed > 0 ? v->speed : 1) + dp->anim_carry;
    if (units < 1) {
        dp->anim_carry = units;
        return;
    }
    dp->anim_carry = 0;
    goudan_solver_step(dp->anim, (uint32_t)(units > 4e9 ? 4e9 : units));
    goudan_solver_info_get(dp->anim, &dp->anim_info);
    dp->anim_done = goudan_solver_done(dp->anim);
    if (dp->anim_done) dp->anim_playing = 0;
    dp->rev++;
}

void dsv_dp_goudan_update(ds_view *v, double dt, double budget_ms) {
    dsv_dp_goudan *dp = dsv_dp_goudan_get(v);
    if (!dp) return;
    dsv_dp_goudan_sync(v, dp);
    dsv_dp_goudan_anim_tick(v, dp, dt);
    dsv_dp_goudan_heat_work(v, dp, budget_ms);
}

int dsv_dp_goudan_animating(const ds_view *v) {
    const dsv_dp_goudan *dp = dsv_dp_goudan_peek(v);
    return dp && (dp->anim_playing || (dp->n > 0 && dp->heat_done < dp->heat_hp * dp->heat_hp));
}

int dsv_dp_goudan_still(ds_view *copy, const ds_view *live) {
    const dsv_dp_goudan *l = dsv_dp_goudan_peek(live);
    dsv_dp_goudan *dp = dsv_dp_goudan_get(copy);
    if (!dp) return dsv_goudan_loaded(copy) ? -1 : 0;
    if (l && copy->step == live->step && l->generation == live->generation && (l->custom || l->step == live->step)) {
        /* the canvas at this step: the same explored state, tree, heat map
         * and solve picture (the solver itself stays the live one's) */
        ds_buf json = dp->json, scratch = dp->scratch;
        goudan_solver_free(dp->anim);
        *dp = *l;
        dp->json = json;
        dp->scratch = scratch;
        dp->anim = NULL;
        dp->anim_playing = 0;
    } else {
        dsv_dp_goudan_sync(copy, dp);
    }
    while (dsv_dp_goudan_heat_work(copy, dp, 1e9)) {
    }
    return 0;
}

void dsv_dp_goudan_op_code(const goudan_op *op, char *out, size_t n) {
    switch (op->kind) {
    case GOUDAN_OP_PLAY: snprintf(out, n, "PLAY"); break;
    case GOUDAN_OP_FACE: snprintf(out, n, "FACE %d", op->attacker_hp); break;
    case GOUDAN_OP_TRADE: snprintf(out, n, "TRADE %dx%d", op->attacker_hp, op->target_hp); break;
    case GOUDAN_OP_SKILL: snprintf(out, n, "SKILL"); break;
    case GOUDAN_OP_END: snprintf(out, n, "END"); break;
    default: snprintf(out, n, "?"); break;
    }
}
