/* mahjong.h - THUPC 2021 pre, problem L "麻将模拟器" (mahjong simulator).
 *
 * Simulates one game exactly as the judge does and records it as a trace of
 * events that the viewer can step through. Rules as implemented, every
 * interpretation and the official case that settled it: docs/games/mahjong.md.
 *
 * Typical use
 *     mahjong_input *in; ds_trace tr; ds_buf out; ds_error err;
 *     if (mahjong_parse(text, len, &in, &err)) ... report err.line/err.col/err.msg
 *     if (mahjong_simulate(in, &tr, &err)) ...
 *     mahjong_format(in, &tr, &out, NULL);      judge output, built from the trace
 *     mahjong_trace_jsonl(in, &tr, &out);       or: JSON Lines, one event per line
 *     ds_trace_free(&tr); mahjong_input_free(in);
 *
 * Tiles. A tile kind is an index 0..36:
 *     0..8   1M..9M      9..17  1P..9P      18..26 1S..9S
 *     27..33 E S W N B F Z (honours)         34 PASS  35 REVERSE  36 DOUBLE
 * The discard tie order of the statement (Z F B N W S E 9S..1S 9P..1P 9M..1M)
 * is exactly "highest kind index first".
 *
 * Data layout. mahjong_state is a fixed-size POD (no pointers): four hands as
 * counts per kind, the melds, the four discard ponds, the wall position, the
 * direction of play, whose turn it is and in which phase, the PASS skip flags
 * and every player's current winning distance. mahjong_event is a fixed-size
 * POD too, and carries its decision record inline (a game has at most a few
 * hundred events): a discard lists every candidate with the distance after
 * discarding it and the rule that chose, plus, for a normal tile, what each of
 * the three other players could do with it (RON / PONG / CHOW, distances
 * before and after every option) and the verdict for each.
 *
 * The winning distance (和牌距离) is computed by ONE dynamic programme over the
 * 34 tile kinds (mahjong_distance / mahjong_distance_explain, see below).
 */
#ifndef DS_MAHJONG_H
#define DS_MAHJONG_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"
#include "ds_decision.h"
#include "ds_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- tiles --------------------------------------------------------------- */

enum {
    MJ_KINDS = 37,        /* tile kinds, specials included */
    MJ_NORMAL_KINDS = 34, /* kinds that can form groups */
    MJ_HONOUR0 = 27,      /* E */
    MJ_PASS = 34,
    MJ_REVERSE = 35,
    MJ_DOUBLE = 36,
    MJ_TILES = 148,       /* the wall */
    MJ_PLAYERS = 4,
    MJ_DEAL = 13,         /* tiles dealt to each player */
    MJ_MAX_MELDS = 4,
    MJ_MAX_HAND = 14,
    MJ_POND_MAX = 120,    /* discards per player: at most 96 draws + 16 calls */
    MJ_NOBODY = 255
};

/* "1M", ..., "Z", "PASS", "REVERSE", "DOUBLE"; "?" for an invalid kind. */
const char *mahjong_tile_name(int kind);
/* Kind of the tile name s[0..n), or -1. */
int mahjong_tile_parse(const char *s, size_t n);
/* 'A'..'D' */
char mahjong_player_name(int player);

/* ---- the winning distance ---------------------------------------------------
 *
 * distance(H, n) = the least x such that adding x tiles to the hand H and
 * removing x-1 (|H| = 13-3n) or x (|H| = 14-3n) hand tiles gives a winning
 * hand with at most 4 tiles of each kind (melds not counted). Equivalently,
 * with F ranging over winning hands of 14-3n normal tiles (4-n groups, each a
 * sequence or a triplet, plus one pair; at most 4 of a kind):
 *     distance(H, n) = (14 - 3n) - max_F  sum_k min(F[k], H[k])
 * which does not depend on |H| and ignores special tiles (they can only be
 * removed). The maximum is a DP over the 34 kinds; see docs/games/mahjong.md.
 *
 * The DP state at a kind boundary is (g, p, s1, s2): g groups placed so far
 * (0..4-n), p pairs placed (0..1), s1 sequences started at the previous kind,
 * s2 sequences started two kinds back (both still need tiles). Its index is
 * MJ_DP_IDX(g, p, s1, s2); the value is the best number of hand tiles matched
 * so far, or -1 when the state is unreachable. Only groups that can match a
 * hand tile are placed (the others are fillers added at the end), and a state
 * dominated by one with no more groups/pairs and the same (s1, s2) is not
 * expanded; both keep the maximum exact.
 */
enum { MJ_DP_STATES = 250 };
#define MJ_DP_IDX(g, p, s1, s2) ((((g) * 2 + (p)) * 5 + (s1)) * 5 + (s2))
#define MJ_DP_PRUNED 0x2000

/* The record of one run of the DP, for the viewer / --explain. */
typedef struct mahjong_dp_record {
    int melds;             /* n */
    int groups;            /* 4 - n */
    int hand_tiles;        /* |H|, specials included */
    int distance;
    int best_match;        /* sum_k min(F[k], H[k]) of the optimum */
    uint8_t hand[MJ_KINDS];
    /* value[k][s]: the table after kinds 0..k-1 (value[0] = the start: only
     * state (0,0,0,0) = 0). value[34][end_state] is best_match. */
    int8_t value[MJ_NORMAL_KINDS + 1][MJ_DP_STATES];
    /* choice[k][s]: how state s of value[k+1] was reached from value[k]:
     * bits 0..7 the source state index, bits 8..10 the sequences started at
     * kind k, bit 11 a triplet of kind k, bit 12 the pair on kind k, bit 13
     * (MJ_DP_PRUNED) set when the state is dominated and was not expanded;
     * 0xFFFF when unreachable. Among equal values the first one found wins
     * (source states in the order they were reached, then s, t, q
     * increasing). */
    uint16_t choice[MJ_NORMAL_KINDS][MJ_DP_STATES];
    int end_state;         /* the best state of value[34] (first maximum in index
                            * order); its missing groups/pair are fillers */
    /* the backtracked optimum, per kind (fillers included) */
    uint8_t seq_start[MJ_NORMAL_KINDS]; /* sequences k, k+1, k+2 in F */
    uint8_t triplet[MJ_NORMAL_KINDS];   /* 0/1 */
    uint8_t pair[MJ_NORMAL_KINDS];      /* 0/1 */
    uint8_t filler[MJ_NORMAL_KINDS];    /* 1: the triplet/pair on k only completes F */
    uint8_t target[MJ_NORMAL_KINDS];    /* F[k] */
    uint8_t add[MJ_KINDS];              /* max(F[k] - H[k], 0): the x tiles added */
    uint8_t remove[MJ_KINDS];           /* max(H[k] - F[k], 0), specials included */
} mahjong_dp_record;

/* Optional memo of per-block results (a suit's 9 counts, or the 7 honours ->
 * the best match with at most g groups and p pairs inside the block, for
 * g <= 4, p <= 1), computed by the same recurrence.
 * Owned by the caller; NULL means "no cache". */
typedef struct mahjong_dist_cache mahjong_dist_cache;
mahjong_dist_cache *mahjong_dist_cache_new(void);
void mahjong_dist_cache_free(mahjong_dist_cache *c);
/* lookups and misses so far (for benchmarks) */
void mahjong_dist_cache_stats(const mahjong_dist_cache *c, uint64_t *hits, uint64_t *misses);

/* The distance of hand counts[0..36] (specials ignored) with `melds` melds
 * (0..4; -1 for any other value). Does not check the hand size or the
 * counts; callers validate them (mahjong_parse_hand does). */
int mahjong_distance(const uint8_t counts[MJ_KINDS], int melds, mahjong_dist_cache *cache);

/* The distance after discarding one copy of each normal kind of the hand:
 * out[k] = mahjong_distance(counts minus one k, melds) for every k < 34 the
 * hand holds, -1 for the others (the discard candidates of a turn). A discard
 * changes one block (a suit or the honours), so the other three are combined
 * once per block instead of once per candidate. 0, or -1 when melds is not
 * 0..4. */
int mahjong_distance_discards(const uint8_t counts[MJ_KINDS], int melds, mahjong_dist_cache *cache,
                              int8_t out[MJ_NORMAL_KINDS]);

/* Same value, running the whole 34-kind DP while recording every table and
 * the backtracked target hand into *rec. Returns the distance (-1 when melds
 * is not 0..4). */
int mahjong_distance_explain(const uint8_t counts[MJ_KINDS], int melds, mahjong_dp_record *rec);

/* Parses a hand "1M 1M 2M ..." (tiles separated by blanks) for --distance:
 * line/column errors for unknown tiles, a fifth copy of a kind, and a tile
 * count other than 13-3n or 14-3n. */
int mahjong_parse_hand(const char *text, size_t len, int melds, uint8_t counts[MJ_KINDS],
                       ds_error *err);

/* ---- input --------------------------------------------------------------- */

typedef struct mahjong_input {
    uint8_t wall[MJ_TILES]; /* tile kinds, front of the wall first */
    int line[MJ_TILES];     /* input line of each tile (for messages) */
    /* the distance cache of mahjong_game's simulate (made on first use, freed
     * by mahjong_input_free; NULL from mahjong_parse): the variations of one
     * input share most of their hands */
    mahjong_dist_cache *cache;
} mahjong_input;

/* 148 lines, one tile each; at most 4 of each kind (so exactly 4). */
int mahjong_parse(const char *text, size_t len, mahjong_input **out, ds_error *err);
void mahjong_input_free(mahjong_input *in);

/* ---- state ----------------------------------------------------------------- */

typedef enum mahjong_phase {
    MJ_PH_DEAL = 0,    /* dealing: the next tile goes to player wall_pos % 4 */
    MJ_PH_TURN = 1,    /* `cur` starts a turn: skip it (PASS) or draw */
    MJ_PH_DRAWN = 2,   /* `cur` has drawn: SELFDRAWN or discard */
    MJ_PH_DISCARD = 3, /* `cur` called (PONG/CHOW) and discards without drawing */
    MJ_PH_CLAIM = 4,   /* the last discard is being claimed (RON/PONG/CHOW) */
    MJ_PH_WON = 5,     /* RON or SELFDRAWN declared; the WIN line follows */
    MJ_PH_OVER = 6     /* game over (winner, or an exhaustive draw) */
} mahjong_phase;

typedef enum mahjong_meld_kind { MJ_MELD_PONG = 1, MJ_MELD_CHOW = 2 } mahjong_meld_kind;

typedef struct mahjong_meld {
    uint8_t kind;   /* mahjong_meld_kind */
    uint8_t low;    /* lowest tile (the tile itself for a pong) */
    uint8_t called; /* the discarded tile that was taken */
    uint8_t from;   /* the player who discarded it */
} mahjong_meld;

typedef struct mahjong_pond_tile {
    uint8_t tile;
    uint8_t taken_by; /* MJ_NOBODY, or the player who called it (RON/PONG/CHOW) */
} mahjong_pond_tile;

typedef struct mahjong_state {
    uint8_t hand[MJ_PLAYERS][MJ_KINDS]; /* counts per kind, specials included */
    uint8_t hand_n[MJ_PLAYERS];         /* tiles in hand */
    mahjong_meld melds[MJ_PLAYERS][MJ_MAX_MELDS];
    uint8_t meld_n[MJ_PLAYERS];
    mahjong_pond_tile pond[MJ_PLAYERS][MJ_POND_MAX];
    uint8_t pond_n[MJ_PLAYERS];
    int8_t dist[MJ_PLAYERS]; /* winning distance of the hand; -1 while dealing */
    uint8_t skip[MJ_PLAYERS]; /* 1: this player's next turn is skipped (PASS) */
    uint8_t wall_pos;  /* tiles taken from the wall so far (0..148) */
    int8_t dir;        /* +1: A B C D A ...; -1: A D C B A ... */
    uint8_t cur;       /* player to act (see phase) */
    uint8_t phase;     /* mahjong_phase */
    uint8_t last_from; /* player of the last normal discard (MJ_NOBODY if none) */
    uint8_t last_tile; /* that tile */
    uint8_t winner;    /* MJ_NOBODY, or the winner once decided */
    uint8_t win_how;   /* 0, MJ_EV_RON or MJ_EV_SELFDRAWN */
    uint16_t turns;    /* turns started (draws + call turns) */
} mahjong_state;

/* ---- events ---------------------------------------------------------------- */

typedef enum mahjong_event_kind {
    MJ_EV_DEAL = 1,      /* "x IN y" while dealing */
    MJ_EV_DRAW = 2,      /* "x IN y" at the start of a turn */
    MJ_EV_SKIP = 3,      /* a turn skipped because of PASS (no output line) */
    MJ_EV_SELFDRAWN = 4, /* "x SELFDRAWN" */
    MJ_EV_DISCARD = 5,   /* "x OUT y" / "x OUT PASS z" */
    MJ_EV_RON = 6,       /* "x RON" */
    MJ_EV_PONG = 7,      /* "x PONG y y y" */
    MJ_EV_CHOW = 8,      /* "x CHOW y1 y2 y3" */
    MJ_EV_WIN = 9,       /* "x WIN" */
    MJ_EV_EXHAUSTED = 10 /* "DRAW": a player had to draw and the wall was empty */
} mahjong_event_kind;

/* Why a discard was chosen (the rule's own choice; in a variation the event
 * may take another candidate, see `forced`). */
typedef enum mahjong_discard_rule {
    MJ_WHY_SPECIAL = 1,   /* special tiles go first: PASS, then REVERSE, then DOUBLE */
    MJ_WHY_MIN_DIST = 2,  /* the unique candidate with the least distance */
    MJ_WHY_TIE_ORDER = 3, /* several share the least distance: Z F B N W S E 9S..1M */
    MJ_WHY_SELFDRAWN = 4  /* the hand after the draw wins: the rule declares SELFDRAWN */
} mahjong_discard_rule;

/* mahjong_event.rule_tile when the rule's own choice is SELFDRAWN */
enum { MJ_RULE_SELFDRAWN = 254 };

/* What one of the three other players did about a normal discard. */
typedef enum mahjong_verdict {
    MJ_V_NOTHING = 0,       /* no RON, no PONG, no CHOW possible */
    MJ_V_RON = 1,           /* wins by RON */
    MJ_V_RON_CUT_OFF = 2,   /* could RON, but an earlier player along the turn order did (截和) */
    MJ_V_PONG = 3,          /* pongs: the distance strictly drops */
    MJ_V_CHOW = 4,          /* chows (the highest option with a strict drop) */
    MJ_V_DECLINED = 5,      /* could call, but no option strictly lowers the distance */
    MJ_V_PREEMPTED = 6      /* would call, but a RON / a PONG takes precedence */
} mahjong_verdict;

/* A call option record: the distance before calling is `dist` below. */
typedef struct mahjong_claim {
    uint8_t player;
    uint8_t verdict;      /* mahjong_verdict */
    uint8_t ron;          /* 1 if the hand plus the tile is a winning hand */
    int8_t dist;          /* distance of the hand before any call */
    int8_t pong_after;    /* distance after PONG (-1: fewer than two copies) */
    /* CHOW options, only for the next player and a suited tile:
     * chow_after[j] is the distance after the chow whose lowest tile is
     * tile - j (j = 0: tile,tile+1,tile+2 (the highest); 1: tile-1,tile,tile+1;
     * 2: tile-2,tile-1,tile), -1 when the two other tiles are not in hand. */
    int8_t chow_after[3];
} mahjong_claim;

typedef struct mahjong_cand {
    uint8_t tile;
    int8_t dist; /* distance after discarding it (-1 for a special tile) */
} mahjong_cand;

typedef struct mahjong_event {
    uint8_t kind;     /* mahjong_event_kind */
    uint8_t player;   /* actor */
    uint8_t tile;     /* drawn / discarded / claimed tile (MJ_NOBODY if none) */
    uint8_t target;   /* PASS: the skipped player; CHOW: the lowest tile of the
                       * chow; SKIP: the next player; else MJ_NOBODY */
    int8_t dist;      /* the actor's distance after the event (-1 unknown) */
    /* decision record of a discard (and of a SELFDRAWN: its candidates are
     * the discards the winner could make instead) */
    uint8_t rule;     /* mahjong_discard_rule */
    uint8_t ncand;
    uint8_t forced;   /* 1: a forced choice (variation) took another candidate
                       * than the rule's (never set in the main line) */
    uint8_t can_win;  /* 1: the hand after the draw wins: SELFDRAWN is a candidate */
    uint8_t rule_tile;   /* the rule's own choice: a tile kind, or MJ_RULE_SELFDRAWN */
    uint8_t rule_target; /* ... and its PASS target (MJ_NOBODY otherwise) */
    uint8_t claim_by; /* player who claims the discard, MJ_NOBODY if nobody */
    uint8_t claim_how;/* MJ_EV_RON / MJ_EV_PONG / MJ_EV_CHOW, 0 if nobody */
    uint8_t nclaims;  /* 3 for a normal tile, 0 for a special tile */
    /* the candidates the rule compares: the specials in hand (dist -1) when
     * there are some, else every normal kind in the order Z F B .. 1M with
     * the distance after discarding it (none on a SELFDRAWN; all normal
     * kinds on a discard that declined a win). The decision record
     * (mahjong_decision_at) lists every tile in hand in any case. */
    mahjong_cand cand[MJ_MAX_HAND];
    /* the other players in turn order from the discarder (next player first);
     * claim_by / claim_how / target are the RULE's verdict: in a variation the
     * next event may take another claim (see mahjong_decision_at) */
    mahjong_claim claims[3];
} mahjong_event;

/* ---- game ---------------------------------------------------------------- */

/* The initial state (before dealing). */
void mahjong_initial(mahjong_state *st);
/* The single rule implementation shared by simulation and replay. */
void mahjong_apply(void *state, const void *event, const void *input);

typedef struct mahjong_stats {
    uint64_t distance_calls; /* evaluations of the distance function */
} mahjong_stats;

/* Initializes *tr (ds_trace_init) and plays the whole game into it. On error
 * (out of memory, event limit) the trace is freed and -1 returned. */
int mahjong_simulate(const mahjong_input *in, ds_trace *tr, ds_error *err);
/* A variation (docs/variations.md): at event ch[k].i the candidate labelled
 * ch[k].label of that event's decision is taken instead of the rule's choice
 * (ch sorted by i, as ds_choices_parse makes it; n = 0 is mahjong_simulate).
 * Errors (the trace freed, -1): the event is not a decision
 * (ds_choice_not_decision), the label is not one of its candidates
 * (ds_choice_not_candidate), a choice past the end (ds_choices_unused). */
int mahjong_simulate_try(const mahjong_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                         ds_error *err);
/* With a caller-owned cache (may be NULL) and counters (may be NULL). */
int mahjong_simulate_with(const mahjong_input *in, ds_trace *tr, mahjong_dist_cache *cache,
                          mahjong_stats *stats, ds_error *err);
/* Both: forced choices, cache and counters. */
int mahjong_simulate_full(const mahjong_input *in, const ds_choice *ch, size_t n, ds_trace *tr,
                          mahjong_dist_cache *cache, mahjong_stats *stats, ds_error *err);

/* ---- decisions: the candidates of an event, with their labels ---------------
 *
 * Two kinds of events are decisions (docs/games/mahjong.md):
 *   - a turn decision: every DISCARD and every SELFDRAWN event. Candidates:
 *     "SELFDRAWN" when the hand after the draw wins, then every distinct kind
 *     in hand: "PASS A".."PASS D" (PASS naming each player), "REVERSE",
 *     "DOUBLE", then the normal tiles "Z", "F", .., "1M" (value: the distance
 *     after discarding it; SELFDRAWN 0).
 *   - the claim window of a normal discard: the event right after it (a RON,
 *     PONG or CHOW, or the next turn's draw / skip / DRAW when nobody claims),
 *     when at least one player could claim. Candidates, the players in turn
 *     order from the discarder: "B RON" (only the first player who could win),
 *     "B PONG", "C CHOW 3P 4P 5P" (highest first), and "pass" last (value: the
 *     claimer's distance after the call; RON 0; pass none).
 *     A window also accepts "B declines" for each player with a candidate:
 *     that player does not claim and the rule decides among the others (a
 *     player cut off by B's RON stays cut off). It is no candidate of its
 *     own: it always leads to one of them (decline[].then), often "pass",
 *     but not always (B declines a PONG, C still CHOWs by the rule).
 */
enum { MJ_OPTIONS_MAX = 20 };

typedef struct mahjong_option {
    char label[DS_CHOICE_LABEL];
    uint8_t kind;    /* MJ_EV_SELFDRAWN, MJ_EV_DISCARD, MJ_EV_RON, MJ_EV_PONG,
                      * MJ_EV_CHOW, or 0 for "pass" */
    uint8_t player;  /* who acts (MJ_NOBODY for "pass") */
    uint8_t tile;    /* the discarded tile (turn) / the claimed tile (window) */
    uint8_t target;  /* PASS: the named player; CHOW: its lowest tile */
    int8_t value;    /* the distance after the move; -1 = none ("pass") */
    int8_t before;   /* window: the claimer's distance before; else -1 */
} mahjong_option;

/* "B declines" in a claim window: the candidate the rule takes when B does
 * not claim. */
typedef struct mahjong_decline {
    char label[DS_CHOICE_LABEL]; /* "B declines" */
    uint8_t player;
    int then;                    /* index in opt[] of what the rule takes then */
} mahjong_decline;

typedef struct mahjong_options {
    int window;      /* 0: a turn decision, 1: a claim window */
    int n;           /* candidates */
    int chosen;      /* index of the candidate the event took */
    int rule;        /* index of the rule's own choice (== chosen unless forced) */
    mahjong_option opt[MJ_OPTIONS_MAX];
    int ndecline;    /* window: one per player with a candidate, in turn order */
    mahjong_decline decline[3];
} mahjong_options;

/* 1 and *d filled when event i of tr is a decision, 0 when it is not (or i
 * is past the end). */
int mahjong_decision_at(const ds_trace *tr, size_t i, mahjong_options *d);
/* ---- the decision record and the sentences (issue 21) -----------------------
 *
 * mahjong_decision: 1 with *d filled (engine/core/ds_decision.h) when event i
 * is a decision, 0 when it is not, -1 when d is full. The candidates are
 * mahjong_decision_at's, in its order and with its labels; value = the
 * winning distance after the move (RON and SELFDRAWN 0, "pass" none); name,
 * text in lang. Rule codes: "selfdrawn", "special_first", "min_distance",
 * "tie_order" (a turn); "ron_first_along_turn_order", "pong_strict_drop",
 * "chow_highest_strict_drop", "no_claim" (a claim window). Reasons:
 * worse_value (a larger distance), tie_later_in_order (the same distance,
 * later in Z F B .. 1M, or a special after the rule's in PASS REVERSE
 * DOUBLE), lower_priority (a claim that lowers its player's distance but
 * ranks below the rule's: RON > PONG > CHOW, the highest CHOW first),
 * not_allowed_by_rule (a win declined, a normal tile while holding a
 * special, PASS naming another player than the next, a call that does not
 * lower the distance strictly, "pass" while the rule claims).
 * docs/games/mahjong.md lists them with the names. */
int mahjong_decision(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_decision *d);
/* The same, also returning mahjong_decision_at's record in *md. */
int mahjong_decision_full(const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d,
                          mahjong_options *md);
/* The move of o in words ("discard 3S", "B calls PONG on 3S", "nobody calls
 * 3S"; zh "打出 3S", "B 碰 3S", "无人鸣 3S"); "B lets the tile go" / "B 不鸣牌"
 * for "B declines". snprintf's return. */
int mahjong_option_name(const mahjong_option *o, ds_lang lang, char *buf, size_t cap);
int mahjong_decline_name(int player, ds_lang lang, char *buf, size_t cap);
/* The sentence about event i in lang (the caption; mahjong_narrate.c): a
 * forced move says so and names the rule's move with both distances. */
int mahjong_narrate(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out);
/* The state in words (mahjong_narrate.c; ds_game.h says what each is): the
 * sentence of step 0, the headline of the state after `step` events, and
 * what event i changed, one sentence a line. 0 or -1. */
int mahjong_start(ds_lang lang, ds_buf *out);
int mahjong_headline(const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out);
int mahjong_changes(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                    ds_buf *out);
/* mahjong_outcome in lang (English: the same words). */
int mahjong_outcome_lang(const ds_trace *tr, ds_lang lang, ds_buf *out);
/* The catalog's sentence on a claim verdict (MJ_V_*): why a player could or
 * could not call the discarded tile ("text" of a claim in the trace). */
const char *mahjong_claim_text(int verdict, ds_lang lang);
/* The game's interface (mahjong_game.c, engine/core/ds_game.h). */
extern const ds_game mahjong_game;

/* What event i is, for "event I is <what>, not a decision": "a deal",
 * "a draw", "a skipped turn", "the exhaustive draw (DRAW)", "the WIN line". */
const char *mahjong_event_what(const mahjong_event *ev);
/* The outcome of a finished game, one line without '\n' (for --compare):
 * "B wins by RON on A's discard 3P (event 153)", "C wins by SELFDRAWN
 * (event 98)", "DRAW: D must draw and the wall is empty (event 201)". */
int mahjong_outcome(const ds_trace *tr, ds_buf *out);

/* Judge output from the trace. lines_at_step (optional) gets n+1 entries. */
int mahjong_format(const mahjong_input *in, const ds_trace *tr, ds_buf *out,
                   uint32_t *lines_at_step);
/* Appends the output line of one event (nothing for SKIP); returns the
 * number of lines written (0 or 1) or -1. */
int mahjong_event_line(const mahjong_event *ev, ds_buf *out);

/* Event i as one JSON object; its "decision" (ds_decision_json) and names in
 * lang. */
int mahjong_event_json(const mahjong_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                       ds_buf *out);
int mahjong_state_json(const mahjong_input *in, const mahjong_state *st, ds_buf *out);
/* Header line (game, wall, initial state) and one line per event. */
int mahjong_trace_jsonl(const mahjong_input *in, const ds_trace *tr, ds_lang lang,
                        ds_buf *out);
/* The DP record as JSON (one object, no newline). */
int mahjong_dp_record_json(const mahjong_dp_record *rec, ds_buf *out);

/* A shuffled deck of the 148 tiles, one per line. `max` is unused. */
int mahjong_generate(uint64_t seed, int max, ds_buf *out);

/* Fisher-Yates shuffle of the deck in kind form (for tests and benches). */
void mahjong_random_wall(uint64_t seed, uint8_t wall[MJ_TILES]);

#ifdef __cplusplus
}
#endif
#endif
