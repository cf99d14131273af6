/* thegame.h - The Game, solo mode (CERC 2022, Luogu P13816), simulated
 * exactly as the judge expects.
 *
 * RULES AS IMPLEMENTED (docs/games/thegame.md has the details and evidence)
 *   Four rows: up1, up2 start at 1 and grow upwards; down1, down2 start at
 *   100 and grow downwards. A card may go on an up row if it is greater than
 *   the row's last card, on a down row if it is smaller; the backwards trick
 *   also allows a card exactly 10 below an up row's last card / exactly 10
 *   above a down row's last card. The player is dealt the top 8 cards of the
 *   pile, then each turn plays two cards and draws two (fewer or none when
 *   the pile runs out). Before EVERY card the game ends if the hand is empty
 *   (win) or no card in the hand can be played (loss) - also in the middle of
 *   a turn, with no draw first. Each card played is chosen by:
 *     1. the leftmost card that has a backwards trick, on the topmost row
 *        where the trick works;
 *     2. otherwise the legal (card, row) pair with the smallest absolute
 *        difference to the row's last card; ties: leftmost card, then
 *        topmost row.
 *   Drawn cards go to the right end of the hand, in pile order.
 *
 * API
 *   thegame_input *in;  ds_error err;  ds_trace tr;  ds_buf out;
 *   if (thegame_parse(text, len, &in, &err)) ...      // err.line, err.col
 *   if (thegame_simulate(in, &tr, &err)) ...          // plays the game
 *   thegame_simulate_try(in, ch, n, &tr, &err)        // a variation (ds_choice)
 *   thegame_format(in, &tr, &out, NULL);              // the judge's 6 lines
 *   thegame_trace_jsonl(in, &tr, DS_LANG_EN, &out);   // header + 1 line/event
 *   thegame_decision(in, &tr, i, lang, &d);           // event i's decision record
 *   thegame_narrate(in, &tr, i, lang, &out);          // event i in words
 *   ds_trace_free(&tr); thegame_input_free(in);
 *
 *   The trace holds thegame_event records; ds_trace_seek(&tr, i, &state)
 *   gives the thegame_state at step i (step 0 = before the deal). Every state
 *   change goes through thegame_apply(); the simulation only decides
 *   (thegame_decide) and emits.
 *
 * DATA LAYOUT (all fields uint8_t: no padding, memcmp-comparable)
 *   thegame_state: row[r][0..row_len[r]-1] is row r from its direction card
 *     (1 or 100) to its last card; hand[0..hand_len-1] left to right;
 *     pile_pos = how many cards of the input deck have left the pile (the
 *     pile is deck[pile_pos..97], top first); turn, plays_in_turn, result.
 *   thegame_event: kind (deal/play/draw/end) and the fields of that kind;
 *     a play, a draw (the end of a turn: the player could play on) and a
 *     losing end carry their decision record inline (thegame_why: the
 *     hand and row tops seen, every (card,row) pair classified with its
 *     difference, the rule that chose, the tie count); `forced` marks a play
 *     a variation took instead of the rule's choice (which stays in the
 *     record).
 *
 * DECISIONS AND VARIATIONS (docs/games/thegame.md, docs/variations.md)
 *   Every play is a decision: the candidates are every legal (card, row)
 *   pair, labelled "<card>><row>" ("46>down1"). After the two plays of a
 *   turn, while the pile has cards, the end of the turn is a decision too
 *   (the draw event): "end" (the rule's choice) or any legal play (the
 *   player plays on; the rule decides again after it). With the pile empty
 *   a turn's end draws nothing and changes nothing: no decision there.
 *   Event count is at most 1 + 98 + 45 + 1 = 145.
 */
#ifndef DS_THEGAME_H
#define DS_THEGAME_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"
#include "ds_decision.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    THEGAME_CARDS = 98,     /* normal cards 2..99 */
    THEGAME_MIN_CARD = 2,
    THEGAME_MAX_CARD = 99,
    THEGAME_ROWS = 4,
    THEGAME_ROW_CAP = 99,   /* direction card + at most 98 normal cards */
    THEGAME_HAND = 8,       /* cards dealt; the hand never holds more */
    THEGAME_DRAW = 2,       /* cards played and drawn per turn */
    THEGAME_BACKWARDS = 10, /* the exact distance of a backwards trick */
    THEGAME_MAX_EVENTS = 145
};

/* Rows in output order: 0 = up1, 1 = up2 (start at 1), 2 = down1, 3 = down2 (start at 100). */
static inline int thegame_row_is_up(int row) { return row < 2; }

typedef enum thegame_event_kind {
    THEGAME_EV_DEAL = 0, /* cards[0..count-1] dealt into the empty hand */
    THEGAME_EV_PLAY = 1, /* card from hand[hand_pos] onto row */
    THEGAME_EV_DRAW = 2, /* cards[0..count-1] drawn onto the right end of the hand */
    THEGAME_EV_END = 3   /* result: win (hand empty) or loss (nothing playable) */
} thegame_event_kind;

typedef enum thegame_result {
    THEGAME_RUNNING = 0,
    THEGAME_WIN = 1,
    THEGAME_LOSS = 2
} thegame_result;

/* Classification of one (hand card, row) pair. */
typedef enum thegame_move {
    THEGAME_MOVE_ILLEGAL = 0,
    THEGAME_MOVE_NORMAL = 1,   /* up row: card > last; down row: card < last */
    THEGAME_MOVE_BACKWARDS = 2 /* up row: card == last - 10; down: last + 10 */
} thegame_move;

/* The rule that picked the move. */
typedef enum thegame_rule {
    THEGAME_RULE_NONE = 0,      /* no legal pair: the game is lost */
    THEGAME_RULE_BACKWARDS = 1, /* rule 1: leftmost card with a trick, topmost row */
    THEGAME_RULE_CLOSEST = 2,   /* rule 2: smallest difference, leftmost, topmost */
    THEGAME_RULE_END_TURN = 3   /* the turn's two cards are played: end it and draw */
} thegame_rule;

/* Decision record: everything the player looked at for one card. */
typedef struct thegame_why {
    uint8_t rule;                    /* thegame_rule */
    uint8_t hand_len;                /* cards in hand when deciding */
    uint8_t hand[THEGAME_HAND];      /* the hand, left to right */
    uint8_t top[THEGAME_ROWS];       /* each row's last card */
    uint8_t move[THEGAME_HAND][THEGAME_ROWS]; /* thegame_move of (hand pos, row) */
    uint8_t diff[THEGAME_HAND][THEGAME_ROWS]; /* |card - top| for every pair */
    uint8_t n_normal;                /* legal normal pairs */
    uint8_t n_backwards;             /* backwards-trick pairs */
    uint8_t best_diff;               /* rule 2: the smallest difference (else 0) */
    uint8_t n_tied;                  /* rule 2: normal pairs reaching best_diff */
    uint8_t chosen_pos, chosen_row;  /* the rule's pair (unused for RULE_NONE, END_TURN;
                                        a forced play is the event's hand_pos, row) */
} thegame_why;

typedef struct thegame_event {
    uint8_t kind;          /* thegame_event_kind */
    uint8_t turn;          /* 1-based turn (0 for the deal) */
    uint8_t play_in_turn;  /* play: 1, 2 (3, ... only in a variation); draw: the
                              cards played in the turn before it */
    uint8_t card;          /* play: the card */
    uint8_t hand_pos;      /* play: its 0-based position in the hand */
    uint8_t row;           /* play: 0..3 (up1, up2, down1, down2) */
    uint8_t backwards;     /* play: 1 if this is a backwards trick */
    uint8_t prev_top;      /* play: the row's last card before the play */
    uint8_t count;         /* deal/draw: number of cards in cards[] */
    uint8_t cards[THEGAME_HAND]; /* deal/draw: the cards, pile order */
    uint8_t result;        /* end: thegame_result */
    uint8_t forced;        /* play: 1 if a variation took it instead of the rule's choice */
    thegame_why why;  /* play, draw (rule END_TURN: hand and top only, see
                              thegame_why_moves), end by loss: the decision record */
} thegame_event;

typedef struct thegame_state {
    uint8_t row[THEGAME_ROWS][THEGAME_ROW_CAP]; /* row[r][0] = 1 or 100 */
    uint8_t row_len[THEGAME_ROWS];              /* >= 1 */
    uint8_t hand[THEGAME_HAND];
    uint8_t hand_len;
    uint8_t pile_pos;      /* cards taken from the deck; 98 = pile empty */
    uint8_t turn;          /* turn of the last event (0: before/at the deal) */
    uint8_t plays_in_turn; /* cards played so far in that turn (0..2) */
    uint8_t result;        /* thegame_result */
} thegame_state;

typedef struct thegame_input {
    uint8_t deck[THEGAME_CARDS]; /* the draw pile, top first */
    /* where each card was read (1-based), for tools; line[i], col[i] of deck[i] */
    int line[THEGAME_CARDS], col[THEGAME_CARDS];
} thegame_input;

/* Parses 98 whitespace-separated integers forming a permutation of 2..99.
 * Errors (line/column of the offending token): not an integer, out of range,
 * duplicate (naming where the first copy was), too few, too many. */
int thegame_parse(const char *text, size_t len, thegame_input **out, ds_error *err);
void thegame_input_free(thegame_input *in);

/* Builds an input from a deck array (no positions); -1 if not a permutation. */
int thegame_input_from_deck(const uint8_t deck[THEGAME_CARDS], thegame_input **out,
                            ds_error *err);

/* The state before the deal: four rows holding only their direction card. */
void thegame_initial_state(thegame_state *s);

/* The single implementation of every rule: applies *event to *state.
 * input is the thegame_input (unused: events are self-contained). Events
 * that do not fit the state (never produced by the simulation) are ignored. */
void thegame_apply(void *state, const void *event, const void *input);

/* Evaluates the priority rules on s. Fills d (if not NULL). Returns 1 and
 * sets *pos, *row to the chosen pair, or 0 when no card can be played. */
int thegame_decide(const thegame_state *s, thegame_why *d, int *pos, int *row);

/* Fills d's move table (move, diff, n_normal, n_backwards) from d->hand_len,
 * d->hand and d->top. A draw's record (rule END_TURN) holds only those: the
 * main line does not classify moves it never plays; call this to get them
 * (the JSON does). thegame_decide fills the table itself. */
void thegame_why_moves(thegame_why *d);

/* Initializes tr (ds_trace_init) and plays the whole game. On failure the
 * trace is freed. */
int thegame_simulate(const thegame_input *in, ds_trace *tr, ds_error *err);

/* The same with forced choices ch[0..n-1] (ds_core.h; n = 0 is
 * thegame_simulate): at event ch[k].i the candidate ch[k].label is taken.
 * Errors (the trace is freed): ds_choice_not_decision (the deal, the end),
 * ds_choice_not_candidate (listing every label there), ds_choices_unused. */
int thegame_simulate_try(const thegame_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                         ds_error *err);

/* The label of the choice an event made: "<card>><row>" for a play, "end"
 * for a draw; "" for the deal and the end (no decision). cap >= 16. */
void thegame_event_label(const thegame_event *ev, char *buf, size_t cap);

/* The judge output (6 lines) from the trace's end state. lines_at_step, if
 * not NULL, gets n+1 entries: lines written by events 0..i-1 (the output is
 * the final position, so all 6 lines are written by the end event). */
int thegame_format(const thegame_input *in, const ds_trace *tr, ds_buf *out,
                   uint32_t *lines_at_step);

/* The six judge lines of any state s (rows, hand, pile), as thegame_format
 * writes them for the end state; the viewer shows them at every step. */
int thegame_format_state(const thegame_input *in, const thegame_state *s, ds_buf *out);

/* The judge-output line an event changes, for highlighting: a play, its
 * row's line (1..4); a deal or draw, 5 (the hand; line 6, the pile, changes
 * too); the end event, 0. */
int thegame_event_line(const thegame_event *ev);

/* JSON: one object, no newline. The decision record (ds_decision_json, with
 * the game fields of docs/trace-format.md) and every word in it are in lang. */
int thegame_event_json(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                       ds_buf *out);
int thegame_state_json(const thegame_input *in, const thegame_state *s, ds_buf *out);
/* Header line {"type":"header","game":"thegame",...} then one line per event. */
int thegame_trace_jsonl(const thegame_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out);

/* ---- decisions and words (issue 21; docs/games/thegame.md) ----------------
 * thegame_decision: 1 with *d filled when event i is a decision (a play, or
 * a draw: the end of a turn), 0 when it is not (the deal, the end), -1 when i
 * is past the trace. Candidates in the order of --try's list: "end" where
 * the turn may end, then every legal (card, row) pair card by card, rows top
 * to bottom. value = the difference |card - row's last card| (a backwards
 * trick: 10); rule = "backwards", "closest" or "end_turn" (the rule that
 * stops the turn after two cards; then "end" is the rule's choice and every
 * play is not_allowed_by_rule). rule_choice is the rule's pick also where a
 * variation forced another move. */
int thegame_decision(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_decision *d);
/* The sentence about event i in lang, one line, no newline (the caption;
 * thegame_narrate.c holds every sentence of the game in both languages). */
int thegame_narrate(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out);
/* The state in words (thegame_narrate.c; ds_game.h says what each is): the
 * sentence of step 0, the headline of the state after `step` events, and
 * what event i changed, one sentence a line. 0 or -1. */
int thegame_start(const thegame_input *in, ds_lang lang, ds_buf *out);
int thegame_headline(const thegame_input *in, const ds_trace *tr, size_t step, ds_lang lang,
                     ds_buf *out);
int thegame_changes(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out);
/* Who won, in words, one line, no newline ("won: every card played"). */
int thegame_outcome(const thegame_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out);

/* The words the decision record is made of (thegame_narrate.c): a row
 * ("ascending row 1" / "升序第 1 行"), a move's name (row < 0: "end the
 * turn"), the rule's sentence about its own choice (w: the record with its
 * move table; e: the event; rule_card/rule_row: the rule's pair). */
const char *thegame_row_words(int row, ds_lang lang);
void thegame_move_name(int card, int row, int backwards, ds_lang lang, char *buf, size_t cap);
void thegame_rule_text(const thegame_event *e, const thegame_why *w, ds_lang lang, char *buf,
                       size_t cap);

/* The game's interface table (engine/core/ds_game.h), thegame_game.c. */
struct ds_game;
extern const struct ds_game thegame_game;

/* A uniformly shuffled permutation of 2..99 from ds_rng (seed), one line,
 * space separated, final newline. max is ignored (the input has one size). */
int thegame_generate(uint64_t seed, int max, ds_buf *out);

/* Short names: "up1", "up2", "down1", "down2"; "deal", "play", ...; "win", ... */
const char *thegame_row_name(int row);
const char *thegame_event_kind_name(int kind);
const char *thegame_result_name(int result);
const char *thegame_rule_name(int rule); /* "none", "backwards", "closest", "end_turn" */

#ifdef __cplusplus
}
#endif
#endif
