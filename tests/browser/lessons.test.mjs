// lessons.test.mjs - lessons for teachers (docs/teaching.md, "Lessons"):
// notes at steps of the main line and of a variation, with view settings; the
// lesson round-trips through the URL (&lesson=), the file ("Download lesson" /
// "Open lesson") and embed.html (&lesson= and lesson_url=) with the same
// notes, steps, variations and view settings; a note's text is text (an
// <img onerror> in it stays words); the tour stops at every note; n / Shift+N
// jump, and at 1100x800 the note, its buttons and the timeline fit on the
// screen (on a phone the buttons stay above the sticky timeline); a bad lesson file is refused with a message and breaks nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIMIT, SERVE_DIR, artifact, ticks, loadView, openPage, settle, startBrowser } from './harness.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// A toolbar tool: in the bar, or (when the bar has no room for it) in "More".
/** @param {import('./harness.mjs').TestPage} page @param {string} id */
async function tool(page, id) {
  if (!(await page.locator('#' + id).isVisible()) && await page.locator('#more-open').isVisible()) await page.click('#more-open');
  await page.click('#' + id);
}

/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

// A decision of the line shown with a candidate the rule did not take: [event, label].
/** @param {import('./harness.mjs').TestPage} page @param {number} [after] @returns {Promise<[number, string] | null>} */
const someChoice = (page, after = 0) => page.evaluate((after) => {
  const d = window.deckscope;
  for (let i = after; i < d.steps; i++) {
    const e = JSON.parse(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i]));
    const dec = e.decision;
    if (!dec || !Array.isArray(dec.candidates)) continue;
    const other = dec.candidates.map((/** @type {DeckscopeCandidate} */ c) => String(c.label)).filter((/** @type {string} */ l) => l !== String(dec.chosen));
    if (other.length) return /** @type {[number, string]} */ ([i, other[0]]);
  }
  return null;
}, after);

// A lesson made through the API: two notes on the main line (one with view
// settings), then a variation and a note in it.
/** @param {import('./harness.mjs').TestPage} page @param {string} game */
async function makeLesson(page, game) {
  await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
  const steps = await page.evaluate(() => window.deckscope.steps);
  assert.ok(steps >= 6, 'the sample has steps');
  const a = Math.max(1, Math.floor(steps / 5)), b = Math.floor(steps / 2);
  await page.evaluate(([a, b]) => {
    const d = window.deckscope;
    d.addNote(a, 'Watch **the order** of play.\nSecond line with `code`.');
    d.addNote(b, 'Here the rule decides.', { speed: 2, why: true });
  }, /** @type {[number, number]} */ ([a, b]));
  const choice = await someChoice(page, a);
  assert.ok(choice, 'a decision with an alternative');
  await page.evaluate(([i, l]) => window.deckscope.branch(i, l), choice);
  const vstep = choice[0] + 1;
  await page.evaluate((s) => window.deckscope.addNote(s, 'In the variation, this move is forced.'), vstep);
  const lesson = await page.evaluate(() => window.deckscope.lesson());
  assert.equal(lesson.format, 'deckscope-lesson');
  assert.equal(lesson.version, 1);
  assert.equal(lesson.variation, choice.join(':'));
  assert.equal(lesson.notes.length, 3);
  return { lesson, a, b, vstep, spec: choice.join(':') };
}
// What must survive a round trip.
/** @param {DeckscopeLesson} l */
const essence = (l) => ({ game: l.game, source: l.source, variation: l.variation, notes: l.notes, title: l.title || '' });

test('a lesson round-trips through the URL and the file', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  const { lesson, a, b, spec } = await makeLesson(page, 'cirno');
  // the notes of the line shown: only the variation's
  const shown = await page.evaluate(() => window.deckscope.notes);
  assert.equal(shown.length, 1);
  await page.evaluate(() => window.deckscope.mainLine());
  assert.deepEqual((await page.evaluate(() => window.deckscope.notes)).map((/** @type {DeckscopeNote} */ n) => n.step), [a, b]);
  await page.evaluate((s) => { const [i, l] = s.split(':'); return window.deckscope.branch(Number(i), l); }, spec);

  // URL: the page's own hash carries &lesson= too, and the link opens the same lesson
  const url = await page.evaluate(() => window.deckscope.lessonUrl());
  assert.ok(url, 'the lesson fits a URL');
  assert.match(url, /[#&]lesson=z[A-Za-z0-9_-]+/);
  await page.waitForFunction(() => /[#&]lesson=z/.test(location.hash), null, { timeout: LIMIT });
  const page2 = await openPage(env.browser);
  await loadView(page2, url);
  await page2.waitForFunction(() => window.deckscope.lesson().notes.length === 3, null, { timeout: LIMIT });
  const got = await page2.evaluate(() => window.deckscope.lesson());
  assert.deepEqual(essence(got), essence(lesson));
  assert.deepEqual(got.notes.find((/** @type {DeckscopeLessonNote} */ n) => n.text === 'Here the rule decides.')?.view, { speed: 2, why: true }, 'view settings travel');
  assert.equal(await page2.evaluate(() => window.deckscope.variation.map((/** @type {[number, string]} */ c) => c.join(':')).join(',')), spec);

  // file: "Download lesson", then "Open lesson" in a fresh page on another game
  await tool(page, 'lesson-open');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#lesson-download')]);
  assert.match(dl.suggestedFilename(), /\.deckscope\.json$/);
  const file = artifact('lesson.deckscope.json');
  await dl.saveAs(file);
  const json = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(essence(json), essence(lesson));
  const page3 = await openPage(env.browser);
  await loadView(page3, env.url + '#game=thegame&sample=1&lang=en');
  await tool(page3, 'lesson-open');
  await page3.setInputFiles('#lesson-file', file);
  await page3.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.lesson().notes.length === 3, null, { timeout: LIMIT });
  assert.deepEqual(essence(await page3.evaluate(() => window.deckscope.lesson())), essence(lesson));
  assert.match(String(await page3.textContent('#lesson-status')), /3 notes/);

  // a bad file: a clear message, the lesson and the game as they were
  const bad = artifact('bad.deckscope.json');
  for (const [text, want] of /** @type {[string, RegExp][]} */ ([['not json', /not JSON/], [JSON.stringify({ format: 'deckscope-lesson', version: 9, game: 'cirno', source: { sample: 1 } }), /version 9/],
    [JSON.stringify({ format: 'deckscope-lesson', version: 1, game: 'chess', source: { sample: 1 } }), /"game" must be one of/],
    [JSON.stringify({ format: 'deckscope-lesson', version: 1, game: 'cirno', source: { sample: 1 }, notes: [{ step: -1, text: 'x' }] }), /note 1: "step"/]])) {
    writeFileSync(bad, text);
    await page3.setInputFiles('#lesson-file', bad);
    await page3.waitForFunction(() => /cannot be opened/.test(/** @type {HTMLElement} */ (document.getElementById('lesson-status')).textContent), null, { timeout: LIMIT });
    const msg = String(await page3.textContent('#lesson-status'));
    assert.match(msg, want, msg);
    assert.equal(await page3.evaluate(() => window.deckscope.lesson().notes.length), 3, 'the lesson is kept');
    await page3.evaluate(() => { /** @type {HTMLElement} */ (document.getElementById('lesson-status')).textContent = ''; });
  }
  assert.ok(await page3.evaluate(() => window.deckscope.steps > 0));
  await page3.screenshot({ path: artifact('lessons-dialog.png') });
  for (const p of [page, page2, page3]) { noProblems(p); await p.closeAll(); }
});

test('a lesson in embed.html: &lesson=, lesson_url= and "Next note"', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  const { lesson } = await makeLesson(page, 'mahjong');
  await page.evaluate(() => window.deckscope.mainLine().then(() => window.deckscope.seek(0, false)));
  const enc = await page.evaluate(async () => window.deckscope.lessons.encode(window.deckscope.lesson()));
  const want = await page.evaluate(() => window.deckscope.lesson());
  const mainNotes = want.notes.filter((/** @type {DeckscopeLessonNote} */ n) => n.line === '');
  const emb = await openPage(env.browser);
  await emb.goto(env.url + 'embed.html#controls=mini&lesson=' + enc, { waitUntil: 'load' });
  await emb.waitForFunction(() => window.deckscope.game === 'mahjong' && window.deckscope.steps > 0 && window.deckscope.notes.length > 0, null, { timeout: LIMIT });
  assert.deepEqual(essence(await emb.evaluate(() => window.deckscope.lesson())), essence(want));
  assert.deepEqual(await emb.evaluate(() => window.deckscope.notes.map((/** @type {DeckscopeNote} */ n) => n.step)), mainNotes.map((/** @type {DeckscopeNote} */ n) => n.step));
  // "Next note" is in the mini controls and goes from note to note, lines included
  assert.ok(await emb.isVisible('#e-next-note'));
  for (const n of want.notes) {
    await emb.click('#e-next-note');
    await emb.waitForFunction((n) => window.deckscope.step === n.step && !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden
      && /** @type {HTMLElement} */ (document.getElementById('lesson-note')).textContent === n.plain, { ...n, plain: n.text.replace(/\*\*|`/g, '').replace(/\n/g, '') }, { timeout: LIMIT });
  }
  assert.equal(await emb.evaluate(() => window.deckscope.lesson().variation), lesson.variation, 'the last note is in the variation');
  await emb.screenshot({ path: artifact('lessons-embed.png') });
  noProblems(emb);

  // lesson_url= on the same site; another site is refused with a message
  const name = `lesson-test-${process.pid}.deckscope.json`;
  writeFileSync(path.join(SERVE_DIR, name), JSON.stringify(want));
  try {
    const e2 = await openPage(env.browser);
    await e2.goto(env.url + 'embed.html?lesson_url=' + name, { waitUntil: 'load' });
    await e2.waitForFunction(() => window.deckscope.notes && window.deckscope.notes.length > 0 && window.deckscope.steps > 0, null, { timeout: LIMIT });
    assert.deepEqual(essence(await e2.evaluate(() => window.deckscope.lesson())), essence(want));
    noProblems(e2);
    const e3 = await openPage(env.browser);
    await e3.goto(env.url + 'embed.html?lesson_url=' + encodeURIComponent('http://example.invalid/x.json'), { waitUntil: 'load' });
    await e3.waitForFunction(() => /same site/.test(/** @type {HTMLElement} */ (document.getElementById('status')).textContent), null, { timeout: LIMIT });
    await e3.closeAll(); await e2.closeAll();
  } finally { rmSync(path.join(SERVE_DIR, name), { force: true }); }
  await emb.closeAll(); await page.closeAll();
});

test('a note is text: markup is bold and code only, HTML stays words; screen readers hear it', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=en');
  const evil = '<img src=x onerror="window.__pwned=1"> **bold** `x<b>y</b>` <script>window.__pwned=2</script>';
  await page.evaluate((t) => { window.deckscope.addNote(3, t); window.deckscope.seek(3, false); }, evil);
  await page.waitForFunction(() => !/** @type {HTMLElement} */ (document.getElementById('lesson-note')).hidden, null, { timeout: LIMIT });
  await settle(page);
  const r = await page.evaluate(() => {
    const box = /** @type {HTMLElement} */ (document.getElementById('lesson-note-text'));
    return { text: box.textContent, imgs: box.querySelectorAll('img,script,b').length, strong: [...box.querySelectorAll('strong')].map((e) => e.textContent),
      code: [...box.querySelectorAll('code')].map((e) => e.textContent), pwned: window.__pwned, live: /** @type {HTMLElement} */ (document.getElementById('lesson-live')).textContent };
  });
  assert.equal(r.imgs, 0, 'no element from the note text');
  assert.equal(r.pwned, undefined);
  assert.ok(r.text.includes('<img src=x onerror="window.__pwned=1">'), r.text);
  assert.deepEqual(r.strong, ['bold']);
  assert.deepEqual(r.code, ['x<b>y</b>']);
  assert.match(r.live, /^Note: <img src=x/);
  // the mark on the scrubber
  assert.equal(await page.locator('#lesson-marks .lesson-mark').count(), 1);
  noProblems(page);
  await page.closeAll();
});

test('the tour stops at every note; n and Shift+N jump', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1&lang=en');
  const steps = await page.evaluate(() => window.deckscope.steps);
  const at = [2, Math.floor(steps / 3), Math.floor(steps / 2), steps - 1].filter((s, k, a) => s > 0 && a.indexOf(s) === k);
  await page.evaluate((at) => { const d = window.deckscope; d.setSpeed(8); at.forEach((s, k) => d.addNote(s, `Note number ${k + 1}`)); d.seek(0, false); }, at);
  // keys: n from the start visits the notes in order, Shift+N goes back
  await page.locator('#canvas').focus();
  for (const s of at) {
    await page.keyboard.press('n');
    await page.waitForFunction((s) => window.deckscope.step === s, s, { timeout: LIMIT });
  }
  await page.keyboard.press('Shift+N');
  await page.waitForFunction((s) => window.deckscope.step === s, at[at.length - 2], { timeout: LIMIT });

  await tool(page, 'lesson-tour');
  for (let k = 0; k < at.length; k++) {
    await page.waitForFunction((k) => window.deckscope.tour.index === k && !window.deckscope.tour.moving, k, { timeout: LIMIT });
    const s1 = await page.evaluate(() => window.deckscope.step);
    assert.equal(s1, at[k], `the tour stops at note ${k + 1}`);
    // it waits there until the viewer continues (24 frames: as many chances to move on)
    await ticks(page, 24);
    const r = await page.evaluate(() => ({ step: window.deckscope.step, playing: window.deckscope.playing,
      text: /** @type {HTMLElement} */ (document.getElementById('lesson-note-text')).textContent, head: /** @type {HTMLElement} */ (document.getElementById('lesson-note-head')).textContent }));
    assert.equal(r.step, at[k]);
    assert.equal(r.playing, false);
    assert.equal(r.text, `Note number ${k + 1}`);
    assert.match(r.head, new RegExp(`Note ${k + 1} of ${at.length}`));
    // on a 1100x800 laptop the note, its buttons and the whole timeline fit on the screen
    const fit = await page.evaluate(() => {
      const b = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id)).getBoundingClientRect();
      return { cont: b('lesson-continue').bottom, scrub: b('scrubber').bottom, play: b('tl-play').bottom, vh: innerHeight };
    });
    assert.ok(fit.cont <= fit.vh && fit.scrub <= fit.vh && fit.play <= fit.vh, `the tour's buttons and the timeline on screen: ${JSON.stringify(fit)}`);
    if (k === 1) await page.screenshot({ path: artifact('lessons-tour.png') });
    await page.click('#lesson-continue');
  }
  await page.waitForFunction(() => /End of the lesson/.test(/** @type {HTMLElement} */ (document.getElementById('lesson-note-head')).textContent), null, { timeout: LIMIT });
  await page.click('#lesson-end');
  assert.equal(await page.evaluate(() => window.deckscope.tour.active), false);
  noProblems(page);
  await page.closeAll();
});

test('"Add note" in the page: the dialog saves, edits and deletes a note', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1&step=4&lang=en');
  await tool(page, 'lesson-add');
  await page.fill('#lesson-text', 'First **point**');
  await page.selectOption('#lesson-view-speed', '4');
  await page.click('#lesson-save');
  assert.deepEqual(await page.evaluate(() => window.deckscope.notes), [{ step: 4, text: 'First **point**', view: { speed: 4 } }]);
  assert.equal(await page.textContent('#lesson-note-text'), 'First point');
  await page.click('#lesson-edit');
  assert.equal(await page.inputValue('#lesson-text'), 'First **point**');
  await page.click('#lesson-delete');
  assert.deepEqual(await page.evaluate(() => window.deckscope.notes), []);
  assert.ok(await page.locator('#lesson-note').isHidden());
  noProblems(page);
  await page.closeAll();
});

test('on a 390x844 phone the tour\'s buttons stay above the sticky timeline (en, zh)', { timeout: LIMIT }, async () => {
  for (const lang of ['en', 'zh']) {
    const page = await openPage(env.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await loadView(page, env.url + `#game=cirno&sample=1&lang=${lang}`);
    await page.evaluate(() => { const d = window.deckscope; d.setSpeed(8); d.addNote(3, 'Watch **the order** of play.'); d.addNote(5, 'Second note'); });
    await page.evaluate(() => window.deckscope.tour.start());
    await page.waitForFunction(() => window.deckscope.tour.index === 0 && !window.deckscope.tour.moving, null, { timeout: LIMIT });
    await settle(page);
    const b = await page.evaluate(() => {
      const r = (/** @type {string} */ id) => { const x = /** @type {HTMLElement} */ (document.getElementById(id)).getBoundingClientRect(); return { top: x.top, bottom: x.bottom }; };
      const c = /** @type {HTMLElement} */ (document.getElementById('lesson-continue')).getBoundingClientRect();
      const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      return { cont: r('lesson-continue'), end: r('lesson-end'), tl: r('timeline'), vh: innerHeight, onTop: hit && hit.id === 'lesson-continue',
        hs: /** @type {Element} */ (document.scrollingElement).scrollWidth > innerWidth };
    });
    const tag = `${lang}: ${JSON.stringify(b)}`;
    assert.ok(b.cont.top >= 0 && b.cont.bottom <= b.tl.top && b.end.bottom <= b.tl.top, `the tour's buttons above the timeline ${tag}`);
    assert.ok(b.onTop, `nothing covers Continue ${tag}`);
    assert.equal(b.hs, false, 'no horizontal scroll');
    await page.tap('#lesson-continue');
    await page.waitForFunction(() => window.deckscope.tour.index === 1 && !window.deckscope.tour.moving, null, { timeout: LIMIT });
    if (lang === 'zh') await page.screenshot({ path: artifact('lessons-tour-phone-zh.png') });
    noProblems(page);
    await page.closeAll();
  }
});
