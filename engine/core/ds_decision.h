/* ds_decision.h - decision records and the shared sentences about them.
 *
 * Every choice in every game is explained by ONE record shape, filled by the
 * game and written by ONE writer (ds_decision_json), so the trace, the page,
 * the quiz, play mode and the narration read the same facts:
 *
 *   "decision": {"rule", "text", "measure", "better", "rule_choice", "chosen",
 *                "forced", "only", "candidates": [
 *                  {"label", "name", "value", "reason", "note", ...game fields}]}
 *
 * - rule:        a stable code of the rule that decided (per game, documented
 *                in docs/games/<game>.md);
 * - text:        the rule's sentence about THIS decision in the language asked
 *                for; it describes the rule's own choice (rule_choice), never
 *                the forced one;
 * - measure:     what "value" counts (ds_measure_code: "distance", "p",
 *                "difference", "win_chance", "chance", or null);
 * - better:      "higher" or "lower" (the rule prefers that direction), null
 *                when the rule compares no values;
 * - rule_choice: the label the rule picks; chosen: the label taken; forced:
 *                chosen != rule_choice (a variation or a learner's move);
 * - only:        one legal move: nothing was chosen;
 * - seat:        who decides, as the game names its seats in play mode
 *                ("1", "A", "E"); null when nobody does (an outcome of
 *                chance) or when several seats do (mahjong's claim window):
 *                then every candidate has its own "seat" (null: nobody's,
 *                "pass"), and "declines" says, for each of those seats, its
 *                move of not taking any of its candidates: {"label", "name",
 *                "seat", "value", "then"} (then: the label the rule takes
 *                when that seat declines);
 * - candidates:  every legal move, each with its label (for --try, URLs and the
 *                API), its name in words, the value the rule compares (or
 *                null), a reason code (ds_reason, below: how it stands against
 *                the rule's choice) and a note (the reason as a sentence).
 *
 * Reasons are facts the engine knows, so no reader compares values again:
 *   rule_choice         the move the rule picks
 *   worse_value         the rule's measure is strictly worse than its choice's
 *   tie_later_in_order  the same value; the rule's tie order puts it later
 *   lower_priority      a claim the rule ranks below the chosen one
 *                       (mahjong: RON > PONG > CHOW, then seat order)
 *   not_allowed_by_rule legal in the game, but the rule never takes it here
 *   trick_first         thegame: the backwards trick is played before any
 *                       closest move
 *   loses               the move loses the game at once (cirno: p past 99)
 *   chance              an outcome of chance (goudan's hits): nobody chooses
 *
 * The sentences of ds_say_* are the shared part of the catalog of sentences
 * (the games' own sentences are in engine/<game>/<game>_narrate.c, side by
 * side in English and Chinese; docs/narration.md). Portable C11, no state. */
#ifndef DS_DECISION_H
#define DS_DECISION_H

#include "ds_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ds_lang { DS_LANG_EN = 0, DS_LANG_ZH = 1 } ds_lang;
/* "en" / "zh" (also "zh-CN", "zh_TW", ...): 0 with *out set, or -1. */
int ds_lang_parse(const char *s, ds_lang *out);
const char *ds_lang_code(ds_lang l); /* "en" / "zh" */

typedef enum ds_reason {
    DS_REASON_RULE_CHOICE = 0,
    DS_REASON_WORSE_VALUE,
    DS_REASON_TIE_LATER,
    DS_REASON_LOWER_PRIORITY,
    DS_REASON_NOT_ALLOWED,
    DS_REASON_TRICK_FIRST,
    DS_REASON_LOSES,
    DS_REASON_CHANCE,
    DS_REASON_COUNT
} ds_reason;
const char *ds_reason_code(int r); /* "rule_choice", ...; NULL if out of range */

typedef enum ds_measure {
    DS_MEASURE_NONE = 0,
    DS_MEASURE_DISTANCE,   /* mahjong: winning distance after the move */
    DS_MEASURE_P,          /* cirno: p after the card */
    DS_MEASURE_DIFFERENCE, /* thegame: how far the card is from the row's top */
    DS_MEASURE_WIN_CHANCE, /* goudan: the mover's win probability, 0..1 */
    DS_MEASURE_CHANCE,     /* goudan: the probability of a chance outcome */
    DS_MEASURE_COUNT
} ds_measure;
const char *ds_measure_code(int m); /* "distance", ...; NULL for none */

typedef enum ds_better { DS_BETTER_NONE = 0, DS_BETTER_HIGHER, DS_BETTER_LOWER } ds_better;

#define DS_NAME_CAP 112   /* bytes of a move's name, NUL included */
#define DS_TEXT_CAP 400   /* bytes of a rule's sentence */
#define DS_CANDS_MAX 64
#define DS_SEAT_CAP 16     /* bytes of a seat's name, NUL included */
#define DS_DECLINES_MAX 8

typedef struct ds_cand {
    char label[DS_CHOICE_LABEL];
    char name[DS_NAME_CAP];  /* the move in words, in the decision's language */
    double value;            /* valid when has_value */
    int has_value;
    ds_reason reason;
    char seat[DS_SEAT_CAP];  /* whose move, when several seats decide ("": nobody's) */
} ds_cand;

/* A seat's move of not taking any of its candidates, when several seats
 * decide (mahjong's "B declines"): not a candidate, it leads to `then`. */
typedef struct ds_decline {
    char label[DS_CHOICE_LABEL];
    char name[DS_NAME_CAP];
    char seat[DS_SEAT_CAP];
    char then[DS_CHOICE_LABEL]; /* the label the rule takes when the seat declines */
    double value;               /* valid when has_value: the seat's value if it declines */
    int has_value;
} ds_decline;

typedef struct ds_decision {
    const char *rule;        /* the rule's code (a static string) */
    char text[DS_TEXT_CAP];  /* the rule's sentence about its own choice */
    ds_lang lang;
    ds_measure measure;
    ds_better better;
    int rule_choice;         /* index into cand */
    int chosen;              /* index into cand */
    int forced;              /* chosen != rule_choice */
    char seat[DS_SEAT_CAP];  /* who decides; "": nobody (chance) or several (each
                              * candidate's seat, and the declines) */
    size_t n;
    ds_cand cand[DS_CANDS_MAX];
    size_t ndecline;
    ds_decline decline[DS_DECLINES_MAX];
} ds_decision;

/* Empties d for a new decision in lang. */
void ds_decision_reset(ds_decision *d, ds_lang lang);
/* Appends a candidate; returns its index, or -1 when full. name may be NULL
 * (filled later); has_value 0 for null. */
int ds_decision_add(ds_decision *d, const char *label, const char *name, int has_value,
                    double value, ds_reason reason);
/* The index of the candidate with this label, or -1. */
int ds_decision_find(const ds_decision *d, const char *label);
/* The deciding seat (NULL or "": nobody, or several: ds_decision_cand_seat). */
void ds_decision_seat(ds_decision *d, const char *seat);
/* Candidate k is the move of `seat` (several seats decide). */
void ds_decision_cand_seat(ds_decision *d, int k, const char *seat);
/* Appends a seat's decline (several seats decide); -1 when full. */
int ds_decision_add_decline(ds_decision *d, const char *seat, const char *label,
                            const char *name, const char *then, int has_value, double value);
/* Sets chosen and rule_choice (indices) and forced. */
void ds_decision_pick(ds_decision *d, int rule_choice, int chosen);

/* Game fields: extra(ctx, -1, b) may append ,"key":value pairs to the decision
 * object, extra(ctx, k, b) to candidate k. NULL for none. */
typedef void (*ds_decision_extra_fn)(const void *ctx, int k, ds_buf *b);

/* Writes {"rule":...} (the object, no key before it). 0 or -1 (no memory). */
int ds_decision_json(const ds_decision *d, ds_decision_extra_fn extra, const void *ctx,
                     ds_buf *b);

/* ---- the shared sentences ---------------------------------------------- */

/* A probability as a percentage, the one format of every sentence: at most two
 * decimals with trailing zeros dropped ("4.19 %", "50 %"; zh "4.19%"), never
 * rounding a value that is not certain to 0 or 100 ("<0.01 %", ">99.99 %"). */
int ds_say_pct(ds_buf *b, ds_lang lang, double v);
/* A value in the decision's measure: "distance 4", "p 42", "difference 3",
 * "win chance 4.19 %", "chance 50 %"; zh "距离 4", "p = 42", "差 3",
 * "胜率 4.19%", "概率 50%". Nothing for a null value. */
int ds_say_value(ds_buf *b, const ds_decision *d, int k);
/* The note of candidate k: its reason as a short sentence with its value and,
 * where it matters, the rule's ("distance 5, more than the rule's 4"). */
int ds_say_note(ds_buf *b, const ds_decision *d, int k);
/* The clause a sentence about a forced move ends with: " (your choice,
 * distance 5; the rule's move: discard Z, distance 4)" / zh "（你的选择，距离 5；
 * 规则的选择：打出 Z，距离 4）". Nothing when d is not forced. */
int ds_say_forced(ds_buf *b, const ds_decision *d);
/* "a, b and c" / "a、b 和 c" of the n strings s[]. */
int ds_say_list(ds_buf *b, ds_lang lang, const char *const *s, size_t n);
/* The sentence written into b from byte `from` on starts with a capital: an
 * ASCII lower-case first letter is raised (a player's name typed in lower
 * case included); anything else is left as it is. */
int ds_say_capital(ds_buf *b, size_t from);

/* How a move compares with the rule's, in the rule's own measure (play mode's
 * feedback, issue-free of any reader's arithmetic):
 *   DS_CMP_SAME     the rule's own move
 *   DS_CMP_EQUAL    another move of equal value (the rule's tie order differs)
 *   DS_CMP_WORSE    worse by |value - rule's value| (in *by)
 *   DS_CMP_OTHER    no values to compare (a move the rule does not allow, or a
 *                   decision without values) */
typedef enum ds_cmp { DS_CMP_SAME = 0, DS_CMP_EQUAL, DS_CMP_WORSE, DS_CMP_OTHER } ds_cmp;
ds_cmp ds_decision_compare(const ds_decision *d, int k, double *by);
const char *ds_cmp_code(int c); /* "same", "equal", "worse", "other" */

/* A verdict on a move in a game of chance (goudan), on the scale of the less
 * likely outcome: with best the win chance of the best move and after that of
 * the move made, r = (best - after) / min(best, 1 - best) (0 when best is 0
 * or 1): best when best - after <= 1e-9, good when r < 0.10, inaccuracy when
 * r < 0.25, mistake when r < 0.50, blunder otherwise (docs/variations.md
 * says why: chances near 0 or 1 make absolute losses meaningless). */
typedef enum ds_verdict {
    DS_VERDICT_BEST = 0,
    DS_VERDICT_GOOD,
    DS_VERDICT_INACCURACY,
    DS_VERDICT_MISTAKE,
    DS_VERDICT_BLUNDER,
    DS_VERDICT_COUNT
} ds_verdict;
ds_verdict ds_verdict_of(double best, double after, double *r);
const char *ds_verdict_code(int v); /* "best", "good", "inaccuracy", "mistake", "blunder" */

/* The assessment of the move taken (cand[chosen]) against the rule's:
 * win_chance measures get a verdict ("win chance 4.19 % → 2.53 %, 40 % of your
 * chance lost: mistake"), the others a comparison in the rule's measure
 * ("same as the rule", "equal value, other tie order", "worse by 1: distance 5
 * against the rule's 4"). The decision's JSON carries it as "assessment":
 * {"cmp", "by", "verdict", "r", "text"} (verdict and r for win_chance only). */
int ds_say_assessment(ds_buf *b, const ds_decision *d);

#ifdef __cplusplus
}
#endif

#endif
