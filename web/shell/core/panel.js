// panel.js - what a game's DP panel (games/mahjong.js, games/goudan.js) sets up
// before it draws anything: its stylesheet, its words, the page's API object
// and the <aside id="dp-panel"> it fills, and when to look again (the view's
// mode, a load, a step, the page ready). Each panel keeps its own contents.
'use strict';
import { feature } from './viewer.js';

/** Runs fn once the document is parsed (at once when it is). @param {() => void} fn */
export function whenParsed(fn) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
  else fn();
}

/**
 * @typedef {object} DpPanel
 * @property {any} ds        the page's API object (core/viewer.js feature())
 * @property {any} i18n      the words
 * @property {HTMLElement} panel  the <aside id="dp-panel">
 * @property {(key: string, vars?: Record<string, any>) => string} t  a string of the
 *           page's language, the panel's English one when the page has none
 * @property {(check: () => void) => void} watch  calls check on each change of
 *           the view's mode, each load and step, and once the page is ready
 */

/**
 * Sets a DP panel up: adopts its stylesheet once (a constructed stylesheet, not
 * a <style> element: the page's Content-Security-Policy, style-src 'self',
 * blocks inline <style>), adds its words.
 * @param {{id: string, css: string, words: {en: Record<string, string>, zh?: Record<string, string>}}} spec
 *   id names the stylesheet (adopted once per page)
 * @returns {DpPanel|null} null in a page without a DP panel or an API
 */
export function dpPanel(spec) {
  /** @type {any[]} */
  const sheets = /** @type {any} */ (document.adoptedStyleSheets);
  if (!sheets.some((s) => s.dsId === spec.id)) {
    /** @type {any} */
    const st = new CSSStyleSheet();
    st.dsId = spec.id;
    st.replaceSync(spec.css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, st];
  }
  const f = feature();
  const panel = document.getElementById('dp-panel');
  if (!f || !panel) return null;
  const { ds, i18n } = f;
  if (i18n && i18n.add) i18n.add(spec.words);
  /** @type {(key: string, vars?: Record<string, any>) => string} */
  const t = (k, vars) => {
    const s = i18n && i18n.t ? i18n.t(k, vars) : k;
    if (s !== k) return s;
    let e = spec.words.en[k] || k;
    for (const [n, v] of Object.entries(vars || {})) e = e.split('{' + n + '}').join(String(v));
    return e;
  };
  /** @param {() => void} check */
  const watch = (check) => {
    for (const ev of ['mode', 'load', 'step']) ds.on(ev, check);
    if (ds.ready) ds.ready.then(check, () => {});
  };
  return { ds, i18n, panel, t, watch };
}
