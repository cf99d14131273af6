/* goudan_game.c - goudan input parsing, judge output, generator, and the
 * playout of a whole game as a ds_trace (events + the one apply function). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "goudan_internal.h"

/* ---- input ----------------------------------------------------------------- */

/* The fewest bytes a query takes in the text: "E S", the two boards' counts
 * and the hand sizes, six numbers on four lines ("1 1\n0\n0\n0 0\n"). */
enum { GOUDAN_QUERY_MIN_BYTES = 12 };

/* A query packed in 28 bits: e_hp-1 (5), s_hp-1 (5), s_count (3), s minion
 * HPs - 1 (4 bits, bit i = minion i), e_count (3), e minion bits (4),
 * s_hand (2), e_hand (2). */
struct goudan_input {
    int O;
    size_t n, cap;
    uint32_t *q;
    /* the game interface's cache (goudan_game): the table solved on first
     * use up to the HP a call needed, and its evaluator */
    goudan_table *table;
    goudan_eval *ev;
};

void goudan_input_free(goudan_input *in) {
    if (!in) return;
    goudan_eval_free(in->ev);
    goudan_table_free(in->table);
    free(in->q);
    free(in);
}

int goudan_input_o(const goudan_input *in) { return in->O; }
size_t goudan_input_count(const goudan_input *in) { return in->n; }

void goudan_query_get(const goudan_input *in, size_t i, goudan_query *q) {
    uint32_t x = in->q[i];
    int k;
    memset(q, 0, sizeof *q);
    q->e_hp = (int)(x & 31) + 1; x >>= 5;
    q->s_hp = (int)(x & 31) + 1; x >>= 5;
    q->s_count = (int)(x & 7); x >>= 3;
    for (k = 0; k < 4; k++) if (k < q->s_count) q->s_minion[k] = (int)((x >> k) & 1) + 1;
    x >>= 4;
    q->e_count = (int)(x & 7); x >>= 3;
    for (k = 0; k < 4; k++) if (k < q->e_count) q->e_minion[k] = (int)((x >> k) & 1) + 1;
    x >>= 4;
    q->s_hand = (int)(x & 3); x >>= 2;
    q->e_hand = (int)(x & 3);
}

static uint32_t query_pack(const goudan_query *q) {
    uint32_t x = 0, sb = 0, eb = 0;
    int k;
    for (k = 0; k < q->s_count; k++) sb |= (uint32_t)(q->s_minion[k] - 1) << k;
    for (k = 0; k < q->e_count; k++) eb |= (uint32_t)(q->e_minion[k] - 1) << k;
    x = (uint32_t)q->e_hand;
    x = x << 2 | (uint32_t)q->s_hand;
    x = x << 4 | eb;
    x = x << 3 | (uint32_t)q->e_count;
    x = x << 4 | sb;
    x = x << 3 | (uint32_t)q->s_count;
    x = x << 5 | (uint32_t)(q->s_hp - 1);
    x = x << 5 | (uint32_t)(q->e_hp - 1);
    return x;
}

static int read_int_at(ds_reader *r, int first, long long lo, long long hi, int *out,
                       const char *what, ds_error *err) {
    long long v;
    if (ds_read_int(r, first ? 0 : 1, lo, hi, &v, what, err)) return -1;
    *out = (int)v;
    return 0;
}

static int read_board(ds_reader *r, int *count, int *hp, int who, const char *after,
                      ds_error *err) {
    static const char *const count_what[2] = {"the number of the teacher's minions",
                                              "the number of 小E's minions"};
    static const char *const hp_what[2][4] = {
        {"the HP of the teacher's minion 1", "the HP of the teacher's minion 2",
         "the HP of the teacher's minion 3", "the HP of the teacher's minion 4"},
        {"the HP of 小E's minion 1", "the HP of 小E's minion 2", "the HP of 小E's minion 3",
         "the HP of 小E's minion 4"}};
    int i;
    if (read_int_at(r, 1, 0, 4, count, count_what[who], err)) return -1;
    for (i = 0; i < *count; i++)
        if (read_int_at(r, 0, 1, 2, &hp[i], hp_what[who][i], err)) return -1;
    return ds_read_eol(r, after, err);
}

int goudan_input_move(goudan_input *in, ds_error *err) {
    uint32_t *q;
    if (!in || !in->q) return 0;
    q = (uint32_t *)malloc((in->n ? in->n : 1) * sizeof(uint32_t));
    if (!q) return ds_fail(err, 0, 0, "out of memory for the queries");
    memcpy(q, in->q, in->n * sizeof(uint32_t));
    free(in->q);
    in->q = q;
    in->cap = in->n ? in->n : 1;
    return 0;
}

int goudan_parse(const char *text, size_t len, goudan_input **out, ds_error *err) {
    ds_reader r;
    goudan_input *in;
    int T, O;
    size_t i;
    *out = NULL;
    ds_reader_init(&r, text, len);
    if (read_int_at(&r, 1, 1, GOUDAN_T_MAX, &T, "T (the number of queries)", err)) return -1;
    if (read_int_at(&r, 0, GOUDAN_O_MIN, GOUDAN_O_MAX, &O, "O (operations per turn)", err)) return -1;
    if (ds_read_eol(&r, "T and O", err)) return -1;
    in = (goudan_input *)calloc(1, sizeof *in);
    if (!in) return ds_fail(err, 0, 0, "out of memory for the input");
    in->O = O;
    /* One block for the queries, sized once: T of them, but no more than the
     * text can hold (a query takes at least GOUDAN_QUERY_MIN_BYTES), so a
     * huge T on a short text allocates little. Growing it by doubling left a
     * trail of freed blocks in the page's heap on every load (issue 26). */
    in->cap = len / GOUDAN_QUERY_MIN_BYTES + 1;
    if (in->cap > (size_t)T) in->cap = (size_t)T;
    in->q = (uint32_t *)malloc(in->cap * sizeof(uint32_t));
    if (!in->q) { goudan_input_free(in); return ds_fail(err, 0, 0, "out of memory for the queries"); }
    for (i = 0; i < (size_t)T; i++) {
        goudan_query q;
        memset(&q, 0, sizeof q);
        if (read_int_at(&r, 1, 1, GOUDAN_HP_MAX, &q.e_hp, "E (小E's HP)", err) ||
            read_int_at(&r, 0, 1, GOUDAN_HP_MAX, &q.s_hp, "S (the teacher's HP)", err) ||
            ds_read_eol(&r, "E and S", err) ||
            read_board(&r, &q.s_count, q.s_minion, 0, "the teacher's minions", err) ||
            read_board(&r, &q.e_count, q.e_minion, 1, "小E's minions", err) ||
            read_int_at(&r, 1, 0, GOUDAN_HAND_MAX, &q.s_hand, "the teacher's hand size", err) ||
            read_int_at(&r, 0, 0, GOUDAN_HAND_MAX, &q.e_hand, "小E's hand size", err) ||
            ds_read_eol(&r, "the hand sizes", err)) {
            goudan_input_free(in);
            return -1;
        }
        if (in->n == in->cap) { /* not reached: the bound above holds */
            size_t nc = in->cap * 2;
            uint32_t *nq = (uint32_t *)realloc(in->q, nc * sizeof(uint32_t));
            if (!nq) { goudan_input_free(in); return ds_fail(err, 0, 0, "out of memory for the queries"); }
            in->q = nq;
            in->cap = nc;
        }
        in->q[in->n++] = query_pack(&q);
    }
    {
        /* the reader's own error, said again with T (err may be NULL) */
        ds_error eof;
        if (ds_read_eof(&r, &eof)) {
            ds_fail(err, eof.line, eof.col, "expected end of input after the T = %d queries, found %s",
                    T, eof.args[0]);
            goudan_input_free(in);
            return -1;
        }
    }
    *out = in;
    return 0;
}

/* ---- judge output ---------------------------------------------------------- */

int goudan_put_prob(ds_buf *out, double v) {
    char tmp[16];
    double x, r, f;
    long long n;
    int i;
    if (!(v >= 0.0 && v <= 1.0)) return ds_buf_printf(out, "%.9f", v);
    x = v * 1e9;
    r = floor(x);
    f = x - r;
    /* v*1e9 is within 6e-8 of the exact product: only near-ties need printf */
    if (fabs(f - 0.5) < 1e-6) return ds_buf_printf(out, "%.9f", v);
    n = (long long)r + (f > 0.5 ? 1 : 0);
    tmp[0] = (char)('0' + n / 1000000000LL);
    tmp[1] = '.';
    n %= 1000000000LL;
    for (i = 10; i >= 2; i--) { tmp[i] = (char)('0' + n % 10); n /= 10; }
    return ds_buf_put(out, tmp, 11);
}

int goudan_format(const goudan_input *in, const goudan_table *t, ds_buf *out) {
    size_t i;
    goudan_query q;
    if (t->O != in->O) return -1;
    if (ds_buf_reserve(out, in->n * 12)) return -1;
    for (i = 0; i < in->n; i++) {
        goudan_query_get(in, i, &q);
        if (q.e_hp > t->H || q.s_hp > t->H) return -1;
        goudan_put_prob(out, goudan_query_value(t, &q));
        ds_buf_putc(out, '\n');
    }
    return out->failed ? -1 : 0;
}

/* ---- generator ------------------------------------------------------------- */

int goudan_generate_o(uint64_t seed) { return GOUDAN_O_MIN + (int)(seed % 3); }

static void put_query(ds_buf *o, const goudan_query *q) {
    int k;
    ds_buf_int(o, q->e_hp);
    ds_buf_putc(o, ' ');
    ds_buf_int(o, q->s_hp);
    ds_buf_putc(o, '\n');
    ds_buf_int(o, q->s_count);
    for (k = 0; k < q->s_count; k++) { ds_buf_putc(o, ' '); ds_buf_int(o, q->s_minion[k]); }
    ds_buf_putc(o, '\n');
    ds_buf_int(o, q->e_count);
    for (k = 0; k < q->e_count; k++) { ds_buf_putc(o, ' '); ds_buf_int(o, q->e_minion[k]); }
    ds_buf_putc(o, '\n');
    ds_buf_int(o, q->s_hand);
    ds_buf_putc(o, ' ');
    ds_buf_int(o, q->e_hand);
    ds_buf_putc(o, '\n');
}

int goudan_generate(uint64_t seed, int max, ds_buf *out) {
    ds_rng rng;
    int T, i, k, O = goudan_generate_o(seed);
    ds_rng_seed(&rng, seed);
    if (max > GOUDAN_T_MAX) return -1;
    T = max > 0 ? max : 1 + (int)ds_rng_below(&rng, 8);
    ds_buf_int(out, T);
    ds_buf_putc(out, ' ');
    ds_buf_int(out, O);
    ds_buf_putc(out, '\n');
    for (i = 0; i < T; i++) {
        goudan_query q;
        memset(&q, 0, sizeof q);
        q.e_hp = 1 + (int)ds_rng_below(&rng, 20);
        q.s_hp = 1 + (int)ds_rng_below(&rng, 20);
        q.s_count = (int)ds_rng_below(&rng, 5);
        for (k = 0; k < q.s_count; k++) q.s_minion[k] = 1 + (int)ds_rng_below(&rng, 2);
        q.e_count = (int)ds_rng_below(&rng, 5);
        for (k = 0; k < q.e_count; k++) q.e_minion[k] = 1 + (int)ds_rng_below(&rng, 2);
        q.s_hand = (int)ds_rng_below(&rng, 4);
        q.e_hand = (int)ds_rng_below(&rng, 4);
        put_query(out, &q);
    }
    return out->failed ? -1 : 0;
}

int goudan_generate_all(uint64_t seed, ds_buf *out) {
    int O = goudan_generate_o(seed), e, s, sb, eb, sh, eh, k;
    gd_boards B;
    gd_boards_init(&B);
    ds_buf_int(out, 20 * 20 * GD_NP * GD_NP * 16);
    ds_buf_putc(out, ' ');
    ds_buf_int(out, O);
    ds_buf_putc(out, '\n');
    for (e = 1; e <= 20; e++)
        for (s = 1; s <= 20; s++)
            for (sb = 0; sb < GD_NP; sb++)
                for (eb = 0; eb < GD_NP; eb++)
                    for (sh = 0; sh <= 3; sh++)
                        for (eh = 0; eh <= 3; eh++) {
                            goudan_query q;
                            memset(&q, 0, sizeof q);
                            q.e_hp = e;
                            q.s_hp = s;
                            q.s_count = B.pcnt[sb];
                            for (k = 0; k < q.s_count; k++) q.s_minion[k] = k < B.c1[sb] ? 1 : 2;
                            q.e_count = B.pcnt[eb];
                            for (k = 0; k < q.e_count; k++) q.e_minion[k] = k < B.c1[eb] ? 1 : 2;
                            q.s_hand = sh;
                            q.e_hand = eh;
                            put_query(out, &q);
                        }
    return out->failed ? -1 : 0;
}

/* ---- game states and events ------------------------------------------------ */

void goudan_state_init(const goudan_query *q, int O, goudan_state *s) {
    int k;
    memset(s, 0, sizeof *s);
    s->player[0].hp = (int8_t)q->e_hp;
    s->player[0].hand = (int8_t)q->e_hand;
    s->player[0].count = (int8_t)q->e_count;
    for (k = 0; k < q->e_count; k++) s->player[0].minion[k].hp = (int8_t)q->e_minion[k];
    s->player[1].hp = (int8_t)q->s_hp;
    s->player[1].hand = (int8_t)q->s_hand;
    s->player[1].count = (int8_t)q->s_count;
    for (k = 0; k < q->s_count; k++) s->player[1].minion[k].hp = (int8_t)q->s_minion[k];
    s->O = (int8_t)O;
    s->to_move = 0;
    s->winner = -1;
}

static void remove_minion(goudan_player *p, int slot) {
    int i;
    if (slot < 0 || slot >= p->count) return;
    for (i = slot; i + 1 < p->count; i++) p->minion[i] = p->minion[i + 1];
    p->count--;
    memset(&p->minion[p->count], 0, sizeof p->minion[0]);
}

void goudan_apply(void *state, const void *event, const void *ctx) {
    goudan_state *s = (goudan_state *)state;
    const goudan_event *e = (const goudan_event *)event;
    int me = e->player & 1;
    goudan_player *p = &s->player[me], *q = &s->player[1 - me];
    int i;
    (void)ctx;
    switch (e->kind) {
    case GOUDAN_EV_TURN_START:
        s->to_move = (int8_t)me;
        s->ops_left = s->O;
        s->made_op = 0;
        s->turn++;
        for (i = 0; i < p->count; i++) p->minion[i].attacked = 0;
        if (p->hand < GOUDAN_HAND_MAX) p->hand++;
        break;
    case GOUDAN_EV_SKILL:
        p->hp = (int8_t)(p->hp - 2);
        if (p->hand < GOUDAN_HAND_MAX) p->hand++;
        s->ops_left--;
        s->made_op = 1;
        break;
    case GOUDAN_EV_FACE:
        q->hp = (int8_t)(q->hp - 3);
        if (e->attacker >= 0 && e->attacker < p->count) p->minion[e->attacker].attacked = 1;
        s->made_op = 1;
        break;
    case GOUDAN_EV_TRADE:
        remove_minion(p, e->attacker);
        remove_minion(q, e->target);
        s->made_op = 1;
        break;
    case GOUDAN_EV_PLAY:
        s->ops_left--;
        s->made_op = 1;
        s->playing = 1;
        s->hits_done = 0;
        break;
    case GOUDAN_EV_HIT: {
        goudan_player *side = &s->player[e->target_side & 1];
        s->hits_done++;
        if (e->target < 0) side->hp = (int8_t)(side->hp - 1);
        else if (e->target < side->count) {
            side->minion[e->target].hp--;
            if (side->minion[e->target].hp <= 0) remove_minion(side, e->target);
        }
        break;
    }
    case GOUDAN_EV_PLACE:
        if (p->hand > 0) p->hand--;
        if (p->count < GOUDAN_BOARD_MAX) {
            p->minion[p->count].hp = 2;
            p->minion[p->count].attacked = 1;
            p->count++;
        }
        s->playing = 0;
        break;
    case GOUDAN_EV_END_TURN:
        s->to_move = (int8_t)(1 - me);
        s->ops_left = 0;
        s->made_op = 0;
        break;
    case GOUDAN_EV_WIN:
        s->winner = (int8_t)me;
        s->playing = 0;
        break;
    default: break;
    }
}

void goudan_state_turn(const goudan_state *s, goudan_turn *t) {
    const goudan_player *p = &s->player[s->to_move & 1], *q = &s->player[1 - (s->to_move & 1)];
    int i;
    memset(t, 0, sizeof *t);
    t->my_hp = p->hp;
    t->opp_hp = q->hp;
    t->my_hand = p->hand;
    t->opp_hand = q->hand;
    t->ops_left = s->ops_left;
    t->made_op = s->made_op;
    t->my_count = p->count;
    t->opp_count = q->count;
    for (i = 0; i < p->count && i < GOUDAN_BOARD_MAX; i++) t->my[i] = p->minion[i];
    for (i = 0; i < q->count && i < GOUDAN_BOARD_MAX; i++) { t->opp[i] = q->minion[i]; t->opp[i].attacked = 0; }
}

static int emit(ds_trace *tr, goudan_event *e, ds_error *err) { return ds_trace_emit(tr, e, err); }

/* ---- decisions: candidates, labels, forced choices ------------------------- */

static const char side_letter[2] = {'E', 'T'};

/* The hit of mover p's card on character r of state s, numbered as the draw:
 * 0 the mover, 1 the opponent, 2.. the mover's minions by slot, then the
 * opponent's. */
static void hit_event(const goudan_state *s, int p, int r, goudan_event *e) {
    int mc = s->player[p].count, k = s->player[0].count + s->player[1].count;
    memset(e, 0, sizeof *e);
    e->kind = GOUDAN_EV_HIT;
    e->player = (int8_t)p;
    e->attacker = -1;
    e->characters = (int8_t)(k + 2);
    e->prob = 1.0 / (double)(k + 2);
    e->mover_minions = (int8_t)mc;
    e->rule_chosen = (int8_t)r;
    if (r == 0) { e->target_side = (int8_t)p; e->target = -1; }
    else if (r == 1) { e->target_side = (int8_t)(1 - p); e->target = -2; }
    else if (r - 2 < mc) { e->target_side = (int8_t)p; e->target = (int8_t)(r - 2); }
    else { e->target_side = (int8_t)(1 - p); e->target = (int8_t)(r - 2 - mc); }
}

/* The inverse: which character (r) a hit event struck. */
static int hit_index(const goudan_event *e) {
    if (e->target == -1) return 0;
    if (e->target == -2) return 1;
    return e->target_side == (e->player & 1) ? 2 + e->target : 2 + e->mover_minions + e->target;
}

/* hit:E / hit:T (a player), hit:E1..hit:E4 / hit:T1..hit:T4 (a minion by its
 * 1-based slot); E = 小E's side, T = the teacher's, whoever played the card. */
static void hit_label(const goudan_event *e, int r, char *buf, size_t cap) {
    int p = e->player & 1;
    if (r == 0) snprintf(buf, cap, "hit:%c", side_letter[p]);
    else if (r == 1) snprintf(buf, cap, "hit:%c", side_letter[1 - p]);
    /* (a slot is 1..4: as an unsigned char the label provably fits) */
    else if (r - 2 < e->mover_minions) snprintf(buf, cap, "hit:%c%u", side_letter[p], (unsigned char)(r - 1));
    else snprintf(buf, cap, "hit:%c%u", side_letter[1 - p], (unsigned char)(r - 1 - e->mover_minions));
}

int goudan_event_cands(const goudan_event *e, goudan_cands *c) {
    int i;
    memset(c, 0, sizeof *c);
    c->mover = e->player & 1;
    c->forced = e->forced;
    c->rule_chosen = e->rule_chosen;
    if (e->kind == GOUDAN_EV_HIT) {
        c->chance = 1;
        c->n = e->characters < 0 ? 0 : e->characters > GOUDAN_CHARS_MAX ? GOUDAN_CHARS_MAX : e->characters;
        for (i = 0; i < c->n; i++) {
            hit_label(e, i, c->label[i], sizeof c->label[i]);
            c->value[i] = e->hit_value[i];
            c->p[i] = e->prob;
        }
        c->chosen = hit_index(e);
        return 0;
    }
    if (!e->has_decision) return -1;
    c->n = e->decision.n;
    for (i = 0; i < c->n; i++) {
        goudan_op_label(&e->decision.ops[i], c->label[i], sizeof c->label[i]);
        c->value[i] = e->decision.ops[i].value;
    }
    c->chosen = e->decision.chosen;
    return 0;
}

/* The index of `want` among the n labels, or the shared "not a choice" error
 * listing them all. */
static int find_label(const char (*label)[GOUDAN_LABEL_MAX], int n, const char *want, size_t i,
                      ds_error *err) {
    char legal[GOUDAN_CANDS_MAX * (GOUDAN_LABEL_MAX + 2)];
    size_t len = 0;
    int k;
    for (k = 0; k < n; k++)
        if (strcmp(label[k], want) == 0) return k;
    legal[0] = '\0';
    for (k = 0; k < n; k++)
        len += (size_t)snprintf(legal + len, sizeof legal - len, "%s%s", k ? ", " : "", label[k]);
    ds_choice_not_candidate(err, i, want, legal);
    return -1;
}

/* An event that is no decision must not be forced. */
static int not_forced(const ds_choice *ch, size_t n, const ds_trace *tr, const char *what,
                      ds_error *err) {
    return n && ds_choice_at(ch, n, tr->n) ? ds_choice_not_decision(err, tr->n, what) : 0;
}

/* The mover's win probability after the hit on each character (the hit's
 * candidates), from the state before it. */
static int hit_values(goudan_eval *ev, const goudan_state *live, goudan_event *e, ds_error *err) {
    int r, p = e->player & 1;
    for (r = 0; r < e->characters && r < GOUDAN_CHARS_MAX; r++) {
        goudan_state s = *live;
        goudan_event h;
        hit_event(live, p, r, &h);
        goudan_apply(&s, &h, NULL);
        if (s.player[h.target_side].hp <= 0) e->hit_value[r] = h.target_side == p ? 0.0 : 1.0;
        else {
            goudan_turn t;
            goudan_state_turn(&s, &t);
            if (gd_eval_in_play(ev, &t, 3 - s.hits_done, &e->hit_value[r], err)) return -1;
        }
    }
    return 0;
}

static int emit_win(ds_trace *tr, int loser, const ds_choice *ch, size_t n, ds_error *err) {
    goudan_event e;
    if (not_forced(ch, n, tr, "the end of the game (a win)", err)) return -1;
    memset(&e, 0, sizeof e);
    e.kind = GOUDAN_EV_WIN;
    e.player = (int8_t)(1 - loser);
    e.attacker = e.target = -1;
    return emit(tr, &e, err);
}

int goudan_playout_try(goudan_eval *ev, const goudan_query *q, uint64_t seed, const ds_choice *ch,
                       size_t n, ds_trace *tr, ds_error *err) {
    goudan_state st;
    ds_rng rng;
    int O = goudan_table_o(gd_eval_table(ev));
    const goudan_state *live;
    goudan_event e;
    goudan_state_init(q, O, &st);
    ds_rng_seed(&rng, seed);
    if (ds_trace_init(tr, sizeof(goudan_event), sizeof(goudan_state), 0, goudan_apply, NULL, &st, err))
        return -1;
    tr->max_events = 100000;
    live = (const goudan_state *)tr->live;
    while (live->winner < 0) {
        int p = live->to_move;
        if (not_forced(ch, n, tr, "the start of a turn (a draw)", err)) goto fail;
        memset(&e, 0, sizeof e);
        e.kind = GOUDAN_EV_TURN_START;
        e.player = (int8_t)p;
        e.drew = (int8_t)(live->player[p].hand < GOUDAN_HAND_MAX);
        e.attacker = e.target = -1;
        if (emit(tr, &e, err)) goto fail;
        for (;;) {
            goudan_turn t;
            goudan_explanation d;
            const goudan_op *op;
            const char *want = n ? ds_choice_at(ch, n, tr->n) : NULL;
            int take;
            goudan_state_turn(live, &t);
            if (goudan_explain(ev, &t, &d, err)) goto fail;
            take = d.chosen;
            if (want) {
                char label[GOUDAN_CANDS_MAX][GOUDAN_LABEL_MAX];
                int k;
                for (k = 0; k < d.n; k++) goudan_op_label(&d.ops[k], label[k], sizeof label[k]);
                if ((take = find_label((const char (*)[GOUDAN_LABEL_MAX])label, d.n, want, tr->n, err)) < 0)
                    goto fail;
            }
            op = &d.ops[take];
            memset(&e, 0, sizeof e);
            e.player = (int8_t)p;
            e.attacker = op->attacker;
            e.target = op->target;
            e.has_decision = 1;
            e.rule_chosen = (int8_t)d.chosen;
            e.forced = (int8_t)(take != d.chosen);
            e.decision = d;
            e.decision.chosen = take;
            switch (op->kind) {
            case GOUDAN_OP_SKILL: e.kind = GOUDAN_EV_SKILL; break;
            case GOUDAN_OP_FACE: e.kind = GOUDAN_EV_FACE; break;
            case GOUDAN_OP_TRADE: e.kind = GOUDAN_EV_TRADE; break;
            case GOUDAN_OP_PLAY: e.kind = GOUDAN_EV_PLAY; break;
            default: e.kind = GOUDAN_EV_END_TURN; break;
            }
            if (emit(tr, &e, err)) goto fail;
            if (e.kind == GOUDAN_EV_END_TURN) break;
            if (e.kind == GOUDAN_EV_PLAY) {
                int h;
                for (h = 0; h < 3 && live->winner < 0; h++) {
                    int k = live->player[0].count + live->player[1].count, r;
                    ds_rng next = rng;
                    uint32_t drawn = ds_rng_below(&next, (uint32_t)(k + 2));
                    want = n ? ds_choice_at(ch, n, tr->n) : NULL;
                    hit_event(live, p, (int)drawn, &e);
                    r = (int)drawn;
                    if (want) {
                        goudan_cands c;
                        goudan_event_cands(&e, &c);
                        if ((r = find_label((const char (*)[GOUDAN_LABEL_MAX])c.label, c.n, want, tr->n, err)) < 0)
                            goto fail;
                    }
                    /* a forced target other than the draw consumes no random number */
                    if (r == (int)drawn) rng = next;
                    else {
                        hit_event(live, p, r, &e);
                        e.rule_chosen = (int8_t)drawn;
                        e.forced = 1;
                    }
                    if (hit_values(ev, live, &e, err) || emit(tr, &e, err)) goto fail;
                    if (live->player[e.target_side].hp <= 0 && emit_win(tr, e.target_side, ch, n, err))
                        goto fail;
                }
                if (live->winner >= 0) break;
                if (not_forced(ch, n, tr, "the placing of the played card", err)) goto fail;
                memset(&e, 0, sizeof e);
                e.kind = GOUDAN_EV_PLACE;
                e.player = (int8_t)p;
                e.attacker = e.target = -1;
                if (emit(tr, &e, err)) goto fail;
            } else {
                int loser = live->player[p].hp <= 0 ? p : live->player[1 - p].hp <= 0 ? 1 - p : -1;
                if (loser >= 0) {
                    if (emit_win(tr, loser, ch, n, err)) goto fail;
                    break;
                }
            }
        }
    }
    if (ds_choices_unused(ch, n, tr->n, err)) goto fail;
    return 0;
fail:
    ds_trace_free(tr);
    return -1;
}

int goudan_playout(goudan_eval *ev, const goudan_query *q, uint64_t seed, ds_trace *tr,
                   ds_error *err) {
    return goudan_playout_try(ev, q, seed, NULL, 0, tr, err);
}

int goudan_simulate_try(const goudan_input *in, const goudan_table *t, uint64_t seed,
                        const ds_choice *ch, size_t n, ds_trace *tr, ds_error *err) {
    goudan_eval *ev;
    goudan_query q;
    int rc;
    memset(tr, 0, sizeof *tr);
    if (in->n == 0) return ds_fail(err, 0, 0, "no query to play");
    if (in->O != t->O) return ds_fail(err, 0, 0, "the table was solved for O = %d, the input has O = %d", t->O, in->O);
    goudan_query_get(in, 0, &q);
    if (q.e_hp > t->H || q.s_hp > t->H) return ds_fail(err, 0, 0, "the table does not cover these HPs");
    if (goudan_eval_new(t, &ev, err)) return -1;
    rc = goudan_playout_try(ev, &q, seed, ch, n, tr, err);
    goudan_eval_free(ev);
    return rc;
}

int goudan_simulate(const goudan_input *in, const goudan_table *t, uint64_t seed, ds_trace *tr,
                    ds_error *err) {
    return goudan_simulate_try(in, t, seed, NULL, 0, tr, err);
}

/* ---- JSON ------------------------------------------------------------------ */

static const char *pname(int p) { return p == 0 ? "E" : "teacher"; }

int goudan_state_json(const goudan_input *in, const goudan_state *s, ds_buf *o) {
    int p, i;
    (void)in;
    ds_buf_puts(o, "{\"O\":");
    ds_buf_int(o, s->O);
    ds_buf_puts(o, ",\"turn\":");
    ds_buf_int(o, s->turn);
    ds_buf_puts(o, ",\"to_move\":\"");
    ds_buf_puts(o, pname(s->to_move));
    ds_buf_puts(o, "\",\"ops_left\":");
    ds_buf_int(o, s->ops_left);
    ds_buf_puts(o, ",\"made_op\":");
    ds_buf_puts(o, s->made_op ? "true" : "false");
    ds_buf_puts(o, ",\"playing\":");
    ds_buf_puts(o, s->playing ? "true" : "false");
    ds_buf_puts(o, ",\"hits_done\":");
    ds_buf_int(o, s->hits_done);
    ds_buf_puts(o, ",\"winner\":");
    if (s->winner < 0) ds_buf_puts(o, "null");
    else { ds_buf_putc(o, '"'); ds_buf_puts(o, pname(s->winner)); ds_buf_putc(o, '"'); }
    ds_buf_puts(o, ",\"players\":[");
    for (p = 0; p < 2; p++) {
        const goudan_player *pl = &s->player[p];
        if (p) ds_buf_putc(o, ',');
        ds_buf_puts(o, "{\"name\":\"");
        ds_buf_puts(o, pname(p));
        ds_buf_puts(o, "\",\"hp\":");
        ds_buf_int(o, pl->hp);
        ds_buf_puts(o, ",\"hand\":");
        ds_buf_int(o, pl->hand);
        ds_buf_puts(o, ",\"minions\":[");
        for (i = 0; i < pl->count; i++) {
            if (i) ds_buf_putc(o, ',');
            ds_buf_puts(o, "{\"hp\":");
            ds_buf_int(o, pl->minion[i].hp);
            ds_buf_puts(o, ",\"attacked\":");
            ds_buf_puts(o, pl->minion[i].attacked ? "true" : "false");
            ds_buf_putc(o, '}');
        }
        ds_buf_puts(o, "]}");
    }
    return ds_buf_puts(o, "]}");
}

static void put_num(ds_buf *o, double v) { ds_buf_printf(o, "%.17g", v); }

/* ---- decision records ------------------------------------------------------ */

/* The candidates of explained decision g with the rule's choice rule and the
 * move taken chosen (indices into g->ops). */
static int fill_ops(const goudan_explanation *g, int rule, int chosen, int mover, ds_lang lang,
                    ds_decision *d) {
    ds_buf name;
    int k;
    ds_decision_reset(d, lang);
    d->rule = GD_RULE_MAX_WIN;
    d->measure = DS_MEASURE_WIN_CHANCE;
    d->better = DS_BETTER_HIGHER;
    if (g->n < 1 || g->n > GOUDAN_MAX_OPS || rule < 0 || rule >= g->n || chosen < 0 ||
        chosen >= g->n)
        return -1;
    ds_buf_init(&name);
    for (k = 0; k < g->n; k++) {
        char label[GOUDAN_LABEL_MAX];
        /* the engine's own test: within GOUDAN_TIE_EPS of the best value is a
         * tie, and goudan_explain took the first of those in the fixed order */
        ds_reason why = k == rule ? DS_REASON_RULE_CHOICE
                        : gd_op_tie(g, k) ? DS_REASON_TIE_LATER
                                          : DS_REASON_WORSE_VALUE;
        ds_buf_clear(&name);
        goudan_op_say(&g->ops[k], mover, lang, &name);
        goudan_op_label(&g->ops[k], label, sizeof label);
        ds_decision_add(d, label, name.len ? name.data : label, 1, g->ops[k].value, why);
    }
    k = name.failed;
    ds_buf_free(&name);
    if (k) return -1;
    ds_decision_pick(d, rule, chosen);
    if (mover == 0 || mover == 1) ds_decision_seat(d, mover == 0 ? "E" : "T"); /* 小E / the teacher */
    gd_rule_text(d, mover, 0);
    return 0;
}

int goudan_explain_decision(const goudan_explanation *g, int mover, ds_lang lang, ds_decision *d) {
    return fill_ops(g, g->chosen, g->chosen, mover, lang, d);
}

int goudan_decision(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_decision *d) {
    const goudan_event *e;
    goudan_cands c;
    ds_buf name;
    int k, failed;
    (void)in;
    if (!tr || i >= tr->n) return -1;
    e = (const goudan_event *)ds_trace_event(tr, i);
    if (goudan_event_cands(e, &c)) return 0;
    if (!c.chance) return fill_ops(&e->decision, c.rule_chosen, c.chosen, c.mover, lang, d) ? -1 : 1;
    ds_decision_reset(d, lang);
    d->rule = GD_RULE_CHANCE;
    d->measure = DS_MEASURE_CHANCE;
    d->better = DS_BETTER_NONE;
    ds_buf_init(&name);
    for (k = 0; k < c.n; k++) {
        ds_buf_clear(&name);
        gd_hit_say(e, k, lang, &name);
        ds_decision_add(d, c.label[k], name.len ? name.data : c.label[k], 1, c.p[k], DS_REASON_CHANCE);
    }
    failed = name.failed;
    ds_buf_free(&name);
    if (failed || c.n < 1) return -1;
    /* the rule's choice of a chance node: the outcome the seed draws */
    ds_decision_pick(d, c.rule_chosen, c.chosen);
    gd_rule_text(d, c.mover, 1);
    return 1;
}

typedef struct json_ctx {
    const goudan_event *e;
    const goudan_cands *c;
} json_ctx;

/* the game fields of a trace's decision record (docs/games/goudan.md) */
static void decision_extra(const void *ctx, int k, ds_buf *o) {
    const json_ctx *x = (const json_ctx *)ctx;
    const goudan_cands *c = x->c;
    if (!c->chance) {
        gd_op_extra_json(&x->e->decision, k, c->mover, o);
        return;
    }
    if (k < 0) {
        ds_buf_puts(o, ",\"chosen_index\":");
        ds_buf_int(o, c->chosen);
        return;
    }
    ds_buf_puts(o, ",\"win_chance\":");
    put_num(o, c->value[k]);
    ds_buf_puts(o, ",\"e_value\":");
    put_num(o, c->mover == 0 ? c->value[k] : 1.0 - c->value[k]);
    ds_buf_puts(o, ",\"p\":");
    put_num(o, c->p[k]);
}

static int decision_json(const ds_trace *tr, size_t i, ds_lang lang, ds_buf *o) {
    const goudan_event *e = (const goudan_event *)ds_trace_event(tr, i);
    ds_decision *rec; /* ~10 KB: on the heap (the WebAssembly stack is small) */
    goudan_cands c;
    json_ctx x;
    int rc;
    if (goudan_event_cands(e, &c)) return 0;
    x.e = e;
    x.c = &c;
    rec = (ds_decision *)malloc(sizeof *rec);
    if (!rec || goudan_decision(NULL, tr, i, lang, rec) != 1) {
        free(rec);
        o->failed = 1;
        return -1;
    }
    ds_buf_puts(o, ",\"decision\":");
    rc = ds_decision_json(rec, decision_extra, &x, o);
    free(rec);
    return rc;
}

int goudan_event_json(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                      ds_buf *o) {
    static const char *const kinds[] = {"turn_start", "skill", "face", "trade", "play",
                                        "hit", "place", "end_turn", "win"};
    const goudan_event *e;
    (void)in;
    if (i >= tr->n) return -1;
    e = (const goudan_event *)ds_trace_event(tr, i);
    ds_buf_puts(o, "{\"type\":\"");
    ds_buf_puts(o, e->kind <= GOUDAN_EV_WIN ? kinds[e->kind] : "?");
    ds_buf_puts(o, "\",\"i\":");
    ds_buf_int(o, (long long)i);
    ds_buf_puts(o, ",\"player\":\"");
    ds_buf_puts(o, pname(e->player));
    ds_buf_putc(o, '"');
    switch (e->kind) {
    case GOUDAN_EV_TURN_START:
        ds_buf_puts(o, ",\"drew\":");
        ds_buf_puts(o, e->drew ? "true" : "false");
        break;
    case GOUDAN_EV_FACE:
        ds_buf_puts(o, ",\"attacker\":");
        ds_buf_int(o, e->attacker);
        break;
    case GOUDAN_EV_TRADE:
        ds_buf_puts(o, ",\"attacker\":");
        ds_buf_int(o, e->attacker);
        ds_buf_puts(o, ",\"target\":");
        ds_buf_int(o, e->target);
        break;
    case GOUDAN_EV_HIT:
        ds_buf_puts(o, ",\"target_side\":\"");
        ds_buf_puts(o, pname(e->target_side));
        ds_buf_puts(o, "\",\"target\":");
        if (e->target < 0) ds_buf_puts(o, "\"player\"");
        else ds_buf_int(o, e->target);
        ds_buf_puts(o, ",\"characters\":");
        ds_buf_int(o, e->characters);
        ds_buf_printf(o, ",\"prob\":%.17g", e->prob);
        break;
    default: break;
    }
    if (decision_json(tr, i, lang, o)) return -1;
    return ds_buf_putc(o, '}');
}

int goudan_trace_jsonl(const goudan_input *in, const ds_trace *tr, ds_lang lang, ds_buf *o) {
    size_t i;
    ds_buf_puts(o, "{\"type\":\"header\",\"game\":\"goudan\",\"events\":");
    ds_buf_int(o, (long long)tr->n);
    ds_buf_puts(o, ",\"state\":");
    goudan_state_json(in, (const goudan_state *)(const void *)tr->keys, o);
    ds_buf_puts(o, "}\n");
    for (i = 0; i < tr->n; i++) {
        goudan_event_json(in, tr, i, lang, o);
        ds_buf_putc(o, '\n');
    }
    return o->failed ? -1 : 0;
}

/* ---- the game interface (ds_game.h) ----------------------------------------- */

/* The table of in covering HPs up to hp (solved on first use, solved again
 * larger when a call needs more), with its evaluator. */
static int need_table(goudan_input *in, int hp, ds_error *err) {
    goudan_table *t;
    goudan_eval *ev;
    if (hp < 1) hp = 1;
    if (in->table && in->table->H >= hp) return 0;
    if (goudan_solve(in->O, hp, &t, err)) return -1;
    if (goudan_eval_new(t, &ev, err)) {
        goudan_table_free(t);
        return -1;
    }
    goudan_eval_free(in->ev);
    goudan_table_free(in->table);
    in->table = t;
    in->ev = ev;
    return 0;
}

static int g_parse(const char *text, size_t len, void **g, ds_error *err) {
    goudan_input *in;
    if (goudan_parse(text, len, &in, err)) return -1;
    *g = in;
    return 0;
}

static void g_free(void *g) { goudan_input_free((goudan_input *)g); }

/* query 0 played out with seed and the forced choices; the table is solved
 * only up to that query's HPs (they only go down) */
static int g_simulate(void *g, const ds_choice *ch, size_t n, uint64_t seed, ds_trace *tr,
                      ds_error *err) {
    goudan_input *in = (goudan_input *)g;
    goudan_query q;
    memset(tr, 0, sizeof *tr);
    if (in->n == 0) return ds_fail(err, 0, 0, "no query to play");
    goudan_query_get(in, 0, &q);
    if (need_table(in, q.e_hp > q.s_hp ? q.e_hp : q.s_hp, err)) return -1;
    return goudan_playout_try(in->ev, &q, seed, ch, n, tr, err);
}

static int g_format(void *g, const ds_trace *tr, ds_buf *out) {
    goudan_input *in = (goudan_input *)g;
    goudan_query q;
    size_t i;
    int hp = 1;
    (void)tr;
    for (i = 0; i < in->n; i++) {
        goudan_query_get(in, i, &q);
        if (q.e_hp > hp) hp = q.e_hp;
        if (q.s_hp > hp) hp = q.s_hp;
    }
    if (need_table(in, hp, NULL)) return -1;
    return goudan_format(in, in->table, out);
}

static int g_trace_jsonl(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return goudan_trace_jsonl((const goudan_input *)g, tr, lang, out);
}

static int g_decision(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d) {
    return goudan_decision((const goudan_input *)g, tr, i, lang, d);
}

static int g_narrate(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return goudan_narrate((const goudan_input *)g, tr, i, lang, out);
}

static int g_outcome(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)g;
    return goudan_outcome(tr, lang, out);
}

/* --all: every start state; --max: the problem's largest T; --count T */
static int g_generate(uint64_t seed, const ds_gen *opt, ds_buf *out) {
    if (opt && opt->all) return goudan_generate_all(seed, out);
    return goudan_generate(seed, opt && opt->max ? GOUDAN_T_LARGEST : opt ? opt->count : 0, out);
}

static int g_start(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)g;
    return goudan_start(tr, lang, out);
}

static int g_headline(void *g, const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out) {
    (void)g;
    return goudan_headline(tr, step, lang, out);
}

static int g_changes(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    (void)g;
    return goudan_changes(tr, i, lang, out);
}

const ds_game goudan_game = {"goudan",      g_parse,    g_free,    g_simulate, g_format,
                             g_trace_jsonl, g_decision, g_narrate, g_outcome,  g_generate,
                             g_start,       g_headline, g_changes};
