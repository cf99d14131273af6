// idle.test.mjs - an idle page draws nothing (issue 25, "a test suite that
// helps"). A canvas frame costs 12-15 ms of CPU in headless Chromium's
// software GL, and every open page used to draw one on every animation
// frame, changed or not. The C view now draws only when the picture can
// differ (web/app/model/view.h: dsv_touch, dsv_animating): these tests count
// the frames drawn (window.deckscope.frames, Module.onFrame) over animation
// frames of the page (harness.mjs ticks, requestAnimationFrame, which run
// whether the view draws or not).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, settle, ticks, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();
import { frames } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const IDLE_TICKS = 30; // animation frames in which an idle page may not draw

/** @param {import('playwright-core').Page} page */
const drawn = (page) => page.evaluate(() => window.deckscope.frames);
/**
 * Frames drawn from just before a jump to step `seek` (none: no seek) to n
 * animation frames after it.
 * @param {import('playwright-core').Page} page @param {number} n @param {number} [seek]
 */
async function drawnDuring(page, n, seek) {
  const f0 = await page.evaluate((s) => {
    const f = window.deckscope.frames;
    if (s !== undefined) window.deckscope.seek(s, false);
    return f;
  }, seek);
  await ticks(page, n);
  return (await drawn(page)) - f0;
}

test('an idle page draws no frame; a seek draws one, a listener of frame keeps it drawing', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=cirno&sample=1&step=5`);
  await page.waitForFunction(() => window.deckscope.game === 'cirno' && !window.deckscope.busy && window.deckscope.steps > 8,
    null, { timeout: LIMIT });
  await settle(page);
  // a jump (no tween): the state shown is still from here on
  await page.evaluate(() => window.deckscope.seek(6, false));
  await ticks(page, 2);
  assert.equal(await drawnDuring(page, IDLE_TICKS), 0, `no frame drawn in ${IDLE_TICKS} animation frames of an idle page`);

  // a seek through the API: exactly one frame, then nothing again
  assert.equal(await drawnDuring(page, IDLE_TICKS, 2), 1, 'a jump to another step draws one frame');
  assert.equal(await page.evaluate(() => window.deckscope.step), 2);
  // a seek to the step shown changes nothing: no frame
  assert.equal(await drawnDuring(page, IDLE_TICKS, 2), 0, 'a seek to the step shown draws nothing');
  // the theme and the language change the picture: a frame each
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await ticks(page, 2);
  const words = await page.evaluate(() => JSON.parse(window.deckscope.module.ccall('dsv_api_drawn_strings', 'string', [], [])));
  assert.ok(words.some((/** @type {string} */ w) => /[\u4e00-\u9fff]/.test(w)), `the canvas was drawn again in Chinese: ${words.slice(0, 6).join(' | ')}`);
  assert.equal(await drawnDuring(page, IDLE_TICKS), 0, 'idle again after the change of language');

  // a listener of 'frame' (the tests' frames(), the video export) keeps it drawing
  await frames(page, 5);
  assert.equal(await drawnDuring(page, IDLE_TICKS), 0, 'idle again once nobody listens');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the DP view is drawn while its table fills, then rests', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=mahjong&sample=1&step=60`);
  await page.waitForFunction(() => window.deckscope.game === 'mahjong' && !window.deckscope.busy, null, { timeout: LIMIT });
  await settle(page);
  await page.evaluate(() => window.deckscope.setMode(1));
  // its animation (the columns filling) draws frame after frame
  const during = await drawnDuring(page, 10);
  assert.ok(during >= 5, `the DP table's animation is drawn (${during} frames in 10 animation frames)`);
  // at its end (the panel's seek): nothing moves any more
  await page.evaluate(() => window.deckscope.module.ccall('dsv_api_dp_mahjong_seek', null, ['number', 'number'], [36, 0]));
  await ticks(page, 2);
  assert.equal(await drawnDuring(page, IDLE_TICKS), 0, `the settled DP view draws nothing in ${IDLE_TICKS} animation frames`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// A step changes the canvas and the panels, not the bar: the tools that do not
// fit in the bar stay in "More" (ui/more.js) without being moved back and out
// again. The lesson's tour button set its `hidden` to what it was at every
// step, and the bar refitted itself each time: every tool moved back, then out
// one by one with a forced layout each (six per step of mahjong at 1100 px).
test('stepping leaves the bar alone: no tool moves in or out of "More"', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { reducedMotion: 'reduce' });
  await loadView(page, `${env.url}#game=mahjong&sample=1&step=1`);
  await page.waitForFunction(() => window.deckscope.game === 'mahjong' && !window.deckscope.busy, null, { timeout: LIMIT });
  await settle(page);
  const r = await page.evaluate(async () => {
    const tools = window.__el('#teach-tools');
    const over = window.__el('#more-overflow');
    /** @type {string[]} */
    const moved = [];
    const mo = new MutationObserver((ms) => {
      for (const m of ms) for (const n of m.addedNodes) moved.push(n instanceof Element ? n.id || n.nodeName : n.nodeName);
    });
    mo.observe(tools, { childList: true, subtree: true });
    const frame = () => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    for (let i = 2; i <= 30; i++) { window.deckscope.seek(i, false); await frame(); }
    mo.disconnect();
    return { moved, overflow: over.children.length, step: window.deckscope.step };
  });
  assert.equal(r.step, 30);
  assert.ok(r.overflow > 0, `at 1100 px some tools are in "More" (${r.overflow}): the case that refitted`);
  assert.deepEqual(r.moved, [], 'no tool moved while stepping');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
