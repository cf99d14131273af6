// output.js - the judge output pane (#output): a virtualised list (only the
// rows in view exist, pooled; style.css's .out-line is LINE_H high) of the
// judge output of the line shown, as of the step shown: the line the step
// wrote is the current one (thegame: the state as of the step, its changed
// lines marked; goudan: the answers, the query played out current), and in a
// variation the lines that differ from the main line's are marked.
'use strict';
import { dsGames } from '../games/index.js';
import { viewer as V } from '../core/viewer.js';
import { targetOf } from './dom.js';

/** @typedef {(key: string, vars?: Record<string, unknown> | null) => string} Words i18n.t */

/** How a game's judge output reads (games/info/<id>.js): 'lines', 'state' or 'queries'. @param {unknown} g */
export const outputOf = (g) => dsGames.get(g)?.output || 'lines';

/**
 * The output pane's lines as of the step shown.
 * @typedef {object} OutputModel
 * @property {number} n  how many lines
 * @property {(l: number) => string} text  line l (1-based)
 * @property {number} current  the line of the step (0: none)
 * @property {Set<number> | null} changed  thegame: the lines the step changed
 * @property {((l: number) => boolean) | null} [differs]  a variation: whether line l differs from the main line's
 */

const LINE_H = 22; // px, also in style.css (.out-line)

/** @returns {OutputModel} */
function outputModel() {
  const S = V.state;
  if (!S.game || S.busy) return { n: 0, text: () => '', current: 0, changed: null };
  const C = V.exports; // (a game is loaded: the module runs)
  const step = C.step();
  const output = outputOf(S.game);
  if (output === 'state') {
    const lines = C.thegame_lines(step).replace(/\n$/, '').split('\n');
    const prev = step > 0 ? C.thegame_lines(step - 1).replace(/\n$/, '').split('\n') : lines;
    /** @type {Set<number>} */
    const changed = new Set();
    lines.forEach((l, k) => { if (prev[k] !== l) changed.add(k + 1); });
    const cur = C.output_line(step);
    return { n: lines.length, text: (l) => lines[l - 1], current: cur, changed };
  }
  const o = S.output;
  const current = output === 'queries' ? C.goudan_query() + 1 : C.output_line(step);
  // in a variation: the lines that differ from the main line's
  const mo = S.main && S.main.output;
  const differs = o && mo && output !== 'queries'
    ? (/** @type {number} */ l) => l > mo.n || V.outputLineText(mo, l) !== V.outputLineText(o, l) : null;
  return { n: o ? o.n : 0, text: (l) => (o ? V.outputLineText(o, l) : ''), current, changed: null, differs };
}

/**
 * The pane (#output, its #output-spacer and the line count #output-count).
 * @param {{output: HTMLElement, spacer: HTMLElement, count: HTMLElement}} el
 * @param {Words} t
 * @param {(line: number) => void} pick  a click on line `line` (1-based)
 */
export function outputPane(el, t, pick) {
  /** @type {{row: HTMLDivElement, num: HTMLSpanElement, txt: HTMLSpanElement}[]} pooled row elements */
  const rows = [];
  let lastCurrent = -1;
  /** Draws the rows in view. @param {boolean} force  every row again (a new line, language or game) */
  function render(force) {
    const m = outputModel();
    const view = el.output;
    el.spacer.style.height = m.n * LINE_H + 'px';
    // A short output gets a short pane (thegame: six lines).
    const fitH = m.n > 0 && m.n < 10 ? Math.max(3, m.n) * LINE_H + 18 + 'px' : '';
    if (view.style.height !== fitH) view.style.height = fitH;
    el.count.textContent = m.n ? (m.n === 1 ? t('out.line1') : t('out.lines', { n: m.n })) : '';
    // Keep the current line in view.
    if (m.current > 0 && (m.current !== lastCurrent || force)) {
      const top = (m.current - 1) * LINE_H;
      if (top < view.scrollTop || top + LINE_H > view.scrollTop + view.clientHeight) {
        view.scrollTop = Math.max(0, top - view.clientHeight / 2 + LINE_H / 2);
      }
    }
    lastCurrent = m.current;
    const first = Math.max(1, Math.floor(view.scrollTop / LINE_H) + 1 - 5);
    const last = Math.min(m.n, Math.ceil((view.scrollTop + view.clientHeight) / LINE_H) + 5);
    const count = Math.max(0, last - first + 1);
    while (rows.length < count) {
      const row = document.createElement('div');
      row.className = 'out-line';
      row.setAttribute('role', 'option');
      const num = document.createElement('span');
      num.className = 'ln';
      const txt = document.createElement('span');
      txt.className = 'tx';
      row.append(num, txt);
      el.spacer.appendChild(row);
      rows.push({ row, num, txt });
    }
    for (let k = 0; k < rows.length; k++) {
      const { row: r, num, txt } = rows[k];
      if (k >= count) { if (!r.hidden) r.hidden = true; continue; }
      const l = first + k;
      r.hidden = false;
      r.style.top = (l - 1) * LINE_H + 'px';
      if (r.dataset.line !== String(l) || force || outputOf(V.state.game) === 'state') {
        r.dataset.line = String(l);
        num.textContent = String(l);
        txt.textContent = m.text(l);
      }
      const cur = l === m.current;
      r.classList.toggle('current', cur);
      r.setAttribute('aria-selected', String(cur));
      r.classList.toggle('changed', !!(m.changed && m.changed.has(l)));
      r.classList.toggle('differs', !!(m.differs && m.differs(l)));
    }
    el.output.dataset.current = String(m.current || 0);
    if (!m.n) el.output.dataset.empty = t('out.none'); else delete el.output.dataset.empty;
  }
  el.output.addEventListener('scroll', () => { render(false); }, { passive: true });
  new ResizeObserver(() => render(false)).observe(el.output);
  el.output.addEventListener('click', (e) => {
    const r = targetOf(e)?.closest('.out-line');
    if (r instanceof HTMLElement) pick(Number(r.dataset.line));
  });
  return { render };
}
