// view.test.mjs - the visualizer page in headless Chromium: it loads the
// default view (cirno sample 1) with no console error, page error or failed
// request; the SDL2 canvas draws, follows the container size,
// devicePixelRatio and colour scheme; the keyboard shortcuts, the help
// overlay, autoplay with its pause control, bad input (line:column next to
// the input, the previous game keeps working), the URL hash, the languages,
// random inputs from a seed and window.deckscope's events.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, ticks, loadView, openPage, pngStats, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();
import { CLI, canvasShot, cli, frames, lines, pageState, sample, trace, uiSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @typedef {import('playwright-core').Page} Page */
/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');
/** @param {string} s */
const b64url = (s) => Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** @template T @param {Page} page @param {() => T} expr @returns {Promise<T>} */
const api = (page, expr) => page.evaluate(expr);

test('default view: cirno sample 1 loads, draws, no errors', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser, { colorScheme: 'dark' });
  const ready = await loadView(page, env.url);
  t.diagnostic(`time to first frame: ${Math.round(ready.firstFrameMs)} ms after navigation start (${ready.wallMs} ms wall)`);
  assert.equal(await page.locator('#stage').getAttribute('data-state'), 'running');
  assert.equal(await page.locator('#overlay').isVisible(), false, 'the loading overlay is gone');
  assert.equal(await page.title(), 'deckscope · cirno', 'the title says the game');
  await uiSettled(page);
  const st = await pageState(page);
  assert.equal(st.game, 'cirno');
  assert.equal(st.step, 0);
  assert.equal(st.steps, trace('cirno', sample('cirno', 1)).length, 'steps = events of the CLI trace');
  assert.equal(st.outputLine, null);
  assert.ok(st.caption.length > 0 && st.shownCaption === st.caption && st.live === st.caption);
  assert.equal(await page.inputValue('#input'), sample('cirno', 1), 'the input panel holds the sample');
  await page.waitForFunction(() => /game=cirno&sample=1&step=0/.test(location.hash));
  await frames(page, 3);
  const shot = await canvasShot(page);
  writeFileSync(artifact('browser-canvas.png'), shot);
  await page.screenshot({ path: artifact('browser-page-dark.png'), fullPage: true });
  const s = await pngStats(page, shot);
  assert.ok(s.distinct >= 20, `the canvas is not blank (${s.distinct} colours)`);
  assert.ok(s.meanLuma < 110, `dark scheme draws a dark canvas (mean ${s.meanLuma.toFixed(0)})`);
  noProblems(page);
  await page.closeAll();
});

test('HiDPI and light scheme: the backing store follows devicePixelRatio', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser, { colorScheme: 'light', deviceScaleFactor: 2 });
  await loadView(page, env.url);
  await frames(page, 3);
  const dims = await page.evaluate(() => {
    const c = window.__el('#canvas', HTMLCanvasElement);
    const r = c.getBoundingClientRect();
    return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: devicePixelRatio };
  });
  t.diagnostic(JSON.stringify(dims));
  assert.equal(dims.dpr, 2);
  assert.equal(dims.cssW, Math.round(dims.cssW));
  assert.equal(dims.w, dims.cssW * 2, `canvas width ${dims.w} = 2 x ${dims.cssW}`);
  assert.equal(dims.h, dims.cssH * 2, `canvas height ${dims.h} = 2 x ${dims.cssH}`);
  const shot = await canvasShot(page);
  writeFileSync(artifact('browser-canvas-hidpi-light.png'), shot);
  const s = await pngStats(page, shot);
  assert.ok(s.distinct >= 20, `not blank (${s.distinct} colours)`);
  assert.ok(s.meanLuma > 180, `light scheme draws a light canvas (mean ${s.meanLuma.toFixed(0)})`);
  // The theme switch overrides the system scheme.
  await page.selectOption('#theme', 'dark');
  await frames(page, 4);
  const d = await pngStats(page, await canvasShot(page));
  assert.ok(d.meanLuma < 110, `theme switch: dark canvas (mean ${d.meanLuma.toFixed(0)})`);
  await page.selectOption('#theme', 'auto');
  noProblems(page);
  await page.closeAll();
});

test('the canvas resizes with its container, down to a 360 px phone', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1100, height: 800 } });
  await loadView(page, env.url);
  const before1 = await page.evaluate(() => /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).width);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForFunction((w0) => {
    const c = window.__el('#canvas', HTMLCanvasElement);
    return c.width !== w0 && Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio) <= 2;
  }, before1, { timeout: LIMIT });
  const after1 = await page.evaluate(() => /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).width);
  assert.ok(after1 < before1, `${after1} < ${before1}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling at 360 px (${overflow} px)`);
  // The play/pause control is on screen on a phone.
  const box = await page.locator('#tl-play').boundingBox();
  assert.ok(box && box.y + box.height <= 740 && box.x >= 0 && box.x + box.width <= 360, `play button in view ${JSON.stringify(box)}`);
  await page.screenshot({ path: artifact('browser-page-phone.png') });
  noProblems(page);
  await page.closeAll();
});

test('keyboard shortcuts, help overlay, autoplay with a visible pause control, events', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=mahjong&sample=1`);
  await page.evaluate(() => {
    window.__ev = [];
    for (const n of ['step', 'play', 'pause', 'load']) window.deckscope.on(n, () => window.__ev.push(n));
  });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const step = () => api(page, () => window.deckscope.step);
  const n = await api(page, () => window.deckscope.steps);
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(), 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(), 1);
  await page.keyboard.press('End');
  assert.equal(await step(), n);
  await page.keyboard.press('Home');
  assert.equal(await step(), 0);
  // ] / PageDown: the next meaningful point the C view finds; [ / PageUp back.
  const mark = (/** @type {number} */ dir) => page.evaluate((d) => window.deckscope.module.ccall('dsv_api_find_mark', 'number', ['number', 'number'], [d, 2]), dir);
  const next = await mark(1);
  assert.ok(next > 0, 'mahjong sample 1 has a meaningful point');
  await page.keyboard.press(']');
  assert.equal(await step(), next);
  const next2 = await mark(1);
  await page.keyboard.press('PageDown');
  assert.equal(await step(), next2);
  const prev = await mark(-1);
  await page.keyboard.press('PageUp');
  assert.equal(await step(), prev);
  await page.keyboard.press('[');
  assert.ok((await step()) <= prev);
  // Speed.
  await page.keyboard.press('+');
  assert.equal(await api(page, () => window.deckscope.speed), 2);
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  assert.equal(await api(page, () => window.deckscope.speed), 8, 'capped at 8x');
  // the timeline's select follows at the page's next frame (its render)
  await page.waitForFunction(() => window.__el('#speed', HTMLSelectElement).value === '8');
  // Space plays; the pause control is visible and says Pause. At 0.5x (a
  // step lasts 1.8 s): at 8x the whole game could play out before the test,
  // on a busy machine, gets to pause it.
  for (let k = 0; k < 4; k++) await page.keyboard.press('-');
  assert.equal(await api(page, () => window.deckscope.speed), 0.5);
  await page.keyboard.press('Home');
  await page.keyboard.press('Space');
  assert.equal(await api(page, () => window.deckscope.playing), true);
  await page.waitForFunction(() => window.deckscope.step >= 3, null, { timeout: LIMIT });
  const play = page.locator('#tl-play');
  assert.ok(await play.isVisible());
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('tl-play')).getAttribute('aria-pressed') === 'true');
  assert.match(await play.textContent() ?? '', /Pause/);
  await page.keyboard.press('Space');
  assert.equal(await api(page, () => window.deckscope.playing), false);
  const stopped = await step();
  await ticks(page, 24); // as many chances to move on
  assert.equal(await step(), stopped, 'paused');
  for (let k = 0; k < 5; k++) await page.keyboard.press('-');
  assert.equal(await api(page, () => window.deckscope.speed), 0.25, 'down to 0.25x');
  // d toggles the DP view (mahjong has one).
  await page.keyboard.press('d');
  assert.equal(await api(page, () => window.deckscope.mode), 1);
  assert.equal(await page.locator('#dp-panel').isHidden(), false);
  await page.keyboard.press('d');
  assert.equal(await api(page, () => window.deckscope.mode), 0);
  assert.equal(await page.locator('#dp-panel').isHidden(), true);
  // ? opens the help with every shortcut; Esc closes it.
  await page.keyboard.press('?');
  const help = page.locator('#help');
  assert.ok(await help.isVisible());
  const helpText = await help.textContent() ?? '';
  for (const k of ['←', '→', 'Home', 'End', 'Space', '+', '-', 'PageUp', 'PageDown', '[', ']', 'Esc', '?']) {
    assert.ok(helpText.includes(k), `help lists ${k}`);
  }
  const before2 = await step();
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(), before2, 'keys do not reach the timeline while the help is open');
  await page.keyboard.press('Escape');
  assert.equal(await help.isVisible(), false);
  // Keys typed in the input box stay there.
  await page.click('#input');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  assert.equal(await step(), before2, 'typing does not step');
  assert.equal(await api(page, () => window.deckscope.playing), false);
  // Space on a focused button activates that button only.
  await page.focus('#tl-forward');
  await page.keyboard.press('Space');
  assert.equal(await step(), before2 + 1);
  assert.equal(await api(page, () => window.deckscope.playing), false);
  const ev = await api(page, () => window.__ev);
  for (const e of ['step', 'play', 'pause']) assert.ok(ev.includes(e), `event ${e} fired (${ev.join(',')})`);
  noProblems(page);
  await page.closeAll();
});

test('bad input: line:column next to the input, the previous game keeps working', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=cirno&sample=1&step=3`);
  assert.equal(await api(page, () => window.deckscope.step), 3);
  const steps0 = await api(page, () => window.deckscope.steps);
  const bad = '2 1 10\nJoesSR B9 A99 PASX\nCirno C2 D2 A49\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99\n';
  assert.ok(CLI, 'a native deckscope CLI (set DS_CLI or build one under build/)');
  const r = spawnSync(CLI, ['cirno'], { input: bad });
  assert.equal(r.status, 2);
  const at = /line (\d+), column (\d+)/.exec(r.stderr.toString());
  assert.ok(at, `the CLI says where: ${r.stderr}`);
  const [, L, Cc] = at.map(Number);
  await page.fill('#input', bad);
  await page.press('#input', 'Control+Enter');
  const errBox = page.locator('#input-error');
  await errBox.waitFor({ state: 'visible' });
  const msg = await page.textContent('#input-error-msg') ?? '';
  assert.ok(msg.includes(`Line ${L}, column ${Cc}`), `"${msg}" has the CLI's line ${L}, column ${Cc}`);
  assert.match(await page.textContent('#input-error-line') ?? '', /PASX\n.*\^/);
  // Next to the input: right below the text box.
  const ta = await page.locator('#input').boundingBox();
  const eb = await errBox.boundingBox();
  assert.ok(ta && eb, 'the text box and the error are shown');
  assert.ok(eb.y >= ta.y + ta.height - 1 && eb.y - (ta.y + ta.height) < 120, 'the error sits under the text box');
  // The caret is at line:col.
  const caret = await page.evaluate(() => {
    const t = window.__el('#input', HTMLTextAreaElement);
    const before = t.value.slice(0, t.selectionStart).split('\n');
    return { line: before.length, col: before[before.length - 1].length + 1 };
  });
  assert.deepEqual(caret, { line: L, col: Cc });
  // The old game still steps.
  assert.equal(await api(page, () => window.deckscope.step), 3);
  assert.equal(await api(page, () => window.deckscope.steps), steps0);
  await page.locator('#tl-forward').click();
  assert.equal(await api(page, () => window.deckscope.step), 4);
  // Through the API: the promise rejects with {line, col, message}.
  const e = await page.evaluate((text) => window.deckscope.load({ game: 'cirno', input: text })
    .then(() => null, (/** @type {DeckscopeLoadError} */ err) => ({ line: err.line, col: err.col, message: err.message })), bad);
  assert.ok(e, 'the promise rejects');
  assert.equal(e.line, L);
  assert.equal(e.col, Cc);
  assert.match(e.message, /PASX/);
  // Garbage of every kind never breaks the page.
  for (const g of ['', '\u0000\u0001', 'x'.repeat(5000), '99999999999 1 1\n', '-1']) {
    for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
      await page.evaluate(([text, gm]) => window.deckscope.load({ game: gm, input: text }).catch(() => null), [g, game]);
    }
  }
  assert.equal(await api(page, () => window.deckscope.game), 'cirno');
  assert.equal(await api(page, () => window.deckscope.step), 4);
  // The last error is shown (goudan's); picking a game loads its sample and clears it.
  assert.equal(await errBox.isVisible(), true);
  await page.selectOption('#game', 'thegame');
  await errBox.waitFor({ state: 'hidden' });
  assert.equal(await api(page, () => window.deckscope.game), 'thegame');
  noProblems(page);
  await page.closeAll();
});

test('URL hash: input, step, speed and language restore exactly; the language is remembered', { timeout: LIMIT }, async () => {
  const input = sample('thegame', 2);
  const url = `${env.url}#game=thegame&input=${b64url(input)}&step=7&speed=2&lang=zh`;
  const page = await openPage(env.browser);
  await loadView(page, url);
  await uiSettled(page);
  const st = await pageState(page);
  assert.equal(st.game, 'thegame');
  assert.equal(st.step, 7);
  assert.equal(await api(page, () => window.deckscope.speed), 2);
  assert.equal(await api(page, () => window.deckscope.lang), 'zh');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await page.inputValue('#input'), input);
  assert.match(await page.textContent('#tl-play-text') ?? '', /播放/);
  // The caption is the one the API gives for step 7 in Chinese on a fresh load.
  const other = await openPage(env.browser);
  await loadView(other, `${env.url}#game=thegame&sample=2&lang=zh`);
  const cap = await other.evaluate(() => { window.deckscope.seek(7, false); return window.deckscope.caption; });
  assert.equal(st.caption, cap);
  await other.closeAll();
  // Stepping updates the hash (throttled).
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /step=8/.test(location.hash));
  assert.match(await api(page, () => location.hash), new RegExp(`input=${b64url(input)}`));
  // The language switch is remembered; the URL's &lang= wins.
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => /lang=en/.test(location.hash));
  noProblems(page);
  // New pages of the same browser context share localStorage.
  for (const [hash, want] of [['#game=cirno&sample=2', 'en'], ['#game=cirno&sample=2&lang=zh', 'zh']]) {
    const p = await page.context().newPage();
    /** @type {string[]} */
    const errors = [];
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await loadView(p, env.url + hash);
    assert.equal(await api(p, () => window.deckscope.lang), want, hash);
    assert.equal(await api(p, () => { const s = window.deckscope.source; return s && 'sample' in s ? s.sample : s; }), 2);
    assert.deepEqual(errors, []);
    await p.close();
  }
  await page.closeAll();
});

test('random input from a seed is the CLI\'s generated input; the seed is in the URL', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  for (const game of ['thegame', 'cirno', 'mahjong']) {
    await page.selectOption('#game', game);
    await page.waitForFunction((g) => window.deckscope.game === g, game);
    await page.fill('#seed', '3');
    await page.click('#random');
    await page.waitForFunction(() => { const s = window.deckscope.source; return s && 'seed' in s && s.seed === 3; });
    const text = await page.inputValue('#input');
    assert.equal(text, cli(['gen', game, '--seed', '3']), `${game}: same input as deckscope gen ${game} --seed 3`);
    const steps = await api(page, () => window.deckscope.steps);
    assert.equal(steps, trace(game, text).length);
    await page.waitForFunction((g) => location.hash.startsWith(`#game=${g}&seed=3`), game);
  }
  // The judge output of the generated game fills the pane.
  const judge = lines(cli(['mahjong'], cli(['gen', 'mahjong', '--seed', '3'])));
  assert.match(await page.textContent('#output-count') ?? '', new RegExp(String(judge.length)));
  noProblems(page);
  await page.closeAll();
});

test('window.deckscope: load, seek, step/steps, outputLine, caption, on/off', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  const r = await page.evaluate(async () => {
    const d = window.deckscope;
    /** @type {number[]} */
    const seen = [];
    const f = (/** @type {{ step: number }} */ e) => seen.push(e.step);
    d.on('step', f);
    const loaded = await d.load({ game: 'cirno', sample: 2 });
    d.seek(2);
    d.seek(5);
    d.off('step', f);
    d.seek(1);
    return { loaded, seen, step: d.step, steps: d.steps, line: d.outputLine(), caption: d.caption, game: d.game,
             clamp: (d.seek(1e9), d.step), neg: (d.seek(-5), d.step) };
  });
  const input = sample('cirno', 2);
  assert.equal(r.loaded.game, 'cirno');
  assert.equal(r.steps, trace('cirno', input).length);
  assert.deepEqual(r.seen, [0, 2, 5], 'step events (the load, two seeks) until off()');
  assert.equal(r.step, 1);
  assert.equal(r.clamp, r.steps);
  assert.equal(r.neg, 0);
  // outputLine at step 1 names the first play (the CLI's line 2: "Round 1:" is line 1).
  const judge = lines(cli(['cirno'], input));
  assert.ok(r.line !== null && r.line >= 1 && judge[r.line - 1].length > 0);
  assert.ok(r.caption.length > 0);
  noProblems(page);
  await page.closeAll();
});

test('inside an iframe: a click on the canvas gives the page the keyboard', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  // A host page on the same origin (served by the test itself).
  await page.route(`${env.url}host-test.html`, (r) => r.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>host</title><p>host page</p><iframe id="f" src="${env.url}#game=cirno&sample=2" width="1000" height="700"></iframe>`,
  }));
  await page.goto(`${env.url}host-test.html`);
  const frame = page.frameLocator('#f');
  const f = page.frames().find((x) => x !== page.mainFrame());
  assert.ok(f, 'the iframe is there');
  await f.waitForFunction(() => window.deckscope && window.deckscope.game === 'cirno', null, { timeout: LIMIT });
  await f.evaluate(() => window.deckscope.ready);
  // Even from a text field: the click on the canvas takes the keyboard back.
  await frame.locator('#seed').click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await f.evaluate(() => window.deckscope.step), 0, 'keys in the seed field stay there');
  await frame.locator('#canvas').click({ position: { x: 40, y: 40 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await f.evaluate(() => window.deckscope.step), 2);
  await page.keyboard.press('End');
  assert.equal(await f.evaluate(() => window.deckscope.step), await f.evaluate(() => window.deckscope.steps));
  noProblems(page);
  await page.closeAll();
});
