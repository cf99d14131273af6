/* view_dp_mahjong.h - mahjong's winning-distance DP view (view_dp_mahjong.c)
 * (its page functions: api/api_dp_mahjong.c).
 *
 * The DP view state lives in ds_view.dp while v->game == DSV_MAHJONG (freed
 * by ds_view.dp_release on every load). It holds ONE mahjong_dp_record made
 * by the engine (mahjong_distance_explain) for the hand being explained, the
 * decision candidates of the step it was opened at, and the animation cursor
 * (columns filled so far). Nothing here computes a distance: every value is
 * read from the record or from the engine's decision record of the event. */
#ifndef DS_VIEW_DP_MAHJONG_H
#define DS_VIEW_DP_MAHJONG_H

#include "mahjong/mahjong.h"
#include "model/view.h"

/* ---- the DP view (view_dp_mahjong.c) ---------------------------------------- */
#define MJ_DPV_MAGIC 0x4d4a4450u /* "MJDP" */

/* Animation positions: 0 = the start column only, k = tables value[0..k]
 * shown (k = 1..34), 35 = the optimal path traced back, 36 = the target hand. */
enum { MJ_DPV_POS_TRACE = 35, MJ_DPV_POS_TARGET = 36, MJ_DPV_POS_MAX = 36 };

enum { MJ_DPV_MAX_CANDS = 24 };

typedef struct mj_dpv_cand {
    int kind;        /* 0 discard, 1 keep (no call), 2 RON, 3 PONG, 4 CHOW */
    int player;      /* whose hand */
    int tile;        /* discarded / claimed tile */
    int low;         /* CHOW: the lowest tile of the sequence */
    int dist;        /* the engine's distance after it (-1 unknown) */
    int chosen;      /* 1: what the engine did */
    uint8_t counts[MJ_KINDS];
    int melds;
} mj_dpv_cand;

typedef struct mj_dpv {
    uint32_t magic;
    uint32_t generation;     /* view generation it belongs to */
    int ok;                  /* 1: rec is valid (a complete hand) */
    int version;             /* +1 whenever the explained hand changes */
    size_t step;             /* the game step it was opened at */
    int player;              /* whose hand */
    int source;              /* -1: the hand at step; else the candidate index */
    uint8_t counts[MJ_KINDS];
    int melds;
    mahjong_dp_record rec;
    int decision_event;      /* index of the event whose candidates are listed, -1 */
    int decision_kind;       /* 0 none, 1 discard, 2 claims */
    int ncand;
    mj_dpv_cand cand[MJ_DPV_MAX_CANDS];
    /* rows: the reachable states (value >= 0 in some table), in index order */
    int nrows;
    uint8_t row_state[MJ_DP_STATES];
    int16_t state_row[MJ_DP_STATES]; /* -1 when not shown */
    uint8_t path[MJ_NORMAL_KINDS + 1]; /* backtracked state of value[k] */
    /* animation */
    int pos;                 /* 0..MJ_DPV_POS_MAX, settled position */
    int from_pos;
    double anim;             /* 0..1 tween from from_pos to pos */
    int playing;
    double speed;            /* 0.25..8 */
    double hold;
    int follow;              /* the player to re-open when the step changes (-1: the one to act) */
    /* (what the scene measured while drawing, the row under the pointer:
     * ds_frame_out.dpm, frame_out.h) */
} mj_dpv;

/* The view's DP state if it is a valid mahjong one, else NULL. */
const mj_dpv *mj_dpv_get(const ds_view *v);
/* Creates/refreshes the DP state for v (following the current step when it
 * was never opened explicitly). Returns it or NULL (no mahjong loaded). */
mj_dpv *mj_dpv_sync(ds_view *v);
/* Opens the DP of `player`'s hand (-1: the player to act) at `step`. */
int mj_dpv_open(ds_view *v, size_t step, int player);
/* Opens the DP of candidate i of the current decision. */
int mj_dpv_open_candidate(ds_view *v, int i);
void mj_dpv_seek(mj_dpv *d, int pos, int animate);
void mj_dpv_tick(mj_dpv *d, double dt, int reduced_motion);
/* The update step (dsv_dp_update): follow the step, then tick by dt. */
void mj_dpv_update(ds_view *v, double dt);
/* dsv_animating for the DP view (view.h): its columns fill or it plays. */
int mj_dpv_animating(const ds_view *v);
/* dsv_dp_still for mahjong (view.h). */
int mj_dpv_still(ds_view *copy, const ds_view *live);
/* Short code of a state index, "g1p0[10]" style, into buf. */
void mj_dpv_state_code(int s, char *buf, size_t n);

#endif
