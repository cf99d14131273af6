// lessons_shipped.test.mjs - the lessons shipped in assets/lessons/ in the page
// (docs/teaching.md, "The shipped lessons"): ?lesson=<game> and #...&lesson=<game>
// open the lesson of the page's language; the tour stops at every note, on its
// line, where the page's own event has what the note claims ("expect"); the
// welcome panel's "Take the tour" starts it; a title typed in the Lesson dialog is
// in the downloaded file; embed.html shows "Next note" only with a lesson.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
import { claim, matches } from '../js/lesson_claims.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LESSONS = path.join(here, '..', '..', 'assets', 'lessons');
const GAMES = ['cirno', 'thegame', 'mahjong', 'goudan'];
/** A shipped lesson: each note with its claims (docs/teaching.md, "The shipped lessons"). @typedef {Omit<DeckscopeLesson, "notes"> & {notes: (DeckscopeLessonNote & {expect: Record<string, unknown>})[]}} ShippedLesson */
/** @type {(g: string, lang: string) => ShippedLesson} */
const shipped = (g, lang) => JSON.parse(readFileSync(path.join(LESSONS, `${g}.${lang}.json`), 'utf8'));

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });
/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

/** @param {import('./harness.mjs').TestPage} page @param {number} n */
const waitLesson = (page, n) => page.waitForFunction((n) => window.deckscope.allNotes && window.deckscope.allNotes.length === n, n, { timeout: LIMIT });

// The tour through every note: the page stops at the note's step and line, shows
// its text, and the page's event there has every claim of the note.
/** @param {import('./harness.mjs').TestPage} page @param {ShippedLesson} les */
async function tourChecks(page, les) {
  await page.evaluate(() => { window.deckscope.tour.start(); });
  for (const [k, n] of les.notes.entries()) {
    const where = `${les.game}.${les.lang} note ${k + 1}`;
    // the note reached (the tour stopped there), and what the page shows
    // then with its events around the step: one wait, no round trip more
    const st = /** @type {{ line: string, text: string, visible: boolean, ev: DeckscopeEvent | null, next: DeckscopeEvent | null }} */ (await (await page.waitForFunction(([k, step]) => {
      const d = window.deckscope;
      if (!(d.tour.active && d.tour.index === k && !d.tour.moving && d.step === step)) return false;
      /** @type {(i: number) => DeckscopeEvent | null} */
      const event = (i) => (i < 0 || i >= d.steps ? null : JSON.parse(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i])));
      return {
        line: (d.variation || []).map((/** @type {[number, string]} */ c) => c.join(':')).join(','),
        text: String(/** @type {HTMLElement} */ (document.getElementById('lesson-note-text')).textContent),
        visible: !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden,
        ev: event(step - 1), next: event(step),
      };
    }, /** @type {[number, number]} */ ([k, n.step]), { timeout: LIMIT })).jsonValue());
    assert.ok(st.visible, `${where}: the note is shown`);
    assert.ok(st.text.length > 10 && n.text.replace(/\*\*|`/g, '').startsWith(st.text.slice(0, 10)), `${where}: its text (${st.text.slice(0, 40)})`);
    assert.equal(st.line, n.line, `${where}: on its line`);
    const { ev, next } = st;
    for (const [p, want] of Object.entries(n.expect)) {
      if (p.startsWith('header.')) continue; // the CLI's header: js_lessons_shipped
      const got = claim(ev, next, p);
      assert.ok(got.found && matches(got.value, want), `${where}: ${p} is ${JSON.stringify(got.value)} in the page, the note claims ${JSON.stringify(want)}`);
    }
    if (k < les.notes.length - 1) await page.evaluate(() => window.deckscope.tour.next());
  }
  await page.evaluate(() => window.deckscope.tour.stop());
}

// The four tours side by side, each in a page of its own: a tour waits most
// of its time for the page's autoplay (8x) between notes, and one after
// another they kept a core of the suite waiting for about 20 s.
test('the shipped lessons in English, toured note by note', { timeout: LIMIT, concurrency: GAMES.length }, async (t) => {
  await Promise.all(GAMES.map((g) => t.test(`?lesson=${g}: the shipped lesson in English, toured note by note`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser, { reducedMotion: 'reduce' });
    const les = shipped(g, 'en');
    await loadView(page, env.url + `?lesson=${g}#lang=en`);
    await waitLesson(page, les.notes.length);
    const got = await page.evaluate(() => ({ game: window.deckscope.game, lesson: window.deckscope.lesson() }));
    assert.equal(got.game, g);
    assert.equal(got.lesson.title, les.title);
    assert.deepEqual(got.lesson.notes.map((/** @type {DeckscopeLessonNote} */ n) => [n.step, n.line, n.text]), les.notes.map((n) => [n.step, n.line, n.text]));
    await page.evaluate(() => window.deckscope.setSpeed && window.deckscope.setSpeed(8));
    await tourChecks(page, les);
    noProblems(page);
    await page.closeAll();
  })));
});

test('#lang=zh&lesson=<game>: the Chinese lesson', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { reducedMotion: 'reduce' });
  for (const g of ['mahjong', 'goudan']) {
    const les = shipped(g, 'zh');
    await loadView(page, env.url + `?fresh=${g}#lang=zh&lesson=${g}`);
    await waitLesson(page, les.notes.length);
    const got = await page.evaluate(() => window.deckscope.lesson());
    assert.equal(got.game, g);
    assert.equal(got.title, les.title);
    assert.equal(got.lang, 'zh');
    assert.deepEqual(got.notes.map((/** @type {DeckscopeLessonNote} */ n) => n.text), les.notes.map((n) => n.text));
  }
  noProblems(page);
  await page.closeAll();
});

test('the welcome panel: "Take the tour" beside "Start with sample 1" starts the lesson', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { reducedMotion: 'reduce' });
  await loadView(page, env.url);
  for (const g of GAMES) {
    const start = page.locator(`#intro button[data-game="${g}"]`), tour = page.locator(`#intro button[data-tour="${g}"]`);
    assert.equal(await tour.textContent(), 'Take the tour');
    const [a, b] = [await start.boundingBox(), await tour.boundingBox()];
    assert.ok(a && b, `${g}: both buttons are shown`);
    assert.ok(Math.abs(a.y - b.y) < 4 && b.x > a.x, `${g}: the tour button sits beside "Start with sample 1"`);
  }
  const les = shipped('thegame', 'en');
  await page.click('#intro button[data-tour="thegame"]');
  await page.waitForFunction((step) => {
    const d = window.deckscope;
    return d.game === 'thegame' && d.tour && d.tour.active && d.tour.index === 0 && !d.tour.moving && d.step === step;
  }, les.notes[0].step, { timeout: LIMIT });
  assert.equal(await page.locator('#intro').count(), 0, 'the panel is gone');
  assert.ok(await page.locator('#lesson-continue').isVisible(), 'the tour waits with Continue');
  assert.match(String(await page.locator('#lesson-note-text').textContent()), /^Four rows/);
  noProblems(page);
  await page.closeAll();
});

test('a title typed in the Lesson dialog is in the downloaded file', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '?lesson=cirno#lang=en');
  await waitLesson(page, shipped('cirno', 'en').notes.length);
  await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('lesson-open')).click());
  await page.fill('#lesson-title', 'My class, week 3');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#lesson-download')]);
  const file = JSON.parse(readFileSync(await dl.path(), 'utf8'));
  assert.equal(file.title, 'My class, week 3', 'the title typed after the dialog opened (the old page wrote the title it had when the dialog opened)');
  assert.equal(dl.suggestedFilename(), 'My-class-week-3.deckscope.json');
  noProblems(page);
  await page.closeAll();
});

test('embed.html: "Next note" only with a lesson; #lesson=<game> opens the shipped lesson', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 640, height: 420 } });
  await page.goto(env.url + 'embed.html#game=cirno&sample=1');
  await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
  const hidden = await page.evaluate(() => {
    const b = /** @type {HTMLElement} */ (document.getElementById('e-next-note'));
    return { hidden: b.hidden, display: getComputedStyle(b).display };
  });
  assert.deepEqual(hidden, { hidden: true, display: 'none' }, 'no lesson: no "✎▸" (the old embed showed it: hidden, but display:flex)');
  const les = shipped('cirno', 'en');
  await page.goto(env.url + 'embed.html?x=1#lesson=cirno&lang=en');
  await page.waitForFunction((n) => window.deckscope && window.deckscope.notes && window.deckscope.notes.length > 0 && window.deckscope.steps > 0, les.notes.length, { timeout: LIMIT });
  assert.ok(await page.locator('#e-next-note').isVisible(), 'with a lesson: "Next note"');
  await page.click('#e-next-note');
  await page.waitForFunction((s) => window.deckscope.step === s, les.notes[0].step, { timeout: LIMIT });
  noProblems(page);
  await page.closeAll();
});

test('presenter mode at 1920x1080: the Why overlay\'s text is at least 24 px', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1920, height: 1080 } });
  await loadView(page, env.url + '#game=cirno&sample=2&step=5&lang=en&present=1');
  await page.click('#present-why');
  await page.waitForFunction(() => { const w = document.getElementById('why-panel'); return w && w.getBoundingClientRect().width > 0; });
  const sizes = await page.evaluate(() => {
    /** @type {[number, string][]} */
    const out = [];
    const walk = document.createTreeWalker(/** @type {HTMLElement} */ (document.getElementById('why-panel')), NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const e = /** @type {HTMLElement} */ (n.parentElement); // a text node's parent in the panel
      const text = String(n.textContent); // a text node's text: never null
      if (!text.trim() || !e.getClientRects().length) continue;
      out.push([Number.parseFloat(getComputedStyle(e).fontSize), text.trim().slice(0, 30)]);
    }
    return out;
  });
  assert.ok(sizes.length > 3, 'the why panel has text');
  const small = sizes.filter(([px]) => px < 24);
  assert.deepEqual(small, [], 'every text of the Why overlay is >= 24 px (it was about 13 px)');
  noProblems(page);
  await page.closeAll();
});

test('embed.html?view=dp without a hash opens at the first decision (not a blank "d = – (0)")', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 800, height: 500 } });
  await page.goto(env.url + 'embed.html?view=dp');
  await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0 && window.deckscope.game === 'mahjong', null, { timeout: LIMIT });
  const st = await page.evaluate(() => ({ step: window.deckscope.step, mode: window.deckscope.mode }));
  const first = await page.evaluate(() => {
    const d = window.deckscope;
    for (let i = 0; i < d.steps; i++) if (JSON.parse(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i])).decision) return i;
    return -1;
  });
  assert.equal(st.mode, 1, 'the DP view');
  assert.ok(first > 0);
  assert.equal(st.step, first, 'the first step whose decision the DP view shows (the old embed opened at step 0, mid-deal)');
  noProblems(page);
  await page.closeAll();
});
