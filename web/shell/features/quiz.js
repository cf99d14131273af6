// quiz.js - "Predict the next move" (docs/teaching.md, "Quiz").
//
// At each decision step the view stops on the state BEFORE the decision (the
// canvas does not show what happens next) and asks which candidate the
// player picks: which card (cirno), which card and row (thegame), which
// tile is discarded and whether another player calls (mahjong), which
// operation is optimal (goudan). The question, the options and the reason
// come from dsNarrate.quizzes() (narrate.js), which builds them from the
// engine's decision record of that event (dsv_api_event_json); nothing here
// decides anything. After an answer the right option and the reason are
// shown, the score is updated and the engine's move is played on the
// canvas. Stepping away from a question (play, arrows, scrubber) skips it.
//
// Works in the main page (a "Quiz" button in #teach-tools) and in
// embed.html (&quiz=1: embed.js imports this module on demand).
// window.deckscope.quiz:
//   start()  stop()  next()  answer(k)   (k: 0-based option)
//   active, score {right, answered, skipped}, current
//     ({step, index, count, question, options: [label], answered, chosen, correct})
'use strict';
import dsNarrate from '../core/narrate.js';
import { dsv } from '../core/binding.js';

/**
 * The question shown, as the page's API gives it (the right option and the words about
 * the answer only once it is answered).
 * @typedef {object} QuizCurrent
 * @property {number} step  the step asked about
 * @property {number} index  the question of the step (0-based)
 * @property {number} count  the step's questions
 * @property {string} question
 * @property {string[]} options  the options' names, in the order shown
 * @property {boolean} answered
 * @property {boolean} skipped
 * @property {number} chosen  the option chosen (-1: none yet)
 * @property {(string | null)[]} keys  the engine's labels of the options
 * @property {number | null} correct  the right option, once answered
 * @property {string | null} reason  the rule's sentence, once answered
 * @property {string | null} compare  what the chosen option and the rule's choice are worth, once answered
 * @property {string | null} prefer  why the rule prefers its own (a wrong answer), once answered
 */
/**
 * window.deckscope.quiz
 * @typedef {object} QuizApi
 * @property {() => Promise<void>} start
 * @property {() => void} stop
 * @property {() => void} next
 * @property {(j: number) => boolean} answer  answers the question shown with option j (0-based): right or not
 * @property {boolean} active
 * @property {boolean} scanning
 * @property {boolean} finished  no more decisions in this game
 * @property {{right: number, answered: number, skipped: number}} score
 * @property {QuizCurrent | null} current
 */
/** @type {QuizApi | null} */
let quizApi = null;

(function () {
  const SCAN_CHUNK = 4000; // events examined per slice while looking for a decision
  const SHEET = 0.42;      // one-column screens: the panel's height at most, a share of the viewport
  const MIN_STAGE = 140;   // ... and the stage's least height (CSS px) above it
  const FAIR_STAGE = 200;  // a stage at least this tall keeps the header above it in view

  /** @returns {Deckscope} */
  const ds = () => window.deckscope;
  const M = () => ds() && ds().module;
  const C = () => dsv(M()); // the exports (core/binding.js)
  /** @param {string | null | undefined} s @returns {DsEvent | null} */
  const parse = (s) => { try { return s ? JSON.parse(s) : null; } catch (e) { return null; } };

  /**
   * An option as the quiz shows it: narrate.js's, with its place in narrate.js's list (orig).
   * @typedef {{label: string, correct: boolean, orig: number, key: string, value: string | null, note: string}} QuizOption
   */
  /** A question of a step, its options shuffled. @typedef {Omit<DsQuiz, 'options'> & {options: QuizOption[], record: true}} QuizQuestion */
  /**
   * The step asked about: its questions, the one shown (k), and what became of it
   * (moving: the engine's move is being played on the canvas after the answer).
   * @typedef {{step: number, qs: QuizQuestion[], k: number, answered: boolean, chosen: number, shown: boolean, skipped: boolean, moving?: boolean}} Asked
   */
  const state = {
    active: false,
    score: { right: 0, answered: 0, skipped: 0 },
    cur: /** @type {Asked | null} */ (null),
    scanning: false,
    game: /** @type {string | null} */ (null),
    finished: false,
    token: 0,       // bumps on stop/load: stale async work gives up
  };

  // core/narrate.js, imported (a Promise, as when embed.html loaded it by a script tag).
  /** @type {Promise<typeof dsNarrate> | null} */
  let narrateReady = null;
  function needNarrate() {
    if (!narrateReady) narrateReady = Promise.resolve(dsNarrate);
    return narrateReady;
  }

  /** The panel's elements. @typedef {{panel: HTMLElement, score: HTMLSpanElement, close: HTMLButtonElement, meta: HTMLParagraphElement, question: HTMLParagraphElement, options: HTMLDivElement, feedback: HTMLDivElement, show: HTMLButtonElement, next: HTMLButtonElement}} QuizUi */
  /** @type {QuizUi | null} */
  let ui = null; // built on first use
  /** The panel, once built (start() builds it): a call before that is a bug, and says so. */
  function built() {
    if (!ui) throw new Error('quiz.js: the panel is used before start() built it');
    return ui;
  }

  /** @returns {Pick<DsI18n, 't' | 'add' | 'lang' | 'onChange' | 'apply'>} */
  const i18n = () => (ds() && ds().i18n) || { t: (k) => k, add() {}, lang: 'en', onChange() {}, apply() {} };
  /** @param {string} k @param {Record<string, unknown>} [v] */
  const t = (k, v) => i18n().t(k, v);
  const lang = () => i18n().lang || 'en';

  function addStrings() {
    i18n().add({
      en: {
        'quiz.button': 'Quiz',
        'quiz.title': 'Predict the next move',
        'quiz.score': 'Score {right} / {answered}',
        'quiz.close': 'End the quiz',
        'quiz.right': 'Right!',
        'quiz.wrong': 'Not this time: the answer is {answer}.',
        'quiz.show': 'Show the move',
        'quiz.next': 'Next question',
        'quiz.searching': 'Looking for the next decision…',
        'quiz.none': 'No more decisions in this game. Final score: {right} / {answered}.',
        'quiz.noGame': 'Load a game first.',
        'quiz.skipped': 'Skipped: the view moved away from this question.',
        'quiz.part': 'Question {k} of {n} at this step',
        'quiz.step': 'Step {step}',
        'quiz.unavailable': 'The quiz needs narrate.js: {msg}',
        'quiz.prefer': 'Why the rule prefers {right}: {why}',
        'quiz.note': '{move}: {note}.',
        'quiz.compareNotes': '{mine}: {mineNote}; the rule’s {right}: {rightNote}.',
      },
      zh: {
        'quiz.button': '测验',
        'quiz.title': '预测下一步',
        'quiz.score': '得分 {right} / {answered}',
        'quiz.close': '结束测验',
        'quiz.right': '答对了！',
        'quiz.wrong': '这次没答对：正确答案是 {answer}。',
        'quiz.show': '演示这一步',
        'quiz.next': '下一题',
        'quiz.searching': '正在寻找下一个决策…',
        'quiz.none': '这局游戏没有更多决策了。最终得分：{right} / {answered}。',
        'quiz.noGame': '请先载入一局游戏。',
        'quiz.skipped': '已跳过：视图离开了这道题。',
        'quiz.part': '本步第 {k} / {n} 题',
        'quiz.step': '第 {step} 步',
        'quiz.unavailable': '测验需要 narrate.js：{msg}',
        'quiz.prefer': '规则为什么选 {right}：{why}',
        'quiz.note': '{move}：{note}。',
        'quiz.compareNotes': '{mine}：{mineNote}；规则选的 {right}：{rightNote}。',
      },
    });
  }

  /** @type {DsI18n['el']} */
  const h = (tag, attrs, ...kids) => ds().i18n.el(tag, attrs, ...kids);

  function buildUi() {
    if (ui) return ui;
    addStrings();
    // A constructed stylesheet, not a <style> element: the page's
    // Content-Security-Policy (style-src 'self') blocks inline <style>.
    const style = new CSSStyleSheet();
    style.replaceSync(`
.quiz-panel { border: 1px solid var(--edge, #8884); border-radius: 10px; background: var(--panel, Canvas); color: var(--fg, CanvasText);
  padding: .7rem .9rem; margin: .6rem 0; }
.quiz-panel[hidden] { display: none; }
.quiz-panel [hidden] { display: none !important; }
body[data-controls] .quiz-panel, .quiz-panel.floating { position: fixed; right: .5rem; bottom: 3.2rem; margin: 0; z-index: 30;
  width: min(30rem, calc(100% - 1rem)); max-height: 45vh; overflow: auto; font-size: .9em; padding: .5rem .7rem;
  box-shadow: 0 6px 24px rgba(0,0,0,.35); }
/* While a question is open the judge output after the current line would
   give the answer away: blurred until the question is answered. */
body[data-quiz-open] #output .out-line.current ~ .out-line,
body[data-quiz-open] #output:not(:has(.out-line.current)) .out-line { filter: blur(5px); user-select: none; }
.quiz-head { display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; }
.quiz-head h2 { margin: 0; font-size: 1rem; flex: 1 1 auto; }
.quiz-score { font-variant-numeric: tabular-nums; font-weight: 600; }
.quiz-meta { opacity: .75; font-size: .85em; margin: .2rem 0 0; }
.quiz-question { margin: .5rem 0; }
.quiz-options { display: flex; flex-wrap: wrap; gap: .4rem; }
.quiz-options button { font-variant-numeric: tabular-nums; }
.quiz-options button.right, .quiz-options button.wrong { opacity: 1; }
.quiz-options button.right { background: #2e7d32; color: #fff; border-color: #2e7d32; }
.quiz-options button.wrong { background: #c62828; color: #fff; border-color: #c62828; }
.quiz-options button[aria-pressed="true"] { outline: 2px solid currentColor; outline-offset: 1px; }
.quiz-feedback { margin: .5rem 0 .2rem; min-height: 1.2em; }
.quiz-feedback .verdict { font-weight: 600; margin-right: .3rem; }
.quiz-feedback.right .verdict { color: #43a047; }
.quiz-feedback.wrong .verdict { color: #e53935; }
.quiz-reason { margin: .2rem 0 .4rem; opacity: .9; }
.quiz-actions { display: flex; gap: .4rem; flex-wrap: wrap; }
.quiz-compare { margin: .3rem 0 .2rem; font-weight: 600; }
.quiz-prefer { margin: .2rem 0; }
.quiz-panel.docked { margin: 0; }
@media (max-width: 980px) {
  .quiz-panel.docked { position: fixed; left: .4rem; right: .4rem; bottom: .4rem; z-index: 30; max-height: ${SHEET * 100}vh; overflow: auto;
    padding: .5rem .7rem; font-size: .92em; box-shadow: 0 -4px 24px rgba(0,0,0,.3); }
  .quiz-panel.docked .quiz-question { margin: .3rem 0; }
  .quiz-panel.docked .quiz-actions { position: sticky; bottom: -.5rem; background: var(--panel, Canvas); padding: .3rem 0 .4rem; }
  body[data-quiz-sheet] { padding-bottom: ${SHEET * 100}vh; }
  body[data-quiz-sheet] #stage { max-height: var(--quiz-stage-max, 40vh); min-height: ${MIN_STAGE}px; }
  body[data-quiz-sheet] .timeline { bottom: calc(${SHEET * 100}vh + .4rem); }
}`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, style];

    const score = h('span', { class: 'quiz-score', id: 'quiz-score', 'aria-live': 'polite' });
    const close = h('button', { type: 'button', id: 'quiz-close', class: 'icon', 'aria-label': t('quiz.close'), title: t('quiz.close') }, '×');
    const meta = h('p', { class: 'quiz-meta', id: 'quiz-meta' });
    const question = h('p', { class: 'quiz-question', id: 'quiz-question' });
    const options = h('div', { class: 'quiz-options', id: 'quiz-options', role: 'group', 'aria-labelledby': 'quiz-question' });
    const feedback = h('div', { class: 'quiz-feedback', id: 'quiz-feedback', role: 'status', 'aria-live': 'polite' });
    const show = h('button', { type: 'button', id: 'quiz-show', hidden: true, i18n: 'quiz.show' });
    const next = h('button', { type: 'button', id: 'quiz-next', class: 'primary', hidden: true, i18n: 'quiz.next' });
    const panel = h('section', { id: 'quiz-panel', class: 'quiz-panel', hidden: true, 'aria-labelledby': 'quiz-title' },
      h('div', { class: 'quiz-head' }, h('h2', { id: 'quiz-title', i18n: 'quiz.title' }), score, close),
      meta, question, options, feedback, h('div', { class: 'quiz-actions' }, show, next));
    // Where it goes: in the main page, at the top of the side column, beside
    // the canvas (on one-column screens the side column is below the
    // timeline: there the panel is a sheet fixed at the bottom and the stage
    // is made short enough to stay above it, see fitLayout); elsewhere
    // (embed.html) it floats at the bottom right.
    const caption = document.getElementById('caption');
    const side = document.querySelector('.side-col');
    if (side && !document.body.dataset.controls) { panel.classList.add('docked'); side.prepend(panel); }
    else if (caption && !document.body.dataset.controls) caption.after(panel);
    else document.body.append(panel);
    // Keys typed in the quiz stay in the quiz (the page has shortcuts).
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { stop(); e.stopPropagation(); return; }
      if (/^[1-9]$/.test(e.key)) { answer(Number(e.key) - 1); e.stopPropagation(); e.preventDefault(); }
    });
    close.addEventListener('click', stop);
    show.addEventListener('click', showMove);
    next.addEventListener('click', () => next_());
    ui = { panel, score, close, meta, question, options, feedback, show, next };

    i18n().onChange && i18n().onChange(() => {
      if (!ui) return;
      if (i18n().apply) i18n().apply(panel);
      close.setAttribute('aria-label', t('quiz.close'));
      close.title = t('quiz.close');
      if (state.cur) {
        state.cur.qs = quizzesAt(state.cur.step) || state.cur.qs; // the same questions, in the new language
        render();
      } else renderScore();
    });
    return ui;
  }

  function renderScore() {
    if (ui) ui.score.textContent = t('quiz.score', state.score);
  }

  // the engine's headline of the state before the event (<game>_headline, in
  // the view's language): narrate.js puts it in front of the question
  /** @param {number} step */
  function headlineAt(step) {
    try { return String(C().headline(step) || ''); } catch (e) { return ''; }
  }
  /** @param {number} step */
  function ctxAt(step) {
    return { headline: headlineAt(step), step, steps: ds().steps };
  }
  // The questions of the event at `step` (null when it has none), each with
  // its options shuffled (see shuffled()) and annotated: {label, correct,
  // orig (index in narrate.js's list), key, value (a phrase, or null)}, plus
  // prefer(key of the chosen, key of the right) -> why the rule takes its own.
  /** @param {number} step @returns {QuizQuestion[] | null} */
  function quizzesAt(step) {
    const N = dsNarrate;
    if (!N) return null;
    const ev = parse(C().event_json(step));
    if (!ev) return null;
    const game = ds().game;
    const ctx = ctxAt(step);
    const qs = N.quizzes(game, ev, lang(), ctx);
    if (!qs || !qs.length) return null;
    // questions from the engine's decision record: each option carries the
    // engine's own note (what it is worth against the rule's choice), the
    // reason is the rule's sentence; nothing is worked out here
    const salt = gameSalt();
    return qs.map((q, k) => {
      const opts = q.options.map((o, i) => ({ label: o.label, correct: !!o.correct, orig: i, key: o.key, value: o.value || null, note: o.note || '' }));
      const order = shuffled(opts.length, `${game}|${step}|${k}|${salt}`);
      return { ...q, options: order.map((i) => opts[i]), record: true };
    });
  }

  // ---- option order -------------------------------------------------------
  // narrate.js lists the options in the record's order (best first, or in
  // tie-break order), so the right answer would nearly always be the first.
  // They are shuffled here with a small PRNG seeded by the game, the step,
  // the question and the size of the game (steps, length of the judge
  // output): the same step of the same input shows the same order every
  // time (a permalink shows the same quiz), in either language.
  /** @param {string} str */
  function hash32(str) {
    let x = 0x811c9dc5; // FNV-1a
    for (let i = 0; i < str.length; i++) { x ^= str.charCodeAt(i); x = Math.imul(x, 0x01000193); }
    return x >>> 0;
  }
  /** @param {number} seed */
  function prng(seed) { // mulberry32
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let z = a;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
    };
  }
  function gameSalt() {
    let n;
    try { n = C().output_len(); } catch (e) { n = 0; }
    return `${ds().steps}/${n}`;
  }
  /** @param {number} n @param {string} key */
  function shuffled(n, key) {
    const order = [...Array(n).keys()];
    const r = prng(hash32(key));
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  }

  // After an answer: what the chosen option and the rule's choice are worth
  // ({compare, prefer}; prefer only for a wrong answer), in the page's language.
  /** @param {QuizQuestion} q @param {number} chosen */
  function compareText(q, chosen) {
    const mine = q.options[chosen];
    const rightOpt = q.options.find((o) => o.correct);
    const out = { compare: '', prefer: '' };
    if (!mine || !rightOpt) return out;
    /** @param {QuizOption} o */
    const name = (o) => o.label;
    // the engine's notes (each says the move's value against the rule's
    // choice) and the rule's own sentence
    if (mine === rightOpt) { if (mine.note) out.compare = t('quiz.note', { move: name(mine), note: mine.note }); return out; }
    out.compare = t('quiz.compareNotes', { mine: name(mine), mineNote: mine.note || '–', right: name(rightOpt), rightNote: rightOpt.note || '–' });
    if (q.reason) out.prefer = t('quiz.prefer', { right: name(rightOpt), why: q.reason });
    return out;
  }


  function render() {
    const c = state.cur;
    const ui = built();
    renderScore();
    if (c && !c.answered && !c.skipped && state.active) document.body.dataset.quizOpen = '1';
    else delete document.body.dataset.quizOpen;
    ui.options.replaceChildren();
    ui.feedback.replaceChildren();
    ui.feedback.className = 'quiz-feedback';
    ui.show.hidden = true;
    ui.next.hidden = true;
    if (!c) return;
    const q = c.qs[c.k];
    ui.meta.textContent = t('quiz.step', { step: c.step }) + (c.qs.length > 1 ? ' · ' + t('quiz.part', { k: c.k + 1, n: c.qs.length }) : '');
    ui.question.textContent = q.question;
    q.options.forEach((o, j) => {
      const b = h('button', { type: 'button', class: 'quiz-option', 'data-index': String(j), 'aria-pressed': 'false' }, o.label);
      if (c.answered) {
        b.disabled = true;
        if (o.correct) b.classList.add('right');
        if (j === c.chosen) { b.setAttribute('aria-pressed', 'true'); if (!o.correct) b.classList.add('wrong'); }
      } else b.addEventListener('click', () => answer(j));
      ui.options.append(b);
    });
    if (c.skipped) {
      ui.feedback.textContent = t('quiz.skipped');
      ui.next.hidden = false;
    } else if (c.answered) {
      const right = q.options[c.chosen] && q.options[c.chosen].correct;
      const answerOpt = q.options.find((o) => o.correct);
      ui.feedback.classList.add(right ? 'right' : 'wrong');
      ui.feedback.append(h('span', { class: 'verdict' }, right ? t('quiz.right') : t('quiz.wrong', { answer: answerOpt ? answerOpt.label : '?' })));
      const cmp = compareText(q, c.chosen);
      if (cmp.compare) ui.feedback.append(h('p', { class: 'quiz-compare', id: 'quiz-compare' }, cmp.compare));
      if (cmp.prefer) ui.feedback.append(h('p', { class: 'quiz-prefer', id: 'quiz-prefer' }, cmp.prefer));
      ui.feedback.append(h('p', { class: 'quiz-reason', id: 'quiz-reason' }, q.reason || ''));
      ui.show.hidden = c.k + 1 < c.qs.length || c.shown;
      ui.next.hidden = false;
    }
  }

  /** @param {string} text */
  function message(text) {
    const ui = built();
    delete document.body.dataset.quizOpen;
    ui.meta.textContent = '';
    ui.question.textContent = text;
    ui.options.replaceChildren();
    ui.feedback.replaceChildren();
    ui.show.hidden = true;
    ui.next.hidden = true;
    renderScore();
  }

  // Finds the first decision at step >= from (in slices) and stops there.
  /** @param {number} from */
  function findFrom(from) {
    const token = ++state.token;
    state.cur = null;
    state.scanning = true;
    message(t('quiz.searching'));
    const steps = ds().steps;
    let i = Math.max(0, from);
    const slice = () => {
      if (token !== state.token || !state.active) return;
      const end = Math.min(steps, i + SCAN_CHUNK);
      for (; i < end; i++) {
        const qs = quizzesAt(i);
        if (qs) {
          state.scanning = false;
          state.cur = { step: i, qs, k: 0, answered: false, chosen: -1, shown: false, skipped: false };
          ds().pause();
          ds().seek(i, false);
          render();
          const ui = built();
          const first = ui.options.querySelector('button');
          if (first && ui.panel.contains(document.activeElement)) first.focus({ preventScroll: true });
          emitChange();
          return;
        }
      }
      if (i < steps) { setTimeout(slice, 0); return; }
      state.scanning = false;
      state.finished = true;
      message(t('quiz.none', state.score));
      emitChange();
    };
    slice();
  }

  /** @param {number} j @returns {boolean} */
  function answer(j) {
    const c = state.cur;
    if (!c || c.answered || c.skipped) return false;
    const q = c.qs[c.k];
    if (!(j >= 0 && j < q.options.length)) return false;
    c.answered = true;
    c.chosen = j;
    state.score.answered++;
    if (q.options[j].correct) state.score.right++;
    render();
    // The engine's move, played on the canvas once the last question of the step is answered.
    if (c.k + 1 >= c.qs.length) showMove();
    built().next.focus({ preventScroll: true });
    emitChange();
    return !!q.options[j].correct;
  }

  function showMove() {
    const c = state.cur;
    if (!c || c.shown) return;
    c.shown = true;
    c.moving = true;
    ds().seek(c.step + 1, true);
    render();
  }

  function next_() {
    const c = state.cur;
    if (!state.active) return;
    if (c && c.answered && c.k + 1 < c.qs.length) {
      c.k++;
      c.answered = false;
      c.chosen = -1;
      render();
      return;
    }
    findFrom(c ? c.step + 1 : ds().step);
  }

  /** @param {{step?: unknown} | null | undefined} detail the 'step' event's */
  function onStep(detail) {
    const c = state.cur;
    // the caption under the canvas may change height: keep the timeline above the sheet
    if (state.active) requestAnimationFrame(() => requestAnimationFrame(() => fitLayout(false)));
    if (!state.active || !c) return;
    const step = detail && typeof detail.step === 'number' ? detail.step : ds().step;
    if (c.moving && step === c.step + 1) return; // our own reveal
    if (step !== c.step && !(c.shown && step === c.step + 1)) {
      if (!c.answered && !c.skipped) {
        c.skipped = true;
        state.score.skipped++;
        render();
        emitChange();
      }
    }
  }

  function emitChange() {
    try { document.dispatchEvent(new CustomEvent('deckscope-quiz', { detail: api.current })); } catch (e) { /* old browsers */ }
  }

  let hooked = false;
  function hook() {
    if (hooked || !ds() || !ds().on) return;
    hooked = true;
    ds().on('step', onStep);
    ds().on('load', () => {
      if (!state.active) return;
      state.score = { right: 0, answered: 0, skipped: 0 };
      state.finished = false;
      findFrom(ds().step || 0);
    });
  }

  async function start() {
    const ui = buildUi();
    hook();
    ui.panel.hidden = false;
    if (ui.panel.classList) ui.panel.classList.toggle('floating', !document.getElementById('caption'));
    if (state.active && (state.cur || state.scanning)) return;
    state.active = true;
    setButton();
    fitLayout(true);
    try {
      await needNarrate();
    } catch (e) {
      message(t('quiz.unavailable', { msg: e instanceof Error ? e.message : String(e) }));
      return;
    }
    if (!state.active) return;
    if (!ds().game || !ds().steps) {
      message(t('quiz.noGame'));
      return; // the 'load' hook starts once a game is there
    }
    if (state.game !== ds().game) {
      state.game = ds().game;
      state.score = { right: 0, answered: 0, skipped: 0 };
    }
    findFrom(ds().step || 0);
  }

  function stop() {
    state.active = false;
    state.token++;
    state.cur = null;
    state.scanning = false;
    if (ui) ui.panel.hidden = true;
    delete document.body.dataset.quizOpen;
    fitLayout(false);
    setButton();
    emitChange();
  }

  // One-column screens: the panel is a sheet fixed at the bottom (CSS); the
  // stage gets a max-height that keeps the canvas, the caption and the
  // timeline (play controls and scrubber) above it, and the page is scrolled
  // back to the canvas if it is out of view, so the question, the position it
  // asks about and the controls to move on are on screen together. The sheet
  // can be as tall as SHEET of the viewport (it grows with the answer's
  // reason), so that height is what is kept free. On phones the timeline is
  // sticky: while the sheet is up it sticks above the sheet, not under it.
  let resizeHooked = false;
  /** @param {boolean} scroll */
  function fitLayout(scroll) {
    const body = document.body;
    const stage = document.getElementById('stage');
    const sheet = !!(ui && !ui.panel.hidden && state.active && stage && ui.panel.classList.contains('docked') &&
      getComputedStyle(ui.panel).position === 'fixed');
    if (!sheet) {
      delete body.dataset.quizSheet;
      body.style.removeProperty('--quiz-stage-max');
      return;
    }
    if (!resizeHooked) { resizeHooked = true; window.addEventListener('resize', () => fitLayout(false)); }
    body.dataset.quizSheet = '1';
    const free = window.innerHeight * (1 - SHEET) - 8; // above the sheet at its tallest
    const timeline = document.getElementById('timeline');
    const sr = stage.getBoundingClientRect();
    // the caption and the timeline under the stage, where the flow of the
    // page puts them (a sticky timeline is measured unstuck)
    let below = 0;
    if (timeline) {
      const pos = timeline.style.position;
      timeline.style.position = 'static';
      below = Math.max(0, timeline.getBoundingClientRect().bottom - sr.bottom);
      timeline.style.position = pos;
    }
    const top = sr.top + window.scrollY; // in the page
    // Below the header if the stage keeps a fair size there, else the header
    // scrolled away and the stage as tall as what is left.
    const atTop = Math.floor(free - top - below - 4);
    const fitsAtTop = atTop >= FAIR_STAGE;
    const room = fitsAtTop ? atTop : Math.max(MIN_STAGE, Math.floor(free - below - 8));
    body.style.setProperty('--quiz-stage-max', room + 'px');
    if (scroll) {
      const r = stage.getBoundingClientRect();
      if (r.top < 0 || r.bottom + below > free) {
        window.scrollTo({ top: fitsAtTop ? 0 : Math.max(0, top - 4), behavior: 'instant' });
      }
    }
  }

  /** @type {HTMLButtonElement | null} */
  let button = null;
  function setButton() {
    if (button) button.setAttribute('aria-pressed', state.active ? 'true' : 'false');
  }

  /** @type {QuizApi} */
  const api = {
    start, stop,
    next() { next_(); },
    answer,
    get active() { return state.active; },
    get scanning() { return state.scanning; },
    get finished() { return state.finished; },
    get score() { return { ...state.score }; },
    get current() {
      const c = state.cur;
      if (!c) return null;
      const q = c.qs[c.k];
      return {
        step: c.step, index: c.k, count: c.qs.length, question: q.question,
        options: q.options.map((o) => o.label), answered: c.answered, skipped: c.skipped, chosen: c.chosen,
        // the engine's labels of the options (the moves' names are in options)
        keys: q.options.map((o) => (o.key === null || o.key === undefined ? null : String(o.key))),
        // the right option is known to the page only once answered
        correct: c.answered ? q.options.findIndex((o) => o.correct) : null,
        reason: c.answered ? q.reason : null,
        // what the chosen option and the rule's choice are worth (once answered)
        compare: c.answered ? compareText(q, c.chosen).compare || null : null,
        prefer: c.answered ? compareText(q, c.chosen).prefer || null : null,
      };
    },
  };
  quizApi = api;
  if (typeof document === 'undefined') return; // node (assign.js's pure part)

  function setup() {
    const tools = document.getElementById('teach-tools');
    if (tools && ds()) {
      addStrings();
      button = h('button', { type: 'button', id: 'quiz-open', class: 'toggle', 'aria-pressed': 'false', i18n: 'quiz.button' });
      button.addEventListener('click', () => (state.active ? stop() : start()));
      tools.append(button);
    }
    // &quiz=1 in the main page's hash starts it too (embed.js calls start()
    // itself, or loads this file with &quiz=1 in its own hash).
    if (/(^|[#&])quiz=1(&|$)/.test(location.hash)) {
      const d = ds();
      if (d && d.ready) d.ready.then(start, () => {});
      else start();
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
}());
export { quizApi as default };
