// dp_mahjong.js - the panel of mahjong's winning-distance DP view.
//
// Fills <aside id="dp-panel"> while the game is mahjong and the DP mode is on
// (the page's "DP" button or the `d` key). The canvas draws the engine's DP
// record of one hand (web/app/scenes/scene_dp_mahjong.c); this panel says what the
// numbers mean, in the chosen language, and drives the view through the
// dsv_api_dp_mahjong_* exports (web/app/api/api_dp_mahjong.c):
//   - whose hand (A..D; the player to act by default), its distance and the
//     formula d = (14 - 3n) - matched;
//   - the position of the DP animation (column k of 34, then the path, then
//     the target hand); it has no controls of its own: while the view is
//     open the timeline's keys drive it (left/right one column, Space
//     play/pause, Home/End) and it runs at the timeline's speed;
//   - what a row label "g p s1 s2" means, in words (a line here, and the
//     canvas's tooltip for the row under the pointer);
//   - the target winning hand (groups, tiles to add and to remove);
//   - the candidates of the decision at this step (each discard with its
//     distance, or each call option of the claims) from the engine's
//     decision record; clicking one shows the DP of the hand it leads to.
// Every number shown comes from the engine (the record or the event).
'use strict';
import { dsGames } from './index.js';
import { dsv } from '../core/binding.js';
import { dpPanel, whenParsed } from '../core/panel.js';

/**
 * dsv_api_dp_mahjong_info() (web/app/api/api_dp_mahjong.c), the fields this panel reads.
 * @typedef {{i: number, kind: string, player: string, tile: string, tiles?: string[], dist: number | null, melds: number, chosen: boolean}} DpmCandidate
 * @typedef {object} DpmInfo
 * @property {boolean} ok
 * @property {number} step
 * @property {string} player
 * @property {number} melds
 * @property {number} source  the candidate whose hand is shown, -1 the hand of the step
 * @property {string[]} hand
 * @property {number} [distance]
 * @property {number} [best_match]
 * @property {number} [target_tiles]
 * @property {number} [groups]
 * @property {string} [end_state]
 * @property {number} [rows]
 * @property {string[]} [add]
 * @property {string[]} [remove]
 * @property {number} pos
 * @property {number} pos_max
 * @property {{kind: 'discard' | 'claims' | null, event: number}} decision
 * @property {DpmCandidate[]} candidates
 */

(function () {
  const I18N = {
    en: {
      'dpm.title': 'Winning-distance DP',
      'dpm.hand': 'Hand of {p}',
      'dpm.handAfter': 'Hand of {p} after {what}',
      'dpm.player': 'Player',
      'dpm.distance': 'distance = {d}',
      'dpm.formula': '{t} tiles in a winning hand ({g} groups + 1 pair, {n} melds) − {m} hand tiles the best target keeps = {d}',
      'dpm.incomplete': 'This hand is not complete yet (the deal is still going on): no distance.',
      'dpm.keys': 'The timeline’s keys drive the table while it is open: ← → one column, Space play / pause, Home / End, + − speed. The timeline’s buttons and [ ] move through the game.',
      'dpm.rowKey': 'Row label “{code}” = {words}.',
      'dpm.rowWords': '{g} {groups} placed, {pair}, {s1} {seq1} started at the previous kind and {s2} two kinds back (still waiting for tiles)',
      'dpm.group1': 'group', 'dpm.groupN': 'groups',
      'dpm.pair1': 'the pair placed', 'dpm.pair0': 'no pair yet',
      'dpm.seq1': 'sequence', 'dpm.seqN': 'sequences',
      'dpm.pos0': 'Start: nothing placed (g0 p0, value 0).',
      'dpm.posK': 'Column {k} of 34: after {tile} (hand has {have}).',
      'dpm.posTrace': 'The optimal path traced back from the best end state {state}.',
      'dpm.posTarget': 'The target winning hand.',
      'dpm.target': 'Target',
      'dpm.add': 'add',
      'dpm.remove': 'remove',
      'dpm.none': 'none',
      'dpm.legend': 'How to read the table',
      'dpm.leg.cols': 'One column per tile kind, 1M to Z, in order; row H = copies in the hand, row F = copies in the target (after the trace).',
      'dpm.leg.rows': 'Each row is a DP state "g p s1 s2": g groups placed so far, p = 1 once the pair is placed, s1 sequences started at the previous kind and s2 started two kinds back (both still waiting for tiles).',
      'dpm.leg.vals': 'A cell is the most hand tiles matched so far by a partial winning hand in that state; empty = unreachable. The table fills column by column, exactly as the engine computed it.',
      'dpm.leg.pruned': 'Grey cells are dominated states (one with no more groups or pairs is at least as good): kept, not expanded.',
      'dpm.leg.path': 'The gold path is the optimum traced back through the table; below, the target hand: green outline = a tile to add, crossed = a tile to remove.',
      'dpm.leg.hover': 'Point at a cell to see its state code and value.',
      'dpm.decision': 'Decision at this step',
      'dpm.noDecision': 'No decision at this step (a draw, a deal or the end). Step to a discard or to the claims after a discard.',
      'dpm.discardBy': '{p} discards: each candidate with the distance after discarding it',
      'dpm.claimsOn': 'Claims on {p}’s {tile}: each option with the distance after it',
      'dpm.kind.discard': 'discard {tile}',
      'dpm.kind.keep': '{p}: no call',
      'dpm.kind.ron': '{p}: RON {tile}',
      'dpm.kind.pong': '{p}: PONG {tile}',
      'dpm.kind.chow': '{p}: CHOW {tiles}',
      'dpm.chosen': 'chosen',
      'dpm.special': 'special tile (always first)',
      'dpm.backToHand': 'Back to the hand at this step',
      'dpm.showing': 'showing',
    },
    zh: {
      'dpm.title': '和牌距离 DP',
      'dpm.hand': '{p} 的手牌',
      'dpm.handAfter': '{p} {what} 之后的手牌',
      'dpm.player': '玩家',
      'dpm.distance': '距离 = {d}',
      'dpm.formula': '和牌需要 {t} 张（{g} 组面子 + 1 对雀头，已有 {n} 副副露）− 最优目标保留的 {m} 张手牌 = {d}',
      'dpm.incomplete': '这手牌还不完整（仍在发牌）：没有和牌距离。',
      'dpm.keys': '表格打开时由时间轴的按键控制：← → 一列，空格 播放 / 暂停，Home / End 开头 / 结尾，+ − 速度。时间轴的按钮和 [ ] 在对局中移动。',
      'dpm.rowKey': '行标签 “{code}” = {words}。',
      'dpm.rowWords': '已放 {g} 组面子，{pair}，{s1} 个顺子从上一种牌开始、{s2} 个从上上种牌开始（仍在等牌）',
      'dpm.group1': '', 'dpm.groupN': '',
      'dpm.pair1': '已放雀头', 'dpm.pair0': '还没有雀头',
      'dpm.seq1': '', 'dpm.seqN': '',
      'dpm.pos0': '起点：什么都没放（g0 p0，值 0）。',
      'dpm.posK': '第 {k} / 34 列：处理完 {tile}（手中有 {have} 张）。',
      'dpm.posTrace': '从最优终态 {state} 回溯出最优路径。',
      'dpm.posTarget': '目标和牌。',
      'dpm.target': '目标',
      'dpm.add': '摸进',
      'dpm.remove': '打出',
      'dpm.none': '无',
      'dpm.legend': '如何读这张表',
      'dpm.leg.cols': '每种牌一列，从 1M 到 Z 依次排列；H 行 = 手中的张数，F 行 = 目标和牌中的张数（回溯后显示）。',
      'dpm.leg.rows': '每一行是一个 DP 状态 “g p s1 s2”：已放 g 组面子，放了雀头则 p = 1，s1 = 在上一种牌开始的顺子数，s2 = 在上上种牌开始的顺子数（都还在等后面的牌）。',
      'dpm.leg.vals': '格子里的数 = 处于该状态的部分和牌最多能用上的手牌张数；空格 = 不可达。表格按列逐列填写，与引擎的计算顺序完全相同。',
      'dpm.leg.pruned': '灰色格子是被支配的状态（面子/雀头不多于它的状态至少一样好）：保留但不再展开。',
      'dpm.leg.path': '金色路径是沿表格回溯出的最优解；下方是目标和牌：绿色边框 = 要摸进的牌，划掉的 = 要打出的牌。',
      'dpm.leg.hover': '鼠标指向格子可看到状态编码和值。',
      'dpm.decision': '本步的决策',
      'dpm.noDecision': '本步没有决策（摸牌、发牌或结束）。请走到出牌一步，或出牌后的鸣牌判断。',
      'dpm.discardBy': '{p} 出牌：每个候选打出后的距离',
      'dpm.claimsOn': '对 {p} 打出的 {tile} 的鸣牌：每个选项之后的距离',
      'dpm.kind.discard': '打出 {tile}',
      'dpm.kind.keep': '{p}：不鸣牌',
      'dpm.kind.ron': '{p}：RON {tile}',
      'dpm.kind.pong': '{p}：PONG {tile}',
      'dpm.kind.chow': '{p}：CHOW {tiles}',
      'dpm.chosen': '实际选择',
      'dpm.special': '特殊牌（总是先打）',
      'dpm.backToHand': '回到本步的手牌',
      'dpm.showing': '正在显示',
    },
  };
  const LEGEND_SEEN = 'deckscope.dpm.legendSeen';
  const ROW_PX = 16; // the table's row height the stage is grown for (numbers of 13 px)
  const MAHJONG = dsGames.num.mahjong; // games.js
  const KINDS = ['1M', '2M', '3M', '4M', '5M', '6M', '7M', '8M', '9M', '1P', '2P', '3P', '4P', '5P', '6P', '7P',
    '8P', '9P', '1S', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'E', 'S', 'W', 'N', 'B', 'F', 'Z'];

  // The panel's own look, over the page's colour variables (style.css).
  const CSS = `
#dpm h2 { margin: 0 0 .5em; font-size: 1.05rem; }
#dpm h3 { margin: .8em 0 .3em; font-size: .95rem; }
#dpm p { margin: .35em 0; }
#dpm code { font-size: .95em; }
.dpm-players { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.dpm-players button { min-width: 2.2em; }
.dpm-players button[aria-pressed="true"] {
  background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.dpm-distance strong { font-size: 1.15rem; }
.dpm-formula, .dpm-note, .dpm-pos { color: var(--muted); font-size: .92em; }
.dpm-cands { list-style: none; margin: .3em 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.dpm-cand { display: inline-flex; gap: .6em; align-items: baseline; }
.dpm-cand-label { font-family: ui-monospace, monospace; }
.dpm-cand-dist { color: var(--muted); }
.dpm-cand.chosen { background: var(--chosen); border-color: var(--accent); }
.dpm-chosen { color: var(--accent); font-weight: 600; }
.dpm-cand.current { outline: 2px solid var(--accent); outline-offset: 1px; }
.dpm-legend { margin-top: .6em; }
.dpm-legend p { color: var(--muted); font-size: .9em; }
`;

  function start() {
    // the stylesheet, the words, the page's API and the panel (core/panel.js)
    const P = dpPanel({ id: 'dpm-style', css: CSS, words: I18N });
    if (!P) return;
    const { ds, i18n, panel, t } = P;

    /** @type {import('../core/binding.js').DsvApi | null} the exports */
    let X = null;
    /** @type {HTMLElement | null} our element inside the panel */
    let root = null;
    /** @type {DpmInfo | null} last dsv_api_dp_mahjong_info() */
    let info = null;
    /** @type {number | null} */
    let version = null;
    /** @type {boolean | null} */
    let lastPlaying = null;
    let lastPos = -2, lastStep = -1;
    let raf = 0;
    let lastHover = -2;
    let legendOpen = true;
    try { legendOpen = !localStorage.getItem(LEGEND_SEEN); } catch (e) { /* keep open */ }

    // the exports (core/binding.js), once the page has its module
    /** @param {import('../core/binding.js').DsvModule | null} M */
    const exportsOf = (M) => (M ? dsv(M) : null);

    const active = () => !!X && X.game() === MAHJONG && X.mode() === 1;

    const el = i18n.el;
    /** @param {string[] | undefined} a */
    const tiles = (a) => (a && a.length ? a.join(' ') : t('dpm.none'));

    /** @param {DpmCandidate} c */
    function candLabel(c) {
      const vars = { p: c.player, tile: c.tile, tiles: (c.tiles || []).join(' ') };
      return t('dpm.kind.' + c.kind, vars);
    }

    // A DP state index as its row label and in words (state = g*50 + p*25 + s1*5 + s2).
    /** @param {number} st */
    const rowCode = (st) => `${Math.floor(st / 50)} ${Math.floor(st / 25) % 2} ${Math.floor(st / 5) % 5} ${st % 5}`;
    /** @param {number} st */
    function rowWords(st) {
      const g = Math.floor(st / 50), p = Math.floor(st / 25) % 2, s1 = Math.floor(st / 5) % 5, s2 = st % 5;
      return t('dpm.rowWords', {
        g, groups: t(g === 1 ? 'dpm.group1' : 'dpm.groupN'), pair: t(p ? 'dpm.pair1' : 'dpm.pair0'),
        s1, seq1: t(s1 === 1 ? 'dpm.seq1' : 'dpm.seqN'), s2,
      }).replace(/\s+/g, ' ').replace(/ (，|、)/g, '$1');
    }

    // The timeline's keys drive the DP animation while the view is open (one
    // set of play controls); they are taken before the page's own handler.
    /** @param {EventTarget | null} node @returns {boolean} */
    function typing(node) {
      if (!(node instanceof HTMLElement)) return false;
      const target = /** @type {HTMLElement & {type?: string}} */ (node);
      if (target.isContentEditable) return true;
      const tag = target.tagName;
      if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
      return tag === 'INPUT' && target.type !== 'button' && target.type !== 'checkbox';
    }
    /** @param {KeyboardEvent} e */
    function onKey(e) {
      if (!X || !active() || !info || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if ([...document.querySelectorAll('dialog[open]')].length) return;
      const tag = e.target instanceof Element ? e.target.tagName : undefined;
      const p = X.dp_mahjong_pos();
      switch (e.key) {
        case 'ArrowLeft': X.dp_mahjong_seek(p - 1, 1); break;
        case 'ArrowRight': X.dp_mahjong_seek(p + 1, 1); break;
        case 'Home': X.dp_mahjong_seek(0, 0); break;
        case 'End': X.dp_mahjong_seek(info.pos_max, 0); break;
        case ' ': case 'Spacebar':
          if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return;
          if (!e.repeat) X.dp_mahjong_play(X.dp_mahjong_playing() ? 0 : 1);
          break;
        default: return;
      }
      e.preventDefault();
      e.stopImmediatePropagation();
      sync();
    }
    document.addEventListener('keydown', onKey, true);

    // Room for rows of ROW_PX while the view is open on a screen wide enough
    // for numbers in the cells; the page's size again when it closes.
    function fitStage() {
      const stage = document.getElementById('stage');
      if (!stage) return;
      const want = root && info && info.ok && stage.clientWidth >= 640 ? 215 + ROW_PX * (info.rows || 0) : 0;
      if (want) {
        stage.style.aspectRatio = 'auto';
        stage.style.maxHeight = 'none';
        stage.style.height = want + 'px';
      } else {
        stage.style.removeProperty('aspect-ratio');
        stage.style.removeProperty('max-height');
        stage.style.removeProperty('height');
      }
    }
    // The canvas's tooltip: the row under the pointer, in words.
    function hoverTitle() {
      if (!X) return;
      const h = X.dp_mahjong_hover();
      if (h === lastHover) return;
      lastHover = h;
      const c = document.getElementById('canvas');
      if (!c) return;
      if (h >= 0) c.title = rowCode(h) + ': ' + rowWords(h);
      else c.removeAttribute('title');
    }

    function build() {
      if (root) root.remove();
      const box = el('div', { class: 'dpm', id: 'dpm' });
      root = box;
      panel.append(box);
      render(true);
    }

    // Reads the view and redraws the panel (full = the hand changed).
    /** @param {boolean} full */
    function render(full) {
      if (!root || !X) return;
      const box = root, api = X;
      if (full) {
        try { info = JSON.parse(api.dp_mahjong_info()); } catch (e) { info = null; }
        version = api.dp_mahjong_version();
      }
      const I = info;
      box.textContent = '';
      if (!I) return;
      box.dataset.player = I.player;
      box.dataset.step = String(I.step);
      box.dataset.source = String(I.source);
      box.dataset.distance = I.ok ? String(I.distance) : '';
      box.append(el('h2', { text: t('dpm.title') }));
      fitStage();

      // whose hand
      const who = el('div', { class: 'dpm-players', role: 'group', 'aria-label': t('dpm.player') });
      for (const p of ['A', 'B', 'C', 'D']) {
        who.append(el('button', {
          type: 'button', class: 'dpm-player', 'data-player': p,
          'aria-pressed': String(I.player === p && I.source < 0),
          text: p,
          onclick: () => { api.dp_mahjong_open(api.step(), 'ABCD'.indexOf(p)); render(true); },
        }));
      }
      box.append(who);
      let title = t('dpm.hand', { p: I.player });
      if (I.source >= 0 && I.candidates[I.source]) {
        title = t('dpm.handAfter', { p: I.player, what: candLabel(I.candidates[I.source]) });
      }
      box.append(el('p', { class: 'dpm-hand' }, el('strong', { text: title + ': ' }), el('code', { text: tiles(I.hand) })));
      if (!I.ok) {
        box.append(el('p', { class: 'dpm-note', text: t('dpm.incomplete') }));
      } else {
        box.append(el('p', { class: 'dpm-distance' },
          el('strong', { id: 'dpm-distance', 'data-distance': String(I.distance), text: t('dpm.distance', { d: I.distance }) })));
        box.append(el('p', { class: 'dpm-formula', text: t('dpm.formula', {
          t: I.target_tiles, g: I.groups, n: I.melds, m: I.best_match, d: I.distance }) }));
      }

      // where the animation is (driven by the timeline's keys, see onKey)
      box.append(el('p', { class: 'dpm-pos', id: 'dpm-pos', 'aria-live': 'polite' }));
      box.append(el('p', { class: 'dpm-note', id: 'dpm-keys', text: t('dpm.keys') }));
      // what a row label means, on the best end state's row
      const m = I.ok && /^g(\d)p(\d)\[(\d)(\d)\]$/.exec(I.end_state || '');
      if (m) {
        const st = Number(m[1]) * 50 + Number(m[2]) * 25 + Number(m[3]) * 5 + Number(m[4]);
        box.append(el('p', { class: 'dpm-note', id: 'dpm-rowkey', text: t('dpm.rowKey', { code: rowCode(st), words: rowWords(st) }) }));
      }

      // target
      if (I.ok) {
        box.append(el('p', { class: 'dpm-target' },
          el('strong', { text: t('dpm.target') + ': ' }),
          el('span', { text: t('dpm.add') + ' ' }), el('code', { id: 'dpm-add', text: tiles(I.add) }),
          el('span', { text: ' · ' + t('dpm.remove') + ' ' }), el('code', { id: 'dpm-remove', text: tiles(I.remove) })));
      }

      // the decision at this step
      const dec = el('section', { class: 'dpm-decision' }, el('h3', { text: t('dpm.decision') }));
      if (!I.candidates.length) {
        dec.append(el('p', { class: 'dpm-note', text: t('dpm.noDecision') }));
      } else {
        const c0 = I.candidates[0];
        dec.append(el('p', { class: 'dpm-note', text: I.decision.kind === 'discard'
          ? t('dpm.discardBy', { p: c0.player })
          : t('dpm.claimsOn', { p: discarderOf(I), tile: c0.tile }) }));
        const list = el('ul', { class: 'dpm-cands' });
        for (const c of I.candidates) {
          const b = el('button', {
            type: 'button', class: 'dpm-cand' + (c.chosen ? ' chosen' : '') + (I.source === c.i ? ' current' : ''),
            'data-i': String(c.i), 'data-dist': c.dist == null ? '' : String(c.dist), 'data-tile': c.tile,
            'data-kind': c.kind, 'aria-pressed': String(I.source === c.i),
            onclick: () => { api.dp_mahjong_open_candidate(c.i); render(true); },
          },
          el('span', { class: 'dpm-cand-label', text: candLabel(c) }),
          el('span', { class: 'dpm-cand-dist', text: c.dist == null ? t('dpm.special') : 'd = ' + c.dist }),
          c.chosen ? el('span', { class: 'dpm-chosen', text: '✓ ' + t('dpm.chosen') }) : null);
          list.append(el('li', null, b));
        }
        dec.append(list);
        if (I.source >= 0) {
          dec.append(el('button', { type: 'button', id: 'dpm-back-hand', text: t('dpm.backToHand'),
            onclick: () => { api.dp_mahjong_open(api.step(), -1); render(true); } }));
        }
      }
      box.append(dec);

      // legend: open on the first visit (remembered), closed after that
      const leg = el('details', { class: 'dpm-legend', id: 'dpm-legend' }, el('summary', { text: t('dpm.legend') }));
      for (const k of ['cols', 'rows', 'vals', 'pruned', 'path', 'hover']) leg.append(el('p', { text: t('dpm.leg.' + k) }));
      leg.open = legendOpen;
      leg.addEventListener('toggle', () => { legendOpen = leg.open; });
      box.append(leg);
      if (legendOpen) {
        try { localStorage.setItem(LEGEND_SEEN, '1'); } catch (e) { /* private mode: open every time */ }
      }
      lastPos = -2;
      sync();
    }

    /** @param {DpmInfo} I */
    function discarderOf(I) {
      // the claims are on the discard of event I.decision.event, by its player
      try {
        const ev = JSON.parse(dsv(ds.module).event_json(I.decision.event));
        return ev && ev.player ? ev.player : '?';
      } catch (e) { return '?'; }
    }

    // Updates the parts that change while the animation runs.
    function sync() {
      if (!root || !X || !info) return;
      const p = X.dp_mahjong_pos(), playing = !!X.dp_mahjong_playing();
      if (p === lastPos && playing === lastPlaying) return;
      lastPos = p;
      lastPlaying = playing;
      root.dataset.pos = String(p);
      root.dataset.playing = playing ? '1' : '0';
      const pe = document.getElementById('dpm-pos');
      if (pe && info.ok) {
        let s;
        if (p === 0) s = t('dpm.pos0');
        else if (p <= 34) {
          const tile = KINDS[p - 1];
          const have = info.hand.filter((/** @type {string} */ x) => x === tile).length;
          s = t('dpm.posK', { k: p, tile, have });
        } else if (p === 35) s = t('dpm.posTrace', { state: info.end_state });
        else s = t('dpm.posTarget');
        pe.textContent = s;
      }
    }

    function tick() {
      raf = 0;
      if (!active()) { teardown(); return; }
      if (!X) return;
      if (!root || !panel.contains(root)) build();
      else if (X.dp_mahjong_version() !== version || X.step() !== lastStep) render(true);
      else sync();
      hoverTitle();
      lastStep = X.step();
      raf = requestAnimationFrame(tick);
    }
    function teardown() {
      if (root) { root.remove(); root = null; }
      info = null;
      fitStage();
      lastHover = -2;
      const c = document.getElementById('canvas');
      if (c) c.removeAttribute('title');
    }
    function check() {
      if (!X) X = exportsOf(ds.module);
      if (!X) return;
      if (active() && !raf) { X.dp_mahjong_set_speed(ds.speed || 1); raf = requestAnimationFrame(tick); }
      if (!active()) teardown();
    }
    P.watch(check);
    ds.on && ds.on('lang', () => { if (root) render(true); });
    // the DP animation runs at the timeline's speed
    ds.on && ds.on('speed', () => { if (X) X.dp_mahjong_set_speed(ds.speed || 1); });
  }

  whenParsed(start);
})();
