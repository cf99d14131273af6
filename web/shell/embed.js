// embed.js - deckscope in an <iframe> (embed.html). The same parameters as the
// main page's hash (#game=<id>&sample=<n> | &seed=<n> | &input=<base64url>,
// &step=<i>, &speed=<x>, &lang=zh|en), in the query string (?view=dp&...) or
// the hash or both (the hash wins on a conflict), plus:
//   &controls=full|mini|none   the timeline under the canvas (default full)
//   &autoplay=1  &loop=1       play on load; start again at the end
//   &from=<i>&to=<j>           only steps i..j: playback, the scrubber, the keys
//                              and the buttons stay in the range (opens at i)
//   &caption=0|1               the narration line under the canvas (default:
//                              shown, but not with controls=none)
//   &view=game|dp              the game or its DP view
//   &theme=light|dark          (default: the reader's colour scheme)
//   &query=<q>&qseed=<s>       goudan: the query played out (1-based), its seed
//   &try=<I:LABEL,...>         a variation: these decisions taken differently
//                              (docs/variations.md; a refused one is an error)
//   &quiz=1                    the quiz (quiz.js), when it is available
//   &play=<seat>               play mode (play.js): the learner takes the seat
//                              and makes its decisions in a compact panel
// With no game, input, sample or seed at all it shows cirno sample 1 (mahjong
// sample 1 with view=dp: the game of the DP view that needs no solving).
// It talks to the host page with postMessage (docs/embedding.md):
//   host -> embed {type:'deckscope', cmd:'load'|'seek'|'play'|'pause'|'get', ...}
//   embed -> host {type:'deckscope', event:'ready'|'load'|'step'|'play'|'pause'|'error', ...}
// and exposes the subset of the page's window.deckscope API that makes sense
// here (ready, load, seek, step, steps, play, pause, outputLine, caption, on,
// module; for play mode also branch, variation, mainLine, variationInfo,
// output and playTo, and play.js's playAs, pending, choose, undo, summary).
// The canvas never takes focus by itself and nothing here scrolls, so the
// host page never jumps to the iframe.
'use strict';
import { dsGames } from './games/index.js';
import i18nModule from './core/i18n.js';
import dsHash from './core/hash.js';
import { viewer, parseSpec, setApi } from './core/viewer.js';

(function () {
  const GAMES = dsGames.ids; // games.js: the one list
  /** embed.html's element #id, of its kind. @template {HTMLElement} T @param {string} id @param {new () => T} kind @returns {T} */
  const $ = (id, kind) => {
    const e = document.getElementById(id);
    if (!(e instanceof kind)) throw new Error(`embed.html has no ${kind.name} #${id}`);
    return e;
  };
  const stage = $('stage', HTMLElement);
  const canvas = $('canvas', HTMLCanvasElement);
  const statusEl = $('status', HTMLElement);
  const el = {
    start: $('e-start', HTMLButtonElement), back: $('e-back', HTMLButtonElement), play: $('e-play', HTMLButtonElement),
    forward: $('e-forward', HTMLButtonElement), end: $('e-end', HTMLButtonElement), scrub: $('e-scrub', HTMLInputElement),
    step: $('e-step', HTMLElement), speed: $('e-speed', HTMLSelectElement), open: $('e-open', HTMLAnchorElement),
    caption: $('e-caption', HTMLElement),
  };
  const i18n = i18nModule || (() => { throw new Error('embed.js runs in a page (core/i18n.js has no words without one)'); })();

  // ---- the hash --------------------------------------------------------------
  // hash.js: never throws; a part that is not valid URL encoding (`?%=1`,
  // `#%E0%A4%A=1`) is left out and named in linkErrors, and start() shows it
  // and posts an `error` (not "Loading…" forever with neither `ready` nor `error`).
  /** @type {string[]} */
  const linkErrors = [];
  /** @param {string} hash @returns {Record<string, string>} */
  function parseHash(hash) {
    const r = dsHash.parseHash(hash);
    linkErrors.push(...r.errors);
    return r.params;
  }
  /** @template D @param {unknown} s @param {D} d @returns {number | D} */
  const intOr = (s, d) => (/^\s*-?\d+\s*$/.test(String(s)) ? parseInt(String(s), 10) : d);
  /** @param {string} s */
  function fromBase64url(s) {
    let b = String(s).replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '');
    while (b.length % 4) b += '=';
    const bin = atob(b);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  }

  // The query string and the hash both count; the hash wins on a conflict.
  /** @type {Record<string, string | undefined>} */
  const params = Object.assign(Object.create(null), parseHash(location.search.replace(/^\?/, '')), parseHash(location.hash));
  // A host that changes the iframe's hash asks for another view: start over.
  window.addEventListener('hashchange', () => location.reload());
  const controls = params.controls === 'mini' || params.controls === 'none' ? params.controls : 'full';
  document.body.dataset.controls = controls;
  const opts = {
    autoplay: params.autoplay === '1' || params.autoplay === 'true',
    loop: params.loop === '1' || params.loop === 'true',
    from: intOr(params.from, null),
    to: intOr(params.to, null),
    mode: params.view === 'dp' ? 1 : 0,
  };
  // &lang= in the hash is read by i18n.js itself; in the query string it is
  // applied here. Neither is stored: the reader's choice in the main page stays.
  {
    const l = /^zh/i.test(params.lang || '') ? 'zh' : /^en/i.test(params.lang || '') ? 'en' : null;
    if (l && l !== i18n.lang) i18n.lang = l;
  }
  // The caption: shown unless caption=0; controls=none is only the canvas
  // unless caption=1 asks for it.
  const showCaption = params.caption === '0' || params.caption === 'false' ? false
    : params.caption === '1' || params.caption === 'true' ? true : controls !== 'none';
  document.body.dataset.caption = showCaption ? 'on' : 'off';
  if (!showCaption) el.caption.hidden = true;
  else {
    // Two lines of it show; a tap (or Enter / Space: it is a button) shows
    // the whole sentence, another tap two lines again.
    const cap = el.caption;
    cap.setAttribute('role', 'button');
    cap.tabIndex = 0;
    cap.setAttribute('aria-expanded', 'false');
    const toggle = () => cap.setAttribute('aria-expanded', cap.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
    cap.addEventListener('click', toggle);
    cap.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      e.stopPropagation();
      toggle();
    });
  }
  // The "open in deckscope" link: the same view in the full page.
  {
    const keep = Object.keys(params).filter((k) => ['game', 'sample', 'seed', 'input', 'step', 'lang', 'speed', 'query', 'qseed', 'try', 'lesson', 'lesson_url', 'play'].includes(k));
    el.open.href = 'index.html' + (keep.length ? '#' + keep.map((k) => k + '=' + encodeURIComponent(String(params[k]))).join('&') : '');
  }

  // ---- theme and size ----------------------------------------------------------
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const fixedTheme = params.theme === 'light' || params.theme === 'dark' ? params.theme : null;
  if (fixedTheme) document.documentElement.dataset.theme = fixedTheme;
  const host = { width: 0, height: 0, dark: fixedTheme ? fixedTheme === 'dark' : scheme.matches, paused: false, game: -1 };
  scheme.addEventListener('change', (e) => { if (!fixedTheme) host.dark = e.matches; });
  /** @param {number} w @param {number} h */
  function fit(w, h) {
    host.width = Math.max(1, Math.floor(w));
    host.height = Math.max(1, Math.floor(h));
    canvas.style.width = host.width + 'px';
    canvas.style.height = host.height + 'px';
  }
  new ResizeObserver((entries) => {
    const r = entries[entries.length - 1].contentRect;
    fit(r.width, r.height);
  }).observe(stage);
  fit(stage.clientWidth, stage.clientHeight);

  // ---- the API -------------------------------------------------------------------
  // The viewer core (core/viewer.js) holds the game, the timeline and the
  // line shown; window.deckscope here is the embed's subset of the page's
  // API over it, its events the messages posted to the host.
  const V = viewer;
  /** @typedef {(detail: any) => void} Listener */
  /** @type {Record<string, Set<Listener>>} */
  const listeners = {};
  /** @param {string} name @param {object} detail */
  function emit(name, detail) {
    for (const fn of listeners[name] || []) {
      try { fn(detail); } catch (e) { console.error(e); }
    }
  }
  // what the host was last told (a message per change of the view's reports)
  const told = { step: 0, playing: false, busy: false, loaded: false };
  /** @type {(v: {}) => void} */
  let resolveReady = () => {};
  /** @type {(e: Error) => void} */
  let rejectReady = () => {};
  const running = () => !!V.exports && told.loaded;
  // (getters, not values: the view's state when read)
  /** @type {DeckscopeEmbed} */
  const ds = {
    i18n,
    get step() { return V.state.step; },
    get steps() { return V.state.steps; },
    get game() { return V.game; },
    get playing() { return V.state.playing; },
    get busy() { return V.state.busy; },
    get mode() { return V.state.mode; },
    get module() { return V.module; },
    get caption() { return caption(V.state.step); },
    get variation() { return V.variation; },
    embed: true,
    state: 'loading',
    ready: new Promise((res, rej) => { resolveReady = res; rejectReady = rej; }),
    load,
    seek(i, animate = true) { if (running()) V.seek(i, !!animate); },
    stepBy(d) { ds.seek(V.state.step + d); },
    play() { if (running()) V.play(true); },
    pause() { if (V.exports) V.play(false); },
    outputLine() { return running() ? V.outputLine(V.state.step) : null; },
    on(name, fn) { (listeners[name] = listeners[name] || new Set()).add(fn); return ds; },
    off(name, fn) { if (listeners[name]) listeners[name].delete(fn); return ds; },
    branch: (i, label) => (running() ? V.branch(i, label).then((r) => { told.step = V.state.step; updateControls(); return r; }) : Promise.reject(new Error('no game is loaded'))),
    mainLine: () => (running() ? V.mainLine().then((r) => { updateControls(); return r; }) : Promise.reject(new Error('no game is loaded'))),
    variationInfo: () => V.variationInfo(),
    output: () => (running() ? V.output() : ''),
    playTo: (to) => (running() ? V.playTo(to) : Promise.resolve(V.state.step)),
    // the caption of step i (the engine's sentence about event i-1), as in the page
    captionAt(i) { return running() ? caption(Math.max(0, Math.min(V.state.steps, Math.floor(Number(i) || 0)))) : ''; },
  };
  ds.ready.catch(() => {});
  window.deckscope = ds;
  setApi(ds);
  // a line the engine refused in play mode: said to the host
  // (the line of a load's &try= is the load's: its error is the load's)
  let loadingLine = false;
  V.on('error', (e) => { if (e.cmd === 'try' && !loadingLine) post('error', errorFields(e, 'try')); });
  V.on('variation', (d) => { if (!loadingLine) emit('variation', { variation: d.variation, steps: d.steps }); });

  // mahjong's DP view without a step: the first step with a decision (the deal
  // before it has no complete hand, so no distance: it showed a blank "d = – (0)")
  function firstDecision() {
    for (let i = 0; i < V.state.steps; i++) {
      const ev = V.event(i);
      if (ev && ev.decision) return i;
    }
    return 0;
  }
  /** @param {unknown} i */
  const clampStep = (i) => Math.max(0, Math.min(V.state.steps, Math.round(Number(i) || 0)));
  const rangeFrom = () => V.rangeFrom();
  const playTo = () => V.rangeTo();
  // The scrubber, the keys and the buttons stay inside from..to.
  /** @param {number} i */
  const clampRange = (i) => Math.max(rangeFrom(), Math.min(playTo(), Math.round(Number(i) || 0)));
  /** @param {number} i @param {boolean} animate */
  const seekUi = (i, animate) => ds.seek(clampRange(i), animate);
  /** @param {number} d */
  const stepUi = (d) => seekUi(V.state.step + d, true);

  // ---- messages to and from the host page ------------------------------------
  const toHost = window.parent !== window ? window.parent : null;
  /** @param {string} event @param {object} [extra] */
  function post(event, extra) {
    const msg = Object.assign({ type: 'deckscope', event, step: V.state.step, steps: V.state.steps,
                                game: ds.game, playing: V.state.playing }, extra || {});
    emit(event, msg);
    // The view's state is not secret: any host may listen.
    if (toHost) toHost.postMessage(msg, '*');
  }
  // Whom the embed obeys: when framed, only the page that embeds it (its
  // parent); when opened on its own, only windows of its own origin (not an
  // opener or a popup of another site).
  /** @param {MessageEvent} e */
  const obeys = (e) => (toHost ? e.source === toHost : !!e.source && e.origin === location.origin);
  window.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || typeof m !== 'object' || m.type !== 'deckscope' || typeof m.cmd !== 'string') return;
    if (!obeys(e)) return;
    // In order: a seek sent right after a load applies to the new game.
    commands = commands.then(() => handleCommand(m)).catch((err) => post('error', errorFields(err, m.cmd)));
  });
  let commands = Promise.resolve();
  /**
   * A host's message (docs/embedding.md): a command and its fields.
   * @typedef {Partial<DeckscopeEmbedLoad> & {cmd: string, animate?: boolean, speed?: unknown, from?: unknown, to?: unknown}} HostCommand
   */
  /** @param {HostCommand} m */
  async function handleCommand(m) {
    await ds.ready;
    switch (m.cmd) {
      case 'load': await load(m); break;
      case 'seek': ds.seek(Number(m.step), m.animate !== false); break;
      case 'play': ds.play(); break;
      case 'pause': ds.pause(); break;
      case 'speed': V.setSpeed(Number(m.speed) || 1); break;
      case 'range':
        opts.from = intOr(m.from, null);
        opts.to = intOr(m.to, null);
        V.setRange(opts.from, opts.to);
        updateControls();
        break;
      case 'get': post('state', { outputLine: ds.outputLine() }); break;
      default: throw new Error('unknown command: ' + JSON.stringify(m.cmd.slice(0, 40)));
    }
  }
  /** @param {unknown} error @param {unknown} cmd */
  function errorFields(error, cmd) {
    // (whatever was thrown: an Error, an EngineError with its line and column, ...)
    const err = /** @type {{ message?: unknown, line?: unknown, col?: unknown } | null | undefined} */ (error);
    /** @type {{ message: string, line?: unknown, col?: unknown, cmd?: string }} */
    const f = { message: String((err && err.message) || err) };
    if (err && err.line) { f.line = err.line; f.col = err.col; }
    if (typeof cmd === 'string') f.cmd = cmd.slice(0, 40); // every command's error names it ('' too)
    return f;
  }

  // ---- loading a game --------------------------------------------------------------
  /** @param {string | null} text */
  function setOverlay(text) {
    if (text === null) { stage.dataset.state = 'running'; return; }
    statusEl.textContent = text;
  }
  /** @param {Partial<DeckscopeEmbedLoad>} req @param {number} g @returns {Promise<string>} */
  async function inputText(req, g) {
    if (typeof req.input === 'string') return req.input;
    if (req.sample !== undefined && req.sample !== null && req.sample !== '') {
      const n = intOr(req.sample, 1);
      const r = await fetch(`samples/${GAMES[g]}-${n}.in`).catch(() => null);
      if (r && r.ok) return r.text();
      // Sample 1 of every game ships with the site; without it (a partial
      // build with no samples/) seed 1 is shown instead of an error, as the
      // page does. Any other missing sample is an error.
      const text = n === 1 ? V.generate(GAMES[g], 1) : '';
      if (!text) throw new Error(`no sample ${n} for ${GAMES[g]}`);
      return text;
    }
    if (req.seed !== undefined && req.seed !== null && req.seed !== '') {
      const s = Number(req.seed);
      const text = V.generate(GAMES[g], s >= 0 ? Math.floor(s) : 1);
      if (!text) throw new Error('cannot generate an input from seed ' + req.seed);
      return text;
    }
    throw new Error('load needs input, sample or seed');
  }
  /** @type {Promise<unknown>} */
  let loading = Promise.resolve();
  // load({game, input|sample|seed, step?, query?, qseed?, try?}) -> {game, steps}
  /** @param {Partial<DeckscopeEmbedLoad>} req @returns {Promise<{ game: string, steps: number }>} */
  function load(req) {
    const run = async () => {
      await ds.ready;
      // a game is an id or a whole number 0..3 (NaN, 0.5 are no game)
      const g = typeof req.game === 'number' ? (Number.isInteger(req.game) ? req.game : -1) : GAMES.indexOf(String(req.game));
      if (g < 0 || g >= GAMES.length) throw new Error('unknown game: ' + String(req.game).slice(0, 40));
      const text = await inputText(req, g);
      // the core solves goudan first (V.on('busy') shows it)
      await V.loadText(GAMES[g], text, {});
      if (req.query !== undefined && req.query !== null && req.query !== '' && V.query() !== null) {
        const q = intOr(req.query, 1) - 1;
        if (!V.selectQuery(q, Number(req.qseed) >= 0 ? Math.floor(Number(req.qseed)) : 1)) {
          throw new Error('no query ' + req.query);
        }
      }
      if (req.try) {
        loadingLine = true;
        try { await V.tryLine(parseSpec(String(req.try))); } finally { loadingLine = false; }
      }
      told.loaded = true;
      V.setMode(opts.mode);
      V.setRange(opts.from, opts.to);
      const start = req.step !== undefined && req.step !== null && req.step !== '' ? clampStep(req.step)
        : opts.mode === 1 && opts.from === null && dsGames.get(GAMES[g])?.dp?.from === 'decision' ? firstDecision() : rangeFrom();
      V.seek(start, false);
      told.step = V.state.step;
      setOverlay(null);
      updateControls();
      post('load', { outputLine: ds.outputLine() });
      return { game: GAMES[g], steps: V.state.steps };
    };
    const p = loading.then(run, run);
    loading = p.catch(() => {});
    return p;
  }
  V.on('busy', () => {
    setOverlay(i18n.t('busy'));
    stage.dataset.state = 'busy';
  });

  // ---- the caption: the main page's narration line (narrate.js) -------------------------
  // The same sentence as the page's caption for this step and language.
  /** @param {number} step */
  function caption(step) {
    if (!running()) return i18n.t('caption.startNone');
    if (V.state.busy) return i18n.t('goudan.solving');
    return V.caption(step);
  }
  /** @type {string | null} */
  let shownCaption = null;
  function updateCaption() {
    if (!showCaption) return;
    const c = told.loaded || V.state.busy ? caption(V.state.step) : '';
    if (c === shownCaption) return;
    shownCaption = c;
    el.caption.textContent = c;
    el.caption.title = c; // the whole sentence when the line is cut short
  }

  // ---- the timeline -------------------------------------------------------------------
  function updateControls() {
    const view = V.state, loaded = told.loaded;
    const on = loaded && !view.busy;
    for (const b of [el.start, el.back, el.play, el.forward, el.end, el.scrub]) b.disabled = !on;
    el.scrub.min = String(loaded ? rangeFrom() : 0);
    el.scrub.max = String(loaded ? playTo() : 0);
    el.scrub.value = String(view.step);
    el.step.textContent = loaded ? `${view.step} / ${view.steps}` : '';
    el.play.setAttribute('aria-pressed', String(!!view.playing));
    el.play.setAttribute('aria-label', i18n.t(view.playing ? 'tl.pause' : 'tl.play'));
    const icon = view.playing ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 3v10l8-5z';
    if (el.play.dataset.icon !== icon) {
      el.play.dataset.icon = icon;
      // built with DOM calls, no HTML string (Trusted Types, trusted.js)
      const NS = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(NS, 'svg');
      for (const [k, v] of [['viewBox', '0 0 16 16'], ['width', '14'], ['height', '14'], ['aria-hidden', 'true']]) svg.setAttribute(k, v);
      const path = document.createElementNS(NS, 'path');
      path.setAttribute('fill', 'currentColor');
      path.setAttribute('d', icon);
      svg.append(path);
      el.play.firstElementChild?.replaceChildren(svg);
    }
    updateCaption();
  }
  el.start.addEventListener('click', () => seekUi(rangeFrom(), false));
  el.end.addEventListener('click', () => seekUi(playTo(), false));
  el.back.addEventListener('click', () => stepUi(-1));
  el.forward.addEventListener('click', () => stepUi(1));
  el.play.addEventListener('click', () => (V.state.playing ? ds.pause() : ds.play()));
  el.scrub.addEventListener('input', () => seekUi(Number(el.scrub.value), false));
  el.speed.addEventListener('change', () => V.setSpeed(Number(el.speed.value)));
  if (params.speed && Number(params.speed) > 0) {
    el.speed.value = [...el.speed.options].some((o) => o.value === String(Number(params.speed))) ? String(Number(params.speed)) : '1';
  }
  // Keyboard anywhere in the iframe (it only gets keys while it has focus):
  // the page's shortcuts, and no default scrolling.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target instanceof HTMLElement ? e.target : null;
    if (t && (t.tagName === 'SELECT' || (t instanceof HTMLInputElement && t.type !== 'range'))) return;
    let done = true;
    switch (e.key) {
      case 'ArrowRight': stepUi(1); break;
      case 'ArrowLeft': stepUi(-1); break;
      case 'Home': seekUi(rangeFrom(), false); break;
      case 'End': seekUi(playTo(), false); break;
      case ' ': if (t && t.tagName === 'BUTTON') { done = false; break; } V.state.playing ? ds.pause() : ds.play(); break;
      case '+': case '=': if (V.exports) V.setSpeed(Math.min(8, V.speed * 2)); break;
      case '-': case '_': if (V.exports) V.setSpeed(Math.max(0.25, V.speed / 2)); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });
  // A click gives the canvas the keyboard, without scrolling anything.
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));

  let loopTimer = 0;
  // Every report of the C view: the controls, and a message per change.
  V.on('view', ({ step, playing, busy, progress }) => {
    const was = { step: told.step, playing: told.playing, busy: told.busy };
    told.playing = playing;
    told.busy = busy;
    if (busy) statusEl.textContent = i18n.t('busy') + ' ' + Math.round(progress * 100) + '%';
    if (!told.loaded) { if (busy !== was.busy) updateCaption(); return; }
    told.step = step;
    updateControls();
    if (step !== was.step) post('step', { outputLine: ds.outputLine() });
    if (playing !== was.playing) {
      post(playing ? 'play' : 'pause');
      if (!playing && opts.loop && step >= playTo()) {
        clearTimeout(loopTimer);
        loopTimer = window.setTimeout(() => { if (!V.state.playing) { V.seek(rangeFrom(), false); V.play(true); } }, 700);
      }
    }
    if (V.exports) { const s = V.speed; if (String(s) !== el.speed.value) el.speed.value = String(s); }
  });

  // ---- start -----------------------------------------------------------------------------
  /** @param {string} message */
  function fail(message) {
    ds.state = 'error';
    stage.dataset.state = 'error';
    statusEl.textContent = message;
    rejectReady(new Error(message));
    post('error', { message });
  }
  /** @param {number} n */
  function onFrame(n) {
    if (n !== 1 || ds.state !== 'loading') return;
    ds.state = 'running';
    resolveReady({});
    start();
  }
  async function start() {
    // The module can draw its first frame before the deferred scripts after
    // this one (play.js, lesson.js, present.js) have run, when the wasm comes
    // from the cache and a script is slow to arrive: wait for them, or
    // &lesson= / &play= would find no handler and load the default sample.
    if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    post('ready');
    if (linkErrors.length) {
      const err = new Error(`the link is damaged: '${linkErrors[0]}' is not valid URL encoding`);
      setOverlay(err.message);
      stage.dataset.state = 'error';
      post('error', errorFields(err, 'load'));
      return;
    }
    if (params.quiz === '1') loadQuiz();
    // No input at all: sample 1 of the first game (view=dp: of the first game with a DP view).
    const hasInput = ['input', 'sample', 'seed'].some((k) => params[k] !== undefined && params[k] !== '');
    const game = params.game || (opts.mode === 1 ? dsGames.all.find((x) => x.dp)?.id : null) || dsGames.first;
    // &lesson= / lesson_url=: lesson.js loads the lesson's game, line and notes
    const lessons = ds.lessons; // embed-main.js: features/lesson.js
    if ((params.lesson || params.lesson_url) && lessons && lessons.embedStart) {
      try {
        await lessons.embedStart(params);
        if (opts.autoplay) ds.play();
      } catch (err) {
        setOverlay(errorOf(err).message);
        post('error', errorFields(err, 'load'));
      }
      return;
    }
    try {
      await load({ game, input: params.input ? fromBase64url(params.input) : undefined,
                   sample: hasInput ? params.sample : 1, seed: params.seed, step: params.step, query: params.query, qseed: params.qseed,
                   try: params.try });
      if (params.speed && Number(params.speed) > 0) V.setSpeed(Number(params.speed));
      // &play=<seat>: play.js takes over the timeline up to the seat's decisions
      if (params.play && ds.playAs) {
        ds.playAs(params.play).catch((/** @type {unknown} */ err) => { setOverlay(errorOf(err).message); stage.dataset.state = 'error'; post('error', errorFields(err, 'play')); });
        return;
      }
      if (opts.autoplay) ds.play();
    } catch (thrown) {
      const err = errorOf(thrown);
      setOverlay((err.line ? `${err.line}:${err.col}: ` : '') + (i18n.errorText ? i18n.errorText(err) : err.message));
      post('error', errorFields(err, 'load'));
    }
  }
  /** What load() and play.js reject with (an EngineError: core/viewer.js). @param {unknown} e @returns {Error & { line?: number, col?: number, code?: string, args?: string[] }} */
  function errorOf(e) { return e instanceof Error ? e : new Error(String(e)); }
  function loadQuiz() {
    // quiz.js starts itself for &quiz=1 in the hash; ?quiz=1 is started here.
    import('./features/quiz.js').then(({ default: quiz }) => {
      ds.quiz = quiz || undefined; // (null only under node)
      if (!/(^|[#&])quiz=1(&|$)/.test(location.hash) && quiz && quiz.start) {
        ds.ready.then(() => quiz.start?.(), () => {});
      }
    }, (e) => console.warn('deckscope embed: quiz.js is not available: ' + e.message));
  }

  function boot() {
    i18n.apply(document);
    setOverlay(i18n.t('app.loading'));
    if (typeof window.createDeckscopeView !== 'function') { fail('deckscope-view.js did not load'); return; }
    V.start({ canvas, host, onFrame, onAbort: (what) => fail('aborted: ' + what) })
      .catch((e) => fail(String((e && e.message) || e)));
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else boot();
})();
