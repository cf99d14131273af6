/* scenes.c - which scene draws a view (scene.h). */
#include "scenes/scene.h"

const ds_scene *ds_scene_for(const ds_view *v) {
    static const ds_scene *const games[DSV_GAMES] = {
#define DS_SCENE_PTR_(NAME, id) &ds_scene_##id,
        DS_GAMES(DS_SCENE_PTR_)
#undef DS_SCENE_PTR_
    };
    if (!v || v->busy || !v->loaded || v->game < 0 || v->game >= DSV_GAMES) return &ds_scene_placeholder;
    if (v->mode == DSV_MODE_DP) {
        if (v->game == DSV_MAHJONG) return &ds_scene_dp_mahjong;
        if (v->game == DSV_GOUDAN) return &ds_scene_dp_goudan;
    }
    return games[v->game];
}
