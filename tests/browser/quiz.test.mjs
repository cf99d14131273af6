// quiz.test.mjs - "Predict the next move" (web/shell/quiz.js) in headless
// Chromium. The engine's choice at each question is taken from the native
// CLI's trace (`deckscope <game> --trace`, event i = the decision asked at
// step i) or, for goudan's played-out game, from the engine's own event JSON
// in the page (dsv_api_event_json), never from the quiz itself:
//   - the quiz stops the view on the state before a decision (not playing);
//   - a right answer: score 1 / 1, marked right, the revealed answer is the
//     engine's choice, a reason is shown, and the engine's move is played;
//   - a wrong answer: score 1 / 2, the clicked option marked wrong and the
//     engine's choice marked right;
//   - moving the view away skips the open question (no score change);
//   - every game: the first question's revealed answer is the engine's choice;
//   - embed.html with &quiz=1 runs the quiz; no console errors anywhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadView, openPage, startBrowser } from './harness.mjs';
import { sample, trace } from './page-helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

async function openGame(page, hash) {
  await loadView(page, env.url + '#' + hash);
  await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy &&
    window.deckscopeQuiz && document.getElementById('quiz-open'), null, { timeout: 30_000 });
}
async function question(page, notStep = -1) {
  await page.waitForFunction((s) => {
    const c = window.deckscopeQuiz.current;
    return c && !c.answered && c.step !== s && window.deckscope.step === c.step;
  }, notStep, { timeout: 30_000 });
  return page.evaluate(() => ({ ...window.deckscopeQuiz.current, playing: window.deckscope.playing }));
}
const scoreText = (page) => page.locator('#quiz-score').textContent();
const engineEvent = (page, i) => page.evaluate((k) =>
  JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [k])), i);

// The engine's choice as the quiz labels it (narrate.js's labels are the
// engine's codes: cirno's card, thegame's "card → row", mahjong's tile).
const choiceLabel = {
  cirno: (ev) => ev.card,
  thegame: (ev) => `${ev.card} → ${ev.row_name}`,
  mahjong: (ev) => ev.tile,
};

test('cirno: right, wrong and skipped answers, the score, the move played', { timeout: 120_000 }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=cirno&sample=2');
  const events = trace('cirno', sample('cirno', 2));
  await page.click('#quiz-open');
  assert.equal(await page.getAttribute('#quiz-open', 'aria-pressed'), 'true');
  const q1 = await question(page);
  assert.equal(q1.playing, false, 'the view waits for the answer');
  assert.ok(q1.question.length > 5 && q1.options.length >= 2, JSON.stringify(q1));
  assert.equal(q1.correct, null, 'the answer is not in the page before answering');
  const want1 = choiceLabel.cirno(events[q1.step]);
  const k1 = q1.options.indexOf(want1);
  assert.ok(k1 >= 0, `the engine's card ${want1} is an option: ${q1.options}`);

  // the judge output after the current line would give the answer away
  const hidden = await page.evaluate(() => {
    const later = [...document.querySelectorAll('#output .out-line')].filter((e) => {
      const cur = document.querySelector('#output .out-line.current');
      return !cur || (cur.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    return { open: document.body.dataset.quizOpen, later: later.length,
             blurred: later.filter((e) => getComputedStyle(e).filter.includes('blur')).length };
  });
  assert.equal(hidden.open, '1');
  assert.equal(hidden.blurred, hidden.later, 'later output lines are blurred while the question is open');

  await page.click(`#quiz-options button[data-index="${k1}"]`);
  assert.equal(await page.evaluate(() => document.body.dataset.quizOpen), undefined, 'nothing is hidden after the answer');
  assert.match(await scoreText(page), /1 \/ 1/);
  assert.equal(await page.locator('#quiz-feedback').getAttribute('class'), 'quiz-feedback right');
  assert.equal(await page.locator('#quiz-options button.right').textContent(), want1);
  assert.ok((await page.locator('#quiz-reason').textContent()).length > 10, 'a reason is shown');
  await page.waitForFunction((s) => window.deckscope.step === s + 1, q1.step, { timeout: 10_000 });

  await page.click('#quiz-next');
  const q2 = await question(page, q1.step);
  assert.ok(q2.step > q1.step, 'the next question is later in the game');
  const want2 = choiceLabel.cirno(events[q2.step]);
  const wrong = q2.options.findIndex((o) => o !== want2);
  await page.click(`#quiz-options button[data-index="${wrong}"]`);
  assert.match(await scoreText(page), /1 \/ 2/);
  assert.equal(await page.locator('#quiz-options button.wrong').textContent(), q2.options[wrong]);
  assert.equal(await page.locator('#quiz-options button.right').textContent(), want2, "the engine's choice is revealed");
  assert.match(await page.locator('#quiz-feedback').textContent(), new RegExp(want2));

  await page.click('#quiz-next');
  const q3 = await question(page, q2.step);
  await page.evaluate((s) => window.deckscope.seek(s + 2, false), q3.step);
  await page.waitForFunction(() => window.deckscopeQuiz.current && window.deckscopeQuiz.current.skipped, null, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(() => window.deckscopeQuiz.score), { right: 1, answered: 2, skipped: 1 });

  await page.click('#quiz-close');
  assert.equal(await page.locator('#quiz-panel').isVisible(), false);
  noProblems(page);
  await page.closeAll();
});

test('every game: the revealed answer of the first question is the engine\'s choice', { timeout: 180_000 }, async () => {
  for (const game of ['thegame', 'mahjong', 'goudan', 'cirno']) {
    const page = await openPage(env.browser);
    await openGame(page, `game=${game}&sample=1`);
    await page.evaluate(() => window.deckscopeQuiz.start());
    const q = await question(page);
    const ev = await engineEvent(page, q.step);
    let want;
    if (game === 'goudan') {
      assert.ok(ev.decision && Array.isArray(ev.decision.candidates), 'goudan: a decision event');
      assert.equal(q.options.length, ev.decision.candidates.length, 'one option per candidate of the record');
      want = ev.decision.chosen;
    } else {
      const cliEvent = trace(game, sample(game, 1))[q.step];
      assert.deepEqual(cliEvent, ev, 'the page shows the CLI\'s event');
      want = q.options.indexOf(choiceLabel[game](cliEvent));
      assert.ok(want >= 0, `${game}: the engine's choice ${choiceLabel[game](cliEvent)} is an option: ${q.options}`);
    }
    await page.click(`#quiz-options button[data-index="${want}"]`);
    const c = await page.evaluate(() => window.deckscopeQuiz.current);
    assert.equal(c.correct, want, `${game}: the revealed answer is the engine's choice`);
    assert.equal(await page.locator('#quiz-options button.right').textContent(), q.options[want]);
    assert.match(await scoreText(page), /1 \/ 1/);
    noProblems(page);
    await page.closeAll();
  }
});

test('embed.html with &quiz=1 runs the quiz', { timeout: 120_000 }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 720, height: 520 } });
  await page.goto(env.url + 'embed.html#game=thegame&sample=1&quiz=1', { waitUntil: 'load' });
  await page.waitForFunction(() => window.deckscopeQuiz && window.deckscopeQuiz.active && window.deckscopeQuiz.current,
    null, { timeout: 30_000 });
  const q = await page.evaluate(() => window.deckscopeQuiz.current);
  const ev = trace('thegame', sample('thegame', 1))[q.step];
  const k = q.options.indexOf(choiceLabel.thegame(ev));
  assert.ok(k >= 0);
  assert.ok(await page.locator('#quiz-panel').isVisible(), 'the quiz panel is shown in the iframe page');
  await page.click(`#quiz-options button[data-index="${k}"]`);
  assert.match(await scoreText(page), /1 \/ 1/);
  noProblems(page);
  await page.closeAll();
});
