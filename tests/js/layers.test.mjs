// layers.test.mjs - the page's ES modules keep their layers (issue 22,
// docs/ARCHITECTURE.md "web/shell, layer by layer"):
//
//   games/info/<id>.js what the page knows of a game (games/index.js's GameInfo): imports nothing
//   games/index.js     the games' list: imports games/info/<id>.js only
//   core/              imports core/ and games/index.js
//   ui/                imports ui/, core/ and games/index.js
//   features/          imports features/, ui/, core/ and games/index.js
//   games/<id>.js      a game's DP panel: imports core/ and games/index.js
//   app.js, embed.js   the two viewers: core/, ui/, games/index.js (and a
//                      feature on demand, by import())
//   main.js, embed-main.js   the entries: anything
//
// Also: every .js file of web/shell is a module (no window.X global but the
// documented window.deckscope), every import resolves to a file, and each page
// loads exactly one module.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHELL = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');

// theme.js runs before the first paint, so it is the one classic script (ui/theme.js).
const CLASSIC = new Set(['ui/theme.js']);
const files = readdirSync(SHELL, { recursive: true }).map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.js') && !f.startsWith('node_modules/')).sort();
const read = (f) => readFileSync(path.join(SHELL, f), 'utf8');

// the layer of a file, or null for an unknown place
export function layerOf(f) {
  if (f === 'games/index.js') return 'registry';
  if (/^games\/info\/[a-z0-9]+\.js$/.test(f)) return 'game';
  if (f === 'main.js' || f === 'embed-main.js') return 'entry';
  if (f === 'app.js' || f === 'embed.js') return 'viewer';
  const top = f.split('/')[0];
  if (f.includes('/') && ['core', 'ui', 'features', 'games'].includes(top)) return top;
  return null;
}
const MAY = {
  game: [],
  registry: ['game'],
  core: ['core', 'registry'],
  ui: ['ui', 'core', 'registry'],
  features: ['features', 'ui', 'core', 'registry'],
  games: ['core', 'registry'],
  viewer: ['ui', 'core', 'registry'],
  entry: ['entry', 'viewer', 'features', 'ui', 'core', 'games', 'registry'],
};
// what a viewer may import on demand (import('...')) on top of MAY
const MAY_LATER = { viewer: ['features'] };

// [{spec, dynamic}] of a module's imports
export function importsOf(text) {
  const out = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)) {
    out.push({ spec: m[1] || m[2], dynamic: false });
  }
  // (not a JSDoc type: {import('./index.js').GameInfo})
  for (const m of text.matchAll(/(?<!\{)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1], dynamic: true });
  return out;
}

test('the rule catches an upward import', () => {
  assert.equal(layerOf('core/i18n.js'), 'core');
  assert.equal(layerOf('stray.js'), null);
  assert.ok(!MAY.core.includes(layerOf('features/quiz.js')));
  assert.ok(!MAY.ui.includes(layerOf('app.js')));
  assert.ok(!MAY.games.includes(layerOf('features/play.js')));
  assert.equal(layerOf('games/info/goudan.js'), 'game');
  assert.equal(layerOf('games/goudan.js'), 'games');
  assert.ok(!MAY.game.includes(layerOf('games/index.js')) && !MAY.registry.includes(layerOf('games/goudan.js')));
  assert.deepEqual(importsOf("import a from '../ui/x.js';\nimport './y.js';\nconst q = import('./z.js');"),
    [{ spec: '../ui/x.js', dynamic: false }, { spec: './y.js', dynamic: false }, { spec: './z.js', dynamic: true }]);
});

test('every script of web/shell sits in a layer and imports only below it', () => {
  assert.ok(files.length >= 20, `the page's modules: ${files.join(' ')}`);
  const bad = [];
  for (const f of files) {
    if (CLASSIC.has(f)) continue;
    const layer = layerOf(f);
    if (!layer) { bad.push(`${f}: in no layer (core/ ui/ features/ games/)`); continue; }
    for (const { spec, dynamic } of importsOf(read(f))) {
      if (!spec.startsWith('.')) { bad.push(`${f}: imports ${spec}, not a file of the page`); continue; }
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(f), spec));
      if (!existsSync(path.join(SHELL, target))) { bad.push(`${f}: imports ${spec}: no such file`); continue; }
      const to = layerOf(target);
      const ok = MAY[layer].includes(to) || (dynamic && (MAY_LATER[layer] || []).includes(to));
      if (!ok) bad.push(`${f} (${layer}) imports ${target} (${to})`);
    }
  }
  assert.deepEqual(bad, []);
});

test('no script reads or writes a global but window.deckscope', () => {
  const bad = [];
  for (const f of files) {
    if (CLASSIC.has(f)) continue;
    read(f).split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      // window.X / globalThis.X / root.X for an X of the page's own
      for (const m of line.matchAll(/\b(?:window|globalThis|root)\.(ds[A-Z]\w*|deckscope[A-Z]\w*)/g)) bad.push(`${f}:${i + 1}: ${m[0]}`);
      if (/\bmodule\.exports\b|\brequire\(/.test(line)) bad.push(`${f}:${i + 1}: CommonJS: ${line.trim()}`);
    });
  }
  assert.deepEqual(bad, []);
});

test('each page loads one entry module, and nothing else of the page but theme.js', () => {
  for (const [page, entry] of [['index.html', 'main.js'], ['embed.html', 'embed-main.js']]) {
    const html = read(page);
    const srcs = [...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"/g)].map((m) => ({ module: /type="module"/.test(m[1]), src: m[2] }));
    assert.deepEqual(srcs.filter((s) => s.module).map((s) => s.src), [entry], page);
    for (const s of srcs.filter((x) => !x.module)) {
      assert.ok(s.src === 'deckscope-view.js' || CLASSIC.has(s.src), `${page}: classic script ${s.src}`);
    }
  }
});

// That only games/ names a game by its id: tests/js/game_ids.test.mjs.
