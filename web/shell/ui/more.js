// more.js - "More": the teaching tools on narrow screens (#more, #more-open, #teach-tools).
//
// teach.js, export.js and quiz.js append their buttons to #teach-tools; below
// 700 px (style.css) that container is the dropdown of the "More" button.
// Wider, the tools sit in the bar, which stays one line: when the bar's
// controls would wrap, the last tools move into #more-overflow (the end of
// #teach-tools, a dropdown of "More" there; style.css) until the rest fits.
// Enter/Space open it (focus goes to its first tool), ↑ ↓ Home End move, Esc
// and Tab out close it, Esc returns the focus to "More".
'use strict';
import { optId } from './dom.js';

/** @param {EventTarget | null} x @returns {Node | null} */
const nodeOf = (x) => (x instanceof Node ? x : null);

/** Makes the menu (nothing on a page without one). */
export function moreMenu() {
  const box = optId('more'), btn = optId('more-open', HTMLButtonElement), tools = optId('teach-tools');
  if (box && btn && tools) menu(box, btn, tools);
}

/** @param {HTMLElement} box #more @param {HTMLButtonElement} btn #more-open @param {HTMLElement} tools #teach-tools */
function menu(box, btn, tools) {
  const narrow = window.matchMedia('(max-width: 700px)');
  let fromMenu = false;
  const over = document.createElement('div');
  over.id = 'more-overflow';
  over.className = 'more-overflow';
  tools.appendChild(over);
  const menuMode = () => narrow.matches || box.hasAttribute('data-overflow');
  const items = () => [...(narrow.matches ? tools : over).querySelectorAll('button')]
    .filter((e) => !e.hidden && !e.disabled && e.offsetParent !== null);
  // One line: every shown control of the bar's end at the same height.
  const barEnd = box.parentElement || box;
  function oneLine() {
    const tops = [...barEnd.querySelectorAll('button, select')]
      .filter((e) => e instanceof HTMLElement && e.offsetParent !== null && !over.contains(e))
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => r.top + r.height / 2);
    return !tops.length || Math.max(...tops) - Math.min(...tops) < 4;
  }
  let fitting = false;
  function fit() {
    if (fitting) return;
    fitting = true;
    const wasOpen = box.hasAttribute('data-open');
    // all tools back in the bar, in their order, #more-overflow last
    over.before(...over.children);
    tools.appendChild(over);
    box.removeAttribute('data-overflow');
    if (!narrow.matches && !oneLine()) {
      box.setAttribute('data-overflow', '');
      const row = () => [...tools.children].filter((e) => e !== over);
      for (let list = row(); list.length && !oneLine(); list = row()) over.prepend(list[list.length - 1]);
    }
    if (wasOpen && !menuMode()) setOpen(false, false);
    watch.takeRecords();
    fitting = false;
  }
  let fitQueued = 0;
  const refit = () => { if (!fitQueued) fitQueued = requestAnimationFrame(() => { fitQueued = 0; fit(); }); };
  // tools added, shown or hidden, relabelled (language); the bar resized.
  // A record that changed nothing (a tool that sets hidden to what it was at
  // every step: mahjong's page refitted the bar, six forced layouts, per
  // step) is no reason.
  const changed = (/** @type {MutationRecord} */ m) =>
    m.type === 'childList' ||
    (m.type === 'attributes' ? m.oldValue !== /** @type {Element} */ (m.target).getAttribute(m.attributeName || '') : m.oldValue !== m.target.nodeValue);
  const watch = new MutationObserver((records) => { if (records.some(changed)) refit(); });
  watch.observe(tools, {
    childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'], attributeOldValue: true,
    characterData: true, characterDataOldValue: true,
  });
  new ResizeObserver(refit).observe(box.closest('header') || barEnd);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(refit);
  refit();
  const isOpen = () => box.hasAttribute('data-open');
  /** @param {boolean} open @param {boolean} focus */
  function setOpen(open, focus) {
    if (open) box.setAttribute('data-open', ''); else box.removeAttribute('data-open');
    btn.setAttribute('aria-expanded', String(open));
    if (open && focus) { const f = items()[0]; if (f) f.focus({ preventScroll: true }); }
    if (!open && focus) btn.focus({ preventScroll: true });
  }
  // No tools (a partial page): no button.
  const sync = () => { btn.hidden = !tools.querySelector('button'); };
  new MutationObserver(sync).observe(tools, { childList: true });
  sync();
  // A keyboard "click" (Enter/Space: detail 0) puts the focus on the first tool.
  btn.addEventListener('click', (e) => setOpen(!isOpen(), e.detail === 0 && !isOpen()));
  btn.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' && menuMode()) { e.preventDefault(); e.stopPropagation(); setOpen(true, true); }
  });
  box.addEventListener('keydown', (e) => {
    if (!isOpen()) return;
    const list = items();
    const i = list.findIndex((b) => b === document.activeElement);
    let to = null;
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setOpen(false, true); return; }
    if (i < 0) return;
    if (e.key === 'ArrowDown') to = list[(i + 1) % list.length];
    else if (e.key === 'ArrowUp') to = list[(i - 1 + list.length) % list.length];
    else if (e.key === 'Home') to = list[0];
    else if (e.key === 'End') to = list[list.length - 1];
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    to.focus({ preventScroll: true });
  });
  // Picking a tool closes the menu (its own handler ran first: the button is
  // the event's target); the focus goes back to "More" unless the tool took it.
  tools.addEventListener('click', (e) => {
    // (The tool may have closed the menu already by moving the focus into its dialog.)
    if (e.target === tools || e.target === over) return;
    // a tool of the bar itself: the menu (if open) just closes
    if (!(narrow.matches || over.contains(nodeOf(e.target)))) { if (isOpen()) setOpen(false, false); return; }
    fromMenu = true;
    setOpen(false, false);
    setTimeout(() => { if (focusLost()) btn.focus({ preventScroll: true }); }, 0);
  });
  // After a tool of the menu was used: the focus is on the page, on the hidden
  // tool, or still on a field of a dialog just closed (until the browser's next
  // rendering moves it away); not when the menu was opened again meanwhile
  // (its tool has the focus, where it belongs).
  const focusLost = () => {
    const a = document.activeElement;
    return !isOpen() && (!a || a === document.body || tools.contains(a) || !!a.closest('dialog:not([open])'));
  };
  // A dialog opened from the menu gives the focus back to its (now hidden) tool: to "More" instead.
  document.addEventListener('close', () => {
    if (!fromMenu || !menuMode()) return;
    setTimeout(() => {
      if (isOpen()) fromMenu = false;
      else if (focusLost()) { fromMenu = false; btn.focus({ preventScroll: true }); }
    }, 0);
  }, true);
  // Tab out of it closes it (a tap elsewhere: below; a tap may leave no focus at all).
  box.addEventListener('focusout', (e) => { if (isOpen() && e.relatedTarget && !box.contains(nodeOf(e.relatedTarget))) setOpen(false, false); });
  document.addEventListener('pointerdown', (e) => { if (isOpen() && !box.contains(nodeOf(e.target))) setOpen(false, false); });
  narrow.addEventListener('change', () => { if (isOpen()) setOpen(false, false); });
}
