// rules.test.mjs - one source for each fact of the rules (issue 17):
//   * every rule code the engine emits in a decision record (samples, official
//     mahjong cases, generated inputs) has a sentence in English and Chinese in
//     web/shell/i18n.js, and every code there is one the engine's source names;
//   * no other script of the page keeps a copy of a rule's sentence;
//   * goudan: the why panel calls a candidate an equal chance exactly when the
//     engine marks it "tie" (no tolerance of the page's own);
//   * thegame: the engine names each row's direction; the narration's "below"
//     / "above" of a backwards trick and its row words follow it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const require = createRequire(import.meta.url);
const SHELL = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const CLI = process.env.DS_CLI || ['build/native/deckscope', 'build/native-asan/deckscope']
  .map((p) => path.join(root, p)).find((p) => existsSync(p));
const I = require(path.join(SHELL, 'i18n.js'));
const N = require(path.join(SHELL, 'narrate.js'));
const G = require(path.join(SHELL, 'games.js'));
const DATA = path.join(root, 'assets', 'samples');
const OFFICIAL = path.join(root, 'tests', 'data', 'mahjong-official');
const CJK = /[\u4e00-\u9fff]/;

function run(args, input) {
  return new Promise((resolve, reject) => {
    const p = execFile(CLI, args, { maxBuffer: 256 << 20 }, (err, out, errOut) => {
      if (err) reject(new Error(`${CLI} ${args.join(' ')}: ${err.message} ${errOut}`));
      else resolve(out);
    });
    p.stdin.on('error', () => {});
    p.stdin.end(input);
  });
}
const jsonl = (text) => text.trim().split('\n').map((l) => JSON.parse(l));

/* Traces of every game: its samples, generated inputs, mahjong's official cases. */
let cache = null;
function traces() {
  if (cache) return cache;
  const jobs = [];
  const mode = (g) => (g === 'goudan' ? '--playout' : '--trace');
  for (const g of G.ids) {
    const dir = path.join(DATA, g);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.in')))
      jobs.push(run([g, mode(g)], readFileSync(path.join(dir, f), 'utf8')).then((o) => ({ game: g, name: f, lines: jsonl(o) })));
    for (let s = 1; s <= (g === 'goudan' ? 3 : 8); s++)
      jobs.push(run(['gen', g, '--seed', String(s)], '').then((input) => run([g, mode(g), '--seed', String(s)].filter((a, i) => g === 'goudan' || i < 2), input))
        .then((o) => ({ game: g, name: `gen ${s}`, lines: jsonl(o) })));
  }
  for (const f of readdirSync(OFFICIAL).filter((x) => x.endsWith('.in')).slice(0, 12))
    jobs.push(run(['mahjong', '--trace'], readFileSync(path.join(OFFICIAL, f), 'utf8')).then((o) => ({ game: 'mahjong', name: f, lines: jsonl(o) })));
  cache = Promise.all(jobs);
  return cache;
}
const decisions = (t) => t.lines.filter((e) => e && e.decision && typeof e.decision.rule === 'string');

test('every rule code the engine emits has a sentence in both languages', async () => {
  const seen = new Map(); // game -> Set(code)
  for (const t of await traces()) {
    for (const ev of decisions(t)) {
      const code = ev.decision.rule;
      if (!seen.has(t.game)) seen.set(t.game, new Set());
      seen.get(t.game).add(code);
      const en = I.rule(t.game, code, 'en'), zh = I.rule(t.game, code, 'zh');
      assert.ok(en && !CJK.test(en.replace(/小E/g, 'E')), `${t.game} ${t.name} event ${ev.i}: no English sentence for rule "${code}"`);
      assert.ok(zh && CJK.test(zh), `${t.game} ${t.name} event ${ev.i}: no Chinese sentence for rule "${code}"`);
    }
  }
  for (const g of G.ids) assert.ok(seen.get(g) && seen.get(g).size >= 2, `${g}: decisions with at least two rules were seen`);
});

test('every code in the page\'s table is one its game\'s engine names', () => {
  assert.ok(I.rules.length >= G.ids.length);
  for (const key of I.rules) {
    const [game, code] = key.split('.');
    assert.ok(G.ids.includes(game), `${key}: a game of games.js`);
    const dir = path.join(root, 'engine', game);
    const src = readdirSync(dir).filter((f) => /\.[ch]$/.test(f)).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    // as a C string: "max_p" or, inside a JSON literal, \"max_p\"
    assert.ok(src.includes(`"${code}"`) || src.includes(`\\"${code}\\"`), `${key}: engine/${game}/ never says "${code}"`);
  }
});

test('no other script of the page keeps a copy of a rule sentence', () => {
  const files = readdirSync(SHELL).filter((f) => /\.(m?js|html)$/.test(f) && f !== 'i18n.js');
  assert.ok(files.includes('narrate.js'));
  for (const key of I.rules) {
    const [game, code] = key.split('.');
    for (const lang of ['en', 'zh']) {
      // a distinctive part of the sentence: its first 36 characters
      const part = I.rule(game, code, lang).slice(0, 36);
      for (const f of files)
        assert.ok(!readFileSync(path.join(SHELL, f), 'utf8').includes(part), `${f} repeats ${key} (${lang}): ${part}`);
    }
  }
});

test('the why panel and the quiz say the rule of the code', async () => {
  let n = 0;
  for (const t of await traces()) {
    for (const ev of decisions(t).slice(0, 40)) {
      for (const lang of ['en', 'zh']) {
        const w = N.why(t.game, ev, lang, {});
        const want = I.rule(t.game, ev.decision.rule, lang);
        if (!w || !want) continue;
        assert.ok(w.rule.includes(want), `${t.game} ${t.name} event ${ev.i} ${lang}: ${w.rule}`);
        n++;
      }
    }
  }
  assert.ok(n > 100, `${n} why panels checked`);
});

test('goudan: "equal chance" exactly for the candidates the engine marks as ties', async () => {
  let ties = 0, others = 0;
  for (const t of (await traces()).filter((x) => x.game === 'goudan')) {
    for (const ev of decisions(t)) {
      const d = ev.decision;
      if (d.rule !== 'max_win') continue;
      const w = N.why('goudan', ev, 'en', {});
      assert.equal(w.candidates.length, d.candidates.length);
      d.candidates.forEach((c, i) => {
        assert.equal(typeof c.tie, 'boolean', `event ${ev.i}: candidate ${c.label} has a tie flag`);
        const chosen = c.label === d.chosen;
        if (chosen) assert.ok(c.tie, `event ${ev.i}: the chosen ${c.label} ties the best`);
        else if (c.tie) { assert.match(w.candidates[i].note, /equal chance/); ties++; }
        else { assert.match(w.candidates[i].note, /lower win chance/); others++; }
        // the flag is the engine's test, against the best value of the record
        const best = Math.max(...d.candidates.map((x) => x.value));
        assert.equal(c.tie, c.value >= best - 1e-12, `event ${ev.i}: ${c.label}`);
      });
    }
  }
  assert.ok(others > 0, 'some candidates are worse');
  // a flag the page must not second-guess: flip it, the note follows the flag
  const t = (await traces()).find((x) => x.game === 'goudan' && decisions(x).some((e) => e.decision.candidates.length > 1 && e.decision.rule === 'max_win'));
  const ev = JSON.parse(JSON.stringify(decisions(t).find((e) => e.decision.candidates.length > 1 && e.decision.rule === 'max_win')));
  const k = ev.decision.candidates.findIndex((c) => c.label !== ev.decision.chosen);
  ev.decision.candidates[k].tie = !ev.decision.candidates[k].tie;
  const note = N.why('goudan', ev, 'en', {}).candidates[k].note;
  assert.match(note, ev.decision.candidates[k].tie ? /equal chance/ : /lower win chance/);
  void ties;
});

test('thegame: row directions come from the engine and the words follow them', async () => {
  let tricks = 0;
  for (const t of (await traces()).filter((x) => x.game === 'thegame')) {
    const header = t.lines[0];
    for (const ev of t.lines.slice(1).filter((e) => e.type === 'play')) {
      const row = header.state.rows[ev.row];
      assert.equal(ev.row_name, row.name);
      assert.equal(ev.row_dir, row.dir);
      assert.deepEqual(ev.decision.row_names, header.state.rows.map((r) => r.name));
      assert.deepEqual(ev.decision.row_dirs, header.state.rows.map((r) => r.dir));
      assert.ok(ev.row_dir === 'up' || ev.row_dir === 'down');
      // the direction is the rule's: a normal move goes up on an up row
      if (!ev.backwards) assert.equal(ev.card > ev.prev_top, ev.row_dir === 'up', `event ${ev.i}`);
      const en = N.narrate('thegame', ev, 'en', {}), zh = N.narrate('thegame', ev, 'zh', {});
      assert.ok(en.includes(ev.row_name), en);
      assert.ok(zh.includes(ev.row_dir === 'up' ? '递增行' : '递减行'), zh);
      if (ev.backwards) {
        tricks++;
        assert.match(en, ev.row_dir === 'up' ? /10 below/ : /10 above/);
        // the words follow the engine's direction, not a row number
        const flipped = { ...ev, row_dir: ev.row_dir === 'up' ? 'down' : 'up' };
        assert.match(N.narrate('thegame', flipped, 'en', {}), flipped.row_dir === 'up' ? /10 below/ : /10 above/);
      }
    }
  }
  assert.ok(tricks > 0, 'some backwards tricks seen');
});
