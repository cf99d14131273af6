// dom.js - the page's elements by id, checked: a view that needs an element of
// index.html gets it with byId() when it starts, and a page without it (or
// with another kind of element under that id) fails there, naming the id,
// instead of a TypeError on null at the first click.
//
//   byId('scrubber', HTMLInputElement)   the <input id="scrubber">, typed; throws when missing
//   byId('caption')                      any HTMLElement
//   optId('legend', HTMLDialogElement)   null when the page has none (a part a page may leave out)
'use strict';

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {HTMLElement | null} e
 * @param {abstract new (...args: never[]) => T} kind
 * @returns {T}
 */
function checked(id, e, kind) {
  if (!(e instanceof kind)) {
    throw new Error(`deckscope: #${id} is ${e ? 'a <' + e.tagName.toLowerCase() + '>' : 'missing'}, the page needs a ${kind.name}`);
  }
  return e;
}

/**
 * The element with this id, of this kind (HTMLElement when not given); throws when there is none.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {abstract new (...args: never[]) => T} [kind]
 * @returns {T}
 */
export function byId(id, kind) {
  return checked(id, document.getElementById(id),
    kind || /** @type {abstract new (...args: never[]) => T} */ (/** @type {unknown} */ (HTMLElement)));
}

/**
 * The element with this id, of this kind, or null when the page has none (throws when it is of another kind).
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {abstract new (...args: never[]) => T} [kind]
 * @returns {T | null}
 */
export function optId(id, kind) {
  const e = document.getElementById(id);
  return e ? byId(id, kind) : null;
}

/**
 * An event's target as an element (null for a text node, the window or no target).
 * @param {Event} e
 * @returns {Element | null}
 */
export function targetOf(e) {
  return e.target instanceof Element ? e.target : null;
}

/**
 * Gives the focus back to an element that had it (a dialog's opener), when it can take it.
 * @param {Element | null} e
 */
export function refocus(e) {
  if (e && 'focus' in e && typeof e.focus === 'function') e.focus();
}

/**
 * Opens a dialog as a modal one (the `open` attribute where the browser has no showModal).
 * @param {HTMLDialogElement} d
 */
export function showModal(d) {
  if (typeof d.showModal === 'function') d.showModal(); else d.setAttribute('open', '');
}
