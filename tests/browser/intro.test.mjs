// intro.test.mjs - orientation: for a first visit the page says what each
// game is (problem and origin, both languages) and offers "Start with sample
// 1"; it is shown once, never over a permalink; the why panel at step 0 says
// what to look for in the game shown; the legend explains the canvas's marks.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
import { GAMES, uiSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @type {Record<string, RegExp>} */
const ORIGIN = { cirno: /P7506/, thegame: /CERC 2022/, mahjong: /THUPC 2021.*L/, goudan: /THUPC 2021.*I/ };

test('first visit: every game explained, Start with sample 1, shown once', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  const intro = page.locator('#intro');
  assert.equal(await intro.isVisible(), true, 'a first visit shows the introduction');
  for (const g of GAMES) {
    const text = await page.locator(`#intro li:has(button[data-game="${g}"]) p`).textContent();
    assert.match(String(text), ORIGIN[g], `${g}: names its problem and origin: ${text}`);
  }
  await page.evaluate(() => window.deckscope.setLang('zh'));
  const zh = String(await page.locator('#intro').textContent());
  assert.match(zh, /欢迎/);
  assert.match(zh, /从样例 1 开始/);
  await page.evaluate(() => window.deckscope.setLang('en'));
  await page.click('#intro button[data-game="mahjong"]');
  await page.waitForFunction(() => window.deckscope.game === 'mahjong' && window.deckscope.steps > 0);
  assert.deepEqual(await page.evaluate(() => window.deckscope.source), { sample: 1 });
  assert.equal(await intro.count(), 0, 'gone once a game is chosen');
  // shown once: a reload (same browser profile) does not show it again
  await page.goto(env.url);
  await page.evaluate(() => window.deckscope.ready);
  assert.equal(await page.locator('#intro').count(), 0, 'not shown a second time');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a permalink opens its view without the introduction', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&step=3');
  assert.equal(await page.locator('#intro').count(), 0);
  await page.closeAll();
});

test('the why panel at step 0 says what to look for, in both languages', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1');
  for (const g of GAMES) {
    await page.evaluate((game) => window.deckscope.load({ game, sample: 1 }), g);
    await page.evaluate(() => window.deckscope.seek(0, false));
    await uiSettled(page);
    const en = String(await page.locator('#why').textContent());
    assert.ok(en.length > 60, `${g}: a hint at step 0: ${en}`);
    await page.evaluate(() => window.deckscope.setLang('zh'));
    await uiSettled(page);
    const zh = String(await page.locator('#why').textContent());
    assert.match(zh, /[\u4e00-\u9fff]/, `${g}: Chinese at step 0: ${zh}`);
    assert.notEqual(zh, en);
    await page.evaluate(() => window.deckscope.setLang('en'));
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('legend: one click explains the canvas\'s marks of every game, both languages', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1');
  for (const g of GAMES) {
    await page.evaluate((game) => window.deckscope.load({ game, sample: 1 }), g);
    await uiSettled(page);
    for (const lang of ['en', 'zh']) {
      await page.evaluate((l) => window.deckscope.setLang(l), lang);
      await page.click('#legend-open');
      assert.equal(await page.locator('#legend').isVisible(), true);
      const items = await page.$$eval('#legend-list dd', (ds) => ds.map((d) => d.textContent));
      assert.ok(items.length >= 5, `${g}: ${items.length} marks explained`);
      for (const s of items) {
        assert.ok(s.length > (lang === 'zh' ? 4 : 10) && !/legend\./.test(s), `${g} ${lang}: ${s}`);
        if (lang === 'zh') assert.match(s, /[\u4e00-\u9fff]/, `${g}: Chinese: ${s}`);
      }
      await page.keyboard.press('Escape');
      assert.equal(await page.locator('#legend').isVisible(), false);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'legend-open', 'focus returns');
    }
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
