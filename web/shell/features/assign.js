// assign.js - assignments a teacher can collect (docs/teaching.md, "Assignments").
//
//   * A teacher makes a link (Assignment in the toolbar): "answer N quiz
//     questions" or "play seat S" of the game shown (its sample, seed or input;
//     goudan: its query). The link is the page with &assign=CODE.
//   * The student's page runs it (the quiz of quiz.js, play mode of play.js,
//     through their documented APIs) and ends with a result card: the score,
//     the answers or moves that differed from the rule, with the engine's own
//     words for them (the assessment of the decision record), and in goudan
//     the win chance lost.
//   * "Hand in" gives a link (&handin=CODE) and the code itself: the
//     assignment and the student's answers or moves, never a verdict. The
//     teacher's page replays them through the same quiz / play mode, so the
//     engine computes the score again; a score written into the link
//     (&score=) is only compared with it.
// Nothing leaves the browser: the codes are text the student copies.
//
// Codes (URL-safe, readable):
//   assignment  Q.<game>.<source>.n<N>[.q<query>.k<qseed>][.p<pass>]    quiz
//               P.<game>.<source>.t<seat>[.q<query>.k<qseed>][.p<pass>] play
//               source: s<sample> | r<seed> | i<base64url of the input text>
//   hand-in     <assignment>~<work>
//               quiz: <step base 36>.<question>.<option>,...  (options as the quiz numbers them)
//               play: the learner's moves that differed from the rule, as a
//               variation I:LABEL,... (every other move is the rule's: play
//               mode plays the rule's move for a move that matched it)
// window.deckscope.assign: encode, decode, handinCode, parseHandin (pure);
// run(code, {resume, progress, done}), replay(handin), result, current.
'use strict';
import { dsGames } from '../games/index.js';
import quiz from './quiz.js';
import dsNarrate from '../core/narrate.js';
import { dsv } from '../core/binding.js';

/**
 * An assignment (docs/teaching.md, "Assignments"), as check() returns it: a quiz of n
 * questions or a seat to play, of a game's input (goudan: its query and playout seed).
 * @typedef {QuizAssignment | PlayAssignment} Assignment
 */
/** @typedef {AssignmentBase & {kind: 'quiz', n: number}} QuizAssignment */
/** @typedef {AssignmentBase & {kind: 'play', seat: string}} PlayAssignment */
/**
 * @typedef {object} AssignmentBase
 * @property {string} game
 * @property {DeckscopeSource} source
 * @property {number} pass  the pass mark, 0..100
 * @property {number} [query]  goudan: the query (1-based)
 * @property {number} [qseed]  goudan: the playout seed
 */
/** A quiz answer of a hand-in: the step, the question of the step, the option (as the quiz numbers them). @typedef {{step: number, k: number, j: number}} QuizWork */
/** A move of a hand-in that differed from the rule: [event, label]. @typedef {[number, string]} PlayMove */
/** A hand-in: the assignment's code, the assignment and the work. @typedef {{code: string, assignment: Assignment, work: QuizWork[] | PlayMove[]}} Handin */
/** A quiz answer as the result card shows it. @typedef {QuizWork & {correct: number | null, question: string, mine: string, rule: string, compare: string | null, prefer: string | null}} QuizItem */
/**
 * A move that differed from the rule, in the engine's words (its assessment of the move).
 * @typedef {{i: number, label: string, rule: string, mine: string, ruleName: string, text: string, cmp: string, by: number | null | undefined,
 *   loss: number | undefined, verdict: string | undefined, caption: string}} PlayItem
 */
/** @typedef {{kind: 'quiz', right: number, answered: number, n: number, score: number, wrong: QuizItem[], items: QuizItem[]}} QuizResult */
/**
 * @typedef {{kind: 'play', moves: number, matched: number, seat: string, score: number, wrong: PlayItem[], outcome: string, mainOutcome: string,
 *   totalLoss?: number, maxLoss?: number}} PlayResult
 */
/** The result card's content. @typedef {QuizResult | PlayResult} AssignResult */
/**
 * What a run reports to its caller (scorm.js): resume {work, at} continues a run
 * (at: play's next decision), progress and done are called as the student goes.
 * @typedef {object} RunHooks
 * @property {unknown} [resume]  {work: a hand-in's work text, at?: number}
 * @property {(p: {work: string, at: number | undefined}) => void} [progress]
 * @property {(r: {score: number, pass: number, work: string, result: AssignResult}) => void} [done]
 */
/**
 * window.deckscope.assign: the codes (pure), and the page's run and replay.
 * @typedef {object} AssignApi
 * @property {(a: unknown) => string} encode
 * @property {(code: unknown) => Assignment} decode
 * @property {(a: unknown) => Assignment} check
 * @property {(assignCode: string, kind: 'quiz' | 'play', work: QuizWork[] | PlayMove[]) => string} handinCode
 * @property {(text: unknown) => Handin} parseHandin
 * @property {(kind: 'quiz' | 'play', work: QuizWork[] | PlayMove[]) => string} workText
 * @property {(kind: 'quiz' | 'play', text: string) => QuizWork[] | PlayMove[]} parseWork
 * @property {(code: unknown, hooks?: RunHooks) => Promise<void>} [run]
 * @property {(text: string, claimed: unknown) => Promise<AssignResult>} [replay]
 * @property {AssignResult | null} [result]
 * @property {(Assignment & {code: string, mode: 'student' | 'teacher' | null}) | null} [current]
 * @property {{code: string, link: string} | null} [handin]
 * @property {number} [answered]
 * @property {string | null} [made]
 */

/** @typedef {import('./quiz.js').QuizApi} QuizApi */
/** @typedef {import('./quiz.js').QuizCurrent} QuizCurrent */

/** @type {AssignApi | null} */
let assignApi = null;

(function () {
  const GAMES = dsGames.ids; // games.js: the one list (loaded before this script)
  const MAX_N = 50;

  const b64u = {
    /** @param {string} s */
    enc(s) {
      const bytes = new TextEncoder().encode(s);
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    },
    /** @param {string} s */
    dec(s) {
      const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    },
  };
  /** A code that cannot be read: its message says why, in English. */
  class AssignError extends Error {
    /** @param {string} msg */
    constructor(msg) { super(msg); this.assign = true; }
  }
  /** @param {string} msg @returns {never} */
  function fail(msg) { throw new AssignError(msg); }
  /** @param {unknown} e @returns {string} an error's message */
  const messageOf = (e) => (e instanceof Error ? e.message : String(e));

  // ---- codes (pure) ------------------------------------------------------------------
  /** @param {unknown} a */
  function encode(a) {
    const spec = check(a);
    const p = [spec.kind === 'quiz' ? 'Q' : 'P', spec.game];
    if ('sample' in spec.source) p.push('s' + spec.source.sample);
    else if ('seed' in spec.source) p.push('r' + spec.source.seed);
    else p.push('i' + b64u.enc(spec.source.input));
    p.push(spec.kind === 'quiz' ? 'n' + spec.n : 't' + spec.seat);
    if (dsGames.queries(spec.game) && (spec.query || 1) !== 1) p.push('q' + spec.query);
    if (dsGames.queries(spec.game) && (spec.qseed || 1) !== 1) p.push('k' + spec.qseed);
    if (spec.pass !== 60) p.push('p' + spec.pass);
    return p.join('.');
  }

  /** @param {unknown} x @param {number} lo @param {number} hi @returns {x is number} */
  const whole = (x, lo, hi) => typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;
  /** @param {unknown} a0 @returns {Assignment} */
  function check(a0) {
    if (!a0 || typeof a0 !== 'object') fail('not an assignment');
    const a = /** @type {Record<string, unknown>} */ (a0);
    const kind = a.kind;
    if (kind !== 'quiz' && kind !== 'play') fail('an assignment is a quiz or a game to play');
    const game = a.game;
    if (typeof game !== 'string' || !GAMES.includes(game)) fail(`unknown game: ${game}`);
    /** @type {Record<string, unknown>} */
    const s = a.source && typeof a.source === 'object' ? /** @type {Record<string, unknown>} */ (a.source) : {};
    /** @type {DeckscopeSource} */
    let source;
    if (whole(s.sample, 1, 1000)) source = { sample: s.sample };
    else if (whole(s.seed, 0, 2 ** 32)) source = { seed: s.seed };
    else if (typeof s.input === 'string' && s.input.length && s.input.length <= 4500) source = { input: s.input };
    else fail('the source is a sample, a seed or an input text (at most 4500 characters)');
    const pass = a.pass === undefined ? 60 : a.pass;
    if (!whole(pass, 0, 100)) fail('the pass mark is 0..100');
    /** @type {Assignment} */
    let out;
    if (kind === 'quiz') {
      if (!whole(a.n, 1, MAX_N)) fail(`the number of questions is 1..${MAX_N}`);
      out = { kind, game, source, pass, n: a.n };
    } else {
      if (!/^[A-Za-z0-9]{1,12}$/.test(String(a.seat || ''))) fail('a seat is a number or a letter');
      out = { kind, game, source, pass, seat: String(a.seat) };
    }
    if (dsGames.queries(game)) {
      const query = a.query === undefined ? 1 : a.query;
      const qseed = a.qseed === undefined ? 1 : a.qseed;
      if (!whole(query, 1, 1e7) || !whole(qseed, 0, 2 ** 32)) fail('bad goudan query or playout seed');
      out.query = query;
      out.qseed = qseed;
    }
    return out;
  }

  /** @param {unknown} code */
  function decode(code) {
    const parts = String(code || '').trim().split('.');
    if (parts.length < 4 || (parts[0] !== 'Q' && parts[0] !== 'P')) fail('not an assignment code');
    /** @type {Record<string, unknown>} */
    const a = { kind: parts[0] === 'Q' ? 'quiz' : 'play', game: parts[1] };
    /** @param {string} s */
    const num = (s) => (/^\d+$/.test(s) ? Number(s) : NaN);
    const src = parts[2];
    if (src[0] === 's') a.source = { sample: num(src.slice(1)) };
    else if (src[0] === 'r') a.source = { seed: num(src.slice(1)) };
    else if (src[0] === 'i') { try { a.source = { input: b64u.dec(src.slice(1)) }; } catch (e) { fail('the input in the code is damaged'); } }
    else fail('the code names no input');
    for (const f of parts.slice(3)) {
      const k = f[0], v = f.slice(1);
      if (k === 'n') a.n = num(v);
      else if (k === 't') a.seat = v;
      else if (k === 'q') a.query = num(v);
      else if (k === 'k') a.qseed = num(v);
      else if (k === 'p') a.pass = num(v);
      else fail(`unknown part of the code: ${f}`);
    }
    return check(a);
  }

  // A label in a code: URL-safe, ':' and ',' reserved for the list.
  /** @param {string} l */
  const encLabel = (l) => encodeURIComponent(l).replace(/[!'()*~.]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  // The work's text: a quiz's answers or the moves of a play (kind: the
  // assignment's; each item's shape says the same).
  /** @param {'quiz' | 'play'} kind @param {QuizWork[] | PlayMove[]} work */
  function workText(kind, work) {
    /** @param {QuizWork | PlayMove} w */
    const one = (w) => (Array.isArray(w) ? `${w[0]}:${encLabel(w[1])}` : `${w.step.toString(36)}.${w.k}.${w.j}`);
    return work.map(one).join(',');
  }
  /** @param {string} text @returns {QuizWork[]} */
  function quizWork(text) {
    if (!text) return [];
    return text.split(',').map((part) => {
      const m = /^([0-9a-z]+)\.(\d+)\.(\d+)$/.exec(part);
      if (!m) fail(`damaged answer in the hand-in: ${part}`);
      return { step: parseInt(m[1], 36), k: Number(m[2]), j: Number(m[3]) };
    });
  }
  /** @param {string} text @returns {PlayMove[]} */
  function playWork(text) {
    if (!text) return [];
    return text.split(',').map((part) => {
      const m = /^(\d+):(.+)$/.exec(part);
      if (!m) fail(`damaged move in the hand-in: ${part}`);
      let l;
      try { l = decodeURIComponent(m[2]); } catch (e) { fail(`damaged move in the hand-in: ${part}`); }
      return [Number(m[1]), l];
    });
  }
  /** @param {'quiz' | 'play'} kind @param {string} text */
  function parseWork(kind, text) { return kind === 'quiz' ? quizWork(text) : playWork(text); }
  /** @param {string} assignCode @param {'quiz' | 'play'} kind @param {QuizWork[] | PlayMove[]} work */
  function handinCode(assignCode, kind, work) { return `${assignCode}~${workText(kind, work)}`; }
  // A hand-in read: its assignment with the work of that kind.
  /**
   * @param {unknown} text
   * @returns {{kind: 'quiz', code: string, assignment: QuizAssignment, work: QuizWork[]} | {kind: 'play', code: string, assignment: PlayAssignment, work: PlayMove[]}}
   */
  function readHandin(text) {
    let s = String(text || '').trim();
    const m = /(?:^|[#&?])handin=([^&#\s]+)/.exec(s);
    if (m) s = m[1]; // as written: the labels in it are still %-encoded
    const k = s.indexOf('~');
    if (k < 0) fail('not a hand-in code (it has an assignment code, "~" and the work)');
    const code = s.slice(0, k);
    const a = decode(code);
    return a.kind === 'quiz' ? { kind: a.kind, code, assignment: a, work: quizWork(s.slice(k + 1)) }
      : { kind: a.kind, code, assignment: a, work: playWork(s.slice(k + 1)) };
  }
  /** @param {unknown} text @returns {Handin} */
  function parseHandin(text) {
    const { code, assignment, work } = readHandin(text);
    return { code, assignment, work };
  }

  /** @type {AssignApi} */
  const pure = { encode, decode, check, handinCode, parseHandin, workText, parseWork };
  assignApi = pure;
  if (typeof document === 'undefined') return;

  // ---- the page ------------------------------------------------------------------------
  /** @returns {Deckscope} */
  const ds = () => window.deckscope;
  /** @returns {QuizApi} */
  const Q = () => {
    if (!quiz) throw new Error('assign.js: quiz.js is not loaded');
    return quiz;
  };
  /** a win chance lost, as play mode writes it (core/narrate.js) @param {number | undefined} x */
  const pct = (x) => dsNarrate.percent(x);

  // The decision record of event i of the line shown (the engine's JSON).
  /** @param {number} i @returns {DeckscopeEvent | null} */
  function eventAt(i) {
    try {
      const s = dsv(ds().module).event_json(i);
      return s ? JSON.parse(s) : null;
    } catch (e) { return null; }
  }
  /** A move by its name in event ev's record (core/i18n.js). @param {DeckscopeEvent | null} ev @param {string} label */
  const nameIn = (ev, label) => ds().i18n.moveName(ev && ev.decision, label);

  // Waits for the quiz to be in a state (its 'deckscope-quiz' events), at most ms.
  /** @param {(c: QuizCurrent) => boolean} pred @param {number} [ms] @returns {Promise<QuizCurrent>} */
  function quizWhen(pred, ms) {
    return new Promise((res, rej) => {
      const test = () => { const c = Q().current; if (c && pred(c)) { done(); res(c); return true; } return false; };
      const on = () => test();
      const timer = setTimeout(() => { done(); rej(new Error('the quiz did not reach the answer\'s question')); }, ms || 30000);
      const done = () => { clearTimeout(timer); document.removeEventListener('deckscope-quiz', on); };
      document.addEventListener('deckscope-quiz', on);
      if (test()) return;
      // the quiz reports "no more questions" as finished
      const poll = setInterval(() => { if (!Q().active || Q().finished) { clearInterval(poll); if (!test()) { done(); rej(new Error('no such question in this game')); } } }, 200);
      setTimeout(() => clearInterval(poll), ms || 30000);
    });
  }

  // Loads the assignment's game, unless it is the one shown.
  /** @param {Assignment} a */
  async function loadGame(a) {
    const d = ds();
    await d.ready;
    const src = d.source || {};
    const same = d.game === a.game && JSON.stringify(src) === JSON.stringify(a.source);
    if (!same || d.variation.length) await d.load({ game: a.game, ...a.source });
    if (dsGames.queries(a.game) && a.query !== undefined && (d.query !== a.query || a.qseed !== 1)) {
      await d.selectQuery(a.query, a.qseed);
    }
  }

  // One quiz answer, played through the quiz (the teacher's replay and a resume):
  // the quiz is put on the step, its question k is answered with option j.
  /** @param {QuizWork} w @param {QuizWork | null} prev */
  async function quizAnswer(w, prev) {
    const quiz = Q();
    if (!prev || prev.step !== w.step) {
      quiz.stop();
      ds().seek(w.step, false);
      await quiz.start();
    } else if (w.k > 0) quiz.next();
    const c = await quizWhen((c) => c.step >= w.step && !c.answered && !c.skipped && c.index === w.k);
    if (c.step !== w.step) fail(`there is no question at step ${w.step} of this game`);
    if (!(w.j >= 0 && w.j < c.options.length)) fail(`question at step ${w.step} has no option ${w.j + 1}`);
    quiz.answer(w.j);
    const answered = quiz.current;
    if (!answered) fail(`the quiz left the question at step ${w.step}`);
    return answered;
  }

  /** @param {QuizAssignment} a @param {QuizItem[]} answered @returns {QuizResult} */
  function quizResult(a, answered) {
    const right = answered.filter((x) => x.correct === x.j).length;
    const total = Math.max(a.n, answered.length) || 1;
    return {
      kind: 'quiz', right, answered: answered.length, n: a.n,
      score: Math.round((100 * right) / total),
      wrong: answered.filter((x) => x.correct !== x.j),
      items: answered,
    };
  }

  /** @param {Assignment} a @param {DeckscopeSummary} sum @returns {PlayResult} */
  function playResult(a, sum) {
    const d = ds();
    const moves = sum.moves || 0;
    const diff = sum.history.filter((m) => !m.match).map((m) => {
      const ev = eventAt(m.i);
      const as = ev && ev.decision && ev.decision.assessment;
      return {
        i: m.i, label: m.label, rule: m.rule, mine: nameIn(ev, m.label), ruleName: nameIn(ev, m.rule),
        text: as && as.text ? String(as.text) : '', cmp: as ? as.cmp : '', by: as ? as.by : undefined,
        loss: m.loss, verdict: m.verdict, caption: d.captionAt ? String(d.captionAt(m.i + 1) || '') : '',
      };
    });
    /** @type {PlayResult} */
    const r = {
      kind: 'play', moves, matched: sum.matched, seat: sum.seat,
      score: moves ? Math.round((100 * sum.matched) / moves) : 100,
      wrong: diff, outcome: sum.outcome, mainOutcome: sum.mainOutcome,
    };
    if (dsGames.get(a.game)?.play.losses) Object.assign(r, { totalLoss: sum.totalLoss, maxLoss: sum.maxLoss });
    return r;
  }

  // Plays a seat through play mode with the given forced moves (every other
  // move is the rule's), up to decision `upto` (exclusive; Infinity: the end).
  /** @param {PlayAssignment} a @param {PlayMove[]} forced @param {number} upto */
  async function playMoves(a, forced, upto) {
    const d = ds();
    const want = new Map(forced);
    let p = await d.playAs(a.seat, { instant: true });
    while (p && p.i < upto) {
      const l = want.get(p.i) ?? p.chosen;
      if (!p.labels.includes(l)) fail(`the move ${l} is not one of the choices at event ${p.i}`);
      want.delete(p.i);
      p = await d.choose(l);
    }
    if (upto === Infinity && want.size) fail(`the hand-in has moves the game never asks for (event ${[...want.keys()][0]})`);
    return p;
  }

  // ---- state and the panel -------------------------------------------------------------
  /**
   * @type {{mode: 'student' | 'teacher' | null, code: string, a: Assignment | null, answered: QuizItem[],
   *   result: AssignResult | null, handin: {code: string, link: string} | null, hooks: RunHooks | null,
   *   claimed: unknown, error: string, title: string, busy: boolean,
   *   work?: QuizItem[] | PlayMove[], movesMade?: number, lastPending?: number, made?: string}}
   */
  const S = {
    mode: null,
    code: '', a: null, answered: [], result: null, handin: null, hooks: null,
    claimed: null, error: '', title: '', busy: false,
  };
  /** The assignment run or replayed (run() and replay() set it before anything reads it). */
  function assignment() {
    if (!S.a) throw new Error('assign.js: no assignment is open');
    return S.a;
  }
  /** The panel's elements. @typedef {{panel: HTMLElement, head: HTMLHeadingElement, task: HTMLParagraphElement, progress: HTMLParagraphElement, startBtn: HTMLButtonElement, card: HTMLDivElement}} AssignUi */
  /** @type {AssignUi | null} */
  let ui = null;

  /** @param {DsI18n} i18n */
  function strings(i18n) {
    i18n.add({
      en: {
        'assign.button': 'Assignment',
        'assign.title': 'Make an assignment link for students, or open a student’s hand-in',
        'assign.head': 'Assignment',
        'assign.kind': 'Students',
        'assign.kindQuiz': 'answer quiz questions',
        'assign.kindPlay': 'play a seat of this game',
        'assign.n': 'Questions',
        'assign.seat': 'Seat',
        'assign.pass': 'Pass mark (%)',
        'assign.of': 'Of the game shown: {game}, {source}.',
        'assign.make': 'Make link',
        'assign.link': 'Link for students',
        'assign.code': 'Code',
        'assign.copy': 'Copy',
        'assign.copied': 'Copied.',
        'assign.lms': 'Download for LMS',
        'assign.open': 'Open a hand-in',
        'assign.openHint': 'Paste a student’s hand-in link or code.',
        'assign.openBtn': 'Open',
        'assign.close': 'Close',
        'assign.taskQuiz': 'Assignment: answer {n} quiz questions of this game.',
        'assign.taskPlay': 'Assignment: play seat {seat} of this game.',
        'assign.start': 'Start',
        'assign.progressQuiz': '{k} of {n} answered.',
        'assign.progressPlay': '{k} moves made.',
        'assign.result': 'Result',
        'assign.score': 'Score: {score} / 100',
        'assign.passed': 'passed (pass mark {pass})',
        'assign.failed': 'not passed (pass mark {pass})',
        'assign.quizRight': '{right} of {total} answers right.',
        'assign.playMatched': '{matched} of {moves} moves as the rule plays.',
        'assign.lost': 'Win chance lost: {total} in all, {max} at most.',
        'assign.allRight': 'Every answer as the rule.',
        'assign.allMatched': 'Every move as the rule.',
        'assign.diffHead': 'What differed from the rule',
        'assign.qItem': 'Step {step}: {question} You answered {mine}; the rule: {rule}.',
        'assign.pItem': 'Step {step}: your move: {mine}; the rule\'s move: {rule}.',
        'assign.pLoss': 'Win chance lost: {loss} ({verdict}).',
        'assign.handin': 'Hand in',
        'assign.handinHint': 'Send this link (or the code) to your teacher: it holds your answers, and the teacher’s page replays them.',
        'assign.teacherHead': 'Handed-in work, replayed by the engine',
        'assign.replaying': 'Replaying the work…',
        'assign.claimedSame': 'The score in the link ({claimed}) is the replayed one.',
        'assign.claimedDiff': 'The link says {claimed}; the engine’s replay gives {score}. The replayed score counts.',
        'assign.bad': 'This assignment cannot be opened: {msg}',
        'assign.badHandin': 'This hand-in cannot be opened: {msg}',
        'assign.sample': 'sample {n}',
        'assign.seed': 'seed {n}',
        'assign.input': 'a pasted input',
      },
      zh: {
        'assign.button': '作业',
        'assign.title': '为学生生成作业链接，或打开学生提交的作业',
        'assign.head': '作业',
        'assign.kind': '学生要',
        'assign.kindQuiz': '回答测验题',
        'assign.kindPlay': '在本局中坐一个座位下棋',
        'assign.n': '题数',
        'assign.seat': '座位',
        'assign.pass': '及格线（%）',
        'assign.of': '所用对局：{game}，{source}。',
        'assign.make': '生成链接',
        'assign.link': '给学生的链接',
        'assign.code': '代码',
        'assign.copy': '复制',
        'assign.copied': '已复制。',
        'assign.lms': '下载 LMS 包',
        'assign.open': '打开提交的作业',
        'assign.openHint': '粘贴学生提交的链接或代码。',
        'assign.openBtn': '打开',
        'assign.close': '关闭',
        'assign.taskQuiz': '作业：回答本局的 {n} 道测验题。',
        'assign.taskPlay': '作业：在本局中坐座位 {seat}。',
        'assign.start': '开始',
        'assign.progressQuiz': '已答 {k} / {n} 题。',
        'assign.progressPlay': '已走 {k} 步。',
        'assign.result': '结果',
        'assign.score': '得分：{score} / 100',
        'assign.passed': '及格（及格线 {pass}）',
        'assign.failed': '未及格（及格线 {pass}）',
        'assign.quizRight': '{total} 题中答对 {right} 题。',
        'assign.playMatched': '{moves} 步中有 {matched} 步与规则相同。',
        'assign.lost': '损失的胜率：共 {total}，单步最多 {max}。',
        'assign.allRight': '每题都与规则相同。',
        'assign.allMatched': '每步都与规则相同。',
        'assign.diffHead': '与规则不同之处',
        'assign.qItem': '第 {step} 步：{question} 你的回答：{mine}；规则：{rule}。',
        'assign.pItem': '第 {step} 步：你的选择：{mine}；规则的选择：{rule}。',
        'assign.pLoss': '损失的胜率：{loss}（{verdict}）。',
        'assign.handin': '提交',
        'assign.handinHint': '把这个链接（或代码）发给老师：其中是你的答案，老师的页面会重放它们。',
        'assign.teacherHead': '提交的作业（由引擎重放）',
        'assign.replaying': '正在重放…',
        'assign.claimedSame': '链接中的分数（{claimed}）与重放结果相同。',
        'assign.claimedDiff': '链接中写的是 {claimed}；引擎重放得到 {score}。以重放的分数为准。',
        'assign.bad': '无法打开此作业：{msg}',
        'assign.badHandin': '无法打开此提交：{msg}',
        'assign.sample': '样例 {n}',
        'assign.seed': '种子 {n}',
        'assign.input': '粘贴的输入',
      },
    });
  }

  function buildPanel() {
    if (ui) return ui;
    const d = ds(), h = d.i18n.el;
    const panel = h('section', { class: 'panel assign-panel', id: 'assign-panel', 'aria-labelledby': 'assign-panel-head', hidden: true });
    const head = h('h2', { id: 'assign-panel-head' });
    const task = h('p', { id: 'assign-task' });
    const progress = h('p', { id: 'assign-progress', class: 'hint', role: 'status', 'aria-live': 'polite' });
    const startBtn = h('button', { type: 'button', id: 'assign-start', class: 'primary', i18n: 'assign.start' });
    const card = h('div', { id: 'assign-result', class: 'assign-result' });
    panel.append(head, task, startBtn, progress, card);
    const side = document.querySelector('.side-col');
    if (side) side.prepend(panel); else document.body.append(panel);
    ui = { panel, head, task, progress, startBtn, card };
    startBtn.addEventListener('click', () => begin().catch((e) => showError('assign.bad', e)));
    return ui;
  }

  /** @param {string} key @param {unknown} e */
  function showError(key, e) {
    const ui = buildPanel();
    S.error = ds().i18n.t(key, { msg: e instanceof Error && e.message ? e.message : String(e) });
    ui.panel.hidden = false;
    ui.card.textContent = '';
    ui.card.append(ds().i18n.el('p', { class: 'input-error', role: 'alert', text: S.error }));
    ui.startBtn.hidden = true;
  }

  /** @param {Assignment} a */
  function taskText(a) {
    const t = ds().i18n.t;
    return a.kind === 'quiz' ? t('assign.taskQuiz', { n: a.n }) : t('assign.taskPlay', { seat: a.seat });
  }

  function renderProgress() {
    const a = S.a;
    if (!ui || !a || S.mode !== 'student' || S.result) return;
    const t = ds().i18n.t;
    if (a.kind === 'quiz') ui.progress.textContent = t('assign.progressQuiz', { k: S.answered.length, n: a.n });
    else {
      const p = ds().pending;
      ui.progress.textContent = p ? t('assign.progressPlay', { k: S.movesMade || 0 }) : '';
    }
  }

  // The result card: the score and what differed, in the engine's words.
  /** @param {AssignResult} r @param {HTMLElement} box */
  function renderResult(r, box) {
    const d = ds(), t = d.i18n.t, h = d.i18n.el;
    box.textContent = '';
    box.append(h('h3', { i18n: 'assign.result' }));
    const pass = assignment().pass;
    box.append(h('p', { class: 'assign-score', id: 'assign-score', 'data-score': String(r.score) },
      h('strong', { text: t('assign.score', { score: r.score }) }), ' · ',
      h('span', { text: t(r.score >= pass ? 'assign.passed' : 'assign.failed', { pass }) })));
    if (r.kind === 'quiz') {
      box.append(h('p', { text: t('assign.quizRight', { right: r.right, total: Math.max(r.n, r.answered) }) }));
    } else {
      box.append(h('p', { text: t('assign.playMatched', { matched: r.matched, moves: r.moves }) }));
      if (r.totalLoss !== undefined) box.append(h('p', { id: 'assign-lost', text: t('assign.lost', { total: pct(r.totalLoss), max: pct(r.maxLoss) }) }));
    }
    if (!r.wrong.length) {
      box.append(h('p', { text: t(r.kind === 'quiz' ? 'assign.allRight' : 'assign.allMatched') }));
      return;
    }
    box.append(h('h4', { i18n: 'assign.diffHead' }));
    const list = h('ol', { class: 'assign-diff', id: 'assign-diff' });
    /** @param {number} step */
    const item = (step) => [h('li', { 'data-step': String(step) }), h('button', { type: 'button', class: 'link' })];
    if (r.kind === 'quiz') {
      for (const w of r.wrong) {
        const [li, go] = item(w.step);
        go.textContent = t('assign.qItem', { step: w.step, question: w.question, mine: w.mine, rule: w.rule });
        go.addEventListener('click', () => ds().seek(w.step, false));
        li.append(go);
        for (const s of [w.compare, w.prefer]) if (s) li.append(h('p', { class: 'hint', text: s }));
        list.append(li);
      }
    } else {
      for (const w of r.wrong) {
        const [li, go] = item(w.i);
        go.textContent = t('assign.pItem', { step: w.i, mine: w.mine, rule: w.ruleName });
        go.addEventListener('click', () => ds().seek(w.i + 1, false));
        li.append(go);
        if (w.text) li.append(h('p', { class: 'hint assign-assessment', text: w.text }));
        if (w.loss !== undefined && !w.text) li.append(h('p', { class: 'hint', text: t('assign.pLoss', { loss: pct(w.loss), verdict: w.verdict }) }));
        list.append(li);
      }
    }
    box.append(list);
  }

  /** @param {string} label @param {string} value @param {string} id */
  function copyRow(label, value, id) {
    const d = ds(), h = d.i18n.el, t = d.i18n.t;
    const field = h('input', { type: 'text', readonly: true, id, value, 'aria-label': t(label) });
    field.value = value;
    const btn = h('button', { type: 'button', i18n: 'assign.copy' });
    const said = h('span', { class: 'hint', role: 'status' });
    btn.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(value); said.textContent = t('assign.copied'); } catch (e) { field.select(); }
    });
    return h('label', { class: 'field' }, h('span', { i18n: label }), h('span', { class: 'input-row' }, field, btn, said));
  }

  /** @param {Assignment} a @param {string} extra */
  function pageLink(a, extra) {
    const base = location.href.replace(/#.*$/, '');
    const src = 'sample' in a.source ? `sample=${a.source.sample}` : 'seed' in a.source ? `seed=${a.source.seed}` : '';
    return `${base}#game=${a.game}${src ? '&' + src : ''}&lang=${ds().i18n.lang}&${extra}`;
  }

  /** @param {AssignResult} r @param {QuizItem[] | PlayMove[]} work */
  function finishStudent(r, work) {
    const a = assignment();
    const ui = buildPanel();
    S.result = r;
    S.work = work;
    const hc = handinCode(S.code, a.kind, work);
    const handin = { code: hc, link: pageLink(a, `handin=${hc}&score=${r.score}`) };
    S.handin = handin;
    ui.progress.textContent = '';
    const d = ds(), h = d.i18n.el;
    const res = h('div', { id: 'assign-card' });
    ui.card.replaceChildren(res);
    renderResult(r, res);
    const box = h('div', { id: 'assign-handin', hidden: true },
      h('p', { class: 'hint', i18n: 'assign.handinHint' }),
      copyRow('assign.link', handin.link, 'assign-handin-link'),
      copyRow('assign.code', handin.code, 'assign-handin-code'));
    const btn = h('button', { type: 'button', id: 'assign-handin-btn', class: 'primary', i18n: 'assign.handin' });
    btn.addEventListener('click', () => { box.hidden = false; btn.hidden = true; });
    ui.card.append(btn, box);
    if (S.hooks && S.hooks.done) S.hooks.done({ score: r.score, pass: a.pass, work: workText(a.kind, work), result: r });
    document.dispatchEvent(new CustomEvent('deckscope-assign', { detail: { state: 'done', score: r.score } }));
  }

  // ---- the student's run -----------------------------------------------------------------
  // A run's saved work (scorm.js keeps what progress() gave it): {work, at}.
  /** @param {unknown} resume @returns {{work: string, at: number | undefined} | null} */
  function resumeOf(resume) {
    if (!resume || typeof resume !== 'object') return null;
    const work = 'work' in resume && typeof resume.work === 'string' ? resume.work : '';
    const at = 'at' in resume && typeof resume.at === 'number' ? resume.at : undefined;
    return { work, at };
  }
  /** @param {unknown} code @param {RunHooks} [hooks] */
  async function run(code, hooks) {
    const a = decode(code);
    const d = ds();
    strings(d.i18n);
    Object.assign(S, { mode: 'student', code: encode(a), a, answered: [], result: null, handin: null, hooks: hooks || null, movesMade: 0 });
    const ui = buildPanel();
    ui.panel.hidden = false;
    ui.head.textContent = d.i18n.t('assign.head');
    ui.task.textContent = taskText(a);
    ui.card.textContent = '';
    await loadGame(a);
    const r = resumeOf(hooks && hooks.resume);
    if (r && a.kind === 'quiz') {
      const resume = quizWork(r.work);
      if (resume.length || r.at !== undefined) { await beginQuiz(a, resume); return; }
    } else if (r && a.kind === 'play') {
      const resume = playWork(r.work);
      if (resume.length || r.at !== undefined) { await beginPlay(a, resume, r.at); return; }
    }
    ui.startBtn.hidden = false;
    renderProgress();
  }

  function progress() {
    renderProgress();
    const a = assignment();
    if (S.hooks && S.hooks.progress && !S.result) {
      const w = a.kind === 'quiz' ? S.answered.map(({ step, k, j }) => ({ step, k, j })) : ds().variation;
      const p = ds().pending;
      S.hooks.progress({ work: workText(a.kind, w), at: a.kind === 'play' && p ? p.i : undefined });
    }
  }

  // "Start": the student begins the assignment.
  function begin() {
    const a = assignment();
    return a.kind === 'quiz' ? beginQuiz(a) : beginPlay(a);
  }
  // The quiz, from the first question or after the answers so far (resume).
  /** @param {QuizAssignment} a @param {QuizWork[]} [resume] */
  async function beginQuiz(a, resume) {
    const d = ds();
    buildPanel().startBtn.hidden = true;
    const quiz = Q();
    let prev = null;
    for (const w of resume || []) {
      const c = await quizAnswer(w, prev);
      S.answered.push(quizItem(w, c));
      prev = w;
    }
    if (S.answered.length >= a.n) { finishStudent(quizResult(a, S.answered), S.answered); return; }
    if (!hookedQuiz) { hookedQuiz = true; document.addEventListener('deckscope-quiz', onQuiz); }
    if (prev) quiz.next();
    else { quiz.stop(); d.seek(0, false); await quiz.start(); }
    renderProgress();
  }
  // Play: every move the learner makes goes through play mode's own panel
  // (resume: the moves so far that differed from the rule, up to decision at).
  /** @param {PlayAssignment} a @param {PlayMove[]} [resume] @param {number} [at] */
  async function beginPlay(a, resume, at) {
    const d = ds();
    buildPanel().startBtn.hidden = true;
    if (resume || at !== undefined) await playMoves(a, resume || [], at === undefined ? Infinity : at);
    else await d.playAs(a.seat);
    if (!hookedPlay) { hookedPlay = true; d.on('step', onPlayStep); d.on('variation', onPlayStep); }
    onPlayStep();
  }

  /** @param {QuizWork} w @param {QuizCurrent} c @returns {QuizItem} */
  function quizItem(w, c) {
    return {
      step: w.step, k: w.k, j: w.j, correct: c.correct, question: c.question,
      mine: c.options[w.j], rule: c.correct !== null && c.correct >= 0 ? c.options[c.correct] : '', compare: c.compare, prefer: c.prefer,
    };
  }

  let hookedQuiz = false, hookedPlay = false;
  function onQuiz() {
    const a = S.a;
    if (S.mode !== 'student' || S.result || !a || a.kind !== 'quiz') return;
    const c = Q().current;
    if (c && c.answered && !S.answered.some((x) => x.step === c.step && x.k === c.index)) {
      S.answered.push(quizItem({ step: c.step, k: c.index, j: c.chosen }, c));
      progress();
      if (S.answered.length >= a.n) finishStudent(quizResult(a, S.answered), S.answered.slice());
    } else if (Q().finished && S.answered.length) {
      finishStudent(quizResult(a, S.answered), S.answered.slice());
    }
  }

  /** @type {ReturnType<typeof setTimeout> | 0} */
  let playTimer = 0;
  function onPlayStep() {
    const a = S.a;
    if (S.mode !== 'student' || S.result || !a || a.kind !== 'play') return;
    if (playTimer) return;
    playTimer = setTimeout(() => {
      playTimer = 0;
      const d = ds();
      const sum = d.summary();
      if (sum) { finishStudent(playResult(a, sum), d.variation.slice()); return; }
      const p = d.pending;
      if (p && p.i !== S.lastPending) { S.lastPending = p.i; S.movesMade = (S.movesMade || 0) + (S.lastPending !== undefined ? 1 : 0); progress(); }
    }, 50);
  }

  // ---- the teacher's replay --------------------------------------------------------------
  /** @param {string} text @param {unknown} claimed @returns {Promise<AssignResult>} */
  async function replay(text, claimed) {
    const d = ds();
    strings(d.i18n);
    const h = readHandin(text);
    Object.assign(S, { mode: 'teacher', code: h.code, a: h.assignment, answered: [], result: null, hooks: null, claimed });
    const ui = buildPanel();
    ui.panel.hidden = false;
    ui.startBtn.hidden = true;
    ui.head.textContent = d.i18n.t('assign.teacherHead');
    ui.task.textContent = taskText(h.assignment);
    ui.card.textContent = '';
    ui.progress.textContent = d.i18n.t('assign.replaying');
    await loadGame(h.assignment);
    let r;
    if (h.kind === 'quiz') {
      let prev = null;
      const items = [];
      for (const w of h.work) {
        const c = await quizAnswer(w, prev);
        items.push(quizItem(w, c));
        prev = w;
      }
      Q().stop();
      r = quizResult(h.assignment, items);
    } else {
      await playMoves(h.assignment, h.work, Infinity);
      const sum = d.summary();
      if (!sum) fail('the replayed game did not reach its end');
      r = playResult(h.assignment, sum);
    }
    S.result = r;
    ui.progress.textContent = '';
    const res = d.i18n.el('div', { id: 'assign-card' });
    ui.card.replaceChildren(res);
    renderResult(r, res);
    if (claimed !== null && claimed !== undefined && claimed !== '') {
      const t = d.i18n.t;
      const same = Number(claimed) === r.score;
      ui.card.append(d.i18n.el('p', { id: 'assign-claimed', class: same ? 'hint' : 'input-error', 'data-same': String(same),
        text: same ? t('assign.claimedSame', { claimed }) : t('assign.claimedDiff', { claimed, score: r.score }) }));
    }
    document.dispatchEvent(new CustomEvent('deckscope-assign', { detail: { state: 'replayed', score: r.score } }));
    return r;
  }

  // ---- the teacher's dialog ----------------------------------------------------------------
  function setupDialog() {
    const d = ds(), h = d.i18n.el, t = d.i18n.t;
    const tools = document.getElementById('teach-tools');
    if (!tools) return;
    const kind = h('select', { id: 'assign-kind' },
      h('option', { value: 'quiz', i18n: 'assign.kindQuiz' }), h('option', { value: 'play', i18n: 'assign.kindPlay' }));
    const n = h('input', { type: 'number', id: 'assign-n', min: '1', max: String(MAX_N), value: '5', inputmode: 'numeric' });
    const seat = h('select', { id: 'assign-seat' });
    const pass = h('input', { type: 'number', id: 'assign-pass', min: '0', max: '100', value: '60', inputmode: 'numeric' });
    const of = h('p', { id: 'assign-of', class: 'hint' });
    const nRow = h('label', { class: 'field inline' }, h('span', { i18n: 'assign.n' }), n);
    const seatRow = h('label', { class: 'field inline', hidden: true }, h('span', { i18n: 'assign.seat' }), seat);
    const out = h('div', { id: 'assign-out' });
    const msg = h('p', { id: 'assign-msg', role: 'status', class: 'hint' });
    const make = h('button', { type: 'button', id: 'assign-make', class: 'primary', i18n: 'assign.make' });
    const lms = h('button', { type: 'button', id: 'assign-lms', i18n: 'assign.lms' });
    const paste = h('input', { type: 'text', id: 'assign-paste', autocomplete: 'off', 'aria-label': t('assign.open') });
    const openBtn = h('button', { type: 'button', id: 'assign-open-handin', i18n: 'assign.openBtn' });
    const dlg = h('dialog', { id: 'assign-dialog', 'aria-labelledby': 'assign-dialog-head' },
      h('h2', { id: 'assign-dialog-head', i18n: 'assign.head' }), of,
      h('label', { class: 'field inline' }, h('span', { i18n: 'assign.kind' }), kind),
      nRow, seatRow,
      h('label', { class: 'field inline' }, h('span', { i18n: 'assign.pass' }), pass),
      h('div', { class: 'input-row' }, make, lms), out,
      h('h3', { i18n: 'assign.open' }), h('p', { class: 'hint', i18n: 'assign.openHint' }),
      h('div', { class: 'input-row' }, paste, openBtn), msg,
      h('form', { method: 'dialog' }, h('button', { i18n: 'assign.close' })));
    document.body.append(dlg);
    const seats = () => {
      const g = dsGames.get(d.game); // its seats (games/<id>.js), or one per player of the input
      if (g && g.play.seats) return g.play.seats.slice();
      let k = 2;
      try { k = (JSON.parse(dsv(d.module).state_json(0)).players || []).length || 2; } catch (e) { /* 2 */ }
      return Array.from({ length: k }, (_, i) => String(i + 1));
    };
    // what the dialog says (encode() checks it)
    const spec = () => {
      const src = d.source || {};
      /** @type {{kind: string, game: string | null, source: object, pass: number, n?: number, seat?: string, query?: number}} */
      const a = { kind: kind.value, game: d.game, source: src, pass: Number(pass.value) };
      if (a.kind === 'quiz') a.n = Number(n.value); else a.seat = seat.value;
      if (d.game && dsGames.queries(d.game)) { a.query = d.query || 1; }
      return a;
    };
    const sync = () => { nRow.hidden = kind.value !== 'quiz'; seatRow.hidden = kind.value === 'quiz'; };
    kind.addEventListener('change', sync);
    const btn = h('button', { type: 'button', id: 'assign-open', 'aria-haspopup': 'dialog', 'data-i18n-title': 'assign.title', title: t('assign.title'), i18n: 'assign.button' });
    btn.addEventListener('click', () => {
      seat.replaceChildren(...seats().map((s) => h('option', { value: s, text: s })));
      const src = d.source || { input: '' };
      of.textContent = t('assign.of', { game: t('game.' + d.game),
        source: 'sample' in src ? t('assign.sample', { n: src.sample }) : 'seed' in src ? t('assign.seed', { n: src.seed }) : t('assign.input') });
      out.textContent = '';
      msg.textContent = '';
      sync();
      dlg.showModal();
    });
    make.addEventListener('click', () => {
      msg.textContent = '';
      try {
        const code = encode(spec());
        out.replaceChildren(copyRow('assign.link', pageLink(decode(code), 'assign=' + code), 'assign-link'), copyRow('assign.code', code, 'assign-code'));
        S.made = code;
      } catch (e) { msg.textContent = t('assign.bad', { msg: messageOf(e) }); }
    });
    lms.addEventListener('click', async () => {
      try {
        const a = spec();
        const code = encode(a);
        const mod = await import('./scorm.js'); // scorm.js imports this file
        const scorm = mod.default; // (in a page: with its page part, download among it)
        if (!('download' in scorm)) fail('scorm.js has no page part here');
        else await scorm.download({ assignment: code, title: taskText(decode(code)), mastery: a.pass });
      } catch (e) { msg.textContent = t('assign.bad', { msg: messageOf(e) }); }
    });
    lms.hidden = location.protocol === 'file:';
    openBtn.addEventListener('click', () => {
      const text = paste.value.trim();
      try {
        parseHandin(text);
        dlg.close();
        const m = /[#&?]score=(\d+)/.exec(text);
        replay(text, m ? m[1] : null).catch((e) => showError('assign.badHandin', e));
      } catch (e) { msg.textContent = t('assign.badHandin', { msg: messageOf(e) }); }
    });
    tools.append(btn);
  }

  // The page's hash keeps &assign= / &handin= (app.js rewrites the hash; lesson.js
  // and present.js chain ds.hashExtra the same way).
  /** @param {string} part */
  function keepInHash(part) {
    const d = ds();
    const prev = d.hashExtra;
    d.hashExtra = () => [typeof prev === 'function' ? prev() : '', part].filter(Boolean).join('&');
  }

  function setup() {
    const d = ds();
    if (!d || !d.i18n || !d.on) return;
    strings(d.i18n);
    setupDialog();
    const hash = location.hash;
    const am = /[#&]assign=([^&]+)/.exec(hash);
    const hm = /[#&]handin=([^&]+)/.exec(hash);
    const sm = /[#&]score=([^&]+)/.exec(hash);
    if (hm) {
      const text = hm[1];
      keepInHash('handin=' + hm[1] + (sm ? '&score=' + sm[1] : ''));
      d.ready.then(() => replay(text, sm ? decodeURIComponent(sm[1]) : null)).catch((e) => showError('assign.badHandin', e));
    } else if (am) {
      keepInHash('assign=' + am[1]);
      d.ready.then(() => run(decodeURIComponent(am[1]))).catch((e) => showError('assign.bad', e));
    }
  }

  pure.run = run;
  pure.replay = replay;
  Object.defineProperties(pure, {
    result: { get: () => S.result },
    current: { get: () => (S.a ? { code: S.code, mode: S.mode, ...S.a } : null) },
    handin: { get: () => S.handin },
    answered: { get: () => S.answered.length },
    made: { get: () => S.made || null },
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
export { assignApi as default };
