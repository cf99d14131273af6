/* games.js - the four games: the page's one list of their ids.
 *
 * Every script of the page that names, counts or numbers the games reads it
 * from here (app.js, embed.js, narrate.js, lesson.js, teach.js, the DP
 * panels); no other JavaScript file lists the ids (tests/js/games.test.mjs
 * checks that). A game's number is its position: the number the C view uses
 * (dsv_api_load, dsv_api_game). The C side has its own single list,
 * engine/core/ds_games.h; `deckscope --games` prints it, and the test checks
 * that the two are the same, in the same order (the page also compares it
 * with the module's dsv_api_games when it starts).
 *
 * An ES module (import { dsGames } from 'games/index.js'), node imports it too.
 *
 *   dsGames.ids            ['cirno', 'thegame', 'mahjong', 'goudan']
 *   dsGames.index(id)      its number, or -1
 *   dsGames.id(n)          the id of number n, or null
 *   dsGames.num.<id>       the number of a game by name (dsGames.num.goudan)
 */
  const ids = Object.freeze(['cirno', 'thegame', 'mahjong', 'goudan']);
  const num = {};
  ids.forEach((g, i) => { num[g] = i; });
  const api = Object.freeze({
    ids,
    num: Object.freeze(num),
    index: (id) => ids.indexOf(String(id)),
    id: (n) => (Number.isInteger(n) && n >= 0 && n < ids.length ? ids[n] : null),
  });
export const dsGames = api;
export default api;
