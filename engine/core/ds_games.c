/* ds_games.c - the game ids of ds_games.h, by number and back, and the games'
 * interfaces (ds_game.h) by number: the one place that lists them. */
#include <string.h>

#include "ds_game.h"
#include "ds_games.h"

#define DS_GAME_EXTERN_(NAME, id) extern const ds_game id##_game;
DS_GAMES(DS_GAME_EXTERN_)
#undef DS_GAME_EXTERN_

static const ds_game *const games[DS_NGAMES] = {
#define DS_GAME_PTR_(NAME, id) &id##_game,
    DS_GAMES(DS_GAME_PTR_)
#undef DS_GAME_PTR_
};

const ds_game *ds_game_at(int g) { return g >= 0 && g < DS_NGAMES ? games[g] : NULL; }

static const char *const ids[DS_NGAMES] = {
#define DS_GAME_ID_(NAME, id) #id,
    DS_GAMES(DS_GAME_ID_)
#undef DS_GAME_ID_
};

const char *ds_game_id(int g) { return g >= 0 && g < DS_NGAMES ? ids[g] : NULL; }

int ds_game_index(const char *id) {
    int g;
    for (g = 0; id && g < DS_NGAMES; g++)
        if (!strcmp(id, ids[g])) return g;
    return -1;
}

const char *ds_game_words(char *buf, size_t cap) {
    size_t n = 0;
    int g;
    if (!buf || !cap) return buf;
    buf[0] = '\0';
    for (g = 0; g < DS_NGAMES; g++) {
        const char *sep = g == 0 ? "" : g == DS_NGAMES - 1 ? " or " : ", ";
        size_t a = strlen(sep), b = strlen(ids[g]);
        if (n + a + b >= cap) break;
        memcpy(buf + n, sep, a);
        memcpy(buf + n + a, ids[g], b);
        n += a + b;
        buf[n] = '\0';
    }
    return buf;
}
