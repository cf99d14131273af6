// view.test.mjs - the visualizer page in headless Chromium: it loads with no
// console error, page error or failed request, the SDL2 canvas draws and
// animates, follows the container size, devicePixelRatio and colour scheme,
// and leaves the page's keyboard alone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { artifact, loadView, openPage, pngStats, startBrowser } from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

test('the page loads, draws and animates without errors', { timeout: 90_000 }, async (t) => {
  const page = await openPage(env.browser, { colorScheme: 'dark' });
  const ready = await loadView(page, env.url);
  t.diagnostic(`time to first frame: ${Math.round(ready.firstFrameMs)} ms after navigation start ` +
               `(${ready.wallMs} ms wall, including browser start-up of the page)`);
  assert.ok(ready.firstFrameMs > 0);
  writeFileSync(artifact('browser-timing.json'),
                JSON.stringify({ firstFrameMs: Math.round(ready.firstFrameMs), wallMs: ready.wallMs }) + '\n');

  const stage = page.locator('#stage');
  assert.equal(await stage.getAttribute('data-state'), 'running');
  assert.equal(await page.locator('#overlay').isVisible(), false, 'the loading overlay is gone');
  assert.equal(await page.title(), 'deckscope');

  const canvas = page.locator('#canvas');
  await page.waitForTimeout(300);
  const a = await canvas.screenshot();
  await page.waitForTimeout(400);
  const b = await canvas.screenshot();
  writeFileSync(artifact('browser-canvas.png'), b);
  await page.screenshot({ path: artifact('browser-page-dark.png'), fullPage: true });

  const sa = await pngStats(page, a);
  t.diagnostic(`canvas ${sa.width}x${sa.height}, ${sa.distinct} distinct colours`);
  assert.ok(sa.distinct >= 50, `the canvas is not blank (${sa.distinct} colours)`);
  assert.ok(sa.meanLuma < 110, `dark scheme draws a dark canvas (mean ${sa.meanLuma.toFixed(0)})`);
  assert.notDeepEqual(a, b, 'two frames 400 ms apart differ');
  const frames = await page.evaluate(() => window.deckscope.frames);
  assert.ok(frames >= 5, `frames keep coming (${frames})`);

  // The HTML controls work once the view runs.
  await page.selectOption('#game', '2');
  await page.waitForTimeout(100);
  await page.click('#pause');
  assert.equal(await page.locator('#pause').textContent(), 'Resume');
  await page.click('#pause');
  noProblems(page);
  if (page.warnings.length) t.diagnostic(`console warnings: ${page.warnings.length} (e.g. ${page.warnings[0]})`);
  await page.closeAll();
});

test('HiDPI and light scheme: the backing store follows devicePixelRatio', { timeout: 60_000 }, async (t) => {
  const page = await openPage(env.browser, { colorScheme: 'light', deviceScaleFactor: 2 });
  await loadView(page, env.url);
  await page.waitForTimeout(200);
  const dims = await page.evaluate(() => {
    const c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: devicePixelRatio };
  });
  t.diagnostic(JSON.stringify(dims));
  assert.equal(dims.dpr, 2);
  // Whole CSS pixels, and exactly devicePixelRatio device pixels each.
  assert.equal(dims.cssW, Math.round(dims.cssW));
  assert.equal(dims.w, dims.cssW * 2, `canvas width ${dims.w} = 2 x ${dims.cssW}`);
  assert.equal(dims.h, dims.cssH * 2, `canvas height ${dims.h} = 2 x ${dims.cssH}`);
  const shot = await page.locator('#canvas').screenshot();
  writeFileSync(artifact('browser-canvas-hidpi-light.png'), shot);
  const s = await pngStats(page, shot);
  assert.ok(s.distinct >= 50, `not blank (${s.distinct} colours)`);
  assert.ok(s.meanLuma > 180, `light scheme draws a light canvas (mean ${s.meanLuma.toFixed(0)})`);
  noProblems(page);
  await page.closeAll();
});

test('the canvas resizes with its container', { timeout: 60_000 }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1100, height: 800 } });
  await loadView(page, env.url);
  const before1 = await page.evaluate(() => document.getElementById('canvas').width);
  await page.setViewportSize({ width: 600, height: 800 });
  await page.waitForFunction((w0) => {
    const c = document.getElementById('canvas');
    return c.width !== w0 && Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio) <= 2;
  }, before1, { timeout: 10_000 });
  const after1 = await page.evaluate(() => document.getElementById('canvas').width);
  assert.ok(after1 < before1, `${after1} < ${before1}`);
  await page.screenshot({ path: artifact('browser-page-narrow.png'), fullPage: true });
  noProblems(page);
  await page.closeAll();
});

test('the keyboard belongs to the page unless the canvas has focus', { timeout: 60_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  // Space on the focused button activates it (SDL does not swallow it).
  await page.focus('#pause');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#pause').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#pause').getAttribute('aria-pressed'), 'false');
  // Space on the focused canvas goes to SDL: the scene clock stops.
  await page.click('#canvas');
  await page.keyboard.press('Space');
  await page.waitForTimeout(100);
  const t1 = await page.evaluate(() => window.deckscope.t);
  await page.waitForTimeout(300);
  const t2 = await page.evaluate(() => window.deckscope.t);
  assert.equal(t1, t2, 'paused from the keyboard');
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  assert.ok((await page.evaluate(() => window.deckscope.t)) > t2, 'running again');
  noProblems(page);
  await page.closeAll();
});
