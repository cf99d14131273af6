/* cirno_gen.c - random valid inputs for Cirno's Arithmetic Game.
 *
 * The deck is built while the game is played: the generator runs the real
 * simulation (cirno_peek / cirno_step, so there is no second copy of the
 * rules) and appends each deck card at the moment somebody is about to draw
 * it, choosing it from the seed's card mix with a few steering rules:
 *   - every round has a target length; once it is reached the round enters
 *     its "ending": one victim (the player about to play) only draws A99
 *     (sometimes A49) until she holds nothing safe and loses; if that takes
 *     too long every draw becomes A99;
 *   - when p is very low, the drawn card is E99 (players maximise p, so it
 *     is soon played), which keeps |p| < 10^4 in practice;
 *   - with --max, every player always holds an "always safe" card (B, D, E
 *     or a counter card, none of which can make p exceed 99) outside the
 *     ending, so a round only ends when the generator ends it: the 100
 *     rounds then use almost all 300000 cards.
 * A game that still breaks a limit (|p| reaching 10^4, more than k cards) is
 * thrown away and regenerated from the next sub-seed. Finally the text is
 * parsed and simulated again through the public API as a self-check. */
#include "cirno.h"

#include <stdlib.h>
#include <string.h>

typedef struct gen {
    ds_rng rng;
    int max;
    uint32_t K;                         /* deck capacity */
    uint32_t margin;                    /* --max: cards kept for the last ending */
    uint32_t w[CIRNO_CARD_KINDS];       /* the card mix */
    uint32_t wsum, wsafe_sum;
    int safe_invariant;                 /* --max: keep an always-safe card in every hand */
    uint32_t turn_target_max;           /* normal: round length targets in [0, this] */
    uint32_t budget;                    /* normal: deck cards after which rounds end at once */
    uint32_t target;                    /* this round: deck_pos (max) or turn (normal) target */
    int ending, victim, all_a99;
    uint32_t ending_since;              /* s->plays when the ending began */
    cirno_input in;
} gen;

static int always_safe(int card) {
    cirno_class c = cirno_card_class(card);
    return c == CIRNO_CLASS_SUB || c == CIRNO_CLASS_DIV || c == CIRNO_CLASS_FIX ||
           c == CIRNO_CLASS_COUNTER;
}

static int pick_weighted(ds_rng *r, const uint32_t *w, uint32_t sum, int safe_only) {
    uint32_t x = ds_rng_below(r, sum ? sum : 1);
    int c;
    for (c = 1; c < CIRNO_CARD_KINDS; c++) {
        if (safe_only && !always_safe(c)) continue;
        if (x < w[c]) return c;
        x -= w[c];
    }
    return CIRNO_B1;
}

static int pick_mix(gen *g) { return pick_weighted(&g->rng, g->w, g->wsum, 0); }

static int pick_safe(gen *g) {
    if (!g->wsafe_sum) return CIRNO_B1;
    return pick_weighted(&g->rng, g->w, g->wsafe_sum, 1);
}

/* The card player pl draws now; rest[0..nrest-1] is what else she will hold. */
static int choose_draw(gen *g, const cirno_state *s, int pl, const uint8_t *rest, int nrest,
                       int for_next_round) {
    int i, has_safe = 0;
    if (!for_next_round) {
        if (g->all_a99) return CIRNO_A99;
        if (g->ending && pl == g->victim)
            return ds_rng_below(&g->rng, 10) ? CIRNO_A99 : CIRNO_A49;
        if (s->p < (g->max ? -300 : -1500)) return CIRNO_E99;
    }
    for (i = 0; i < nrest; i++) has_safe |= always_safe(rest[i]);
    if (g->safe_invariant && !has_safe) return pick_safe(g);
    return pick_mix(g);
}

static void setup_mix(gen *g) {
    int c;
    memset(g->w, 0, sizeof g->w);
    if (g->max) {
        /* long rounds: plenty of subtraction and division, some of the rest */
        static const uint8_t W[CIRNO_CARD_KINDS] = {
            0, /*A*/ 6, 5, 5, 6, 5, 3, 2, /*B*/ 8, 8, 6, /*C2*/ 2, /*D2*/ 6,
            /*E*/ 2, 2, 2, /*PASS TURN DOUBLE*/ 3, 3, 3};
        for (c = 1; c < CIRNO_CARD_KINDS; c++) g->w[c] = W[c];
    } else {
        uint32_t profile = ds_rng_below(&g->rng, 100);
        for (c = 1; c < CIRNO_CARD_KINDS; c++) {
            uint32_t hot = ds_rng_below(&g->rng, 4) == 0 ? 4 : 1; /* a few favourite kinds */
            g->w[c] = ds_rng_below(&g->rng, 8) * hot;
        }
        if (profile < 30) g->w[CIRNO_PASS] = g->w[CIRNO_TURN] = g->w[CIRNO_DOUBLE] = 0; /* basic only */
        else if (profile < 45) g->w[CIRNO_PASS] = g->w[CIRNO_TURN] = 0;                /* no PASS/TURN */
        else if (profile < 60) g->w[CIRNO_DOUBLE] = 0;                                 /* no DOUBLE */
        else { /* every kind, counters guaranteed */
            g->w[CIRNO_PASS] += 1 + ds_rng_below(&g->rng, 6);
            g->w[CIRNO_TURN] += 1 + ds_rng_below(&g->rng, 6);
            g->w[CIRNO_DOUBLE] += 1 + ds_rng_below(&g->rng, 6);
        }
        g->w[CIRNO_A1 + ds_rng_below(&g->rng, 7)] += 3;  /* some addition */
        g->w[CIRNO_B1 + ds_rng_below(&g->rng, 3)] += 1;  /* some subtraction */
        if (ds_rng_below(&g->rng, 2)) g->w[CIRNO_D2] += 2; /* negative p meets D2 */
    }
    g->wsum = g->wsafe_sum = 0;
    for (c = 1; c < CIRNO_CARD_KINDS; c++) {
        g->wsum += g->w[c];
        if (always_safe(c)) g->wsafe_sum += g->w[c];
    }
}

static void random_name(gen *g, char *out) {
    static const char *const NAMES[] = {"Cirno", "Reimu", "Marisa", "Sakuya", "Remilia",
                                        "Flandre", "Youmu", "Yuyuko", "Alice", "Patchouli",
                                        "Sanae", "Koishi", "Satori", "Aya", "Nitori", "JoesSR"};
    size_t len, i;
    if (ds_rng_below(&g->rng, 3)) {
        const char *s = NAMES[ds_rng_below(&g->rng, sizeof NAMES / sizeof *NAMES)];
        len = strlen(s);
        memcpy(out, s, len);
    } else {
        len = 1 + ds_rng_below(&g->rng, CIRNO_MAX_NAME);
        for (i = 0; i < len; i++) {
            uint32_t x = ds_rng_below(&g->rng, 52);
            out[i] = (char)(x < 26 ? 'A' + x : 'a' + (x - 26));
        }
    }
    out[len] = '\0';
}

static uint32_t pick_small(ds_rng *r, uint32_t hi) {
    /* biased to small values: 1..hi */
    uint32_t c = ds_rng_below(r, 100);
    uint32_t lim = c < 50 ? 4 : c < 80 ? 12 : hi;
    if (lim > hi) lim = hi;
    return 1 + ds_rng_below(r, lim);
}

static void start_round(gen *g, const cirno_state *s) {
    g->ending = 0;
    g->all_a99 = 0;
    g->victim = -1;
    if (g->max) {
        uint64_t usable = g->K - g->margin;
        g->target = (uint32_t)(usable * s->round / s->m);
    } else {
        g->target = ds_rng_below(&g->rng, g->turn_target_max + 1);
    }
}

/* Plays one generated game; 0 when it stayed within every limit. */
static int play(gen *g, ds_trace *tr) {
    cirno_input *in = &g->in;
    ds_error err;
    if (cirno_begin(in, tr, &err)) return -1;
    tr->max_events = (size_t)g->K + (size_t)in->m + 1;
    for (;;) {
        const cirno_state *s = (const cirno_state *)tr->live;
        cirno_event ev;
        uint8_t rest[CIRNO_HAND];
        int need, nrest = 0, j;
        if (s->phase == CIRNO_PHASE_GAME_OVER) return 0;
        if (cirno_peek(in, s, &ev)) return -1;
        if (ev.kind == CIRNO_EV_ROUND) {
            if (cirno_step(in, tr, &err)) return -1;
            start_round(g, (const cirno_state *)tr->live);
            continue;
        }
        if (!g->ending) {
            int due = g->max ? s->deck_pos >= g->target
                             : s->turn >= g->target || s->deck_pos >= g->budget;
            if (due) {
                g->ending = 1;
                g->victim = ev.player;
                g->ending_since = s->plays;
                if (!g->max && s->deck_pos >= g->budget) g->all_a99 = 1;
            }
        } else if (s->plays - g->ending_since > 3000) {
            g->all_a99 = 1;
        }
        need = ev.kind == CIRNO_EV_LOSS ? CIRNO_HAND : 1;
        if (ev.kind == CIRNO_EV_PLAY)
            for (j = 0; j < CIRNO_HAND; j++)
                if (j != ev.slot) rest[nrest++] = s->hand[ev.player][j];
        for (j = 0; j < need; j++) {
            int card;
            if (in->k >= g->K) return -1; /* this game needs more than k cards */
            card = choose_draw(g, s, ev.player, rest, nrest, ev.kind == CIRNO_EV_LOSS);
            in->cards[(uint32_t)in->n * CIRNO_HAND + in->k] = (uint8_t)card;
            in->k++;
            if (nrest < CIRNO_HAND) rest[nrest++] = (uint8_t)card;
        }
        if (cirno_step(in, tr, &err)) return -1; /* |p| limit */
    }
}

static int write_text(const cirno_input *in, ds_buf *out) {
    uint32_t i;
    int j;
    ds_buf_int(out, in->n);
    ds_buf_putc(out, ' ');
    ds_buf_int(out, in->m);
    ds_buf_putc(out, ' ');
    ds_buf_int(out, in->k);
    ds_buf_putc(out, '\n');
    for (i = 0; i < (uint32_t)in->n; i++) {
        ds_buf_puts(out, in->names[i]);
        for (j = 0; j < CIRNO_HAND; j++) {
            ds_buf_putc(out, ' ');
            ds_buf_puts(out, cirno_card_name(in->cards[i * CIRNO_HAND + (uint32_t)j]));
        }
        ds_buf_putc(out, '\n');
    }
    for (i = 0; i < in->k; i++) {
        if (i) ds_buf_putc(out, ' ');
        ds_buf_puts(out, cirno_card_name(in->cards[(uint32_t)in->n * CIRNO_HAND + i]));
    }
    ds_buf_putc(out, '\n');
    return out->failed ? -1 : 0;
}

/* One attempt; 1 = done, 0 = try another sub-seed, -1 = out of memory. */
static int attempt(uint64_t seed, int max, uint32_t margin, ds_buf *out) {
    gen g;
    ds_trace tr;
    int i, j, ok;
    uint32_t extra, c;
    memset(&g, 0, sizeof g);
    memset(&tr, 0, sizeof tr);
    ds_rng_seed(&g.rng, seed);
    g.max = max;
    if (max) {
        g.in.n = CIRNO_MAX_PLAYERS;
        g.in.m = CIRNO_MAX_ROUNDS;
        g.K = CIRNO_MAX_DECK;
        g.margin = margin;
        g.safe_invariant = 1;
    } else {
        static const uint32_t TURN_TARGETS[] = {3, 12, 40, 150};
        g.in.n = (int)pick_small(&g.rng, CIRNO_MAX_PLAYERS); /* n = 1 about 1 time in 6 */
        g.in.m = (int)pick_small(&g.rng, CIRNO_MAX_ROUNDS);
        g.turn_target_max = TURN_TARGETS[ds_rng_below(&g.rng, 4)];
        g.budget = 20 + ds_rng_below(&g.rng, 1500);
        /* after the budget every round ends within a few plays */
        g.K = g.budget + 4000 + (uint32_t)g.in.m * 200;
        if (g.K > CIRNO_MAX_DECK) g.K = CIRNO_MAX_DECK;
        g.safe_invariant = ds_rng_below(&g.rng, 4) == 0;
    }
    setup_mix(&g);
    g.in.cap = (uint32_t)g.in.n * CIRNO_HAND + g.K;
    g.in.cards = (uint8_t *)malloc(g.in.cap);
    g.in.col = NULL; /* no source positions: errors here only reject the attempt */
    if (!g.in.cards) return -1;
    for (i = 0; i < g.in.n; i++) {
        random_name(&g, g.in.names[i]);
        for (j = 0; j < CIRNO_HAND; j++)
            g.in.cards[i * CIRNO_HAND + j] =
                (uint8_t)(g.safe_invariant && j == 0 ? pick_safe(&g) : pick_mix(&g));
    }
    ok = play(&g, &tr) == 0;
    ds_trace_free(&tr);
    if (ok) {
        /* a few unused cards at the bottom (up to k = 300000 with --max) */
        extra = max ? g.K - g.in.k : ds_rng_below(&g.rng, 4);
        for (c = 0; c < extra; c++) g.in.cards[(uint32_t)g.in.n * CIRNO_HAND + g.in.k++] = (uint8_t)pick_mix(&g);
        if (write_text(&g.in, out)) ok = -1;
    }
    free(g.in.cards);
    return ok;
}

int cirno_generate(uint64_t seed, int max, ds_buf *out) {
    uint32_t a, margin = 600;
    size_t start = out->len;
    for (a = 0; a < 64; a++) {
        int r = attempt(seed * 0x9e3779b97f4a7c15ULL + a * 0xd1b54a32d192ed03ULL + (uint64_t)max,
                        max, margin, out);
        if (r < 0) return -1;
        if (r == 1) break;
        margin *= 2;
        if (margin > 20000) margin = 20000;
    }
    if (a == 64) return -1;
    { /* self-check through the public API */
        cirno_input *in;
        ds_trace tr;
        ds_error err;
        int bad;
        if (cirno_parse(out->data + start, out->len - start, &in, &err)) return -1;
        memset(&tr, 0, sizeof tr);
        bad = cirno_simulate(in, &tr, &err);
        ds_trace_free(&tr);
        cirno_input_free(in);
        if (bad) return -1;
    }
    return 0;
}
