// zh.test.mjs - "Chinese all the way through" on the page: with &lang=zh the
// canvas (drawn in C) says its words in Chinese too. For every game (and the
// DP views of mahjong and goudan) at the first, a middle and the last step,
// the strings the last frame drew (dsv_api_drawn_strings, recorded by
// text.c) hold Chinese and no English word of three or more letters apart
// from the codes (PASS, TURN, DOUBLE, DBL, REVERSE, the game ids and the
// input's player names); switching the page to English and back switches the
// canvas too. A screenshot of each game in Chinese lands in the artifacts
// (zh-<game>-<mode>.png). tests/frontend/test_zh.c checks every step natively.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { canvasShot, frames, sample, seekSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const CODES = new Set(['PASS', 'TURN', 'DOUBLE', 'DBL', 'REVERSE', 'cirno', 'thegame', 'mahjong', 'goudan', 'deckscope']);
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

// The English words (3+ letters, not glued to digits, not codes or words of the input).
/** @param {string[]} strings @param {string} input */
function englishWords(strings, input) {
  const inputWords = new Set(input.match(/[A-Za-z]+/g) || []);
  const bad = [];
  for (const s of strings) {
    for (const m of s.matchAll(/(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])/g)) {
      if (!CODES.has(m[0]) && !inputWords.has(m[0])) bad.push(`${m[0]} in "${s}"`);
    }
  }
  return bad;
}

/** @type {(page: import('playwright-core').Page) => Promise<string[]>} the strings the last frame drew */
const drawn = (page) => page.evaluate(() =>
  JSON.parse(window.deckscope.module.ccall('dsv_api_drawn_strings', 'string', [], [])));

/** @type {[string, number, string[]][]} */
const CASES = [
  ['cirno', 2, ['game']],
  ['thegame', 1, ['game']],
  ['mahjong', 1, ['game', 'dp']],
  ['goudan', 2, ['game', 'dp']],
];

for (const [game, k, modes] of CASES) {
  test(`${game} in Chinese: the canvas's words are Chinese`, { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser, { colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await loadView(page, `${env.url}#game=${game}&sample=${k}&lang=zh`);
    await page.waitForFunction((g) => window.deckscope.game === g && window.deckscope.steps > 0, game, { timeout: LIMIT });
    assert.equal(await page.evaluate(() => window.deckscope.lang), 'zh');
    const input = sample(game, k);
    const steps = await page.evaluate(() => window.deckscope.steps);
    for (const mode of modes) {
      await page.evaluate((m) => window.deckscope.setMode(m === 'dp' ? 1 : 0), mode);
      for (const step of [0, Math.floor(steps / 2), steps]) {
        await seekSettled(page, step);
        await frames(page, 4);
        const strings = await drawn(page);
        t.diagnostic(`${mode} step ${step}/${steps}: ${strings.length} strings, e.g. ${JSON.stringify(strings.slice(0, 6))}`);
        assert.ok(strings.length > 0, `${mode} step ${step}: the frame draws text`);
        // mahjong's table and DP view may show codes and numbers only; its
        // last step has the win (荣和 ✓ 和牌, 自摸 ✓ 和牌) or 流局 banner
        if (game !== 'mahjong' || (mode === 'game' && step === steps))
          assert.ok(strings.some((s) => CJK.test(s)), `${mode} step ${step}: Chinese on the canvas: ${JSON.stringify(strings)}`);
        assert.deepEqual(englishWords(strings, input), [], `${mode} step ${step}: no English word`);
        if (step === Math.floor(steps / 2)) writeFileSync(artifact(`zh-${game}-${mode}.png`), await canvasShot(page));
      }
    }
    await page.evaluate(() => window.deckscope.setMode(0));
    // the page's language switch reaches the canvas, both ways (at the end:
    // every game has words there, mahjong its win banner)
    await seekSettled(page, steps);
    await page.evaluate(() => window.deckscope.setLang('en'));
    await frames(page, 4);
    const en = await drawn(page);
    // 小E is goudan's name in both languages (issue 13): no other Chinese left
    assert.ok(!en.some((s) => CJK.test(s.replace(/小E/g, 'E'))), `English: no Chinese left: ${JSON.stringify(en)}`);
    assert.ok(en.some((s) => /[A-Za-z]{3,}/.test(s)), `English words are back: ${JSON.stringify(en)}`);
    await page.evaluate(() => window.deckscope.setLang('zh'));
    await frames(page, 4);
    assert.ok((await drawn(page)).some((s) => CJK.test(s)), 'back to Chinese');
    assert.deepEqual(page.problems, [], 'console errors / failed requests');
    await page.closeAll();
  });
}
