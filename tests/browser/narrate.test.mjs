// narrate.test.mjs - web/shell/core/narrate.js inside the page, with the states the
// page really has (dsv_api_state_json before and after every event): every
// event of a sample of each game narrated, explained and quizzed in English
// and Chinese with full context, the sentences that read the states checked
// against those states, and the page's caption equal to the engine's sentence
// (dsv_api_narrate, issue 21); the engine's sentences about the state
// (dsv_api_start, dsv_api_headline, dsv_api_changes) exist in both languages,
// a few word for word, and the quiz's question starts with the engine's headline.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
// A learner never sees a negative HP: a hit past 0 is said as 0 (narrate.js hpOf).
/** @param {{hp: number}} p */
const hp0 = (p) => Math.max(0, p.hp);

/** @type {import('./harness.mjs').Env} */
let env;
/** @type {import('./harness.mjs').TestPage} */
let page;
before(async () => {
  env = await startBrowser();
  page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=cirno&sample=1`);
});
after(async () => { if (page) await page.closeAll(); if (env) await env.close(); });

// Runs in the page: every event of the loaded game through dsNarrate.
/** @param {string} game */
function walk(game) {
  const d = window.deckscope, M = d.module, N = window.deckscope.narrate;
  /** @type {(f: string, i: number) => any} the engine's JSON */
  const J = (f, i) => JSON.parse(M.ccall(f, 'string', ['number'], [i]));
  const steps = d.steps, out = [];
  // the engine's sentence about event i in a language (the view's language set and restored)
  const was = M.ccall('dsv_api_lang', 'number', [], []);
  /** @type {(i: number, zh: number) => string} */
  const said = (i, zh) => {
    M.ccall('dsv_api_set_lang', null, ['number'], [zh]);
    const t = M.ccall('dsv_api_narrate', 'string', ['number'], [i]);
    M.ccall('dsv_api_set_lang', null, ['number'], [was]);
    return t;
  };
  // the engine's words about the state (<game>_start, _headline, _changes) in a language
  /** @type {(zh: number, f: () => string) => string} */
  const inLang = (zh, f) => {
    M.ccall('dsv_api_set_lang', null, ['number'], [zh]);
    const t = f();
    M.ccall('dsv_api_set_lang', null, ['number'], [was]);
    return t;
  };
  /** @type {Record<string, string>} */
  const start = {};
  /** @type {Record<string, string>} */
  const headline0 = {};
  /** @type {Record<string, string[][]>} */
  const changes = {};
  for (const lang of ['en', 'zh']) {
    const zh = lang === 'zh' ? 1 : 0;
    start[lang] = inLang(zh, () => M.ccall('dsv_api_start', 'string', [], []));
    headline0[lang] = inLang(zh, () => M.ccall('dsv_api_headline', 'string', ['number'], [0]));
    changes[lang] = [];
    for (let i = 0; i < steps; i++)
      changes[lang].push(inLang(zh, () => M.ccall('dsv_api_changes', 'string', ['number'], [i])).split('\n').filter((x) => x !== ''));
  }
  let prev = J('dsv_api_state_json', 0);
  for (let i = 0; i < steps; i++) {
    const ev = J('dsv_api_event_json', i), next = J('dsv_api_state_json', i + 1);
    const ctx = { step: i + 1, steps };
    /** @type {Record<string, any>} */
    const r = { i, ev, before: prev, after: next };
    for (const lang of ['en', 'zh']) {
      // the caption's sentence: the engine's (every game has its own: narrate.js has none)
      r[lang] = said(i, lang === 'zh' ? 1 : 0);
      r[lang + 'Why'] = N.why(game, ev, lang, ctx);
      // the quiz as quiz.js asks it: after the engine's headline of the state before the event
      r[lang + 'Headline'] = inLang(lang === 'zh' ? 1 : 0, () => M.ccall('dsv_api_headline', 'string', ['number'], [i]));
      r[lang + 'Quiz'] = N.quizzes(game, ev, lang, { ...ctx, headline: r[lang + 'Headline'] });
    }
    out.push(r);
    prev = next;
  }
  return { steps, start, headline0, changes, events: out };
}

const BAD = /undefined|NaN|\[object|Infinity/;
// The engine's sentence of step 0 (dsv_api_start) of the samples the test loads.
/** @type {Record<string, string>} */
const START = {
  cirno: '3 players (Cirno, Reimu, Marisa), 2 rounds, 25 cards in the deck; Cirno plays first',
  thegame: '98 cards in the draw pile, 96 on top; Vladimir takes his hand from the top',
  goudan: 'Before 小E’s turn: 小E has HP 5, 0 cards, 1 minion; the teacher has HP 14, 1 card, 1 minion; at most 4 skills and plays per turn',
};
// What an event changed (dsv_api_changes), word for word: [event, lang, sentences].
/** @type {Record<string, Array<[number, string, string[]]>>} */
const CHANGES = {
  // Marisa holds DOUBLE A99 A99 at p = 41: both A99 lose, so the counter card; she draws
  // the next deck card (A99) into its slot, and Reimu, next counterclockwise, must play two.
  cirno: [[16, 'en', ['Marisa plays DOUBLE, draws A99 (hand A99 A99 A99)', 'Reimu is under DOUBLE: must play two cards', 'Deck: 9 left']],
    [16, 'zh', ['Marisa 打出 DOUBLE，摸到 A99（手牌 A99 A99 A99）', 'Reimu 被施加了 DOUBLE：要出两张牌', '牌堆：剩 9 张']]],
  // C discards Z; A holds Z Z, and PONG lowers his winning distance 3 → 2 (the strict-drop rule)
  mahjong: [[59, 'en', ['A takes C’s Z for a PONG (Z Z Z)', 'A’s winning distance 3 → 2', 'Now A’s turn']],
    [59, 'zh', ['A 碰 C 打出的 Z（Z Z Z）', 'A 的和牌距离 3 → 2', '轮到 A']]],
  // E's HP 1 minion attacks the teacher (HP 14) for 3
  goudan: [[1, 'en', ['小E’s HP 1 minion has attacked (not again this turn)', 'The teacher’s HP 14 → 11']],
    [1, 'zh', ['小E体力为 1 的随从已攻击（本回合不能再攻击）', '老师体力 14 → 11']]],
};
const CJK = /[\u4e00-\u9fff]/;

for (const [game, n] of /** @type {[string, number][]} */ ([['cirno', 2], ['thegame', 1], ['mahjong', 1], ['goudan', 2]])) {
  test(`${game} sample ${n}: narration with the page's states`, { timeout: LIMIT }, async () => {
    await page.evaluate(async ([g, k]) => {
      await window.deckscope.load({ game: g, sample: k });
      while (window.deckscope.busy) await new Promise((r) => requestAnimationFrame(r));
    }, /** @type {[string, number]} */ ([game, n]));
    assert.equal(await page.evaluate(() => typeof window.deckscope.narrate), 'object', 'narrate.js is loaded by the page');
    const { steps, start, headline0, changes, events } = await page.evaluate(walk, game);
    assert.ok(steps > 0 && events.length === steps);
    // the engine's sentence of step 0 and headline of the state at step 0, both languages
    for (const s of [start, headline0])
      assert.ok(s.en && !BAD.test(s.en) && !CJK.test(s.en.replace(/小E/g, 'E')) && CJK.test(s.zh), `start: ${s.en} / ${s.zh}`);
    // word for word where the statement's sample sets the game up (worked out by hand)
    if (START[game]) assert.equal(start.en, START[game], `${game} sample ${n}: the engine's start`);
    for (const [i, lang, words] of CHANGES[game] || []) assert.deepEqual(changes[lang][i], words, `${game} sample ${n} event ${i} changes (${lang})`);
    for (const r of events) {
      for (const lang of ['en', 'zh']) {
        const s = r[lang], what = `${game} event ${r.i} (${r.ev.type}) ${lang}`;
        assert.ok(typeof s === 'string' && s.length > 0 && !BAD.test(s), `${what}: ${s}`);
        assert.ok(!/^Event:|^事件/.test(s), `${what}: generic fallback ${s}`);
        // 小E is goudan's name in both languages; no other Chinese in English
        assert.equal(CJK.test(lang === 'zh' ? s : s.replace(/小E/g, 'E')), lang === 'zh', `${what}: language of ${s}`);
        assert.ok(!BAD.test(JSON.stringify(r[lang + 'Why'])), `${what}: why`);
        assert.ok(!BAD.test(JSON.stringify(r[lang + 'Quiz'])), `${what}: quiz`);
        const h = r[lang + 'Headline'];
        assert.ok(h && !BAD.test(h), `${what}: the engine's headline before the event: ${h}`);
        for (const q of r[lang + 'Quiz']) assert.ok(q.question.startsWith(h.replace(/[.。!！:：\s]+$/, '')), `${what}: the question ${q.question} starts with ${h}`);
      }
      const { ev, before: b, after: a } = r, en = r.en;
      // Sentences that read the states say what the states say.
      if (game === 'cirno' && ev.type === 'play' && ['PASS', 'TURN', 'DOUBLE'].includes(ev.card))
        assert.ok(en.includes(a.players[a.current].name), `next player ${a.players[a.current].name}: ${en}`);
      if (game === 'mahjong' && ev.type === 'draw') {
        const p = 'ABCD'.indexOf(ev.player), was = b.players[p].dist, now = a.players[p].dist;
        assert.equal(now, ev.dist);
        if (was !== now) assert.ok(en.includes(`winning distance ${was} → ${now}`), en);
      }
      if (game === 'mahjong' && ev.type === 'deal' && ev.dist === null)
        assert.ok(en.includes(`(tile ${a.players['ABCD'.indexOf(ev.player)].hand_n} of 13)`), en);
      if (game === 'mahjong' && ev.type === 'win') assert.ok(en.includes(String(a.win_how).toUpperCase()), en);
      if (game === 'goudan') {
        const side = (/** @type {string} */ who) => (who === 'E' ? 0 : 1);
        if (ev.type === 'hit') {
          assert.ok(en.startsWith(`Hit ${b.hits_done + 1} of 3`), en);
          if (ev.target === 'player') {
            const p = side(ev.target_side);
            assert.ok(en.includes(`loses 1 HP (${hp0(b.players[p])} → ${hp0(a.players[p])})`), en);
            assert.equal(a.players[p].hp, b.players[p].hp - 1, 'a hit on a player costs 1 HP');
          }
        }
        if (ev.type === 'face') {
          const o = 1 - side(ev.player);
          assert.ok(en.includes(`(HP ${hp0(b.players[o])} → ${hp0(a.players[o])})`), en);
        }
        if (ev.type === 'skill') {
          const p = side(ev.player);
          assert.ok(en.includes(`(HP ${hp0(b.players[p])} → ${hp0(a.players[p])})`), en);
        }
        if (ev.type === 'turn_start' && ev.drew) {
          const p = side(ev.player);
          assert.ok(en.includes(`(${a.players[p].hand} card`), en);
        }
      }
    }
    // The caption under the canvas is the engine's sentence for the event that led to the step.
    for (const k of [1, 2, Math.floor(steps / 2), steps]) {
      await page.evaluate((s) => window.deckscope.seek(s, false), k);
      for (const lang of ['en', 'zh']) {
        await page.evaluate((l) => window.deckscope.setLang(l), lang);
        const cap = await page.evaluate(() => window.deckscope.caption);
        assert.equal(cap, events[k - 1][lang], `caption at step ${k} (${lang})`);
      }
    }
    await page.evaluate(() => window.deckscope.setLang('en'));
    assert.deepEqual(page.problems, [], 'console errors / failed requests');
  });
}
