// phone.test.mjs - the page's toolbar on a 390x844 phone (touch, mobile
// viewport), in English and Chinese: every control of the header can be
// reached and lies inside the screen when shown, the teaching tools (share,
// check my output, export, quiz) sit in the "More" menu (aria-expanded,
// Enter opens it, Esc closes it and gives the focus back), More then Quiz
// opens the quiz with the timeline's play button, scrubber and the canvas on
// screen above its sheet (a tap on the scrubber moves the view), and the
// page never scrolls sideways. On a wide screen the
// tools stay in the bar and there is no "More". Screenshots:
// phone-toolbar-<lang>.png, phone-more-<lang>.png in DS_ARTIFACTS_DIR.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, settle, startBrowser } from './harness.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const W = 390, H = 844;
const PHONE = { viewport: { width: W, height: H }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const TOOLS = ['#teach-share', '#teach-check', '#export-open', '#quiz-open'];
const BAR = ['#game', '#dp', '#lang', '#theme', '#help-open', '#more-open'];

/** @param {string} lang */
async function openPhone(lang) {
  const page = await openPage(env.browser, PHONE);
  await loadView(page, env.url + `index.html#game=mahjong&sample=1&step=60&lang=${lang}`);
  // Every module has added its tool.
  await page.waitForFunction((ids) => ids.every((id) => document.querySelector(id)) &&
    window.deckscope.steps > 0, TOOLS, { timeout: LIMIT });
  return page;
}
/** @typedef {{x: number, y: number, w: number, h: number, r: number, b: number, shown: boolean}} Box */
/** @param {import('./harness.mjs').TestPage} page @param {string} sel @returns {Promise<Box | null>} */
const box = (page, sel) => page.evaluate((s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, w: r.width, h: r.height, r: r.right, b: r.bottom,
           shown: r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' };
}, sel);
/** @param {Box | null} b @returns {b is Box} */
const inside = (b) => !!b && b.shown && b.x >= 0 && b.r <= W + 0.5 && b.y >= 0 && b.b <= H + 0.5;
/** @param {import('./harness.mjs').TestPage} page */
const scrollWidth = (page) => page.evaluate(() => /** @type {Element} */ (document.scrollingElement).scrollWidth);

for (const lang of ['en', 'zh']) {
  test(`phone 390x844 (${lang}): every toolbar control is reachable and on screen`, { timeout: LIMIT }, async (t) => {
    const page = await openPhone(lang);
    assert.ok(await scrollWidth(page) <= W, `no horizontal scroll (${await scrollWidth(page)})`);
    // The bar's own controls: shown, inside the screen.
    for (const sel of BAR) {
      const b = await box(page, sel);
      t.diagnostic(`${sel} ${JSON.stringify(b)}`);
      assert.ok(inside(b), `${sel} is inside 0..${W}: ${JSON.stringify(b)}`);
    }
    const more = page.locator('#more-open');
    assert.equal(await more.textContent(), lang === 'zh' ? '更多' : 'More');
    assert.equal(await more.getAttribute('aria-haspopup'), 'true');
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    // The tools are in the closed menu: not shown.
    for (const sel of TOOLS) assert.equal(await page.locator(sel).isVisible(), false, `${sel} hidden behind More`);
    writeFileSync(artifact(`phone-toolbar-${lang}.png`), await page.screenshot());

    // Tap More: every tool is shown, inside the screen.
    await more.tap();
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    for (const sel of TOOLS) {
      const b = await box(page, sel);
      t.diagnostic(`${sel} ${JSON.stringify(b)}`);
      assert.ok(inside(b), `${sel} is inside 0..${W} when the menu is open: ${JSON.stringify(b)}`);
    }
    assert.ok(await scrollWidth(page) <= W, 'no horizontal scroll with the menu open');
    writeFileSync(artifact(`phone-more-${lang}.png`), await page.screenshot());
    // A tap outside (on the brand) closes it.
    const brand = await box(page, '.brand');
    assert.ok(brand, 'the brand is shown');
    await page.touchscreen.tap(brand.x + 10, brand.y + brand.h / 2);
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('more-open')).getAttribute('aria-expanded') === 'false');

    // The keyboard: Enter opens it on the first tool, ↓ moves, Esc closes and returns the focus.
    await more.focus();
    await page.keyboard.press('Enter');
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'teach-share');
    const step = await page.evaluate(() => window.deckscope.step);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'teach-check');
    assert.equal(await page.evaluate(() => window.deckscope.step), step, 'the menu keys do not step the view');
    await page.keyboard.press('Escape');
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'more-open', 'Esc gives the focus back');
    await page.keyboard.press(' ');
    assert.equal(await more.getAttribute('aria-expanded'), 'true', 'Space opens it too');
    await page.keyboard.press('Escape');

    // Share from the menu: its dialog opens; closing it gives the focus to More.
    await more.tap();
    await page.locator('#teach-share').tap();
    assert.equal(await more.getAttribute('aria-expanded'), 'false', 'picking a tool closes the menu');
    await page.waitForFunction(() => [...document.querySelectorAll('dialog[open]')].length > 0);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForFunction(() => document.activeElement && document.activeElement?.id === 'more-open');

    // More, then Quiz: the quiz opens.
    await more.tap();
    await page.locator('#quiz-open').tap();
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('quiz-open')).getAttribute('aria-pressed') === 'true');
    await page.waitForFunction(() => {
      const p = /** @type {HTMLElement | null} */ (document.querySelector('.quiz-panel'));
      return p && !p.hidden && p.getBoundingClientRect().height > 0;
    }, null, { timeout: LIMIT });
    const qp = await box(page, '.quiz-panel');
    assert.ok(qp, 'the quiz panel is shown');
    assert.ok(qp.x >= 0 && qp.r <= W + 0.5, `the quiz fits the screen: ${JSON.stringify(qp)}`);
    // With a question asked, the timeline stays usable: play and scrubber on
    // screen, above the sheet (not covered), the canvas in view too.
    await page.waitForFunction(() => {
      const c = window.deckscope.quiz.current;
      return c && window.deckscope.step === c.step;
    }, null, { timeout: LIMIT });
    await settle(page);
    const sheet = await box(page, '.quiz-panel');
    assert.ok(sheet, 'the quiz sheet is shown');
    /** @param {{x: number, y: number, r: number, b: number}} a @param {{x: number, y: number, r: number, b: number}} b */
    const overlap = (a, b) => a.x < b.r && b.x < a.r && a.y < b.b && b.y < a.b;
    for (const sel of ['#tl-play', '#scrubber', '#canvas']) {
      const b = await box(page, sel);
      assert.ok(inside(b), `${sel} is on screen with the quiz open: ${JSON.stringify(b)}`);
      assert.ok(!overlap(b, sheet), `${sel} is not under the quiz sheet: ${JSON.stringify({ b, sheet })}`);
    }
    // and it works: a tap on the scrubber's end moves the view (the question is skipped)
    const before = await page.evaluate(() => window.deckscope.step);
    const sc = await box(page, '#scrubber');
    assert.ok(sc, 'the scrubber is shown');
    await page.touchscreen.tap(sc.r - 4, sc.y + sc.h / 2);
    await page.waitForFunction((s0) => window.deckscope.step !== s0, before, { timeout: LIMIT });
    assert.ok(await scrollWidth(page) <= W, 'no horizontal scroll with the quiz');
    writeFileSync(artifact(`phone-quiz-${lang}.png`), await page.screenshot());
    assert.deepEqual(page.problems, [], 'console errors / failed requests');
    await page.closeAll();
  });
}

test('wide screen: the tools stay in the bar, no More', { timeout: LIMIT }, async () => {
  // 1280 px: the first tools in the bar; the classroom's (Assignment, Download for
  // LMS, added last) may go into More, and only they, in their order
  {
    const page = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
    await loadView(page, env.url + 'index.html#game=cirno&sample=1');
    await page.waitForFunction((ids) => ids.every((id) => document.querySelector(id)), TOOLS, { timeout: LIMIT });
    for (const sel of TOOLS) {
      const b = await box(page, sel);
      assert.ok(b && b.shown && b.x >= 0 && b.r <= 1280 && b.b <= 120, `${sel} in the bar: ${JSON.stringify(b)}`);
    }
    const over = await page.evaluate(() => [...document.querySelectorAll('#more-overflow button')].map((b) => b.id));
    const order = await page.evaluate(() => [...document.querySelectorAll('#teach-tools button')].map((b) => b.id));
    assert.deepEqual(over, order.slice(order.length - over.length), `the last tools overflow, in order: ${over}`);
    assert.ok(over.every((id) => ['assign-open', 'scorm-download'].includes(id)), `only the classroom tools overflow at 1280: ${over}`);
    assert.deepEqual(page.problems, [], 'console errors / failed requests');
    await page.closeAll();
  }
  const page = await openPage(env.browser, { viewport: { width: 1680, height: 900 } });
  await loadView(page, env.url + 'index.html#game=cirno&sample=1');
  await page.waitForFunction((ids) => ids.every((id) => document.querySelector(id)), TOOLS, { timeout: LIMIT });
  await page.waitForFunction(() => document.getElementById('assign-open') && document.getElementById('scorm-download'), null, { timeout: LIMIT });
  await page.waitForFunction(() => !document.querySelector('#more-overflow button'), null, { timeout: LIMIT });
  assert.equal(await page.locator('#more-open').isVisible(), false);
  for (const sel of TOOLS) {
    const b = await box(page, sel);
    assert.ok(b && b.shown && b.x >= 0 && b.r <= 1680 && b.b <= 120, `${sel} in the bar: ${JSON.stringify(b)}`);
  }
  const y = await Promise.all(['#teach-share', '#dp'].map((s) => box(page, s)));
  assert.ok(y[0] && y[1], 'share and DP are shown');
  assert.ok(Math.abs(y[0].y - y[1].y) < 8, 'on the same row as DP');
  assert.deepEqual(page.problems, [], 'console errors / failed requests');
  await page.closeAll();
});
