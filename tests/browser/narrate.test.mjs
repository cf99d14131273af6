// narrate.test.mjs - web/shell/core/narrate.js inside the page, with the states the
// page really has (dsv_api_state_json before and after every event): every
// event of a sample of each game narrated, explained and quizzed in English
// and Chinese with full context, the sentences that read the states checked
// against those states, and the page's caption equal to the engine's sentence
// (dsv_api_narrate, issue 21).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
// A learner never sees a negative HP: a hit past 0 is said as 0 (narrate.js hpOf).
const hp0 = (p) => Math.max(0, p.hp);

let env, page;
before(async () => {
  env = await startBrowser();
  page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=cirno&sample=1`);
});
after(async () => { if (page) await page.closeAll(); if (env) await env.close(); });

// Runs in the page: every event of the loaded game through dsNarrate.
function walk(game) {
  const d = window.deckscope, M = d.module, N = window.deckscope.narrate;
  const J = (f, i) => JSON.parse(M.ccall(f, 'string', ['number'], [i]));
  const steps = d.steps, out = [];
  // the engine's sentence about event i in a language (the view's language set and restored)
  const was = M.ccall('dsv_api_lang', 'number', [], []);
  const said = (i, zh) => {
    M.ccall('dsv_api_set_lang', null, ['number'], [zh]);
    const t = M.ccall('dsv_api_narrate', 'string', ['number'], [i]);
    M.ccall('dsv_api_set_lang', null, ['number'], [was]);
    return t;
  };
  let prev = J('dsv_api_state_json', 0);
  const start = { en: N.start(game, prev, 'en'), zh: N.start(game, prev, 'zh') };
  for (let i = 0; i < steps; i++) {
    const ev = J('dsv_api_event_json', i), next = J('dsv_api_state_json', i + 1);
    const ctx = { stateBefore: prev, stateAfter: next, step: i + 1, steps };
    const r = { i, ev, before: prev, after: next };
    for (const lang of ['en', 'zh']) {
      // the caption's sentence: the engine's (narrate.js only for a game without one)
      r[lang] = said(i, lang === 'zh' ? 1 : 0) || N.narrate(game, ev, lang, ctx);
      r[lang + 'Why'] = N.why(game, ev, lang, ctx);
      r[lang + 'Quiz'] = N.quizzes(game, ev, lang, ctx);
    }
    out.push(r);
    prev = next;
  }
  return { steps, start, events: out };
}

const BAD = /undefined|NaN|\[object|Infinity/;
const CJK = /[\u4e00-\u9fff]/;

for (const [game, n] of [['cirno', 2], ['thegame', 1], ['mahjong', 1], ['goudan', 2]]) {
  test(`${game} sample ${n}: narration with the page's states`, { timeout: LIMIT }, async () => {
    await page.evaluate(async ([g, k]) => {
      await window.deckscope.load({ game: g, sample: k });
      while (window.deckscope.busy) await new Promise((r) => requestAnimationFrame(r));
    }, [game, n]);
    assert.equal(await page.evaluate(() => typeof window.deckscope.narrate), 'object', 'narrate.js is loaded by the page');
    const { steps, start, events } = await page.evaluate(walk, game);
    assert.ok(steps > 0 && events.length === steps);
    assert.ok(start.en && !BAD.test(start.en) && CJK.test(start.zh), `start: ${start.en} / ${start.zh}`);
    for (const r of events) {
      for (const lang of ['en', 'zh']) {
        const s = r[lang], what = `${game} event ${r.i} (${r.ev.type}) ${lang}`;
        assert.ok(typeof s === 'string' && s.length > 0 && !BAD.test(s), `${what}: ${s}`);
        assert.ok(!/^Event:|^事件/.test(s), `${what}: generic fallback ${s}`);
        // 小E is goudan's name in both languages; no other Chinese in English
        assert.equal(CJK.test(lang === 'zh' ? s : s.replace(/小E/g, 'E')), lang === 'zh', `${what}: language of ${s}`);
        assert.ok(!BAD.test(JSON.stringify(r[lang + 'Why'])), `${what}: why`);
        assert.ok(!BAD.test(JSON.stringify(r[lang + 'Quiz'])), `${what}: quiz`);
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
        const side = (who) => (who === 'E' ? 0 : 1);
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
