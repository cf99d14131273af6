// input.js - the input panel: the game picker (#game, one option per game of
// the registry), the samples (#sample), the generator (#seed, #random), the
// text box (#input, #load; Ctrl/Cmd+Enter loads) and the engine's error about
// an input under it (#input-error: its message in the page's language, the
// line with a caret under the column, the caret put there in the text box).
// app.js loads what the panel asks for and tells it what was loaded.
'use strict';
import { dsGames } from '../games/index.js';
import { viewer as V } from '../core/viewer.js';
import { byId } from './dom.js';

/** @typedef {import('../core/viewer.js').ErrorDetail} ErrorDetail */
/** @typedef {import('../core/viewer.js').Source} Source */
/** @typedef {[ErrorDetail, string, string]} ShownError an input error, its text and its game */

// A huge input (cirno's largest is 1 MB) is not put in the text box: the
// browser would lay out a megabyte of text for nothing.
const MAX_EDIT = 256 * 1024;

/** @param {unknown} m */
const stripPos = (m) => String(m).replace(/^line \d+, column \d+: /, '');

/**
 * The panel.
 * @param {DsI18n} i18n
 * @param {object} on  what its controls ask for
 * @param {() => boolean} on.ready  whether the module runs (before, the controls do nothing)
 * @param {(game: string, text: string) => void} on.loadText  the text of the box, as an input of `game`
 * @param {(opts: {game: string, sample?: number, seed?: number}) => void} on.load  a sample or a generated input
 */
export function inputPanel(i18n, on) {
  /** @param {string} k @param {Record<string, unknown> | null} [v] */
  const t = (k, v) => i18n.t(k, v);
  const el = {
    game: byId('game', HTMLSelectElement), sample: byId('sample', HTMLSelectElement), seed: byId('seed', HTMLInputElement),
    random: byId('random', HTMLButtonElement), input: byId('input', HTMLTextAreaElement), load: byId('load', HTMLButtonElement),
    error: byId('input-error'), errorMsg: byId('input-error-msg'), errorLine: byId('input-error-line'),
  };
  // the game picker: one option per game of the registry (games/index.js), named in the page's language
  for (const id of dsGames.ids) {
    const o = document.createElement('option');
    o.value = id;
    o.dataset.i18n = 'game.' + id;
    o.textContent = id;
    el.game.append(o);
  }
  /** @type {Record<string, string[]> | null} {game: [file, ...]} (samples/index.json) */
  let samples = null;
  /** @type {ShownError | null} said again in the other language when it changes */
  let shownError = null;

  function fillSamples() {
    const game = el.game.value || dsGames.first;
    const list = (samples && samples[game]) || [];
    const keep = el.sample.value;
    el.sample.textContent = '';
    list.forEach((f, k) => {
      const o = document.createElement('option');
      o.value = String(k + 1);
      o.textContent = t('input.sampleN', { n: k + 1 });
      el.sample.appendChild(o);
    });
    const c = document.createElement('option');
    c.value = 'custom';
    c.textContent = t('input.custom');
    el.sample.appendChild(c);
    el.sample.value = keep || '1';
    setSampleSelect();
  }
  function setSampleSelect() {
    const S = V.state;
    if (!S.source || S.game !== el.game.value) return;
    el.sample.value = S.source.sample ? String(S.source.sample) : 'custom';
  }
  /** @param {string} text */
  function showInputText(text) {
    if (text.length > MAX_EDIT) {
      el.input.value = '';
      el.input.placeholder = t('input.tooBig', { kb: Math.round(text.length / 1024) });
    } else {
      if (el.input.value !== text) el.input.value = text;
      el.input.placeholder = '';
    }
  }
  /** @param {ErrorDetail} e @param {string} text @param {string} game */
  function showError(e, text, game) {
    shownError = [e, text, game];
    el.error.hidden = false;
    el.error.dataset.line = String(e.line || 0);
    el.error.dataset.col = String(e.col || 0);
    el.errorMsg.textContent = e.line > 0
      ? t('input.error', { line: e.line, col: e.col, msg: i18n.errorText ? i18n.errorText(e) : stripPos(e.message) })
      : t('input.errorPlain', { msg: i18n.errorText ? i18n.errorText(e) : e.message });
    // The offending line with a caret under the column.
    if (e.line > 0) {
      const lines = text.split('\n');
      const src = (lines[e.line - 1] || '').replace(/\r$/, '');
      const shown = src.length > 120 ? src.slice(Math.max(0, e.col - 60), Math.max(0, e.col - 60) + 120) : src;
      const col = src.length > 120 ? Math.min(e.col, 61) : e.col;
      el.errorLine.textContent = `${e.line} | ${shown}\n${' '.repeat(String(e.line).length)} | ${' '.repeat(Math.max(0, col - 1))}^`;
      el.errorLine.hidden = false;
    } else {
      el.errorLine.hidden = true;
    }
    showInputText(text);
    if (el.game.value !== game) { el.game.value = game; fillSamples(); }
    el.sample.value = 'custom';
    placeCaret(e.line, e.col);
  }
  function hideError() { el.error.hidden = true; shownError = null; }
  // Puts the caret at line:col of the textarea and scrolls it there.
  /** @param {number} line @param {number} col */
  function placeCaret(line, col) {
    if (!(line > 0)) return;
    const v = el.input.value;
    let pos = 0;
    for (let l = 1; l < line; l++) {
      const nl = v.indexOf('\n', pos);
      if (nl < 0) break;
      pos = nl + 1;
    }
    const eol = v.indexOf('\n', pos);
    pos = Math.min(pos + Math.max(0, col - 1), eol < 0 ? v.length : eol);
    el.input.focus({ preventScroll: true });
    el.input.setSelectionRange(pos, Math.min(pos + 1, eol < 0 ? v.length : eol));
    const lh = parseFloat(getComputedStyle(el.input).lineHeight) || 20;
    el.input.scrollTop = Math.max(0, (line - 3) * lh);
  }

  function loadFromTextarea() {
    if (!on.ready() || (!el.input.value && el.input.placeholder)) return; // a huge input is loaded
    on.loadText(el.game.value, el.input.value);
  }
  el.load.addEventListener('click', () => loadFromTextarea());
  el.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); loadFromTextarea(); }
  });
  el.game.addEventListener('change', () => {
    fillSamples();
    if (on.ready()) on.load({ game: el.game.value, sample: 1 });
  });
  el.sample.addEventListener('change', () => {
    if (!on.ready() || el.sample.value === 'custom') return;
    on.load({ game: el.game.value, sample: Number(el.sample.value) });
  });
  el.random.addEventListener('click', () => {
    if (!on.ready()) return;
    on.load({ game: el.game.value, seed: Number(el.seed.value) || 0 });
  });
  el.seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') el.random.click(); });

  return {
    /** the error shown (the URL keeps a shared input the engine refused) */
    get shownError() { return shownError; },
    showError, hideError, fillSamples,
    /** samples/index.json arrived @param {Record<string, string[]>} list */
    setSamples(list) { samples = list; fillSamples(); },
    /** the game picked, and its samples @param {string} game */
    pick(game) { el.game.value = game; fillSamples(); },
    /** the module runs: a game may be picked */
    enable() { el.game.disabled = false; },
    /** an input was loaded: the panel shows it @param {string} game @param {string} text @param {Source} source */
    loaded(game, text, source) {
      hideError();
      el.game.value = game;
      showInputText(text);
      setSampleSelect();
      if (source.seed !== undefined) el.seed.value = String(source.seed);
    },
    /** the page's language changed: the samples' names, and the error said again (the reader's edits stay) */
    relabel() {
      fillSamples();
      if (shownError && !el.error.hidden) {
        const [e, text, game] = shownError;
        const keep = el.input.value;
        showError(e, text, game);
        el.input.value = keep;
      }
    },
  };
}
