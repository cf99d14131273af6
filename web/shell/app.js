// app.js - the visualizer page around the canvas: its controller and views.
//
// The viewer core (core/viewer.js) holds the loaded game, the timeline and the
// line shown, and drives the C view (deckscope-view.wasm: SDL2 + the engine);
// embed.html is another layout over the same core (embed.js). This file is the
// page's side: the keyboard, the caption, the URL hash, and window.deckscope
// built from the core; it makes the views of ui/ (the input panel, the
// timeline, the judge output, the why panel, the marks, the dialogs, "More",
// the first visit) and tells them what to draw. It never simulates anything: states, events and
// explanations come from the engine's JSON. The public API is window.deckscope (docs/embedding.md,
// "JavaScript API"); keyboard shortcuts and the URL hash are documented in docs/viewer.md.
'use strict';
import { dsGames } from './games/index.js';
import i18nModule from './core/i18n.js';
import dsNarrate from './core/narrate.js';
import dsHash from './core/hash.js';
import { viewer as V, MARK, SPEEDS, parseSpec, specOf, engineError, mark, parseJson as parse, warnNarrate, setApi } from './core/viewer.js';
import { byId, targetOf } from './ui/dom.js';
import { whyPanel } from './ui/why.js';
import { outputPane, outputOf } from './ui/output.js';
import { inputPanel } from './ui/input.js';
import { timeline } from './ui/timeline.js';
import { drawMarks as drawMarksOn } from './ui/marks.js';
import { helpDialog, legendDialog } from './ui/dialogs.js';
import { moreMenu } from './ui/more.js';
import { intro } from './ui/intro.js';

/** @typedef {import('./core/binding.js').DsvApi} Exports the module's dsv_api_* functions (core/binding.js) */
/** @typedef {import('./core/viewer.js').Source} Source */
/** @typedef {import('./core/viewer.js').ErrorDetail} ErrorDetail */
/** @typedef {import('./ui/why.js').Changes} Changes */
/** @typedef {{game?: string, input?: string | null, seed?: number | string | null, sample?: number | string | null}} LoadOptions load()'s argument */
/**
 * What the page shows of a step (cached per line, step and language).
 * @typedef {object} StepInfo
 * @property {string} caption  the engine's sentence about the step's event
 * @property {DsWhy | null} why  its decision record, laid out by core/narrate.js
 * @property {Changes} changes  what it changed
 * @property {DsDecision | null} [decision]  the record as the engine wrote it
 * @property {number} [event]  the event shown (step - 1)
 */
/**
 * window.deckscope as this file makes it (docs/embedding.md; types.d.ts's Deckscope once the
 * games' panels and the features have added theirs): the members set here, then the slots
 * the page's own modules fill (lesson.js: hashExtra, takeTour; present.js: hashExtra).
 * @typedef {object} PageApi
 * @property {Promise<{firstFrameMs: number | null}>} ready
 * @property {'loading' | 'running' | 'error'} state
 * @property {string | null} error
 * @property {number} frames
 * @property {number} t
 * @property {number | null} firstFrameMs
 * @property {number | null} firstGameFrameMs
 * @property {DsI18n} i18n
 * @property {typeof V.module} module
 * @property {string | null} game
 * @property {number} step
 * @property {number} steps
 * @property {boolean} playing
 * @property {boolean} busy
 * @property {number} speed
 * @property {number} mode
 * @property {string} caption
 * @property {(i: unknown) => string} captionAt
 * @property {string} lang
 * @property {Source | null} source
 * @property {(l: unknown) => string} setLang
 * @property {(x: unknown) => void} setSpeed
 * @property {(opts?: LoadOptions | null) => ReturnType<typeof V.loadText>} load
 * @property {(i: number, animate?: boolean) => void} seek
 * @property {() => void} play
 * @property {() => void} pause
 * @property {(step: number) => Promise<number>} playTo
 * @property {() => number | null} outputLine
 * @property {() => DsWhy | null} why
 * @property {typeof V.branch} branch
 * @property {import('./core/viewer.js').Choice[]} variation
 * @property {typeof V.mainLine} mainLine
 * @property {typeof V.showLine} showLine
 * @property {() => string} output
 * @property {(m: unknown) => void} setMode
 * @property {(name: string, fn: (detail: any) => void) => PageApi} on
 * @property {(name: string, fn: (detail: any) => void) => PageApi} off
 * @property {Promise<void>} [readyForLoad]
 * @property {(q: unknown, seed?: unknown) => boolean} [selectQuery]
 * @property {number | null} [query]
 * @property {typeof V.variationInfo} [variationInfo]
 * @property {() => string} [mainOutput]
 * @property {() => void} [touchHash]
 * @property {() => string} [hashExtra]
 * @property {(game: string) => Promise<unknown>} [takeTour]
 */

const GAMES = dsGames.ids; // games.js: the one list (checked against dsv_api_games)
// (MARK: the mark kinds by name, MARK.ROUND ...: filled by the core from the
// module's one list, DSV_MARKS in web/app/model/view.h, when it starts.)
const MAX_HASH_INPUT = 6000; // bytes of input text kept in the URL

// (core/i18n.js is undefined only under node, which never runs this page)
if (!i18nModule) throw new Error('deckscope: core/i18n.js has no page (no window)');
const i18n = i18nModule;
/** @param {string} k @param {Record<string, unknown> | null} [v] */
const t = (k, v) => i18n.t(k, v);

const el = {
  stage: byId('stage'), canvas: byId('canvas', HTMLCanvasElement), status: byId('status'),
  lang: byId('lang', HTMLSelectElement), theme: byId('theme', HTMLSelectElement),
  dp: byId('dp', HTMLButtonElement), dpPanel: byId('dp-panel'), caption: byId('caption'), live: byId('live'),
  marks: byId('marks', HTMLCanvasElement), output: byId('output'),
  outputSpacer: byId('output-spacer'), outputTitle: byId('output-title'), outputCount: byId('output-count'),
  outputHint: byId('output-hint'), goudanTools: byId('goudan-tools'), goudanQuery: byId('goudan-query', HTMLInputElement),
  goudanSeed: byId('goudan-seed', HTMLInputElement), goudanPlay: byId('goudan-play', HTMLButtonElement),
  why: byId('why'),
};
// the input panel (ui/input.js): the game picker (its options are named by i18n.apply below),
// the samples, the generator, the text box and the engine's error about an input
const input = inputPanel(i18n, {
  ready: () => !!C,
  loadText: (game, text) => { loadText(game, text, { input: text }).catch(() => {}); },
  load: (opts) => { loadFrom(opts).catch(() => {}); },
});

// ---- the public object ---------------------------------------------------
const darkMq = window.matchMedia('(prefers-color-scheme: dark)');
const host = { width: 0, height: 0, dark: false, paused: false, game: -1 };
/** @type {(r: {firstFrameMs: number | null}) => void} */
let resolveReady = () => {};
/** @type {(e: Error) => void} */
let rejectReady = () => {};
/** @type {Exports | null} the exports (the core binds them) once the module runs */
let C = null;
/** The exports, for the views that only run once the module does (render, the controls' handlers). */
function running() {
  if (!C) throw new Error('deckscope: the module has not started');
  return C;
}

// The model is the core's (core/viewer.js: the loaded game, its source, the
// view's step/steps/playing/busy/mode, the line shown, the output and the
// marks).
const S = V.state;

const emit = V.emit;

/** @type {PageApi} */
const api = {
  ready: new Promise((res, rej) => { resolveReady = res; rejectReady = rej; }),
  state: 'loading', error: null, frames: 0, t: 0, firstFrameMs: null, firstGameFrameMs: null,
  i18n,
  get module() { return V.module; },
  get game() { return S.game; },
  // the core's (core/viewer.js)
  get step() { return V.step; },
  get steps() { return V.steps; },
  get playing() { return V.playing; },
  get busy() { return V.busy; },
  get speed() { return V.speed; },
  get mode() { return V.mode; },
  get caption() { return C ? info(C.step()).caption : ''; },
  // The caption of any step (what the page shows there; exports draw it).
  captionAt(i) { return C && S.game ? info(Math.max(0, Math.min(C.steps(), Math.floor(Number(i) || 0)))).caption : ''; },
  get lang() { return i18n.lang; },
  get source() { return S.source ? { ...S.source } : null; },
  setLang(l) { const r = i18n.setLang(l); el.lang.value = i18n.lang; return r; },
  setSpeed(x) { setSpeed(Number(x)); },
  load(opts) { return loadFrom(opts || {}); },
  seek(i, animate) { seek(i, animate); },
  play() { play(true); },
  pause() { play(false); },
  // Plays (animated, at the speed set) from the current step to `step` and
  // stops there: a Promise resolved with the step reached (play mode).
  playTo(step) { return playTo(step); },
  outputLine() { return C ? V.outputLine(C.step()) : null; },
  why() { return C ? info(C.step()).why : null; },
  // Variations (docs/variations.md): take `label` at decision event i of
  // the line shown (earlier forced choices are kept, later ones dropped).
  branch(i, label) { return branch(i, label); },
  get variation() { return V.variation; },
  mainLine() { return V.mainLine(); },
  // The line of a whole &try= spec ('' = the main line) at once (the variation tree opens a node).
  showLine(spec) { return V.showLine(spec); },
  // The whole judge output of the line shown (goudan: the answers).
  output() { return V.output(); },
  setMode(m) { setMode(m); },
  // one bus: the core's events and the page's (theme, lang, why, help, ready, ...)
  on(name, fn) { V.on(name, fn); return api; },
  off(name, fn) { V.off(name, fn); return api; },
};
api.ready.catch(() => {}); // failures are shown on the page
window.deckscope = api;
setApi(api);

// (mark(name): the performance marks of docs/viewer.md, the core's)

/** @param {PageApi['state']} s @param {string} [message] */
function setState(s, message) {
  api.state = s;
  el.stage.dataset.state = s;
  if (message) el.status.textContent = message;
}
/** @param {string} message */
function fail(message) {
  if (api.state === 'error') return;
  api.error = message;
  el.status.removeAttribute('data-i18n');
  setState('error', t('app.failed', { msg: message }));
  rejectReady(new Error(message));
}

// ---- canvas size, theme, motion ------------------------------------------
// The canvas gets a whole number of CSS pixels (the stage's content box,
// rounded down), so SDL's backing store (size x devicePixelRatio) maps 1:1
// to device pixels and stays sharp on HiDPI screens.
/** @param {number} width @param {number} height */
function fit(width, height) {
  const w = Math.max(1, Math.floor(width));
  const h = Math.max(1, Math.floor(height));
  if (w === host.width && h === host.height) return;
  host.width = w;
  host.height = h;
  el.canvas.style.width = w + 'px';
  el.canvas.style.height = h + 'px';
}
new ResizeObserver((entries) => {
  const r = entries[entries.length - 1].contentRect;
  fit(r.width, r.height);
  drawMarks();
}).observe(el.stage);
fit(el.stage.clientWidth, el.stage.clientHeight);
// SDL cancels the canvas's mousedown (so the browser moves no focus): a
// click on the canvas gives the keyboard to the page here (also inside an
// iframe), never to SDL, and takes it from a text field.
el.canvas.addEventListener('pointerdown', () => el.stage.focus({ preventScroll: true }));

function themeSetting() {
  try { return localStorage.getItem('deckscope.theme') || 'auto'; } catch (e) { return 'auto'; }
}
/** @param {string} setting */
function applyTheme(setting) {
  if (setting === 'light' || setting === 'dark') document.documentElement.dataset.theme = setting;
  else delete document.documentElement.dataset.theme;
  host.dark = setting === 'dark' || (setting !== 'light' && darkMq.matches);
  el.theme.value = setting;
  drawMarks();
}
el.theme.addEventListener('change', () => {
  try { localStorage.setItem('deckscope.theme', el.theme.value); } catch (e) { /* ignore */ }
  applyTheme(el.theme.value);
  emit('theme', { dark: host.dark });
});
darkMq.addEventListener('change', () => applyTheme(themeSetting()));
applyTheme(themeSetting());

// ---- language --------------------------------------------------------------
el.lang.value = i18n.lang;
el.lang.addEventListener('change', () => api.setLang(el.lang.value));
i18n.onChange((l) => {
  el.lang.value = l;
  input.relabel();
  invalidate('all');
  scheduleHash();
  // (the core gives the canvas its words in the new language)
  emit('lang', { lang: l });
});
i18n.apply(document);

// ---- the module ------------------------------------------------------------
let started = false;
/** @param {number} n @param {number} time */
function onFrame(n, time) {
  api.frames = n;
  api.t = time;
  if (!started) {
    started = true;
    api.firstFrameMs = performance.now();
    mark('ds:first-frame');
    setState('running');
  }
  if (api.firstGameFrameMs === null && S.game && !S.busy) api.firstGameFrameMs = performance.now();
  // (the core emits 'frame' after this)
}

// The core's events that the page's views follow.
V.on('view', () => invalidate('timeline'));
V.on('step', () => invalidate('step'));
V.on('busy', () => { // goudan: the old game's marks and output go at once
  drawMarks();
  updateGameUi();
  invalidate('all');
});
// a game (or another goudan query) is loaded: the panels are read again
V.on('load', () => {
  cache.clear();
  updateGameUi(); // the marks are drawn with the rest in the next frame (invalidate)
  invalidate('all');
  scheduleHash();
});
V.on('variation', () => {
  cache.clear();
  drawMarks();
  invalidate('all');
  scheduleHash();
});
V.on('mode', (/** @type {{mode: number}} */ { mode }) => {
  el.dp.setAttribute('aria-pressed', String(!!mode));
  el.dpPanel.hidden = !mode;
});

function start() {
  if (typeof window.createDeckscopeView !== 'function') {
    fail('deckscope-view.js did not define createDeckscopeView');
    return;
  }
  el.status.textContent = t('app.starting');
  mark('ds:create');
  V.start({ canvas: el.canvas, host, onFrame, onAbort: (what) => fail('aborted: ' + what) }).then(() => {
    mark('ds:module-ready');
    C = V.exports;
    enableControls();
    return restoreFromHash(true);
  }).then(() => {
    const settle = () => {
      if (api.state !== 'running') return requestAnimationFrame(settle);
      resolveReady({ firstFrameMs: api.firstFrameMs });
      emit('ready', {});
    };
    settle();
  }).catch((e) => fail(String((e && e.message) || e)));
}
// Samples list: fetched at once, in parallel with the WebAssembly.
/** @type {Promise<Record<string, string[]>>} */
const samplesReady = fetch('samples/index.json').then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({})).then((j) => { input.setSamples(j); return j; });

// ---- loading ---------------------------------------------------------------
// Sample texts, fetched once. Sample 1 of every game exists, so the one the
// URL asks for is fetched at once, in parallel with the WebAssembly (the
// first frame then already shows the game); others after index.json.
/** @type {Map<string, Promise<string>>} */
const sampleTexts = new Map();
/** @param {string} file @returns {Promise<string>} */
function fetchSample(file) {
  let p = sampleTexts.get(file);
  if (!p) {
    p = fetch('samples/' + file).then((r) => {
      if (!r.ok) throw new Error(`cannot fetch sample ${file}`);
      return r.text();
    });
    sampleTexts.set(file, p);
  }
  return p;
}
/** @param {string} game @param {number} n */
async function sampleText(game, n) {
  if (n === 1) return fetchSample(`${game}-1.in`);
  const list = (await samplesReady)[game] || [];
  const file = list[n - 1];
  if (!file) throw Object.assign(new Error(`no sample ${n} for ${game}`), { line: 0, col: 0 });
  return fetchSample(file);
}
{
  const h = parseHash(location.hash);
  if (h.input === undefined && h.seed === undefined && (Number(h.sample) || 1) === 1) {
    fetchSample(`${h.game !== undefined && GAMES.includes(h.game) ? h.game : dsGames.first}-1.in`).catch(() => {});
  }
}

/** load({game, input|sample|seed}) @param {LoadOptions} opts */
async function loadFrom(opts) {
  await api.readyForLoad;
  const seq = ++loadSeq;
  const game = opts.game || S.game || dsGames.first;
  if (!GAMES.includes(game)) throw engineError({ line: 0, col: 0, message: 'unknown game ' + game });
  let text, source;
  if (opts.input !== undefined && opts.input !== null) {
    text = String(opts.input); source = { input: text };
  } else if (opts.seed !== undefined && opts.seed !== null) {
    const seed = Math.max(0, Math.floor(Number(opts.seed)) || 0);
    text = V.generate(game, seed);
    if (!text) throw engineError({ line: 0, col: 0, message: 'cannot generate an input' });
    source = { seed };
  } else {
    const n = Math.max(1, Math.floor(Number(opts.sample)) || 1);
    try { text = await sampleText(game, n); } catch (e) {
      throw engineError({ line: 0, col: 0, message: e instanceof Error ? e.message : String(e) });
    }
    source = { sample: n };
    // A later load started while the sample was on its way: it wins.
    if (seq !== loadSeq) throw engineError({ line: 0, col: 0, message: 'superseded by another load' });
  }
  return loadText(game, text, source);
}
let loadSeq = 0;
/** @type {() => void} */
let resolveLoadReady = () => {};
api.readyForLoad = new Promise((res) => { resolveLoadReady = res; });
Object.defineProperty(api, 'readyForLoad', { enumerable: false });

/** @param {string} game @param {string} text @param {Source} source */
function loadText(game, text, source) {
  return V.loadText(game, text, source, {
    refused: (e) => input.showError(e, text, game),
    accepted: () => {
      input.loaded(game, text, source);
      if (!restoring) keepHash = null;
      el.goudanSeed.value = '1';
    },
  });
}

// ---- timeline ------------------------------------------------------------------
/** @param {number} i @param {boolean} [animate] */
function seek(i, animate) { V.seek(i, animate); }
/** @param {boolean} on */
function play(on) { V.play(on); invalidate('timeline'); }
/** @param {number} target */
function playTo(target) { return V.playTo(target); }
/** @param {number} x */
function setSpeed(x) {
  if (!(x > 0)) return;
  V.setSpeed(x);
  invalidate('timeline');
  scheduleHash();
}
/** @param {number} dir */
function speedStep(dir) {
  const cur = S.speed;
  let k = SPEEDS.findIndex((v) => v >= cur - 1e-9);
  if (k < 0) k = SPEEDS.length - 1;
  if (dir > 0 && SPEEDS[k] <= cur + 1e-9) k++;
  if (dir < 0) k--;
  setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k))]);
}
/** @param {number} dir */
function markJump(dir) {
  if (!C || S.busy) return;
  seek(V.findMark(dir, MARK.ROUND), false);
}
/** @param {unknown} m */
function setMode(m) {
  if (!C) return;
  const want = m ? 1 : 0;
  if (want && !dpAvailable()) return;
  V.setMode(want); // the page's panel follows its 'mode' event
}
const dpAvailable = () => dsGames.dp(S.game);

// the timeline's controls (ui/timeline.js)
const tl = timeline(t, {
  seek: (i, animate) => seek(i === 'end' ? running().steps() : i, animate),
  step: (dir) => seek(running().step() + dir, true),
  markJump,
  playPause: () => play(!S.playing),
  speed: setSpeed,
});
el.dp.addEventListener('click', () => setMode(S.mode ? 0 : 1));

function enableControls() {
  input.enable();
  resolveLoadReady();
}

// Marks behind the scrubber (ui/marks.js).
function drawMarks() { drawMarksOn(el.marks, S.marks, S.variation); }

// ---- keyboard ------------------------------------------------------------------
/** Whether keys typed at `target` are text (a text field, a select). @param {Element | null} target */
function typing(target) {
  if (!target || target === document.body) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target instanceof HTMLInputElement) return target.type !== 'range' && target.type !== 'button' && target.type !== 'checkbox';
  return false;
}
const help = helpDialog(emit);
document.addEventListener('keydown', (e) => {
  if (help.isOpen) {
    if (e.key === 'Escape') { e.preventDefault(); help.close(); }
    return;
  }
  // A modal dialog of another module (share, export) has the keyboard: its
  // buttons must not step the view behind it. Non-modal panels (check my
  // output) leave the shortcuts working.
  if ([...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal'))) return;
  const target = targetOf(e);
  if (e.ctrlKey || e.metaKey || e.altKey || typing(target)) return;
  const tag = target && target.tagName;
  const onButton = tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY';
  const onRange = target instanceof HTMLInputElement && target.type === 'range';
  let done = true;
  switch (e.key) {
    case 'ArrowLeft': if (onRange) return; seek(C ? C.step() - 1 : 0, true); break;
    case 'ArrowRight': if (onRange) return; seek(C ? C.step() + 1 : 0, true); break;
    case 'Home': if (onRange) return; seek(0, false); break;
    case 'End': if (onRange) return; seek(C ? C.steps() : 0, false); break;
    case ' ': case 'Spacebar': if (onButton || e.repeat) { if (e.repeat) e.preventDefault(); return; } play(!S.playing); break;
    case '+': case '=': speedStep(1); break;
    case '-': case '_': speedStep(-1); break;
    case 'PageUp': case '[': markJump(-1); break;
    case 'PageDown': case ']': markJump(1); break;
    case 'd': case 'D': setMode(S.mode ? 0 : 1); break;
    case '?': help.open(); break;
    default: done = false;
  }
  if (done) e.preventDefault();
});

// ---- legend: what the canvas's marks mean, for the game shown (ui/dialogs.js) ------
const legend = legendDialog(() => S.game, t, (fn) => i18n.onChange(fn));

// ---- "More": the teaching tools on narrow screens (ui/more.js) ----------------------
moreMenu();

// ---- per-step information: caption, why, what changed ----------------------------
/** @type {Map<string, StepInfo>} */
const cache = new Map();
/** the generation (S.gen) of the line whose steps `cache` holds */
let cacheGen = -1;
/** @param {number} step */
function info(step) {
  // a new load or line never asks for the last one's steps again: a tab
  // that loads again and again kept up to 256 of them (issue 26)
  if (cacheGen !== S.gen) { cache.clear(); cacheGen = S.gen; }
  const key = step + ':' + i18n.lang;
  let r = cache.get(key);
  if (r) return r;
  r = computeInfo(step);
  if (cache.size > 256) cache.clear();
  cache.set(key, r);
  return r;
}
/** @returns {Changes} */
const noChanges = () => Object.assign([], { words: [] });
/** @param {number} step @returns {StepInfo} */
function computeInfo(step) {
  if (!C || !S.game) return { caption: t('caption.startNone'), why: null, changes: noChanges() };
  const steps = C.steps();
  const lang = i18n.lang;
  const N = dsNarrate;
  if (step <= 0) return { caption: V.caption(0), why: null, changes: noChanges() };
  /** @type {DsEvent | null} */
  const ev = parse(C.event_json(step - 1));
  const before = parse(C.state_json(step - 1));
  const after = parse(C.state_json(step));
  const ctx = { stateBefore: before, stateAfter: after, step, steps };
  /** @type {DsWhy | null | undefined} */
  let why;
  // the caption is the engine's sentence about the event (<game>_narrate, in
  // the view's language; the core's)
  const caption = V.caption(step);
  if (N && N.why) {
    try { why = N.why(S.game, ev, lang, ctx); } catch (e) { warnNarrate(e); why = undefined; }
  }
  if (why === undefined) why = fallbackWhy(ev);
  // the uniform decision record (docs/trace-format.md): "Try this" in variation.js
  const decision = ev && ev.decision && Array.isArray(ev.decision.candidates) && ev.decision.chosen !== undefined
    ? ev.decision : null;
  return { caption: String(caption), why, changes: diffStates(before, after, step - 1), decision, event: step - 1 };
}
// Without narrate.js: the engine's decision record as it is (names, notes, its sentence).
/** @param {DsEvent | null} ev @returns {DsWhy | null} */
function fallbackWhy(ev) {
  const d = ev && ev.decision;
  if (!d || typeof d !== 'object') return null;
  const cands = Array.isArray(d.candidates) ? d.candidates : [];
  return {
    rule: String(d.text || ''),
    candidates: cands.map((c) => ({
      label: String(c.name || c.label || ''),
      key: String(c.label ?? ''),
      value: String(c.value ?? ''),
      chosen: c.label === d.chosen,
      note: String(c.note || ''),
    })),
  };
}
// Scalars (and arrays of scalars) that differ between two states.
/** @param {unknown} o @param {string} prefix @param {Map<string, unknown>} out */
function flatten(o, prefix, out) {
  if (o === null || typeof o !== 'object') { out.set(prefix, o); return out; }
  if (Array.isArray(o) && o.every((x) => x === null || typeof x !== 'object')) {
    out.set(prefix, o.join(' '));
    return out;
  }
  for (const [k, v] of Object.entries(o)) {
    const p = Array.isArray(o) ? `${prefix}[${k}]` : prefix ? `${prefix}.${k}` : k;
    flatten(v, p, out);
  }
  return out;
}
// The raw list (shown under "Details"): {path, before, after} per changed field;
// out.words: what event i changed in the words of the game (the engine's
// <game>_changes, one sentence a line).
/** @param {unknown} a @param {unknown} b @param {number} i @returns {Changes} */
function diffStates(a, b, i) {
  const out = noChanges();
  if (!a || !b) return out;
  const fa = flatten(a, '', new Map()), fb = flatten(b, '', new Map());
  for (const [k, v] of fb) {
    // bookkeeping the reader does not need: card sources, per-kind counts
    if (/(^|\.)(src|counts)(\[|$)/.test(k)) continue;
    const u = fa.get(k);
    if (u !== v) out.push({ path: k, before: u, after: v });
    if (out.length >= 16) break;
  }
  try { out.words = String(running().changes(i) || '').split('\n').filter((s) => s !== ''); } catch (e) { warnNarrate(e); }
  return out;
}

// ---- rendering (batched into one animation frame) ----------------------------------
/** @type {Set<'all' | 'timeline' | 'step'>} */
const dirty = new Set();
let raf = 0;
/** @param {'all' | 'timeline' | 'step'} what */
function invalidate(what) {
  dirty.add(what);
  if (!raf) raf = requestAnimationFrame(render);
}
function render() {
  raf = 0;
  const all = dirty.has('all');
  dirty.clear();
  if (!C) return;
  renderTimeline(C);
  renderOutput(all);
  renderInfo(C);
  if (all) drawMarks();
  scheduleHash();
}
/** @param {Exports} C */
function renderTimeline(C) {
  tl.render({ loaded: !!S.game && !S.busy, step: C.step(), steps: C.steps(), playing: !!C.playing(), speed: C.speed(), busy: S.busy, progress: S.progress });
  el.dp.disabled = !dpAvailable() || S.busy;
  legend.setEnabled(!!S.game);
  el.stage.setAttribute('aria-busy', String(S.busy));
}

// the output pane's title and hint for each shape of judge output
const OUTPUT_TEXT = { lines: ['out.title', 'out.jump'], state: ['out.titleThegame', 'out.thegameNote'], queries: ['out.titleGoudan', 'out.goudanNote'] };
function updateGameUi() {
  const g = S.game;
  document.title = g ? `deckscope · ${g}` : 'deckscope';
  // how the game's judge output reads (games/info/<id>.js): lines written by
  // moves, the state as of the step, or one answer per query
  const output = g ? outputOf(g) : 'lines';
  el.goudanTools.hidden = output !== 'queries';
  const key = OUTPUT_TEXT[output][0];
  el.outputTitle.dataset.i18n = key;
  el.outputTitle.textContent = t(key);
  const hint = OUTPUT_TEXT[output][1];
  el.outputHint.dataset.i18n = hint;
  el.outputHint.textContent = t(hint);
  if (output === 'queries') {
    const C = running();
    el.goudanQuery.max = String(Math.max(1, C.goudan_count()));
    el.goudanQuery.value = String(C.goudan_query() + 1);
  }
  if (!dpAvailable() && S.mode) setMode(0);
  el.dp.disabled = !dpAvailable();
}

// ---- judge output (ui/output.js) ------------------------------------------------
const outputView = outputPane({ output: el.output, spacer: el.outputSpacer, count: el.outputCount }, t, (l) => {
  if (!C || S.busy) return;
  const output = outputOf(S.game);
  if (output === 'queries') selectQuery(l - 1, Number(el.goudanSeed.value) || 1);
  else if (output !== 'state') seek(stepOfLine(C, l), false);
});
/** @param {boolean} force */
const renderOutput = (force) => outputView.render(force);
// The first step whose output line is >= l (output_line is monotone).
/** @param {Exports} C @param {number} l */
function stepOfLine(C, l) {
  let lo = 0, hi = C.steps();
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (C.output_line(mid) >= l) hi = mid; else lo = mid + 1;
  }
  return lo;
}

// ---- goudan: query picker --------------------------------------------------------
/** @param {number} q @param {number} seed */
function selectQuery(q, seed) {
  if (!V.selectQuery(q, seed)) return false;
  el.goudanQuery.value = String(q + 1);
  el.goudanSeed.value = String(seed);
  return true;
}
el.goudanPlay.addEventListener('click', () =>
  selectQuery((Number(el.goudanQuery.value) || 1) - 1, Math.max(0, Number(el.goudanSeed.value) || 0)));
api.selectQuery = (q, seed) => selectQuery(Number(q) - 1, seed === undefined ? (S.querySeed || 1) : Number(seed));
Object.defineProperty(api, 'query', { get: () => V.query() });

// ---- variations: "try another move" (docs/variations.md) --------------------------
// The engine simulates the line, the core keeps it (core/viewer.js: the
// forced choices, the main line's output and outcome to compare with);
// variation.js draws the strip and the "Try this" buttons.
/** @param {import('./core/viewer.js').Choice[]} list */
const applyVariation = (list) => V.tryLine(list);
/** @param {number} i @param {string} label */
const branch = (i, label) => V.branch(i, label);
api.variationInfo = () => V.variationInfo();
api.mainOutput = () => V.mainOutput();

// ---- caption, live region, why panel (ui/why.js) ------------------------------------
const why = whyPanel(el.why, t, document.querySelector('.side-col'));
let lastInfoKey = '';
/** @param {Exports} C */
function renderInfo(C) {
  const step = C.step();
  const key = S.gen + ':' + step + ':' + i18n.lang + ':' + S.busy;
  if (key === lastInfoKey) return;
  lastInfoKey = key;
  if (S.busy) {
    el.caption.textContent = t('goudan.solving');
    return;
  }
  const r = info(step);
  el.caption.textContent = r.caption;
  el.live.textContent = r.caption;
  why.render(r, step, S.game);
  // variation.js adds "Try another move" here
  emit('why', { box: el.why, step, event: r.event, decision: r.decision || null });
  why.fit();
}

// ---- the URL hash ------------------------------------------------------------------
/** @param {string} text */
function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** @param {string} s */
function b64urlDecode(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
// The hash's keys (a part that is not valid URL encoding is left out: core/hash.js).
/** @param {string} h @returns {Partial<Record<string, string>>} */
function parseHash(h) { return dsHash.parseHash(h).params; }
function currentHash() {
  if (!S.game || !S.source) return '';
  const p = ['game=' + S.game];
  if (S.source.sample) p.push('sample=' + S.source.sample);
  else if (S.source.seed !== undefined) p.push('seed=' + S.source.seed);
  else if (S.source.input !== undefined && Math.ceil(S.source.input.length / 3) * 4 <= MAX_HASH_INPUT) {
    // (a longer text never fits: not encoded at all, an 8 MB input took
    // 60 ms every 250 ms while goudan solved)
    const enc = b64urlEncode(S.source.input);
    if (enc.length <= MAX_HASH_INPUT) p.push('input=' + enc);
  }
  if (dsGames.queries(S.game) && C && !S.busy) {
    const q = V.query() || 1;
    if (q > 1) p.push('query=' + q);
    if (S.querySeed !== undefined && S.querySeed !== 1) p.push('qseed=' + S.querySeed);
  }
  if (S.variation.length) p.push('try=' + encodeURIComponent(specOf(S.variation)));
  if (C && !S.busy) p.push('step=' + C.step());
  if (S.speed !== 1) p.push('speed=' + S.speed);
  p.push('lang=' + i18n.lang);
  // lesson.js: &lesson= (docs/teaching.md, "Lessons")
  const extra = typeof api.hashExtra === 'function' ? api.hashExtra() : '';
  if (extra) p.push(extra);
  return '#' + p.join('&');
}
let hashTimer = 0, lastHash = '';
// The URL of a shared &input= that could not be shown is kept until the
// reader loads something (loadText clears it).
/** @type {string | null} */
let keepHash = null;
api.touchHash = () => scheduleHash();
function scheduleHash() {
  if (hashTimer || restoring || (keepHash !== null && location.hash === keepHash)) return;
  const was = location.hash;
  hashTimer = window.setTimeout(() => {
    hashTimer = 0;
    // the reader (or a link) went to another URL in the meantime, or the
    // page is restoring one: that URL wins; its hashchange restores it (a
    // write here would replace it by the state it is leaving, and the
    // hashchange would then find its own hash and do nothing)
    if (restoring || (location.hash !== was && location.hash !== lastHash)) return;
    const h = currentHash();
    if (h && h !== lastHash && h !== location.hash) {
      lastHash = h;
      try { history.replaceState(history.state, '', h); } catch (e) { /* sandboxed */ }
    } else lastHash = h;
  }, 250);
}
let restoring = false;
/** @param {boolean} first */
async function restoreFromHash(first) {
  const h = parseHash(location.hash);
  restoring = true;
  try {
    if (h.lang) api.setLang(h.lang);
    if (h.speed) setSpeed(Number(h.speed));
    const game = h.game !== undefined && GAMES.includes(h.game) ? h.game : dsGames.first;
    /** @type {LoadOptions} */
    const opts = { game };
    /** @type {import('./ui/input.js').ShownError | null} &input= that is not base64url: said, and the URL kept */
    let badLink = null;
    if (h.input !== undefined) {
      try { opts.input = b64urlDecode(h.input); } catch (e) {
        opts.sample = 1;
        badLink = [{ line: 0, col: 0, message: t('input.badLink') }, h.input, game];
      }
    } else if (h.seed !== undefined) opts.seed = Number(h.seed);
    else opts.sample = Number(h.sample) || 1;
    const same = S.game === game && JSON.stringify(S.source) === JSON.stringify(
      opts.input !== undefined ? { input: opts.input } : opts.seed !== undefined ? { seed: Math.max(0, Math.floor(Number(opts.seed)) || 0) } : { sample: opts.sample });
    if (!same) {
      input.pick(game);
      try { await loadFrom(opts); } catch (e) {
        // A first load that fails (a missing sample, e.g. a partial build
        // with no samples/) falls back to sample 1, then to seed 1: the page
        // never stays on its spinner. A shared &input= the engine refused
        // stays in the box with its error, and the URL keeps it.
        if (opts.input !== undefined && input.shownError) badLink = input.shownError;
        if (first && !S.game) {
          await loadFrom({ game, sample: 1 }).catch(() => loadFrom({ game, seed: 1 })).catch(() => {});
        }
      }
      if (badLink) {
        keepHash = location.hash;
        input.showError(...badLink);
      }
    }
    if (dsGames.queries(S.game) && (h.query || h.qseed)) {
      const q = Math.max(1, Number(h.query) || 1), sd = Math.max(0, Number(h.qseed) || 1);
      if (q !== V.query() || sd !== (S.querySeed || 1)) selectQuery(q - 1, sd);
    }
    // &try=I:LABEL,...: the variation (a bad one leaves the main line, with the message)
    const want = h.try ? specOf(parseSpec(h.try)) : '';
    if (S.game && want !== specOf(S.variation)) {
      await applyVariation(parseSpec(h.try || '')).catch((e) => {
        console.warn('deckscope: &try= ' + e.message);
        emit('try-error', { message: e.message });
      });
    }
    if (h.step !== undefined) seek(Number(h.step), false);
  } finally {
    restoring = false;
    lastHash = location.hash;
    invalidate('all');
  }
}
window.addEventListener('hashchange', () => {
  if (!C || location.hash === lastHash) return;
  restoreFromHash(false);
});

// ---- first visit: what each game is (ui/intro.js) ------------------------------------
intro(i18n, {
  start: (g) => { api.load({ game: g, sample: 1 }).catch(() => {}); },
  tour: (g) => { if (api.takeTour) api.takeTour(g).catch((e) => console.warn('deckscope: tour: ' + e.message)); },
});

// ---- start -------------------------------------------------------------------------
// After every deferred script (deckscope-view.js, narrate.js, ...) ran:
// DOMContentLoaded, or load when this file was added later.
let begun = false;
const begin = () => { if (!begun) { begun = true; start(); } };
if (document.readyState === 'complete') begin();
else {
  document.addEventListener('DOMContentLoaded', begin);
  window.addEventListener('load', begin);
}
