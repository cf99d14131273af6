// a11y.test.mjs - accessibility, measured (issue 17): axe-core (npm) over the
// page of every game in both themes and both languages, the DP views, every
// dialog and teaching tool, and embed.html: no violation of impact serious or
// critical (every violation, of any impact, is written to
// a11y-violations.json); and a keyboard-only walk of index.html from the
// top: Tab reaches every control, focus is always on a visible element with
// a visible focus indicator (never on <body>, never inside something
// hidden), and every control works with Enter, Space or the arrows.
//
// axe runs through Playwright's page.evaluate (DevTools evaluation, which the
// page's Content-Security-Policy does not govern), so the pages are tested
// under their real policy, with no bypassCSP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LIMIT, artifact, loadView, openPage, settle, startBrowser } from './harness.mjs';
import { GAMES } from './page-helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** @typedef {import('playwright-core').Page} Page */
/** The page's window once axe-core's script has run in it. @typedef {Window & { axe?: typeof import('axe-core') }} AxeWindow */
/** @type {import('./harness.mjs').Env} */
let env;
/** @type {object[]} */
const report = [];
before(async () => { env = await startBrowser(); });
after(async () => {
  writeFileSync(artifact('a11y-violations.json'), JSON.stringify(report, null, 1) + '\n');
  if (env) await env.close();
});

// Runs axe over the whole document; returns the serious and critical
// violations as readable lines and records every violation in the report.
/** @param {Page} page @param {string} where */
async function axe(page, where) {
  if (!await page.evaluate(() => typeof (/** @type {AxeWindow} */ (window)).axe === 'object')) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (/** @type {AxeWindow} */ (window)).axe;
    if (!axe) throw new Error('axe-core is not in the page');
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  });
  for (const v of violations) report.push({ where, ...v });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.help}): ` +
      v.nodes.slice(0, 4).map((n) => `${n.target} -- ${String(n.summary).replace(/\s+/g, ' ')}`).join(' | '));
}

/** @param {Page} page @param {string} theme @param {string} lang */
async function setLook(page, theme, lang) {
  await page.selectOption('#theme', theme);
  if (await page.inputValue('#lang') !== lang) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
  }
  await settle(page); // transitions of colours
}

test('axe: every game, both themes and languages, the DP views: no serious or critical violation',
  { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser);
    const bad = [];
    for (const game of GAMES) {
      await page.goto('about:blank');
      await loadView(page, `${env.url}#game=${game}&sample=1&step=4`);
      await page.waitForFunction((g) => window.deckscope.game === g && window.deckscope.steps > 0, game, { timeout: LIMIT });
      // Both themes and both languages per game (light English, dark
      // Chinese; the DP view the other two): 4 looks per DP game.
      for (const [theme, lang] of [['light', 'en'], ['dark', 'zh']]) {
        await setLook(page, theme, lang);
        bad.push(...await axe(page, `${game} ${theme} ${lang}`));
      }
      if (await page.locator('#dp').isEnabled()) {
        await page.click('#dp');
        await page.waitForSelector('#dp-panel:not([hidden])', { timeout: LIMIT });
        await settle(page);
        for (const [theme, lang] of [['dark', 'en'], ['light', 'zh']]) {
          await setLook(page, theme, lang);
          bad.push(...await axe(page, `${game} DP ${theme} ${lang}`));
        }
        await page.click('#dp');
      }
    }
    t.diagnostic(`${report.length} violations of any impact so far (a11y-violations.json)`);
    assert.deepEqual(bad, []);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

test('axe: the dialogs and the teaching tools, both themes: no serious or critical violation',
  { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=mahjong&sample=1&step=20`);
    await page.waitForFunction(() => window.deckscope.steps > 0, null, { timeout: LIMIT });
    const bad = [];
    const seen = [];
    for (const theme of ['light', 'dark']) {
      await setLook(page, theme, theme === 'light' ? 'en' : 'zh');
      for (const opener of ['#help-open', '#legend-open']) {
        await page.click(opener);
        await page.waitForSelector('dialog[open]');
        bad.push(...await axe(page, `${opener} ${theme}`));
        await page.keyboard.press('Escape');
      }
      const ids = await page.$$eval('#teach-tools button[id]', (bs) => bs.map((b) => b.id));
      for (const id of ids) {
        if (!await page.locator('#' + id).isEnabled()) continue;
        await page.evaluate((i) => window.__el('#' + i).click(), id);
        await settle(page);
        seen.push(id);
        bad.push(...await axe(page, `#${id} ${theme}`));
        if (await page.$('dialog[open]')) await page.keyboard.press('Escape');
        if (await page.getAttribute('#' + id, 'aria-pressed') === 'true') {
          await page.evaluate((i) => window.__el('#' + i).click(), id);
        }
      }
      // The narrow layout: the tools behind "More".
      await page.setViewportSize({ width: 390, height: 844 });
      await page.click('#more-open');
      bad.push(...await axe(page, `phone More ${theme}`));
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1100, height: 800 });
    }
    t.diagnostic(`tools: ${seen.join(', ')}`);
    assert.deepEqual(bad, []);
    await page.closeAll();
  });

test('axe: embed.html, every game, both colour schemes and languages: no serious or critical violation',
  { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser, { viewport: { width: 640, height: 420 } });
    const bad = [];
    for (const game of GAMES) {
      for (const [scheme, lang] of /** @type {['light' | 'dark', string][]} */ ([['light', 'en'], ['dark', 'zh']])) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('about:blank');
        await page.goto(`${env.url}embed.html#game=${game}&sample=1&step=3&lang=${lang}`, { waitUntil: 'load' });
        await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
        bad.push(...await axe(page, `embed ${game} ${scheme} ${lang}`));
      }
    }
    assert.deepEqual(bad, []);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

// Play mode: the page's play panel and embed.html's compact one, with a
// decision pending (the choice buttons, the live region), both schemes.
test('axe: play mode in the page and in embed.html, every game, a decision pending: no serious or critical violation',
  { timeout: LIMIT }, async () => {
    /** @type {Record<string, string>} */
    const SEAT = { cirno: '1', thegame: '1', mahjong: 'A', goudan: 'E' };
    const page = await openPage(env.browser, { viewport: { width: 1100, height: 800 }, reducedMotion: 'reduce' });
    const bad = [];
    let checked = 0;
    for (const game of GAMES) {
      for (const [file, scheme, lang] of /** @type {[string, 'light' | 'dark', string][]} */ ([['index.html', 'light', 'en'], ['embed.html', 'dark', 'zh']])) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('about:blank');
        await page.goto(`${env.url}${file}#game=${game}&sample=1&lang=${lang}&play=${SEAT[game]}`, { waitUntil: 'load' });
        await page.waitForFunction(() => window.deckscope && window.deckscope.pending, null, { timeout: LIMIT });
        bad.push(...await axe(page, `play ${file} ${game} ${scheme} ${lang}`));
        checked++;
      }
    }
    assert.equal(checked, GAMES.length * 2);
    assert.deepEqual(bad, []);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

// ---- keyboard only -------------------------------------------------------------
// What the focused element is, and whether focus is visibly on it.
/** @param {Page} page */
const focusInfo = (page) => page.evaluate(() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return { lost: /** @type {const} */ (true) };
  const r = e.getBoundingClientRect();
  const cs = getComputedStyle(e);
  const hiddenBy = e.closest('[hidden], [inert], [aria-hidden="true"]');
  const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
  return {
    // Controls without an id (the why panel's Try buttons, the strip's
    // chips) by their class: one of each kind is operated.
    key: e.id ? '#' + e.id : `${e.tagName.toLowerCase()}.${e.className}`,
    tag: e.tagName.toLowerCase(), type: String(('type' in e && e.type) || ''), id: e.id,
    visible: r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    hidden: hiddenBy ? (hiddenBy.id || hiddenBy.tagName) : null,
    ring, focusVisible: e.matches(':focus-visible'),
    pressed: e.getAttribute('aria-pressed'), expanded: e.getAttribute('aria-expanded'),
    haspopup: e.getAttribute('aria-haspopup'), value: 'value' in e ? String(e.value) : null,
    step: window.deckscope ? window.deckscope.step : null,
  };
});

test('keyboard only: Tab reaches every control from the top, focus always visible, each control operable',
  { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=thegame&sample=1&step=3`);
    await page.waitForFunction(() => window.deckscope.steps > 0, null, { timeout: LIMIT });
    // Every control a pointer user can reach (enabled, shown) must be reached by Tab.
    const controls = await page.$$eval('button, select, input, textarea, a[href], [tabindex="0"]', (es) => es
      .filter((e) => !('disabled' in e && e.disabled) && e.checkVisibility() && !e.closest('dialog, [hidden], [inert]') && e.getBoundingClientRect().width > 0)
      .flatMap((e) => (e.id ? ['#' + e.id] : [])));
    await page.evaluate(() => { /** @type {HTMLElement | null} */ (document.activeElement)?.blur(); window.scrollTo(0, 0); });
    /** @type {string[]} */
    const reached = [];
    /** @type {string[]} */
    const operated = [];
    /** @type {string[]} */
    const bad = [];
    const done = new Set();
    for (let presses = 0; presses < 250; presses++) {
      await page.keyboard.press('Tab');
      const f = await focusInfo(page);
      if (f.lost) { if (reached.length) break; continue; }   // past the last control
      if (done.has(f.key)) { if (f.key === reached[0]) break; continue; }
      done.add(f.key);
      reached.push(f.key);
      if (!f.visible || f.hidden) bad.push(`${f.key}: focused but not visible (hidden by ${f.hidden})`);
      if (!f.ring) bad.push(`${f.key}: no visible focus indicator`);
      const what = await operate(page, f);
      if (what) operated.push(`${f.key}: ${what}`);
      // (an action that takes time, such as a variation computed in the
      // engine, places the focus when it is done: up to 3 s)
      await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body,
        null, { timeout: 3000 }).catch(() => {});
      const after = await focusInfo(page);
      if (after.lost) bad.push(`${f.key}: focus lost (on <body>) after operating it`);
      else if (!after.visible || after.hidden) bad.push(`${f.key}: focus ended on ${after.key}, which is hidden`);
      // The walk goes on from the control just operated.
      if (after.key !== f.key && f.id && await page.locator('#' + f.id).isEnabled()) await page.focus('#' + f.id);
    }
    // The why panel's "Try another move" (there only at a decision, so not
    // always on the walk): Enter branches, the focus lands on the strip's
    // Undo; Enter there goes back, the focus lands on the stage.
    await page.evaluate(() => window.deckscope.seek(3, false));
    await page.waitForSelector('#why .try-btn', { timeout: LIMIT });
    await page.focus('#why .try-btn');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window.deckscope.variation || []).length === 1, null, { timeout: LIMIT });
    await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 3000 }).catch(() => {});
    const onUndo = await page.evaluate(() => document.activeElement?.classList.contains('var-undo'));
    if (!onUndo) bad.push(`Try another move: focus on ${(await focusInfo(page)).key ?? '<body>'}, not on Undo`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(window.deckscope.variation || []).length, null, { timeout: LIMIT });
    await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 3000 }).catch(() => {});
    if ((await focusInfo(page)).lost) bad.push('Undo of a variation: focus lost (on <body>)');
    operated.push(`Try another move -> ${onUndo ? 'Undo' : '?'} -> back`);
    writeFileSync(artifact('a11y-keyboard.json'), JSON.stringify({ reached, operated, bad }, null, 1) + '\n');
    t.diagnostic(`Tab stops: ${reached.length}; operated: ${operated.length}`);
    const missed = controls.filter((c) => !reached.includes(c));
    assert.deepEqual(missed, [], 'every enabled, shown control is reached by Tab');
    assert.deepEqual(bad, []);
    assert.deepEqual(page.problems, []);
    await page.screenshot({ path: artifact('a11y-keyboard.png') });
    await page.closeAll();
  });

// Operates the focused control with the keyboard and checks that it did
// something; returns what it did (null: nothing to operate), records
// failures by throwing an assertion.
/** What focusInfo found. @typedef {Awaited<ReturnType<typeof focusInfo>>} Focus */
/** @param {Page} page @param {Focus} f */
async function operate(page, f) {
  const press = (/** @type {string} */ k) => page.keyboard.press(k);
  const settled = () => settle(page);
  if (f.tag === 'select') {
    await press('ArrowDown'); await settled();
    let now = await focusInfo(page);
    const moved = now.value !== f.value;
    if (!moved) { await press('ArrowUp'); await settled(); now = await focusInfo(page); }
    assert.notEqual(now.value, f.value, `${f.key}: the arrows change the choice`);
    // back to the first choice (the page reloads the game on #game; wait)
    await press(moved ? 'ArrowUp' : 'ArrowDown'); await settled();
    if (f.id === 'game') await page.waitForFunction(() => window.deckscope.steps > 0, null, { timeout: LIMIT });
    if (!(await focusInfo(page)).key) await page.focus('#' + f.id);
    return `arrows ${f.value} -> ${now.value} -> back`;
  }
  if (f.tag === 'input' && (f.type === 'range' || f.type === 'number')) {
    // Up (or right); at the maximum, down (or left); then back.
    const [up, down] = f.type === 'number' ? ['ArrowUp', 'ArrowDown'] : ['ArrowRight', 'ArrowLeft'];
    await press(up); await settled();
    let now = await focusInfo(page);
    const wentUp = now.value !== f.value;
    if (!wentUp) { await press(down); await settled(); now = await focusInfo(page); }
    assert.notEqual(now.value, f.value, `${f.key}: the arrows change the value`);
    await press(wentUp ? down : up); await settled();
    return `arrows ${f.value} -> ${now.value} -> back`;
  }
  if (f.tag === 'textarea' || f.tag === 'input') return null;
  if (f.tag !== 'button') return null;
  // Buttons that would replace the game or leave the page are activated
  // too, except these two, which load a new input (tested elsewhere).
  if (f.id === 'random' || f.id === 'load') return null;
  const beforeDialogs = await page.$$eval('dialog[open]', (/** @type {Element[]} */ d) => d.length);
  const beforeStep = f.step;
  await press(f.haspopup === 'dialog' || f.pressed !== null ? 'Enter' : 'Space');
  await settled();
  const openDialogs = await page.$$eval('dialog[open]', (/** @type {Element[]} */ d) => d.map((x) => x.id || x.className));
  if (openDialogs.length > beforeDialogs) {
    const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    assert.ok(inside, `${f.key}: focus moves into the dialog it opens (${openDialogs})`);
    await press('Escape'); await settled();
    assert.equal(await page.$$eval('dialog[open]', (/** @type {Element[]} */ d) => d.length), beforeDialogs, `${f.key}: Escape closes its dialog`);
    const back = await focusInfo(page);
    assert.equal(back.key, f.key, `${f.key}: focus returns to the opener after Escape`);
    return `opens ${openDialogs.join(',')}, Escape closes it`;
  }
  const now = await focusInfo(page);
  if (f.pressed !== null) {
    assert.notEqual(now.pressed ?? (await page.getAttribute('#' + f.id, 'aria-pressed')), f.pressed, `${f.key}: Enter toggles aria-pressed`);
    let how = 'Enter';
    if (now.key !== f.key) {
      // A mode that takes the focus (presenting: the stage) is left with
      // Escape, as its docs say; focus must have gone somewhere visible.
      assert.ok(!now.lost && now.visible, `${f.key}: focus goes somewhere visible (${now.key})`);
      await press('Escape'); await settled();
      how = 'Escape';
      // In fullscreen, Escape is the browser's own key, which headless
      // Chromium does not act on: presenting is then left with its key, F.
      if (f.id === 'present-toggle' && await page.getAttribute('#' + f.id, 'aria-pressed') !== f.pressed) {
        await press('f'); await settled();
        how = 'F';
      }
    }
    if (await page.getAttribute('#' + f.id, 'aria-pressed') !== f.pressed) {
      await page.focus('#' + f.id);
      await press('Enter'); await settled();
      how = 'Enter';
    }
    assert.equal(await page.getAttribute('#' + f.id, 'aria-pressed'), f.pressed, `${f.key}: ${how} toggles it back`);
    if ((await focusInfo(page)).key !== f.key) await page.focus('#' + f.id);
    return `toggles ${f.pressed} -> ${now.pressed ?? 'on'} -> back (${how})`;
  }
  if (f.expanded !== null) {
    assert.notEqual(await page.getAttribute('#' + f.id, 'aria-expanded'), f.expanded, `${f.key}: Space toggles aria-expanded`);
    await page.focus('#' + f.id);
    await press('Space'); await settled();
    return `expands ${f.expanded} -> back`;
  }
  if (/^tl-|^e-/.test(f.id)) {
    const step = await page.evaluate(() => window.deckscope.step);
    assert.notEqual(step, beforeStep, `${f.key}: Space moves the step`);
    // Back to the middle (setup, not operation), so that going to the start
    // or the end does not disable the next buttons before Tab reaches them.
    assert.ok(beforeStep !== null, `${f.key}: the page has its step`);
    await page.evaluate((s) => window.deckscope.seek(s, false), beforeStep);
    await settled();
    return `step ${beforeStep} -> ${step}`;
  }
  return 'activated';
}
