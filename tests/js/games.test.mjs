// games.test.mjs - one list of games for JavaScript (issue 17): web/shell/games/index.js
// is the C list (`deckscope --games`, engine/core/ds_games.h) in the same order,
// the CLI runs every game of it, and no other script of the page keeps its own
// copy of the ids or a game's number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const SHELL = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const CLI = process.env.DS_CLI || ['build/native/deckscope', 'build/native-asan/deckscope']
  .map((p) => path.join(root, p)).find((p) => existsSync(p));
const G = (await import(pathToFileURL(path.join(SHELL, 'games', 'index.js')).href)).default;

test('games.js is the C list, in the same order (deckscope --games)', () => {
  const c = execFileSync(CLI, ['--games'], { encoding: 'utf8' }).trim().split('\n');
  assert.ok(c.length >= 1);
  assert.deepEqual([...G.ids], c);
  c.forEach((id, i) => {
    assert.equal(G.index(id), i);
    assert.equal(G.id(i), id);
    assert.equal(G.num[id], i);
  });
  assert.equal(G.index('nosuchgame'), -1);
  assert.equal(G.id(c.length), null);
  assert.equal(G.id(-1), null);
  assert.ok(Object.isFrozen(G.ids), 'nobody changes the list');
});

test('the CLI runs every game of the list (its command and its generator), and none other', () => {
  for (const id of G.ids) {
    for (const args of [[id, '--help'], ['gen', id, '--help']]) {
      const r = spawnSync(CLI, args, { encoding: 'utf8' });
      assert.equal(r.status, 0, `deckscope ${args.join(' ')}: ${r.stderr}`);
    }
  }
  const r = spawnSync(CLI, ['gen', 'nosuchgame'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  // the message names the games from the same list
  for (const id of G.ids) assert.match(r.stderr, new RegExp(`\\b${id}\\b`));
});

// Every JavaScript file of the page (all its folders) and the scripts, but games/index.js.
function sources() {
  const files = readdirSync(SHELL, { recursive: true }).filter((f) => /\.(m?js|html)$/.test(f) && f !== path.join('games', 'index.js')).map((f) => path.join(SHELL, f));
  const scripts = path.join(root, 'scripts');
  if (existsSync(scripts)) files.push(...readdirSync(scripts).filter((f) => /\.m?js$/.test(f)).map((f) => path.join(scripts, f)));
  return files;
}

test('no other script lists the game ids or numbers a game by hand', () => {
  const id = `['"\`](?:${G.ids.join('|')})['"\`]`;
  const list = new RegExp(`${id}\\s*,\\s*${id}`); // two ids in a row: a copy of the list
  const files = sources();
  assert.ok(files.some((f) => f.endsWith('app.js')) && files.some((f) => f.endsWith('narrate.js')));
  for (const f of files) {
    const text = readFileSync(f, 'utf8'), name = path.basename(f);
    const m = list.exec(text);
    assert.ok(!m, `${name} lists the games: ${m && m[0]}`);
    text.split('\n').forEach((line, i) => {
      // a game's number as a constant (GOUDAN = 3) or compared by number
      assert.doesNotMatch(line, /\b(CIRNO|THEGAME|MAHJONG|GOUDAN)\s*=\s*\d/, `${name}:${i + 1}: ${line.trim()}`);
      assert.doesNotMatch(line, /\bgame\(\)\s*[!=]==?\s*\d/, `${name}:${i + 1}: ${line.trim()}`);
    });
  }
});

test('the pages load games.js before every script that reads it', () => {
  // ES modules: a module that reads dsGames imports it from games/index.js
  // (so it has run before), and each page loads one entry module.
  for (const page of ['index.html', 'embed.html']) {
    const html = readFileSync(path.join(SHELL, page), 'utf8');
    const mods = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(mods.length, 1, `${page} loads one entry module: ${mods.join(' ')}`);
  }
  for (const f of readdirSync(SHELL, { recursive: true }).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(SHELL, f), 'utf8');
    if (f === path.join('games', 'index.js') || !/\bdsGames\b/.test(text)) continue;
    assert.match(text, /^import \{ dsGames \} from '[./]*(games\/)?index\.js';$/m, `${f} reads dsGames without importing games/index.js`);
  }
});
