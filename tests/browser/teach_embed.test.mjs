// teach_embed.test.mjs - embed.html in headless Chromium: the URL hash and
// query parameters (step, controls, from/to with autoplay and loop and the
// range clamping the scrubber, keys and buttons, view=dp, the default game,
// the caption in both languages and at 320x240, its room kept while empty), the
// iframe never scrolls its host page and takes the keyboard when clicked,
// and the postMessage protocol, driven from docs/examples/host.html served
// from another origin (as a real host page would be).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { LIMIT, artifact, ticks, openPage, pngStats, settle, startBrowser } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** @type {import('./harness.mjs').Env} */
let env;
/** @type {Awaited<ReturnType<typeof startStaticServer>>} */
let hostSite;
before(async () => {
  env = await startBrowser();
  hostSite = await startStaticServer(path.join(here, '..', '..', 'docs', 'examples'));
});
after(async () => {
  if (hostSite) await hostSite.close();
  if (env) await env.close();
});

/** @typedef {import('./harness.mjs').TestPage} TestPage */
/** @param {TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

// Opens embed.html with a hash (or with `?query#hash` when it starts with
// '?') and waits until the game is loaded.
/** @param {TestPage} page @param {string} hash @param {{ width: number, height: number }} [viewport] */
async function openEmbed(page, hash, viewport) {
  if (viewport) await page.setViewportSize(viewport);
  // A fresh document each time (a new hash alone would only reload it).
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const rest = hash.startsWith('?') ? hash : hash === '' ? '' : '#' + hash;
  await page.goto(env.url + 'embed.html' + rest, { waitUntil: 'load' });
  await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
}
/** @type {(page: TestPage, name: string, ret?: string, types?: string[], args?: unknown[]) => Promise<any>} */
const call = (page, name, ret = 'number', types = [], args = []) =>
  page.evaluate(([n, r, t, a]) => window.deckscope.module.ccall(n, r, t, a), /** @type {[string, string, string[], unknown[]]} */ ([name, ret, types, args]));

test('hash: the step, the controls, the canvas fills the iframe', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  await openEmbed(page, 'game=cirno&sample=2&step=5&controls=full', { width: 640, height: 400 });
  assert.equal(await page.evaluate(() => window.deckscope.step), 5);
  assert.equal(await call(page, 'dsv_api_step'), 5, 'the engine view is at step 5');
  assert.equal(await page.inputValue('#e-scrub'), '5');
  assert.equal(await page.locator('#e-step').textContent(), `5 / ${await page.evaluate(() => window.deckscope.steps)}`);
  for (const id of ['#e-start', '#e-back', '#e-play', '#e-forward', '#e-end', '#e-speed']) {
    assert.ok(await page.locator(id).isVisible(), `${id} is shown with controls=full`);
  }
  // The canvas is exactly the space above the bar, nothing scrolls.
  const g = await page.evaluate(() => {
    const c = /** @type {HTMLElement} */ (document.getElementById('canvas')).getBoundingClientRect();
    const n = /** @type {HTMLElement} */ (document.getElementById('e-caption')).getBoundingClientRect();
    const b = /** @type {HTMLElement} */ (document.getElementById('controls')).getBoundingClientRect();
    return { cw: c.width, ch: c.height, capTop: n.top, capBottom: n.bottom, barTop: b.top, barBottom: b.bottom,
             vw: innerWidth, vh: innerHeight,
             sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight };
  });
  t.diagnostic(JSON.stringify(g));
  assert.equal(g.cw, g.vw);
  // The canvas, the caption line and the bar share the height, in that order.
  assert.equal(g.ch, Math.floor(g.capTop));
  assert.ok(g.capBottom <= g.barTop + 0.5, 'the caption is above the bar');
  assert.equal(Math.round(g.barBottom), g.vh);
  assert.ok(g.sw <= g.vw && g.sh <= g.vh, 'no scrollbars');
  await settle(page);
  const shot = await page.screenshot();
  writeFileSync(artifact('embed-cirno-full.png'), shot);
  assert.ok((await pngStats(page, shot)).distinct >= 50, 'the canvas draws');

  // Buttons move the view.
  await page.click('#e-forward');
  await page.waitForFunction(() => window.deckscope.step === 6);
  await page.click('#e-start');
  await page.waitForFunction(() => window.deckscope.step === 0);
  noProblems(page);

  // mini: play and the scrubber only (here with the DP view).
  await openEmbed(page, 'game=mahjong&sample=1&controls=mini&view=dp', { width: 360, height: 240 });
  assert.ok(await page.locator('#e-play').isVisible());
  assert.ok(await page.locator('#e-scrub').isVisible());
  assert.equal(await page.locator('#e-forward').isVisible(), false);
  assert.equal(await page.locator('#e-speed').isVisible(), false);
  assert.equal(await call(page, 'dsv_api_mode'), 1, 'view=dp');
  // none: the canvas takes everything (a generated thegame, in Chinese, light).
  await openEmbed(page, 'game=thegame&seed=7&lang=zh&controls=none&theme=light', { width: 300, height: 200 });
  assert.equal(await page.locator('#controls').isVisible(), false);
  const c = await page.evaluate(() => {
    const r = /** @type {HTMLElement} */ (document.getElementById('canvas')).getBoundingClientRect();
    return [r.width, r.height];
  });
  assert.deepEqual(c, [300, 200]);
  assert.equal(await call(page, 'dsv_api_game'), 1, 'seed= loads a generated input');
  assert.equal(await page.getAttribute('#e-play', 'aria-label'), '播放', '&lang=zh labels the controls in Chinese');
  await settle(page);
  writeFileSync(artifact('embed-thegame-none-300x200.png'), await page.screenshot());
  noProblems(page);
  await page.closeAll();
});

test('hash: from/to with autoplay stops at the end of the range, loop starts it again', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openEmbed(page, 'game=cirno&sample=2&from=3&to=7&autoplay=1&speed=8&controls=mini');
  const first = await page.evaluate(() => window.deckscope.step);
  assert.ok(first >= 3 && first <= 7, `opens inside the range (${first})`);
  await page.waitForFunction(() => !window.deckscope.playing && window.deckscope.step === 7, null, { timeout: LIMIT });
  await ticks(page, 72); // as many chances to loop
  assert.equal(await page.evaluate(() => window.deckscope.step), 7, 'no loop: it stays at the end of the range');

  await openEmbed(page, 'game=cirno&sample=2&from=3&to=6&autoplay=1&loop=1&speed=8');
  // Record the steps seen: it must reach 6, then come back to 3 and play again.
  await page.evaluate(() => {
    window.__seen = [];
    window.deckscope.on('step', (/** @type {{ step: number }} */ m) => window.__seen.push(m.step));
  });
  await page.waitForFunction(() => {
    /** @type {number[]} */
    const s = window.__seen;
    const i = s.indexOf(6);
    return i >= 0 && s.slice(i + 1).includes(3) && s.slice(s.lastIndexOf(3) + 1).includes(4);
  }, null, { timeout: LIMIT });
  const seen = /** @type {number[]} */ (await page.evaluate(() => window.__seen));
  assert.ok(Math.max(...seen) <= 6 && Math.min(...seen) >= 3, `stays in 3..6: ${seen}`);
  noProblems(page);
  await page.closeAll();
});

test('from/to clamp the scrubber, the keys and the buttons to the range', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openEmbed(page, 'game=cirno&sample=2&from=3&to=7&controls=full', { width: 640, height: 400 });
  const steps = await page.evaluate(() => window.deckscope.steps);
  assert.ok(steps > 7, `cirno sample 2 has more than 7 steps (${steps})`);
  assert.equal(await page.evaluate(() => window.deckscope.step), 3, 'opens at from');
  assert.equal(await page.getAttribute('#e-scrub', 'min'), '3');
  assert.equal(await page.getAttribute('#e-scrub', 'max'), '7');
  const step = () => page.evaluate(() => window.deckscope.step);
  const settled = () => settle(page);
  // The keyboard (the canvas has it after a click).
  await page.click('#canvas');
  await page.keyboard.press('End');
  await page.waitForFunction(() => window.deckscope.step === 7);
  await page.keyboard.press('ArrowRight');
  await settled();
  assert.equal(await step(), 7, 'ArrowRight at `to` stays at `to`');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.deckscope.step === 3);
  await page.keyboard.press('ArrowLeft');
  await settled();
  assert.equal(await step(), 3, 'ArrowLeft at `from` stays at `from`');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.deckscope.step === 4);
  // The buttons.
  await page.click('#e-end');
  await page.waitForFunction(() => window.deckscope.step === 7);
  await page.click('#e-forward');
  await settled();
  assert.equal(await step(), 7, 'the forward button at `to` stays');
  await page.click('#e-start');
  await page.waitForFunction(() => window.deckscope.step === 3);
  await page.click('#e-back');
  await settled();
  assert.equal(await step(), 3, 'the back button at `from` stays');
  // The scrubber's own keys (focused range input) stay in the range too.
  await page.focus('#e-scrub');
  await page.keyboard.press('End');
  await page.waitForFunction(() => window.deckscope.step === 7);
  await page.keyboard.press('ArrowRight');
  await settled();
  assert.equal(await step(), 7);
  assert.equal(await page.inputValue('#e-scrub'), '7');
  // A range sent by message moves the scrubber's ends too.
  await page.evaluate(() => window.postMessage({ type: 'deckscope', cmd: 'range', from: 2, to: 5 }, '*'));
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('e-scrub')).max === '5');
  assert.equal(await page.getAttribute('#e-scrub', 'min'), '2');
  noProblems(page);
  await page.closeAll();
});

test('query string and hash: view=dp alone, with a hash, and no game at all', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  const shown = () => page.evaluate(() => ({
    game: window.deckscope.game, mode: window.deckscope.mode, step: window.deckscope.step,
    state: /** @type {HTMLElement} */ (document.getElementById('stage')).dataset.state,
    spinner: getComputedStyle(/** @type {Element} */ (document.getElementById('overlay'))).display !== 'none',
  }));
  // ?view=dp and nothing else: the DP view of mahjong sample 1, not a spinner.
  await openEmbed(page, '?view=dp', { width: 640, height: 400 });
  await page.waitForFunction(() => window.deckscope.mode === 1);
  let s = await shown();
  assert.deepEqual([s.game, s.mode, s.state, s.spinner], ['mahjong', 1, 'running', false], JSON.stringify(s));
  assert.equal(await call(page, 'dsv_api_mode'), 1);
  await settle(page);
  writeFileSync(artifact('embed-query-view-dp.png'), await page.screenshot());
  // ?view=dp#game=mahjong&sample=1: the query's view and the hash's game.
  await openEmbed(page, '?view=dp#game=mahjong&sample=1&step=20');
  await page.waitForFunction(() => window.deckscope.mode === 1);
  s = await shown();
  assert.deepEqual([s.game, s.mode, s.step, s.state, s.spinner], ['mahjong', 1, 20, 'running', false], JSON.stringify(s));
  // The hash wins on a conflict.
  await openEmbed(page, '?game=cirno&step=2#game=thegame&sample=1&step=4');
  s = await shown();
  assert.deepEqual([s.game, s.step, s.mode], ['thegame', 4, 0], JSON.stringify(s));
  // Everything in the query string.
  await openEmbed(page, '?game=thegame&sample=2&step=3&lang=zh&controls=mini');
  s = await shown();
  assert.deepEqual([s.game, s.step], ['thegame', 3], JSON.stringify(s));
  assert.equal(await page.getAttribute('#e-play', 'aria-label'), '播放', '?lang=zh');
  assert.equal(await page.locator('#e-forward').isVisible(), false, '?controls=mini');
  // No parameters at all: cirno sample 1.
  await openEmbed(page, '');
  s = await shown();
  assert.deepEqual([s.game, s.step, s.mode, s.spinner], ['cirno', 0, 0, false], JSON.stringify(s));
  const ans = readFileSync(path.join(here, '..', '..', 'assets', 'samples', 'cirno', 'sample-1.ans'), 'utf8');
  assert.equal(await call(page, 'dsv_api_output', 'string'), ans, 'sample 1');
  // A game but no input: its sample 1.
  await openEmbed(page, 'game=goudan&view=dp');
  // The view reports the mode on its next frame, after the load (goudan's DP view may first solve).
  await page.waitForFunction(() => window.deckscope.mode === 1, null, { timeout: LIMIT });
  s = await shown();
  assert.deepEqual([s.game, s.mode, s.spinner], ['goudan', 1, false], JSON.stringify(s));
  noProblems(page);
  await page.closeAll();
});

test('caption: the narration of the step, in the chosen language; caption=0 hides it', { timeout: LIMIT }, async (t) => {
  // The main page's caption for the same view is the reference.
  // (one document: the views after the first by a new hash, which the main
  // page restores as it restores a link; the caption read when the page
  // shows the hash's game, step and language, and the caption of that step)
  const main = await openPage(env.browser);
  /** @param {string} hash */
  const reference = async (hash) => {
    const h = Object.fromEntries(new URLSearchParams(hash));
    if (main.url() === 'about:blank') await main.goto(env.url + 'index.html#' + hash, { waitUntil: 'load' });
    else await main.evaluate((x) => { location.hash = x; }, hash);
    await main.waitForFunction(([game, step, lang]) => {
      const d = window.deckscope;
      return !!d && d.steps > 0 && !d.busy && d.game === game && d.step === step && d.lang === lang &&
        d.caption !== '' && /** @type {HTMLElement} */ (document.getElementById('caption')).textContent === d.caption;
    }, /** @type {[string, number, string]} */ ([h.game, Number(h.step), h.lang || 'en']), { timeout: LIMIT });
    return String(await main.evaluate(() => window.deckscope.caption));
  };
  const page = await openPage(env.browser);
  const cases = [
    ['mahjong', 'sample=1&step=60', 'en'], ['mahjong', 'sample=1&step=60', 'zh'],
    ['cirno', 'sample=2&step=0', 'en'], ['thegame', 'sample=1&step=12', 'zh'], ['goudan', 'sample=1&step=2', 'en'],
  ];
  for (const [game, rest, lang] of cases) {
    const hash = `game=${game}&${rest}&lang=${lang}`;
    const want = await reference(hash);
    await openEmbed(page, hash, { width: 640, height: 400 });
    await page.waitForFunction((w) => /** @type {HTMLElement} */ (document.getElementById('e-caption')).textContent === w, want, { timeout: LIMIT })
      .catch(() => {});
    const got = await page.evaluate(() => ({ api: window.deckscope.caption, shown: /** @type {HTMLElement} */ (document.getElementById('e-caption')).textContent }));
    t.diagnostic(`${hash}: ${got.shown}`);
    assert.ok(want.length > 5, `a real sentence for ${hash}: ${want}`);
    assert.equal(got.shown, want, `${hash}: the embed shows the page's caption`);
    assert.equal(got.api, want, `${hash}: window.deckscope.caption`);
    assert.ok(await page.locator('#e-caption').isVisible());
    if (lang === 'zh') assert.match(got.shown, /[\u4e00-\u9fff]/, 'Chinese');
    else assert.doesNotMatch(got.shown.replace(/小E/g, 'E'), /[\u4e00-\u9fff]/, 'English (小E is goudan\'s name in both)');
  }
  // It follows the step (the line is written when the view reports the
  // step it shows, a frame after the seek that window.deckscope.step already
  // tells: read it once it has changed).
  await openEmbed(page, 'game=mahjong&sample=1&step=59&lang=en');
  const at59 = await page.locator('#e-caption').textContent();
  await page.click('#e-forward');
  await page.waitForFunction((was) => window.deckscope.step === 60 &&
    /** @type {HTMLElement} */ (document.getElementById('e-caption')).textContent !== was, at59, { timeout: LIMIT });
  assert.equal(await page.locator('#e-caption').textContent(), await reference('game=mahjong&sample=1&step=60&lang=en'));
  // caption=0: no caption, the canvas takes its place.
  await openEmbed(page, 'game=mahjong&sample=1&step=60&caption=0', { width: 640, height: 400 });
  assert.equal(await page.locator('#e-caption').isVisible(), false);
  const g = await page.evaluate(() => [/** @type {HTMLElement} */ (document.getElementById('canvas')).getBoundingClientRect().height,
                                       Math.floor(/** @type {HTMLElement} */ (document.getElementById('controls')).getBoundingClientRect().top)]);
  assert.equal(g[0], g[1], 'the canvas reaches the bar');
  noProblems(page);
  noProblems(main);
  await main.closeAll();
  await page.closeAll();
});

test('caption: its two lines are kept while it is empty, so the canvas keeps the size of its first frame', { timeout: LIMIT }, async () => {
  // Every size the canvas has from the start of the document (a
  // ResizeObserver set before the page's scripts run) until the game is
  // loaded and shown: one. The caption is empty until the game is loaded;
  // when it took no room then, the canvas lost two lines of height ~70 ms
  // after its first frame (a jump of the embed, and a frame drawn again).
  const page = await openPage(env.browser);
  await page.addInitScript(() => {
    /** @type {string[]} */
    const sizes = [];
    /** @type {any} */ (window).__dsCanvasSizes = sizes;
    document.addEventListener('DOMContentLoaded', () => {
      const c = document.getElementById('canvas');
      if (!c) return;
      new ResizeObserver(() => {
        const r = c.getBoundingClientRect();
        const s = `${r.width}x${r.height}`;
        if (sizes[sizes.length - 1] !== s) sizes.push(s);
      }).observe(c);
    });
  });
  for (const hash of ['game=mahjong&sample=1&lang=en', 'game=cirno&sample=2&step=5&controls=full&lang=zh']) {
    await openEmbed(page, hash, { width: 640, height: 400 });
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).textContent !== '', null, { timeout: LIMIT });
    await settle(page);
    const sizes = await page.evaluate(() => /** @type {any} */ (window).__dsCanvasSizes);
    assert.equal(sizes.length, 1, `${hash}: the canvas had the sizes ${sizes.join(', ')}`);
  }
  noProblems(page);
  await page.closeAll();
});

test('caption at 320x240: two lines, readable, does not cover the controls; a tap or Enter shows the whole sentence', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  for (const lang of ['en', 'zh']) {
    for (const controls of ['full', 'mini']) {
      await openEmbed(page, `game=mahjong&sample=1&step=60&lang=${lang}&controls=${controls}`, { width: 320, height: 240 });
      await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).textContent.length > 5);
      // the canvas follows the stage, which the caption's two lines just made
      // smaller, through a ResizeObserver: delivered at the next frame
      await ticks(page);
      const b = await page.evaluate(() => {
        const box = (/** @type {Element} */ e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, r: r.right, b: r.bottom }; };
        const cap = /** @type {HTMLElement} */ (document.getElementById('e-caption'));
        const cs = getComputedStyle(cap);
        return {
          cap: box(cap), canvas: box(/** @type {HTMLElement} */ (document.getElementById('canvas'))),
          controls: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#controls > *'))].filter((e) => e.offsetParent !== null).map((e) => ({ id: e.id, ...box(e) })),
          lineHeight: parseFloat(cs.lineHeight), fontSize: parseFloat(cs.fontSize), title: cap.title, text: cap.textContent,
          sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight,
        };
      });
      t.diagnostic(`${lang} ${controls}: ${JSON.stringify({ cap: b.cap, fontSize: b.fontSize })}`);
      assert.ok(b.cap.h >= 2 * b.lineHeight && b.cap.h < 3 * b.lineHeight, `two lines (${b.cap.h} px, a line ${b.lineHeight} px)`);
      assert.ok(b.fontSize >= 11, `readable (${b.fontSize} px)`);
      assert.ok(b.cap.x >= 0 && b.cap.r <= 320 && b.cap.y >= 0 && b.cap.b <= 240, 'inside the iframe');
      assert.equal(b.title, b.text, 'the whole sentence in its title');
      assert.ok(b.controls.length >= 2);
      for (const c of b.controls) {
        const overlap = c.x < b.cap.r && b.cap.x < c.r && c.y < b.cap.b && b.cap.y < c.b;
        assert.ok(!overlap, `caption ${JSON.stringify(b.cap)} overlaps ${JSON.stringify(c)}`);
        assert.ok(c.x >= 0 && c.r <= 320 && c.b <= 240, `${c.id} inside the iframe`);
      }
      assert.ok(b.canvas.b <= b.cap.y + 0.5 && b.canvas.h >= 100, 'the canvas keeps the rest');
      assert.ok(b.sw <= 320 && b.sh <= 240, 'no scrollbars');
      await settle(page);
      writeFileSync(artifact(`embed-caption-320x240-${lang}-${controls}.png`), await page.screenshot());
    }
    // A sentence longer than two lines: cut; a tap shows all of it (inside
    // the iframe, above the controls), a second tap two lines again; the
    // keyboard does the same (the caption is a button).
    await openEmbed(page, `game=cirno&sample=1&lang=${lang}`, { width: 320, height: 240 });
    const cut = () => page.evaluate(() => { const c = /** @type {HTMLElement} */ (document.getElementById('e-caption')); return c.scrollHeight > c.clientHeight + 1; });
    const long = await page.evaluate(async () => {
      const d = window.deckscope;
      const c = /** @type {HTMLElement} */ (document.getElementById('e-caption'));
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      for (let i = d.steps; i > 0; i--) {
        d.seek(i, false);
        while (d.step !== i || c.textContent !== d.captionAt(i)) await frame();
        if (c.scrollHeight > c.clientHeight + 1) return i;
      }
      return -1;
    });
    assert.ok(long > 0, `${lang}: a caption longer than two lines`);
    const cap = page.locator('#e-caption');
    assert.equal(await cap.getAttribute('role'), 'button');
    assert.equal(await cap.getAttribute('aria-expanded'), 'false');
    await cap.click();
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).getAttribute('aria-expanded') === 'true');
    assert.equal(await cut(), false, `${lang}: the whole sentence after a tap`);
    const open = await page.evaluate(() => {
      const r = /** @type {HTMLElement} */ (document.getElementById('e-caption')).getBoundingClientRect();
      const bar = /** @type {HTMLElement} */ (document.getElementById('controls')).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, bar: bar.top, sh: document.documentElement.scrollHeight };
    });
    assert.ok(open.top >= 0 && open.bottom <= open.bar + 0.5 && open.sh <= 240, `${lang}: inside, above the controls ${JSON.stringify(open)}`);
    writeFileSync(artifact(`embed-caption-320x240-${lang}-open.png`), await page.screenshot());
    await cap.click();
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).getAttribute('aria-expanded') === 'false');
    assert.equal(await cut(), true);
    const step = await page.evaluate(() => window.deckscope.step);
    await cap.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).getAttribute('aria-expanded') === 'true');
    assert.equal(await cut(), false);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-caption')).getAttribute('aria-expanded') === 'false');
    assert.equal(await page.evaluate(() => [window.deckscope.step, window.deckscope.playing]).then((r) => r[0] === step && !r[1]), true, 'Space on the caption does not play');
  }
  noProblems(page);
  await page.closeAll();
});

// frontend_layout (tests/frontend/test_layout.c) draws every scene at the
// canvas sizes an embed has in the iframes a teacher picks most: if the
// caption or the timeline grew, the canvas would shrink below what that test
// proves readable.
test('the canvas of a small embed is no smaller than the sizes frontend_layout checks', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  const layoutSizes = { '320x240': [320, 167], '480x270': [480, 194], '640x360': [640, 284] };
  for (const [frame, [w, h]] of Object.entries(layoutSizes)) {
    const [fw, fh] = frame.split('x').map(Number);
    for (const controls of ['full', 'mini']) {
      await openEmbed(page, `game=thegame&sample=1&step=5&controls=${controls}`, { width: fw, height: fh });
      const c = await page.evaluate(() => { const r = /** @type {HTMLElement} */ (document.getElementById('canvas')).getBoundingClientRect(); return [r.width, r.height]; });
      t.diagnostic(`iframe ${frame}, controls=${controls}: canvas ${c[0]}x${c[1]}`);
      assert.ok(c[0] >= w - 0.5 && c[1] >= h - 0.5, `iframe ${frame} (${controls}): canvas ${c[0]}x${c[1]} is at least ${w}x${h}`);
    }
  }
  noProblems(page);
  await page.closeAll();
});

test('hash: input= (base64url of the text)', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  // &input= is base64url of the text: the sample given inline.
  const text = '2 1 10\nJoesSR B9 A99 PASS\nCirno C2 D2 A49\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99\n';
  const b64 = Buffer.from(text).toString('base64url');
  await openEmbed(page, 'game=cirno&input=' + b64 + '&step=2');
  assert.equal(await page.evaluate(() => window.deckscope.step), 2);
  assert.equal(await page.evaluate(() => window.deckscope.outputLine()), await call(page, 'dsv_api_output_line', 'number', ['number'], [2]));
  // That text is sample 1: the judge output is the sample's answer.
  const data = path.join(here, '..', '..', 'assets', 'samples');
  assert.equal(await call(page, 'dsv_api_output', 'string'), readFileSync(path.join(data, 'cirno', 'sample-1.ans'), 'utf8'));
  noProblems(page);
  await page.closeAll();
});

test('in a host page: never scrolls it, takes the keyboard when clicked', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 900, height: 600 } });
  // A long page with the iframe half below the fold.
  await page.goto(hostSite.url + 'host.html?embed=about:blank');
  await page.setContent(`<!doctype html><link rel="icon" href="data:,"><body style="margin:0">
    <div style="height:450px">top of the host page</div>
    <iframe id="f" src="${env.url}embed.html#game=cirno&sample=2&autoplay=1&speed=8&controls=full"
            style="width:640px;height:360px;border:0"></iframe>
    <div style="height:3000px"></div></body>`);
  const f = await (await page.waitForSelector('#f')).contentFrame();
  assert.ok(f, 'the iframe has its frame');
  await f.waitForFunction(() => window.deckscope && window.deckscope.steps > 0 && window.deckscope.step >= 3, null, { timeout: LIMIT });
  assert.equal(await page.evaluate(() => scrollY), 0, 'loading and autoplay do not scroll the host');
  await f.evaluate(() => window.deckscope.pause());
  await f.waitForFunction(() => !window.deckscope.playing);
  // Click the visible top of the canvas (page coordinates: no scrolling into
  // view by the test itself), then use the keyboard.
  await page.mouse.click(100, 450 + 40);
  assert.equal(await f.evaluate(() => document.activeElement?.id), 'canvas');
  const s0 = await f.evaluate(() => window.deckscope.step);
  await page.keyboard.press('ArrowRight');
  await f.waitForFunction((s) => window.deckscope.step === s + 1, s0);
  await page.keyboard.press('Home');
  await f.waitForFunction(() => window.deckscope.step === 0);
  await page.keyboard.press(' ');
  await f.waitForFunction(() => window.deckscope.playing);
  await page.keyboard.press(' ');
  await page.keyboard.press('End');
  await f.waitForFunction((n) => window.deckscope.step === window.deckscope.steps);
  assert.equal(await page.evaluate(() => scrollY), 0, 'clicks and keys inside the iframe do not scroll the host');
  noProblems(page);
  await page.closeAll();
});

test('postMessage: docs/examples/host.html drives the embed and hears it', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  await page.goto(hostSite.url + 'host.html?embed=' + encodeURIComponent(env.url + 'embed.html'));
  // host.html's record of what the embed said (window.deckscopeEvents)
  /** @typedef {{ event: string, [k: string]: any }} EmbedEvent */
  const events = () => page.evaluate(() => /** @type {EmbedEvent[]} */ (/** @type {any} */ (window).deckscopeEvents));
  /** @param {string} pred @param {string} what */
  const waitEvent = (pred, what) => page.waitForFunction(
    `window.deckscopeEvents.some(${pred})`, null, { timeout: LIMIT }).catch(async (e) => {
    throw new Error(`${what}: ${e.message}; got ${JSON.stringify(await events())}`);
  });
  await waitEvent("(m) => m.event === 'ready'", 'ready');
  await waitEvent("(m) => m.event === 'load' && m.game === 'cirno'", 'load from the hash');
  const loaded = (await events()).find((m) => m.event === 'load');
  assert.ok(loaded, 'the event was heard');
  assert.equal(loaded.step, 0);
  assert.ok(loaded.steps > 5);

  // seek -> a step event at that step
  await page.fill('#step', '5');
  await page.click('#seek');
  await waitEvent("(m) => m.event === 'step' && m.step === 5", 'step 5');
  // play -> play event and increasing steps; pause -> pause event
  await page.evaluate(() => { /** @type {any} */ (window).deckscopeEvents.length = 0; });
  await page.click('#play');
  await waitEvent("(m) => m.event === 'play'", 'play');
  await waitEvent("(m) => m.event === 'step' && m.step === 6", 'playing moves on');
  await page.click('#pause');
  await waitEvent("(m) => m.event === 'pause'", 'pause');
  const steps = (await events()).filter((m) => m.event === 'step').map((m) => m.step);
  assert.deepEqual(steps, [...steps].sort((a, b) => a - b), `steps only increase while playing: ${steps}`);
  assert.match(String(await page.locator('#where').textContent()), /^cirno, step \d+ of \d+$/);

  // load another game by message
  await page.selectOption('#game', 'thegame');
  await page.fill('#sample', '2');
  await page.click('#load');
  await waitEvent("(m) => m.event === 'load' && m.game === 'thegame'", 'load thegame');
  // Commands run in order: a seek right after a load applies to the new game.
  await page.evaluate((u) => {
    const w = /** @type {Window} */ (/** @type {HTMLIFrameElement} */ (document.getElementById('view')).contentWindow);
    w.postMessage({ type: 'deckscope', cmd: 'load', game: 'mahjong', sample: 1 }, new URL(u).origin);
    w.postMessage({ type: 'deckscope', cmd: 'seek', step: 30, animate: false }, new URL(u).origin);
  }, env.url);
  await waitEvent("(m) => m.event === 'step' && m.game === 'mahjong' && m.step === 30", 'seek after load');
  await page.evaluate((u) => {
    /** @type {Window} */ (/** @type {HTMLIFrameElement} */ (document.getElementById('view')).contentWindow).postMessage(
      { type: 'deckscope', cmd: 'load', game: 'thegame', sample: 1 }, new URL(u).origin);
  }, env.url);
  // Another deck, another number of steps than sample 2's.
  const s2 = (await events()).find((m) => m.event === 'load' && m.game === 'thegame')?.steps;
  await waitEvent(`(m) => m.event === 'load' && m.game === 'thegame' && m.steps !== ${s2}`, 'thegame sample 1');

  // A bad input and an unknown command answer with error events; the view keeps the game.
  const frameUrl = env.url + 'embed.html';
  await page.evaluate((u) => {
    const w = /** @type {Window} */ (/** @type {HTMLIFrameElement} */ (document.getElementById('view')).contentWindow);
    w.postMessage({ type: 'deckscope', cmd: 'load', game: 'cirno', input: '2 1 x\n' }, new URL(u).origin);
    w.postMessage({ type: 'deckscope', cmd: 'fly' }, new URL(u).origin);
    w.postMessage({ type: 'deckscope', cmd: 'get' }, new URL(u).origin);
  }, frameUrl);
  await waitEvent("(m) => m.event === 'error' && m.cmd === 'load'", 'error on bad input');
  await waitEvent("(m) => m.event === 'error' && m.cmd === 'fly'", 'error on an unknown command');
  await waitEvent("(m) => m.event === 'state'", 'state');
  const all = await events();
  const err = all.find((m) => m.event === 'error' && m.cmd === 'load');
  assert.ok(err, 'the event was heard');
  t.diagnostic(JSON.stringify(err));
  assert.equal(err.line, 1);
  assert.equal(err.col, 5);
  const st = all.find((m) => m.event === 'state');
  assert.ok(st, 'the event was heard');
  assert.equal(st.game, 'thegame', 'the bad input did not replace the game');
  // Messages from anyone but the host page are ignored.
  const f = await (await page.waitForSelector('#view')).contentFrame();
  assert.ok(f, 'the iframe has its frame');
  // (a second message to itself comes after it: the first has been handled then)
  await f.evaluate(() => new Promise(/** @param {(v?: void) => void} res */ (res) => {
    window.postMessage({ type: 'deckscope', cmd: 'seek', step: 1 }, '*');
    addEventListener('message', function after(e) { if (e.data === 'after') { removeEventListener('message', after); res(); } });
    window.postMessage('after', '*');
  }));
  await ticks(/** @type {import('playwright-core').Page} */ (/** @type {unknown} */ (f)), 2); // (a frame has the page's evaluate)
  assert.notEqual(await f.evaluate(() => window.deckscope.step), 1);
  noProblems(page);
  await page.closeAll();
});
