// lessons_shipped.test.mjs - the lessons shipped in assets/lessons/ (docs/teaching.md,
// "The shipped lessons"): one per game in English and in Chinese, valid lesson files
// (lesson.js's validate), 6-12 notes, at least one in a variation, the two languages
// the same notes at the same steps with the same claims; and every note's claim
// ("expect": fields of the event that leads to the note's step) checked against the
// engine: the native CLI's --trace of the note's line (--try for a variation; goudan:
// --playout --seed <qseed> of query 1). A note that names the wrong step fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const shell = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const lessonsDir = path.join(root, 'assets', 'lessons');
const samplesDir = path.join(root, 'assets', 'samples');
const L = (await import(pathToFileURL(path.join(shell, 'features', 'lesson.js')).href)).default;
const GAMES = (await import(pathToFileURL(path.join(shell, 'games', 'index.js')).href)).default.ids;
const CLI = process.env.DS_CLI || path.join(root, 'build', 'native', 'deckscope');
const LANGS = ['en', 'zh'];

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const lessonFile = (game, lang) => path.join(lessonsDir, `${game}.${lang}.json`);

import { claim, matches } from './lesson_claims.mjs';

// ---- the engine's traces, one per (lesson input, line) ----------------------------------
const traces = new Map();
function inputFile(les) {
  const s = les.source;
  if (s.sample) {
    const f = path.join(samplesDir, les.game, `sample-${s.sample}.in`);
    assert.ok(existsSync(f), `${les.game}: sample ${s.sample} is not in assets/samples`);
    return { file: f };
  }
  if (s.seed !== undefined) return { text: execFileSync(CLI, ['gen', les.game, '--seed', String(s.seed)], { encoding: 'utf8' }) };
  return { text: s.input };
}
function trace(les, line) {
  const key = les.game + JSON.stringify(les.source) + (les.qseed ?? '') + '|' + line;
  if (traces.has(key)) return traces.get(key);
  const inp = inputFile(les);
  const args = les.game === 'goudan' ? ['goudan', '--playout', '--seed', String(les.qseed ?? 1)] : [les.game, '--trace'];
  if (line) args.push('--try', line);
  args.push(inp.file || '-');
  const out = execFileSync(CLI, args, { input: inp.text, encoding: 'utf8', maxBuffer: 256 << 20 });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines[0].type, 'header');
  traces.set(key, lines);
  return lines;
}
// The event a note's step shows (event step-1; step 0 is the header's state).
function eventAt(les, note) {
  const t = trace(les, note.line);
  assert.ok(note.step <= t.length - 1, `step ${note.step} is past the end (${t.length - 1} steps)`);
  return t[note.step];
}

// ---- the tests ------------------------------------------------------------------------------
test('a lesson for each game in English and Chinese, each a valid lesson file', () => {
  for (const g of GAMES) {
    for (const lang of LANGS) {
      const f = lessonFile(g, lang);
      assert.ok(existsSync(f), `${path.relative(root, f)} is missing`);
      const raw = read(f);
      const les = L.validate(raw); // throws with the page's message when the file is bad
      assert.equal(les.game, g);
      assert.equal(les.lang, lang);
      assert.ok(les.title && les.title.length > 5, `${g}.${lang}: a title`);
      assert.ok(les.notes.length >= 6 && les.notes.length <= 12, `${g}.${lang}: ${les.notes.length} notes (6-12)`);
      assert.ok(les.notes.some((n) => n.line !== ''), `${g}.${lang}: at least one note in a variation`);
      if (g !== 'mahjong' && g !== 'goudan') assert.ok(les.notes.every((n) => !n.view || !n.view.dp), `${g}: no DP view`);
      if (g === 'goudan') assert.ok(!les.query || les.query === 1, 'goudan: query 1 (the CLI plays out query 1)');
      for (const [k, n] of raw.notes.entries()) {
        assert.ok(n.expect && typeof n.expect === 'object' && Object.keys(n.expect).length,
          `${g}.${lang} note ${k + 1}: a claim ("expect") to check`);
        if (lang === 'zh') assert.match(n.text, /[\u4e00-\u9fff]/, `${g}.zh note ${k + 1} is in Chinese`);
      }
      // the tour plays notes in order: a line's notes by step
      const byLine = new Map();
      for (const n of les.notes) {
        const prev = byLine.get(n.line);
        if (prev !== undefined) assert.ok(n.step > prev, `${g}.${lang}: the notes of line "${n.line}" in step order`);
        byLine.set(n.line, n.step);
      }
    }
  }
});

test('the English and the Chinese lesson are the same notes with the same claims', () => {
  for (const g of GAMES) {
    const [en, zh] = LANGS.map((lang) => read(lessonFile(g, lang)));
    for (const k of ['game', 'source', 'variation', 'step', 'query', 'qseed']) assert.deepEqual(zh[k], en[k], `${g}: "${k}"`);
    assert.equal(zh.notes.length, en.notes.length, `${g}: as many notes`);
    en.notes.forEach((n, k) => {
      const z = zh.notes[k];
      for (const f of ['step', 'line', 'view', 'expect']) assert.deepEqual(z[f], n[f], `${g} note ${k + 1}: "${f}"`);
      // the same `code` words (cards, tiles, labels): the same things named
      const codes = (s) => L.parseNote(s).flat().filter((r) => r[0] === 'code').map((r) => r[1]).sort();
      assert.deepEqual(codes(z.text), codes(n.text), `${g} note ${k + 1}: the same \`code\` words in both languages`);
    });
  }
});

test('every claim of every note is what the engine shows at that step', () => {
  let checked = 0;
  for (const g of GAMES) {
    for (const lang of LANGS) {
      const les = read(lessonFile(g, lang));
      les.notes.forEach((n, k) => {
        const where = `${g}.${lang} note ${k + 1} (step ${n.step}${n.line ? ', line ' + n.line : ''})`;
        const ev = eventAt(les, n);
        const next = trace(les, n.line)[n.step + 1] || null;
        for (const [p, want] of Object.entries(n.expect)) {
          const got = claim(ev, next, p, trace(les, n.line)[0]);
          assert.ok(got.found, `${where}: the event has no ${p}: ${JSON.stringify(ev).slice(0, 300)}`);
          assert.ok(matches(got.value, want), `${where}: ${p} is ${JSON.stringify(got.value)}, the note claims ${JSON.stringify(want)}`);
          checked++;
        }
        // a variation's note: its line's last choice is forced and taken (the step is in the variation)
        if (n.line) {
          const last = n.line.split(',').pop();
          const i = Number(last.slice(0, last.indexOf(':')));
          const forced = trace(les, n.line)[i + 1];
          assert.equal(forced.decision && forced.decision.chosen, last.slice(last.indexOf(':') + 1), `${where}: event ${i} takes the forced choice`);
          assert.ok(n.step > i, `${where}: the note is at or after the forced choice`);
        }
        // every `code` word of the text is a word of that event (a card, a tile, a label)
        const text = JSON.stringify(ev) + JSON.stringify(next);
        for (const run of L.parseNote(n.text).flat()) {
          if (run[0] === 'code') assert.ok(text.includes(JSON.stringify(run[1])) || (n.line || '').includes(run[1]), `${where}: \`${run[1]}\` is not in the event`);
        }
      });
    }
  }
  assert.ok(checked >= 4 * 2 * 6, `${checked} claims checked`);
});

test('a claim at the wrong step fails (the check can fail)', () => {
  for (const g of GAMES) {
    const les = read(lessonFile(g, 'en'));
    let caught = 0;
    for (const n of les.notes) {
      const t = trace(les, n.line);
      // the same claim one step later or earlier: at least one field differs for most notes
      for (const s of [n.step - 1, n.step + 1]) {
        if (s < 0 || s >= t.length) continue;
        const ok = Object.entries(n.expect).every(([p, want]) => { const got = claim(t[s], t[s + 1] || null, p, t[0]); return got.found && matches(got.value, want); });
        if (!ok) caught++;
      }
    }
    assert.ok(caught >= les.notes.length, `${g}: moved claims caught ${caught} times for ${les.notes.length} notes`);
  }
});

test('the shipped lessons are all of assets/lessons (no stray file)', () => {
  const want = GAMES.flatMap((g) => LANGS.map((l) => `${g}.${l}.json`)).sort();
  const have = readdirSync(lessonsDir).filter((f) => f.endsWith('.json')).sort();
  assert.deepEqual(have, want);
});
