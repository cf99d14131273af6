/* scenes.c - which scene draws a view (scene.h). */
#include "scenes/scene.h"

const ds_scene *ds_scene_of_game(int g) {
    static const ds_scene *const games[DSV_GAMES] = {
#define DS_SCENE_PTR_(NAME, id) &ds_scene_##id,
        DS_GAMES(DS_SCENE_PTR_)
#undef DS_SCENE_PTR_
    };
    return g >= 0 && g < DSV_GAMES ? games[g] : NULL;
}

const ds_scene *ds_scene_for(const ds_view *v) {
    const ds_scene *sc;
    if (!v || v->busy || !v->loaded || !(sc = ds_scene_of_game(v->game))) return &ds_scene_placeholder;
    return v->mode == DSV_MODE_DP && sc->dp ? sc->dp : sc;
}
