// narrate.test.mjs - web/shell/core/narrate.js (narration, "why" panel, quiz) on
// real engine traces: every event of the samples and of generated games, in
// English and Chinese. The traces come from the native CLI ($DS_CLI), the
// expected values from the engine's own records and from the judge answers in
// assets/samples and tests/data/mahjong-official; a few sentences are checked word for word (worked out by
// hand from the statements' samples).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const SHELL = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const N = (await import(pathToFileURL(path.join(SHELL, 'core', 'narrate.js')).href)).default;
const DATA = path.join(root, 'assets', 'samples');
const OFFICIAL = path.join(root, 'tests', 'data', 'mahjong-official');
const CLI = process.env.DS_CLI || ['build/h-narrate/deckscope', 'build/native/deckscope', 'build/native-asan/deckscope']
  .map((p) => path.join(root, p)).find((p) => existsSync(p));

const LANGS = ['en', 'zh-CN'];
const CJK = /[\u4e00-\u9fff]/;
const zh = (lang) => lang.startsWith('zh');

function run(args, input) {
  return new Promise((resolve, reject) => {
    const p = execFile(CLI, args, { maxBuffer: 256 << 20 }, (err, out, errOut) => {
      if (err) reject(new Error(`${CLI} ${args.join(' ')}: ${err.message} ${errOut}`));
      else resolve(out);
    });
    p.stdin.on('error', () => {}); // `gen` reads no input and may exit first
    p.stdin.end(input);
  });
}
const jsonl = (text) => text.trim().split('\n').map((l) => JSON.parse(l));
const sample = (game, n, ext = 'in') => readFileSync(path.join(DATA, game, `sample-${n}.${ext}`), 'utf8');

/* Every game's traces, computed once (the CLI runs in parallel). */
let cache = null;
function traces() {
  if (cache) return cache;
  const jobs = [];
  // the trace, and the engine's sentences (--narrate, en and zh) where the
  // game's engine gives them (issue 21: the caption is the engine's)
  const narrated = (args, input, lang) => run([...args.map((a) => (a === '--trace' || a === '--playout' ? '--narrate' : a)),
    '--lang', lang], input).then((out) => {
    const m = new Map();
    for (const l of out.split('\n').filter(Boolean)) { const k = l.indexOf('\t'); m.set(Number(l.slice(0, k)), l.slice(k + 1)); }
    return m;
  }, () => null);
  const add = (game, name, inputP, args) => jobs.push(
    Promise.resolve(inputP).then((input) => Promise.all([run(args, input), narrated(args, input, 'en'), narrated(args, input, 'zh')]))
      .then(([out, en, zhs]) => {
        const [header, ...events] = jsonl(out);
        return { game, name, header, events, said: en && zhs && en.size ? { en, zh: zhs } : null };
      }));
  for (const n of [1, 2]) add('cirno', `sample-${n}`, sample('cirno', n), ['cirno', '--trace']);
  for (let s = 1; s <= 10; s++) add('cirno', `gen ${s}`, run(['gen', 'cirno', '--seed', String(s)], ''), ['cirno', '--trace']);
  for (const n of [1, 2]) add('thegame', `sample-${n}`, sample('thegame', n), ['thegame', '--trace']);
  for (let s = 1; s <= 6; s++) add('thegame', `gen ${s}`, run(['gen', 'thegame', '--seed', String(s)], ''), ['thegame', '--trace']);
  add('mahjong', 'sample-1', sample('mahjong', 1), ['mahjong', '--trace']);
  for (const k of [2, 16, 28, 45])
    add('mahjong', `official ${k}`, readFileSync(path.join(OFFICIAL, `${k}.in`), 'utf8'), ['mahjong', '--trace']);
  for (const s of [1, 2, 4, 135]) add('mahjong', `gen ${s}`, run(['gen', 'mahjong', '--seed', String(s)], ''), ['mahjong', '--trace']);
  add('goudan', 'sample-1', sample('goudan', 1), ['goudan', '--playout', '--seed', '1']);
  add('goudan', 'sample-2', sample('goudan', 2), ['goudan', '--playout', '--seed', '3']);
  cache = Promise.all(jobs);
  return cache;
}

/* Text shown to a person: a non-empty string with no leaked JS values. */
function clean(s, what, names = []) {
  assert.equal(typeof s, 'string', `${what}: not a string`);
  assert.ok(s.trim().length > 0, `${what}: empty`);
  for (const bad of ['undefined', 'NaN', '[object', 'Infinity', 'function'])
    assert.ok(!s.includes(bad), `${what}: contains "${bad}": ${s}`);
  if (!names.some((n) => /null/i.test(n))) assert.ok(!/\bnull\b/.test(s), `${what}: contains null: ${s}`);
}
function sentence(s, lang, what, names) {
  clean(s, what, names);
  assert.ok(!s.includes('\n'), `${what}: more than one line`);
  assert.ok(!s.startsWith('Event:') && !s.startsWith('事件'), `${what}: fell back to the generic text: ${s}`);
  assert.ok(s.length <= (zh(lang) ? 150 : 230), `${what}: too long (${s.length}): ${s}`);
  if (zh(lang)) assert.match(s, CJK, `${what}: no Chinese in the zh text: ${s}`);
  // 小E is goudan's name in both languages (the DP panel's, the canvas's): no other Chinese
  else assert.doesNotMatch(s.replace(/小E/g, 'E'), CJK, `${what}: Chinese in the English text: ${s}`);
}

const isDecision = {
  cirno: (ev) => ev.type === 'play' || ev.type === 'loss',
  thegame: (ev) => ev.type === 'play',
  mahjong: (ev) => ev.type === 'discard',
  goudan: (ev) => !!ev.decision, // the hits' chance outcomes too (no quiz: not a choice)
};

/* Who acts in an event, as it must appear in the sentence. */
function actors(game, ev, lang) {
  switch (game) {
    case 'cirno': return [ev.name];
    case 'thegame': return [zh(lang) ? '弗拉基米尔' : 'Vladimir']; // the engine's names (thegame_narrate)
    case 'mahjong': return [ev.type === 'exhausted' ? ev.must_draw : ev.player];
    case 'goudan': return ev.player === 'E' ? ['小E'] : [zh(lang) ? '老师' : 'teacher'];
  }
  return [];
}
/* The cards or tiles an event plays or moves, as they must appear. */
function objects(game, ev) {
  switch (game) {
    case 'cirno': return ev.card ? [ev.card] : [];
    case 'thegame': return ev.type === 'play' ? [String(ev.card)] : (ev.cards || []).map(String);
    case 'mahjong': return [...(ev.tile ? [ev.tile] : []), ...(ev.tiles || []), ...(ev.pass_target ? [ev.pass_target] : [])];
  }
  return [];
}

for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: every event narrated, explained and quizzed in both languages`, async (t) => {
    const all = (await traces()).filter((t) => t.game === game);
    let events = 0, decisions = 0, quizzes = 0;
    const kinds = new Set();
    for (const { name, header, events: evs, said } of all) {
      const names = header.players || [];
      evs.forEach((ev, i) => {
        events++;
        kinds.add(ev.type);
        const ctx = { step: i + 1, steps: evs.length };
        for (const lang of LANGS) {
          const what = `${game} ${name} event ${i} (${ev.type}) ${lang}`;
          // the caption: the engine's sentence (narrate.js's only for a game without one)
          const s = said ? said[zh(lang) ? 'zh' : 'en'].get(i) : N.narrate(game, ev, lang, ctx);
          sentence(s, lang, what, names);
          for (const a of actors(game, ev, lang)) assert.ok(s.toLowerCase().includes(String(a).toLowerCase()), `${what}: no actor ${a}: ${s}`);
          for (const o of objects(game, ev)) assert.ok(s.includes(o), `${what}: no ${o}: ${s}`);
          // The same sentence without any context (the page may not have the states yet).
          if (!said) sentence(N.narrate(game, ev, lang), lang, `${what} without ctx`, names);
          const w = N.why(game, ev, lang, ctx);
          if (N.record(ev)) {
            // the engine's record: record.test.mjs checks the panel and the quiz
            // against it; here, that they say something
            assert.ok(w && w.rule !== undefined && w.candidates.length === ev.decision.candidates.length, `${what}: why() of the record`);
            if (N.quiz(game, ev, lang, ctx) && lang === 'en') quizzes++;
          } else {
            // a decision of the game always has the engine's record
            assert.ok(!isDecision[game](ev), `${what}: a decision without the engine's record`);
            if (!(game === 'thegame' && ev.type === 'end' && ev.result === 'loss'))
              assert.equal(w, null, `${what}: why() for a non-decision`);
            assert.equal(N.quiz(game, ev, lang, ctx), null, `${what}: quiz for a non-decision`);
          }
        }
        const rec = N.record(ev);
        if (rec && rec.candidates.length > 1 && !rec.candidates.some((c) => c.label === rec.rule_choice && c.reason === 'chance')) decisions++;
      });
    }
    assert.ok(events > 0 && decisions > 0, `${game}: nothing checked`);
    if (game === 'mahjong') for (const k of ['exhausted', 'selfdrawn', 'ron', 'pong', 'chow', 'skip']) assert.ok(kinds.has(k), `a ${k} event was narrated`);
    // A quiz exists for most decisions (all but forced moves and, for cirno, "every card loses").
    assert.ok(quizzes >= decisions * 0.5, `${game}: only ${quizzes} quizzes for ${decisions} decisions`);
    t.diagnostic(`${game}: ${all.length} games, ${events} events, ${decisions} decisions, ${quizzes} quizzes; types ${[...kinds].join(' ')}`);
  });
}

test('cirno: each judge line of the samples is in the narration of its event', async () => {
  for (const n of [1, 2]) {
    const t = (await traces()).find((x) => x.game === 'cirno' && x.name === `sample-${n}`);
    const lines = sample('cirno', n, 'ans').split('\n').filter((l) => l.trim() !== '');
    assert.equal(lines.length, t.events.length, 'one judge line per event');
    t.events.forEach((ev, i) => {
      const s = t.said ? t.said.en.get(i) : N.narrate('cirno', ev, 'en', { header: t.header });
      let m;
      if ((m = /^Round (\d+):/.exec(lines[i]))) assert.ok(s.startsWith(`Round ${m[1]} begins`), s);
      else if ((m = /^(\w+) used (\w+),now p=(-?\d+)\./.exec(lines[i]))) {
        assert.ok(s.startsWith(m[1]) && s.includes(` ${m[2]}`) && (s.includes(`→ ${m[3]}`) || s.includes(`stays ${m[3]}`)), `${lines[i]} / ${s}`);
      } else if ((m = /^(\w+) lost the game\./.exec(lines[i]))) assert.ok(s.startsWith(m[1]) && s.includes('loses'), s);
      else assert.fail(`unexpected judge line ${lines[i]}`);
    });
  }
});

test('mahjong: each judge line of the sample and official cases is in the narration of its event', async () => {
  for (const t of (await traces()).filter((x) => x.game === 'mahjong' && !x.name.startsWith('gen'))) {
    const file = t.name === 'sample-1' ? path.join(DATA, 'mahjong', 'sample-1.ans') : path.join(OFFICIAL, `${t.name.split(' ')[1]}.ans`);
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
    const evs = t.events.filter((e) => e.type !== 'skip');
    assert.equal(lines.length, evs.length, `${t.name}: one judge line per event`);
    evs.forEach((ev, i) => {
      const words = lines[i].trim().split(/\s+/);
      for (const lang of LANGS) {
        const s = t.said ? t.said[zh(lang) ? 'zh' : 'en'].get(ev.i) : N.narrate('mahjong', ev, lang, { header: t.header });
        if (words[0] === 'DRAW') { assert.ok(zh(lang) ? s.includes('流局') : s.includes('draw'), s); continue; }
        const [who, what, ...rest] = words;
        assert.ok(s.startsWith(who), `${lines[i]} / ${s}`);
        for (const w of rest) assert.ok(s.includes(w), `${t.name}: "${lines[i]}" / ${s}`);
        const verb = { IN: ev.type === 'deal' ? ['dealt', '起手牌'] : ['draws', '摸到'], OUT: ['discards', '打出'], PONG: ['PONG', '碰'], CHOW: ['CHOW', '吃'], RON: ['RON', 'RON'], SELFDRAWN: ['SELFDRAWN', 'SELFDRAWN'], WIN: ['wins', '胜出'] }[what];
        assert.ok(verb && s.includes(verb[zh(lang) ? 1 : 0]), `${lines[i]} / ${s}`);
      }
    });
  }
});

test('goudan: the first decision of a playout shows the judge answer of query 1', async () => {
  for (const n of [1, 2]) {
    const t = (await traces()).find((x) => x.game === 'goudan' && x.name === `sample-${n}`);
    const answer = Number(sample('goudan', n, 'ans').trim().split('\n')[0]);
    const first = t.events.find((e) => e.decision);
    assert.ok(Math.abs(first.decision.value - answer) < 1e-9);
    if (t.said) {
      // the engine's sentence gives the chance as its record's value says it
      const s = t.said.en.get(first.i);
      assert.ok(s.includes(N.valueText(first.decision, first.decision.candidates.find((c) => c.label === first.decision.chosen), 'en').replace(/\u00a0/g, ' ')), s);
    } else {
      const s = N.narrate('goudan', first, 'en', { header: t.header });
      assert.ok(s.includes(`win chance ${N.percent(answer)}`), s);
    }
  }
});

test('exact sentences of sample events (worked out from the statements)', async () => {
  const tr = await traces();
  const ev = (game, name, i) => tr.find((x) => x.game === game && x.name === name).events[i];
  const hdr = (game, name) => tr.find((x) => x.game === game && x.name === name).header;
  // the caption: the engine's sentence where its game narrates (issue 21), else narrate.js's
  const say = (game, name, i, lang) => {
    const t = tr.find((x) => x.game === game && x.name === name);
    return t.said ? t.said[zh(lang) ? 'zh' : 'en'].get(i) : N.narrate(game, ev(game, name, i), lang, { header: hdr(game, name) });
  };
  // cirno sample 2: Reimu holds TURN A9 C2 at p = 19; C2 gives 38 (A9 only 28).
  assert.equal(say('cirno', 'sample-2', 2, 'en'), 'Reimu plays C2: p 19 → 38, the largest p she can reach');
  assert.equal(say('cirno', 'sample-2', 2, 'zh-CN'), 'Reimu 打出 C2：p 19 → 38，这是她能达到的最大 p');
  // cirno sample 2, turn 11: Reimu at p = 84 holds TURN PASS A99; A99 would lose, PASS comes first.
  assert.equal(say('cirno', 'sample-2', 11, 'en'), 'Reimu plays PASS (p stays 84): no basic card keeps p at 99 or below, so Marisa plays next');
  // cirno sample 2: Marisa's DOUBLE at p = 41 makes Reimu play two cards; Reimu holds three A99 and loses round 1.
  assert.equal(say('cirno', 'sample-2', 16, 'en'), 'Marisa plays DOUBLE (p stays 41): no basic card keeps p at 99 or below, so Reimu must play two cards');
  assert.equal(say('cirno', 'sample-2', 17, 'en'), 'Reimu, under DOUBLE, plays A99: p 41 → 140, over 99, so she loses round 1');
  assert.equal(say('cirno', 'sample-2', 17, 'zh'), 'Reimu 被施加了 DOUBLE，打出 A99：p 41 → 140，超过 99，她输掉了第 1 轮');
  // thegame sample 1: the first play, 96 on down1 (100): difference 4, tied with down2.
  assert.equal(say('thegame', 'sample-1', 1, 'en'), 'Vladimir plays 96 on descending row 1 (last card 100): difference 4, the smallest of 32 legal moves (2 moves tie, settled by the leftmost card, then the topmost row)');
  // thegame sample 1, event 16: 6 goes onto up1 (16) by a backwards trick.
  assert.equal(say('thegame', 'sample-1', 16, 'en'), 'Vladimir plays 6 on ascending row 1 (backwards trick): exactly 10 below the row\'s last card 16, and a trick comes before any other move');
  assert.equal(say('thegame', 'sample-1', 16, 'zh'), '弗拉基米尔出牌：6 放到升序第 1 行（倒退技巧），比该行末张 16 正好小 10，倒退技巧优先于其他出法');
  // mahjong sample: A's PASS skips B; C's Z is ponged by A (judge lines "A OUT PASS B", "C OUT Z", "A PONG Z Z Z").
  assert.equal(say('mahjong', 'sample-1', 53, 'en'), 'A discards PASS (special tiles go first): B’s next turn is skipped');
  assert.equal(say('mahjong', 'sample-1', 54, 'en'), 'B’s turn is skipped by a PASS: C plays instead');
  assert.equal(say('mahjong', 'sample-1', 59, 'en'), 'A calls PONG on C’s Z (Z Z Z): winning distance 3 → 2');
  assert.equal(say('mahjong', 'sample-1', 59, 'zh'), 'A 碰 C 打出的 Z（Z Z Z）：和牌距离 3 → 2');
  // goudan sample 1: both at HP 1; the skill kills E, a card gives 0.5 (the hit lands on either player).
  assert.equal(say('goudan', 'sample-1', 1, 'en'), '小E plays a card: 3 random hits, then it becomes an HP-2 minion; 小E’s win chance 50 %, the highest of the 2 moves');
  assert.equal(say('goudan', 'sample-1', 1, 'zh'), '小E打出一张牌：先随机造成 3 次 1 点伤害，再成为体力 2 的随从；小E胜率 50%，是 2 种走法中最高的');
  // The why panel of that play: play (50 %) chosen over the skill (0 %, it kills E), by their names.
  const w = N.why('goudan', ev('goudan', 'sample-1', 1), 'en');
  assert.deepEqual(w.candidates.map((c) => [c.label, c.value.replace(/\u00a0/g, ' '), c.chosen]), [['play a card', '50 %', true], ['use the skill', '0 %', false]]);
});

test('bad input never throws and never shows undefined', async () => {
  const tr = await traces();
  const junk = [null, undefined, 42, 'text', [], {}, { type: 'play' }, { type: 'discard', why: {} }, { type: 'hit', player: 'E' },
    { type: 'face', decision: { candidates: 'x' } }, { type: 'play', decision: { chosen: 7, candidates: [] } },
    { type: 'play', decision: { rule_choice: 'a', chosen: 'b', forced: true, candidates: [{ label: 'a' }, null, 5, { label: 'b', value: 'x' }] } }];
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (const game of ['cirno', 'thegame', 'mahjong', 'goudan', 'nosuchgame', 9]) {
    const real = tr.filter((x) => x.game === game).flatMap((x) => x.events).slice(0, 150);
    // Real events with random fields removed or replaced.
    const mangled = real.map((e) => {
      const c = JSON.parse(JSON.stringify(e));
      const keys = Object.keys(c);
      for (let k = 0; k < 2; k++) {
        const key = keys[rnd(keys.length)];
        if (rnd(2)) delete c[key]; else c[key] = [null, 'x', -1, {}, []][rnd(5)];
      }
      return c;
    });
    for (const ev of [...junk, ...mangled]) {
      for (const lang of [...LANGS, undefined, 'fr']) {
        for (const ctx of [undefined, null, {}, { headline: 5 }, { headline: null, step: 'x' }, { stateBefore: 'x', stateAfter: [], header: 5 }]) {
          const w = N.why(game, ev, lang, ctx);
          if (w !== null) assert.ok(!/undefined|NaN|\[object/.test(JSON.stringify(w)), `${game} why ${JSON.stringify(w)}`);
          const q = N.quiz(game, ev, lang, ctx);
          if (q !== null) assert.ok(!/undefined|NaN|\[object/.test(JSON.stringify(q)), `${game} quiz ${JSON.stringify(q)}`);
        }
      }
    }
  }
});

/* The quiz's question starts with the headline the page passes in ctx (the
 * engine's, dsv_api_headline of the state before the event: quiz.js); without
 * one it is the question alone. narrate.js has no words about a state. */
test('quiz: the question starts with the headline given in ctx', async () => {
  assert.equal(typeof N.start, 'undefined', 'start() is the engine\'s (dsv_api_start)');
  assert.equal(typeof N.headline, 'undefined', 'headline() is the engine\'s (dsv_api_headline)');
  assert.equal(typeof N.changes, 'undefined', 'changes() is the engine\'s (dsv_api_changes)');
  const tr = await traces();
  let asked = 0;
  for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
    const t = tr.find((x) => x.game === game);
    const ev = t.events.find((e) => N.quiz(game, e, 'en'));
    assert.ok(ev, `${game}: a quizzable event`);
    for (const [lang, ask, sep] of [['en', 'Which move does the rule make?', '. '], ['zh', '规则会怎么走？', '。']]) {
      assert.equal(N.quiz(game, ev, lang).question, ask);
      assert.equal(N.quiz(game, ev, lang, { headline: '' }).question, ask);
      const h = `${game} headline ${lang}`;
      assert.equal(N.quiz(game, ev, lang, { headline: h }).question, h + sep + ask);
      // a headline ending in a stop gets one stop, not two
      assert.equal(N.quiz(game, ev, lang, { headline: h + (lang === 'zh' ? '。' : '.') }).question, h + sep + ask);
      // the rest of the quiz does not depend on the headline
      assert.deepEqual(N.quiz(game, ev, lang, { headline: h }).options, N.quiz(game, ev, lang).options);
      asked++;
    }
  }
  assert.equal(asked, 8);
});
