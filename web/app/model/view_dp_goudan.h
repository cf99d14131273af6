/* view_dp_goudan.h - the goudan decision explorer's model (v->dp while
 * v->game == DSV_GOUDAN). Everything it shows comes from the engine:
 *   - the operations of a turn state with their win probabilities
 *     (goudan_explain), best first, the one optimal play picks marked;
 *   - the chance tree of "play a card" (goudan_play_tree); going into a
 *     child builds its state with the engine's goudan_apply (PLAY, the three
 *     HITs, PLACE events), never with a rule of our own;
 *   - a heat map of 小E's win probability over both HPs for the current
 *     boards and hands (goudan_table_value: start-of-turn values);
 *   - the solve as a teaching animation: a second progressive solver
 *     (goudan_solver_*) with a small hp_max, stepped a little every frame,
 *     its layers in the engine's order (goudan_solver_layer).
 * The explorer follows the timeline (the decision at the current step) until
 * the user types a start state or goes into a child; "follow" returns. */
#ifndef DS_VIEW_DP_GOUDAN_H
#define DS_VIEW_DP_GOUDAN_H

#include "goudan/goudan.h"
#include "model/view.h"

enum { DSG_NAV_MAX = 16, DSG_HEAT_MAX = GOUDAN_HP_MAX, DSG_LAYERS_MAX = 64, DSG_ANIM_HP = 8 };

typedef struct dsg_node {
    goudan_state st; /* absolute state (players[0] = 小E); a turn of st.to_move,
                        or a finished game (st.winner >= 0) */
    char label[48];  /* breadcrumb text (ASCII) */
} dsg_node;

typedef struct dsv_dp_goudan {
    uint32_t generation; /* the view generation it was built for */
    size_t step;         /* the timeline step it follows */
    int custom;          /* 1 once the user typed a start state or went into a child */
    long decision_step;  /* step whose state is the root (-1: typed) */
    uint32_t rev;        /* +1 on every change (the page polls it) */

    int n;               /* breadcrumb depth, nav[0..n-1], n >= 1 when ok */
    dsg_node nav[DSG_NAV_MAX];

    /* the explanation of nav[n-1] */
    int ok;              /* 0: nothing to explain (err says why) */
    char err[160];
    char start_err[160]; /* why the last typed start state was refused ("" if none) */
    goudan_turn turn;    /* mover-relative */
    int mover;           /* 0 = 小E, 1 = the teacher */
    double value;        /* the mover's win probability (optimal play) */
    goudan_explanation dec;
    int expanded;        /* the chance tree of "play" is shown */
    int play_index;      /* index of "play" in dec.ops, -1 if not legal */
    goudan_tree tree;
    int selected;        /* tree node under the user's last click, -1 */

    /* heat map: heat[e-1][t-1] = 小E's win probability in the current state
     * (same boards, hands, marks, ops left, mover) with E HP e and T HP t
     * (goudan_eval_value), -1 until computed: cells are filled a few per
     * frame (dsv_dp_goudan_heat_work), nearest to the current HPs first */
    int heat_hp, heat_done;
    double heat[DSG_HEAT_MAX][DSG_HEAT_MAX];
    unsigned char heat_order[DSG_HEAT_MAX * DSG_HEAT_MAX][2];

    /* the teaching solve */
    goudan_solver *anim;
    int anim_hp, anim_playing;
    double anim_units;   /* work units per second at speed 1 */
    double anim_carry;
    int nlayers;
    int layer_total[DSG_LAYERS_MAX];
    uint32_t layer_states[DSG_LAYERS_MAX];
    goudan_solver_info anim_info;
    int anim_on;         /* a teaching solve was started (anim_info and the layers are valid) */
    int anim_done;       /* ... and it has finished */
    /* (what the scene drew, the tree's colours and headings: ds_frame_out.dpg) */

    ds_buf json;         /* handed to the page */
    ds_buf scratch;
} dsv_dp_goudan;

/* The explorer of v (created on first use; NULL unless v shows goudan). */
dsv_dp_goudan *dsv_dp_goudan_get(ds_view *v);
/* The explorer as it is, for drawing: NULL when v has none (never creates). */
const dsv_dp_goudan *dsv_dp_goudan_peek(const ds_view *v);
/* The update step (dsv_dp_update): follow the timeline, advance the teaching
 * solve by dt seconds, fill heat-map cells for about budget_ms. */
void dsv_dp_goudan_update(ds_view *v, double dt, double budget_ms);
/* dsv_animating for the explorer (view.h): the teaching solve plays or
 * heat-map cells are left to fill. */
int dsv_dp_goudan_animating(const ds_view *v);
/* dsv_dp_still for goudan (view.h): the live explorer when the live view is
 * at copy's step, else the explorer of that step; the heat map filled. */
int dsv_dp_goudan_still(ds_view *copy, const ds_view *live);
/* Follows the timeline: rebuilds when the view's step or game changed (not
 * while custom). Cheap when nothing changed. */
void dsv_dp_goudan_sync(ds_view *v, dsv_dp_goudan *dp);
/* Computes heat-map cells for about budget_ms; returns 1 while some are left. */
int dsv_dp_goudan_heat_work(ds_view *v, dsv_dp_goudan *dp, double budget_ms);
/* Back to following the timeline. */
void dsv_dp_goudan_follow(ds_view *v, dsv_dp_goudan *dp);
void dsv_dp_goudan_expand(ds_view *v, dsv_dp_goudan *dp, int on);
/* Goes into chance-tree node i (a leaf: the turn after the play, or a game
 * over). 0 or -1. */
int dsv_dp_goudan_enter(ds_view *v, dsv_dp_goudan *dp, int node);
/* Breadcrumb: keeps nav[0..depth]. */
void dsv_dp_goudan_back(ds_view *v, dsv_dp_goudan *dp, int depth);
/* A typed start state as a goudan input text (T = 1, the loaded O): 小E to
 * move after the draw. 0, or -1 with dp->err. */
int dsv_dp_goudan_start(ds_view *v, dsv_dp_goudan *dp, const char *text, size_t len);
/* The teaching solve: cmd 0 pause, 1 play, 2 restart (and play). */
void dsv_dp_goudan_anim(ds_view *v, dsv_dp_goudan *dp, int cmd);
/* Advances the teaching solve by dt seconds of animation time. */
void dsv_dp_goudan_anim_tick(ds_view *v, dsv_dp_goudan *dp, double dt);

/* Short ASCII name of an operation ("FACE 1", "TRADE 1x2", "PLAY", ...). */
void dsv_dp_goudan_op_code(const goudan_op *op, char *out, size_t n);
/* Short ASCII name of a hit target class ("E", "T", "E:1", "T:2", ...) seen
 * from the mover. */
const char *dsv_dp_goudan_target_code(int target, int mover);

#endif
