// app.js - the visualizer page around the canvas: its controller and views.
//
// The viewer core (core/viewer.js) holds the loaded game, the timeline and the
// line shown, and drives the C view (deckscope-view.wasm: SDL2 + the engine);
// embed.html is another layout over the same core (embed.js). This file is the
// page's side: the input panel, the timeline, the judge output, the caption,
// the "why" panel, the URL hash, and window.deckscope built from the core. It
// never simulates anything: states, events and explanations come from the
// engine's JSON. The public API is window.deckscope (docs/embedding.md, "JavaScript
// API"); keyboard shortcuts and the URL hash are documented in docs/viewer.md.
'use strict';
import { dsGames } from './games/index.js';
import i18nModule from './core/i18n.js';
import dsNarrate from './core/narrate.js';
import { viewer as V, MARK, SPEEDS, parseSpec, specOf, engineError, mark, parseJson as parse, warnNarrate, setApi } from './core/viewer.js';

(function () {
  const GAMES = dsGames.ids; // games.js: the one list (checked against dsv_api_games)
  // (MARK: the mark kinds by name, MARK.ROUND ...: filled by the core from the
  // module's one list, DSV_MARKS in web/app/model/view.h, when it starts.)
  const MAX_HASH_INPUT = 6000; // bytes of input text kept in the URL

  const $ = (id) => document.getElementById(id);
  const i18n = i18nModule;
  const t = (k, v) => i18n.t(k, v);

  const el = {
    stage: $('stage'), canvas: $('canvas'), status: $('status'), game: $('game'), lang: $('lang'),
    theme: $('theme'), dp: $('dp'), dpPanel: $('dp-panel'), helpOpen: $('help-open'), help: $('help'),
    busy: $('busy'), busyProgress: $('busy-progress'), caption: $('caption'), live: $('live'),
    start: $('tl-start'), back: $('tl-back'), play: $('tl-play'), playIcon: $('tl-play-icon'),
    playText: $('tl-play-text'), forward: $('tl-forward'), end: $('tl-end'), prevMark: $('tl-prev-mark'),
    nextMark: $('tl-next-mark'), stepLabel: $('step-label'), speed: $('speed'), marks: $('marks'),
    scrubber: $('scrubber'), output: $('output'), outputSpacer: $('output-spacer'),
    outputTitle: $('output-title'), outputCount: $('output-count'), outputHint: $('output-hint'),
    goudanTools: $('goudan-tools'), goudanQuery: $('goudan-query'), goudanSeed: $('goudan-seed'),
    goudanPlay: $('goudan-play'), why: $('why'), sample: $('sample'), seed: $('seed'), random: $('random'),
    input: $('input'), load: $('load'), inputError: $('input-error'), inputErrorMsg: $('input-error-msg'),
    inputErrorLine: $('input-error-line'),
  };
  // the game picker: one option per game of the registry (games/index.js), named in the page's language
  for (const id of GAMES) {
    const o = document.createElement('option');
    o.value = id;
    o.dataset.i18n = 'game.' + id;
    o.textContent = id;
    el.game?.append(o);
  }

  // ---- the public object ---------------------------------------------------
  const darkMq = window.matchMedia('(prefers-color-scheme: dark)');
  const host = { width: 0, height: 0, dark: false, paused: false, game: -1 };
  let resolveReady, rejectReady;
  let C = null; // the exports (the core binds them) once the module runs

  // The model is the core's (core/viewer.js: the loaded game, its source, the
  // view's step/steps/playing/busy/mode, the line shown, the output and the
  // marks); the page keeps the list of samples.
  const S = V.state;
  let samples = null;    // {game: [file, ...]}

  const emit = V.emit;

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

  function setState(s, message) {
    api.state = s;
    el.stage.dataset.state = s;
    if (message) el.status.textContent = message;
  }
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
    fillSamples();
    if (shownError && !el.inputError.hidden) {
      const [e, text, game] = shownError;
      const keep = el.input.value;
      showInputError(e, text, game);
      el.input.value = keep; // the reader's edits stay
    }
    invalidate('all');
    scheduleHash();
    // (the core gives the canvas its words in the new language)
    emit('lang', { lang: l });
  });
  i18n.apply(document);

  // ---- the module ------------------------------------------------------------
  let started = false;
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
  V.on('mode', ({ mode }) => {
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
  const samplesReady = fetch('samples/index.json').then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({})).then((j) => { samples = j; fillSamples(); return j; });

  // ---- loading ---------------------------------------------------------------
  // Sample texts, fetched once. Sample 1 of every game exists, so the one the
  // URL asks for is fetched at once, in parallel with the WebAssembly (the
  // first frame then already shows the game); others after index.json.
  const sampleTexts = new Map();
  function fetchSample(file) {
    if (!sampleTexts.has(file)) {
      sampleTexts.set(file, fetch('samples/' + file).then((r) => {
        if (!r.ok) throw new Error(`cannot fetch sample ${file}`);
        return r.text();
      }));
    }
    return sampleTexts.get(file);
  }
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
      fetchSample(`${GAMES.includes(h.game) ? h.game : dsGames.first}-1.in`).catch(() => {});
    }
  }

  // load({game, input|sample|seed}) -> Promise
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
      try { text = await sampleText(game, n); } catch (e) { throw engineError({ line: 0, col: 0, message: e.message }); }
      source = { sample: n };
      // A later load started while the sample was on its way: it wins.
      if (seq !== loadSeq) throw engineError({ line: 0, col: 0, message: 'superseded by another load' });
    }
    return loadText(game, text, source);
  }
  let loadSeq = 0;
  let resolveLoadReady;
  api.readyForLoad = new Promise((res) => { resolveLoadReady = res; });
  Object.defineProperty(api, 'readyForLoad', { enumerable: false });

  function loadText(game, text, source) {
    return V.loadText(game, text, source, {
      refused: (e) => showInputError(e, text, game),
      accepted: () => {
        hideInputError();
        if (!restoring) keepHash = null;
        el.goudanSeed.value = '1';
        el.game.value = game;
        showInputText(text);
        setSampleSelect();
        if (source.seed !== undefined) el.seed.value = String(source.seed);
      },
    });
  }

  // ---- input panel -------------------------------------------------------------
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
    if (!S.source || S.game !== el.game.value) return;
    el.sample.value = S.source.sample ? String(S.source.sample) : 'custom';
  }

  // A huge input (cirno's largest is 1 MB) is not put in the text box: the
  // browser would lay out a megabyte of text for nothing.
  const MAX_EDIT = 256 * 1024;
  function showInputText(text) {
    if (text.length > MAX_EDIT) {
      el.input.value = '';
      el.input.placeholder = t('input.tooBig', { kb: Math.round(text.length / 1024) });
    } else {
      if (el.input.value !== text) el.input.value = text;
      el.input.placeholder = '';
    }
  }
  let shownError = null; // said again in the other language when it changes
  function showInputError(e, text, game) {
    shownError = [e, text, game];
    el.inputError.hidden = false;
    el.inputError.dataset.line = String(e.line || 0);
    el.inputError.dataset.col = String(e.col || 0);
    el.inputErrorMsg.textContent = e.line > 0
      ? t('input.error', { line: e.line, col: e.col, msg: i18n.errorText ? i18n.errorText(e) : stripPos(e.message) })
      : t('input.errorPlain', { msg: i18n.errorText ? i18n.errorText(e) : e.message });
    // The offending line with a caret under the column.
    if (e.line > 0) {
      const lines = text.split('\n');
      const src = (lines[e.line - 1] || '').replace(/\r$/, '');
      const shown = src.length > 120 ? src.slice(Math.max(0, e.col - 60), Math.max(0, e.col - 60) + 120) : src;
      const col = src.length > 120 ? Math.min(e.col, 61) : e.col;
      el.inputErrorLine.textContent = `${e.line} | ${shown}\n${' '.repeat(String(e.line).length)} | ${' '.repeat(Math.max(0, col - 1))}^`;
      el.inputErrorLine.hidden = false;
    } else {
      el.inputErrorLine.hidden = true;
    }
    showInputText(text);
    if (el.game.value !== game) { el.game.value = game; fillSamples(); }
    el.sample.value = 'custom';
    placeCaret(e.line, e.col);
  }
  function stripPos(m) { return String(m).replace(/^line \d+, column \d+: /, ''); }
  function hideInputError() { el.inputError.hidden = true; shownError = null; }
  // Puts the caret at line:col of the textarea and scrolls it there.
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

  el.load.addEventListener('click', () => loadFromTextarea());
  el.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); loadFromTextarea(); }
  });
  function loadFromTextarea() {
    if (!C || (!el.input.value && el.input.placeholder)) return; // a huge input is loaded
    loadText(el.game.value, el.input.value, { input: el.input.value }).catch(() => {});
  }
  el.game.addEventListener('change', () => {
    fillSamples();
    if (C) loadFrom({ game: el.game.value, sample: 1 }).catch(() => {});
  });
  el.sample.addEventListener('change', () => {
    if (!C || el.sample.value === 'custom') return;
    loadFrom({ game: el.game.value, sample: Number(el.sample.value) }).catch(() => {});
  });
  el.random.addEventListener('click', () => {
    if (!C) return;
    loadFrom({ game: el.game.value, seed: Number(el.seed.value) || 0 }).catch(() => {});
  });
  el.seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') el.random.click(); });

  // ---- timeline ------------------------------------------------------------------
  function seek(i, animate) { V.seek(i, animate); }
  function play(on) { V.play(on); invalidate('timeline'); }
  function playTo(target) { return V.playTo(target); }
  function setSpeed(x) {
    if (!(x > 0)) return;
    V.setSpeed(x);
    invalidate('timeline');
    scheduleHash();
  }
  function speedStep(dir) {
    const cur = S.speed;
    let k = SPEEDS.findIndex((v) => v >= cur - 1e-9);
    if (k < 0) k = SPEEDS.length - 1;
    if (dir > 0 && SPEEDS[k] <= cur + 1e-9) k++;
    if (dir < 0) k--;
    setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k))]);
  }
  function markJump(dir) {
    if (!C || S.busy) return;
    seek(V.findMark(dir, MARK.ROUND), false);
  }
  function setMode(m) {
    if (!C) return;
    const want = m ? 1 : 0;
    if (want && !dpAvailable()) return;
    V.setMode(want); // the page's panel follows its 'mode' event
  }
  const dpAvailable = () => dsGames.dp(S.game);

  el.start.addEventListener('click', () => seek(0, false));
  el.end.addEventListener('click', () => seek(C.steps(), false));
  el.back.addEventListener('click', () => seek(C.step() - 1, true));
  el.forward.addEventListener('click', () => seek(C.step() + 1, true));
  el.prevMark.addEventListener('click', () => markJump(-1));
  el.nextMark.addEventListener('click', () => markJump(1));
  el.play.addEventListener('click', () => play(!S.playing));
  el.speed.addEventListener('change', () => setSpeed(Number(el.speed.value)));
  el.scrubber.addEventListener('input', () => seek(Number(el.scrubber.value), false));
  el.dp.addEventListener('click', () => setMode(S.mode ? 0 : 1));

  function enableControls() {
    el.game.disabled = false;
    resolveLoadReady();
  }

  // Marks behind the scrubber: one pixel column per range of steps, the most
  // important mark in it (rounds, calls, the end).
  function drawMarks() {
    const c = el.marks;
    const w = c.clientWidth, h = c.clientHeight;
    if (!w || !h) return;
    const dpr = window.devicePixelRatio || 1;
    const pw = Math.round(w * dpr), ph = Math.round(h * dpr);
    if (c.width !== pw || c.height !== ph) { c.width = pw; c.height = ph; }
    const g = c.getContext('2d');
    g.clearRect(0, 0, pw, ph);
    const m = S.marks;
    if (!m || !m.length) return;
    const cs = getComputedStyle(document.documentElement);
    const col = {
      [MARK.TURN]: cs.getPropertyValue('--mark-turn').trim() || '#999',
      [MARK.ROUND]: cs.getPropertyValue('--mark-round').trim() || '#36c',
      [MARK.CALL]: cs.getPropertyValue('--mark-call').trim() || '#c80',
      [MARK.END]: cs.getPropertyValue('--mark-end').trim() || '#c22',
    };
    // The range thumb travels over [thumb/2, w - thumb/2].
    const pad = 8 * dpr;
    const span = Math.max(1, pw - 2 * pad);
    const n = m.length;
    const best = new Uint8Array(Math.ceil(span) + 1);
    const showTurns = n <= span / 3;
    for (let i = 0; i < n; i++) {
      const v = m[i];
      if (!v || (v === MARK.TURN && !showTurns)) continue;
      // Event i leads to step i + 1.
      const x = Math.round(((i + 1) / n) * span);
      if (v > best[x]) best[x] = v;
    }
    // a variation: its steps from the first forced choice on, in another colour
    if (S.variation.length) {
      const x0 = Math.round(((S.variation[0][0] + 1) / n) * span);
      g.fillStyle = cs.getPropertyValue('--variation-band').trim() || 'rgba(160, 60, 200, 0.25)';
      g.fillRect(pad + x0, 0, Math.max(1, span - x0), ph);
      g.fillStyle = cs.getPropertyValue('--variation').trim() || '#93c';
      for (const [i] of S.variation) {
        const xi = Math.round(((i + 1) / n) * span);
        g.beginPath();
        g.moveTo(pad + xi - 4 * dpr, 0); g.lineTo(pad + xi + 4 * dpr, 0); g.lineTo(pad + xi, 5 * dpr);
        g.fill();
      }
    }
    for (let x = 0; x < best.length; x++) {
      const v = best[x];
      if (!v) continue;
      g.fillStyle = col[v];
      const hh = v === MARK.TURN ? ph * 0.35 : v === MARK.ROUND ? ph * 0.7 : ph;
      g.fillRect(pad + x - Math.max(1, dpr) / 2, (ph - hh) / 2, Math.max(1, Math.round(dpr)), hh);
    }
  }

  // ---- keyboard ------------------------------------------------------------------
  function typing(target) {
    if (!target || target === document.body) return false;
    if (target.isContentEditable) return true;
    const tag = target.tagName;
    if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
    if (tag === 'INPUT') return target.type !== 'range' && target.type !== 'button' && target.type !== 'checkbox';
    return false;
  }
  document.addEventListener('keydown', (e) => {
    if (el.help.open) {
      if (e.key === 'Escape') { e.preventDefault(); closeHelp(); }
      return;
    }
    // A modal dialog of another module (share, export) has the keyboard: its
    // buttons must not step the view behind it. Non-modal panels (check my
    // output) leave the shortcuts working.
    if ([...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal'))) return;
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const tag = e.target && e.target.tagName;
    const onButton = tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY';
    const onRange = tag === 'INPUT' && e.target.type === 'range';
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
      case '?': openHelp(); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });
  let helpReturn = null;
  function openHelp() {
    helpReturn = document.activeElement;
    if (typeof el.help.showModal === 'function') el.help.showModal(); else el.help.setAttribute('open', '');
    $('help-close').focus();
    emit('help', { open: true });
  }
  function closeHelp() {
    if (typeof el.help.close === 'function') el.help.close(); else el.help.removeAttribute('open');
  }
  el.help.addEventListener('close', () => {
    if (helpReturn && helpReturn.focus) helpReturn.focus();
    emit('help', { open: false });
  });

  // ---- legend: what the canvas's marks mean, for the game shown ----------------------
  // each game's marks as the canvas draws them and their words: games/info/<id>.js (its legend).
  const legendOpen = $('legend-open'), legend = $('legend');
  let legendReturn = null;
  function fillLegend() {
    const g = S.game;
    const list = $('legend-list');
    if (!g || !list) return;
    $('legend-title').textContent = t('legend.title', { game: t('game.' + g) });
    list.textContent = '';
    (dsGames.get(g)?.legend || []).forEach((mark, k) => { // games/info/<id>.js
      const dt = document.createElement('dt');
      dt.textContent = mark;
      const dd = document.createElement('dd');
      dd.textContent = t(`legend.${g}.${k + 1}`);
      list.append(dt, dd);
    });
  }
  if (legendOpen && legend) {
    legendOpen.addEventListener('click', () => {
      legendReturn = document.activeElement;
      fillLegend();
      if (typeof legend.showModal === 'function') legend.showModal(); else legend.setAttribute('open', '');
      $('legend-close').focus();
    });
    legend.addEventListener('close', () => { if (legendReturn && legendReturn.focus) legendReturn.focus(); });
    i18n.onChange(() => { if (legend.open) fillLegend(); });
  }
  el.helpOpen.addEventListener('click', openHelp);

  // ---- "More": the teaching tools on narrow screens --------------------------------
  // teach.js, export.js and quiz.js append their buttons to #teach-tools; below
  // 700 px (style.css) that container is the dropdown of the "More" button.
  // Wider, the tools sit in the bar, which stays one line: when the bar's
  // controls would wrap, the last tools move into #more-overflow (the end of
  // #teach-tools, a dropdown of "More" there; style.css) until the rest fits.
  // Enter/Space open it (focus goes to its first tool), ↑ ↓ Home End move, Esc
  // and Tab out close it, Esc returns the focus to "More".
  (function moreMenu() {
    const box = $('more'), btn = $('more-open'), tools = $('teach-tools');
    if (!box || !btn || !tools) return;
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
    const barEnd = box.parentElement;
    function oneLine() {
      const tops = [...barEnd.querySelectorAll('button, select')].filter((e) => e.offsetParent !== null && !over.contains(e))
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
    // tools added, shown or hidden, relabelled (language); the bar resized
    const watch = new MutationObserver(refit);
    watch.observe(tools, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'], characterData: true });
    new ResizeObserver(refit).observe(box.closest('header') || barEnd);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(refit);
    refit();
    const isOpen = () => box.hasAttribute('data-open');
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
      const i = list.indexOf(document.activeElement);
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
      if (!(narrow.matches || over.contains(e.target))) { if (isOpen()) setOpen(false, false); return; }
      fromMenu = true;
      setOpen(false, false);
      setTimeout(() => {
        const a = document.activeElement;
        if (!a || a === document.body || tools.contains(a)) btn.focus({ preventScroll: true });
      }, 0);
    });
    // A dialog opened from the menu gives the focus back to its (now hidden) tool: to "More" instead.
    document.addEventListener('close', () => {
      if (!fromMenu || !menuMode()) return;
      setTimeout(() => {
        const a = document.activeElement;
        if (!a || a === document.body || tools.contains(a)) { fromMenu = false; btn.focus({ preventScroll: true }); }
      }, 0);
    }, true);
    // Tab out of it closes it (a tap elsewhere: below; a tap may leave no focus at all).
    box.addEventListener('focusout', (e) => { if (isOpen() && e.relatedTarget && !box.contains(e.relatedTarget)) setOpen(false, false); });
    document.addEventListener('pointerdown', (e) => { if (isOpen() && !box.contains(e.target)) setOpen(false, false); });
    narrow.addEventListener('change', () => { if (isOpen()) setOpen(false, false); });
  })();

  // ---- per-step information: caption, why, what changed ----------------------------
  const cache = new Map();
  function info(step) {
    const key = S.gen + ':' + step + ':' + i18n.lang;
    let r = cache.get(key);
    if (r) return r;
    r = computeInfo(step);
    if (cache.size > 256) cache.clear();
    cache.set(key, r);
    return r;
  }
  function computeInfo(step) {
    if (!C || !S.game) return { caption: t('caption.startNone'), why: null, changes: [] };
    const steps = C.steps();
    const lang = i18n.lang;
    const N = dsNarrate;
    if (step <= 0) return { caption: V.caption(0), why: null, changes: [] };
    const ev = parse(C.event_json(step - 1));
    const before = parse(C.state_json(step - 1));
    const after = parse(C.state_json(step));
    const ctx = { stateBefore: before, stateAfter: after, step, steps };
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
  function fallbackWhy(ev) {
    const d = ev && ev.decision;
    if (!d || typeof d !== 'object') return null;
    const cands = Array.isArray(d.candidates) ? d.candidates : [];
    return {
      rule: String(d.text || ''),
      candidates: cands.map((c) => ({
        label: String(c.name || c.label || ''),
        key: String(c.label ?? ''),
        value: c.value ?? '',
        chosen: c.label === d.chosen,
        note: String(c.note || ''),
      })),
    };
  }
  // Scalars (and arrays of scalars) that differ between two states.
  function flatten(o, prefix, out) {
    if (o === null || typeof o !== 'object') { out.set(prefix, o); return out; }
    if (Array.isArray(o) && o.every((x) => x === null || typeof x !== 'object')) {
      out.set(prefix, o.join(' '));
      return out;
    }
    for (const k of Object.keys(o)) {
      const p = Array.isArray(o) ? `${prefix}[${k}]` : prefix ? `${prefix}.${k}` : k;
      flatten(o[k], p, out);
    }
    return out;
  }
  // The raw list (shown under "Details"): {path, before, after} per changed field;
  // out.words: what event i changed in the words of the game (the engine's
  // <game>_changes, one sentence a line).
  function diffStates(a, b, i) {
    const out = [];
    out.words = [];
    if (!a || !b) return out;
    const fa = flatten(a, '', new Map()), fb = flatten(b, '', new Map());
    for (const [k, v] of fb) {
      // bookkeeping the reader does not need: card sources, per-kind counts
      if (/(^|\.)(src|counts)(\[|$)/.test(k)) continue;
      const u = fa.get(k);
      if (u !== v) out.push({ path: k, before: u, after: v });
      if (out.length >= 16) break;
    }
    try { out.words = String(C.changes(i) || '').split('\n').filter((s) => s !== ''); } catch (e) { warnNarrate(e); }
    return out;
  }

  // ---- rendering (batched into one animation frame) ----------------------------------
  const dirty = new Set();
  let raf = 0;
  function invalidate(what) {
    dirty.add(what);
    if (!raf) raf = requestAnimationFrame(render);
  }
  function render() {
    raf = 0;
    const all = dirty.has('all');
    dirty.clear();
    if (!C) return;
    renderTimeline();
    renderOutput(all);
    renderInfo();
    if (all) drawMarks();
    scheduleHash();
  }
  function renderTimeline() {
    const loaded = !!S.game && !S.busy;
    const step = C.step(), steps = C.steps();
    const focused = document.activeElement;
    for (const b of [el.start, el.back, el.prevMark]) b.disabled = !loaded || step <= 0;
    for (const b of [el.forward, el.end, el.nextMark]) b.disabled = !loaded || step >= steps;
    el.play.disabled = !loaded || steps === 0;
    el.scrubber.disabled = !loaded;
    // A focused button just disabled (Start or Back at step 0, End at the
    // end) would drop the keyboard focus on <body>: it moves to Play (or
    // the scrubber) instead.
    if (focused && focused.disabled && [el.start, el.back, el.prevMark, el.forward, el.end, el.nextMark].includes(focused)) {
      const next = [el.play, el.scrubber].find((b) => !b.disabled);
      if (next) next.focus();
    }
    if (Number(el.scrubber.max) !== steps) el.scrubber.max = String(steps);
    if (Number(el.scrubber.value) !== step) el.scrubber.value = String(step);
    el.scrubber.setAttribute('aria-valuetext', t('tl.step', { step, steps }));
    el.stepLabel.textContent = t('tl.step', { step, steps });
    const playing = !!C.playing();
    el.play.setAttribute('aria-pressed', String(playing));
    el.play.classList.toggle('playing', playing);
    el.playIcon.dataset.icon = playing ? 'pause' : 'play';
    el.playText.textContent = playing ? t('tl.pause') : t('tl.play');
    el.play.setAttribute('aria-label', playing ? t('tl.pause') : t('tl.play'));
    const sp = C.speed();
    const opt = SPEEDS.includes(sp) ? String(sp) : null;
    if (opt && el.speed.value !== opt) el.speed.value = opt;
    el.dp.disabled = !dpAvailable() || S.busy;
    if (legendOpen) legendOpen.disabled = !S.game;
    el.busy.hidden = !S.busy;
    el.busyProgress.value = S.progress || 0;
    el.stage.setAttribute('aria-busy', String(S.busy));
  }

  /** @param {unknown} g */
  const outputOf = (g) => dsGames.get(g)?.output || 'lines';
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
      el.goudanQuery.max = String(Math.max(1, C.goudan_count()));
      el.goudanQuery.value = String(C.goudan_query() + 1);
    }
    if (!dpAvailable() && S.mode) setMode(0);
    el.dp.disabled = !dpAvailable();
  }

  // ---- judge output: a virtualised list --------------------------------------------
  const LINE_H = 22; // px, also in style.css (.out-line)
  const rows = [];   // pooled row elements
  let lastCurrent = -1;
  function outputModel() {
    if (!S.game || S.busy) return { n: 0, text: () => '', current: 0, changed: null };
    const step = C.step();
    const output = outputOf(S.game);
    if (output === 'state') {
      const lines = C.thegame_lines(step).replace(/\n$/, '').split('\n');
      const prev = step > 0 ? C.thegame_lines(step - 1).replace(/\n$/, '').split('\n') : lines;
      const changed = new Set();
      lines.forEach((l, k) => { if (prev[k] !== l) changed.add(k + 1); });
      const cur = C.output_line(step);
      return { n: lines.length, text: (l) => lines[l - 1], current: cur, changed };
    }
    const o = S.output || { n: 0 };
    const current = output === 'queries' ? C.goudan_query() + 1 : C.output_line(step);
    // in a variation: the lines that differ from the main line's
    const mo = S.main && S.main.output;
    const differs = mo && output !== 'queries'
      ? (l) => l > mo.n || V.outputLineText(mo, l) !== V.outputLineText(o, l) : null;
    return { n: o.n, text: (l) => V.outputLineText(o, l), current, changed: null, differs };
  }
  function renderOutput(force) {
    const m = outputModel();
    const view = el.output;
    el.outputSpacer.style.height = m.n * LINE_H + 'px';
    // A short output gets a short pane (thegame: six lines).
    const fitH = m.n > 0 && m.n < 10 ? Math.max(3, m.n) * LINE_H + 18 + 'px' : '';
    if (view.style.height !== fitH) view.style.height = fitH;
    el.outputCount.textContent = m.n ? (m.n === 1 ? t('out.line1') : t('out.lines', { n: m.n })) : '';
    // Keep the current line in view.
    if (m.current > 0 && (m.current !== lastCurrent || force)) {
      const top = (m.current - 1) * LINE_H;
      if (top < view.scrollTop || top + LINE_H > view.scrollTop + view.clientHeight) {
        view.scrollTop = Math.max(0, top - view.clientHeight / 2 + LINE_H / 2);
      }
    }
    lastCurrent = m.current;
    const first = Math.max(1, Math.floor(view.scrollTop / LINE_H) + 1 - 5);
    const last = Math.min(m.n, Math.ceil((view.scrollTop + view.clientHeight) / LINE_H) + 5);
    const count = Math.max(0, last - first + 1);
    while (rows.length < count) {
      const r = document.createElement('div');
      r.className = 'out-line';
      r.setAttribute('role', 'option');
      const num = document.createElement('span');
      num.className = 'ln';
      const txt = document.createElement('span');
      txt.className = 'tx';
      r.append(num, txt);
      el.outputSpacer.appendChild(r);
      rows.push(r);
    }
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k];
      if (k >= count) { if (!r.hidden) r.hidden = true; continue; }
      const l = first + k;
      r.hidden = false;
      r.style.top = (l - 1) * LINE_H + 'px';
      if (r.dataset.line !== String(l) || force || outputOf(S.game) === 'state') {
        r.dataset.line = String(l);
        r.firstChild.textContent = String(l);
        r.lastChild.textContent = m.text(l);
      }
      const cur = l === m.current;
      r.classList.toggle('current', cur);
      r.setAttribute('aria-selected', String(cur));
      r.classList.toggle('changed', !!(m.changed && m.changed.has(l)));
      r.classList.toggle('differs', !!(m.differs && m.differs(l)));
    }
    el.output.dataset.current = String(m.current || 0);
    if (!m.n) el.output.dataset.empty = t('out.none'); else delete el.output.dataset.empty;
  }
  el.output.addEventListener('scroll', () => { renderOutput(false); }, { passive: true });
  new ResizeObserver(() => renderOutput(false)).observe(el.output);
  el.output.addEventListener('click', (e) => {
    const r = e.target.closest('.out-line');
    if (!r || !C || S.busy) return;
    const l = Number(r.dataset.line);
    const output = outputOf(S.game);
    if (output === 'queries') selectQuery(l - 1, Number(el.goudanSeed.value) || 1);
    else if (output !== 'state') seek(stepOfLine(l), false);
  });
  // The first step whose output line is >= l (output_line is monotone).
  function stepOfLine(l) {
    let lo = 0, hi = C.steps();
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (C.output_line(mid) >= l) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  // ---- goudan: query picker --------------------------------------------------------
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
  const applyVariation = (list) => V.tryLine(list);
  const branch = (i, label) => V.branch(i, label);
  api.variationInfo = () => V.variationInfo();
  api.mainOutput = () => V.mainOutput();

  // ---- caption, live region, why panel ------------------------------------------------
  let lastInfoKey = '';
  function renderInfo() {
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
    renderWhy(r);
  }
  function renderWhy(r) {
    const box = el.why;
    box.textContent = '';
    box.dataset.step = String(C.step()); // which step the panel explains (tests wait for it)
    const w = r.why;
    if (w && (w.rule || (w.candidates && w.candidates.length))) {
      if (w.title) {
        const h = document.createElement('p');
        h.className = 'why-title';
        h.textContent = w.title;
        box.appendChild(h);
      }
      if (w.rule) {
        const p = document.createElement('p');
        p.className = 'why-rule';
        p.textContent = w.rule;
        box.appendChild(p);
      }
      // a forced move (a variation, a learner's move): the record says which
      // move was taken and which one the rule makes, by their names
      if (w.forced && w.chosenName && w.ruleName) {
        const p = document.createElement('p');
        p.className = 'why-forced';
        p.textContent = t('why.forced', { chosen: w.chosenName, rule: w.ruleName });
        box.appendChild(p);
      }
      if (w.candidates && w.candidates.length) box.appendChild(candTable(w.candidates, 'why.candidate', w.measure));
      // mahjong discards: what each other player could do with the tile
      if (w.claims && w.claims.length) {
        const h = document.createElement('h3');
        h.textContent = t('why.claims');
        box.append(h, candTable(w.claims, 'why.player'));
      }
    } else {
      const p = document.createElement('p');
      p.className = 'hint';
      // at step 0: what to look for in this game
      p.textContent = C.step() > 0 ? t('why.none') : S.game ? t('why.start.' + S.game) : '';
      box.appendChild(p);
    }
    if (C.step() > 0) {
      const h = document.createElement('h3');
      h.textContent = t('why.changed');
      box.appendChild(h);
      const words = r.changes.words || [];
      if (words.length) {
        // what changed, in the words of the game
        const ul = document.createElement('ul');
        ul.className = 'changes-words';
        for (const w of words) {
          const li = document.createElement('li');
          li.textContent = w;
          ul.appendChild(li);
        }
        box.appendChild(ul);
      }
      if (!r.changes.length) {
        const p = document.createElement('p');
        p.className = 'hint';
        p.textContent = t('why.nothing');
        box.appendChild(p);
      } else {
        // the raw fields of the state, for the curious (closed by default)
        const det = document.createElement('details');
        det.className = 'changes-raw';
        const sum = document.createElement('summary');
        sum.textContent = t('why.details');
        const ul = document.createElement('ul');
        ul.className = 'changes';
        for (const c of r.changes) {
          const li = document.createElement('li');
          const k = document.createElement('code');
          k.textContent = c.path;
          const a = document.createElement('span');
          a.className = 'old';
          a.textContent = short(c.before);
          const b = document.createElement('mark');
          b.textContent = short(c.after);
          li.append(k, ': ', a, ' → ', b);
          ul.appendChild(li);
        }
        det.append(sum, ul);
        // stays open from step to step once opened
        det.open = box.dataset.rawOpen === '1';
        det.addEventListener('toggle', () => { box.dataset.rawOpen = det.open ? '1' : ''; });
        box.appendChild(det);
      }
    }
    // variation.js adds "Try another move" here
    emit('why', { box, step: C.step(), event: r.event, decision: r.decision || null });
    fitCands();
  }
  // With a check result above it (teach.js: the side column's .check-first),
  // the why panel's candidates stay on screen in two columns: the table
  // scrolls inside the room left under the check panel, its chosen row in
  // view, instead of going on below the fold (issue 13). One column: as is.
  const sideCol = document.querySelector('.side-col');
  function fitCands() {
    const wrap = el.why.querySelector('.cands-wrap');
    if (!wrap) return;
    // a box that scrolls is reachable by keyboard (axe: scrollable-region-focusable)
    if (wrap.scrollHeight > wrap.clientHeight) wrap.tabIndex = 0; else wrap.removeAttribute('tabindex');
    if (!sideCol) return;
    const on = sideCol.classList.contains('check-first') && sideCol.getBoundingClientRect().left > innerWidth / 3;
    const room = Math.floor(innerHeight - (wrap.getBoundingClientRect().top + scrollY) - 16);
    const want = on ? Math.max(96, Math.min(room, 288)) + 'px' : '';
    if (wrap.style.maxHeight === want) return;
    wrap.style.maxHeight = want;
    if (wrap.scrollHeight > wrap.clientHeight) wrap.tabIndex = 0; else wrap.removeAttribute('tabindex');
    const row = on && wrap.querySelector('tr.chosen');
    if (row && (row.offsetTop + row.offsetHeight > wrap.scrollTop + wrap.clientHeight || row.offsetTop < wrap.scrollTop)) {
      wrap.scrollTop = Math.max(0, row.offsetTop - wrap.clientHeight / 2);
    }
  }
  if (sideCol) new ResizeObserver(() => fitCands()).observe(sideCol);
  // A table of a decision record's entries ({label, value, chosen, note}).
  // measure: the record's "measure" (what the values count), the column's name
  function candTable(list, firstHead, measure) {
    const tb = document.createElement('table');
    tb.className = 'cands';
    const head = tb.createTHead().insertRow();
    for (const k of [firstHead, measure ? 'why.measure.' + measure : 'why.value', '']) {
      const th = document.createElement('th');
      th.textContent = k ? t(k) : '';
      head.appendChild(th);
    }
    const body = tb.createTBody();
    for (const c of list) {
      const row = body.insertRow();
      if (c.chosen) row.className = 'chosen';
      if (c.ruleChoice) row.classList.add('rule-choice');
      // the engine's label stays in data-label (URLs, --try); the learner reads the name
      if (c.key) row.dataset.label = c.key;
      row.insertCell().textContent = String(c.label ?? '');
      row.insertCell().textContent = String(c.value ?? '');
      row.insertCell().textContent = [c.chosen ? '✓ ' + t('why.chosen') : '', c.note || ''].filter(Boolean).join(' · ');
    }
    const wrap = document.createElement('div');
    wrap.className = 'cands-wrap';
    wrap.appendChild(tb);
    return wrap;
  }
  function short(v) {
    const s = v === undefined || v === '' ? t('why.empty') : v === null ? 'null' : String(v);
    return s.length > 48 ? s.slice(0, 47) + '…' : s;
  }

  // ---- the URL hash ------------------------------------------------------------------
  function b64urlEncode(text) {
    const bytes = new TextEncoder().encode(text);
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function b64urlDecode(s) {
    const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  }
  function parseHash(h) {
    const out = {};
    for (const part of String(h || '').replace(/^#/, '').split('&')) {
      if (!part) continue;
      const k = part.indexOf('=');
      const key = k < 0 ? part : part.slice(0, k);
      const val = k < 0 ? '' : part.slice(k + 1);
      try { out[decodeURIComponent(key)] = decodeURIComponent(val); } catch (e) { /* ignore */ }
    }
    return out;
  }
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
  let keepHash = null;
  api.touchHash = () => scheduleHash();
  function scheduleHash() {
    if (hashTimer || restoring || (keepHash !== null && location.hash === keepHash)) return;
    const was = location.hash;
    hashTimer = setTimeout(() => {
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
  async function restoreFromHash(first) {
    const h = parseHash(location.hash);
    restoring = true;
    try {
      if (h.lang) api.setLang(h.lang);
      if (h.speed) setSpeed(Number(h.speed));
      const game = GAMES.includes(h.game) ? h.game : dsGames.first;
      const opts = { game };
      let badLink = null; // &input= that is not base64url: said, and the URL kept
      if (h.input !== undefined) {
        try { opts.input = b64urlDecode(h.input); } catch (e) {
          opts.sample = 1;
          badLink = [{ line: 0, col: 0, message: t('input.badLink') }, h.input, game];
        }
      } else if (h.seed !== undefined) opts.seed = Number(h.seed);
      else opts.sample = Number(h.sample) || 1;
      const same = S.game === game && JSON.stringify(S.source) === JSON.stringify(
        opts.input !== undefined ? { input: opts.input } : opts.seed !== undefined ? { seed: Math.max(0, Math.floor(opts.seed) || 0) } : { sample: opts.sample });
      if (!same) {
        el.game.value = game;
        fillSamples();
        try { await loadFrom(opts); } catch (e) {
          // A first load that fails (a missing sample, e.g. a partial build
          // with no samples/) falls back to sample 1, then to seed 1: the page
          // never stays on its spinner. A shared &input= the engine refused
          // stays in the box with its error, and the URL keeps it.
          if (opts.input !== undefined && shownError) badLink = shownError;
          if (first && !S.game) {
            await loadFrom({ game, sample: 1 }).catch(() => loadFrom({ game, seed: 1 })).catch(() => {});
          }
        }
        if (badLink) {
          keepHash = location.hash;
          showInputError(...badLink);
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

  // ---- first visit: what each game is ------------------------------------------------
  // Shown once (localStorage 'deckscope.seen'), and only when the URL names no
  // view: a permalink opens its view directly. Each game: one sentence (its
  // problem and origin) and "Start with sample 1".
  (function intro() {
    const SEEN = 'deckscope.seen';
    let seen = true;
    try { seen = !!localStorage.getItem(SEEN); } catch (e) { /* storage blocked: never shown */ }
    if (seen || location.hash.replace(/^#/, '')) return;
    const h = i18n.el || ((tag) => document.createElement(tag));
    const done = () => {
      try { localStorage.setItem(SEEN, '1'); } catch (e) { /* ignore */ }
      box.remove();
    };
    const box = h('section', { class: 'panel intro', id: 'intro', 'aria-labelledby': 'intro-title' },
      h('div', { class: 'intro-head' },
        h('h2', { id: 'intro-title', i18n: 'intro.title' }),
        h('button', { type: 'button', class: 'icon', id: 'intro-close', 'data-i18n-aria': 'intro.close',
          'aria-label': t('intro.close'), onclick: done }, '×')),
      h('p', { i18n: 'intro.lead' }),
      h('ul', { class: 'intro-games' }, ...GAMES.map((g) => h('li', {},
        h('p', { i18n: 'intro.' + g }),
        h('button', { type: 'button', class: 'primary', 'data-game': g, i18n: 'intro.start',
          onclick: () => { done(); api.load({ game: g, sample: 1 }).catch(() => {}); } }),
        ' ',
        // the shipped lesson of the game, played as a tour (lesson.js)
        h('button', { type: 'button', 'data-tour': g, i18n: 'intro.tour',
          onclick: () => { done(); if (api.takeTour) api.takeTour(g).catch((e) => console.warn('deckscope: tour: ' + e.message)); } })))));
    const side = document.querySelector('.side-col');
    if (side) side.prepend(box);
  })();

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
})();
