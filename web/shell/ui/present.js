// present.js - presenter mode (docs/teaching.md, "Presenter mode"): the
// stage (canvas, caption, the current note) alone on the screen, sized for
// the back of a classroom.
//
//   * `f`, the "Present" button or &present=1 (page and embed) turn it on;
//     `f` or Esc (or leaving fullscreen) turn it off.
//   * Fullscreen API on the whole document; where it is refused (an iframe
//     without allowfullscreen, a browser without it) the stage fills the
//     window instead: the same layout either way.
//   * The header, the side panels and the footer are hidden; "Why" opens the
//     why panel over the stage (a note with view.why does too).
//   * The caption and the note are at least 32 CSS px on a 1920x1080 screen;
//     the canvas is zoomed with them (dsv_api_set_text_scale: the C front end
//     draws the canvas's words); high contrast in both themes.
//   * In a tour, the arrows and a presentation clicker (PageDown / PageUp)
//     move between notes (lesson.js); otherwise the page's keys work as usual.
'use strict';
import { dsv } from '../core/binding.js';
import { feature } from '../core/viewer.js';

(function (start) {
  // The offline page (scripts/offline.mjs) runs its scripts inline while the
  // document is parsed, the site's are deferred: start once it is parsed
  // either way, after the modules before this one (teach.js, export.js,
  // quiz.js and play.js wait alike), so the tools keep the site's order.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})(function () {
  const f = feature(); // the page's API object and its words (core/viewer.js)
  if (!f) return;
  const { ds, i18n, t, h } = f;
  const root = document.documentElement;
  const embed = !!ds.embed;

  i18n.add({
    en: {
      'present.button': 'Present',
      'present.title': 'Presenter mode: the stage fullscreen, large type (f)',
      'present.exit': 'Exit (f)',
      'present.why': 'Why',
      'present.key': 'Presenter mode',
    },
    zh: {
      'present.button': '演示',
      'present.title': '演示模式：舞台全屏，大号字体（f）',
      'present.exit': '退出（f）',
      'present.why': '为什么',
      'present.key': '演示模式',
    },
  });

  // Type: max(1.35rem, 1.75vw) is 33.6 px at 1920 px wide (≥ 32 px), and the
  // canvas zoom follows the same ratio (1 at ≤ 1100 px wide, 2 at 1920 px).
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`
:root[data-present] { --fg: #000; --bg: #fff; --panel: #fff; --muted: #222; --edge: #000; --accent: #0040b0; }
@media (prefers-color-scheme: dark) { :root[data-present]:not([data-theme="light"]) { --fg: #fff; --bg: #000; --panel: #000; --muted: #e6e6e6; --edge: #fff; --accent: #8cc8ff; } }
:root[data-present][data-theme="dark"] { --fg: #fff; --bg: #000; --panel: #000; --muted: #e6e6e6; --edge: #fff; --accent: #8cc8ff; }
:root[data-present], :root[data-present] body { overflow: hidden; background: var(--bg); color: var(--fg); }
:root[data-present] header.bar, :root[data-present] .side-col, :root[data-present] footer.foot, :root[data-present] #intro,
:root[data-present] .variation-strip, :root[data-present] #dp-panel { display: none !important; }
:root[data-present] .layout { display: block; padding: 0; max-width: none; }
/* (the top padding keeps the stage clear of the Tour / Why / Exit bar above it) */
:root[data-present] .main-col { position: fixed; inset: 0; z-index: 40; gap: .4rem; padding: calc(1rem + max(2.1rem, 1.9vw)) 1.2rem .6rem; background: var(--bg);
  display: flex; flex-direction: column; overflow: hidden; }
:root[data-present] .stage { flex: 1 1 auto; aspect-ratio: auto; max-height: none; min-height: 0; height: auto; }
:root[data-present] .caption, :root[data-present] #e-caption { font-size: max(1.35rem, 1.75vw); line-height: 1.3; min-height: 0; font-weight: 600; }
:root[data-present] .lesson-note { font-size: max(1.35rem, 1.75vw); border-width: 3px; }
:root[data-present] .lesson-note button { font-size: .8em; }
:root[data-present] .timeline { font-size: max(1rem, 1vw); }
:root[data-present][data-lesson-why] .side-col, :root[data-present] .side-col[data-open] { display: flex !important; position: fixed;
  z-index: 45; top: 3.5rem; right: 1rem; width: min(34rem, 45vw); max-height: calc(100vh - 5rem); overflow: auto;
  background: var(--panel); border: 3px solid var(--edge); border-radius: 8px; padding: .6rem; font-size: max(1.5rem, 1.3vw); }
:root[data-present][data-lesson-why] .side-col, :root[data-present] .side-col[data-open] { width: min(52rem, 46vw); }
/* the why panel's own sizes (rem, .9rem tables) would be ~13 px: everything in it takes the overlay's size (>= 24 px) */
:root[data-present] #why-panel * { font-size: inherit !important; }
:root[data-present][data-lesson-why] .side-col > :not(#why-panel), :root[data-present] .side-col[data-open] > :not(#why-panel) { display: none; }
.present-bar { position: fixed; z-index: 50; top: .5rem; right: .8rem; display: none; gap: .4rem; }
:root[data-present] .present-bar { display: flex; }
.present-bar button { font-size: max(.9rem, .9vw); }
`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  // ---- the buttons -------------------------------------------------------------
  const whyBtn = h('button', { type: 'button', id: 'present-why', 'aria-pressed': 'false', i18n: 'present.why' });
  const exitBtn = h('button', { type: 'button', id: 'present-exit', i18n: 'present.exit', onclick: () => present(false) });
  // the tour (lesson.js), when the lesson has notes: the toolbar is hidden here
  const tourBtn = h('button', { type: 'button', id: 'present-tour', i18n: 'lesson.tour', hidden: true,
    onclick: () => { if (ds.tour) (ds.tour.active ? ds.tour.stop() : ds.tour.start()); } });
  const bar = h('div', { class: 'present-bar', id: 'present-bar' }, embed ? null : tourBtn, embed ? null : whyBtn, exitBtn);
  const syncTour = () => { tourBtn.hidden = !(ds.tour && ds.allNotes && ds.allNotes.length); };
  setInterval(() => { if (on) syncTour(); }, 500);
  document.body.appendChild(bar);
  const tools = document.getElementById('teach-tools');
  const btn = h('button', { type: 'button', id: 'present-toggle', 'aria-pressed': 'false', i18n: 'present.button',
    'data-i18n-title': 'present.title', title: t('present.title'), onclick: () => present(!on) });
  if (tools) tools.appendChild(btn);
  const side = document.querySelector('.side-col');
  whyBtn.addEventListener('click', () => {
    if (!side) return;
    const open = !side.hasAttribute('data-open');
    side.toggleAttribute('data-open', open);
    whyBtn.setAttribute('aria-pressed', String(open));
  });
  const keys = document.querySelector('#help table.keys');
  if (keys) keys.appendChild(h('tr', {}, h('td', {}, h('kbd', {}, 'f')), h('td', { i18n: 'present.key' })));

  // ---- the mode ---------------------------------------------------------------------
  let on = false;
  let fullscreen = false; // the Fullscreen API took it (else: the window fallback)
  /** @param {number} w  the window's width in CSS px */
  const zoomFor = (w) => Math.max(1, Math.min(3, Math.round((w / 960) * 4) / 4));
  /** @param {number} k */
  function setTextScale(k) {
    const M = ds.module;
    try { if (M) dsv(M).set_text_scale(k); } catch (e) { /* an older view */ }
  }
  function applyScale() { setTextScale(on ? zoomFor(window.innerWidth) : 1); }
  /** @param {unknown} wanted */
  async function present(wanted) {
    const want = !!wanted;
    if (want === on) return on;
    on = want;
    root.toggleAttribute('data-present', on);
    btn.setAttribute('aria-pressed', String(on));
    if (!on && side) { side.removeAttribute('data-open'); whyBtn.setAttribute('aria-pressed', 'false'); }
    applyScale();
    syncTour();
    if (on) {
      fullscreen = false;
      const fsOk = document.fullscreenEnabled && root.requestFullscreen;
      if (fsOk) {
        try { await root.requestFullscreen({ navigationUI: 'hide' }); fullscreen = true; } catch (e) { /* the fallback: the window */ }
      }
      const stage = document.getElementById('stage');
      if (stage) stage.focus({ preventScroll: true });
    } else if (document.fullscreenElement && document.exitFullscreen) {
      try { await document.exitFullscreen(); } catch (e) { /* already out */ }
    }
    root.dataset.presentFullscreen = on && fullscreen ? '1' : '';
    if (ds.touchHash) ds.touchHash();
    return on;
  }
  document.addEventListener('fullscreenchange', () => { if (!document.fullscreenElement && on && fullscreen) present(false); });
  window.addEventListener('resize', applyScale);
  // the module may start after &present=1
  if (ds.ready) ds.ready.then(applyScale, () => {});

  Object.defineProperty(ds, 'present', { value: (/** @type {unknown} */ x) => present(x === undefined ? true : x), configurable: true, writable: true });
  Object.defineProperty(ds, 'presenting', { get: () => on, configurable: true });

  /** @param {Event} e */
  const typing = (e) => {
    const x = /** @type {HTMLElement | null} */ (e.target);
    if (!x || x === document.body) return false;
    if (x.isContentEditable || x.tagName === 'TEXTAREA' || x.tagName === 'SELECT') return true;
    return x.tagName === 'INPUT' && !['range', 'button', 'checkbox'].includes(/** @type {HTMLInputElement} */ (x).type);
  };
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
    if ([...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal'))) return;
    if (e.key === 'f' || e.key === 'F') { e.preventDefault(); present(!on); }
    else if (e.key === 'Escape' && on && !fullscreen) { e.preventDefault(); present(false); }
  });

  // &present=1 (hash or, in an embed, the query string)
  const want = /(?:^[#?]|&)present=1(?:&|$)/;
  if (want.test(location.hash) || want.test(location.search)) present(true);
  // the page's hash keeps it (app.js asks ds.hashExtra; lesson.js owns that slot)
  const prevExtra = ds.hashExtra;
  ds.hashExtra = () => [typeof prevExtra === 'function' ? prevExtra() : '', on ? 'present=1' : ''].filter(Boolean).join('&');
});
