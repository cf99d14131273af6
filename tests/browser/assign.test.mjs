// assign.test.mjs - assignments (web/shell/features/assign.js, docs/teaching.md
// "Assignments") in headless Chromium, as a teacher and a student use them:
// the teacher makes a link in the Assignment dialog; the student's page runs
// it (play mode / the quiz, clicked as a student clicks), with some moves or
// answers that differ from the rule, and ends with a result card; "Hand in"
// gives a link and a code; the teacher's page opens them and REPLAYS the work
// through the engine: the same moves or answers, the same score, the same
// list of differences; a hand-in whose score was edited shows the engine's
// score and says the two differ. The result card's texts are the engine's
// decision records' (assessment "text"), read here from the event JSON.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// The teacher's dialog: an assignment of the game shown, its link and code.
/** @param {Page} page @param {string} kind @param {{ n?: number, seat?: string, pass?: number }} opts */
async function makeAssignment(page, kind, opts) {
  await page.evaluate(() => window.__el('#assign-open').click());
  await page.waitForSelector('#assign-dialog[open]');
  await page.selectOption('#assign-kind', kind);
  if (opts.n) await page.fill('#assign-n', String(opts.n));
  if (opts.seat) await page.selectOption('#assign-seat', opts.seat);
  if (opts.pass !== undefined) await page.fill('#assign-pass', String(opts.pass));
  await page.click('#assign-make');
  const link = await page.inputValue('#assign-link');
  const code = await page.inputValue('#assign-code');
  await page.keyboard.press('Escape');
  return { link, code };
}

/** @param {Page} page @param {number} i @returns {Promise<DeckscopeEvent>} */
const eventJson = (page, i) => page.evaluate((k) => JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [k])), i);
/** @param {Page} page */
const card = (page) => page.evaluate(() => ({
  score: Number(window.__el('#assign-score').dataset.score),
  text: window.__el('#assign-card').innerText,
  diff: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#assign-diff > li'))].map((li) => li.innerText),
}));

/** @param {Page} page */
async function handIn(page) {
  await page.click('#assign-handin-btn');
  return { link: await page.inputValue('#assign-handin-link'), code: await page.inputValue('#assign-handin-code') };
}

/** @param {string} link */
async function openHandin(link) {
  const page = await openPage(env.browser);
  await loadView(page, link);
  await page.waitForFunction(() => window.deckscope.assign.result && window.deckscope.assign.current.mode === 'teacher', null, { timeout: LIMIT });
  return page;
}

test('play a seat: link, a student with two moves that differ, result card, hand in, the teacher\'s replay', { timeout: LIMIT }, async () => {
  const teacher = await openPage(env.browser);
  await loadView(teacher, `${env.url}#game=thegame&sample=1&lang=en`);
  await teacher.waitForFunction(() => window.deckscope.steps > 0);
  const { link, code } = await makeAssignment(teacher, 'play', { seat: '1', pass: 80 });
  assert.equal(code, 'P.thegame.s1.t1.p80');
  assert.ok(link.startsWith(env.url) && link.includes('assign=' + code), link);

  // the student: opens the link, Start, plays by clicking the play panel's buttons
  // (no animation between decisions: a whole game of thegame, every move by a
  // click, took 700 s of the suite's 900 at a load of 50 when animated)
  const student = await openPage(env.browser, { reducedMotion: 'reduce' });
  await loadView(student, link);
  await student.waitForSelector('#assign-start:not([hidden])');
  assert.match(await student.textContent('#assign-task') ?? '', /play seat 1/);
  await student.evaluate(() => window.deckscope.setSpeed(8));
  await student.click('#assign-start');
  let k = 0;
  /** @type {[number, string][]} */
  const mine = [];
  for (;;) {
    const p = await student.waitForFunction(() => window.deckscope.pending || window.deckscope.summary(), null, { timeout: LIMIT }).then((h) => h.jsonValue());
    if (!p || !('labels' in p) || !p.labels) break; // the summary: the game is over
    // the first two decisions: another legal move than the rule's (when there is one)
    const other = p.labels.filter((/** @type {string} */ l) => l !== p.chosen);
    const pick = k < 2 && other.length ? other[0] : p.chosen;
    if (pick !== p.chosen) mine.push([p.i, pick]);
    await student.click(`.play-opt[data-label="${pick.replace(/"/g, '\\"')}"]`);
    await student.waitForFunction((i) => !window.deckscope.pending || window.deckscope.pending.i !== i, p.i, { timeout: LIMIT });
    k++;
  }
  assert.ok(mine.length >= 1, 'the student made a move the rule would not');
  await student.waitForSelector('#assign-score');
  const sum = await student.evaluate(() => window.deckscope.summary());
  assert.ok(sum, 'the summary of the play');
  const sc = await card(student);
  assert.equal(sc.score, Math.round(100 * sum.matched / sum.moves));
  assert.match(sc.text, new RegExp(`${sum.matched} of ${sum.moves} moves`));
  assert.equal(sc.diff.length, mine.length);
  // each differing move: the engine's names and its assessment text ("worse by ...")
  for (let j = 0; j < mine.length; j++) {
    const ev = await eventJson(student, mine[j][0]);
    assert.ok(ev.decision, `event ${mine[j][0]} is a decision`);
    const c = ev.decision.candidates.find((x) => String(x.label) === mine[j][1]);
    assert.ok(c, `${mine[j][1]} is a candidate of event ${mine[j][0]}`);
    assert.ok(sc.diff[j].includes(String(c.name || c.label)), sc.diff[j]);
    if (ev.decision.assessment && ev.decision.assessment.text) assert.ok(sc.diff[j].includes(ev.decision.assessment.text), sc.diff[j]);
  }
  const variation = await student.evaluate(() => window.deckscope.variation);
  assert.deepEqual(variation, mine);
  const h = await handIn(student);
  assert.ok(h.link.includes('handin=' + h.code) && h.link.includes('&score=' + sc.score));
  assert.equal(h.code.split('~')[0], code);
  assert.ok(!/score/.test(h.code), 'the code carries the moves, not the score');

  // the teacher: the hand-in link replays the same game and gives the same card
  const t1 = await openHandin(h.link);
  const tc = await card(t1);
  assert.deepEqual(tc, sc);
  assert.deepEqual(await t1.evaluate(() => window.deckscope.variation), variation);
  assert.equal(await t1.$eval('#assign-claimed', (e) => e.dataset.same), 'true');
  assert.match(await t1.textContent('#assign-panel-head') ?? '', /replayed by the engine/);

  // a tampered hand-in: the score edited to 100; the page shows the engine's
  const t2 = await openHandin(h.link.replace(/score=\d+/, 'score=100'));
  assert.equal((await card(t2)).score, sc.score);
  const claimed = await t2.$eval('#assign-claimed', (e) => ({ same: e.dataset.same, text: e.textContent }));
  assert.equal(claimed.same, 'false');
  assert.ok(claimed.text.includes('100') && claimed.text.includes(String(sc.score)), claimed.text);

  // the code pasted into the teacher's dialog opens the same work
  await teacher.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('assign-open')).click());
  await teacher.fill('#assign-paste', h.code);
  await teacher.click('#assign-open-handin');
  await teacher.waitForFunction(() => window.deckscope.assign.current && window.deckscope.assign.current.mode === 'teacher' && window.deckscope.assign.result, null, { timeout: LIMIT });
  assert.equal((await card(teacher)).score, sc.score);
  for (const p of [teacher, student, t1, t2]) { assert.deepEqual(p.problems, []); await p.closeAll(); }
});

test('answer N quiz questions: wrong and right answers, hand in, the teacher\'s replay', { timeout: LIMIT }, async () => {
  // what the quiz asks (and the right options) on this game, found first in a scratch page
  const scratch = await openPage(env.browser);
  await loadView(scratch, `${env.url}#game=mahjong&sample=1&lang=en`);
  await scratch.waitForFunction(() => window.deckscope.steps > 0);
  await scratch.evaluate(() => window.deckscope.quiz.start());
  /** @type {{ step: number, correct: number, n: number }[]} */
  const truth = [];
  for (let q = 0; q < 3; q++) {
    await scratch.waitForFunction(() => { const c = window.deckscope.quiz.current; return c && !c.answered; }, null, { timeout: LIMIT });
    await scratch.evaluate(() => window.deckscope.quiz.answer(0));
    const c = await scratch.evaluate(() => window.deckscope.quiz.current);
    truth.push({ step: c.step, correct: c.correct, n: c.options.length });
    await scratch.evaluate(() => window.deckscope.quiz.next());
  }
  await scratch.closeAll();

  const teacher = await openPage(env.browser);
  await loadView(teacher, `${env.url}#game=mahjong&sample=1&lang=en`);
  await teacher.waitForFunction(() => window.deckscope.steps > 0);
  const { link, code } = await makeAssignment(teacher, 'quiz', { n: 3 });
  assert.equal(code, 'Q.mahjong.s1.n3');

  const student = await openPage(env.browser);
  await loadView(student, link);
  await student.click('#assign-start');
  // answers: the first wrong, the second right, the third wrong (when it has a wrong option)
  const plan = truth.map((q, i) => (i === 1 || q.n < 2 ? q.correct : (q.correct + 1) % q.n));
  for (let q = 0; q < 3; q++) {
    await student.waitForFunction((s) => { const c = window.deckscope.quiz.current; return c && !c.answered && c.step === s; }, truth[q].step, { timeout: LIMIT });
    await student.click(`#quiz-panel .quiz-options button >> nth=${plan[q]}`).catch(async () => {
      await student.evaluate((j) => window.deckscope.quiz.answer(j), plan[q]);
    });
    await student.waitForFunction(() => window.deckscope.quiz.current.answered);
    if (q < 2) await student.evaluate(() => window.deckscope.quiz.next());
  }
  await student.waitForSelector('#assign-score');
  const right = plan.filter((j, q) => j === truth[q].correct).length;
  const sc = await card(student);
  assert.equal(sc.score, Math.round(100 * right / 3));
  assert.equal(sc.diff.length, 3 - right);
  assert.match(sc.text, new RegExp(`${right} of 3 answers right`));
  const h = await handIn(student);

  const t1 = await openHandin(h.link);
  assert.deepEqual(await card(t1), sc);
  const t2 = await openHandin(h.link.replace(/score=\d+/, 'score=99'));
  assert.equal((await card(t2)).score, sc.score);
  assert.equal(await t2.$eval('#assign-claimed', (e) => e.dataset.same), 'false');
  // a different answer in the code is different work: the engine scores it
  const allRight = h.code.split('~')[0] + '~' + truth.map((q) => `${q.step.toString(36)}.0.${q.correct}`).join(',');
  const t3 = await openHandin(h.link.replace(/handin=[^&]+/, 'handin=' + allRight));
  assert.equal((await card(t3)).score, 100);
  for (const p of [teacher, student, t1, t2, t3]) { assert.deepEqual(p.problems, []); await p.closeAll(); }
});

test('goudan: the result card says the win chance lost, as play mode computes it', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=goudan&sample=1&lang=en&assign=P.goudan.s1.tE`);
  await page.waitForSelector('#assign-start:not([hidden])');
  await page.evaluate(() => window.deckscope.setSpeed(8));
  await page.click('#assign-start');
  let p = await page.waitForFunction(() => window.deckscope.pending, null, { timeout: LIMIT }).then((x) => x.jsonValue());
  let first = true;
  while (p) {
    const now = p;
    const other = now.labels.filter((/** @type {string} */ l) => l !== now.chosen);
    p = await page.evaluate((l) => window.deckscope.choose(l), first && other.length ? other[other.length - 1] : now.chosen);
    first = false;
  }
  await page.waitForSelector('#assign-lost');
  const sum = await page.evaluate(() => window.deckscope.summary());
  assert.ok(sum, 'the summary of the play');
  const lost = await page.textContent('#assign-lost') ?? '';
  assert.ok(sum.totalLoss !== undefined && sum.maxLoss !== undefined, 'the summary has the losses');
  const pct = (/** @type {number} */ x) => (Math.round(x * 10000) / 100).toFixed(2) + '%';
  assert.ok(lost.includes(pct(sum.totalLoss)) && lost.includes(pct(sum.maxLoss)), lost);
  const h = await handIn(page);
  const t = await openHandin(h.link);
  assert.equal(await t.textContent('#assign-lost'), lost);
  assert.deepEqual(await card(t), await card(page));
  for (const x of [page, t]) { assert.deepEqual(x.problems, []); await x.closeAll(); }
});

test('a damaged assignment or hand-in gets a message, the page stays usable', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=cirno&sample=1&lang=en&handin=Q.cirno.s1.n2~zz.0.9`);
  await page.waitForSelector('#assign-panel .input-error');
  assert.match(await page.textContent('#assign-panel .input-error') ?? '', /cannot be opened/);
  assert.equal(await page.evaluate(() => window.deckscope.game), 'cirno');
  const p2 = await openPage(env.browser);
  await loadView(p2, `${env.url}#game=cirno&sample=1&lang=en&assign=X.nothing`);
  await p2.waitForSelector('#assign-panel .input-error');
  for (const x of [page, p2]) { assert.deepEqual(x.problems, []); await x.closeAll(); }
});
