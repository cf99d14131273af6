// dp_goudan.js - the goudan decision explorer's panel: fills
// <aside id="dp-panel"> while the game is goudan and the DP mode is on.
// The canvas (scene_dp_goudan.c) draws the bars, the chance tree, the heat
// map and the solve; this panel holds the words: what each operation is,
// its win probability, the breadcrumb, the children of "play" to go
// into, a form for a start state of your own, and the solve controls.
// Every number comes from the engine through dsv_api_dp_goudan_json().
// For a learner: one name for each side (小E; the teacher / 老师) and one
// number format on the whole page (a percentage with 2 decimals, the exact
// value in the title: also on the why panel's values, added here).
'use strict';
import { dsGames } from './index.js';
import dsNarrate from '../core/narrate.js';
import { dsv } from '../core/binding.js';
import { dpPanel, whenParsed } from '../core/panel.js';

/**
 * dsv_api_dp_goudan_json() (web/app/api/api_dp_goudan.c), the fields this panel reads.
 * @typedef {{op: string, value: number, attacker_hp?: number, target_hp?: number}} DpgOp
 * @typedef {{parent: number, depth: number, path_prob: number, value: number, outcome: 'win' | 'loss' | 'continue'}} DpgNode
 * @typedef {{hp_max: number, playing: boolean, done: boolean, layer: number, nlayers: number,
 *   total_hp: number, phase: string, solved: number, total: number, progress: number}} DpgSolve
 * @typedef {object} DpgState
 * @property {boolean} ok
 * @property {boolean} custom
 * @property {number} step
 * @property {number} decision_step
 * @property {string} error
 * @property {string} start_error
 * @property {'E' | 'teacher'} mover
 * @property {number} value
 * @property {number} [O]
 * @property {number} [hp_max]
 * @property {string[]} path
 * @property {{winner: string | null, ops_left: number, players: {hp: number}[]} | null} state
 * @property {{value: number, chosen_index: number, candidates: DpgOp[]}} [decision]
 * @property {string[]} [codes]
 * @property {number} play_index
 * @property {boolean} expanded
 * @property {{nodes: DpgNode[]} | null} tree
 * @property {string[]} [tree_codes]
 * @property {{hp_max: number, done: number}} heat
 * @property {DpgSolve | null} solve
 */

(function () {
  const GOUDAN = dsGames.num.goudan; // games.js
  const I18N = {
    en: {
      'dpg.title': 'Decision explorer',
      'dpg.solving': 'Solving the value table…',
      'dpg.intro': 'The numbers are the probability that {mover} wins after each legal operation, with optimal play by both, best first (point at a number for its exact value). ✓ = the one optimal play picks.',
      'dpg.seed': 'The timeline plays one game of query {q}: its random hits are drawn with the playout seed {seed}. These probabilities are over all random hits.',
      'dpg.decisionOf': 'The decision of step {s}, the one the Why panel explains.',
      'dpg.state': '{mover} to move · 小E HP {e} · teacher HP {t} · operations left {ops}',
      'dpg.value': 'Probability that {mover} wins: {v}',
      'dpg.over': 'Game over: {who} wins.',
      'dpg.E': '小E',
      'dpg.T': 'the teacher',
      'dpg.op.play': 'play a card (3 random hits, then a HP-2 minion)',
      'dpg.op.face': 'minion (HP {a}) attacks the enemy player (−3 HP)',
      'dpg.op.trade': 'minion (HP {a}) trades with an enemy minion (HP {b})',
      'dpg.op.skill': 'skill (−2 HP, draw a card)',
      'dpg.op.end_turn': 'end the turn',
      'dpg.col.op': 'Operation',
      'dpg.col.value': 'P({mover} wins)',
      'dpg.chosen': 'chosen',
      'dpg.path': 'Path',
      'dpg.crumbStep': 'step {s}: {who}',
      'dpg.crumbTyped': 'typed: ',
      'dpg.follow': 'Back to the timeline',
      'dpg.tree': 'Show the chance tree of “play”',
      'dpg.treeHelp': 'Canvas, lower left: the play and its three random hits (the columns). The height of a box is the probability of reaching it; its colour is 小E’s chance, from red (the lowest shown) to blue (the highest shown; the scale is under the tree); green / red = game over. Codes: E / T = a player, E:1 = one of 小E’s HP-1 minions, z = it already attacked. Click a box in the last column (or a game over) to go into that state.',
      'dpg.children': 'Go into a state after the play (most likely first):',
      'dpg.child': '{path} · probability {p} · {mover} wins {v}',
      'dpg.childOver': '{path} · probability {p} · {who} wins',
      'dpg.heat': 'Heat map (canvas, right): 小E’s probability of winning in this same state with other HPs (小E’s HP up, the teacher’s to the right); the frame marks the current HPs. Cells computed: {done}/{all}.',
      'dpg.start': 'Explore a start state of your own (小E to move, after the draw):',
      'dpg.eHp': '小E HP', 'dpg.tHp': 'Teacher HP',
      'dpg.eMin': '小E’s minions (HPs)', 'dpg.tMin': 'Teacher’s minions (HPs)',
      'dpg.eHand': '小E’s hand', 'dpg.tHand': 'Teacher’s hand',
      'dpg.go': 'Explore',
      'dpg.solve': 'The solve, animated (canvas, lower right)',
      'dpg.solveHelp': 'The engine solves every start state by layers of total HP (both players plus all minions): every operation lowers it, so each layer only needs lower ones. Per layer: the three chance layers of a play, then the start-of-turn values, then the in-turn values. Shown for HP ≤ {hp}; the real table (HP ≤ {real}) was solved the same way when the input loaded.',
      'dpg.solvePlay': 'Play', 'dpg.solvePause': 'Pause', 'dpg.solveRestart': 'Restart',
      'dpg.solveInfo': 'Layer {i}/{n} (total HP {L}), phase {ph}: {s} of {all} start states solved.',
      'dpg.solveDone': 'Done: {all} start states solved in {n} layers.',
    },
    zh: {
      'dpg.title': '决策浏览器',
      'dpg.solving': '正在求解胜率表…',
      'dpg.intro': '这些数字是执行每个合法操作后{mover}获胜的概率（双方都最优），从好到差（鼠标指向数字可看精确值）。✓ = 最优策略选择的操作。',
      'dpg.seed': '时间轴演示询问 {q} 的一局：其中的随机伤害由演示种子 {seed} 决定。这里的概率是对所有随机结果而言的。',
      'dpg.decisionOf': '第 {s} 步的决策，即“为什么”面板解释的那一个。',
      'dpg.state': '{mover}行动 · 小E HP {e} · 老师 HP {t} · 剩余操作 {ops}',
      'dpg.value': '{mover}获胜的概率：{v}',
      'dpg.over': '游戏结束：{who}获胜。',
      'dpg.E': '小E',
      'dpg.T': '老师',
      'dpg.op.play': '打出一张牌（3 次随机打击，然后召唤 HP 2 的随从）',
      'dpg.op.face': '随从（HP {a}）攻击对方玩家（−3 HP）',
      'dpg.op.trade': '随从（HP {a}）与对方随从（HP {b}）同归于尽',
      'dpg.op.skill': '技能（−2 HP，抓一张牌）',
      'dpg.op.end_turn': '结束回合',
      'dpg.col.op': '操作',
      'dpg.col.value': '{mover}胜率',
      'dpg.chosen': '选择',
      'dpg.path': '路径',
      'dpg.crumbStep': '第 {s} 步：{who}',
      'dpg.crumbTyped': '输入：',
      'dpg.follow': '回到时间轴',
      'dpg.tree': '显示“出牌”的概率树',
      'dpg.treeHelp': '画布左下：出牌及其三次随机伤害（各列）。方块高度是到达它的概率，颜色是小E 的胜率，从红（图中最低）到蓝（图中最高；色标在树下方）；绿 / 红 = 游戏结束。代号：E / T = 玩家，E:1 = 小E 的体力 1 随从，z = 本回合已攻击。点击最后一列的方块（或游戏结束的方块）进入该局面。',
      'dpg.children': '进入出牌后的局面（概率从大到小）：',
      'dpg.child': '{path} · 概率 {p} · {mover}胜率 {v}',
      'dpg.childOver': '{path} · 概率 {p} · {who}获胜',
      'dpg.heat': '热力图（画布右侧）：同一局面换成其他 HP 时小E 的胜率（纵轴小E HP，横轴老师 HP），方框是当前 HP。已计算格子：{done}/{all}。',
      'dpg.start': '探索自己输入的初始局面（小E 行动，已抓牌）：',
      'dpg.eHp': '小E HP', 'dpg.tHp': '老师 HP',
      'dpg.eMin': '小E 的随从（HP）', 'dpg.tMin': '老师的随从（HP）',
      'dpg.eHand': '小E 手牌数', 'dpg.tHand': '老师手牌数',
      'dpg.go': '探索',
      'dpg.solve': '求解过程动画（画布右下）',
      'dpg.solveHelp': '引擎按“总 HP”（双方玩家加所有随从）分层求解所有初始局面：每个操作都会降低总 HP，所以每层只依赖更低的层。每层依次计算出牌的三层随机节点、回合开始的值、回合内的值。动画演示 HP ≤ {hp}；真实的表（HP ≤ {real}）在载入输入时用同样方法求出。',
      'dpg.solvePlay': '播放', 'dpg.solvePause': '暂停', 'dpg.solveRestart': '重新开始',
      'dpg.solveInfo': '第 {i}/{n} 层（总 HP {L}），阶段 {ph}：已求出 {s} / {all} 个初始局面。',
      'dpg.solveDone': '完成：{n} 层，共 {all} 个初始局面。',
    },
  };

  // The panel's own few rules (the page's stylesheet belongs to the page).
  const CSS = `
.dpg h2 { margin: 0 0 .4rem; font-size: 1.05rem; }
.dpg h3 { margin: .8rem 0 .3rem; font-size: .95rem; }
.dpg p { margin: .35rem 0; }
.dpg-help { font-size: .85rem; opacity: .85; }
.dpg-value { font-weight: 600; }
.dpg-ops { width: 100%; border-collapse: collapse; font-size: .9rem; }
.dpg-ops th, .dpg-ops td { padding: .15rem .35rem; text-align: left; border-bottom: 1px solid rgba(127,127,127,.25); }
.dpg-ops td.dpg-num-cell { text-align: right; font-family: ui-monospace, monospace; white-space: nowrap; }
.dpg-ops tr.dpg-chosen td { font-weight: 600; }
.dpg-children { list-style: none; padding: 0; margin: .2rem 0; display: flex; flex-wrap: wrap; gap: .25rem; }
.dpg-child, .dpg-crumb { font-size: .8rem; }
.dpg-form { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: end; }
.dpg-field { display: flex; flex-direction: column; font-size: .8rem; }
.dpg-num { width: 4.5rem; } .dpg-text { width: 7rem; }
.dpg-error { color: #d33; font-weight: 600; }
`;

  function start() {
    // the stylesheet, the words, the page's API and the panel (core/panel.js)
    const P = dpPanel({ id: 'dpg-style', css: CSS, words: I18N });
    if (!P) return;
    const { ds, i18n, panel, t } = P;

    /** @type {import('../core/binding.js').DsvApi | null} */
    let X = null;
    /** @type {HTMLElement | null} */
    let root = null;
    /** @type {Parts | null} */
    let parts = null;
    let lastRev = -2, lastRender = 0, raf = 0, lastStructure = '';

    // the exports (core/binding.js), once the page has its module
    /** @param {import('../core/binding.js').DsvModule | null} M */
    const exportsOf = (M) => (M ? dsv(M) : null);

    const active = () => !!X && X.game() === GOUDAN && X.mode() === 1;

    const el = i18n.el;

    /** @param {string | number | null} m */
    const who = (m) => t(m === 'E' || m === 0 ? 'dpg.E' : 'dpg.T');
    // The page's one number format, the engine's (ds_say_pct, laid out by
    // narrate.js's valueText as in the why panel): a percentage with at most
    // two decimals, never 0 or 100 unless certain; the exact value (the
    // judge's 9 decimals) goes in the title.
    /** @param {number} v */
    const pct = (v) => dsNarrate.valueText({ measure: 'win_chance' }, { value: v }, i18n && i18n.lang);
    /** @param {number} v */
    const exact = (v) => v.toFixed(9);
    /** @param {number} v @param {Record<string, string>} [attrs] */
    const num = (v, attrs) => el('span', { class: 'dpg-pct', title: exact(v), 'data-exact': String(v), text: pct(v), ...(attrs || {}) });
    // A breadcrumb's words (the model's labels are ASCII: "step N: E|T", "typed: ...", "PLAY ...").
    /** @param {string} label */
    function crumb(label) {
      const m = /^step (\d+): ([ET])$/.exec(label);
      if (m) return t('dpg.crumbStep', { s: m[1], who: who(m[2]) });
      if (label.startsWith('typed: ')) return t('dpg.crumbTyped') + label.slice(7);
      return label;
    }
    /** @param {DpgOp} c */
    function opText(c) {
      if (c.op === 'face') return t('dpg.op.face', { a: c.attacker_hp });
      if (c.op === 'trade') return t('dpg.op.trade', { a: c.attacker_hp, b: c.target_hp });
      return t('dpg.op.' + c.op);
    }

    /** @param {string} tag @param {Record<string, string>} attrs */
    const input = (tag, attrs) => /** @type {HTMLInputElement} */ (el(tag, attrs));
    /** The parts of the panel that never change (the form keeps what is typed). */
    function makeParts() {
      /** @param {string} name @param {number} v @param {number} min @param {number} max */
      const num = (name, v, min, max) =>
        input('input', { type: 'number', name, value: String(v), min: String(min), max: String(max), class: 'dpg-num' });
      const form = el('form', { class: 'dpg-form', 'data-dpg': 'form' });
      form.addEventListener('submit', (/** @type {SubmitEvent} */ ev) => { ev.preventDefault(); submitStart(); });
      return {
        title: el('h2', { class: 'dpg-title' }),
        status: el('p', { 'data-dpg': 'status' }),
        path: el('nav', { class: 'dpg-path', 'data-dpg': 'path' }),
        state: el('p', { 'data-dpg': 'state' }),
        value: el('p', { 'data-dpg': 'value', class: 'dpg-value' }),
        intro: el('p', { class: 'dpg-help', 'data-dpg': 'intro' }),
        seed: el('p', { class: 'dpg-help', 'data-dpg': 'seed' }),
        decisionOf: el('p', { class: 'dpg-help', 'data-dpg': 'decision-of' }),
        ops: el('table', { class: 'dpg-ops', 'data-dpg': 'ops' }),
        treeToggle: input('input', { type: 'checkbox', 'data-dpg': 'tree-toggle' }),
        treeLabel: el('span'),
        treeHelp: el('p', { class: 'dpg-help' }),
        childrenTitle: el('p'),
        children: el('ul', { class: 'dpg-children', 'data-dpg': 'children' }),
        heat: el('p', { class: 'dpg-help', 'data-dpg': 'heat' }),
        startTitle: el('p'),
        form,
        err: el('p', { class: 'dpg-error', 'data-dpg': 'error', role: 'alert' }),
        solveTitle: el('h3'),
        solveHelp: el('p', { class: 'dpg-help' }),
        solvePlay: el('button', { type: 'button', 'data-dpg': 'solve-play' }),
        solveRestart: el('button', { type: 'button', 'data-dpg': 'solve-restart' }),
        solveInfo: el('p', { 'data-dpg': 'solve-info', 'aria-live': 'polite' }),
        fields: {
          e: num('e', 5, 1, 20), s: num('s', 14, 1, 20),
          em: input('input', { type: 'text', name: 'em', value: '1', class: 'dpg-text', inputmode: 'numeric' }),
          sm: input('input', { type: 'text', name: 'sm', value: '1', class: 'dpg-text', inputmode: 'numeric' }),
          eh: num('eh', 0, 0, 3), sh: num('sh', 1, 0, 3),
        },
        /** @type {Record<FieldKey, HTMLElement>} */
        fieldLabels: { e: el('span'), s: el('span'), em: el('span'), sm: el('span'), eh: el('span'), sh: el('span') },
        go: el('button', { type: 'submit' }),
      };
    }
    /** @typedef {ReturnType<typeof makeParts>} Parts */
    /** @typedef {'e' | 's' | 'em' | 'sm' | 'eh' | 'sh'} FieldKey */
    /** @type {FieldKey[]} */
    const FIELDS = ['e', 's', 'em', 'sm', 'eh', 'sh'];

    function build() {
      teardown();
      const p = makeParts();
      parts = p;
      const form = p.form;
      for (const k of FIELDS) {
        form.append(el('label', { class: 'dpg-field' }, p.fieldLabels[k], p.fields[k]));
      }
      form.append(p.go);
      p.treeToggle.addEventListener('change', () => { if (X) X.dp_goudan_expand(p.treeToggle.checked ? 1 : 0); render(true); });
      p.solvePlay.addEventListener('click', () => {
        if (!X) return;
        const J = current();
        const playing = J && J.solve && J.solve.playing;
        X.dp_goudan_anim(playing ? 0 : (J && J.solve && J.solve.done ? 2 : 1));
        render(true);
      });
      p.solveRestart.addEventListener('click', () => { if (X) X.dp_goudan_anim(2); render(true); });
      const box = el('div', { class: 'dpg', 'data-dp': 'goudan' },
        p.title, p.status, p.seed, p.path, p.decisionOf, p.state, p.value, p.intro, p.ops,
        el('label', { class: 'dpg-toggle' }, p.treeToggle, p.treeLabel), p.treeHelp,
        p.childrenTitle, p.children, p.heat, p.startTitle, p.form, p.err,
        p.solveTitle, p.solveHelp, el('p', {}, p.solvePlay, ' ', p.solveRestart), p.solveInfo);
      root = box;
      panel.append(box);
      lastRev = -2;
      lastStructure = '';
      render(true);
    }

    /** @returns {DpgState | null} */
    function current() {
      if (!X) return null;
      const s = X.dp_goudan_json();
      if (!s || s === 'null') return null;
      try { return JSON.parse(s); } catch (e) { console.error('dp_goudan: bad JSON', e); return null; }
    }

    function submitStart() {
      if (!X || !parts) return;
      const f = parts.fields;
      const J = current();
      const O = J && J.O ? J.O : 5;
      /** @param {HTMLInputElement} s */
      const list = (s) => s.value.trim().split(/[\s,]+/).filter((x) => x.length);
      const em = list(f.em), sm = list(f.sm);
      // the problem's input format for one query: "T O", "E S", teacher's minions, 小E's, hands
      const text = `1 ${O}\n${f.e.value} ${f.s.value}\n${sm.length}${sm.length ? ' ' + sm.join(' ') : ''}\n` +
        `${em.length}${em.length ? ' ' + em.join(' ') : ''}\n${f.sh.value} ${f.eh.value}\n`;
      X.dp_goudan_start(text);
      render(true);
    }

    /** @param {boolean} force @returns {boolean | undefined} false when throttled */
    function render(force) {
      if (!root || !parts || !X) return;
      const ui = parts, api = X;
      const now = performance.now();
      if (!force && now - lastRender < 150) return false; // throttled: the caller tries again
      lastRender = now;
      const J = current();
      ui.title.textContent = t('dpg.title');
      {
        const q = /** @type {HTMLInputElement | null} */ (document.getElementById('goudan-query'));
        const sd = /** @type {HTMLInputElement | null} */ (document.getElementById('goudan-seed'));
        ui.seed.textContent = t('dpg.seed', { q: q ? q.value : 1, seed: sd ? sd.value : 1 });
      }
      ui.treeLabel.textContent = ' ' + t('dpg.tree');
      ui.treeHelp.textContent = t('dpg.treeHelp');
      ui.childrenTitle.textContent = t('dpg.children');
      ui.startTitle.textContent = t('dpg.start');
      /** @type {Record<FieldKey, string>} */
      const labelKeys = { e: 'dpg.eHp', s: 'dpg.tHp', em: 'dpg.eMin', sm: 'dpg.tMin', eh: 'dpg.eHand', sh: 'dpg.tHand' };
      for (const k of FIELDS) ui.fieldLabels[k].textContent = t(labelKeys[k]) + ' ';
      ui.go.textContent = t('dpg.go');
      ui.solveTitle.textContent = t('dpg.solve');
      ui.solvePlay.textContent = J && J.solve && J.solve.playing ? t('dpg.solvePause') : t('dpg.solvePlay');
      ui.solveRestart.textContent = t('dpg.solveRestart');
      if (!J) {
        ui.status.textContent = api.busy() ? t('dpg.solving') : '';
        return;
      }
      ui.status.textContent = '';
      ui.intro.textContent = t('dpg.intro', { mover: who(J.mover) });
      ui.decisionOf.textContent = !J.custom && J.decision_step === J.step - 1 ? t('dpg.decisionOf', { s: J.step }) : '';
      ui.decisionOf.hidden = !ui.decisionOf.textContent;
      ui.solveHelp.textContent = t('dpg.solveHelp', { hp: J.solve ? J.solve.hp_max : 8, real: J.hp_max });
      ui.err.textContent = J.start_error || (J.ok || !J.error || J.error.startsWith('game over') ? '' : J.error);
      ui.err.hidden = !ui.err.textContent;
      ui.heat.textContent = t('dpg.heat', { done: J.heat.done, all: J.heat.hp_max * J.heat.hp_max });
      const S = J.solve;
      ui.solveInfo.textContent = !S ? '' : S.done ? t('dpg.solveDone', { all: S.total, n: S.nlayers })
        : t('dpg.solveInfo', { i: S.layer + 1, n: S.nlayers, L: S.total_hp, ph: S.phase, s: S.solved, all: S.total });
      // the rest only changes with the explored state
      const structure = JSON.stringify([J.path, J.ok, J.decision && J.decision.value, J.expanded, J.custom, i18n && i18n.lang, J.state]);
      if (structure === lastStructure) return;
      lastStructure = structure;

      ui.path.replaceChildren(el('span', { text: t('dpg.path') + ': ' }));
      J.path.forEach((label, i) => {
        if (i) ui.path.append(' › ');
        const last = i === J.path.length - 1;
        ui.path.append(el('button', {
          type: 'button', class: 'dpg-crumb', 'data-depth': String(i), 'aria-current': last ? 'step' : 'false',
          text: crumb(label), onclick: () => { api.dp_goudan_back(i); render(true); },
        }));
      });
      if (J.custom) ui.path.append(' ', el('button', { type: 'button', 'data-dpg': 'follow', text: t('dpg.follow'), onclick: () => { api.dp_goudan_follow(); render(true); } }));

      const st = J.state;
      const ps = st && st.players;
      ui.state.textContent = ps ? t('dpg.state', { mover: who(J.mover), e: ps[0].hp, t: ps[1].hp, ops: st.ops_left }) : '';
      if (st && st.winner != null) ui.value.textContent = t('dpg.over', { who: who(st.winner) });
      else {
        ui.value.replaceChildren();
        if (J.ok) {
          const [a, b] = t('dpg.value', { mover: who(J.mover), v: '\u0000' }).split('\u0000');
          ui.value.append(a, num(J.value), b || '');
        }
      }

      ui.ops.replaceChildren();
      const dec = J.decision;
      if (J.ok && dec) {
        ui.ops.append(el('thead', {}, el('tr', {}, el('th', { text: '' }), el('th', { text: t('dpg.col.op') }), el('th', { text: t('dpg.col.value', { mover: who(J.mover) }) }))));
        const body = el('tbody');
        dec.candidates.forEach((c, i) => {
          const chosen = i === dec.chosen_index; // "chosen" is the label (the one record's shape)
          body.append(el('tr', { class: chosen ? 'dpg-chosen' : '', 'data-op': c.op, 'data-value': String(c.value), 'data-chosen': chosen ? '1' : '0' },
            el('td', { text: chosen ? '✓' : '', title: chosen ? t('dpg.chosen') : '' }),
            el('td', { text: (J.codes ? J.codes[i] + ' — ' : '') + opText(c) }),
            el('td', { class: 'dpg-num-cell', title: exact(c.value), text: pct(c.value) })));
        });
        ui.ops.append(body);
      }
      ui.treeToggle.checked = !!J.expanded;
      ui.treeToggle.disabled = !(J.ok && J.play_index >= 0);

      // children of the play: the leaves, most likely first
      ui.children.replaceChildren();
      const tree = J.tree;
      if (tree && J.expanded) {
        const nodes = tree.nodes;
        const codes = J.tree_codes || [];
        /** @param {number} i */
        const pathOf = (i) => { const p = []; for (let k = i; k > 0; k = nodes[k].parent) p.unshift(codes[k]); return p.join(' ') };
        /** @type {number[]} */
        const leaves = [];
        nodes.forEach((n, i) => { if (i > 0 && (n.depth === 3 || n.outcome !== 'continue')) leaves.push(i); });
        leaves.sort((a, b) => nodes[b].path_prob - nodes[a].path_prob || a - b);
        for (const i of leaves.slice(0, 12)) {
          const n = nodes[i];
          const moverWon = n.outcome === 'win';
          const label = n.outcome !== 'continue'
            ? t('dpg.childOver', { path: 'PLAY ' + pathOf(i), p: pct(n.path_prob), who: who(moverWon === (J.mover === 'E') ? 'E' : 'T') })
            : t('dpg.child', { path: 'PLAY ' + pathOf(i), p: pct(n.path_prob), mover: who(J.mover), v: pct(n.value) });
          ui.children.append(el('li', {}, el('button', {
            type: 'button', class: 'dpg-child', 'data-node': String(i), 'data-value': String(n.value), text: label,
            title: n.outcome !== 'continue' ? exact(n.path_prob) : exact(n.path_prob) + ' · ' + exact(n.value),
            onclick: () => { api.dp_goudan_enter(i); render(true); },
          })));
        }
      }
    }

    function tick() {
      raf = 0;
      if (!active()) { teardown(); return; }
      if (!root || !panel.contains(root)) build();
      if (!X) return;
      const r = X.dp_goudan_rev();
      // a change seen while render was throttled is drawn on a later frame
      if (r !== lastRev && render(false) !== false) lastRev = r;
      raf = requestAnimationFrame(tick);
    }
    function teardown() {
      if (root) { root.remove(); root = null; parts = null; }
    }
    function check() {
      if (!X) X = exportsOf(ds.module);
      if (!X) return;
      if (active() && !raf) raf = requestAnimationFrame(tick);
      if (!active()) teardown();
    }
    P.watch(check);
    // The why panel's values (dsNarrate's percentages, the same format):
    // the exact value of each in its title, from the decision record.
    ds.on && ds.on('why', (/** @type {{ box?: HTMLElement, decision?: DsDecision | null } | null} */ w) => {
      if (!X) X = exportsOf(ds.module);
      if (!X || X.game() !== GOUDAN || !w || !w.box || !w.decision) return;
      const table = /** @type {HTMLTableElement | null} */ (w.box.querySelector('table.cands'));
      if (!table) return;
      const rows = table.tBodies[0] ? table.tBodies[0].rows : [];
      w.decision.candidates.forEach((c, i) => {
        const cell = rows[i] && rows[i].cells[1];
        if (cell && typeof c.value === 'number') { cell.title = exact(c.value); cell.dataset.exact = String(c.value); }
      });
    });
    ds.on && ds.on('lang', () => { if (root) { lastStructure = ''; render(true); } });
    // for tests and embedders
    ds.dpGoudan = {
      get state() { return X ? current() : null; },
      render: () => render(true),
    };
  }

  whenParsed(start);
})();
