// record.test.mjs - the page shows the engine's decision record and nothing
// of its own (issue 21). On real traces (samples and generated inputs of every
// game, in English and Chinese, the rule's line and variations forced with
// --try), web/shell/core/narrate.js's why() and quizzes() must give:
//   * the rule's sentence: decision.text, as the engine wrote it;
//   * every candidate, in the record's order, by its name (never its label,
//     which stays in `key`), with the engine's note; the move taken is the
//     record's `chosen`, the rule's move its `rule_choice`, also when forced;
//   * a question whose options are the candidates' names and whose answer is
//     rule_choice; no question about chance or a single legal move;
//   * values laid out as the engine's sentences write them (each worse
//     candidate's note holds the value the panel shows).
// (Replaces rules.test.mjs: the rules' sentences are no longer the page's.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const SHELL = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const CLI = process.env.DS_CLI || ['build/native/deckscope', 'build/native-asan/deckscope']
  .map((p) => path.join(root, p)).find((p) => existsSync(p));
const N = (await import(pathToFileURL(path.join(SHELL, 'core', 'narrate.js')).href)).default;
const G = (await import(pathToFileURL(path.join(SHELL, 'games', 'index.js')).href)).default;
const DATA = path.join(root, 'assets', 'samples');
const CJK = /[\u4e00-\u9fff]/;
const sp = (s) => String(s).replace(/\u00a0/g, ' ');

// The CLI is the sanitized build: each call is cheap in CPU, but a long chain
// of them one after another waits on the machine's scheduler for each start;
// the calls of a game are made a few at a time (RUNNING) and checked in order.
const RUNNING = Math.max(2, Math.min(8, 2 * availableParallelism()));
let running = 0;
const queue = [];
function run(args, input) {
  return new Promise((resolve, reject) => {
    const start = () => {
      running++;
      const p = execFile(CLI, args, { maxBuffer: 256 << 20 }, (err, out, errOut) => {
        running--;
        if (queue.length) queue.shift()();
        if (err) reject(new Error(`${CLI} ${args.join(' ')}: ${err.message} ${errOut}`));
        else resolve(out);
      });
      p.stdin.on('error', () => {});
      p.stdin.end(input);
    };
    if (running < RUNNING) start(); else queue.push(start);
  });
}
const jsonl = (text) => text.trim().split('\n').map((l) => JSON.parse(l));
const line = (g) => (g === 'goudan' ? ['--playout', '--seed', '1'] : ['--trace']);

/* Inputs of every game: its samples and three generated ones. */
async function inputs(g) {
  const dir = path.join(DATA, g);
  const out = readdirSync(dir).filter((x) => x.endsWith('.in')).sort().map((f) => ({ name: f, text: readFileSync(path.join(dir, f), 'utf8') }));
  const gen = await Promise.all([1, 2, 3].map((s) => run(['gen', g, '--seed', String(s)], '')));
  gen.forEach((text, k) => out.push({ name: `gen ${k + 1}`, text }));
  return out;
}
const records = (events) => events.filter((e) => e && N.record(e));

function checkWhy(game, ev, lang, what) {
  const d = ev.decision, w = N.why(game, ev, lang, {});
  assert.ok(w, `${what}: a why panel`);
  assert.equal(w.rule, d.text, `${what}: the rule's sentence is the record's text`);
  assert.equal(w.forced, d.forced, `${what}: forced`);
  assert.deepEqual(w.candidates.map((c) => c.label), d.candidates.map((c) => c.name), `${what}: the candidates by their names`);
  assert.deepEqual(w.candidates.map((c) => c.key), d.candidates.map((c) => c.label), `${what}: the labels kept as keys`);
  assert.deepEqual(w.candidates.map((c) => c.note), d.candidates.map((c) => c.note), `${what}: the engine's notes`);
  assert.deepEqual(w.candidates.filter((c) => c.chosen).map((c) => c.key), [d.chosen], `${what}: the move taken`);
  assert.deepEqual(w.candidates.filter((c) => c.ruleChoice).map((c) => c.key), [d.rule_choice], `${what}: the rule's move`);
  for (const c of d.candidates) {
    assert.ok(typeof c.name === 'string' && c.name !== '' && c.name !== c.label, `${what}: ${c.label} has a name in words (${c.name})`);
    if (lang === 'zh') assert.match(c.name + d.text, CJK, `${what}: Chinese words`);
  }
  // the value the panel shows is the one the engine's note says
  d.candidates.forEach((c, k) => {
    const v = N.valueText(d, c, lang);
    if (c.value === null) assert.equal(v, '', `${what}: no value for ${c.label}`);
    else if (c.reason === 'worse_value' || c.reason === 'rule_choice') assert.ok(sp(c.note).includes(sp(v)), `${what}: "${v}" in the note "${c.note}"`);
    assert.equal(w.candidates[k].value, v);
  });
  if (d.forced) {
    assert.equal(w.chosenName, d.candidates.find((c) => c.label === d.chosen).name);
    assert.equal(w.ruleName, d.candidates.find((c) => c.label === d.rule_choice).name);
  }
}

function checkQuiz(game, ev, lang, what) {
  const d = ev.decision, qs = N.quizzes(game, ev, lang, {});
  const chance = d.candidates.some((c) => c.label === d.rule_choice && c.reason === 'chance');
  if (d.only || chance || d.candidates.length < 2) { assert.deepEqual(qs, [], `${what}: no question`); return 0; }
  assert.equal(qs.length, 1, `${what}: one question`);
  const q = qs[0];
  assert.deepEqual(q.options.map((o) => o.label), d.candidates.map((c) => c.name), `${what}: the options are the names`);
  assert.deepEqual(q.options.filter((o) => o.correct).map((o) => o.key), [d.rule_choice], `${what}: the answer is the rule's move`);
  assert.equal(q.reason, d.text);
  if (lang === 'zh') assert.match(q.question, CJK);
  return 1;
}

for (const game of G.ids) {
  test(`${game}: the why panel and the quiz are the engine's record, en and zh, main line and forced`, async (t) => {
    let n = 0, quizzes = 0, forced = 0;
    const ins = await inputs(game);
    // every input's line in both languages, then the variations they call for
    const runs = ins.flatMap(({ name, text }) => ['en', 'zh'].map((lang) => ({ name, text, lang })));
    const lineOf = await Promise.all(runs.map(({ text, lang }) => run([game, ...line(game), '--lang', lang], text)));
    const recsOf = lineOf.map((out) => records(jsonl(out).slice(1)));
    // a variation at a few decisions: the other candidates, forced
    const picksOf = recsOf.map((recs) => recs.filter((e) => e.decision.candidates.length > 1).filter((e, k, a) => k === 0 || k === a.length >> 1)
      .map((ev) => `${ev.i}:${ev.decision.candidates.find((c) => c.label !== ev.decision.rule_choice).label}`));
    const tryOf = await Promise.all(runs.map(({ text, lang }, r) =>
      Promise.all(picksOf[r].map((spec) => run([game, ...line(game), '--try', spec, '--lang', lang], text)))));
    runs.forEach(({ name, lang }, r) => {
      for (const ev of recsOf[r]) {
        checkWhy(game, ev, lang, `${game} ${name} ${lang} event ${ev.i}`);
        quizzes += checkQuiz(game, ev, lang, `${game} ${name} ${lang} event ${ev.i}`);
        n++;
      }
      picksOf[r].forEach((spec, k) => {
        const i = Number(spec.slice(0, spec.indexOf(':')));
        const v = jsonl(tryOf[r][k]).slice(1);
        const fe = v.find((e) => e.i === i);
        assert.ok(fe && N.record(fe) && fe.decision.forced, `${game} ${name} --try ${spec}: a forced record`);
        checkWhy(game, fe, lang, `${game} ${name} ${lang} --try ${spec}`);
        forced++;
      });
    });
    t.diagnostic(`${game}: ${n} records, ${quizzes} questions, ${forced} forced`);
    assert.ok(n > 0, `${game}: the engine writes the decision record of issue 21`);
    assert.ok(quizzes > 0 && forced > 0);
  });
}

test('a value as the engine writes it: percentages with at most two decimals, never 0 or 100 unless certain', () => {
  const d = { measure: 'win_chance' }, v = (x, l = 'en') => sp(N.valueText(d, { value: x }, l));
  assert.equal(v(0.0419), '4.19 %');
  assert.equal(v(0.5), '50 %');
  assert.equal(v(0.5, 'zh'), '50%');
  assert.equal(v(0.00001), '<0.01 %');
  assert.equal(v(0.999991), '>99.99 %');
  assert.equal(v(0), '0 %');
  assert.equal(v(1), '100 %');
  assert.equal(N.valueText({ measure: 'distance' }, { value: 4 }, 'en'), '4');
  assert.equal(N.valueText({ measure: 'p' }, { value: null }, 'en'), '');
});
