// game_ids.test.mjs - only games/ knows a game by its id (issue 22): the files of
// web/shell/games/ (the registry games/index.js, each game's games/info/<id>.js
// and the DP panels games/<id>.js) may name a game; every other script and page
// of web/shell asks the registry (dsGames.get(id).play.seats, dsGames.queries(id),
// dsGames.dp(id), ...) instead.
//
// What counts as naming a game, in .js and .html files, comments included:
//   - a string literal that is an id: 'goudan', "cirno", `mahjong`
//     (so game === 'goudan', value="cirno", case 'thegame':);
//   - an object key that is an id: { goudan: ... } (a table keyed by game);
//   - a member named by an id: dsGames.num.goudan, data-i18n="game.cirno".
// Words in prose are not names: a comment may say "goudan's answers", an
// i18n key may contain an id ('legend.' + id is built from the registry).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHELL = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');
const { dsGames } = await import(pathToFileURL(path.join(SHELL, 'games', 'index.js')).href);

const alt = dsGames.ids.join('|');
const PATTERNS = [
  new RegExp(`['"\`](?:${alt})['"\`]`, 'g'), // a string literal
  new RegExp(`(?:^|[{,])\\s*(?:${alt})\\s*:(?!:)`, 'gm'), // an object key
  new RegExp(`\\.(?:${alt})\\b`, 'g'), // a member (C.goudan_query, a C export's name, is none)
];
// every name of a game in a text, as [line, what]
export function namesIn(text) {
  const out = [];
  for (const re of PATTERNS) {
    for (const m of text.matchAll(re)) out.push([text.slice(0, m.index).split('\n').length, m[0].trim()]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

// A file that names a game may be listed here with how often, while its code
// moves into games/ (none is left: keep it empty).
const LEFT = {};

test('the check finds a name in each form it forbids, and not in prose', () => {
  const id = dsGames.ids[dsGames.ids.length - 1];
  for (const s of [`if (g === '${id}') x();`, `<option value="${id}">`, `case \`${id}\`: break;`,
    `const T = {\n  ${id}: [1],\n};`, `const T = { a: 1, ${id}: 2 };`, `// as in '${id}'`, `const n = dsGames.num.${id};`]) {
    assert.equal(namesIn(s).length, 1, s);
  }
  for (const s of [`// ${id}'s answers: one per query`, `t('legend.' + g)`, `C.${id}_query()`, `'out.title${id}'`, `x ? ${id}Seed : 0`]) {
    assert.deepEqual(namesIn(s), [], s);
  }
  assert.ok(dsGames.ids.length >= 1 && dsGames.all.every((g) => dsGames.get(g.id) === g));
});

test('only web/shell/games/ names a game by its id', () => {
  const files = readdirSync(SHELL, { recursive: true }).map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => /\.(m?js|html)$/.test(f) && !f.startsWith('node_modules/')).sort();
  assert.ok(files.includes('app.js') && files.includes('index.html') && files.includes('games/index.js'), files.join(' '));
  const over = [];
  let left = 0;
  for (const f of files) {
    if (f.startsWith('games/')) continue;
    const names = namesIn(readFileSync(path.join(SHELL, f), 'utf8'));
    left += names.length;
    if (names.length > (LEFT[f] || 0)) over.push(`${f}: ${names.length} (allowed ${LEFT[f] || 0}): ` + names.map(([l, w]) => `${l}:${w}`).join(' '));
  }
  assert.deepEqual(over, []);
  console.log(`# game ids named outside games/: ${left}`);
});

test('every game of the registry says what the page needs of it', () => {
  for (const g of dsGames.all) {
    assert.ok(['lines', 'state', 'queries'].includes(g.output), g.id);
    assert.ok(g.dp === null || ['start', 'decision'].includes(g.dp.from), g.id);
    assert.equal(g.legend.length > 0, true, g.id);
    for (const lang of ['en', 'zh']) {
      const w = g.words[lang];
      assert.ok(w.name && w.intro && w.start, `${g.id} ${lang}`);
      assert.equal(w.legend.length, g.legend.length, `${g.id} ${lang}: a line of words per legend mark`);
    }
    const p = g.play;
    assert.ok(p.seats === null || (p.seats.length > 0 && p.seats.every((s) => p.seat(s) === s)), `${g.id}: its seats are seats`);
    if (p.seats) assert.equal(p.seat('no such seat'), null, g.id);
    // whose decision an event is, the seat's options and the rule's move for
    // it are the engine's record's ("seat", candidates' seats, "declines"):
    // no game says it in the page (issue 21)
    assert.equal('mine' in p, false, `${g.id}: play.mine is gone: the decision record's "seat" says whose decision it is`);
    assert.ok(p.seats !== null || typeof p.plays === 'function', `${g.id}: seats named by the input are checked against the game`);
  }
  assert.equal(dsGames.first, dsGames.ids[0]);
});
