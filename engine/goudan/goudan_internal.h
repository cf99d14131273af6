/* goudan_internal.h - board tables shared by the goudan solver, evaluator and
 * playout (not part of the public API). */
#ifndef GOUDAN_INTERNAL_H
#define GOUDAN_INTERNAL_H

#include <stdint.h>

#include "goudan.h"

/* The mover's board with attack marks: u1/u2 unattacked minions of HP 1/2,
 * t1/t2 attacked ones; 70 multisets of at most 4 minions. The other side's
 * board has no marks: 15 "plain" boards (c1, c2). */
enum { GD_NM = 70, GD_NP = 15 };

typedef struct gd_boards {
    int8_t u1[GD_NM], u2[GD_NM], t1[GD_NM], t2[GD_NM], cnt[GD_NM], hp[GD_NM];
    int8_t id[5][5][5][5];   /* (u1,u2,t1,t2) -> flagged id, -1 if > 4 minions */
    int8_t unflag[GD_NM];    /* flagged -> plain board */
    int8_t face[GD_NM][2];   /* unattacked minion of HP 1/2 attacks face: marked */
    int8_t rem[GD_NM][2];    /* unattacked minion of HP 1/2 removed (trade) */
    int8_t hit[GD_NM][4];    /* one hit on a u1/u2/t1/t2 minion */
    int8_t place[GD_NM];     /* a new attacked HP-2 minion; -1 if full */
    int8_t start[GD_NP];     /* plain -> flagged, all unattacked */
    int8_t c1[GD_NP], c2[GD_NP], pcnt[GD_NP], php[GD_NP];
    int8_t prem[GD_NP][2];   /* remove a minion of HP 1/2 */
    int8_t phit[GD_NP][2];   /* one hit on a minion of HP 1/2 */
} gd_boards;

void gd_boards_init(gd_boards *b);

/* The codes of the rules (docs/games/goudan.md): optimal play, and chance
 * (a hit's target); their sentences are in goudan_narrate.c. */
#define GD_RULE_MAX_WIN "max_win"
#define GD_RULE_CHANCE "chance"

struct goudan_table {
    int O, H;
    double *v; /* [a-1][b-1][m][n][x][y], see gd_vindex */
};

static inline size_t gd_vindex(int H, int a, int b, int m, int n) {
    return ((((size_t)(a - 1) * (size_t)H + (size_t)(b - 1)) * GD_NP + (size_t)m) * GD_NP +
            (size_t)n) * 9u;
}

const goudan_table *gd_eval_table(const goudan_eval *ev);
/* The mover's win probability in the middle of a play with hits_left hits
 * still to come (0..3; 0 = the card is placed next): t is the turn state of
 * the game state (goudan_state_turn), the played card still in the hand. */
int gd_eval_in_play(goudan_eval *ev, const goudan_turn *t, int hits_left, double *out,
                    ds_error *err);
/* The game fields of operation candidate k of a decision (ds_decision_json's
 * extra: ,"op",...,"tie"; mover 0/1 adds "e_value", 小E's win probability;
 * -1 leaves it out), or of the decision itself for k = -1 ("value",
 * "chosen_index"). */
void gd_op_extra_json(const goudan_explanation *d, int k, int mover, ds_buf *o);
/* The engine's tie test: op k's value is within GOUDAN_TIE_EPS of the best. */
int gd_op_tie(const goudan_explanation *d, int k);

/* goudan_narrate.c: the words of the decision records. The name of the hit
 * on character r of the hit event e (numbered as the draw); the rule's
 * sentence about its own choice (d's candidates filled) into d->text. */
int gd_hit_say(const goudan_event *e, int r, ds_lang lang, ds_buf *out);
void gd_rule_text(ds_decision *d, int mover, int chance);

static inline int gd_cls(int hand) { return hand >= 2 ? 2 : hand; }

#endif
