// present.test.mjs - presenter mode (docs/teaching.md, "Presenter mode"):
// &present=1 at 1920x1080 hides the side panels, the caption and the note are
// at least 32 CSS px, nothing scrolls sideways, the canvas is zoomed with
// them (dsv_api_text_scale), `f` leaves and enters; in a tour PageDown and
// PageUp (a presentation clicker) move between notes; a click on a candidate
// drawn on the zoomed canvas takes it; an embed in an iframe without
// allowfullscreen fills the window instead.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { LIMIT, artifact, loadView, openPage, settle, startBrowser } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** @type {import('./harness.mjs').Env} */
let env;
/** @type {Awaited<ReturnType<typeof startStaticServer>>} */
let hostSite;
before(async () => {
  env = await startBrowser();
  hostSite = await startStaticServer(path.join(here, '..', '..', 'docs', 'examples'));
});
after(async () => { if (hostSite) await hostSite.close(); if (env) await env.close(); });

/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');
/** @param {import('./harness.mjs').TestPage} page */
const measure = (page) => page.evaluate(() => {
  const px = (/** @type {HTMLElement | null} */ el) => (el && !el.hidden ? parseFloat(getComputedStyle(el).fontSize) : null);
  const d = /** @type {Element} */ (document.scrollingElement);
  const stage = /** @type {HTMLElement} */ (document.getElementById('stage')).getBoundingClientRect();
  return {
    on: document.documentElement.hasAttribute('data-present'),
    caption: px(document.getElementById('caption')),
    captionText: /** @type {HTMLElement} */ (document.getElementById('caption')).textContent,
    note: px(document.getElementById('lesson-note')),
    side: getComputedStyle(/** @type {Element} */ (document.querySelector('.side-col'))).display,
    header: getComputedStyle(/** @type {Element} */ (document.querySelector('header.bar'))).display,
    hscroll: d.scrollWidth > d.clientWidth,
    stageW: stage.width, stageH: stage.height, innerW: innerWidth, innerH: innerHeight,
    scale: window.deckscope.module.ccall('dsv_api_text_scale', 'number', [], []),
  };
});

test('presenter mode at 1920x1080: large type, no side panels, no horizontal scroll, the canvas zoomed', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1920, height: 1080 } });
  await loadView(page, env.url + '#game=mahjong&sample=1&step=12&lang=en&present=1');
  await page.evaluate(() => { window.deckscope.addNote(12, 'Look at the **pond**.'); });
  await page.waitForFunction(() => !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden);
  await settle(page);
  const m = await measure(page);
  assert.equal(m.on, true);
  assert.ok(m.captionText.length > 0, 'a caption');
  assert.ok(Number(m.caption) >= 32, `caption ${m.caption}px`);
  assert.ok(Number(m.note) >= 32, `note ${m.note}px`);
  assert.equal(m.side, 'none');
  assert.equal(m.header, 'none');
  assert.equal(m.hscroll, false);
  assert.ok(m.stageW > 1700 && m.stageH > 500, `stage ${m.stageW}x${m.stageH}`);
  assert.equal(m.scale, 2, 'canvas labels zoomed x2');
  // the Tour / Why / Exit bar covers nothing of the stage
  const clear = await page.evaluate(() => {
    const a = /** @type {HTMLElement} */ (document.getElementById('present-bar')).getBoundingClientRect(), b = /** @type {HTMLElement} */ (document.getElementById('stage')).getBoundingClientRect();
    return a.bottom <= b.top || a.right <= b.left || a.left >= b.right || a.top >= b.bottom;
  });
  assert.ok(clear, 'the presenter bar does not cover the stage');
  await page.screenshot({ path: artifact('present-1920.png') });
  for (const theme of ['dark', 'light']) {
    // the theme picker is in the header, which presenter mode hides: set the
    // theme as the picker does (waiting for a hidden control would take the
    // suite's whole limit)
    if (await page.locator('#theme').isVisible()) await page.selectOption('#theme', theme);
    else await page.evaluate((t) => { document.documentElement.dataset.theme = t; }, theme);
    const c = await page.evaluate(() => [getComputedStyle(/** @type {Element} */ (document.getElementById('caption'))).color, getComputedStyle(document.body).backgroundColor]);
    assert.ok(c[0] === 'rgb(0, 0, 0)' || c[0] === 'rgb(255, 255, 255)', `high-contrast text in ${theme}: ${c[0]}`);
    assert.notEqual(c[0], c[1]);
    const mt = await measure(page);
    assert.ok(Number(mt.caption) >= 32 && Number(mt.note) >= 32, `${theme}: caption ${mt.caption}px, note ${mt.note}px`);
    assert.equal(mt.hscroll, false, `${theme}: no horizontal scroll`);
    await page.screenshot({ path: artifact(`present-1920-${theme}.png`) });
  }
  // f leaves (and the canvas zoom with it), f again enters
  await page.locator('#stage').focus();
  await page.keyboard.press('f');
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-present'));
  const off = await measure(page);
  assert.equal(off.scale, 1);
  assert.ok(Number(off.caption) < 32);
  await page.keyboard.press('f');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-present'));
  // "Why" opens the why panel over the stage
  await page.click('#present-why');
  assert.notEqual(await page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.querySelector('.side-col'))).display), 'none');
  await page.click('#present-why');
  noProblems(page);
  await page.closeAll();
});

// Presenter mode zooms the scene (text scale k): the scenes lay out for a
// window k times smaller, so their regions (dsv_api_regions) are in CSS px / k.
// A click where a candidate is drawn, at k times its region, must take it.
for (const game of ['cirno', 'mahjong']) {
  test(`presenter mode at 1920x1080 (${game}): a click on a drawn candidate takes it`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser, { viewport: { width: 1920, height: 1080 } });
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en&present=1`);
    await page.waitForFunction(() => window.deckscope.presenting && window.deckscope.module.ccall('dsv_api_text_scale', 'number', [], []) > 1);
    // a decision step with a one-label region that is not the rule's choice and
    // lies on top where its centre is (raw regions, scaled here, not by the page)
    const found = await page.evaluate(async () => {
      const d = window.deckscope, M = d.module;
      const frame = () => new Promise(/** @param {(v?: void) => void} res */ (res) => { let n = 0; const f = () => { if (++n >= 3) { d.off('frame', f); res(); } }; d.on('frame', f); });
      const k = M.ccall('dsv_api_text_scale', 'number', [], []);
      for (let i = Math.floor(d.steps / 3); i < d.steps; i++) {
        const e = JSON.parse(M.ccall('dsv_api_event_json', 'string', ['number'], [i]));
        if (!e.decision || !Array.isArray(e.decision.candidates)) continue;
        d.seek(i, false);
        await frame();
        /** @type {DeckscopeRegion[]} */
        const regs = JSON.parse(M.ccall('dsv_api_regions', 'string', [], []));
        const top = (/** @type {number} */ x, /** @type {number} */ y) => regs.filter((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h).pop();
        const r = regs.find((r) => r.labels.length === 1 && r.labels[0] !== String(e.decision.chosen) &&
          top(r.x + r.w / 2, r.y + r.h / 2) === r);
        if (r) return { step: i, label: r.labels[0], k, x: (r.x + r.w / 2) * k, y: (r.y + r.h / 2) * k,
          api: d.regions().find((/** @type {DeckscopeRegion} */ q) => q.labels.length === 1 && q.labels[0] === r.labels[0]) };
      }
      return null;
    });
    assert.ok(found, 'a decision with a clickable alternative');
    assert.ok(found.k >= 2, `zoomed (k = ${found.k})`);
    assert.ok(found.api, 'deckscope.regions() has the region');
    // deckscope.regions() answers in the canvas's CSS pixels, as drawn
    assert.ok(Math.abs(found.api.x + found.api.w / 2 - found.x) < 1 && Math.abs(found.api.y + found.api.h / 2 - found.y) < 1,
      `regions() in CSS px: ${JSON.stringify(found)}`);
    const box = await page.locator('#canvas').boundingBox();
    assert.ok(box, 'the canvas is shown');
    assert.ok(found.x < box.width && found.y < box.height, `the candidate is drawn inside the canvas: ${JSON.stringify(found)} in ${box.width}x${box.height}`);
    await page.mouse.click(box.x + found.x, box.y + found.y);
    await page.waitForFunction(() => window.deckscope.variation.length === 1, null, { timeout: LIMIT });
    assert.deepEqual(await page.evaluate(() => window.deckscope.variation), [[found.step, found.label]]);
    assert.equal(await page.evaluate(() => window.deckscope.presenting), true, 'still presenting');
    await page.screenshot({ path: artifact(`present-click-${game}.png`) });
    noProblems(page);
    await page.closeAll();
  });
}

test('presenter mode: a clicker (PageDown / PageUp) moves through the tour', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1920, height: 1080 } });
  await loadView(page, env.url + '#game=cirno&sample=1&lang=en');
  const at = await page.evaluate(() => {
    const d = window.deckscope; const s = d.steps;
    const at = [1, Math.floor(s / 3), Math.floor(s / 2)];
    d.setSpeed(8);
    at.forEach((x, k) => d.addNote(x, 'note ' + (k + 1)));
    return at;
  });
  await page.evaluate(() => window.deckscope.present(true));
  await page.waitForSelector('#present-tour:not([hidden])');
  await page.click('#present-tour');
  await page.waitForFunction((s) => window.deckscope.step === s && !window.deckscope.tour.moving, at[0], { timeout: LIMIT });
  for (const s of at.slice(1)) {
    await page.keyboard.press('PageDown');
    await page.waitForFunction((s) => window.deckscope.step === s && !window.deckscope.tour.moving, s, { timeout: LIMIT });
  }
  await page.keyboard.press('PageUp');
  await page.waitForFunction((s) => window.deckscope.step === s && !window.deckscope.tour.moving, at[1], { timeout: LIMIT });
  noProblems(page);
  await page.closeAll();
});

test('an embed with &present=1 in an iframe without allowfullscreen fills its frame', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1200, height: 800 } });
  // a host page of another origin (no allowfullscreen on its iframe)
  await page.goto(hostSite.url + 'host.html?embed=about:blank');
  await page.setContent(`<!doctype html><link rel="icon" href="data:,"><body style="margin:0">
    <iframe id="f" src="${env.url}embed.html#game=cirno&sample=1&step=3&present=1" style="width:1000px;height:640px;border:0"></iframe></body>`);
  const frame = await (await page.waitForSelector('#f')).contentFrame();
  assert.ok(frame, 'the iframe has a frame');
  await frame.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
  assert.equal(await frame.evaluate(() => window.deckscope.presenting), true);
  const r = await frame.evaluate(() => ({ cap: parseFloat(getComputedStyle(/** @type {Element} */ (document.getElementById('e-caption'))).fontSize),
    fs: !!document.fullscreenElement, hs: /** @type {Element} */ (document.scrollingElement).scrollWidth > /** @type {Element} */ (document.scrollingElement).clientWidth }));
  assert.equal(r.fs, false, 'no fullscreen without allowfullscreen');
  assert.ok(r.cap >= 18, `caption ${r.cap}px in a 1000 px frame`);
  assert.equal(r.hs, false);
  await page.screenshot({ path: artifact('present-embed.png') });
  noProblems(page);
  await page.closeAll();
});
