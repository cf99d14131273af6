// lessons_offline.test.mjs - a lesson in the offline one-file page (`make
// offline`, docs/teaching.md "Lessons"): the file, copied alone into an empty
// folder and opened from file://, opens a lesson file chosen with "Open
// lesson…" (notes on the main line and in a variation, view settings), shows
// its notes at their steps and marks them on the scrubber, plays the tour
// through every note, refuses a bad file with a message and keeps what it had;
// the lesson's link (&lesson= on the file:// address) opens the same lesson in
// a fresh page; the toolbar's tools come in the site's order. No request
// leaves the file (network or other files), no console error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LIMIT, artifact, ticks } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
// DS_OFFLINE_HTML: a page `make offline` has just built; otherwise the test
// runs the same script itself (as teach_offline.test.mjs does).
const given = process.env.DS_OFFLINE_HTML && existsSync(process.env.DS_OFFLINE_HTML) ? process.env.DS_OFFLINE_HTML : null;
const built = given || path.join(ARTIFACTS, 'deckscope.html');
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {string} */
let fileUrl;
/** @type {string} */
let dir;

before(async () => {
  if (!given) {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'offline.mjs'), '--out', built],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'deckscope-offline-lesson-'));
  const alone = path.join(dir, 'deckscope.html');
  copyFileSync(built, alone);
  fileUrl = pathToFileURL(alone).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: LIMIT });
});
after(async () => { if (browser) await browser.close(); });

// A page of the file that records problems and every request.
/** A page of the offline file. @typedef {import('playwright-core').Page & {problems: string[], requested: string[], closeAll: () => Promise<void>}} OfflinePage */
/** @param {string} url */
async function open(url) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = /** @type {OfflinePage} */ (await context.newPage());
  page.problems = [];
  page.requested = []; // (not page.requests: Playwright's Page has a requests() of its own)
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push('console.error: ' + m.text()); });
  page.on('pageerror', (e) => page.problems.push('page error: ' + e.message));
  page.on('requestfailed', (r) => page.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('request', (r) => page.requested.push(r.url()));
  await page.goto(url, { waitUntil: 'load' });
  const ready = await page.evaluate((limit) => Promise.race([
    window.deckscope.ready.then(() => 'ready'),
    new Promise((res) => setTimeout(() => res('timeout: ' + window.deckscope.state), limit)),
  ]), LIMIT);
  assert.equal(ready, 'ready');
  page.closeAll = () => context.close();
  return page;
}
/** @param {OfflinePage} page */
const foreign = (page) => page.requested.filter((u) => !/^(data|blob):/.test(u) && u.split(/[?#]/)[0] !== fileUrl);
// A toolbar tool: in the bar, or in "More" when the bar has no room for it.
/** @param {import('playwright-core').Page} page @param {string} id */
async function tool(page, id) {
  if (!(await page.locator('#' + id).isVisible()) && await page.locator('#more-open').isVisible()) await page.click('#more-open');
  await page.click('#' + id);
}
/** @param {string} t */
const plain = (t) => t.replace(/\*\*|`/g, '').replace(/\n/g, '');
/** @param {DeckscopeLesson} l */
const essence = (l) => ({ game: l.game, source: l.source, variation: l.variation, notes: l.notes, title: l.title || '' });

test('from file://: "Open lesson…" opens a lesson file; notes shown and marked; the tour stops at each; the link works', { timeout: LIMIT }, async (t) => {
  const page = await open(fileUrl + '#game=thegame&sample=1&lang=en');
  await page.waitForFunction(() => window.deckscope.game === 'thegame' && window.deckscope.steps > 0, null, { timeout: LIMIT });
  // the tools in the site's order (the file runs its scripts while parsing: the
  // lesson tools once came before Share / Check my output)
  const order = await page.evaluate(() => [...document.querySelectorAll('#teach-tools button[id]')].map((e) => e.id));
  assert.deepEqual(order.filter((id) => ['teach-share', 'teach-check', 'export-open', 'quiz-open', 'play-open', 'lesson-add', 'lesson-open', 'present-toggle', 'video-open'].includes(id)),
    ['teach-share', 'teach-check', 'export-open', 'quiz-open', 'play-open', 'lesson-add', 'lesson-open', 'present-toggle', 'video-open'], order.join(' '));

  // The lesson file: cirno sample 1, notes on the main line (one with view
  // settings) and one in a variation (a decision of the engine with another
  // candidate, read from the file's own engine).
  await page.evaluate(() => window.deckscope.load({ game: 'cirno', sample: 1 }));
  await page.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.steps > 0, null, { timeout: LIMIT });
  const info = await page.evaluate(() => {
    const d = window.deckscope;
    for (let i = Math.floor(d.steps / 2); i < d.steps; i++) {
      const e = JSON.parse(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i]));
      const dec = e.decision;
      if (!dec || !Array.isArray(dec.candidates)) continue;
      const other = dec.candidates.map((/** @type {DeckscopeCandidate} */ c) => String(c.label)).find((/** @type {string} */ l) => l !== String(dec.chosen));
      if (other) return { steps: d.steps, line: `${i}:${other}`, at: i + 1 };
    }
    return { steps: d.steps };
  });
  assert.ok(info.line, 'a decision with an alternative');
  /** @type {DeckscopeLesson} */
  const lesson = {
    format: 'deckscope-lesson', version: 1, title: 'Offline lesson', game: 'cirno', source: { sample: 1 }, variation: '', step: 0, lang: 'en',
    notes: [
      { step: 2, line: '', text: 'Watch **the order** of play.' },
      { step: Math.floor(info.steps / 3), line: '', text: 'Here `p` grows.', view: { why: true, speed: 4 } },
      { step: info.at, line: info.line, text: 'In the variation, the other card.' },
    ],
  };
  const file = path.join(dir, 'offline.deckscope.json');
  writeFileSync(file, JSON.stringify(lesson, null, 2));
  // back to another game, then open the file through the dialog's file input
  await page.evaluate(() => window.deckscope.load({ game: 'thegame', sample: 1 }));
  await page.waitForFunction(() => window.deckscope.game === 'thegame' && window.deckscope.steps > 0, null, { timeout: LIMIT });
  await tool(page, 'lesson-open');
  await page.setInputFiles('#lesson-file', file);
  await page.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.lesson().notes.length === 3, null, { timeout: LIMIT });
  assert.match(String(await page.textContent('#lesson-status')), /Offline lesson.*3 notes/);
  assert.deepEqual(essence(await page.evaluate(() => window.deckscope.lesson())), essence(lesson));
  await page.keyboard.press('Escape');

  // the notes of the main line: marked on the scrubber, shown at their steps
  assert.equal(await page.locator('#lesson-marks .lesson-mark').count(), 2);
  for (const n of lesson.notes.slice(0, 2)) {
    await page.evaluate((s) => window.deckscope.seek(s, false), n.step);
    await page.waitForFunction((x) => !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden &&
      /** @type {HTMLElement} */ (document.getElementById('lesson-note-text')).textContent === x, plain(n.text), { timeout: LIMIT });
  }
  assert.deepEqual(await page.$$eval('#lesson-note-text strong, #lesson-note-text code', (e) => e.map((x) => x.textContent)), ['p']);
  await page.evaluate(() => window.deckscope.seek(0, false));

  // the tour: every note in order (the last one in the variation), waiting at each
  await page.evaluate(() => window.deckscope.setSpeed(8));
  await tool(page, 'lesson-tour');
  for (let k = 0; k < lesson.notes.length; k++) {
    const n = lesson.notes[k];
    await page.waitForFunction((k) => window.deckscope.tour.index === k && !window.deckscope.tour.moving, k, { timeout: LIMIT });
    await ticks(page, 24); // it waits there: as many chances to move on
    const r = await page.evaluate(() => ({ step: window.deckscope.step, playing: window.deckscope.playing,
      line: window.deckscope.variation.map((/** @type {[number, string]} */ c) => c.join(':')).join(','),
      text: /** @type {HTMLElement} */ (document.getElementById('lesson-note-text')).textContent, head: /** @type {HTMLElement} */ (document.getElementById('lesson-note-head')).textContent }));
    assert.equal(r.step, n.step, `note ${k + 1}: its step`);
    assert.equal(r.line, n.line, `note ${k + 1}: its line`);
    assert.equal(r.playing, false, 'the tour waits');
    assert.equal(r.text, plain(n.text));
    assert.match(r.head, new RegExp(`Note ${k + 1} of ${lesson.notes.length}`));
    if (k === 1) writeFileSync(artifact('offline-lesson-tour.png'), await page.screenshot());
    await page.click('#lesson-continue');
  }
  await page.waitForFunction(() => /End of the lesson/.test(/** @type {HTMLElement} */ (document.getElementById('lesson-note-head')).textContent), null, { timeout: LIMIT });
  await page.click('#lesson-end');

  // a bad file: a message; the lesson and the game stay
  const bad = path.join(dir, 'bad.deckscope.json');
  writeFileSync(bad, JSON.stringify({ ...lesson, version: 7 }));
  await tool(page, 'lesson-open');
  await page.setInputFiles('#lesson-file', bad);
  await page.waitForFunction(() => /cannot be opened/.test(/** @type {HTMLElement} */ (document.getElementById('lesson-status')).textContent), null, { timeout: LIMIT });
  assert.match(String(await page.textContent('#lesson-status')), /version 7/);
  assert.equal(await page.evaluate(() => window.deckscope.lesson().notes.length), 3);
  await page.keyboard.press('Escape');

  // the lesson's link is this file with &lesson=: a fresh page opens the same lesson
  const url = await page.evaluate(() => window.deckscope.lessonUrl());
  assert.ok(url, 'the lesson fits a URL');
  assert.ok(url.startsWith(fileUrl.split('#')[0] + '#'), url);
  assert.match(url, /[#&]lesson=[zj][A-Za-z0-9_-]+/);
  t.diagnostic(`lesson link: ${url.length} characters`);
  const page2 = await open(url);
  await page2.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.lesson().notes.length === 3, null, { timeout: LIMIT });
  assert.deepEqual(essence(await page2.evaluate(() => window.deckscope.lesson())), essence(await page.evaluate(() => window.deckscope.lesson())));

  for (const p of [page, page2]) {
    assert.deepEqual(foreign(p), [], 'no request for anything but the file');
    assert.deepEqual(p.problems, []);
    await p.closeAll();
  }
});

// The lessons shipped in assets/lessons/ are inlined in the file: ?lesson=cirno
// and #lesson=cirno on the file:// address open cirno's (in the page's
// language), its notes at their steps, with no request for lessons/*.json.
test('from file://: ?lesson=cirno and #lesson=cirno open the shipped lesson', { timeout: LIMIT }, async () => {
  for (const [suffix, lang] of [['?lesson=cirno', 'en'], ['#lesson=cirno', 'en'], ['?lesson=cirno#lang=zh', 'zh']]) {
    /** @type {DeckscopeLesson} */
    const shipped = JSON.parse(readFileSync(path.join(root, 'assets', 'lessons', `cirno.${lang}.json`), 'utf8'));
    const page = await open(fileUrl + suffix);
    await page.waitForFunction((n) => window.deckscope.game === 'cirno' && window.deckscope.steps > 0 &&
      window.deckscope.lesson().notes.length === n, shipped.notes.length, { timeout: LIMIT });
    const got = await page.evaluate(() => window.deckscope.lesson());
    assert.equal(got.title, shipped.title, `${suffix}: the shipped lesson's title`);
    assert.deepEqual(got.notes.map((/** @type {DeckscopeNote} */ n) => [n.step, n.text]), shipped.notes.map((/** @type {DeckscopeNote} */ n) => [n.step, n.text]), `${suffix}: its notes`);
    assert.deepEqual(got.source, shipped.source);
    // a note shows at its step
    const n = shipped.notes.find((x) => !x.line);
    assert.ok(n, 'a note on the main line');
    await page.evaluate((s) => window.deckscope.seek(s, false), n.step);
    await page.waitForFunction((x) => !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden &&
      /** @type {HTMLElement} */ (document.getElementById('lesson-note-text')).textContent === x, plain(n.text), { timeout: LIMIT });
    if (lang === 'zh') writeFileSync(artifact('offline-shipped-lesson-zh.png'), await page.screenshot());
    assert.deepEqual(foreign(page), [], `${suffix}: no request for anything but the file`);
    assert.deepEqual(page.problems, [], suffix);
    await page.closeAll();
  }
});
