/* frame_out.h - what a drawn frame reports back besides its pixels.
 *
 * Scenes draw from a const ds_view and never write into the model; the few
 * facts the page and its tests read about the picture itself (the strings
 * drawn, the clickable regions, the DP scenes' measured layout, the pointer's
 * row, the chance tree's colours) go here instead. A ds_frame_out belongs to
 * whoever draws: the platform layer's ds_app for the visible canvas (the
 * page reads it through view_api.c), an offscreen render its own (thrown
 * away), a test its own. It is rewritten by every frame; the hits keep a
 * per-step cache of the decision's labels across frames.
 *
 * No SDL here: the model library (view_api.c) reads it. */
#ifndef DS_FRAME_OUT_H
#define DS_FRAME_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ds_core.h"
#include "goudan/goudan.h"

/* What a click on the canvas can choose (docs/scenes.md "Regions"): when a
 * game scene draws a settled step s whose event s is a decision, it copies
 * that decision's candidate labels and, where the record has them, its
 * "declines" (mahjong: a seat not claiming; the engine's decision record, the
 * event's JSON) and registers the shape of each object that stands for some of them
 * (a card, a row, a tile, a seat, a button) with the set of labels it means.
 * Coordinates are the canvas's CSS pixels (renderer pixels / ds_frame.scale).
 * Written by the scenes while drawing (scene_util.c su_hits_*), read by
 * dsv_api_hit / dsv_api_regions; valid for (generation, step) only. */
enum { DSV_HIT_LABELS = 48, DSV_HITS_MAX = 64 };
typedef struct dsv_hit {
    float x, y, w, h;  /* CSS pixels */
    uint64_t mask;     /* bit k: label[k] of dsv_hits */
} dsv_hit;
typedef struct dsv_hits {
    int valid;                 /* 1: the last frame drew step `step` settled, at a decision */
    size_t step;               /* the step the regions belong to */
    uint32_t generation;       /* ... of this line (ds_view.generation) */
    size_t cand_step;          /* the candidates below are event cand_step's */
    uint32_t cand_generation;  /* of that line (0: none yet; a loaded line is >= 1) */
    int nlabels;               /* the decision's candidate labels, in its order, then its declines */
    char label[DSV_HIT_LABELS][DS_CHOICE_LABEL];
    int n;                     /* regions, in drawing order (the last drawn is on top) */
    dsv_hit r[DSV_HITS_MAX];
} dsv_hits;

typedef struct ds_frame_out {
    ds_buf drawn;    /* the strings the frame drew, one per line (text.c records
                        them when ds_text.record points here; dsv_api_drawn_strings) */
    dsv_hits hits;   /* the clickable candidates (above) */
    /* the mahjong DP scene (scene_dp_mahjong.c), CSS px: the font of the cell
     * numbers (0 = colour only), the row height, the row labels' left edge and
     * the first row's top; the DP state of the row under the pointer (-1) */
    struct {
        float cell_px, row_px, table_x, table_y;
        int hover_state;
    } dpm;
    /* the goudan DP scene (scene_dp_goudan.c): the fill of each chance-tree
     * node (0xRRGGBB, -1 = not drawn) and the column headings drawn */
    struct {
        int32_t color[GOUDAN_TREE_MAX];
        int heads;
    } dpg;
} ds_frame_out;

/* Nothing drawn yet. */
static inline void ds_frame_out_init(ds_frame_out *o) {
    int i;
    memset(o, 0, sizeof *o);
    ds_buf_init(&o->drawn);
    o->dpm.hover_state = -1;
    for (i = 0; i < GOUDAN_TREE_MAX; i++) o->dpg.color[i] = -1;
}
static inline void ds_frame_out_free(ds_frame_out *o) { ds_buf_free(&o->drawn); }

#endif
