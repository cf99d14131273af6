// pick.js - choose a move by clicking the canvas (docs/variations.md,
// "Clicking the canvas"). At a decision step the game scenes register the
// shape of each candidate's object (a card, a row, a tile, a seat, a button;
// docs/scenes.md "Regions") with the labels it means; a click or a tap asks
// the engine's view (dsv_api_hit) which labels lie under it:
//   one label       taken at once: in play mode deckscope.choose(label), else
//                   deckscope.branch(step, label) (a variation);
//   several labels  a small menu of them at the click point (buttons of at
//                   least 40 px, arrows / Tab and Enter, Esc closes);
//   none            nothing (also at steps that are not decisions).
// In play mode only the learner's own candidates (deckscope.pending.labels)
// count; while the others play nothing does. The cursor is a pointer over a
// region. Nothing here knows a rule: the labels are the engine's.
'use strict';
import { dsv } from '../core/binding.js';
import { viewer } from '../core/viewer.js';

(function () {
  const ds = window.deckscope;
  const canvasEl = document.getElementById('canvas');
  if (!ds || !ds.on || !canvasEl) return;
  const canvas = canvasEl; // (checked: the functions below see it as it is)
  const i18n = ds.i18n;
  if (i18n && i18n.add) {
    i18n.add({
      en: { 'pick.menu': 'Choose a move', 'pick.close': 'Close' },
      zh: { 'pick.menu': '选择一步', 'pick.close': '关闭' },
    });
  }
  /** @param {string} k */
  const t = (k) => (i18n && i18n.t ? i18n.t(k) : k);

  // The scene's zoom: presenter mode (present.js, dsv_api_set_text_scale)
  // lays the scene out for a window k times smaller and draws it k times
  // bigger, and the scenes register their regions in that layout's units
  // (CSS px / k). 1 outside presenter mode.
  function zoom() {
    const M = ds.module;
    let k = 1;
    try { if (M) k = dsv(M).text_scale(); } catch (e) { k = 1; }
    return k > 0 ? k : 1;
  }
  // A point of a pointer event in the regions' unit: the canvas's CSS pixels
  // (the backing store is devicePixelRatio times larger, CSS transforms
  // aside) divided by the zoom.
  /** @typedef {{ x: number, y: number }} Point */
  /** @param {MouseEvent} e @returns {Point} */
  function point(e) {
    const r = canvas.getBoundingClientRect();
    const cssW = parseFloat(canvas.style.width) || r.width, cssH = parseFloat(canvas.style.height) || r.height;
    const k = zoom();
    return { x: (e.clientX - r.left) * (cssW / (r.width || 1)) / k, y: (e.clientY - r.top) * (cssH / (r.height || 1)) / k };
  }

  // The labels a click at p may take now ([] when none).
  /** @param {Point} p @returns {string[]} */
  function labelsAt(p) {
    const M = ds.module;
    if (!M || !ds.steps || ds.busy) return [];
    /** @type {string[]} the engine's labels (dsv_api_hit: a JSON array of strings) */
    let labels;
    try { labels = JSON.parse(dsv(M).hit(p.x, p.y)); } catch (e) { return []; }
    if (ds.playSeat !== null && ds.playSeat !== undefined) {
      const pend = ds.pending;
      if (!pend || pend.i !== ds.step) return [];
      labels = labels.filter((l) => pend.labels.indexOf(l) >= 0);
    }
    return labels;
  }

  // the decision record of the event at the view's step (the one a click takes)
  function decisionHere() {
    const ev = viewer.event(ds.step);
    return ev && ev.decision;
  }

  // In play mode a menu's move belongs to the line of the decision it was
  // opened at: once that line is gone (an Undo, a recomputation), it is refused.
  /** @param {string} label @param {unknown} [line]  the play line the menu was opened at */
  function take(label, line) {
    closeMenu();
    const playing = ds.playSeat !== null && ds.playSeat !== undefined;
    const r = playing ? ds.choose(label, line) : ds.branch(ds.step, label);
    if (r && r.catch) r.catch(() => {}); // a refused choice is shown by the page
  }

  // ---- the menu ------------------------------------------------------------------
  /** @type {HTMLDivElement | null} */
  let menu = null;
  /** @type {HTMLOrSVGElement | null} */
  let returnFocus = null;
  function closeMenu() {
    if (!menu) return;
    menu.remove();
    menu = null;
    document.removeEventListener('pointerdown', outside, true);
    if (returnFocus && returnFocus.focus) returnFocus.focus({ preventScroll: true });
    returnFocus = null;
  }
  /** @param {Event} e */
  function outside(e) { if (menu && !menu.contains(/** @type {Node | null} */ (e.target))) closeMenu(); }
  /** @param {string[]} labels @param {MouseEvent} e */
  function openMenu(labels, e) {
    closeMenu();
    const host = canvas.parentElement || document.body;
    const hr = host.getBoundingClientRect();
    const m = document.createElement('div'); // the menu (kept in `menu` while open)
    menu = m;
    m.className = 'pick-menu';
    m.setAttribute('role', 'menu');
    m.setAttribute('aria-label', t('pick.menu'));
    const line = ds.pending ? ds.pending.line : undefined;
    labels.forEach((l) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'menuitem');
      // the move's name in the engine's record of the decision waiting here
      b.textContent = i18n && i18n.moveName ? i18n.moveName(decisionHere(), l) : l;
      b.dataset.label = l;
      b.addEventListener('click', (ev) => { ev.stopPropagation(); take(l, line); });
      m.appendChild(b);
    });
    m.addEventListener('keydown', (ev) => {
      const items = Array.from(m.querySelectorAll('button'));
      const k = items.findIndex((b) => b === document.activeElement);
      if (ev.key === 'Escape') { ev.preventDefault(); ev.stopPropagation(); closeMenu(); }
      else if (ev.key === 'ArrowDown' || ev.key === 'ArrowRight') { ev.preventDefault(); ev.stopPropagation(); items[(k + 1) % items.length].focus(); }
      else if (ev.key === 'ArrowUp' || ev.key === 'ArrowLeft') { ev.preventDefault(); ev.stopPropagation(); items[(k - 1 + items.length) % items.length].focus(); }
      else ev.stopPropagation(); // the timeline's keys stay off while choosing
    });
    if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    host.appendChild(m);
    // at the click point, kept inside the stage
    const mw = m.offsetWidth, mh = m.offsetHeight;
    const x = Math.max(0, Math.min(e.clientX - hr.left, hr.width - mw));
    const y = Math.max(0, Math.min(e.clientY - hr.top, hr.height - mh));
    m.style.left = x + 'px';
    m.style.top = y + 'px';
    returnFocus = /** @type {HTMLOrSVGElement | null} */ (document.activeElement); // (.focus checked when used)
    const first = m.querySelector('button');
    if (first) first.focus({ preventScroll: true });
    setTimeout(() => document.addEventListener('pointerdown', outside, true), 0);
  }

  // ---- clicks and taps -----------------------------------------------------------------
  // pointerdown / pointerup (SDL cancels the canvas's mouse and touch events,
  // so no click follows a tap); a drag of more than 10 px is not a click.
  /** @type {Point | null} */
  let down = null;
  canvas.addEventListener('pointerdown', (e) => { down = { x: e.clientX, y: e.clientY }; });
  canvas.addEventListener('pointerup', (e) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 10) { down = null; return; }
    down = null;
    const labels = labelsAt(point(e));
    if (labels.length === 1) take(labels[0]);
    else if (labels.length > 1) openMenu(labels, e);
  });

  // the cursor: a pointer over a region (one hit test per animation frame)
  /** @type {Point | null} */
  let pending = null;
  canvas.addEventListener('mousemove', (e) => {
    const first = !pending;
    pending = point(e);
    if (!first) return;
    requestAnimationFrame(() => {
      const p = pending;
      pending = null;
      canvas.style.cursor = p && labelsAt(p).length ? 'pointer' : '';
    });
  });
  canvas.addEventListener('mouseleave', () => { canvas.style.cursor = ''; });
  ds.on('step', closeMenu);
  ds.on('load', closeMenu);
  ds.on('variation', closeMenu);

  // for tests and embedders: the regions of the frame shown ([] when none),
  // in the canvas's CSS pixels (zoomed in presenter mode, as drawn)
  ds.regions = () => {
    /** @type {{ x: number, y: number, w: number, h: number }[]} */
    let list;
    try { list = JSON.parse(dsv(ds.module).regions()); } catch (e) { return []; }
    const k = zoom();
    return k === 1 ? list : list.map((r) => ({ ...r, x: r.x * k, y: r.y * k, w: r.w * k, h: r.h * k }));
  };
})();
