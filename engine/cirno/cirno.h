/* cirno.h - Cirno's Arithmetic Game ("⑨ cards", Luogu P7506), simulated
 * exactly as the judge expects.
 *
 * RULES AS IMPLEMENTED (docs/games/cirno.md has the details and evidence)
 *   n players (1..30) sit in a circle, m rounds (1..100), a deck of k cards
 *   (1..300000). Each round starts with p = 0, clockwise order (1,2,..,n),
 *   no DOUBLE pending; round 1 starts with player 1, later rounds with the
 *   previous round's loser. The current player plays one card chosen by the
 *   strategy (cirno_choose). Basic cards change p (A+x, B-x, C*2, D floor /2,
 *   E=x); counter cards (PASS, TURN, DOUBLE) keep p. If p > 99 afterwards the
 *   player loses the round: she discards her other two cards and draws three;
 *   otherwise she draws one card into the slot she played from. Then:
 *     basic card, player under DOUBLE (first of her two plays): she plays
 *       again (her second play is decided as if not under DOUBLE);
 *     basic card otherwise: the next player in the current direction;
 *     TURN: the direction flips first; every counter card ends the turn and
 *       the next player (in the new direction) plays next;
 *     a counter card as the FIRST play under DOUBLE passes DOUBLE on to that
 *       next player; a DOUBLE card played otherwise gives DOUBLE to her too.
 *   DOUBLE never stacks and disappears at the end of a round.
 *
 * API
 *   cirno_input *in;  ds_error err;  ds_trace tr;  ds_buf out;
 *   if (cirno_parse(text, len, &in, &err)) ...     // err.line, err.col, err.msg
 *   if (cirno_simulate(in, &tr, &err)) ...         // plays the whole game
 *   cirno_format(in, &tr, &out, NULL);             // the judge output
 *   cirno_trace_jsonl(in, &tr, DS_LANG_EN, &out);  // header + 1 line per event
 *   cirno_decision(in, &tr, i, lang, &d);          // event i's decision record
 *   cirno_narrate(in, &tr, i, lang, &out);         // one sentence about event i
 *   ds_trace_free(&tr); cirno_input_free(in);
 *
 *   Variations (docs/variations.md): cirno_simulate_try(in, ch, n, &tr, &err)
 *   takes forced choices "I:CARD" (ds_choice); cirno_simulate is n = 0.
 *   cirno_outcome() says how a line ended (the CLI's --compare).
 *
 *   ds_trace_free() is needed after cirno_simulate() whether it succeeded or
 *   not: on a simulation error (the deck ran out, |p| reached 10^4) the trace
 *   keeps every event up to the failure, so a viewer can show how it came.
 *   Step by step (a viewer, a generator): cirno_begin() then cirno_step()
 *   until the state's phase is CIRNO_PHASE_GAME_OVER.
 *   Every state change goes through cirno_apply(); the simulation only
 *   decides (cirno_choose) and emits events.
 *
 * DATA LAYOUT
 *   cirno_input (owned heap memory, read-only after parsing): names, n, m, k
 *     and cards[0 .. 3n+k-1]: the initial hands first (player i's slot j at
 *     3i+j), then the deck from top to bottom (deck card d at 3n+d), plus the
 *     source position of every card token (for error messages).
 *   cirno_state (476 bytes, no pointers, no padding, memcmp-comparable):
 *     hands hand[i][0..2] (slot order; a drawn card replaces the card played),
 *     src[i][j] = index into in->cards of that card, p, direction, current
 *     player, double_left (2: the current player is under DOUBLE and has not
 *     played yet; 1: she played her first card under DOUBLE and plays once
 *     more; 0: no DOUBLE), round, phase, deck_pos (cards drawn so far; the
 *     deck is cards[3n+deck_pos .. 3n+k-1]), loser of the last round.
 *   cirno_event (24 bytes): kind (round / play / loss), the player, the slot
 *     and card played, p before and after, the card(s) drawn, and the
 *     decision record inline: the hand as seen, the p every card would give
 *     (whether it loses follows: cirno_cand_status), the rule code that
 *     picked the card, and the slots that lost a tie-break. The deck
 *     position of a draw is the state's deck_pos before the event.
 *   At most k + m events (every play draws at least one card).
 */
#ifndef DS_CIRNO_H
#define DS_CIRNO_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"
#include "ds_decision.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CIRNO_MAX_PLAYERS = 30,
    CIRNO_MAX_ROUNDS = 100,
    CIRNO_MAX_DECK = 300000,
    CIRNO_MAX_NAME = 20,
    CIRNO_HAND = 3,
    CIRNO_LOSE_ABOVE = 99,  /* p > 99 after a play: that player loses */
    CIRNO_P_LIMIT = 10000,  /* the input guarantees |p| < 10^4 at all times */
    CIRNO_NOBODY = 0xff,
    CIRNO_KEY_INTERVAL = 256 /* trace keyframe spacing */
};

/* Card kinds. CIRNO_NO_CARD marks an empty slot (never in a valid game). */
typedef enum cirno_card {
    CIRNO_NO_CARD = 0,
    CIRNO_A1, CIRNO_A2, CIRNO_A5, CIRNO_A9, CIRNO_A19, CIRNO_A49, CIRNO_A99,
    CIRNO_B1, CIRNO_B9, CIRNO_B19,
    CIRNO_C2,
    CIRNO_D2,
    CIRNO_E0, CIRNO_E49, CIRNO_E99,
    CIRNO_PASS, CIRNO_TURN, CIRNO_DOUBLE,
    CIRNO_CARD_KINDS /* 19, including CIRNO_NO_CARD */
} cirno_card;

/* Card classes: the five basic classes and the counter cards. */
typedef enum cirno_class {
    CIRNO_CLASS_NONE = 0,
    CIRNO_CLASS_ADD,     /* A: p + x */
    CIRNO_CLASS_SUB,     /* B: p - x */
    CIRNO_CLASS_MUL,     /* C: p * 2 */
    CIRNO_CLASS_DIV,     /* D: floor(p / 2) */
    CIRNO_CLASS_FIX,     /* E: p = x */
    CIRNO_CLASS_COUNTER  /* PASS, TURN, DOUBLE: p unchanged */
} cirno_class;

typedef enum cirno_event_kind {
    CIRNO_EV_ROUND = 1, /* a round starts: p = 0, clockwise, no DOUBLE */
    CIRNO_EV_PLAY = 2,  /* a card played without losing, one card drawn */
    CIRNO_EV_LOSS = 3   /* a card played that made p > 99: the round ends */
} cirno_event_kind;

typedef enum cirno_phase {
    CIRNO_PHASE_SETUP = 0,      /* before round 1 */
    CIRNO_PHASE_PLAYING = 1,    /* inside a round */
    CIRNO_PHASE_ROUND_OVER = 2, /* a round ended, more to come */
    CIRNO_PHASE_GAME_OVER = 3   /* the m-th round ended */
} cirno_phase;

/* The rule of the strategy that picked a card (the decision record). */
typedef enum cirno_rule {
    CIRNO_RULE_NONE = 0,          /* not a decision (round events) */
    CIRNO_RULE_MAX_P = 1,         /* case 1: the basic card giving the largest p <= 99 */
    CIRNO_RULE_MAX_P_TIE = 2,     /* same, several kinds tie: C > A > B > D > E */
    CIRNO_RULE_COUNTER = 3,       /* case 1: no basic card is safe: PASS, else TURN, else DOUBLE */
    CIRNO_RULE_DOUBLE_COUNTER = 4,/* case 2 (under DOUBLE): counter card first: PASS, TURN, DOUBLE */
    CIRNO_RULE_DOUBLE_MIN_P = 5,  /* case 2, no counter card: the basic card giving the smallest p <= 99 */
    CIRNO_RULE_DOUBLE_MIN_P_TIE = 6, /* same, several kinds tie: D > B > A > C > E */
    CIRNO_RULE_ALL_LOSE = 7,      /* every card loses: the card in the first slot */
    CIRNO_RULE_COUNT
} cirno_rule;

/* Status of one hand card in a decision record. */
typedef enum cirno_cand {
    CIRNO_CAND_EMPTY = 0,   /* no card in the slot (never in a valid game) */
    CIRNO_CAND_SAFE = 1,    /* basic card, p stays <= 99 */
    CIRNO_CAND_LOSES = 2,   /* basic card, p would exceed 99 */
    CIRNO_CAND_COUNTER = 3  /* counter card, p unchanged */
} cirno_cand;

/* The parsed input. Read-only after cirno_parse(); free with cirno_input_free(). */
typedef struct cirno_input {
    int n, m;                  /* players, rounds */
    uint32_t k;                /* deck size */
    char names[CIRNO_MAX_PLAYERS][CIRNO_MAX_NAME + 1]; /* NUL-terminated */
    uint8_t *cards;            /* 3n + k cirno_card codes: hands, then deck (top first) */
    uint32_t *col;             /* source column of every card token (same indexing) */
    int player_line[CIRNO_MAX_PLAYERS]; /* source line of each player's line */
    int deck_line;             /* source line of the deck */
    int deck_end_line, deck_end_col; /* just after the last deck card */
    uint32_t cap;              /* allocated entries of cards/col */
} cirno_input;

/* The state at one step (memcpy-able; fields in decreasing size, no padding). */
typedef struct cirno_state {
    int32_t p;                 /* the register of the current round */
    uint32_t deck_pos;         /* deck cards drawn so far */
    uint32_t turn;             /* cards played in the current round */
    uint32_t plays;            /* cards played in the whole game */
    uint32_t src[CIRNO_MAX_PLAYERS][CIRNO_HAND]; /* in->cards index of each hand card */
    uint16_t round;            /* 1-based current round; 0 before round 1 */
    uint8_t n, m;              /* players, rounds (copied from the input) */
    uint8_t phase;             /* cirno_phase */
    uint8_t current;           /* the player to play next (0-based) */
    uint8_t direction;         /* 0 clockwise (i -> i+1), 1 counterclockwise */
    uint8_t double_left;       /* plays the current player still owes under DOUBLE: 0, 1, 2 */
    uint8_t loser;             /* loser of the last finished round, CIRNO_NOBODY before */
    uint8_t hand[CIRNO_MAX_PLAYERS][CIRNO_HAND]; /* cirno_card codes */
    uint8_t reserved;          /* always 0 */
} cirno_state;

/* One event with its decision record (24 bytes, no padding). */
typedef struct cirno_event {
    uint8_t kind;              /* cirno_event_kind */
    uint8_t player;            /* round: the initial player; play/loss: who played */
    uint8_t slot;              /* hand slot of the card played (0..2) */
    uint8_t card;              /* the card played (cirno_card) */
    uint8_t rule;              /* cirno_rule that picked it */
    uint8_t double_left;       /* the player's double_left when she played (0, 1, 2) */
    uint8_t tie_mask;          /* bit s (0..2): slot s gave the same p with another kind and
                                  lost the tie-break; CIRNO_FORCED and the rule's own slot
                                  above them (variations: cirno_event_forced) */
    uint8_t round;             /* 1-based (m <= 100) */
    uint8_t hand[CIRNO_HAND];  /* the hand as seen when deciding */
    uint8_t drawn[CIRNO_HAND]; /* play: drawn[0] (into the slot played); loss: the 3 new cards */
    int16_t p_before, p_after;
    int16_t cand_p[CIRNO_HAND];/* the p each hand card would give; its status
                                  (safe / loses / counter) is cirno_cand_status() */
} cirno_event;

/* The bits of cirno_event.tie_mask above the tie-break slots. In a
 * variation, a decision whose card was forced and differs from the rule's
 * choice has CIRNO_FORCED set and the slot the rule chose in bits 4..5;
 * `rule` and the tie bits are still the rule's own decision. */
enum { CIRNO_TIE_SLOTS = 0x07, CIRNO_FORCED = 0x08, CIRNO_RULE_SLOT_SHIFT = 4 };
static inline int cirno_event_forced(const cirno_event *e) { return (e->tie_mask & CIRNO_FORCED) != 0; }
/* The slot the rule chose (the slot played unless the card was forced). */
static inline int cirno_event_rule_slot(const cirno_event *e) {
    return cirno_event_forced(e) ? (e->tie_mask >> CIRNO_RULE_SLOT_SHIFT) & 3 : e->slot;
}

/* What the strategy decided for one play. */
typedef struct cirno_choice {
    int slot;                  /* 0..2 */
    cirno_rule rule;
    uint8_t tie_mask;
    uint8_t status[CIRNO_HAND];
    int32_t cand_p[CIRNO_HAND];
} cirno_choice;

/* ---- cards and rules ---------------------------------------------------- */

const char *cirno_card_name(int card);      /* "A1" .. "DOUBLE"; "?" for anything else */
int cirno_card_from_name(const char *s, size_t len); /* CIRNO_NO_CARD if unknown */
cirno_class cirno_card_class(int card);
int cirno_card_number(int card);            /* the number on a basic card (x); 0 for counters */
static inline int cirno_card_is_counter(int card) {
    return card == CIRNO_PASS || card == CIRNO_TURN || card == CIRNO_DOUBLE;
}
int32_t cirno_floor_half(int32_t p);        /* floor(p / 2), also for negative p */
int32_t cirno_card_effect(int card, int32_t p); /* p after playing card */
const char *cirno_rule_name(int rule);      /* short id, e.g. "max_p" */
const char *cirno_rule_text(int rule);      /* one-sentence explanation */
const char *cirno_cand_name(int status);    /* "safe", "loses", "counter", "empty" */
/* cirno_cand of a hand card that would give p = cand_p. */
static inline int cirno_cand_status(int card, int32_t cand_p) {
    if (card <= CIRNO_NO_CARD || card >= CIRNO_CARD_KINDS) return CIRNO_CAND_EMPTY;
    if (cirno_card_is_counter(card)) return CIRNO_CAND_COUNTER;
    return cand_p > CIRNO_LOSE_ABOVE ? CIRNO_CAND_LOSES : CIRNO_CAND_SAFE;
}

/* The strategy: which card of hand[0..2] a player plays at p, under_double
 * != 0 when DOUBLE applies to this play (the first of the two plays). Ties
 * between identical cards go to the lowest slot. Pure function. */
void cirno_choose(const uint8_t hand[CIRNO_HAND], int32_t p, int under_double,
                  cirno_choice *out);

/* ---- input --------------------------------------------------------------- */

int cirno_parse(const char *text, size_t len, cirno_input **out, ds_error *err);
void cirno_input_free(cirno_input *in);
/* Source position (line, column) of in->cards[idx]. */
void cirno_card_pos(const cirno_input *in, uint32_t idx, int *line, int *col);

/* ---- simulation ------------------------------------------------------------ */

void cirno_initial_state(const cirno_input *in, cirno_state *s);
/* The one function that changes a state (ctx is the cirno_input). */
void cirno_apply(void *state, const void *event, const void *ctx);
/* Initializes tr with the initial state (step 0). */
int cirno_begin(const cirno_input *in, ds_trace *tr, ds_error *err);
/* Decides and emits the next event. Errors: the game is over, the deck ran
 * out (reported at the end of the deck line), |p| reached 10^4 (reported at
 * the card that did it). */
int cirno_step(const cirno_input *in, ds_trace *tr, ds_error *err);
/* Fills *ev with the event cirno_step would emit next, without the drawn
 * cards (needs no deck). 0, or -1 when the game is over. */
int cirno_peek(const cirno_input *in, const cirno_state *s, cirno_event *ev);
/* cirno_begin + cirno_step until the game is over. On failure the trace is
 * freed (the rule of every *_simulate_try, ds_core.h). */
int cirno_simulate(const cirno_input *in, ds_trace *tr, ds_error *err);
/* A variation: the game with forced choices ch[0..n-1] (ds_core.h; sorted,
 * indices increasing). At event ch[j].i, which must be a play or a loss
 * (else ds_choice_not_decision: "the start of round R"), the card named
 * ch[j].label, which must be in the player's hand (else
 * ds_choice_not_candidate with the distinct cards in slot order), is played
 * from its lowest slot. Forcing the rule's own card changes nothing. Once
 * a card differs from the rule's, the input's guarantees no longer hold for
 * what follows: a loser draws what is left of the deck (drawn[] gets
 * CIRNO_NO_CARD for the rest), a card may take p to -10^4 or below, and the
 * line stops without an error before the next event when the deck is empty
 * or p <= -10^4 (the state's phase is then not GAME_OVER; cirno_outcome
 * says why). Before that, and for n = 0, errors are cirno_simulate's. A
 * choice past the last event: ds_choices_unused. On failure the trace is
 * freed and zeroed (ds_core.h); on success the caller frees it. */
int cirno_simulate_try(const cirno_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                       ds_error *err);
/* The candidates of a play/loss event's decision: the distinct cards of its
 * hand in slot order; slots[c] = the lowest slot holding candidate c.
 * Returns their number (1..3), 0 for a round event. */
int cirno_event_candidates(const cirno_event *e, int slots[CIRNO_HAND]);

/* ---- output ---------------------------------------------------------------- */

/* The judge output, from the trace. lines_at_step (optional) gets tr->n + 1
 * entries: lines written by events 0..i-1. -1 on allocation failure. */
int cirno_format(const cirno_input *in, const ds_trace *tr, ds_buf *out, uint32_t *lines_at_step);
/* The judge lines of events from..to-1 only, appended to out (a caller can
 * write a long game in slices without holding all of it). */
int cirno_format_range(const cirno_input *in, const ds_trace *tr, size_t from, size_t to,
                       ds_buf *out);
/* One JSON object (no newline) for event i, with its decision record under
 * "decision" (ds_decision_json, the names and sentences in lang) and the older
 * record under "why" (still read by the page). */
int cirno_event_json(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_buf *out);
/* The whole state as one JSON object. */
int cirno_state_json(const cirno_input *in, const cirno_state *s, ds_buf *out);
/* How the line of play in tr ended, one line without '\n' in lang
 * (docs/games/cirno.md): "Cirno lost round 1 with A99 (p=140), Reimu lost
 * round 2 with ...", then, for a variation that could not go on, why ("; the
 * deck ran out ..."). */
int cirno_outcome(const cirno_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out);
/* A header line {"type":"header","game":"cirno",...} then one line per event. */
int cirno_trace_jsonl(const cirno_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out);
/* The lines of events from..to-1, preceded by the header when from == 0
 * (so slice a game as [0,a) [a,b) ... with a > 0). */
int cirno_trace_jsonl_range(const cirno_input *in, const ds_trace *tr, size_t from, size_t to,
                            ds_lang lang, ds_buf *out);

/* ---- decisions and sentences (issue 21; docs/games/cirno.md) --------------------- */

/* The decision record of event i: 1 with *d filled when it is a play or a
 * loss, 0 (d emptied) for a round start, -1 when i is out of range. One
 * candidate per distinct card of the hand (slot order, the labels of --try),
 * value = p after the card (null for a counter card), reasons from the rule
 * that decided (the rule's own choice also in a variation). */
int cirno_decision(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                   ds_decision *d);
/* The same from the event alone (the JSON writer, the narration). */
int cirno_event_decision(const cirno_event *e, ds_lang lang, ds_decision *d);
/* One sentence (no newline) about event i in lang, appended to out: the
 * page's caption and --narrate. 0, or -1 (out of range, no memory). */
int cirno_narrate(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                  ds_buf *out);
/* The words of the catalog (cirno_narrate.c): a move's name ("play A99
 * (p + 99)" / "出 A99（p + 99）") and the rule's sentence about its own choice
 * (the rule slot of e) into t[cap]. */
void cirno_move_name(int card, ds_lang lang, char *t, size_t cap);
/* The state in words (cirno_narrate.c; ds_game.h says what each is): the
 * sentence of step 0, the headline of the state after `step` events, and
 * what event i changed, one sentence a line. 0 or -1. */
int cirno_start(const cirno_input *in, ds_lang lang, ds_buf *out);
int cirno_headline(const cirno_input *in, const ds_trace *tr, size_t step, ds_lang lang,
                   ds_buf *out);
int cirno_changes(const cirno_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                  ds_buf *out);
void cirno_rule_sentence(const cirno_event *e, ds_lang lang, char *t, size_t cap);

/* The game interface (engine/core/ds_game.h), cirno_game.c. */
extern const struct ds_game cirno_game;

/* ---- generator --------------------------------------------------------------- */

/* A random valid input from seed (identical on every platform); max != 0:
 * n = 30, m = 100, k = 300000 and about 3e5 plays. -1 on failure. */
int cirno_generate(uint64_t seed, int max, ds_buf *out);

#ifdef __cplusplus
}
#endif
#endif
