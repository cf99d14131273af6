// quiz.test.mjs - "Predict the next move" (web/shell/features/quiz.js) in headless
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
//   - embed.html with &quiz=1 runs the quiz; no console errors anywhere;
//   - the question starts with the engine's headline of the state (dsv_api_headline);
//   - the options are shuffled: over 50+ questions of several games the
//     right answer takes every position (0, 1, 2 among questions with >= 3
//     options) and is first in at most 60% of them; the same step shows the
//     same order after a reload and in the other language;
//   - a wrong answer names what the chosen option and the rule's choice are
//     worth (the values of the CLI's decision record: cirno's p, thegame's
//     difference, mahjong's winning distance, goudan's win probability with
//     2 decimals) and why the rule prefers its own, in English and Chinese;
//   - the canvas stays in the viewport while the panel is open, at 1100x800
//     and on 390x844 and 360x640 phones, and so do the timeline's play
//     button and scrubber, covered neither by the panel nor over the canvas
//     (screenshots in the artifacts directory).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, reloadView, settle, startBrowser } from './harness.mjs';
import { sample, trace as cliTrace } from './page-helpers.mjs';

// the CLI's trace of an input, once per input
/** @type {Map<string, DeckscopeEvent[]>} */
const traces = new Map();
/** @type {(game: string, input: string) => DeckscopeEvent[]} */
const trace = (game, input) => {
  const k = game + '\n' + input;
  if (!traces.has(k)) traces.set(k, cliTrace(game, input));
  return /** @type {DeckscopeEvent[]} */ (traces.get(k));
};

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

// The page at `hash`: a new document (reloadView when the page was used
// already: the test's page for every case of a test, no new context each).
/** @param {import('./harness.mjs').TestPage} page @param {string} hash */
async function openGame(page, hash) {
  if (page.url() === 'about:blank') await loadView(page, env.url + '#' + hash);
  else await reloadView(page, env.url + '#' + hash);
  await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy &&
    window.deckscope.quiz && document.getElementById('quiz-open'), null, { timeout: LIMIT });
}
/** @param {import('./harness.mjs').TestPage} page @param {number} [notStep] */
async function question(page, notStep = -1) {
  await page.waitForFunction((s) => {
    const c = window.deckscope.quiz.current;
    return c && !c.answered && c.step !== s && window.deckscope.step === c.step;
  }, notStep, { timeout: LIMIT });
  return page.evaluate(() => ({ ...window.deckscope.quiz.current, playing: window.deckscope.playing }));
}
/** @param {import('./harness.mjs').TestPage} page */
const scoreText = async (page) => String(await page.locator('#quiz-score').textContent());
// The engine's headline of the state before the event at `step` (<game>_headline,
// the view's language): the quiz's question starts with it, then asks.
/** @param {import('./harness.mjs').TestPage} page @param {number} step */
const engineHeadline = (page, step) => page.evaluate((/** @type {number} */ k) =>
  String(window.deckscope.module.ccall('dsv_api_headline', 'string', ['number'], [k])), step);
/** @param {import('./harness.mjs').TestPage} page @param {{question: string, step: number}} q */
async function headlineFirst(page, q) {
  const h = await engineHeadline(page, q.step);
  assert.ok(h.length > 0, `the engine has a headline at step ${q.step}`);
  assert.equal(q.question, h.replace(/[.。!！:：\s]+$/, '') + '. Which move does the rule make?');
}
/** @type {(page: import('./harness.mjs').TestPage, i: number) => Promise<any>} the event's JSON */
const engineEvent = (page, i) => page.evaluate((k) =>
  JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [k])), i);

// The engine's choice as the quiz shows it: the name of the record's
// rule_choice (issue 21); for a game still on the older records, the codes
// narrate.js showed (mahjong's tile).
/** @param {DeckscopeEvent} ev */
const ruleName = (ev) => {
  const d = ev.decision, c = d && d.rule_choice !== undefined && d.candidates.find((x) => x.label === d.rule_choice);
  return c ? c.name : null;
};
/** @type {Record<string, (ev: DeckscopeEvent) => string | null>} */
const choiceLabel = {
  cirno: (ev) => ruleName(ev),
  thegame: (ev) => ruleName(ev),
  mahjong: (ev) => ruleName(ev),
};

test('cirno: right, wrong and skipped answers, the score, the move played', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=cirno&sample=2');
  const events = trace('cirno', sample('cirno', 2));
  await page.click('#quiz-open');
  assert.equal(await page.getAttribute('#quiz-open', 'aria-pressed'), 'true');
  const q1 = await question(page);
  assert.equal(q1.playing, false, 'the view waits for the answer');
  assert.ok(q1.question.length > 5 && q1.options.length >= 2, JSON.stringify(q1));
  await headlineFirst(page, q1);
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
  assert.ok(String(await page.locator('#quiz-reason').textContent()).length > 10, 'a reason is shown');
  await page.waitForFunction((s) => window.deckscope.step === s + 1, q1.step, { timeout: LIMIT });

  await page.click('#quiz-next');
  const q2 = await question(page, q1.step);
  assert.ok(q2.step > q1.step, 'the next question is later in the game');
  const want2 = choiceLabel.cirno(events[q2.step]);
  const wrong = q2.options.findIndex((/** @type {string} */ o) => o !== want2);
  await page.click(`#quiz-options button[data-index="${wrong}"]`);
  assert.match(await scoreText(page), /1 \/ 2/);
  assert.equal(await page.locator('#quiz-options button.wrong').textContent(), q2.options[wrong]);
  assert.equal(await page.locator('#quiz-options button.right').textContent(), want2, "the engine's choice is revealed");
  assert.ok(String(await page.locator('#quiz-feedback').textContent()).includes(String(want2)), 'the feedback names the engine\'s choice');

  await page.click('#quiz-next');
  const q3 = await question(page, q2.step);
  await page.evaluate((s) => window.deckscope.seek(s + 2, false), q3.step);
  await page.waitForFunction(() => window.deckscope.quiz.current && window.deckscope.quiz.current.skipped, null, { timeout: LIMIT });
  assert.deepEqual(await page.evaluate(() => window.deckscope.quiz.score), { right: 1, answered: 2, skipped: 1 });

  await page.click('#quiz-close');
  assert.equal(await page.locator('#quiz-panel').isVisible(), false);
  noProblems(page);
  await page.closeAll();
});

test('every game: the revealed answer of the first question is the engine\'s choice', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  for (const game of ['thegame', 'mahjong', 'goudan', 'cirno']) {
    await openGame(page, `game=${game}&sample=1`);
    await page.evaluate(() => window.deckscope.quiz.start());
    const q = await question(page);
    const ev = await engineEvent(page, q.step);
    let want;
    if (game === 'goudan') {
      assert.ok(ev.decision && Array.isArray(ev.decision.candidates), 'goudan: a decision event');
      assert.equal(q.options.length, ev.decision.candidates.length, 'one option per candidate of the record');
      want = q.options.indexOf(ruleName(ev));
      assert.ok(want >= 0, `goudan: the engine's choice is an option: ${q.options}`);
    } else {
      const cliEvent = trace(game, sample(game, 1))[q.step];
      assert.deepEqual(cliEvent, ev, 'the page shows the CLI\'s event');
      want = q.options.indexOf(choiceLabel[game](cliEvent));
      assert.ok(want >= 0, `${game}: the engine's choice ${choiceLabel[game](cliEvent)} is an option: ${q.options}`);
    }
    await page.click(`#quiz-options button[data-index="${want}"]`);
    const c = await page.evaluate(() => window.deckscope.quiz.current);
    assert.equal(c.correct, want, `${game}: the revealed answer is the engine's choice`);
    assert.equal(await page.locator('#quiz-options button.right').textContent(), q.options[want]);
    assert.match(await scoreText(page), /1 \/ 1/);
    noProblems(page);
  }
  await page.closeAll();
});

test('embed.html with &quiz=1 runs the quiz', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 720, height: 520 } });
  await page.goto(env.url + 'embed.html#game=thegame&sample=1&quiz=1', { waitUntil: 'load' });
  await page.waitForFunction(() => window.deckscope.quiz && window.deckscope.quiz.active && window.deckscope.quiz.current,
    null, { timeout: LIMIT });
  const q = await page.evaluate(() => window.deckscope.quiz.current);
  const ev = trace('thegame', sample('thegame', 1))[q.step];
  await headlineFirst(page, q);
  const k = q.options.indexOf(choiceLabel.thegame(ev));
  assert.ok(k >= 0);
  assert.ok(await page.locator('#quiz-panel').isVisible(), 'the quiz panel is shown in the iframe page');
  await page.click(`#quiz-options button[data-index="${k}"]`);
  assert.match(await scoreText(page), /1 \/ 1/);
  noProblems(page);
  await page.closeAll();
});

// Answers every question from the start (option 0) up to `max`, returning
// {step, n (options), correct (its position)} for each.
/** @param {import('./harness.mjs').TestPage} page @param {number} max */
function collect(page, max) {
  return page.evaluate(async ([limit, wait]) => {
    /** @type {{step: number, index: number, n: number, correct: number}[]} */
    const out = [];
    const Q = window.deckscope.quiz, d = window.deckscope;
    /** @type {(f: () => unknown) => Promise<void>} */
    const until = (f) => new Promise((res, rej) => {
      const t0 = Date.now();
      const tick = () => (f() ? res() : Date.now() - t0 > wait ? rej(new Error('no question')) : requestAnimationFrame(tick));
      tick();
    });
    Q.start();
    while (out.length < limit) {
      await until(() => Q.finished || (Q.current && !Q.current.answered && !Q.current.skipped && d.step === Q.current.step));
      if (Q.finished) break;
      const c = Q.current;
      if (!c) throw new Error('no question'); // until() saw one
      Q.answer(0);
      const answered = Q.current;
      if (!answered || answered.correct === null) throw new Error('an answered question shows the right option');
      out.push({ step: c.step, index: c.index, n: c.options.length, correct: answered.correct });
      Q.next();
    }
    Q.stop();
    return out;
  }, [max, LIMIT]); // a question may take the suite's limit to come
}

test('the options are shuffled: the right answer takes every position', { timeout: LIMIT }, async (t) => {
  const all = [];
  const page = await openPage(env.browser);
  for (const [game, n, max] of /** @type {[string, number, number][]} */ ([['cirno', 2, 30], ['mahjong', 1, 30], ['thegame', 1, 12], ['goudan', 2, 10], ['cirno', 1, 10], ['thegame', 2, 12]])) {
    await openGame(page, `game=${game}&sample=${n}`);
    const got = await collect(page, max);
    t.diagnostic(`${game} ${n}: ${got.length} questions, right answer at ${got.map((q) => q.correct + '/' + q.n).join(' ')}`);
    all.push(...got);
    noProblems(page);
  }
  await page.closeAll();
  assert.ok(all.length >= 50, `at least 50 questions (${all.length})`);
  for (const q of all) assert.ok(q.correct >= 0 && q.correct < q.n, JSON.stringify(q));
  const first = all.filter((q) => q.correct === 0).length;
  assert.ok(first <= 0.6 * all.length, `the right answer is first in ${first} of ${all.length}`);
  const three = all.filter((q) => q.n >= 3);
  assert.ok(three.length >= 20, `questions with 3 or more options: ${three.length}`);
  for (const k of [0, 1, 2]) assert.ok(three.some((q) => q.correct === k), `position ${k} occurs among ${three.length} questions with >= 3 options`);
  // beyond the first three, wherever there are enough options
  assert.ok(three.some((q) => q.correct >= 3), 'the right answer is sometimes beyond the third option');
});

test('the same step shows the same order: after a reload, in either language', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  for (const [hash, game] of [['game=mahjong&sample=1&step=60', 'mahjong'], ['game=thegame&sample=1&step=20', 'thegame']]) {
    await openGame(page, hash);
    await page.evaluate(() => window.deckscope.quiz.start());
    const q1 = await question(page);
    await page.reload({ waitUntil: 'load' });
    await page.evaluate(() => window.deckscope.ready);
    await page.waitForFunction(() => window.deckscope.steps > 0 && window.deckscope.quiz, null, { timeout: LIMIT });
    await page.evaluate((s) => { window.deckscope.seek(s, false); window.deckscope.quiz.start(); }, q1.step);
    const q2 = await question(page);
    assert.equal(q2.step, q1.step);
    assert.deepEqual(q2.options, q1.options, `${game}: the same order after a reload`);
    await page.evaluate(() => window.deckscope.setLang('zh'));
    const zh = await page.evaluate(() => window.deckscope.quiz.current);
    assert.notEqual(zh.question, q1.question, 'the question is in Chinese');
    // the same options in the same places (thegame's row names are translated, the cards are not)
    // (the engine's labels of the options: the names are in the page's language)
    assert.deepEqual(zh.keys, q1.keys, `${game}: the same order in Chinese`);
    assert.ok(zh.keys.every((/** @type {string | null} */ k) => k !== null), 'every option has its label');
    const ev = trace(game, sample(game, 1))[q1.step];
    const want = q1.options.indexOf(choiceLabel[game](ev));
    await page.click(`#quiz-options button[data-index="${want}"]`);
    assert.equal(await page.evaluate(() => window.deckscope.quiz.current.correct), want);
    noProblems(page);
  }
  await page.closeAll();
});


test('a wrong answer says what both options are worth and why the rule prefers its own', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  for (const [game, n] of [['mahjong', 1], ['cirno', 2], ['thegame', 1], ['goudan', 1]]) {
    await openGame(page, `game=${game}&sample=${n}`);
    await page.evaluate(() => window.deckscope.quiz.start());
    const q = await question(page);
    // the record of the event as the page has it (goudan: the page's playout), in each language
    const ev = await engineEvent(page, q.step);
    const right = q.options.indexOf(ruleName(ev));
    assert.ok(right >= 0);
    const wrong = right === 0 ? 1 : 0;
    await page.click(`#quiz-options button[data-index="${wrong}"]`);
    const texts = async () => ({ compare: String(await page.locator('#quiz-compare').textContent()), prefer: String(await page.locator('#quiz-prefer').textContent()) });
    const en = await texts();
    await page.evaluate(() => window.deckscope.setLang('zh'));
    const zh = await texts();
    const evZh = await engineEvent(page, q.step);
    t.diagnostic(`${game}: ${en.compare} / ${en.prefer} / ${zh.compare} / ${zh.prefer}`);
    // the engine's record: each option's note (its value against the rule's
    // choice) in both languages, and the rule's sentence as the reason
    for (const [k, role] of [[wrong, 'chosen'], [right, 'rule']]) {
      const c = ev.decision.candidates.find((/** @type {DeckscopeCandidate} */ x) => x.name === q.options[k]);
      assert.ok(c, `${game}: the ${role} option is a candidate's name`);
      const cz = evZh.decision.candidates.find((/** @type {DeckscopeCandidate} */ x) => x.label === c.label);
      assert.ok(en.compare.includes(`${c.name}: ${c.note}`), `${game}: the ${role} option's note in English: ${en.compare}`);
      assert.ok(zh.compare.includes(`${cz.name}：${cz.note}`), `${game}: the ${role} option's note in Chinese: ${zh.compare}`);
      if (c.value !== null) assert.ok(c.note.length > 0, `${game}: the ${role} option's note gives its value`);
    }
    assert.ok(en.prefer.endsWith(ev.decision.text), en.prefer);
    assert.ok(zh.prefer.endsWith(evZh.decision.text), zh.prefer);
    assert.match(en.compare, /the rule’s/);
    assert.match(zh.compare, /规则选的/);
    assert.match(en.prefer, /^Why the rule prefers .+: .{10,}/);
    assert.match(zh.prefer, /^规则为什么选 .+：.{6,}/);
    noProblems(page);
  }
  await page.closeAll();
});

test('the canvas and the timeline stay in view while the quiz panel is open (1100x800, 390x844, 360x640)', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  for (const [w, h] of [[1100, 800], [390, 844], [360, 640]]) {
    for (const lang of ['en', 'zh']) {
      await page.setViewportSize({ width: w, height: h });
      await openGame(page, `game=mahjong&sample=1&lang=${lang}`);
      await page.evaluate((l) => window.deckscope.setLang(l), lang);
      // on a phone the tools are in the More menu
      if (await page.locator('#more-open').isVisible()) await page.click('#more-open');
      await page.click('#quiz-open');
      const q = await question(page);
      const boxes = () => page.evaluate(() => {
        const r = (/** @type {string} */ id) => { const b = /** @type {HTMLElement} */ (document.getElementById(id)).getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
        return { canvas: r('canvas'), panel: r('quiz-panel'), play: r('tl-play'), scrubber: r('scrubber'), vw: innerWidth, vh: innerHeight };
      });
      /** @param {Awaited<ReturnType<typeof boxes>>} b @param {string} when */
      const inView = (b, when) => {
        const c = b.canvas;
        assert.ok(c.top >= 0 && c.left >= 0 && c.bottom <= b.vh + 0.5 && c.right <= b.vw + 0.5, `${w}x${h} ${lang} ${when}: canvas ${JSON.stringify(b)}`);
        const p = b.panel;
        const overlap = p.left < c.right && c.left < p.right && p.top < c.bottom && c.top < p.bottom;
        assert.ok(!overlap, `${w}x${h} ${lang} ${when}: the panel covers the canvas ${JSON.stringify(b)}`);
        assert.ok(p.top < b.vh && p.bottom > 0, `${w}x${h} ${lang} ${when}: the panel is on screen`);
        // the timeline's play button and scrubber: on screen, uncovered, not over the canvas
        for (const k of /** @type {const} */ (['play', 'scrubber'])) {
          const e = b[k];
          assert.ok(e.top >= 0 && e.bottom <= b.vh + 0.5 && e.bottom - e.top > 10, `${w}x${h} ${lang} ${when}: ${k} on screen ${JSON.stringify(b)}`);
          for (const o of /** @type {const} */ (['panel', 'canvas'])) {
            const q = b[o];
            assert.ok(!(q.left < e.right && e.left < q.right && q.top < e.bottom && e.top < q.bottom),
              `${w}x${h} ${lang} ${when}: ${k} and ${o} overlap ${JSON.stringify(b)}`);
          }
        }
      };
      inView(await boxes(), 'asking');
      writeFileSync(artifact(`quiz-${w}x${h}-${lang}-question.png`), await page.screenshot());
      await page.click('#quiz-options button[data-index="0"]');
      const ev = trace('mahjong', sample('mahjong', 1))[q.step];
      await settle(page);
      inView(await boxes(), 'answered');
      if (q.options[0] !== ev.tile) assert.ok(await page.locator('#quiz-compare').isVisible() || w < 600, 'the comparison is shown');
      writeFileSync(artifact(`quiz-${w}x${h}-${lang}-answered.png`), await page.screenshot());
      noProblems(page);
    }
  }
  await page.closeAll();
});
