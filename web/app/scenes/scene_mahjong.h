/* scene_mahjong.h - the mahjong tile, drawn by the game scene
 * (scene_mahjong.c, which defines it) and by the DP view (scene_dp_mahjong.c). */
#ifndef DS_SCENE_MAHJONG_H
#define DS_SCENE_MAHJONG_H

#include "scenes/scene.h"

enum {
    MJT_HILITE = 1,  /* accent outline (what changed) */
    MJT_DIM = 2,     /* faded (a pond tile that was called) */
    MJT_ADD = 4,     /* a tile to add (target hand) */
    MJT_REMOVE = 8,  /* a tile to remove (crossed) */
    MJT_CALLED = 16, /* the called tile of a meld (marked bar) */
    MJT_BACK = 32    /* face down (the wall) */
};
/* Suit colour of a kind for the theme. */
SDL_Color mj_suit_color(int kind, int dark);
/* A tile card at (x, y) of size w x h renderer pixels; alpha 0..1. */
void mj_draw_tile(const ds_frame *f, float x, float y, float w, float h, int kind, unsigned flags,
                  float alpha);

#endif
