/* games/index.js - the games: the page's one list, and what the page knows of each.
 *
 * Only the files of games/ name a game by its id (tests/js/layers.test.mjs):
 * games/info/<id>.js says what the page needs of that game (its seats, how
 * its judge output reads, whether it has a DP view, its legend and its words;
 * a plain object, no imports), games/<id>.js is a game's DP panel (mahjong,
 * goudan; imported by main.js), and this file lists the games in order. Every other script reads the ids and the games'
 * properties from here (app.js, embed.js, narrate.js, lesson.js, teach.js,
 * play.js, assign.js, the DP panels); none keeps its own copy of the list
 * (tests/js/games.test.mjs).
 *
 * A game's number is its position: the number the C view uses (dsv_api_load,
 * dsv_api_game). The C side has its own single list, engine/core/ds_games.h;
 * `deckscope --games` prints it, and the test checks that the two are the
 * same, in the same order (the page also compares it with the module's
 * dsv_api_games when it starts).
 *
 * An ES module (import { dsGames } from 'games/index.js'), node imports it too.
 *
 *   dsGames.ids            the ids, in the engine's order
 *   dsGames.all            the GameInfo of each (below), in the same order
 *   dsGames.first          the page's game when nothing names one (the first of the list)
 *   dsGames.index(id)      its number, or -1
 *   dsGames.id(n)          the id of number n, or null
 *   dsGames.num.<id>       the number of a game by name (dsGames.num[id])
 *   dsGames.get(id)        what the page knows of the game (a GameInfo, below), or null
 *   dsGames.queries(id)    its judge output is one answer per query (get(id).output === 'queries')
 *   dsGames.dp(id)         it has a DP view (the `d` key, its panel)
 */
import cirno from './info/cirno.js';
import thegame from './info/thegame.js';
import mahjong from './info/mahjong.js';
import goudan from './info/goudan.js';

/**
 * What the page needs of one game.
 * @typedef {object} GameInfo
 * @property {string} id  the engine's id (engine/core/ds_games.h)
 * @property {'lines' | 'state' | 'queries'} output  how its judge output reads:
 *   'lines': the moves write it line by line (a line is the step that wrote it);
 *   'state': it is the state of the game, rewritten at every step (the output
 *   pane shows it as of the step: dsv_api_thegame_lines);
 *   'queries': one answer per query of the input, all known once the table is
 *   solved; the canvas plays one query out (the query picker, &query=, &qseed=)
 * @property {{ from: 'start' | 'decision' } | null} dp  its DP view, or null for none;
 *   `from`: where embed.html's view=dp starts when the frame names no step
 * @property {readonly string[]} legend  the marks the canvas draws, as the legend lists them
 * @property {Readonly<Record<'en' | 'zh', GameWords>>} words  its words in each language
 *   (core/i18n.js's keys game.<id>, intro.<id>, why.start.<id>, legend.<id>.<k>)
 * @property {GamePlay} play  its seats in play mode (features/play.js)
 */
/**
 * @typedef {object} GameWords
 * @property {string} name  its name in the game picker and titles
 * @property {string} intro  the first visit's sentence: the problem and its origin
 * @property {string} start  the why panel at step 0: what to look at
 * @property {readonly string[]} legend  what each mark of `legend` means
 */
/**
 * @typedef {object} GamePlay
 * @property {string[] | null} seats  the seats offered, or null: one per player
 *   of the input (1-based), whose names are seats too
 * @property {(s: string) => string | null} seat  a seat as typed (&play=) in its
 *   one spelling, or null for no seat of this game
 * @property {((ev: any, seat: string) => boolean) | null} plays  for seats named
 *   by the input: whether the seat moves in event `ev` (a seat that never moves
 *   is none); null when every seat of `seats` plays
 * @property {boolean} losses  the rule's measure is a win chance with a verdict:
 *   the summary adds up the chance the learner's moves lost
 */

/** @type {readonly GameInfo[]} */
const games = Object.freeze([cirno, thegame, mahjong, goudan]);
const ids = Object.freeze(games.map((g) => g.id));
/** @type {Record<string, number>} */
const num = {};
ids.forEach((g, i) => { num[g] = i; });
/** @param {unknown} id */
const get = (id) => games.find((g) => g.id === String(id)) || null;
const api = Object.freeze({
  ids,
  all: games,
  first: ids[0],
  num: Object.freeze(num),
  /** @param {unknown} id */
  index: (id) => ids.indexOf(String(id)),
  /** @param {unknown} n */
  id: (n) => (Number.isInteger(n) && Number(n) >= 0 && Number(n) < ids.length ? ids[Number(n)] : null),
  get,
  /** @param {unknown} id */
  queries: (id) => get(id)?.output === 'queries',
  /** @param {unknown} id */
  dp: (id) => !!get(id)?.dp,
});
export const dsGames = api;
export default api;
