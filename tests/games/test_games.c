/* test_games.c - the one game list of C (engine/core/ds_games.h) is the list
 * the front end uses: numbers, ids and the page's exports agree with it, and
 * the mark kinds the page reads are the model's.
 *
 * (That the CLI dispatches exactly these games, and that the page's
 * web/shell/games/index.js lists them in the same order, is tests/js/games.test.mjs,
 * through `deckscope --games` and every game's --help.) */
#include <string.h>

#include "ds_game.h"
#include "ds_games.h"
#include "ds_test.h"
#ifdef DS_TEST_VIEW
#include "model/view.h"
#include "api/view_api.h"
#endif

int main(void) {
    char words[96], small[8];
    int g, n = 0;
    CHECK(DS_NGAMES >= 1);
    CHECK(ds_game_id(-1) == NULL && ds_game_id(DS_NGAMES) == NULL);
    CHECK(ds_game_index(NULL) == -1 && ds_game_index("") == -1 && ds_game_index("nosuchgame") == -1);
    ds_game_words(words, sizeof words);
    for (g = 0; g < DS_NGAMES; g++) {
        const char *id = ds_game_id(g);
        CHECK(id && *id);
        if (!id) continue;
        CHECK_EQ_INT(ds_game_index(id), g);
        CHECK(strstr(words, id) != NULL); /* every id in the usage words */
        n++;
    }
    CHECK_EQ_INT(n, DS_NGAMES);
    /* the games' interfaces (ds_game.h) are listed in the same order, each
     * complete */
    CHECK(ds_game_at(-1) == NULL && ds_game_at(DS_NGAMES) == NULL);
    for (g = 0; g < DS_NGAMES; g++) {
        const ds_game *G = ds_game_at(g);
        CHECK(G != NULL);
        if (!G) continue;
        CHECK(!strcmp(G->id, ds_game_id(g)));
        CHECK(G->parse && G->free && G->simulate && G->format && G->trace_jsonl && G->decision &&
              G->narrate && G->outcome && G->generate);
    }
    /* the words cut short stay terminated and never overflow */
    CHECK(strlen(ds_game_words(small, sizeof small)) < sizeof small);
    CHECK(ds_game_words(small, 0) == small);
    /* the X-macro's names are the ids: DS_GAME_GOUDAN is "goudan" */
#define CHECK_NAME_(NAME, id) CHECK(!strcmp(ds_game_id(DS_GAME_##NAME), #id));
    DS_GAMES(CHECK_NAME_)
#undef CHECK_NAME_
#ifdef DS_TEST_VIEW
    /* the front end numbers and names the games from the same list */
    CHECK_EQ_INT(DSV_GAMES, DS_NGAMES);
    CHECK_EQ_INT(DSV_CIRNO, DS_GAME_CIRNO);
    CHECK_EQ_INT(DSV_THEGAME, DS_GAME_THEGAME);
    CHECK_EQ_INT(DSV_MAHJONG, DS_GAME_MAHJONG);
    CHECK_EQ_INT(DSV_GOUDAN, DS_GAME_GOUDAN);
    for (g = 0; g < DS_NGAMES; g++) {
        CHECK(!strcmp(dsv_game_id(g), ds_game_id(g)));
        CHECK_EQ_INT(dsv_game_from_id(ds_game_id(g)), g);
    }
    CHECK(!strcmp(dsv_game_id(DS_NGAMES), "none") && dsv_game_from_id("x") == -1);
    {
        /* the page's export: ["cirno",...] built from the same X-macro */
        char want[256] = "[";
        for (g = 0; g < DS_NGAMES; g++) {
            if (g) strcat(want, ",");
            strcat(want, "\"");
            strcat(want, ds_game_id(g));
            strcat(want, "\"");
        }
        strcat(want, "]");
        CHECK(!strcmp(dsv_api_games(), want));
        CHECK(!strcmp(dsv_api_games(), want)); /* the same on every call */
        if (strcmp(dsv_api_games(), want)) fprintf(stderr, "dsv_api_games: %s, want %s\n", dsv_api_games(), want);
    }
    {
        /* mark kinds: position k of the export is DSV_MARK_<NAME> */
        const char *m = dsv_api_mark_kinds();
        CHECK(m[0] == '[' && m[strlen(m) - 1] == ']');
        CHECK(strstr(m, "\"none\"") == m + 1); /* DSV_MARK_NONE = 0, first */
        CHECK_EQ_INT(DSV_MARK_NONE, 0);
        CHECK_EQ_INT(DSV_MARK_END, DSV_NMARKS - 1);
        CHECK(strstr(m, "\"end\"]") != NULL); /* DSV_MARK_END last */
        {
            int commas = 0;
            const char *p;
            for (p = m; *p; p++) commas += *p == ',';
            CHECK_EQ_INT(commas + 1, DSV_NMARKS);
        }
    }
#endif
    DS_TEST_MAIN_END();
}
