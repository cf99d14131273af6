// play.js - "Play it yourself": the learner takes a seat and makes its
// decisions; every other move is the judge's rule (goudan: optimal play).
// Each move of the learner that differs from the rule is a forced choice of
// a variation (variation.js, docs/variations.md), so the engine simulates
// the game that follows, and the learner's game can be replayed and linked.
//
//   window.deckscope.playAs(seat, {instant})  starts (seat: cirno 1-based
//        index or name, thegame 1, mahjong A-D, goudan E or T); resolves at
//        the learner's first decision or at the end; instant skips the
//        animation (tests, reduced motion)
//   .pending       null, or {i, line, labels, names, chosen}: the decision
//                  waiting for the learner on the line `line` (the line's
//                  &try= spec, '' for the main line; chosen = the rule's
//                  label, shown only with hints). null while the game plays
//                  on or a line is recomputed: choose() then rejects and the
//                  keys do nothing
//   .choose(label[, line]) plays it (rejected when no decision waits, or
//                  when `line` is given and is not the pending one's);
//                  resolves at the next decision or at the end
//   .undo()        takes the learner's last move back: resolves when that
//                  decision is pending again (on its own line)
//   .nextDecision() skips the others' moves: straight to the seat's next
//                  decision (resolves with it, or null at the end)
//   .playTiming    {firstDecisionMs, stepsShown}: from playAs() to the first
//                  decision, the time and how many steps the view showed on the way
//   .playHistory   the learner's moves so far (as summary().history)
//   .summary()     null until the end, then the summary card's figures
//   .stopPlay()    leaves play mode (the line shown stays)
// Also &play=<seat> in the page's hash. Nothing here knows a rule: the
// candidates, their values and the rule's choice are the engine's decision
// records (docs/trace-format.md).
'use strict';
import dsNarrate from '../core/narrate.js';
import { viewer, feature } from '../core/viewer.js';
import { dsGames } from '../games/index.js';

/** @typedef {DsEvent & { decision: DsDecision }} DecisionEvent an event that is a choice (its record) */
/**
 * The decision waiting for the learner: labels (choose(), URLs, --try) and the rule's label,
 * on the line `line` (its &try= spec), shown since `since` (performance.now()).
 * @typedef {{ i: number, line: string, labels: string[], chosen: string, ev: DecisionEvent, since: number }} Pending
 */
/**
 * A move of the learner: `ev` is its event as the line now shown has it (the move taken),
 * `assessment` the engine's word on it.
 * @typedef {{ i: number, label: string, rule: string, match: boolean, text: string, ev: DecisionEvent, forced?: boolean,
 *             line?: string, assessment?: DeckscopeAssessment | null, verdict?: string }} Move
 */
/**
 * The panel's parts (the page's, or embed.html's compact one without button and seat picker).
 * @typedef {{ panel: HTMLElement, head: HTMLElement, opts: HTMLElement, feedback: HTMLElement, summaryBox: HTMLElement,
 *             undoBtn: HTMLButtonElement, nextBtn: HTMLButtonElement, button: HTMLButtonElement | null,
 *             seatSel: HTMLSelectElement | null, place?: () => void }} PlayUi
 */

(function () {
  const f = feature(); // the page's API object and its words (core/viewer.js)
  if (!f) return;
  const { i18n, t, h } = f;
  /** @type {Deckscope} */
  const ds = f.ds;

  i18n.add({
    en: {
      'play.button': 'Play',
      'play.title': 'Play it yourself',
      'play.seat': 'Your seat',
      'play.start': 'Start',
      'play.hints': 'Show hints',
      'play.yourMove': 'Your move ({seat}): choose one of {n}',
      'play.keys': 'Keys: 1–9 choose; ↑ ↓ and Enter.',
      'play.waiting': 'The others are playing…',
      'play.undo': 'Undo my last move',
      'play.next': 'Next decision',
      'play.exit': 'Stop playing',
      'play.match': '✓ {label}: the same move as the rule.',
      'play.differ': '✗ Your move: {label}. The rule\'s move: {rule}.',
      'play.why': 'Why the rule plays it: {text}',
      'play.verdict.best': 'best',
      'play.verdict.good': 'good',
      'play.verdict.inaccuracy': 'inaccuracy',
      'play.verdict.mistake': 'mistake',
      'play.verdict.blunder': 'blunder',
      'play.summary': 'Game over',
      'play.moves': 'You made {n} moves; {m} matched the rule.',
      'play.moves1': 'You made 1 move; {m} matched the rule.',
      'play.goudanSum': 'Win chance lost: {total} in all, {max} at most.',
      'play.verdicts': 'Verdicts: {list}.',
      'play.differs': 'Your moves that differ from the rule',
      'play.histMove': 'Step {step}: your move: {name}; the rule\'s move: {rule}.',
      'play.yours': 'Your game',
      'play.mainLine': 'The rule\'s game',
      'play.replay': 'Replay my game',
      'play.again': 'Play again',
      'play.badSeat': 'No such seat: {seat}',
    },
    zh: {
      'play.button': '亲自下',
      'play.title': '亲自来下',
      'play.seat': '你的座位',
      'play.start': '开始',
      'play.hints': '显示提示',
      'play.yourMove': '轮到你（{seat}）：从 {n} 个选项中选一个',
      'play.keys': '按键：1–9 选择；↑ ↓ 和 Enter。',
      'play.waiting': '其他人在出牌…',
      'play.undo': '撤销我的上一步',
      'play.next': '下一个决策',
      'play.exit': '停止',
      'play.match': '✓ {label}：与规则的选择相同。',
      'play.differ': '✗ 你的选择：{label}。规则的选择：{rule}。',
      'play.why': '规则这样走的原因：{text}',
      'play.verdict.best': '最佳',
      'play.verdict.good': '好',
      'play.verdict.inaccuracy': '不精确',
      'play.verdict.mistake': '失误',
      'play.verdict.blunder': '大错',
      'play.summary': '对局结束',
      'play.moves': '你走了 {n} 步，其中 {m} 步与规则相同。',
      'play.moves1': '你走了 1 步，其中 {m} 步与规则相同。',
      'play.goudanSum': '损失的胜率：共 {total}，单步最多 {max}。',
      'play.verdicts': '评价：{list}。',
      'play.differs': '你与规则不同的几步',
      'play.histMove': '第 {step} 步：你的选择：{name}；规则的选择：{rule}。',
      'play.yours': '你的对局',
      'play.mainLine': '规则的对局',
      'play.replay': '回放我的对局',
      'play.again': '再来一局',
      'play.badSeat': '没有这个座位：{seat}',
    },
  });

  /** @param {number} i @returns {DsEvent | null} */
  const eventAt = (i) => viewer.event(i);
  /** @param {DsEvent | null | undefined} ev @returns {ev is DecisionEvent} */
  const isDecision = (ev) => !!ev && !!ev.decision && Array.isArray(ev.decision.candidates);
  // the event of a decision (of the learner's: it has its record), or an Error
  /** @param {number} i @returns {DecisionEvent} */
  const decisionAt = (i) => {
    const ev = eventAt(i);
    if (!isDecision(ev)) throw new Error(`event ${i} is no decision`);
    return ev;
  };
  // the page's one format for probabilities (narrate.js: 2 decimals)
  /** @param {number} x */
  const pct = (x) => (dsNarrate && dsNarrate.percent ? dsNarrate.percent(x) : (x * 100).toFixed(2) + '%');
  // A move as the learner reads it: its name in the engine's record (in the
  // view's language); data-label keeps the engine's label. A label the
  // record does not list (mahjong's "A declines") in the page's words.
  /** @param {DsEvent | null | undefined} ev @param {string} l @returns {string} */
  const nameIn = (ev, l) => i18n.moveName(ev && ev.decision, l);
  // a candidate's value as the engine's sentences write it ('' for none)
  /** @param {DsEvent | null} ev @param {DsCandidate | null} c */
  const valueIn = (ev, c) => (dsNarrate && ev && ev.decision
    ? dsNarrate.valueText(ev.decision, c, i18n.lang) : c && c.value !== null && c.value !== undefined ? String(c.value) : '');

  // ---- seats (each game's: games/<id>.js, its `play`) ---------------------------------
  /** @param {unknown} game */
  const playOf = (game) => { const g = dsGames.get(game); return g ? g.play : null; };
  /** @param {unknown} game @param {unknown} seat */
  function normSeat(game, seat) {
    const p = playOf(game);
    return p ? p.seat(String(seat ?? '').trim()) : null;
  }
  // Whose decision an event is, the seat's options there and the rule's move
  // for it are the engine's record's (docs/trace-format.md): its "seat" (who
  // decides), or, for a decision of several seats (its seat null, e.g. a
  // claim window), each candidate's "seat" and each seat's move of not taking
  // any of its candidates ("declines", with its label, name, value and the
  // label the rule then takes). A decision of nobody's (chance) is no one's.
  /** @param {DsDecision} d */
  const several = (d) => d.seat === null || d.seat === undefined;
  /** @param {DsDecision} d @param {string} seat */
  const declineOf = (d, seat) => (d.declines || []).find((x) => x.seat === seat) || null;
  // The seat's candidates at a decision: all of them when the seat decides;
  // of several seats' decision, its own and its decline; else none.
  /** @param {DecisionEvent} ev @param {string} seat @returns {DsCandidate[]} */
  function options(ev, seat) {
    const d = ev.decision;
    if (!several(d)) return String(d.seat) === seat ? d.candidates : [];
    const own = d.candidates.filter((c) => c.seat === seat);
    const x = declineOf(d, seat);
    return own.length && x ? own.concat([x]) : [];
  }
  // whether event `ev` is a decision of the seat's
  /** @param {DsEvent | null} ev @param {string} seat */
  const mine = (ev, seat) => isDecision(ev) && options(ev, seat).length > 0;
  // What the rule does for the seat: the rule's move; of several seats'
  // decision, the seat's own move if the rule takes it, else its decline
  // (which leads to the rule's choice among the others).
  /** @param {DecisionEvent} ev @param {string} seat */
  function ruleFor(ev, seat) {
    const d = ev.decision;
    if (!several(d)) return String(d.chosen);
    const c = d.candidates.find((x) => String(x.label) === String(d.chosen));
    const x = declineOf(d, seat);
    return c && c.seat === seat ? String(d.chosen) : x ? x.label : String(d.chosen);
  }

  // ---- state -----------------------------------------------------------------------
  /**
   * @type {{ active: boolean, seat: string, as: string, game: string | null, instant: boolean, hints: boolean, pending: Pending | null,
   *          moves: Move[], finished: boolean, main: { outcome: string, steps: number } | null, feedback: Move | null,
   *          op: number, target: number | null, timing: { firstDecisionMs: number, stepsShown: number } | null, t0: number | null, shown: number, keepFocus: boolean }}
   */
  const P = {
    active: false, seat: '', as: '', game: null, instant: false, hints: false,
    pending: null,     // the decision waiting
    moves: [],         // the learner's moves
    finished: false, main: null, feedback: null,
    op: 0,             // the operation under way (playAs, choose, undo, next): a newer one supersedes it
    target: null,      // the step an animation between decisions is playing to
    timing: null,      // {firstDecisionMs, stepsShown}
    t0: null,          // when playAs() began, until the first decision
    shown: 0,          // the steps the view showed since then
    keepFocus: false,  // the focus was in the panel: the first option takes it
  };
  // (a jump shows one step; an animation every step on the way)
  ds.on('step', () => { if (P.t0 !== null) P.shown++; });
  /** @type {PlayUi | null} */
  let ui = null;
  // The line shown, as its &try= spec ('' = the main line): a pending
  // decision belongs to it.
  const lineId = () => (ds.variation || []).map(([i, l]) => i + ':' + l).join(',');
  // one turn of the event loop: the panel shows "recomputing" before the
  // engine works (its simulation runs on this thread)
  const yieldFrame = () => new Promise((res) => setTimeout(res, 0));
  /** @param {number} i @param {DecisionEvent} ev */
  const setPending = (i, ev) => {
    P.pending = { i, line: lineId(), labels: options(ev, P.as).map((c) => String(c.label)), chosen: ruleFor(ev, P.as), ev, since: performance.now() };
  };
  // An input made before the decision waiting was shown (a key pressed while
  // the engine recomputed a line, queued until it was done) is not for it.
  /** @param {Event} [e] */
  const stale = (e) => !P.pending || (e && e.isTrusted && e.timeStamp > 0 && e.timeStamp < P.pending.since);
  // the seat's next decision from step `from` on the line shown (-1: none)
  /** @param {number} from */
  function nextMine(from) {
    for (let i = from; i < ds.steps; i++) {
      const ev = eventAt(i);
      if (mine(ev, P.as)) return i;
    }
    return -1;
  }

  // From step `from` (where the view was just put: an embed reports its step
  // a frame later), the next decision of the seat: plays up to it (animated,
  // unless `jump` or instant: then the view goes there at once). `op` is the
  // operation this belongs to: when a newer one began meanwhile (an undo, a
  // jump), this one stops and leaves the pending decision to it.
  /** @param {number} from @param {number} op @param {boolean} [jump] @returns {Promise<DeckscopePending | null>} */
  async function advance(from, op, jump) {
    const n = ds.steps;
    const i = nextMine(from);
    const to = i >= 0 ? i : n;
    if (P.instant || jump) ds.seek(to, false);
    else {
      P.target = to;
      render();
      await ds.playTo(to);
      if (op === P.op) P.target = null;
    }
    if (!P.active || op !== P.op) return pendingView();
    if (i >= 0) {
      setPending(i, decisionAt(i));
      if (P.t0 !== null) { P.timing = { firstDecisionMs: performance.now() - P.t0, stepsShown: P.shown }; P.t0 = null; }
    } else {
      P.pending = null;
      P.finished = true;
    }
    render();
    return pendingView();
  }
  // labels (for choose(), URLs and --try) and the moves' names as the panel shows them
  /** @returns {DeckscopePending | null} */
  const pendingView = () => {
    const p = P.pending;
    return p ? { i: p.i, line: p.line, labels: p.labels.slice(), chosen: p.chosen, names: p.labels.map((l) => nameIn(p.ev, l)) } : null;
  };

  /** @param {unknown} seat @param {{ instant?: boolean }} [opts] */
  async function playAs(seat, opts) {
    await ds.ready;
    const t0 = performance.now();
    const game = ds.game;
    const s = normSeat(game, seat);
    // seats named by the input (cirno's players, 1-based, or a name): one
    // that never moves in the game is no seat (&play=99, &play=<b>); as the
    // records name it, the seat is the "seat" of the player's first decision
    const plays = s ? playOf(game)?.plays : null;
    let found = !plays, as = s || '';
    for (let i = 0; plays && s && i < ds.steps; i++) {
      const ev = eventAt(i);
      if (!plays(ev, s)) continue;
      found = true;
      if (isDecision(ev) && !several(ev.decision)) { as = String(ev.decision.seat); break; }
    }
    if (!s || !found) throw new Error(t('play.badSeat', { seat: String(seat).slice(0, 40) }));
    const op = ++P.op;
    P.pending = null;
    if (ds.variation.length) await ds.mainLine();
    if (op !== P.op) return pendingView();
    Object.assign(P, {
      active: true, seat: s, as, game, instant: !!(opts && opts.instant) || matchMedia('(prefers-reduced-motion: reduce)').matches,
      pending: null, moves: [], finished: false, feedback: null, target: null, timing: null, t0, shown: 0,
      main: { outcome: ds.variationInfo().outcome, steps: ds.steps },
    });
    ds.pause();
    build();
    // straight to the seat's first decision: what comes before it is not
    // animated (the timeline replays it)
    return advance(0, op, true);
  }

  /** @param {unknown} label @param {unknown} [line] */
  async function choose(label, line) {
    const p = P.pending;
    if (!P.active || !p) throw new Error('no decision is waiting');
    if (line !== undefined && line !== null && String(line) !== p.line) throw new Error(`the decision waiting is on line '${p.line}', not '${line}'`);
    const l = String(label);
    if (!p.labels.includes(l)) throw new Error(`'${l}' is not one of: ${p.labels.join(', ')}`);
    const op = ++P.op;
    /** @type {Move} */
    const m = { i: p.i, label: l, rule: p.chosen, match: l === p.chosen, text: p.ev.decision.text || '', ev: p.ev };
    P.pending = null;
    render();
    // In a claim window, not claiming when the rule gives the tile to another
    // player is the seat's rule move: that claim stands (nothing forced).
    // Declining the seat's own claim forces "A declines": the engine's rule
    // decides among the others (another player may still claim).
    if (!m.match) {
      await yieldFrame();
      if (op !== P.op) return pendingView();
      await ds.branch(p.i, l); // the variation: the engine plays on from the learner's move
      m.forced = true;
    } else ds.seek(p.i + 1, !P.instant);
    // the event as the line now shown has it (the learner's move taken): its
    // record's assessment is the engine's word on the move
    const now = eventAt(p.i);
    m.ev = isDecision(now) ? now : p.ev;
    m.line = lineId();
    m.assessment = (now && now.decision && now.decision.assessment) || null;
    m.verdict = m.assessment && m.assessment.verdict ? String(m.assessment.verdict) : undefined;
    P.moves.push(m);
    P.feedback = m;
    render();
    return advance(p.i + 1, op);
  }

  async function undo() {
    if (!P.active) return pendingView();
    const m = P.moves.pop();
    if (!m) return pendingView();
    const op = ++P.op;
    P.pending = null;
    P.target = null;
    P.feedback = null;
    P.finished = false;
    ds.pause();
    render();
    const keep = ds.variation.filter(([j]) => j < m.i);
    const want = keep.map(([i, l]) => i + ':' + l).join(',');
    if (want !== lineId()) {
      await yieldFrame();
      if (op !== P.op) return pendingView();
      if (keep.length) await ds.branch(keep[keep.length - 1][0], keep[keep.length - 1][1]);
      else await ds.mainLine();
      if (op !== P.op) return pendingView();
    }
    ds.seek(m.i, false);
    setPending(m.i, decisionAt(m.i));
    render();
    return pendingView();
  }

  // The seat's next decision at once: an animation to it is cut short; when
  // the view was moved elsewhere (the scrubber), back to the decision waiting.
  async function nextDecision() {
    if (!P.active) return null;
    if (P.pending) { ds.pause(); ds.seek(P.pending.i, false); return pendingView(); }
    if (P.target === null || P.finished) return pendingView();
    const op = ++P.op;
    const from = ds.step;
    ds.pause();
    P.target = null;
    return advance(from, op, true);
  }

  /** @returns {DeckscopeSummary | null} */
  function summary() {
    if (!P.finished) return null;
    const info = ds.variationInfo();
    /** @type {DeckscopeSummary} */
    const out = {
      seat: P.seat, moves: P.moves.length, matched: P.moves.filter((m) => m.match).length,
      outcome: info.outcome, mainOutcome: P.main ? P.main.outcome : info.outcome,
      variation: ds.variation,
      history: P.moves.map(historyOf),
    };
    if (playOf(P.game)?.losses) {
      const losses = out.history.map((m) => m.loss || 0);
      out.totalLoss = losses.reduce((a, b) => a + b, 0);
      out.maxLoss = losses.reduce((a, b) => Math.max(a, b), 0);
      /** @type {Record<string, number>} */
      const verdicts = {};
      out.verdicts = verdicts;
      for (const m of out.history) verdicts[String(m.verdict)] = (verdicts[String(m.verdict)] || 0) + 1;
    }
    return out;
  }
  // One move of the learner as the record of its event (on the learner's
  // line) has it: the labels (URLs, --try) and the names (what the page
  // shows), the rule's measure of both moves and the engine's assessment.
  // goudan (measure win_chance): before = best = the win chance of the
  // rule's move (optimal play), after = the move made's, loss = the
  // assessment's `by`, r and verdict the assessment's (ds_verdict_of,
  // docs/variations.md). The others: the rule's measure, both values and
  // the comparison (cmp: same | equal | worse | other, by).
  /** @param {Move} m @returns {DeckscopeMove} */
  function historyOf(m) {
    const d = m.ev.decision;
    const a = m.assessment || null;
    /** @param {string} l */
    const cand = (l) => (d.candidates || []).find((c) => String(c.label) === String(l));
    /** @param {unknown} x */
    const num = (x) => (typeof x === 'number' ? x : null);
    /** @type {DeckscopeMove} */
    const o = { i: m.i, label: m.label, name: nameIn(m.ev, m.label), rule: m.rule, ruleName: nameIn(m.ev, m.rule),
      match: m.match, measure: d.measure || null, value: num(cand(m.label)?.value), ruleValue: num(cand(m.rule)?.value),
      cmp: (a && a.cmp) || null, by: num(a && a.by), text: a && a.text ? String(a.text) : '' };
    if (a && a.verdict) {
      Object.assign(o, { before: o.ruleValue, best: o.ruleValue, after: o.value, loss: num(a.by) || 0, r: num(a.r), verdict: String(a.verdict) });
    }
    return o;
  }

  function stopPlay() {
    P.active = false;
    P.pending = null;
    P.target = null;
    P.op++;
    if (ui) ui.panel.hidden = true;
    if (ui && ui.button) ui.button.setAttribute('aria-pressed', 'false');
    document.body.dataset.play = 'off';
    if (ui && ui.place) ui.place();
    document.dispatchEvent(new Event('deckscope-play'));
  }

  // ---- the panel ---------------------------------------------------------------------
  function build() {
    if (!ui) return;
    ui.panel.hidden = false;
    if (ui.button) ui.button.setAttribute('aria-pressed', 'true');
    document.body.dataset.play = 'on';
    if (ui.place) ui.place();
    document.dispatchEvent(new Event('deckscope-play'));
  }
  /** @param {string} game @returns {string[]} */
  function seatChoices(game) {
    const p = playOf(game);
    if (p && p.seats) return p.seats.slice();
    let n = 2; // one per player of the input
    const st = viewer.stateAt(0);
    if (st && Array.isArray(st.players) && st.players.length) n = st.players.length;
    return Array.from({ length: n }, (_, k) => String(k + 1));
  }
  function render() {
    if (!ui) return;
    const { panel, head, opts, feedback, summaryBox, undoBtn, nextBtn } = ui;
    if (!P.active) { panel.hidden = true; return; }
    panel.hidden = false;
    const p = P.pending;
    if (panel.contains(document.activeElement)) P.keepFocus = true;
    head.textContent = p ? t('play.yourMove', { seat: P.seat, n: p.labels.length }) : P.finished ? t('play.summary') : t('play.waiting');
    panel.dataset.line = p ? p.line : '';
    panel.setAttribute('aria-busy', String(!p && !P.finished));
    opts.textContent = '';
    if (p) {
      const all = options(p.ev, P.as);
      p.labels.forEach((l, k) => {
        const c = all.find((x) => String(x.label) === l) || null;
        const v = P.hints ? valueIn(p.ev, c) : '';
        const b = h('button', { type: 'button', class: 'play-opt', 'data-label': l, onclick: (/** @type {MouseEvent} */ e) => { if (!stale(e)) choose(l).catch(() => {}); } },
          h('kbd', { text: k < 9 ? String(k + 1) : '' }), h('span', { text: nameIn(p.ev, l) }),
          v !== '' ? h('small', { text: v }) : null);
        opts.append(b);
      });
      // the keyboard stays in the list: the first option takes the focus when
      // the focus was in the panel (the option pressed is gone) or, in the
      // page, nowhere; an embed never takes the focus by itself
      const first = opts.querySelector('button');
      const nowhere = !document.activeElement || document.activeElement === document.body;
      if (first && (P.keepFocus || (!ds.embed && nowhere)) && !panel.contains(document.activeElement)) first.focus({ preventScroll: true });
      P.keepFocus = false;
    }
    feedback.textContent = '';
    const m = P.feedback;
    if (m) {
      // the event as the line now shown has it (the learner's move taken), in
      // the page's language: its record names both moves, and the engine's
      // sentence about it is the feedback (a forced move's sentence ends with
      // "your choice ...; the rule's move ...")
      const ev = eventAt(m.i) || m.ev;
      feedback.append(h('p', { class: m.match ? 'play-ok' : 'play-bad',
        text: m.match ? t('play.match', { label: nameIn(ev, m.label) }) : t('play.differ', { label: nameIn(ev, m.label), rule: nameIn(ev, m.rule) }) }));
      const a = ev && ev.decision && ev.decision.assessment;
      if (a && a.text && !a.verdict) feedback.append(h('p', { class: 'play-assessment' }, String(a.text)));
      const said = ds.captionAt ? String(ds.captionAt(m.i + 1) || '') : '';
      if (said) feedback.append(h('p', { class: 'play-said' }, said));
      if (!m.match) {
        const why = ev && ev.decision && ev.decision.text ? String(ev.decision.text) : m.text;
        if (why) feedback.append(h('p', { class: 'hint play-rule', text: t('play.why', { text: why }) }));
      }
      if (m.verdict) {
        // the engine's words for the verdict when its record has them
        feedback.append(h('p', { class: 'play-verdict', 'data-verdict': m.verdict, text: a && a.text ? String(a.text) : t('play.verdict.' + m.verdict) }));
      }
    }
    summaryBox.textContent = '';
    const s = summary();
    if (s) {
      summaryBox.append(h('p', { text: t(s.moves === 1 ? 'play.moves1' : 'play.moves', { n: s.moves, m: s.matched }) }));
      if (playOf(P.game)?.losses) {
        summaryBox.append(h('p', { text: t('play.goudanSum', { total: pct(s.totalLoss ?? 0), max: pct(s.maxLoss ?? 0) }) }));
        const list = Object.entries(s.verdicts || {}).map(([k, v]) => `${t('play.verdict.' + k)} ×${v}`).join(', ');
        if (list) summaryBox.append(h('p', { text: t('play.verdicts', { list }) }));
      }
      // the moves that differ from the rule, in words: both moves by their
      // names and the engine's assessment (goudan: both win chances, the verdict)
      const off = s.history.filter((m) => !m.match);
      if (off.length) {
        summaryBox.append(h('h3', { i18n: 'play.differs' }), h('ol', { class: 'play-history' },
          ...off.map((m) => h('li', { 'data-i': String(m.i), 'data-verdict': m.verdict || null },
            t('play.histMove', { step: m.i + 1, name: m.name, rule: m.ruleName }) + (m.text ? ' ' + m.text : '')))));
      }
      summaryBox.append(h('dl', { class: 'var-compare' },
        h('div', {}, h('dt', { i18n: 'play.mainLine' }), h('dd', { text: s.mainOutcome })),
        h('div', { class: 'var-this' }, h('dt', { i18n: 'play.yours' }), h('dd', { text: s.outcome }))),
      h('div', { class: 'play-row' },
        h('button', { type: 'button', class: 'primary', i18n: 'play.replay', onclick: () => { stopPlay(); ds.seek(0, false); } }),
        h('button', { type: 'button', i18n: 'play.again', onclick: () => playAs(P.seat, { instant: P.instant }).catch(() => {}) })));
    }
    undoBtn.disabled = !P.moves.length;
    if (nextBtn) nextBtn.disabled = P.finished || (P.target === null && !(p && ds.step !== p.i));
    // the decision in view (a phone scrolls to it; never while the learner
    // is typing elsewhere)
    if (p && !ds.embed && ui.place) {
      // the band the page shows between what stays on screen: the canvas
      // (sticky at the top on a phone) and the timeline (sticky at the bottom)
      const stuck = (/** @type {string} */ id) => { const e = document.getElementById(id); return e && getComputedStyle(e).position === 'sticky' ? e.getBoundingClientRect() : null; };
      const st = stuck('stage'), tl = stuck('timeline');
      const top = st ? Math.max(0, st.bottom) : 0, bottom = tl ? Math.min(innerHeight, tl.top) : innerHeight;
      const out = (/** @type {Element} */ e) => { const r = e.getBoundingClientRect(); return r.top < top || r.bottom > bottom; };
      const live = head.parentElement, first = opts.firstElementChild;
      if (live && out(live)) live.scrollIntoView({ block: 'start' });
      if (first && out(first)) first.scrollIntoView({ block: 'nearest' });
    }
  }

  // embed.html (&play=<seat>): the same mode in the iframe, in a compact
  // panel between the caption and the timeline: the decision and its
  // choices, undo, the feedback line and the summary (no seat picker: the
  // URL names the seat; embed.js calls playAs once the game is loaded).
  function setupEmbed() {
    const box = document.getElementById('e-learn');
    if (!box) return;
    const head = h('p', { class: 'play-head', id: 'play-head' });
    const opts = h('div', { class: 'play-opts', role: 'group', 'aria-labelledby': 'play-head' });
    const feedback = h('div', { class: 'play-feedback' });
    const summaryBox = h('div', { class: 'play-summary' });
    const undoBtn = h('button', { type: 'button', class: 'play-undo', i18n: 'play.undo', onclick: () => undo().catch(() => {}) });
    const nextBtn = h('button', { type: 'button', class: 'play-next', i18n: 'play.next', onclick: () => nextDecision().catch(() => {}) });
    // one live region for the decision waiting and the feedback on the move
    // made: screen readers hear both, in that order
    const live = h('div', { class: 'play-live', 'aria-live': 'polite' }, feedback, head);
    box.append(live, h('div', { class: 'play-row' }, opts, undoBtn, nextBtn), summaryBox);
    ui = { panel: box, head, opts, feedback, summaryBox, undoBtn, nextBtn, button: null, seatSel: null };
    ds.on('step', nextState);
    keys(box, opts);
    const name = () => box.setAttribute('aria-label', t('play.title'));
    name();
    if (i18n.onChange) i18n.onChange(() => { name(); setTimeout(render, 0); });
  }

  // "Next decision": while the others play on, or while the view is away
  // from the decision waiting
  function nextState() {
    if (!ui || !ui.nextBtn || !P.active) return;
    ui.nextBtn.disabled = P.finished || (P.target === null && !(P.pending && ds.step !== P.pending.i));
  }

  // 1-9 choose, arrows move between the options (in the panel); outside it,
  // 1-9 choose too while a decision waits.
  /** @param {HTMLElement} panel @param {HTMLElement} opts */
  function keys(panel, opts) {
    panel.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const bs = [...opts.querySelectorAll('button')];
      if (/^[1-9]$/.test(e.key) && P.pending) {
        if (stale(e)) { e.preventDefault(); e.stopPropagation(); return; }
        const b = bs[Number(e.key) - 1];
        if (b) { b.click(); e.preventDefault(); e.stopPropagation(); }
        return;
      }
      const k = bs.findIndex((b) => b === document.activeElement);
      if (k >= 0 && ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft'].includes(e.key)) {
        const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : -1;
        bs[(k + step + bs.length) % bs.length].focus();
        e.preventDefault();
        e.stopPropagation();
      }
    });
    document.addEventListener('keydown', (e) => {
      const target = e.target instanceof Node ? e.target : null;
      if (!P.pending || e.ctrlKey || e.metaKey || e.altKey || panel.contains(target)) return;
      const tag = target instanceof Element ? target.tagName : undefined;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (/^[1-9]$/.test(e.key)) {
        if (stale(e)) { e.preventDefault(); return; }
        const b = opts.querySelectorAll('button')[Number(e.key) - 1];
        if (b) { b.click(); e.preventDefault(); }
      }
    });
  }

  function setup() {
    if (ds.embed) { setupEmbed(); return; }
    const tools = document.getElementById('teach-tools');
    // under the timeline: the canvas, its caption and the controls stay together
    const anchor = document.getElementById('timeline') || document.getElementById('variation') || document.getElementById('caption');
    if (!tools || !anchor) return;
    const button = h('button', { type: 'button', id: 'play-open', class: 'toggle', 'aria-pressed': 'false', i18n: 'play.button' });
    const seatSel = h('select', { id: 'play-seat' });
    const hints = h('input', { type: 'checkbox', id: 'play-hints' });
    const head = h('p', { class: 'play-head', id: 'play-head' });
    const opts = h('div', { class: 'play-opts', role: 'group', 'aria-labelledby': 'play-head' });
    const feedback = h('div', { class: 'play-feedback' });
    const summaryBox = h('div', { class: 'play-summary' });
    const undoBtn = h('button', { type: 'button', class: 'play-undo', i18n: 'play.undo', onclick: () => undo().catch(() => {}) });
    const nextBtn = h('button', { type: 'button', class: 'play-next', i18n: 'play.next', onclick: () => nextDecision().catch(() => {}) });
    const panel = h('section', { class: 'panel play', id: 'play-panel', hidden: true, 'aria-labelledby': 'play-title' },
      h('div', { class: 'play-top' },
        h('h2', { id: 'play-title', i18n: 'play.title' }),
        h('label', { class: 'field inline' }, h('span', { i18n: 'play.seat' }), seatSel),
        h('button', { type: 'button', class: 'primary', i18n: 'play.start',
          onclick: () => playAs(seatSel.value, { instant: P.instant }).catch((e) => { head.textContent = e.message; }) }),
        h('label', { class: 'field inline' }, hints, h('span', { i18n: 'play.hints' })),
        undoBtn, nextBtn,
        h('button', { type: 'button', i18n: 'play.exit', onclick: stopPlay })),
      // one live region: screen readers hear the decision waiting and the
      // feedback on the move just made
      h('div', { class: 'play-live', 'aria-live': 'polite' }, feedback, head), opts,
      h('p', { class: 'hint', i18n: 'play.keys' }), summaryBox);
    anchor.after(panel);
    // With play on, the panel sits next to the canvas: at the top of the
    // side column on a wide screen (the canvas's neighbour), right under the
    // caption on a narrow one (one column; style.css makes the canvas
    // shorter then), so the decision, its choices and the feedback are in
    // view with the game. Off, it goes back under the timeline.
    const side = document.querySelector('.side-col');
    const caption = document.getElementById('caption');
    const wide = matchMedia('(min-width: 981px)');
    const place = () => {
      const on = document.body.dataset.play === 'on';
      const to = !on ? null : wide.matches && side ? side : caption;
      if (!to) { if (panel.previousElementSibling !== anchor) anchor.after(panel); return; }
      if (to === side) { if (to.firstElementChild !== panel) to.prepend(panel); } else if (to.nextElementSibling !== panel) to.after(panel);
    };
    if (wide.addEventListener) wide.addEventListener('change', place);
    ui = { panel, head, opts, feedback, summaryBox, undoBtn, nextBtn, button, seatSel, place };
    ds.on('step', nextState);
    const fillSeats = () => {
      if (!ds.game) return;
      seatSel.textContent = '';
      for (const s of seatChoices(ds.game)) seatSel.append(h('option', { value: s, text: s }));
    };
    button.addEventListener('click', () => {
      if (P.active || !panel.hidden) { stopPlay(); return; }
      fillSeats();
      panel.hidden = false;
      button.setAttribute('aria-pressed', 'true');
      head.textContent = '';
      seatSel.focus();
    });
    hints.addEventListener('change', () => { P.hints = hints.checked; render(); });
    // keys typed in the panel stay in it
    keys(panel, opts);
    ds.on('load', () => { if (P.active && ds.game !== P.game) stopPlay(); fillSeats(); });
    if (i18n.onChange) i18n.onChange(() => setTimeout(render, 0));
    tools.append(button);
    // &play=<seat> in the hash
    const m = /(?:^|[#&])play=([^&]*)/.exec(location.hash);
    if (m) ds.ready.then(() => { fillSeats(); return playAs(decodeURIComponent(m[1])); }).catch((e) => console.warn('deckscope: &play= ' + e.message));
  }

  /** @type {Pick<Deckscope, 'playAs' | 'choose' | 'undo' | 'nextDecision' | 'summary' | 'stopPlay'>} */
  const api = {
    playAs: (seat, opts) => playAs(seat, opts),
    choose: (label, line) => choose(label, line),
    undo: () => undo(),
    nextDecision: () => nextDecision(),
    summary: () => summary(),
    stopPlay: () => stopPlay(),
  };
  Object.assign(ds, api);
  Object.defineProperty(ds, 'pending', { get: pendingView, configurable: true });
  Object.defineProperty(ds, 'playHistory', { get: () => (P.active ? P.moves.map(historyOf) : []), configurable: true });
  Object.defineProperty(ds, 'playTiming', { get: () => (P.timing ? { ...P.timing } : null), configurable: true });
  Object.defineProperty(ds, 'playSeat', { get: () => (P.active ? P.seat : null), configurable: true });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
