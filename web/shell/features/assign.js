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
import { dsv } from '../core/binding.js';

let assignApi = null;

(function (root) {
  const GAMES = dsGames.ids; // games.js: the one list (loaded before this script)
  const MAX_N = 50;

  const b64u = {
    enc(s) {
      const bytes = new TextEncoder().encode(s);
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    },
    dec(s) {
      const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    },
  };
  function fail(msg) { const e = new Error(msg); e.assign = true; throw e; }

  // ---- codes (pure) ------------------------------------------------------------------
  function encode(a) {
    const spec = check(a);
    const p = [spec.kind === 'quiz' ? 'Q' : 'P', spec.game];
    if (spec.source.sample !== undefined) p.push('s' + spec.source.sample);
    else if (spec.source.seed !== undefined) p.push('r' + spec.source.seed);
    else p.push('i' + b64u.enc(spec.source.input));
    p.push(spec.kind === 'quiz' ? 'n' + spec.n : 't' + spec.seat);
    if (dsGames.queries(spec.game) && (spec.query || 1) !== 1) p.push('q' + spec.query);
    if (dsGames.queries(spec.game) && (spec.qseed || 1) !== 1) p.push('k' + spec.qseed);
    if (spec.pass !== 60) p.push('p' + spec.pass);
    return p.join('.');
  }

  const whole = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
  function check(a) {
    if (!a || typeof a !== 'object') fail('not an assignment');
    const kind = a.kind;
    if (kind !== 'quiz' && kind !== 'play') fail('an assignment is a quiz or a game to play');
    if (!GAMES.includes(a.game)) fail(`unknown game: ${a.game}`);
    const s = a.source || {};
    let source;
    if (whole(s.sample, 1, 1000)) source = { sample: s.sample };
    else if (whole(s.seed, 0, 2 ** 32)) source = { seed: s.seed };
    else if (typeof s.input === 'string' && s.input.length && s.input.length <= 4500) source = { input: s.input };
    else fail('the source is a sample, a seed or an input text (at most 4500 characters)');
    const out = { kind, game: a.game, source, pass: a.pass === undefined ? 60 : a.pass };
    if (!whole(out.pass, 0, 100)) fail('the pass mark is 0..100');
    if (kind === 'quiz') {
      if (!whole(a.n, 1, MAX_N)) fail(`the number of questions is 1..${MAX_N}`);
      out.n = a.n;
    } else {
      if (!/^[A-Za-z0-9]{1,12}$/.test(String(a.seat || ''))) fail('a seat is a number or a letter');
      out.seat = String(a.seat);
    }
    if (dsGames.queries(a.game)) {
      out.query = a.query === undefined ? 1 : a.query;
      out.qseed = a.qseed === undefined ? 1 : a.qseed;
      if (!whole(out.query, 1, 1e7) || !whole(out.qseed, 0, 2 ** 32)) fail('bad goudan query or playout seed');
    }
    return out;
  }

  function decode(code) {
    const parts = String(code || '').trim().split('.');
    if (parts.length < 4 || (parts[0] !== 'Q' && parts[0] !== 'P')) fail('not an assignment code');
    const a = { kind: parts[0] === 'Q' ? 'quiz' : 'play', game: parts[1] };
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
  const encLabel = (l) => encodeURIComponent(l).replace(/[!'()*~.]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  function workText(kind, work) {
    if (kind === 'quiz') return work.map((w) => `${w.step.toString(36)}.${w.k}.${w.j}`).join(',');
    return work.map(([i, l]) => `${i}:${encLabel(l)}`).join(',');
  }
  function parseWork(kind, text) {
    if (!text) return [];
    return text.split(',').map((part) => {
      if (kind === 'quiz') {
        const m = /^([0-9a-z]+)\.(\d+)\.(\d+)$/.exec(part);
        if (!m) fail(`damaged answer in the hand-in: ${part}`);
        return { step: parseInt(m[1], 36), k: Number(m[2]), j: Number(m[3]) };
      }
      const m = /^(\d+):(.+)$/.exec(part);
      if (!m) fail(`damaged move in the hand-in: ${part}`);
      let l;
      try { l = decodeURIComponent(m[2]); } catch (e) { fail(`damaged move in the hand-in: ${part}`); }
      return [Number(m[1]), l];
    });
  }
  function handinCode(assignCode, kind, work) { return `${assignCode}~${workText(kind, work)}`; }
  function parseHandin(text) {
    let s = String(text || '').trim();
    const m = /(?:^|[#&?])handin=([^&#\s]+)/.exec(s);
    if (m) s = m[1]; // as written: the labels in it are still %-encoded
    const k = s.indexOf('~');
    if (k < 0) fail('not a hand-in code (it has an assignment code, "~" and the work)');
    const code = s.slice(0, k);
    const a = decode(code);
    return { code, assignment: a, work: parseWork(a.kind, s.slice(k + 1)) };
  }

  const pure = { encode, decode, check, handinCode, parseHandin, workText, parseWork };
  assignApi = pure;
  if (typeof document === 'undefined') return;

  // ---- the page ------------------------------------------------------------------------
  const ds = () => root.deckscope;
  const Q = () => quiz;
  const pct = (x) => (Math.round(x * 10000) / 100).toFixed(2) + '%';

  // The decision record of event i of the line shown (the engine's JSON).
  function eventAt(i) {
    try {
      const s = dsv(ds().module).event_json(i);
      return s ? JSON.parse(s) : null;
    } catch (e) { return null; }
  }
  function nameIn(ev, label) {
    const c = ev && ev.decision && (ev.decision.candidates || []).find((x) => String(x.label) === String(label));
    if (c && c.name) return String(c.name);
    const i18n = ds().i18n;
    return i18n.choiceLabel ? i18n.choiceLabel(String(label)) : String(label);
  }

  // Waits for the quiz to be in a state (its 'deckscope-quiz' events), at most ms.
  function quizWhen(pred, ms) {
    return new Promise((res, rej) => {
      const test = () => { const c = Q().current; if (pred(c)) { done(); res(c); return true; } return false; };
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
  async function loadGame(a) {
    const d = ds();
    await d.ready;
    const src = d.source || {};
    const same = d.game === a.game && JSON.stringify(src) === JSON.stringify(a.source);
    if (!same || d.variation.length) await d.load({ game: a.game, ...a.source });
    if (dsGames.queries(a.game) && (d.query !== a.query || a.qseed !== 1)) {
      await d.selectQuery(a.query, a.qseed);
    }
  }

  // One quiz answer, played through the quiz (the teacher's replay and a resume):
  // the quiz is put on the step, its question k is answered with option j.
  async function quizAnswer(w, prev) {
    const quiz = Q();
    if (!prev || prev.step !== w.step) {
      quiz.stop();
      ds().seek(w.step, false);
      await quiz.start();
    } else if (w.k > 0) quiz.next();
    const c = await quizWhen((c) => c && c.step >= w.step && !c.answered && !c.skipped && c.index === w.k);
    if (c.step !== w.step) fail(`there is no question at step ${w.step} of this game`);
    if (!(w.j >= 0 && w.j < c.options.length)) fail(`question at step ${w.step} has no option ${w.j + 1}`);
    quiz.answer(w.j);
    return quiz.current;
  }

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
  async function playMoves(a, forced, upto) {
    const d = ds();
    const want = new Map(forced.map(([i, l]) => [i, l]));
    let p = await d.playAs(a.seat, { instant: true });
    while (p && p.i < upto) {
      const l = want.has(p.i) ? want.get(p.i) : p.chosen;
      if (!p.labels.includes(l)) fail(`the move ${l} is not one of the choices at event ${p.i}`);
      want.delete(p.i);
      p = await d.choose(l);
    }
    if (upto === Infinity && want.size) fail(`the hand-in has moves the game never asks for (event ${[...want.keys()][0]})`);
    return p;
  }

  // ---- state and the panel -------------------------------------------------------------
  const S = {
    mode: null,        // 'student' | 'teacher'
    code: '', a: null, answered: [], result: null, handin: null, hooks: null,
    claimed: null, error: '', title: '', busy: false,
  };
  let ui = null;

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

  function showError(key, e) {
    buildPanel();
    S.error = ds().i18n.t(key, { msg: e && e.message ? e.message : String(e) });
    ui.panel.hidden = false;
    ui.card.textContent = '';
    ui.card.append(ds().i18n.el('p', { class: 'input-error', role: 'alert', text: S.error }));
    ui.startBtn.hidden = true;
  }

  function taskText(a) {
    const t = ds().i18n.t;
    return a.kind === 'quiz' ? t('assign.taskQuiz', { n: a.n }) : t('assign.taskPlay', { seat: a.seat });
  }

  function renderProgress() {
    if (!ui || S.mode !== 'student' || S.result) return;
    const t = ds().i18n.t;
    if (S.a.kind === 'quiz') ui.progress.textContent = t('assign.progressQuiz', { k: S.answered.length, n: S.a.n });
    else {
      const p = ds().pending;
      ui.progress.textContent = p ? t('assign.progressPlay', { k: S.movesMade || 0 }) : '';
    }
  }

  // The result card: the score and what differed, in the engine's words.
  function renderResult(r, box) {
    const d = ds(), t = d.i18n.t, h = d.i18n.el;
    box.textContent = '';
    box.append(h('h3', { i18n: 'assign.result' }));
    const pass = S.a.pass;
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
    for (const w of r.wrong) {
      const li = h('li', { 'data-step': String(r.kind === 'quiz' ? w.step : w.i) });
      const go = h('button', { type: 'button', class: 'link' });
      if (r.kind === 'quiz') {
        go.textContent = t('assign.qItem', { step: w.step, question: w.question, mine: w.mine, rule: w.rule });
        go.addEventListener('click', () => ds().seek(w.step, false));
        li.append(go);
        for (const s of [w.compare, w.prefer]) if (s) li.append(h('p', { class: 'hint', text: s }));
      } else {
        go.textContent = t('assign.pItem', { step: w.i, mine: w.mine, rule: w.ruleName });
        go.addEventListener('click', () => ds().seek(w.i + 1, false));
        li.append(go);
        if (w.text) li.append(h('p', { class: 'hint assign-assessment', text: w.text }));
        if (w.loss !== undefined && !w.text) li.append(h('p', { class: 'hint', text: t('assign.pLoss', { loss: pct(w.loss), verdict: w.verdict }) }));
      }
      list.append(li);
    }
    box.append(list);
  }

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

  function pageLink(a, extra) {
    const base = location.href.replace(/#.*$/, '');
    const src = a.source.sample !== undefined ? `sample=${a.source.sample}` : a.source.seed !== undefined ? `seed=${a.source.seed}` : '';
    return `${base}#game=${a.game}${src ? '&' + src : ''}&lang=${ds().i18n.lang}&${extra}`;
  }

  function finishStudent(r, work) {
    S.result = r;
    S.work = work;
    const hc = handinCode(S.code, S.a.kind, work);
    S.handin = { code: hc, link: pageLink(S.a, `handin=${hc}&score=${r.score}`) };
    ui.progress.textContent = '';
    const d = ds(), h = d.i18n.el;
    const res = h('div', { id: 'assign-card' });
    ui.card.replaceChildren(res);
    renderResult(r, res);
    const box = h('div', { id: 'assign-handin', hidden: true },
      h('p', { class: 'hint', i18n: 'assign.handinHint' }),
      copyRow('assign.link', S.handin.link, 'assign-handin-link'),
      copyRow('assign.code', S.handin.code, 'assign-handin-code'));
    const btn = h('button', { type: 'button', id: 'assign-handin-btn', class: 'primary', i18n: 'assign.handin' });
    btn.addEventListener('click', () => { box.hidden = false; btn.hidden = true; });
    ui.card.append(btn, box);
    if (S.hooks && S.hooks.done) S.hooks.done({ score: r.score, pass: S.a.pass, work: workText(S.a.kind, work), result: r });
    document.dispatchEvent(new CustomEvent('deckscope-assign', { detail: { state: 'done', score: r.score } }));
  }

  // ---- the student's run -----------------------------------------------------------------
  async function run(code, hooks) {
    const a = decode(code);
    const d = ds();
    strings(d.i18n);
    Object.assign(S, { mode: 'student', code: encode(a), a, answered: [], result: null, handin: null, hooks: hooks || null, movesMade: 0 });
    buildPanel();
    ui.panel.hidden = false;
    ui.head.textContent = d.i18n.t('assign.head');
    ui.task.textContent = taskText(a);
    ui.card.textContent = '';
    await loadGame(a);
    const resume = hooks && hooks.resume ? parseWork(a.kind, hooks.resume.work || '') : null;
    if (resume && (resume.length || hooks.resume.at !== undefined)) {
      await begin(resume, hooks.resume.at);
    } else {
      ui.startBtn.hidden = false;
      renderProgress();
    }
  }

  function progress() {
    renderProgress();
    if (S.hooks && S.hooks.progress && !S.result) {
      const w = S.a.kind === 'quiz' ? S.answered.map(({ step, k, j }) => ({ step, k, j })) : ds().variation;
      const p = ds().pending;
      S.hooks.progress({ work: workText(S.a.kind, w), at: S.a.kind === 'play' && p ? p.i : undefined });
    }
  }

  async function begin(resume, at) {
    const d = ds();
    ui.startBtn.hidden = true;
    if (S.a.kind === 'quiz') {
      const quiz = Q();
      let prev = null;
      for (const w of resume || []) {
        const c = await quizAnswer(w, prev);
        S.answered.push(quizItem(w, c));
        prev = w;
      }
      if (S.answered.length >= S.a.n) { finishStudent(quizResult(S.a, S.answered), S.answered); return; }
      if (!hookedQuiz) { hookedQuiz = true; document.addEventListener('deckscope-quiz', onQuiz); }
      if (prev) quiz.next();
      else { quiz.stop(); d.seek(0, false); await quiz.start(); }
      renderProgress();
      return;
    }
    // play: every move the learner makes goes through play mode's own panel
    if (resume || at !== undefined) await playMoves(S.a, resume || [], at === undefined ? Infinity : at);
    else await d.playAs(S.a.seat);
    if (!hookedPlay) { hookedPlay = true; d.on('step', onPlayStep); d.on('variation', onPlayStep); }
    onPlayStep();
  }

  function quizItem(w, c) {
    return {
      step: w.step, k: w.k, j: w.j, correct: c.correct, question: c.question,
      mine: c.options[w.j], rule: c.correct >= 0 ? c.options[c.correct] : '', compare: c.compare, prefer: c.prefer,
    };
  }

  let hookedQuiz = false, hookedPlay = false;
  function onQuiz() {
    if (S.mode !== 'student' || S.result || S.a.kind !== 'quiz') return;
    const c = Q().current;
    if (c && c.answered && !S.answered.some((x) => x.step === c.step && x.k === c.index)) {
      S.answered.push(quizItem({ step: c.step, k: c.index, j: c.chosen }, c));
      progress();
      if (S.answered.length >= S.a.n) finishStudent(quizResult(S.a, S.answered), S.answered.slice());
    } else if (Q().finished && S.answered.length) {
      finishStudent(quizResult(S.a, S.answered), S.answered.slice());
    }
  }

  let playTimer = 0;
  function onPlayStep() {
    if (S.mode !== 'student' || S.result || S.a.kind !== 'play') return;
    if (playTimer) return;
    playTimer = setTimeout(() => {
      playTimer = 0;
      const d = ds();
      const sum = d.summary();
      if (sum) { finishStudent(playResult(S.a, sum), d.variation.slice()); return; }
      const p = d.pending;
      if (p && p.i !== S.lastPending) { S.lastPending = p.i; S.movesMade = (S.movesMade || 0) + (S.lastPending !== undefined ? 1 : 0); progress(); }
    }, 50);
  }

  // ---- the teacher's replay --------------------------------------------------------------
  async function replay(text, claimed) {
    const d = ds();
    strings(d.i18n);
    const h = parseHandin(text);
    Object.assign(S, { mode: 'teacher', code: h.code, a: h.assignment, answered: [], result: null, hooks: null, claimed });
    buildPanel();
    ui.panel.hidden = false;
    ui.startBtn.hidden = true;
    ui.head.textContent = d.i18n.t('assign.teacherHead');
    ui.task.textContent = taskText(h.assignment);
    ui.card.textContent = '';
    ui.progress.textContent = d.i18n.t('assign.replaying');
    await loadGame(h.assignment);
    let r;
    if (h.assignment.kind === 'quiz') {
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
      r = playResult(h.assignment, d.summary());
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
    const spec = () => {
      const src = d.source || {};
      const a = { kind: kind.value, game: d.game, source: src, pass: Number(pass.value) };
      if (a.kind === 'quiz') a.n = Number(n.value); else a.seat = seat.value;
      if (dsGames.queries(d.game)) { a.query = d.query || 1; }
      return a;
    };
    const sync = () => { nRow.hidden = kind.value !== 'quiz'; seatRow.hidden = kind.value === 'quiz'; };
    kind.addEventListener('change', sync);
    const btn = h('button', { type: 'button', id: 'assign-open', 'aria-haspopup': 'dialog', 'data-i18n-title': 'assign.title', title: t('assign.title'), i18n: 'assign.button' });
    btn.addEventListener('click', () => {
      seat.replaceChildren(...seats().map((s) => h('option', { value: s, text: s })));
      const src = d.source || {};
      of.textContent = t('assign.of', { game: t('game.' + d.game),
        source: src.sample !== undefined ? t('assign.sample', { n: src.sample }) : src.seed !== undefined ? t('assign.seed', { n: src.seed }) : t('assign.input') });
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
      } catch (e) { msg.textContent = t('assign.bad', { msg: e.message }); }
    });
    lms.addEventListener('click', async () => {
      try {
        const a = spec();
        const code = encode(a);
        const { default: scorm } = await import('./scorm.js'); // scorm.js imports this file
        await scorm.download({ assignment: code, title: taskText(decode(code)), mastery: a.pass });
      } catch (e) { msg.textContent = t('assign.bad', { msg: e.message }); }
    });
    lms.hidden = location.protocol === 'file:';
    openBtn.addEventListener('click', () => {
      const text = paste.value.trim();
      try {
        parseHandin(text);
        dlg.close();
        const m = /[#&?]score=(\d+)/.exec(text);
        replay(text, m ? m[1] : null).catch((e) => showError('assign.badHandin', e));
      } catch (e) { msg.textContent = t('assign.badHandin', { msg: e.message }); }
    });
    tools.append(btn);
  }

  // The page's hash keeps &assign= / &handin= (app.js rewrites the hash; lesson.js
  // and present.js chain ds.hashExtra the same way).
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
})(typeof window !== 'undefined' ? window : globalThis);
export { assignApi as default };
