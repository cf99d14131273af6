/* ds_games.h - the four games: the one list of their ids in C.
 *
 * Everything in C that names or counts the games reads it from here: the
 * CLI's command table and usage messages (cli/main.c), the front end's game
 * numbers (DSV_* in web/app/model/view.h are these), its game ids
 * (dsv_game_id), the placeholder scene, the tests. The page's JavaScript
 * has its own single copy, web/shell/games/index.js, in the same order; the CLI
 * prints this list (`deckscope --games`) and tests/js/games.test.mjs checks
 * that the two agree.
 *
 * DS_GAMES(X) calls X(NAME, id) once per game, in order: the number of a
 * game (DS_GAME_<NAME>) is its position, the number the page passes to
 * dsv_api_load. Portable C11, no state.
 */
#ifndef DS_GAMES_H
#define DS_GAMES_H

#include <stddef.h>

#define DS_GAMES(X)        \
    X(CIRNO, cirno)        \
    X(THEGAME, thegame)    \
    X(MAHJONG, mahjong)    \
    X(GOUDAN, goudan)

enum {
#define DS_GAME_ENUM_(NAME, id) DS_GAME_##NAME,
    DS_GAMES(DS_GAME_ENUM_)
#undef DS_GAME_ENUM_
    DS_NGAMES
};

/* The id of game g ("cirno", ...), or NULL when g is not a game. */
const char *ds_game_id(int g);
/* The number of the game with this id, or -1 (also for NULL). */
int ds_game_index(const char *id);
/* The ids in words for messages, "cirno, thegame, mahjong or goudan", into
 * buf (always terminated, cut to cap). Returns buf. */
const char *ds_game_words(char *buf, size_t cap);

#endif
