// lesson_logic.test.mjs - the pure part of web/shell/features/lesson.js: the lesson
// schema (every valid lesson survives validate, encode and decode unchanged;
// each kind of bad lesson is refused with a message naming the field) and the
// note markup (only **bold**, `code` and line breaks; the plain words are the
// text without the marks), over generated lessons and notes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shell = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');
const L = (await import(pathToFileURL(path.join(shell, 'features', 'lesson.js')).href)).default;

// A small deterministic generator (xorshift32).
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}
const ALPHABET = ['a', 'b', ' ', '*', '`', '\n', '<', '>', '&', '中', '"', 'é', 'x'];
const text = (r, n) => { let s = ''; for (let i = 0; i < n; i++) s += ALPHABET[r(ALPHABET.length)]; return s.trim() ? s : s + 'z'; };
function genLesson(r) {
  const games = ['cirno', 'thegame', 'mahjong', 'goudan'];
  const src = [{ sample: 1 + r(3) }, { seed: r(1000) }, { input: text(r, 20) }][r(3)];
  const line = () => (r(2) ? '' : Array.from({ length: 1 + r(2) }, (_, k) => `${k * 10 + r(9)}:${['A9', 'PASS', 'B PONG', 'hit:T'][r(4)]}`).join(','));
  const notes = Array.from({ length: r(6) }, () => {
    const n = { step: r(200), line: line(), text: text(r, 1 + r(60)) };
    if (r(2)) n.view = { dp: !!r(2), why: !!r(2), speed: [0.25, 0.5, 1, 2, 4, 8][r(6)] };
    return n;
  });
  const les = { format: 'deckscope-lesson', version: 1, game: games[r(4)], source: src, variation: line(), notes };
  if (r(2)) les.title = text(r, 12);
  if (r(2)) les.step = r(50);
  return les;
}

test('every generated lesson survives validate, encode and decode', async () => {
  const r = rng(7);
  for (let k = 0; k < 60; k++) {
    const les = genLesson(r);
    const v = L.validate(les);
    assert.deepEqual(v, les);
    assert.deepEqual(L.validate(JSON.stringify(les)), les, 'JSON text too');
    const enc = await L.encode(les);
    assert.match(enc, /^z[A-Za-z0-9_-]+$/, 'deflate-raw, base64url');
    assert.deepEqual(await L.decode(enc), les);
  }
});

test('bad lessons are refused with a message naming what is wrong', async () => {
  const ok = { format: 'deckscope-lesson', version: 1, game: 'cirno', source: { sample: 1 }, notes: [{ step: 1, text: 'x' }] };
  const cases = [
    ['{', /not JSON/], [[], /not a JSON object/], [{ ...ok, format: 'x' }, /"format"/], [{ ...ok, version: 2 }, /version 2/],
    [{ ...ok, game: 'go' }, /"game"/], [{ ...ok, source: {} }, /"source"/], [{ ...ok, source: { sample: 0 } }, /source.sample/],
    [{ ...ok, source: { seed: -1 } }, /source.seed/], [{ ...ok, variation: 'A9' }, /forced choice/],
    [{ ...ok, notes: {} }, /"notes" must be a list/], [{ ...ok, notes: [{ step: 1.5, text: 'x' }] }, /note 1: "step"/],
    [{ ...ok, notes: [{ step: 1, text: '   ' }] }, /note 1: "text" is empty/],
    [{ ...ok, notes: [{ step: 1, text: 'x'.repeat(2001) }] }, /longer than 2000/],
    [{ ...ok, notes: [{ step: 1, text: 'x', view: { speed: 3 } }] }, /view.speed/],
  ];
  for (const [bad, re] of cases) assert.throws(() => L.validate(bad), re, JSON.stringify(bad).slice(0, 80));
  for (const s of ['', 'q123', 'zz!!', 'z' + 'A'.repeat(10)]) await assert.rejects(L.decode(s), /not a lesson|damaged|JSON/);
});

test('the note markup: bold, code and line breaks only; the plain words lose only the marks', () => {
  const r = rng(11);
  for (let k = 0; k < 500; k++) {
    const t = text(r, 1 + r(80));
    const lines = L.parseNote(t);
    assert.equal(lines.length, t.split('\n').length);
    for (const runs of lines) for (const [kind, s] of runs) {
      assert.ok(['', 'b', 'code'].includes(kind));
      if (kind) assert.ok(s.length > 0);
      if (kind === 'code') assert.ok(!s.includes('`'));
    }
    // putting the marks back gives the text
    const back = lines.map((runs) => runs.map(([kind, s]) => (kind === 'b' ? `**${s}**` : kind === 'code' ? '`' + s + '`' : s)).join('')).join('\n');
    assert.equal(back, t);
    assert.equal(L.notePlain(t), lines.map((runs) => runs.map((x) => x[1]).join('')).join('\n'));
  }
  assert.deepEqual(L.parseNote('<img src=x onerror=alert(1)> **b** `c`'), [[['', '<img src=x onerror=alert(1)> '], ['b', 'b'], ['', ' '], ['code', 'c']]]);
});
