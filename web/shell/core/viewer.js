// viewer.js - the viewer core: the one model of the loaded game that the page
// (app.js) and embed.html (embed.js) are views of (issue 22, "One viewer
// core"). The C view (deckscope-view.wasm: SDL2 + the engine) owns the game,
// the trace and the cursor; this module starts it, keeps what the page knows
// of it and drives it through the dsv_api_* exports (web/app/api/view_api.c):
//
//   start({canvas, host, onFrame, onAbort})  creates the module (Emscripten's
//        createDeckscopeView) and binds the exports; resolves with the module
//   loadText(game, text, source, hooks)       the engine parses and simulates;
//        resolves with {game, steps} once loaded (goudan: once solved, the
//        solve driven between frames); an input the engine refuses rejects
//        with an EngineError (line, col, code, args: i18n.errorText)
//   seek(i, animate) play(on) playTo(step) setSpeed(x) setMode(m) setRange(from, to)
//   tryLine(list) branch(i, label) mainLine()   variations (docs/variations.md):
//        the engine simulates the line with the forced choices
//   selectQuery(q, seed)                      goudan: the query played out
//   caption(i) event(i) stateAt(i) output() outputLine(i) outputLineText(o, l)
//   on(name, fn) off(name, fn) emit(name, detail)   the events below
//   redraw()   the canvas draws its next frame although nothing changed
//
// The C view draws a frame only when the picture can differ from the last
// one (issue 25; web/app/model/view.h): a call that changes what is shown,
// input on the canvas, a new size or theme, a tween, autoplay or a solve
// running. An idle page draws nothing. While somebody listens to 'frame'
// (a test counting frames, the video export) every frame is drawn, as
// before: each drawn frame asks for the next one.
//
// Events (each listener gets one detail object):
//   view {step, steps, playing, busy, progress, mode}  every report of the C view
//   step {step, steps}   the step or the number of steps changed
//   play / pause {step}  playback started / stopped (by play(), or the view)
//   busy {game}          a loaded game is being solved (goudan)
//   load {game, steps[, query]}  a game (or another goudan query) is loaded
//   variation {variation, steps}  the line shown changed
//   error {line, col, message, code, args[, cmd]}  the engine refused an input or a line
//   speed {speed}  mode {mode, game}  and whatever the views emit on the same bus
//   frame n              a frame was drawn (n frames so far); listening keeps the canvas drawing
//
// It names no game by its id (games/index.js numbers them) and knows no rule.
// window.deckscope is built on it by app.js (the page) and embed.js.
'use strict';
import { dsGames } from '../games/index.js';
import i18nModule from './i18n.js';
import { dsv } from './binding.js';

/** @typedef {[number, string]} Choice a forced choice: [decision event index, label] */
/** @typedef {{line: number, col: number, message: string, code?: string, args?: string[], cmd?: string}} ErrorDetail */
/** @typedef {Error & {line?: number, col?: number, code?: string, args?: string[]}} EngineError */
/** @typedef {{live: boolean, n: number, text: string|null, starts?: Uint32Array}} Output the judge output of a line */
/** @typedef {{output: Output|null, steps: number, outcome: string}} MainLine the main line while a variation is shown */
/** @typedef {{sample?: number, seed?: number, input?: string}} Source where the input came from */
/** @typedef {{step: number, steps: number, playing: boolean, busy: boolean, progress: number, mode: number}} ViewState */
/** @typedef {{width: number, height: number, dark: boolean, paused: boolean, game: number}} Host the page's side of the view (dsHost) */
/** @typedef {(detail: any) => void} Listener */

const GAMES = dsGames.ids;
/** @type {{t: (key: string, vars?: object) => string, lang: string, onChange: (fn: (lang: string) => void) => void}} */
const i18n = /** @type {any} */ (i18nModule);
/** a game whose judge output is one answer per query (goudan): the canvas plays one query out, and no line changes the answers @param {string|null} g */
const queries = (g) => !!g && dsGames.queries(g);
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];

// ---- the events --------------------------------------------------------------
/** @type {Record<string, Listener[]>} */
const listeners = Object.create(null);
/** @param {string} name @param {any} [detail] */
function emit(name, detail) {
  for (const fn of (listeners[name] || []).slice()) {
    try { fn(detail); } catch (e) { console.error(e); }
  }
}
/** @param {string} name @param {Listener} fn */
function on(name, fn) {
  (listeners[name] = listeners[name] || []).push(fn);
  if (name === 'frame') redraw(); // the first frame it waits for
}
/** Draws the next frame whether or not anything changed (a frame otherwise
 * comes only with a change: web/app/model/view.h). */
function redraw() { if (C) C.redraw(); }
/** while 'frame' has listeners, each drawn frame asks for the next */
const framesWanted = () => !!(listeners.frame && listeners.frame.length);
/** @param {string} name @param {Listener} fn */
function off(name, fn) {
  const a = listeners[name] || [];
  const k = a.indexOf(fn);
  if (k >= 0) a.splice(k, 1);
}

// ---- the model -----------------------------------------------------------------
/** @type {any} the Emscripten Module */
let M = null;
/** the exports (core/binding.js); null until the module runs (every entry point checks `!C`) */
let C = /** @type {import('./binding.js').DsvApi} */ (/** @type {any} */ (null));
/** @type {Host} */
let host = { width: 0, height: 0, dark: false, paused: false, game: -1 };
/** @type {Record<string, number>} mark kinds by name (ROUND, CALL, ...): DSV_MARKS in web/app/model/view.h */
export const MARK = {};

const S = {
  /** @type {string|null} id of the loaded game */
  game: null,
  /** @type {Source|null} */
  source: null,
  step: 0, steps: 0, playing: false, busy: false, progress: 0, mode: 0,
  gen: 0,              // +1 per load, line or query: the key of every cache
  /** @type {Output|null} */
  output: null,
  /** @type {Uint8Array|null} the mark of every event (the scrubber's ticks) */
  marks: null,
  /** @type {{resolve: (r: any) => void, reject: (e: any) => void}|null} a load waiting for its solve */
  pending: null,
  speed: 1,
  /** @type {Choice[]} the line shown: forced choices; [] = the main line */
  variation: [],
  /** @type {MainLine|null} */
  main: null,
  /** @type {number|undefined} goudan: the seed of the query played out */
  querySeed: undefined,
  /** @type {{from: number|null, to: number|null}} playback stays in from..to (embed.html's &from=&to=) */
  range: { from: null, to: null },
};

// ---- the exports -------------------------------------------------------------------
// core/binding.js (generated from web/app/api/view_api.h): dsv(Module) is one
// typed wrapper per dsv_api_* function, named without `dsv_api_`.

/** @param {string|null|undefined} s */
export function parseJson(s) { try { return s ? JSON.parse(s) : null; } catch (e) { return null; } }

// ---- starting the module -------------------------------------------------------------
/** @type {Promise<any>|null} */
let started = null;
/**
 * Creates the C view on the canvas. The exports are bound at the first frame
 * or when the module resolves, whichever comes first (MODULARIZE fills the
 * config object itself, so it works from the first frame on).
 * @param {{canvas: HTMLCanvasElement, host: Host, onFrame?: (n: number, time: number) => void, onAbort?: (what: string) => void}} cfg
 * @returns {Promise<any>} the module, its lists checked against games/index.js
 */
function start(cfg) {
  if (started) return started;
  host = cfg.host;
  if (typeof window.createDeckscopeView !== 'function') {
    started = Promise.reject(new Error('deckscope-view.js did not define createDeckscopeView'));
    return started;
  }
  const config = {
    canvas: cfg.canvas, dsHost: host, onView,
    /** @param {number} n @param {number} time */
    onFrame: (n, time) => {
      if (!C) bind(config);
      if (cfg.onFrame) cfg.onFrame(n, time);
      emit('frame', n);
      if (framesWanted()) redraw();
    },
    /** @param {string} m */
    onViewError: (m) => console.error('deckscope-view: ' + m),
    /** @param {string} s */
    print: (s) => console.log(s),
    /** @param {string} s */
    printErr: (s) => console.warn(s),
    /** @param {string} what */
    onAbort: (what) => { if (cfg.onAbort) cfg.onAbort(String(what)); },
  };
  M = config;
  started = window.createDeckscopeView(config).then((mod) => {
    M = mod;
    if (!C || boundTo !== mod) bind(mod);
    if (bindError) throw bindError;
    return mod;
  });
  return started;
}
// The engine speaks the page's language before any other listener runs: this
// module's body runs before app.js's and embed.js's (they import it), and
// i18n calls its listeners in the order they were added, so what the page
// asks of the engine on a change of language (the why panel, the caption,
// cached per language) is already in the new one.
// (node imports this module too, scripts/scorm.mjs: there is no i18n there)
if (i18n) i18n.onChange((/** @type {string} */ l) => { if (C) C.set_lang(l === 'zh' ? 1 : 0); });
/** @type {Error|null} the module's lists do not match the page's */
let bindError = null;
let bound = false;
/** @type {any} the module the exports were bound to */
let boundTo = null;
/** @param {any} mod */
function bind(mod) {
  M = mod;
  C = dsv(mod);
  boundTo = mod;
  // The module's lists: the mark kinds, and the games (games/index.js must number them alike).
  JSON.parse(C.mark_kinds()).forEach((/** @type {string} */ k, /** @type {number} */ i) => { MARK[String(k).toUpperCase()] = i; });
  const cGames = JSON.parse(C.games());
  if (cGames.join() !== GAMES.join()) bindError = new Error(`games.js lists ${GAMES.join()}, the module ${cGames.join()}`);
  if (bound) return;
  bound = true;
  const rm = window.matchMedia('(prefers-reduced-motion: reduce)');
  C.set_reduced_motion(rm.matches ? 1 : 0);
  rm.addEventListener('change', (e) => { if (C) C.set_reduced_motion(e.matches ? 1 : 0); });
  C.set_lang(i18n.lang === 'zh' ? 1 : 0); // the words on the canvas
}

/** The C view reports (i_host.c, Module.onView). */
/** @param {number} step @param {number} steps @param {number} playing @param {number} busy @param {number} progress @param {number} mode */
function onView(step, steps, playing, busy, progress, mode) {
  const wasPlaying = S.playing;
  const wasBusy = S.busy;
  const stepChanged = step !== S.step || steps !== S.steps;
  S.step = step; S.steps = steps; S.playing = !!playing; S.busy = !!busy; S.progress = progress; S.mode = mode;
  if (wasBusy && !S.busy && S.pending) finishLoad();
  emit('view', { step, steps, playing: !!playing, busy: !!busy, progress, mode });
  if (stepChanged) emit('step', { step, steps });
  if (wasPlaying !== S.playing) emit(S.playing ? 'play' : 'pause', { step });
}

function readView() {
  S.step = C.step(); S.steps = C.steps(); S.playing = !!C.playing(); S.busy = !!C.busy();
  S.progress = C.progress(); S.mode = C.mode();
}

// ---- loading -------------------------------------------------------------------------
/**
 * The input handed to the engine once as UTF-8 bytes in its heap: encoded by
 * the browser straight into the malloc'd block (one byte a character for
 * ASCII, the inputs' usual case; else sized exactly first).
 * @template T @param {string} text @param {(p: number, n: number) => T} fn @returns {T}
 */
function withInputBytes(text, fn) {
  const utf8 = new TextEncoder();
  let cap = text.length + 1;
  let p = M._malloc(cap);
  if (!p) throw new Error('out of memory');
  try {
    let r = utf8.encodeInto(text, M.HEAPU8.subarray(p, p + cap - 1));
    if (r.read < text.length) { // not ASCII: the exact size
      M._free(p);
      p = 0;
      cap = M.lengthBytesUTF8(text) + 1;
      p = M._malloc(cap);
      if (!p) throw new Error('out of memory');
      r = utf8.encodeInto(text, M.HEAPU8.subarray(p, p + cap - 1));
    }
    M.HEAPU8[p + r.written] = 0;
    return fn(p, r.written);
  } finally {
    if (p) M._free(p);
  }
}

/** @param {{line: number, col: number, message: string, code?: string, args?: string[]}} e @returns {EngineError} */
export function engineError(e) {
  /** @type {EngineError} */
  const err = new Error(e.message);
  err.line = e.line; err.col = e.col;
  if (e.code !== undefined) { err.code = e.code; err.args = e.args; }
  return err;
}
/** The engine's last error as data ({line, col, message, code, args}: i18n.errorText). @returns {ErrorDetail} */
function lastError() {
  const j = parseJson(C.error_json()) || {};
  return { line: C.error_line(), col: C.error_col(), message: C.error(), code: j.code, args: j.args };
}

/**
 * Loads a game from its input text.
 * @param {string} game its id
 * @param {string} text
 * @param {Source} source
 * @param {{refused?: (e: ErrorDetail) => void, accepted?: () => void}} [hooks]
 *   called at once: refused when the engine refuses the input (the old game
 *   stays), accepted when it took it (before any solve, before `load`)
 * @returns {Promise<{game: string, steps: number}>}
 */
function loadText(game, text, source, hooks) {
  const gi = GAMES.indexOf(game);
  if (!C || gi < 0) return Promise.reject(engineError({ line: 0, col: 0, message: C ? 'unknown game ' + game : 'the view is not running' }));
  if (S.pending) { S.pending.reject(engineError({ line: 0, col: 0, message: 'superseded by another load' })); S.pending = null; }
  // the marks of this load only: a tab that loads again and again keeps
  // no growing list of them (7 entries a load, never cleared before)
  for (const n of ['ds:load:begin', 'ds:load:copied', 'ds:load:engine', 'ds:load:solved', 'ds:load:output', 'ds:load:panels', 'ds:loaded']) {
    try { performance.clearMarks(n); } catch (e) { /* old browsers */ }
  }
  mark('ds:load:begin');
  const rc = withInputBytes(text, (p, n) => { mark('ds:load:copied'); return C.load(gi, p, n); });
  mark('ds:load:engine');
  if (rc !== 0) {
    const e = lastError();
    if (hooks && hooks.refused) hooks.refused(e);
    emit('error', e);
    return Promise.reject(engineError(e));
  }
  S.game = game;
  S.source = source;
  S.querySeed = undefined; // a new goudan input plays query 1 with seed 1
  S.variation = [];
  S.main = null;
  S.gen++;
  host.game = gi;
  if (hooks && hooks.accepted) hooks.accepted();
  C.set_speed(S.speed);
  readView();
  if (S.busy) { // goudan: the old game's marks and output go at once
    S.marks = null;
    S.output = null;
    emit('busy', { game });
  }
  return new Promise((resolve, reject) => {
    S.pending = { resolve, reject };
    if (!S.busy) finishLoad(); else workBetweenFrames();
  });
}

// goudan's table is solved in slices: one in every frame (i_main.c), and
// more between frames, as tasks of a few ms (a MessageChannel: no timer
// clamping, input and frames run between them), so the solve uses the
// whole main thread, not 8 ms a frame, and goes on in a hidden tab.
/** @type {MessageChannel|null} made at the first solve (a channel keeps node's event loop alive) */
let workChannel = null;
let working = false;
function workSlice() {
  working = false;
  if (!C || !S.busy) return;
  if (C.work(6)) { working = true; /** @type {MessageChannel} */ (workChannel).port2.postMessage(0); return; }
  if (S.busy && S.pending) finishLoad(); // onView finishes it too when a frame sees it first
}
function workBetweenFrames() {
  if (!workChannel) {
    workChannel = new MessageChannel();
    workChannel.port1.onmessage = workSlice;
  }
  if (!working) { working = true; workChannel.port2.postMessage(0); }
}

// The load is complete (goudan: the table is solved): read everything.
function finishLoad() {
  mark('ds:load:solved');
  readView();
  S.output = readOutput();
  S.marks = readMarks();
  mark('ds:load:output');
  const p = S.pending;
  S.pending = null;
  mark('ds:load:panels');
  mark('ds:loaded');
  emit('step', { step: S.step, steps: S.steps });
  emit('load', { game: S.game, steps: S.steps });
  if (p) p.resolve({ game: S.game, steps: S.steps });
}

/** Performance marks (performance.getEntriesByType('mark')): docs/viewer.md. @param {string} name */
export function mark(name) { try { performance.mark(name); } catch (e) { /* old browsers */ } }

/** A generated input (deckscope gen). @param {string} game @param {number} seed @returns {string} '' when it cannot */
function generate(game, seed) {
  if (!C) return '';
  return C.generate(GAMES.indexOf(game), seed) || '';
}

// ---- the judge output ---------------------------------------------------------------------
// The judge output stays in the engine: a view asks for its visible lines
// (dsv_api_output_text); the whole text is decoded only when asked for
// (output()) or kept as the main line while a variation is shown.
/** @returns {Output} */
function readOutput() { return { live: true, n: C.output_count(), text: null }; }
/** @param {Output} o @returns {string} */
function outputWhole(o) {
  if (o.text === null) {
    const len = C.output_len();
    const p = C.output();
    o.text = len > 0 ? new TextDecoder().decode(M.HEAPU8.subarray(p, p + len)) : '';
  }
  return /** @type {string} */ (o.text);
}
/** A copy of the output shown, kept while the engine shows another line. @param {Output} o @returns {Output} */
function outputSnapshot(o) {
  const text = outputWhole(o);
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  if (text.length && !text.endsWith('\n')) n++;
  const starts = new Uint32Array(n + 1);
  let k = 0, pos = 0;
  while (k < n) {
    starts[k++] = pos;
    const nl = text.indexOf('\n', pos);
    pos = nl < 0 ? text.length : nl + 1;
  }
  starts[n] = text.length;
  return { live: false, text, starts, n };
}
/** Line l (1-based) of an output. @param {Output} o @param {number} l @returns {string} */
function outputLineText(o, l) {
  if (o.live) return C.output_text(l);
  const st = /** @type {Uint32Array} */ (o.starts);
  return /** @type {string} */ (o.text).slice(st[l - 1], st[l]).replace(/\n$/, '');
}
/** @returns {Uint8Array} */
function readMarks() {
  const n = C.steps();
  const p = C.marks();
  return n > 0 && p ? M.HEAPU8.slice(p, p + n) : new Uint8Array(0);
}
/** The judge output line written at step i, or null. @param {number} i @returns {number|null} */
function outputLine(i) {
  if (!C || !S.game) return null;
  const l = C.output_line(i);
  return l > 0 ? l : null;
}

// ---- the timeline ---------------------------------------------------------------------
const rangeFrom = () => (S.range.from !== null ? Math.max(0, Math.min(S.steps, S.range.from)) : 0);
const rangeTo = () => (S.range.to !== null ? Math.max(rangeFrom(), Math.min(S.steps, S.range.to)) : S.steps);
const playLimit = () => (S.range.to === null ? -1 : rangeTo());
/**
 * Moves the cursor to step i (clamped to 0..steps).
 * @param {number} i
 * @param {boolean} [animate] tweened; by default only a step of one
 */
function seek(i, animate) {
  if (!C || !S.game || S.busy) return;
  const n = C.steps();
  const cur = C.step();
  const s = Math.max(0, Math.min(n, Math.round(Number(i)) || 0));
  const anim = animate === undefined ? Math.abs(s - cur) === 1 : !!animate;
  C.seek(s, anim ? 1 : 0);
  S.step = C.step();
  if (S.step !== cur) emit('step', { step: S.step, steps: n });
}
/** Plays (from the range's start at its end) or pauses. @param {boolean} on */
function play(on) {
  if (!C || !S.game || S.busy) return;
  if (on && C.step() >= rangeTo()) seek(rangeFrom(), false);
  C.set_play_to(playLimit());
  C.play(on ? 1 : 0);
  const p = !!C.playing();
  if (p !== S.playing) { S.playing = p; emit(p ? 'play' : 'pause', { step: C.step() }); }
}
/**
 * Plays (animated, at the speed set) from the current step to `target` and
 * stops there; the range's end is restored after.
 * @param {number} target
 * @returns {Promise<number>} the step reached (where playback stopped)
 */
function playTo(target) {
  if (!C || !S.game || S.busy) return Promise.resolve(C ? C.step() : 0);
  const to = Math.max(0, Math.min(C.steps(), Math.round(Number(target)) || 0));
  if (C.step() >= to) { seek(to, false); return Promise.resolve(C.step()); }
  return new Promise((resolve) => {
    const done = () => {
      if (C.playing() && C.step() < to) return;
      off('step', done); off('pause', done); off('load', done); off('variation', done);
      if (C.playing()) C.play(0);
      C.set_play_to(playLimit());
      S.playing = false;
      emit('view', viewState());
      resolve(C.step());
    };
    on('step', done); on('pause', done); on('load', done); on('variation', done);
    C.set_play_to(to);
    C.play(1);
    S.playing = !!C.playing();
    emit('view', viewState());
  });
}
/** @param {number} x steps a second (clamped to 0.25..8) */
function setSpeed(x) {
  if (!(x > 0)) return;
  S.speed = Math.max(SPEEDS[0], Math.min(SPEEDS[SPEEDS.length - 1], x));
  if (C) C.set_speed(S.speed);
  emit('speed', { speed: S.speed });
}
/** The game (0) or its DP view (1). @param {number} m */
function setMode(m) {
  if (!C) return;
  const want = m ? 1 : 0;
  C.set_mode(want);
  S.mode = want;
  emit('mode', { mode: want, game: S.game });
}
/** Playback and the embed's controls stay in from..to (null: no bound). @param {number|null} from @param {number|null} to */
function setRange(from, to) {
  S.range = { from, to };
  if (C && S.game) C.set_play_to(playLimit());
}
/** The next (dir 1) or previous (-1) step with a mark of kind >= kind. @param {number} dir @param {number} kind */
function findMark(dir, kind) { return C ? C.find_mark(dir, kind) : 0; }
/** @returns {ViewState} */
function viewState() {
  return { step: S.step, steps: S.steps, playing: S.playing, busy: S.busy, progress: S.progress, mode: S.mode };
}

// ---- goudan: the query played out ---------------------------------------------------------
/**
 * Plays out query q (0-based) with seed `seed` (goudan; false for any other game).
 * @param {number} q @param {number} seed @returns {boolean}
 */
function selectQuery(q, seed) {
  if (!C || !queries(S.game) || S.busy) return false;
  const n = C.goudan_count();
  if (!(q >= 0 && q < n)) return false;
  if (C.goudan_select(q, seed) !== 0) return false;
  S.querySeed = seed;
  S.variation = []; // another query or seed: its main line
  S.main = null;
  S.output = readOutput();
  S.gen++;
  readView();
  S.marks = readMarks();
  emit('step', { step: S.step, steps: S.steps });
  emit('load', { game: S.game, steps: S.steps, query: q + 1 });
  return true;
}
/** The query played out (1-based), or null. @returns {number|null} */
function query() { return C && queries(S.game) ? C.goudan_query() + 1 : null; }

// ---- variations: the engine's line with forced choices (docs/variations.md) -----------------
/** @param {Choice[]} list */
export const specOf = (list) => list.map(([i, l]) => i + ':' + l).join(',');
/** The choices of a &try= spec ('12:A99,30:PASS'). @param {string|null|undefined} spec @returns {Choice[]} */
export function parseSpec(spec) {
  /** @type {Choice[]} */
  const out = [];
  for (const part of String(spec || '').split(',')) {
    const k = part.indexOf(':');
    if (!part) continue;
    out.push([k < 0 ? NaN : Number(part.slice(0, k)), k < 0 ? part : part.slice(k + 1)]);
  }
  return out;
}
const variationCopy = () => S.variation.map(([i, l]) => /** @type {Choice} */ ([i, l]));
function lineInfo() { return { game: S.game, steps: C ? C.steps() : 0, variation: variationCopy() }; }
/**
 * Shows the line with these forced choices ([] = the main line).
 * @param {Choice[]} list
 * @returns {Promise<{game: string|null, steps: number, variation: Choice[]}>}
 */
function tryLine(list) {
  if (!C || !S.game) return Promise.reject(new Error('no game is loaded'));
  if (S.busy) return Promise.reject(new Error('the game is still being solved'));
  // the main line, kept to compare with while a variation is shown
  // (goudan's answers do not change with the line: they stay in the engine)
  const out = /** @type {Output} */ (S.output || readOutput());
  const main = S.variation.length ? S.main
    : { output: queries(S.game) ? out : outputSnapshot(out), steps: C.steps(), outcome: C.steps() > 0 ? caption(C.steps()) : '' };
  const spec = specOf(list);
  const n = M.lengthBytesUTF8(spec);
  const p = M._malloc(n + 1);
  let rc;
  try { M.stringToUTF8(spec, p, n + 1); rc = C.try(p, n); } finally { M._free(p); }
  if (rc !== 0) {
    const e = lastError();
    const err = engineError(e);
    emit('error', { message: e.message, code: e.code, args: e.args, cmd: 'try' });
    return Promise.reject(err);
  }
  S.variation = list.map(([i, l]) => [i, String(l)]);
  S.main = list.length ? main : null;
  S.gen++;
  readView();
  S.output = readOutput();
  S.marks = readMarks();
  emit('variation', { variation: variationCopy(), steps: S.steps });
  emit('step', { step: S.step, steps: S.steps });
  return Promise.resolve(lineInfo());
}
/**
 * At decision event i take `label`; the earlier forced choices stay, the later go.
 * @param {number} i @param {string} label
 */
function branch(i, label) {
  const k = Math.floor(Number(i));
  if (!(k >= 0) || label === undefined || label === null) {
    return Promise.reject(new Error('branch(i, label): i is a decision event index, label one of its candidates'));
  }
  const list = S.variation.filter(([j]) => j < k).concat([[k, String(label)]]);
  return tryLine(list).then((r) => { seek(k + 1, false); return r; });
}
function mainLine() { return S.variation.length ? tryLine([]) : Promise.resolve(lineInfo()); }
/** The line of a whole spec ('' = the main line) at once. @param {string} spec */
function showLine(spec) { return specOf(S.variation) === String(spec || '') ? Promise.resolve(lineInfo()) : tryLine(parseSpec(spec)); }
function variationInfo() {
  return {
    variation: variationCopy(),
    main: S.main ? { steps: S.main.steps, outcome: S.main.outcome } : null,
    outcome: C && S.game && !S.busy && C.steps() > 0 ? caption(C.steps()) : '',
    steps: C ? C.steps() : 0,
  };
}
/** The whole judge output of the line shown. */
function output() { return C && S.output ? outputWhole(S.output) : ''; }
/** The main line's whole judge output (the line shown's when it is the main line). */
function mainOutput() { return S.main && S.main.output ? outputWhole(S.main.output) : output(); }

// ---- the engine's words about a step ------------------------------------------------------------
/** @type {Map<string, string>} */
const captions = new Map();
/** the generation (S.gen) of the line whose captions `captions` holds */
let captionsGen = -1;
let narrateWarned = false;
/** @param {any} e */
export function warnNarrate(e) {
  if (narrateWarned) return;
  narrateWarned = true;
  console.warn('narrate.js: ' + (e && e.message ? e.message : e));
}
/**
 * The caption of step i in the page's language: at step 0 the engine's
 * headline of the state and "press Play"; else the engine's sentence about
 * event i - 1 (<game>_narrate). Cached per line and language.
 * @param {number} step @returns {string}
 */
function caption(step) {
  if (!C || !S.game) return i18n.t('caption.startNone');
  // a new load or line never asks for the last one's captions again: a tab
  // that loads again and again kept up to 256 of them (issue 26)
  if (captionsGen !== S.gen) { captions.clear(); captionsGen = S.gen; }
  const key = step + ':' + i18n.lang;
  let c = captions.get(key);
  if (c !== undefined) return c;
  c = computeCaption(step);
  if (captions.size > 256) captions.clear();
  captions.set(key, c);
  return c;
}
/** @param {number} step @returns {string} */
function computeCaption(step) {
  if (step <= 0) {
    let c = i18n.t('caption.start', { steps: C.steps() });
    try {
      const h = C.headline(0);
      if (h) c = String(h).replace(/[.。!！:：\s]+$/, '') + (i18n.lang === 'zh' ? '。' : '. ') + c;
    } catch (e) { warnNarrate(e); }
    return c;
  }
  let c;
  try { c = C.narrate(step - 1) || null; } catch (e) { c = null; }
  if (!c) {
    const ev = parseJson(C.event_json(step - 1));
    c = i18n.t('caption.fallback', { step, type: (ev && ev.type) || '?' });
  }
  return String(c);
}
/** Event i as the engine writes it (docs/trace-format.md), or null. @param {number} i */
function event(i) { return C ? parseJson(C.event_json(i)) : null; }
/** The state at step i as JSON, or null. @param {number} i */
function stateAt(i) { return C ? parseJson(C.state_json(i)) : null; }

// ---- the layout's API object, for the features ----------------------------------------------
/** @type {any} the public API a layout built over this core (window.deckscope: app.js, embed.js) */
let layoutApi = null;
/** app.js / embed.js: the API object they built (the features extend it). @param {any} api */
export function setApi(api) { layoutApi = api; }
/**
 * What every feature starts with: the API object of the page it runs in
 * (window.deckscope, built over this core by app.js or embed.js; the features
 * add their parts to it) and the words. null when no layout made one.
 * @returns {{ds: any, i18n: any, t: (key: string, vars?: object) => string, h: (tag: string, attrs?: object, ...kids: any[]) => any} | null}
 */
export function feature() {
  const ds = layoutApi;
  if (!ds || !ds.on || !ds.i18n) return null;
  const words = ds.i18n;
  return { ds, i18n: words, t: (k, v) => words.t(k, v), h: words.el };
}

// ---- the core's one object -------------------------------------------------------------------------
export const viewer = {
  on, off, emit, redraw, start, loadText, generate, seek, play, playTo, setSpeed, setMode, setRange, findMark,
  selectQuery, query, tryLine, branch, mainLine, showLine, variationInfo, output, mainOutput, outputLine,
  outputLineText, caption, event, stateAt, viewState, rangeFrom, rangeTo,
  /** the model's state (read only for the views) */
  get state() { return S; },
  get module() { return M; },
  /** the bound exports, or null before the module runs */
  get exports() { return C; },
  get host() { return host; },
  get game() { return S.game; },
  get gameIndex() { return S.game ? GAMES.indexOf(S.game) : -1; },
  get loaded() { return !!S.game && !S.pending; },
  get step() { return C ? C.step() : 0; },
  get steps() { return C ? C.steps() : 0; },
  get playing() { return C ? !!C.playing() : false; },
  get busy() { return C ? !!C.busy() : false; },
  get speed() { return C ? C.speed() : S.speed; },
  get mode() { return C ? C.mode() : 0; },
  get variation() { return variationCopy(); },
  get source() { return S.source ? { ...S.source } : null; },
};
export default viewer;
