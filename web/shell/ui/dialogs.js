// dialogs.js - the page's two small dialogs: the keyboard shortcuts (#help,
// `?`) and the legend (#legend: what the canvas's marks mean for the game
// shown, from games/info/<id>.js). Both give the focus back to what had it.
'use strict';
import { dsGames } from '../games/index.js';
import { byId, optId, refocus, showModal } from './dom.js';

/** @typedef {(key: string, vars?: Record<string, unknown> | null) => string} Words i18n.t */

/**
 * The keyboard shortcuts (#help, opened by #help-open and `?`).
 * @param {(name: string, detail: {open: boolean}) => void} emit  the page's 'help' event
 */
export function helpDialog(emit) {
  const help = byId('help', HTMLDialogElement), closeBtn = byId('help-close');
  /** @type {Element | null} */
  let back = null;
  function open() {
    back = document.activeElement;
    showModal(help);
    closeBtn.focus();
    emit('help', { open: true });
  }
  function close() {
    if (typeof help.close === 'function') help.close(); else help.removeAttribute('open');
  }
  help.addEventListener('close', () => {
    refocus(back);
    emit('help', { open: false });
  });
  byId('help-open').addEventListener('click', open);
  return { open, close, get isOpen() { return help.open; } };
}

/**
 * The legend (#legend, opened by #legend-open; a page may have none).
 * @param {() => string | null} game  the game shown
 * @param {Words} t
 * @param {(fn: () => void) => void} onLang  called after the page's language changed
 * @returns {{ setEnabled(on: boolean): void }}
 */
export function legendDialog(game, t, onLang) {
  const openBtn = optId('legend-open', HTMLButtonElement), legend = optId('legend', HTMLDialogElement);
  /** @type {Element | null} */
  let back = null;
  function fill() {
    const g = game();
    const list = optId('legend-list');
    if (!g || !list) return;
    byId('legend-title').textContent = t('legend.title', { game: t('game.' + g) });
    list.textContent = '';
    (dsGames.get(g)?.legend || []).forEach((mark, k) => { // games/info/<id>.js
      const dt = document.createElement('dt');
      dt.textContent = mark;
      const dd = document.createElement('dd');
      dd.textContent = t(`legend.${g}.${k + 1}`);
      list.append(dt, dd);
    });
  }
  if (openBtn && legend) {
    const closeBtn = byId('legend-close');
    openBtn.addEventListener('click', () => {
      back = document.activeElement;
      fill();
      showModal(legend);
      closeBtn.focus();
    });
    legend.addEventListener('close', () => refocus(back));
    onLang(() => { if (legend.open) fill(); });
  }
  return { setEnabled(on) { if (openBtn) openBtn.disabled = !on; } };
}
