// teach_logic.test.mjs - the pure comparison logic of "Check my output"
// (web/shell/features/teach.js) under node, on the statements' samples in
// assets/samples: line diffs, goudan's 1e-6 tolerance, the binary search for
// the step that wrote a line, thegame's split step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const T = (await import(pathToFileURL(path.join(here, '..', '..', 'web', 'shell', 'features', 'teach.js')).href)).default;
const DATA = path.join(here, '..', '..', 'assets', 'samples');
const ans = (game, n) => readFileSync(path.join(DATA, game, `sample-${n}.ans`), 'utf8');

test('equal outputs have no difference, also with CRLF, trailing spaces and blank lines', () => {
  for (const [g, n] of [['cirno', 1], ['cirno', 2], ['mahjong', 1], ['thegame', 1], ['thegame', 2]]) {
    const a = ans(g, n);
    assert.equal(T.firstLineDiff(a, a), null, `${g} ${n}`);
    const crlf = a.split('\n').map((l) => l + '  ').join('\r\n') + '\r\n\r\n';
    assert.equal(T.firstLineDiff(a, crlf), null, `${g} ${n} with CRLF and trailing blanks`);
  }
});

test('the first changed line of a sample is found with both texts', () => {
  const a = ans('mahjong', 1);
  const lines = a.split('\n');
  for (const k of [0, 1, 17, lines.length - 2]) {
    const b = lines.slice();
    b[k] = b[k] + 'X';
    const d = T.firstLineDiff(a, b.join('\n'));
    assert.deepEqual(d, { line: k + 1, expected: lines[k], got: lines[k] + 'X' });
  }
  // Leading whitespace counts (a judge compares it).
  const b = lines.slice();
  b[3] = ' ' + b[3];
  assert.equal(T.firstLineDiff(a, b.join('\n')).line, 4);
});

test('a truncated or a longer output differs at the first missing or extra line', () => {
  const a = ans('cirno', 2);
  const lines = T.outputLines(a);
  const cut = lines.slice(0, 5).join('\n') + '\n';
  assert.deepEqual(T.firstLineDiff(a, cut), { line: 6, expected: lines[5], got: null });
  const longer = a + 'one more line\n';
  assert.deepEqual(T.firstLineDiff(a, longer), { line: lines.length + 1, expected: null, got: 'one more line' });
  assert.deepEqual(T.firstLineDiff(a, ''), { line: 1, expected: lines[0], got: null });
});

test('goudan: answers within 1e-6 are right, beyond it or missing or not numbers are off', () => {
  const a = ans('goudan', 2); // one query
  const v = Number(a.trim());
  const fmt = (x) => x.toFixed(9);
  assert.equal(T.compareNumbers(a, a).first, null);
  assert.equal(T.compareNumbers(a, fmt(v + 9e-7)).first, null, 'within the tolerance');
  assert.equal(T.compareNumbers(a, fmt(v - 9e-7)).first, null);
  assert.equal(T.compareNumbers(a, String(v)).first, null, 'other number formats');
  const off = T.compareNumbers(a, fmt(v + 2e-6));
  assert.equal(off.off, 1);
  assert.equal(off.first.query, 0);
  assert.ok(Math.abs(off.first.error - 2e-6) < 1e-9);
  assert.equal(T.compareNumbers(a, 'nan').first.error, null);
  assert.equal(T.compareNumbers(a, '').first.got, null);

  // Several queries: the first that is off, counting all that are off.
  const exp = [0.5, 0.041879441, 1, 0, 0.25].map(fmt).join('\n') + '\n';
  const got = [0.5 + 5e-7, 0.041879441, 0.99, 0, 0.26].map(fmt).join('\n');
  const r = T.compareNumbers(exp, got);
  assert.equal(r.queries, 5);
  assert.equal(r.off, 2);
  assert.equal(r.first.query, 2);
  assert.equal(r.first.expected, '1.000000000');
  assert.equal(r.first.got, '0.990000000');
  const extra = T.compareNumbers(exp, exp + '0.5\n');
  assert.equal(extra.first.query, 5);
  assert.equal(extra.first.expected, null);
});

test('firstStepReaching equals a linear scan on non-decreasing line counts', () => {
  let seed = 12345;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let trial = 0; trial < 300; trial++) {
    const steps = rnd(60);
    const at = [0];
    for (let s = 1; s <= steps; s++) at.push(at[s - 1] + (rnd(3) === 0 ? rnd(3) : 0));
    for (let line = 1; line <= at[steps] + 2; line++) {
      let want = -1;
      for (let s = 0; s <= steps; s++) if (at[s] >= line) { want = s; break; }
      let calls = 0;
      const got = T.firstStepReaching(steps, (s) => { calls++; return at[s]; }, line);
      assert.equal(got, want, `steps ${steps} line ${line}`);
      assert.ok(calls <= 2 + Math.ceil(Math.log2(steps + 1)), `binary search (${calls} calls)`);
    }
  }
});

// thegame, with a made-up sequence of judge states (the logic never looks at
// rules, only at the six lines of each step).
function fakeGame() {
  // step: [up1, up2, down1, down2, hand, pile]
  return [
    ['1', '1', '100', '100', '', '10 20 30 40 50'],
    ['1', '1', '100', '100', '10 20 30', '40 50'],          // deal
    ['1 10', '1', '100', '100', '20 30', '40 50'],          // play 10 on up1
    ['1 10', '1', '100 30', '100', '20', '40 50'],          // play 30 on down1
    ['1 10', '1', '100 30', '100', '20 40 50', ''],         // draw
    ['1 10 20', '1', '100 30', '100', '40 50', ''],         // play 20 on up1
    ['1 10 20', '1 40', '100 30', '100', '50', ''],         // play 40 on up2
    ['1 10 20', '1 40', '100 30', '100', '50', ''],         // end (loss)
  ].map((l) => l.join('\n') + '\n');
}

test('thegame: a row splits at the first judge play your row does not have', () => {
  const g = fakeGame();
  const at = (s) => g[s];
  const steps = g.length - 1;
  // Your up1 is "1 10 50": the judge's up1 stops being a prefix at step 5.
  assert.equal(T.thegameSplitStep(steps, at, 1, '1 10 50'), 5);
  // Your up1 is "1 20": the judge's first card on up1 (step 2) is not yours.
  assert.equal(T.thegameSplitStep(steps, at, 1, '1 20'), 2);
  // Your up1 is longer: the judge's game ended first.
  assert.equal(T.thegameSplitStep(steps, at, 1, '1 10 20 50'), steps);
  // Your up2 has nothing after 1: the judge played 40 there at step 6.
  assert.equal(T.thegameSplitStep(steps, at, 2, '1'), 6);
  // A wrong direction card: the split is at step 0.
  assert.equal(T.thegameSplitStep(steps, at, 3, '99 30'), 0);
});

test('thegame: hand and pile split at the last judge event that changed them', () => {
  const g = fakeGame();
  const at = (s) => g[s];
  const steps = g.length - 1;
  assert.equal(T.thegameSplitStep(steps, at, 5, '40'), 6);
  assert.equal(T.thegameSplitStep(steps, at, 6, '50'), 4);
});

test('check() joins it up: the step that wrote the differing line', () => {
  const judge = 'Round 1:\na\nb\nRound 2:\nc\n';
  // Events: 0 writes line 1, 1 writes 2, 2 writes nothing, 3 writes 3, 4 writes 4 and 5.
  const linesAfter = [0, 1, 2, 2, 3, 5];
  const api = {
    game: 0, output: () => judge, steps: () => 5,
    outputLine: (s) => linesAfter[s], thegameLines: () => '',
  };
  assert.deepEqual(T.check(api, judge), { game: 'cirno', same: true });
  const r = T.check(api, 'Round 1:\na\nB\nRound 2:\nc\n');
  assert.equal(r.line, 3);
  assert.equal(r.expected, 'b');
  assert.equal(r.got, 'B');
  assert.equal(r.step, 4, 'the step after event 3, which wrote line 3');
  assert.equal(T.check(api, judge + 'more\n').step, 5, 'longer than the judge: the end');
  const gd = T.check({ game: 3, output: () => '0.5\n0.25\n' }, '0.5\n0.2\n');
  assert.equal(gd.query, 1);
  assert.equal(gd.same, false);
});

test('firstLineDiff and countLines agree with the line arrays on random texts', () => {
  // The reference: compare outputLines() arrays index by index.
  const reference = (e, g) => {
    const a = T.outputLines(e);
    const b = T.outputLines(g);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const x = i < a.length ? a[i] : null;
      const y = i < b.length ? b[i] : null;
      if (x !== y) return { line: i + 1, expected: x, got: y };
    }
    return null;
  };
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const pieces = ['a', 'b', ' ', '\t', '', 'x y'];
  const ends = ['\n', '\r\n', '\r', ' \n', '\n\n'];
  const text = () => {
    let s = '';
    for (let i = rnd(6); i > 0; i--) s += pieces[rnd(pieces.length)] + pieces[rnd(pieces.length)] + ends[rnd(ends.length)];
    return s + (rnd(2) ? pieces[rnd(pieces.length)] : '');
  };
  for (let trial = 0; trial < 5000; trial++) {
    const e = text();
    const g = rnd(3) ? text() : e + (rnd(2) ? '\n \n' : '');
    assert.deepEqual(T.firstLineDiff(e, g), reference(e, g), JSON.stringify([e, g]));
    assert.equal(T.countLines(e), T.outputLines(e).length, JSON.stringify(e));
  }
});
