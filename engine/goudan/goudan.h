/* goudan.h - THUPC 2021 pre, problem I "狗蛋和二五仔" (Goudan): 小E's winning
 * probability under optimal play by both sides, for every start state.
 *
 * ---------------------------------------------------------------------------
 * API at a glance
 *
 *   Parse / answer (judge):
 *     goudan_parse(text, len, &in, err)        "T O" then T queries of 4 lines
 *     goudan_input_free(in)
 *     goudan_query_get(in, i, &q)              unpacked query i
 *     goudan_solve(O, hp_max, &table, err)     the whole value table, one call
 *     goudan_format(in, table, out)            judge output: one "%.9f" per query
 *     goudan_query_value(table, &q)            小E's win probability for q
 *
 *   Progressive solver (for the browser: bounded work per call):
 *     goudan_solver_init(&s, O, hp_max, err)   allocates everything it will use
 *     goudan_solver_step(s, budget)            ~budget state-units of work;
 *                                              returns progress in [0,1]
 *     goudan_solver_info_get(s, &info)         current layer, phase, counts
 *     goudan_solver_layer(s, i, &total, &n)    the order of layers (i = 0..)
 *     goudan_solver_done(s)                    1 once the table is complete
 *     goudan_solver_finish(s, &table, err)     moves the table out, frees s
 *     goudan_solver_free(s)
 *
 *   Explain a state (any state inside a turn, see goudan_turn):
 *     goudan_eval_new(table, &ev, err) / goudan_eval_free(ev)
 *     goudan_eval_value(ev, &turn, &v, err)    value of a turn state
 *     goudan_explain(ev, &turn, &dec, err)     every legal operation, best first
 *     goudan_play_tree(ev, &turn, &tree, err)  chance tree of a "play" (3 hits)
 *     goudan_turn_json / goudan_decision_json / goudan_tree_json
 *
 *   Play it out (a whole game under optimal play, as a ds_trace):
 *     goudan_playout(ev, &q, seed, &trace, err)
 *     goudan_simulate(in, table, seed, &trace, err)   the same for query 1
 *     goudan_playout_try / goudan_simulate_try (..., ch, n, ...)
 *                                              a variation: forced choices
 *     goudan_apply(state, event, ctx)          the ONE rule implementation
 *     goudan_event_cands(event, &cands)        a decision's candidates, labels
 *     goudan_event_json / goudan_trace_jsonl / goudan_state_json
 *
 *   Generator:
 *     goudan_generate(seed, max, out)          random valid input, T in 1..max
 *     goudan_generate_all(seed, out)           every start state (T = 1,440,000)
 *
 * ---------------------------------------------------------------------------
 * Data layout
 *
 * The value table (goudan_table) holds V = the probability that the player
 * about to start a turn (before the draw) wins, for every start state:
 *   mover HP a, opponent HP b (1..hp_max), mover board m, opponent board n
 *   (a multiset of at most 4 minions of HP 1 or 2: 15 boards, id = see
 *   goudan_board_id), mover hand class x, opponent hand class y.
 * A hand of 2 and a hand of 3 behave identically at a turn start (the draw
 * caps at 3), so hands are stored as classes 0, 1, 2 (= 2 or 3): 810,000
 * doubles for hp_max = 20, which answer all 1,440,000 start states.
 *
 * The solver works by layers of total HP on the table (both players plus all
 * minions): every operation lowers it, end-turn keeps it. It keeps a ring of
 * five layers of in-turn values plus two chance-node layers; see
 * docs/games/goudan.md for the state design and the dominance arguments.
 *
 * Turn states (goudan_turn) are mover-relative: "me" is the player whose
 * turn it is. Minions keep their slot order (as drawn by the viewer);
 * attacked = 1 when the minion attacked or was placed this turn.
 *
 * Game states (goudan_state) are absolute: players[0] is 小E, players[1] the
 * teacher. Events (goudan_event) are POD and carry their decision record
 * inline (at most GOUDAN_MAX_OPS candidates); goudan games are short (each
 * turn lowers the total HP), so a trace has at most a few hundred events.
 */
#ifndef GOUDAN_H
#define GOUDAN_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"
#include "ds_decision.h"
#include "ds_game.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GOUDAN_HP_MAX = 20,      /* start HP of a query: 1..20 */
    GOUDAN_BOARD_MAX = 4,    /* minions per side */
    GOUDAN_HAND_MAX = 3,
    GOUDAN_O_MIN = 3,
    GOUDAN_O_MAX = 5,
    GOUDAN_BOARDS = 15,      /* multisets of <= 4 minions of HP 1 or 2 */
    GOUDAN_MAX_OPS = 9,      /* distinct operations of a turn state */
    GOUDAN_T_MAX = 10000000, /* parse limit on T (problem: 351493; gen --all: 1440000) */
    GOUDAN_T_LARGEST = 351493, /* the problem's largest T (gen --max) */
    GOUDAN_TREE_MAX = 1 + 8 + 64 + 512,
    GOUDAN_CHARS_MAX = 2 + 2 * 4, /* characters a hit chooses among: players + minions */
    GOUDAN_CANDS_MAX = 10,        /* candidates of a decision (9 operations, 10 hits) */
    GOUDAN_LABEL_MAX = 16         /* bytes of a candidate label, NUL included */
};

/* ---- queries ------------------------------------------------------------ */

typedef struct goudan_query {
    int e_hp, s_hp;            /* 小E's and the teacher's HP */
    int s_count, s_minion[4];  /* the teacher's minions (HPs, input order) */
    int e_count, e_minion[4];  /* 小E's minions */
    int s_hand, e_hand;        /* hand sizes */
} goudan_query;

typedef struct goudan_input goudan_input;

int goudan_parse(const char *text, size_t len, goudan_input **out, ds_error *err);
void goudan_input_free(goudan_input *in);
/* Moves the queries into a block allocated now, and frees the old one: a
 * caller that parsed while other big blocks were live (the page's viewer,
 * which keeps the old game until the new input is known to be good) calls it
 * once they are freed, so the queries sit where the allocator puts a block in
 * the emptied heap, not in the middle of the space a solve needs next
 * (issue 26). 0, or -1 with err (out of memory: the queries stay where they are). */
int goudan_input_move(goudan_input *in, ds_error *err);
int goudan_input_o(const goudan_input *in);
size_t goudan_input_count(const goudan_input *in);
void goudan_query_get(const goudan_input *in, size_t i, goudan_query *q);

/* Board id (0..14) of a multiset with c1 minions of HP 1 and c2 of HP 2. */
int goudan_board_id(int c1, int c2);

/* ---- the value table and the progressive solver ------------------------- */

typedef struct goudan_table goudan_table;

/* Solves every start state with both HPs <= hp_max (1..20) for O (3..5). */
int goudan_solve(int O, int hp_max, goudan_table **out, ds_error *err);
void goudan_table_free(goudan_table *t);
int goudan_table_o(const goudan_table *t);
int goudan_table_hp_max(const goudan_table *t);
/* V for a start state (hands 0..3, boards as counts). -1 if out of range. */
double goudan_table_value(const goudan_table *t, int a, int b, int m1, int m2, int n1, int n2,
                          int my_hand, int opp_hand);
double goudan_query_value(const goudan_table *t, const goudan_query *q);
size_t goudan_table_bytes(const goudan_table *t);

typedef struct goudan_solver goudan_solver;

typedef enum goudan_phase {
    GOUDAN_PHASE_CHANCE1, /* chance nodes with 1 hit left (layer L-2) */
    GOUDAN_PHASE_CHANCE2, /* 2 hits left (layer L-1) */
    GOUDAN_PHASE_CHANCE3, /* 3 hits left = "play" decided (layer L) */
    GOUDAN_PHASE_START,   /* start-of-turn values V (layer L) */
    GOUDAN_PHASE_TURN,    /* in-turn values W (layer L) */
    GOUDAN_PHASE_DONE
} goudan_phase;

typedef struct goudan_solver_info {
    double progress;          /* work done / total work, in [0,1] */
    int layer;                /* index of the layer being solved (0..nlayers-1) */
    int nlayers;
    int total_hp;             /* total HP of that layer */
    goudan_phase phase;
    const char *phase_name;
    uint32_t phase_done, phase_size;  /* tuples of the current phase */
    uint64_t start_states_solved;     /* V entries written so far */
    uint64_t start_states_total;
    uint64_t work_done, work_total;
    size_t bytes;             /* memory held by the solver */
} goudan_solver_info;

int goudan_solver_init(goudan_solver **out, int O, int hp_max, ds_error *err);
double goudan_solver_step(goudan_solver *s, uint32_t budget);
void goudan_solver_info_get(const goudan_solver *s, goudan_solver_info *info);
/* Layer i in solving order: its total HP and its number of in-turn tuples
 * (HPs x flagged boards) and of start states (x 9 hand classes). -1 if out of range. */
int goudan_solver_layer(const goudan_solver *s, int i, int *total_hp, uint32_t *tuples,
                        uint32_t *start_states);
int goudan_solver_done(const goudan_solver *s);
int goudan_solver_finish(goudan_solver *s, goudan_table **out, ds_error *err);
void goudan_solver_free(goudan_solver *s);

/* ---- turn states, explanations ----------------------------------------- */

typedef struct goudan_minion {
    int8_t hp;       /* 1 or 2 */
    int8_t attacked; /* attacked or placed this turn (only meaningful for the mover) */
} goudan_minion;

typedef struct goudan_turn {
    int my_hp, opp_hp;       /* 1..20 */
    int my_hand, opp_hand;   /* 0..3 */
    int ops_left;            /* skills + plays still allowed this turn (0..O) */
    int made_op;             /* 1 once any operation was made (end turn allowed) */
    int my_count, opp_count; /* 0..4 */
    goudan_minion my[4], opp[4];
} goudan_turn;

typedef enum goudan_op_kind {
    GOUDAN_OP_PLAY,   /* play a card: 3 random hits, then a HP-2 minion */
    GOUDAN_OP_FACE,   /* an unattacked minion hits the enemy player for 3 */
    GOUDAN_OP_TRADE,  /* an unattacked minion and an enemy minion destroy each other */
    GOUDAN_OP_SKILL,  /* own HP -2, draw */
    GOUDAN_OP_END     /* end the turn */
} goudan_op_kind;

typedef struct goudan_op {
    uint8_t kind;       /* goudan_op_kind */
    uint8_t order;      /* position in the fixed tie-break order (0 first) */
    int8_t attacker_hp; /* FACE/TRADE: HP of the attacking minion, else 0 */
    int8_t target_hp;   /* TRADE: HP of the enemy minion, else 0 */
    int8_t attacker;    /* FACE/TRADE: slot of the first such minion, else -1 */
    int8_t target;      /* TRADE: slot of the first such enemy minion, else -1 */
    double value;       /* the mover's win probability after this operation */
} goudan_op;

/* Every distinct legal operation of a turn state (minions of equal HP and
 * attack mark are interchangeable: one entry per class, with the first slot),
 * sorted best first (value descending, then tie-break order). chosen is the
 * index of the operation optimal play picks: the first one in tie-break order
 * among those within GOUDAN_TIE_EPS of the best value. */
#define GOUDAN_TIE_EPS 1e-12
typedef struct goudan_explanation {
    int n;
    int chosen;
    double value; /* the state's value = ops[chosen].value (up to GOUDAN_TIE_EPS) */
    goudan_op ops[GOUDAN_MAX_OPS];
} goudan_explanation;

/* Chance tree of a play: node 0 is the root (before the hits); each node's
 * children are the targets of the next hit, grouped by class. */
typedef enum goudan_target {
    GOUDAN_T_NONE,
    GOUDAN_T_ME, GOUDAN_T_OPP,           /* the players */
    GOUDAN_T_MY_U1, GOUDAN_T_MY_U2,      /* my unattacked minions of HP 1 / 2 */
    GOUDAN_T_MY_A1, GOUDAN_T_MY_A2,      /* my attacked minions of HP 1 / 2 */
    GOUDAN_T_OPP_1, GOUDAN_T_OPP_2       /* enemy minions of HP 1 / 2 */
} goudan_target;

typedef struct goudan_tree_node {
    int16_t parent;     /* -1 for the root */
    int8_t depth;       /* hits done: 0..3 */
    int8_t target;      /* goudan_target of the hit leading here */
    int8_t count;       /* characters of that class (the hit picks one of them) */
    int8_t outcome;     /* 0 game goes on, 1 the mover won, -1 the mover lost */
    int8_t characters;  /* k+2 characters the hit chose among */
    double prob;        /* probability of this hit given the parent (count/(k+2)) */
    double path_prob;   /* probability of reaching this node from the root */
    double value;       /* the mover's win probability at this node (leaves:
                           after the new minion is placed, under optimal play) */
} goudan_tree_node;

typedef struct goudan_tree {
    int n;
    goudan_tree_node node[GOUDAN_TREE_MAX];
} goudan_tree;

typedef struct goudan_eval goudan_eval;

/* The evaluator searches a turn (memoised, every legal operation) and reads
 * end-of-turn values from the table. It keeps its memo between calls. */
int goudan_eval_new(const goudan_table *t, goudan_eval **out, ds_error *err);
void goudan_eval_free(goudan_eval *ev);
/* Checks that a turn state is in range for the table. */
int goudan_turn_check(const goudan_eval *ev, const goudan_turn *t, ds_error *err);
int goudan_eval_value(goudan_eval *ev, const goudan_turn *t, double *value, ds_error *err);
int goudan_explain(goudan_eval *ev, const goudan_turn *t, goudan_explanation *dec, ds_error *err);
int goudan_play_tree(goudan_eval *ev, const goudan_turn *t, goudan_tree *tree, ds_error *err);
/* The turn state of a query right after 小E's draw (no operation made yet). */
void goudan_query_turn(const goudan_query *q, int O, goudan_turn *t);
const char *goudan_op_name(int kind);

int goudan_turn_json(const goudan_turn *t, ds_buf *out);
/* The record of an explained decision (--explain, the DP view), written by
 * ds_decision_json as a trace's "decision" (docs/games/goudan.md), in English,
 * the opponent named "the opponent"; goudan_explain_decision for another
 * language or mover. */
int goudan_decision_json(const goudan_explanation *d, ds_buf *out);
int goudan_tree_json(const goudan_tree *tr, ds_buf *out);

/* ---- playout: game states, events, trace -------------------------------- */

typedef struct goudan_player {
    int8_t hp;      /* may drop to <= 0 at the end (the loser) */
    int8_t hand;
    int8_t count;   /* minions on the board */
    goudan_minion minion[4]; /* slots 0..count-1, in placing order */
} goudan_player;

typedef struct goudan_state {
    goudan_player player[2]; /* 0 = 小E, 1 = the teacher */
    int8_t O;
    int8_t to_move;       /* whose turn it is (or will be before the first event) */
    int8_t ops_left;      /* of the current turn */
    int8_t made_op;
    int8_t playing;       /* 1 between a PLAY event and its PLACE (card in flight) */
    int8_t hits_done;     /* hits of the current play so far */
    int8_t winner;        /* -1 while the game goes on */
    int16_t turn;         /* turns started so far */
} goudan_state;

typedef enum goudan_event_kind {
    GOUDAN_EV_TURN_START, /* turn of `player` begins: marks reset, draw */
    GOUDAN_EV_SKILL,
    GOUDAN_EV_FACE,
    GOUDAN_EV_TRADE,
    GOUDAN_EV_PLAY,       /* a card is played: 3 HIT events follow, then PLACE */
    GOUDAN_EV_HIT,
    GOUDAN_EV_PLACE,
    GOUDAN_EV_END_TURN,
    GOUDAN_EV_WIN
} goudan_event_kind;

typedef struct goudan_event {
    uint8_t kind;       /* goudan_event_kind */
    int8_t player;      /* acting player (0 = 小E, 1 = teacher); WIN: the winner */
    int8_t drew;        /* TURN_START: 1 if a card was drawn */
    int8_t attacker;    /* FACE/TRADE: slot of the attacking minion */
    int8_t target;      /* TRADE: enemy slot; HIT: -1 mover, -2 opponent, else slot
                           on side target_side */
    int8_t target_side; /* HIT: side (0/1) whose character was hit */
    int8_t characters;  /* HIT: k+2, the number of characters it chose among */
    int8_t has_decision; /* an operation with its decision record (not HIT) */
    /* Decisions (operations and HIT, see goudan_event_cands): the rule's own
     * choice, as an index into decision.ops (operations) or as the seed's
     * draw r (HIT: 0 the mover, 1 the opponent, 2.. the mover's minions by
     * slot, then the opponent's). forced = 1 when a variation took another
     * candidate (then decision.chosen / the hit's target is the one taken). */
    int8_t rule_chosen;
    int8_t forced;
    int8_t mover_minions; /* HIT: the mover's minions when it struck (labels) */
    double prob;        /* HIT: 1/(k+2) */
    goudan_explanation decision; /* SKILL/FACE/TRADE/PLAY/END_TURN: why; chosen =
                                 the operation taken (the rule's unless forced) */
    double hit_value[GOUDAN_CHARS_MAX]; /* HIT: the mover's win probability after
                                 a hit on character r (numbered as the draw) */
} goudan_event;

/* One decision as candidates with labels (docs/games/goudan.md): operations
 * in decision.ops order (best first), hit targets in the draw's order. */
typedef struct goudan_cands {
    int n;
    int chosen;      /* the candidate taken */
    int rule_chosen; /* the rule's (operations) or the seed's (hits) choice */
    int forced;      /* chosen != rule_chosen because a variation forced it */
    int chance;      /* 1 for a HIT (a chance outcome), 0 for an operation */
    int mover;       /* 0 = 小E, 1 = the teacher */
    char label[GOUDAN_CANDS_MAX][GOUDAN_LABEL_MAX];
    double value[GOUDAN_CANDS_MAX]; /* the mover's win probability after it */
    double p[GOUDAN_CANDS_MAX];     /* HIT: its probability 1/(k+2); operations: 0 */
} goudan_cands;

void goudan_apply(void *state, const void *event, const void *ctx);
void goudan_state_init(const goudan_query *q, int O, goudan_state *s);
/* The mover-relative turn state (goudan_turn) of a game state: what
 * goudan_explain / goudan_eval_value take. */
void goudan_state_turn(const goudan_state *s, goudan_turn *t);
/* Plays the game from q (小E to start a turn) with seed; tr is initialised here. */
int goudan_playout(goudan_eval *ev, const goudan_query *q, uint64_t seed, ds_trace *tr,
                   ds_error *err);
/* The game-module contract's simulate: goudan_playout of the first query. */
int goudan_simulate(const goudan_input *in, const goudan_table *t, uint64_t seed, ds_trace *tr,
                    ds_error *err);
/* Variations (docs/variations.md): the playout with the forced choices
 * ch[0..n-1] (sorted by event index; n = 0 is goudan_playout). A forced
 * operation is made instead of the optimal one, then optimal play resumes;
 * a forced hit target replaces the seed's draw and consumes no random number
 * (forcing the target the seed draws is the main line). Errors (-1, tr
 * freed): ds_choice_not_decision, ds_choice_not_candidate, ds_choices_unused. */
int goudan_playout_try(goudan_eval *ev, const goudan_query *q, uint64_t seed, const ds_choice *ch,
                       size_t n, ds_trace *tr, ds_error *err);
int goudan_simulate_try(const goudan_input *in, const goudan_table *t, uint64_t seed,
                        const ds_choice *ch, size_t n, ds_trace *tr, ds_error *err);
/* The candidates of a decision event (operation or HIT): 0, or -1 when e is
 * not a decision. */
int goudan_event_cands(const goudan_event *e, goudan_cands *c);
/* The label of an operation: face(hp1), trade(1x2), play, skill, end_turn. */
const char *goudan_op_label(const goudan_op *op, char *buf, size_t cap);
int goudan_state_json(const goudan_input *in, const goudan_state *s, ds_buf *out);
/* Event i as JSON; a decision's record ("decision", ds_decision_json) has its
 * names and sentences in lang. in may be NULL. */
int goudan_event_json(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                      ds_buf *out);
int goudan_trace_jsonl(const goudan_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out);

/* ---- decision records and sentences (issue 21, docs/games/goudan.md) ---- */

/* 1 with *d filled when event i is a decision (an operation: rule "max_win",
 * measure win_chance, better higher, values = the mover's win probability;
 * a hit: rule "chance", measure chance, values = each outcome's probability),
 * 0 when it is not, -1 when i is out of range. Candidates in the order and
 * with the labels of goudan_event_cands; names and the rule's sentence in
 * lang. in may be NULL (nothing of the input is needed). */
int goudan_decision(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_decision *d);
/* Appends the sentence about event i in lang (goudan_narrate.c). 0 or -1. */
int goudan_narrate(const goudan_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                   ds_buf *out);
/* The state in words (goudan_narrate.c; ds_game.h says what each is): the
 * sentence of step 0, the headline of the state after `step` events, and
 * what event i changed, one sentence a line. 0 or -1. */
int goudan_start(const ds_trace *tr, ds_lang lang, ds_buf *out);
int goudan_headline(const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out);
int goudan_changes(const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out);
/* Who won the game of tr, in words, one line: "小E wins after 3 turns (event
 * 41)" / "小E 在 3 个回合后获胜（第 41 步）"; "no winner" while none. */
int goudan_outcome(const ds_trace *tr, ds_lang lang, ds_buf *out);
/* The name of an operation in words for the mover (0 = 小E, 1 = the teacher,
 * -1 unknown: "the opponent"), in lang: "attack the teacher with your HP-1 minion", "end the turn". */
int goudan_op_say(const goudan_op *op, int mover, ds_lang lang, ds_buf *out);
/* The record of goudan_explain's decision (--explain, the DP view): the same
 * shape as the trace's "decision" (ds_decision_json); mover as goudan_op_say. */
int goudan_explain_decision(const goudan_explanation *g, int mover, ds_lang lang, ds_decision *d);

/* The game interface (engine/core/ds_game.h): its `void *g` is a
 * goudan_input *, which keeps the table solved on first use (up to the HP
 * the call needs) and its evaluator. simulate plays out query 0. */
extern const ds_game goudan_game;

/* ---- judge output, generator -------------------------------------------- */

int goudan_format(const goudan_input *in, const goudan_table *t, ds_buf *out);
/* Appends v as "%.9f" (exactly as printf would) and no newline. */
int goudan_put_prob(ds_buf *out, double v);
int goudan_generate(uint64_t seed, int max, ds_buf *out);
int goudan_generate_all(uint64_t seed, ds_buf *out);
int goudan_generate_o(uint64_t seed); /* the O chosen for a seed: 3 + seed % 3 */

#ifdef __cplusplus
}
#endif
#endif
