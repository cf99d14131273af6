/* cirno.c - cards, the strategy, the state transition (cirno_apply) and the
 * simulation loop of Cirno's Arithmetic Game. See cirno.h. */
#include "cirno.h"

#include <stdio.h>
#include <string.h>

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(cirno_state) == 476, "cirno_state must have no padding");
_Static_assert(sizeof(cirno_event) == 24, "cirno_event must stay 24 bytes");
#endif

/* ---- cards ------------------------------------------------------------------ */

/* Every card as p' = mul * p + add + half * floor(p / 2): a table instead of
 * a switch keeps the hot path free of unpredictable branches. */
typedef struct card_info {
    const char *name;
    uint8_t cls;
    int16_t x;            /* the number on the card */
    int8_t mul, half;
    int16_t add;
} card_info;

static const card_info CARDS[CIRNO_CARD_KINDS] = {
    {"?", CIRNO_CLASS_NONE, 0, 1, 0, 0},
    {"A1", CIRNO_CLASS_ADD, 1, 1, 0, 1},     {"A2", CIRNO_CLASS_ADD, 2, 1, 0, 2},
    {"A5", CIRNO_CLASS_ADD, 5, 1, 0, 5},     {"A9", CIRNO_CLASS_ADD, 9, 1, 0, 9},
    {"A19", CIRNO_CLASS_ADD, 19, 1, 0, 19},  {"A49", CIRNO_CLASS_ADD, 49, 1, 0, 49},
    {"A99", CIRNO_CLASS_ADD, 99, 1, 0, 99},
    {"B1", CIRNO_CLASS_SUB, 1, 1, 0, -1},    {"B9", CIRNO_CLASS_SUB, 9, 1, 0, -9},
    {"B19", CIRNO_CLASS_SUB, 19, 1, 0, -19},
    {"C2", CIRNO_CLASS_MUL, 2, 2, 0, 0},
    {"D2", CIRNO_CLASS_DIV, 2, 0, 1, 0},
    {"E0", CIRNO_CLASS_FIX, 0, 0, 0, 0},     {"E49", CIRNO_CLASS_FIX, 49, 0, 0, 49},
    {"E99", CIRNO_CLASS_FIX, 99, 0, 0, 99},
    {"PASS", CIRNO_CLASS_COUNTER, 0, 1, 0, 0}, {"TURN", CIRNO_CLASS_COUNTER, 0, 1, 0, 0},
    {"DOUBLE", CIRNO_CLASS_COUNTER, 0, 1, 0, 0},
};

const char *cirno_card_name(int card) {
    return card > 0 && card < CIRNO_CARD_KINDS ? CARDS[card].name : "?";
}

cirno_class cirno_card_class(int card) {
    return card > 0 && card < CIRNO_CARD_KINDS ? (cirno_class)CARDS[card].cls : CIRNO_CLASS_NONE;
}

int cirno_card_number(int card) {
    return card > 0 && card < CIRNO_CARD_KINDS ? CARDS[card].x : 0;
}

/* Up to 6 bytes packed little-endian into an integer (tokens hold no NUL). */
#define PK2(a, b) ((uint64_t)(a) | (uint64_t)(b) << 8)
#define PK3(a, b, c) (PK2(a, b) | (uint64_t)(c) << 16)
#define PK4(a, b, c, d) (PK3(a, b, c) | (uint64_t)(d) << 24)
#define PK6(a, b, c, d, e, f) (PK4(a, b, c, d) | (uint64_t)(e) << 32 | (uint64_t)(f) << 40)

/* A perfect hash of the 18 packed names: (key * HASH_MUL) >> 59 gives each
 * its own of 32 slots (the multiplier was found by a search), so a lookup
 * is one multiplication and one comparison. */
#define HASH_MUL 0x64c371cfae7fba11ULL

typedef struct name_slot {
    uint64_t key;
    uint8_t card;
} name_slot;

static const name_slot NAME_HASH[32] = {
    /*  0 */ {PK3('E', '9', '9'), CIRNO_E99},
    /*  1 */ {PK2('A', '5'), CIRNO_A5},
    /*  2 */ {0, CIRNO_NO_CARD},
    /*  3 */ {PK2('A', '9'), CIRNO_A9},
    /*  4 */ {0, CIRNO_NO_CARD},
    /*  5 */ {0, CIRNO_NO_CARD},
    /*  6 */ {PK3('E', '4', '9'), CIRNO_E49},
    /*  7 */ {0, CIRNO_NO_CARD},
    /*  8 */ {0, CIRNO_NO_CARD},
    /*  9 */ {0, CIRNO_NO_CARD},
    /* 10 */ {PK3('A', '1', '9'), CIRNO_A19},
    /* 11 */ {PK4('P', 'A', 'S', 'S'), CIRNO_PASS},
    /* 12 */ {PK2('B', '1'), CIRNO_B1},
    /* 13 */ {0, CIRNO_NO_CARD},
    /* 14 */ {PK3('A', '9', '9'), CIRNO_A99},
    /* 15 */ {PK2('B', '9'), CIRNO_B9},
    /* 16 */ {0, CIRNO_NO_CARD},
    /* 17 */ {PK2('C', '2'), CIRNO_C2},
    /* 18 */ {0, CIRNO_NO_CARD},
    /* 19 */ {PK3('A', '4', '9'), CIRNO_A49},
    /* 20 */ {PK6('D', 'O', 'U', 'B', 'L', 'E'), CIRNO_DOUBLE},
    /* 21 */ {0, CIRNO_NO_CARD},
    /* 22 */ {PK4('T', 'U', 'R', 'N'), CIRNO_TURN},
    /* 23 */ {PK3('B', '1', '9'), CIRNO_B19},
    /* 24 */ {PK2('A', '2'), CIRNO_A2},
    /* 25 */ {PK2('E', '0'), CIRNO_E0},
    /* 26 */ {0, CIRNO_NO_CARD},
    /* 27 */ {0, CIRNO_NO_CARD},
    /* 28 */ {0, CIRNO_NO_CARD},
    /* 29 */ {0, CIRNO_NO_CARD},
    /* 30 */ {PK2('D', '2'), CIRNO_D2},
    /* 31 */ {PK2('A', '1'), CIRNO_A1},
};

int cirno_card_from_name(const char *s, size_t len) {
    uint64_t k = 0;
    size_t i;
    const name_slot *slot;
    if (len < 2 || len > 6) return CIRNO_NO_CARD;
    for (i = 0; i < len; i++) k |= (uint64_t)(unsigned char)s[i] << (8 * i);
    slot = &NAME_HASH[(k * HASH_MUL) >> 59];
    /* a packed token is never 0 (no NUL bytes), so empty slots never match */
    return slot->key == k ? slot->card : CIRNO_NO_CARD;
}

int32_t cirno_floor_half(int32_t p) {
    /* C division truncates toward zero (C99); for odd negative p the
     * remainder is -1 and floor is one less. */
    return p / 2 - (p % 2 < 0);
}

int32_t cirno_card_effect(int card, int32_t p) {
    const card_info *c = &CARDS[card > 0 && card < CIRNO_CARD_KINDS ? card : 0];
    return c->mul * p + c->add + c->half * cirno_floor_half(p);
}

static const char *const RULE_NAMES[CIRNO_RULE_COUNT] = {
    "none", "max_p", "max_p_tie", "counter", "double_counter", "double_min_p",
    "double_min_p_tie", "all_lose",
};

static const char *const RULE_TEXTS[CIRNO_RULE_COUNT] = {
    "not a decision",
    "no DOUBLE: the basic card that makes p as large as possible without exceeding 99",
    "no DOUBLE: largest p without exceeding 99; several card kinds give it, the tie goes by "
    "multiplication > addition > subtraction > division > fixed",
    "no DOUBLE: every basic card would make p exceed 99 (or none is held): the first counter "
    "card in the order PASS, TURN, DOUBLE",
    "under DOUBLE: a counter card comes first, in the order PASS, TURN, DOUBLE; it ends the "
    "turn and passes DOUBLE on",
    "under DOUBLE, no counter card: the basic card that makes p as small as possible without "
    "exceeding 99; the second play is then decided without DOUBLE",
    "under DOUBLE, no counter card: smallest p without exceeding 99; several card kinds give "
    "it, the tie goes by division > subtraction > addition > multiplication > fixed",
    "every card would make p exceed 99: the player plays any card (the first slot) and loses",
};

const char *cirno_rule_name(int rule) {
    return rule >= 0 && rule < CIRNO_RULE_COUNT ? RULE_NAMES[rule] : "?";
}

const char *cirno_rule_text(int rule) {
    return rule >= 0 && rule < CIRNO_RULE_COUNT ? RULE_TEXTS[rule] : "?";
}

const char *cirno_cand_name(int status) {
    switch (status) {
    case CIRNO_CAND_SAFE: return "safe";
    case CIRNO_CAND_LOSES: return "loses";
    case CIRNO_CAND_COUNTER: return "counter";
    default: return "empty";
    }
}

/* ---- the strategy --------------------------------------------------------------- */

/* The strategy as a score per card; the highest score wins, the lowest slot
 * among equal scores (equal scores mean the same card kind). A score is
 * tier << 20 | sub:
 *   no DOUBLE:  safe basic 3 (sub: p' then the class priority C A B D E),
 *               counter 2 (PASS > TURN > DOUBLE), losing basic 1, empty 0;
 *   DOUBLE:     counter 3, safe basic 2 (sub: -p' then D B A C E), losing 1.
 * p' of a safe card lies in [-19998, 99] because p > -10^4 before a play,
 * so both subs fit in 19 bits (p' is clamped at -20000 for wilder p). */
enum { TIER_SHIFT = 20, P_OFFSET = 20000 };

/* class priority, larger wins, indexed by cirno_class */
static const uint8_t PRIO_NO_DOUBLE[7] = {0, /*ADD*/ 3, /*SUB*/ 2, /*MUL*/ 4, /*DIV*/ 1, /*FIX*/ 0, 0};
static const uint8_t PRIO_DOUBLE[7] = {0, /*ADD*/ 2, /*SUB*/ 3, /*MUL*/ 1, /*DIV*/ 4, /*FIX*/ 0, 0};

void cirno_choose(const uint8_t hand[CIRNO_HAND], int32_t p, int under_double, cirno_choice *out) {
    const uint8_t *prio = under_double ? PRIO_DOUBLE : PRIO_NO_DOUBLE;
    int32_t key[CIRNO_HAND], half = cirno_floor_half(p);
    int s, best = 0;
    for (s = 0; s < CIRNO_HAND; s++) {
        int card = hand[s] < CIRNO_CARD_KINDS ? hand[s] : 0;
        const card_info *c = &CARDS[card];
        int32_t v = c->mul * p + c->add + c->half * half;
        int counter = c->cls == CIRNO_CLASS_COUNTER, empty = c->cls == CIRNO_CLASS_NONE;
        int loses = !counter && !empty && v > CIRNO_LOSE_ABOVE;
        int safe = !counter && !empty && !loses;
        int32_t kv = v < -P_OFFSET ? -P_OFFSET : v; /* only outside the input's |p| < 10^4 */
        int32_t safe_key = under_double ? (2 << TIER_SHIFT) + (P_OFFSET - kv) * 8 + prio[c->cls]
                                        : (3 << TIER_SHIFT) + (P_OFFSET + kv) * 8 + prio[c->cls];
        int32_t counter_key = ((under_double ? 3 : 2) << TIER_SHIFT) + (CIRNO_DOUBLE - card);
        out->cand_p[s] = v;
        out->status[s] = (uint8_t)(empty ? CIRNO_CAND_EMPTY : counter ? CIRNO_CAND_COUNTER
                                   : loses ? CIRNO_CAND_LOSES : CIRNO_CAND_SAFE);
        key[s] = safe ? safe_key : counter ? counter_key : loses ? 1 << TIER_SHIFT : 0;
    }
    if (key[1] > key[best]) best = 1;
    if (key[2] > key[best]) best = 2;
    out->slot = best;
    out->tie_mask = 0;
    if (out->status[best] == CIRNO_CAND_SAFE) {
        for (s = 0; s < CIRNO_HAND; s++)
            if (out->status[s] == CIRNO_CAND_SAFE && hand[s] != hand[best] &&
                out->cand_p[s] == out->cand_p[best])
                out->tie_mask |= (uint8_t)(1u << s);
        if (under_double) out->rule = out->tie_mask ? CIRNO_RULE_DOUBLE_MIN_P_TIE : CIRNO_RULE_DOUBLE_MIN_P;
        else out->rule = out->tie_mask ? CIRNO_RULE_MAX_P_TIE : CIRNO_RULE_MAX_P;
    } else if (out->status[best] == CIRNO_CAND_COUNTER) {
        out->rule = under_double ? CIRNO_RULE_DOUBLE_COUNTER : CIRNO_RULE_COUNTER;
    } else {
        /* tier 1 or 0: nothing is safe; the first slot holding a card */
        out->rule = CIRNO_RULE_ALL_LOSE;
    }
}

/* ---- state transition ------------------------------------------------------------ */

void cirno_initial_state(const cirno_input *in, cirno_state *s) {
    int i, j;
    memset(s, 0, sizeof *s);
    s->n = (uint8_t)in->n;
    s->m = (uint8_t)in->m;
    s->phase = CIRNO_PHASE_SETUP;
    s->loser = CIRNO_NOBODY;
    for (i = 0; i < in->n; i++)
        for (j = 0; j < CIRNO_HAND; j++) {
            s->hand[i][j] = in->cards[i * CIRNO_HAND + j];
            s->src[i][j] = (uint32_t)(i * CIRNO_HAND + j);
        }
}

/* Who starts the next round: player 1 in round 1, else the last loser. */
static int round_first_player(const cirno_state *s) {
    return s->round == 0 || s->loser == CIRNO_NOBODY ? 0 : s->loser;
}

static int next_seat(const cirno_state *s, int pl) {
    int n = s->n ? s->n : 1;
    if (s->direction) return pl > 0 ? pl - 1 : n - 1;
    return pl + 1 < n ? pl + 1 : 0;
}

/* The top deck card goes into hand slot `slot` of player pl. */
static void draw(cirno_state *s, const cirno_input *in, int pl, int slot) {
    if (s->deck_pos < in->k) {
        uint32_t idx = (uint32_t)in->n * CIRNO_HAND + s->deck_pos;
        s->hand[pl][slot] = in->cards[idx];
        s->src[pl][slot] = idx;
        s->deck_pos++;
    } else { /* cirno_step never lets this happen */
        s->hand[pl][slot] = CIRNO_NO_CARD;
        s->src[pl][slot] = UINT32_MAX;
    }
}

void cirno_apply(void *state, const void *event, const void *ctx) {
    cirno_state *s = (cirno_state *)state;
    const cirno_event *e = (const cirno_event *)event;
    const cirno_input *in = (const cirno_input *)ctx;
    int pl = e->player % CIRNO_MAX_PLAYERS, slot = e->slot % CIRNO_HAND, card, j;
    switch (e->kind) {
    case CIRNO_EV_ROUND:
        s->current = (uint8_t)round_first_player(s);
        s->round++;
        s->p = 0;
        s->direction = 0;
        s->double_left = 0;
        s->turn = 0;
        s->phase = CIRNO_PHASE_PLAYING;
        break;
    case CIRNO_EV_PLAY:
        card = s->hand[pl][slot];
        s->p = cirno_card_effect(card, s->p);
        draw(s, in, pl, slot);
        s->turn++;
        s->plays++;
        if (cirno_card_is_counter(card)) {
            /* The turn ends; TURN flips the direction first, so "the next
             * player" is taken in the new direction. DOUBLE goes to her when
             * this was the first play under DOUBLE (passed on) or the card is
             * DOUBLE; it never stacks. */
            int passes = s->double_left == 2 || card == CIRNO_DOUBLE;
            if (card == CIRNO_TURN) s->direction ^= 1;
            s->current = (uint8_t)next_seat(s, pl);
            s->double_left = passes ? 2 : 0;
        } else if (s->double_left == 2) {
            s->double_left = 1; /* she plays again, now decided without DOUBLE */
            s->current = (uint8_t)pl;
        } else {
            s->double_left = 0;
            s->current = (uint8_t)next_seat(s, pl);
        }
        break;
    case CIRNO_EV_LOSS:
        card = s->hand[pl][slot];
        s->p = cirno_card_effect(card, s->p);
        for (j = 0; j < CIRNO_HAND; j++) draw(s, in, pl, j); /* discard two, draw three */
        s->turn++;
        s->plays++;
        s->loser = (uint8_t)pl;
        s->current = (uint8_t)pl;
        s->double_left = 0; /* DOUBLE ends with the round (sample 2) */
        s->phase = s->round >= s->m ? CIRNO_PHASE_GAME_OVER : CIRNO_PHASE_ROUND_OVER;
        break;
    default:
        break;
    }
}

/* ---- simulation ----------------------------------------------------------------------- */

int cirno_peek(const cirno_input *in, const cirno_state *s, cirno_event *ev) {
    cirno_choice c;
    int pl, s_;
    (void)in;
    memset(ev, 0, sizeof *ev);
    if (s->phase == CIRNO_PHASE_GAME_OVER) return -1;
    if (s->phase != CIRNO_PHASE_PLAYING) {
        ev->kind = CIRNO_EV_ROUND;
        ev->player = (uint8_t)round_first_player(s);
        ev->round = (uint8_t)(s->round + 1);
        return 0;
    }
    pl = s->current;
    cirno_choose(s->hand[pl], s->p, s->double_left == 2, &c);
    ev->player = (uint8_t)pl;
    ev->slot = (uint8_t)c.slot;
    ev->card = s->hand[pl][c.slot];
    ev->rule = (uint8_t)c.rule;
    ev->double_left = s->double_left;
    ev->tie_mask = c.tie_mask;
    ev->round = (uint8_t)s->round;
    ev->p_before = (int16_t)s->p;
    ev->p_after = (int16_t)c.cand_p[c.slot];
    for (s_ = 0; s_ < CIRNO_HAND; s_++) {
        ev->hand[s_] = s->hand[pl][s_];
        ev->cand_p[s_] = (int16_t)c.cand_p[s_];
    }
    ev->kind = c.cand_p[c.slot] > CIRNO_LOSE_ABOVE ? CIRNO_EV_LOSS : CIRNO_EV_PLAY;
    return 0;
}

int cirno_begin(const cirno_input *in, ds_trace *tr, ds_error *err) {
    cirno_state s;
    cirno_initial_state(in, &s);
    /* a keyframe every 256 events: 0.56 MB for the largest game instead of
     * 2.2 MB, and a seek re-applies at most 255 events (microseconds) */
    if (ds_trace_init(tr, sizeof(cirno_event), sizeof(cirno_state), CIRNO_KEY_INTERVAL,
                      cirno_apply, in, &s, err))
        return -1;
    tr->max_events = (size_t)in->k + (size_t)in->m + 1;
    return 0;
}

int cirno_event_candidates(const cirno_event *e, int slots[CIRNO_HAND]) {
    int n = 0, s, t;
    if (e->kind == CIRNO_EV_ROUND) return 0;
    for (s = 0; s < CIRNO_HAND; s++) {
        if (e->hand[s] == CIRNO_NO_CARD || e->hand[s] >= CIRNO_CARD_KINDS) continue;
        for (t = 0; t < s && e->hand[t] != e->hand[s]; t++) {}
        if (t == s) slots[n++] = s;
    }
    return n;
}

/* Takes the card named `label` instead of the rule's in ev (a decision at
 * event index i). 1 when it differs from the rule's choice, 0 when it is the
 * rule's own (ev unchanged), -1 when it is not a choice there. */
static int force(cirno_event *ev, size_t i, const char *label, ds_error *err) {
    int slots[CIRNO_HAND], nc, c, card;
    if (ev->kind == CIRNO_EV_ROUND) {
        char what[40];
        snprintf(what, sizeof what, "the start of round %d", (int)ev->round);
        return ds_choice_not_decision(err, i, what);
    }
    nc = cirno_event_candidates(ev, slots);
    card = cirno_card_from_name(label, strlen(label));
    for (c = 0; c < nc && ev->hand[slots[c]] != card; c++) {}
    if (c == nc) {
        char legal[3 * 8];
        size_t len = 0;
        for (c = 0; c < nc; c++)
            len += (size_t)snprintf(legal + len, sizeof legal - len, "%s%s", c ? ", " : "",
                                    cirno_card_name(ev->hand[slots[c]]));
        return ds_choice_not_candidate(err, i, label, legal);
    }
    if (slots[c] == ev->slot) return 0;
    ev->tie_mask = (uint8_t)((ev->tie_mask & CIRNO_TIE_SLOTS) | CIRNO_FORCED |
                             ev->slot << CIRNO_RULE_SLOT_SHIFT);
    ev->slot = (uint8_t)slots[c];
    ev->card = (uint8_t)card;
    ev->p_after = ev->cand_p[slots[c]];
    ev->kind = ev->p_after > CIRNO_LOSE_ABOVE ? CIRNO_EV_LOSS : CIRNO_EV_PLAY;
    return 1;
}

/* Decides (or takes the card `label`, NULL for the rule's) and emits the
 * next event. varied: the line already departed from the main line, so the
 * input's guarantees (enough deck, |p| < 10^4) no longer hold and are not
 * errors (cirno_simulate_try). Returns 1 when this event departs (its card
 * is not the rule's), 0, or -1 on an error. */
static inline int step(const cirno_input *in, ds_trace *tr, const char *label, int varied,
                       ds_error *err) {
    const cirno_state *s = (const cirno_state *)tr->live;
    cirno_event ev;
    int departs = 0;
    if (cirno_peek(in, s, &ev)) return ds_fail(err, 0, 0, "the game is over");
    if (label) {
        departs = force(&ev, tr->n, label, err);
        if (departs < 0) return -1;
        varied |= departs;
    }
    if (ev.kind != CIRNO_EV_ROUND) {
        int pl = ev.player, j, need = ev.kind == CIRNO_EV_LOSS ? CIRNO_HAND : 1;
        uint32_t base = (uint32_t)in->n * CIRNO_HAND + s->deck_pos;
        if (varied) {
            /* a variation draws what is left (the loop stops at an empty deck) */
            for (j = 0; j < need; j++)
                ev.drawn[j] = s->deck_pos + (uint32_t)j < in->k ? in->cards[base + (uint32_t)j]
                                                                : CIRNO_NO_CARD;
            return ds_trace_emit(tr, &ev, err) ? -1 : departs;
        }
        /* the judge's data keep |p| < 10^4, which also keeps every value in
         * the event's 16-bit fields: p before a play is in (-10^4, 99] */
        int32_t v = cirno_card_effect(ev.card, s->p);
        if (v <= -CIRNO_P_LIMIT || v >= CIRNO_P_LIMIT) {
            int line, col;
            cirno_card_pos(in, s->src[pl][ev.slot], &line, &col);
            return ds_fail(err, line, col,
                           "round %d: %s plays this %s at p=%d, which makes p=%d; the input "
                           "must keep |p| < 10000",
                           (int)s->round, in->names[pl], cirno_card_name(ev.card), (int)s->p,
                           (int)v);
        }
        if ((uint64_t)s->deck_pos + (uint64_t)need > in->k)
            return ds_fail(err, in->deck_end_line, in->deck_end_col,
                           "the deck ran out in round %d: %s must draw %d card%s after %s "
                           "but only %u of the %u deck cards are left",
                           (int)s->round, in->names[pl], need, need > 1 ? "s" : "",
                           ev.kind == CIRNO_EV_LOSS ? "losing" : "playing",
                           (unsigned)(in->k - s->deck_pos), (unsigned)in->k);
        for (j = 0; j < need; j++) ev.drawn[j] = in->cards[base + (uint32_t)j];
    }
    return ds_trace_emit(tr, &ev, err) ? -1 : departs;
}

int cirno_step(const cirno_input *in, ds_trace *tr, ds_error *err) {
    return step(in, tr, NULL, 0, err) < 0 ? -1 : 0;
}

int cirno_simulate_try(const cirno_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                       ds_error *err) {
    int varied = 0, r;
    if (cirno_begin(in, tr, err)) return -1; /* ds_trace_init freed it */
    if (n == 0) { /* the main line: the judge's loop, nothing else */
        while (((const cirno_state *)tr->live)->phase != CIRNO_PHASE_GAME_OVER)
            if (step(in, tr, NULL, 0, err) < 0) goto fail;
        return 0;
    }
    for (;;) {
        const cirno_state *s = (const cirno_state *)tr->live;
        if (s->phase == CIRNO_PHASE_GAME_OVER) break;
        /* a variation that cannot go on: every play draws, and p beyond
         * -10^4 would leave the event's 16-bit fields with the next card */
        if (varied && (s->deck_pos >= in->k ||
                       (s->phase == CIRNO_PHASE_PLAYING && s->p <= -CIRNO_P_LIMIT)))
            break;
        if ((r = step(in, tr, ds_choice_at(ch, n, tr->n), varied, err)) < 0) goto fail;
        varied |= r;
    }
    if (ds_choices_unused(ch, n, tr->n, err) == 0) return 0;
fail: /* the trace is freed on failure, as in every game (ds_core.h) */
    ds_trace_free(tr);
    return -1;
}

int cirno_simulate(const cirno_input *in, ds_trace *tr, ds_error *err) {
    return cirno_simulate_try(in, NULL, 0, tr, err);
}

/* ---- the decision record (cirno.h, docs/games/cirno.md) ------------------------------ */

/* How candidate `card` (status st, p v) stands against the rule's choice
 * (card rc, p rv) under the rule that decided. */
static ds_reason cand_reason(int rule, int card, int st, int32_t v, int rc, int32_t rv) {
    if (card == rc) return DS_REASON_RULE_CHOICE;
    if (st == CIRNO_CAND_LOSES) return DS_REASON_LOSES;
    switch (rule) {
    case CIRNO_RULE_MAX_P:
    case CIRNO_RULE_MAX_P_TIE:
    case CIRNO_RULE_DOUBLE_MIN_P:
    case CIRNO_RULE_DOUBLE_MIN_P_TIE:
        /* the rule compares safe basic cards by p; a counter card is played
         * (case 1) only when no basic card is safe, and (case 2) there is none */
        if (st == CIRNO_CAND_COUNTER) return DS_REASON_NOT_ALLOWED;
        return v == rv ? DS_REASON_TIE_LATER : DS_REASON_WORSE_VALUE;
    case CIRNO_RULE_COUNTER:
    case CIRNO_RULE_DOUBLE_COUNTER:
        /* counter cards go by PASS > TURN > DOUBLE; under DOUBLE a safe basic
         * card waits until no counter card is held */
        return st == CIRNO_CAND_COUNTER ? DS_REASON_TIE_LATER : DS_REASON_NOT_ALLOWED;
    default: /* all_lose: every card loses */
        return DS_REASON_LOSES;
    }
}

int cirno_event_decision(const cirno_event *e, ds_lang lang, ds_decision *d) {
    int slots[CIRNO_HAND], nc, c, rs, rule_k = 0, chosen_k = 0;
    char name[DS_NAME_CAP];
    ds_decision_reset(d, lang);
    if (e->kind == CIRNO_EV_ROUND || (nc = cirno_event_candidates(e, slots)) == 0) return 0;
    rs = cirno_event_rule_slot(e);
    d->rule = cirno_rule_name(e->rule);
    d->measure = DS_MEASURE_P;
    /* case 1 maximises p; case 2 (the first play under DOUBLE) takes a counter
     * card first, else minimises p */
    d->better = e->double_left == 2 ? DS_BETTER_LOWER : DS_BETTER_HIGHER;
    for (c = 0; c < nc; c++) {
        int card = e->hand[slots[c]], st = cirno_cand_status(card, e->cand_p[slots[c]]);
        int32_t v = e->cand_p[slots[c]];
        cirno_move_name(card, lang, name, sizeof name);
        ds_decision_add(d, cirno_card_name(card), name, st != CIRNO_CAND_COUNTER, v,
                        cand_reason(e->rule, card, st, v, e->hand[rs], e->cand_p[rs]));
        if (card == e->hand[rs]) rule_k = c;
        if (card == e->card) chosen_k = c;
    }
    ds_decision_pick(d, rule_k, chosen_k);
    {
        /* the seat: the player's 1-based number, as play mode names it */
        char seat[DS_SEAT_CAP];
        snprintf(seat, sizeof seat, "%d", e->player + 1);
        ds_decision_seat(d, seat);
    }
    cirno_rule_sentence(e, lang, d->text, sizeof d->text);
    return 1;
}

int cirno_decision(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                   ds_decision *d) {
    (void)in;
    if (i >= tr->n) {
        ds_decision_reset(d, lang);
        return -1;
    }
    return cirno_event_decision((const cirno_event *)ds_trace_event(tr, i), lang, d);
}
