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
import { dsv } from './core/binding.js';

(function () {
  const GAMES = dsGames.ids; // games.js: the one list
  const $ = (id) => document.getElementById(id);
  const stage = $('stage');
  const canvas = $('canvas');
  const statusEl = $('status');
  const el = {
    start: $('e-start'), back: $('e-back'), play: $('e-play'), forward: $('e-forward'),
    end: $('e-end'), scrub: $('e-scrub'), step: $('e-step'), speed: $('e-speed'), open: $('e-open'),
    caption: $('e-caption'),
  };
  const i18n = i18nModule;

  // ---- the hash --------------------------------------------------------------
  // hash.js: never throws; a part that is not valid URL encoding (`?%=1`,
  // `#%E0%A4%A=1`) is left out and named in linkErrors, and start() shows it
  // and posts an `error` (not "Loading…" forever with neither `ready` nor `error`).
  const linkErrors = [];
  function parseHash(hash) {
    const r = dsHash.parseHash(hash);
    linkErrors.push(...r.errors);
    return r.params;
  }
  const intOr = (s, d) => (/^\s*-?\d+\s*$/.test(String(s)) ? parseInt(s, 10) : d);
  function fromBase64url(s) {
    let b = String(s).replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '');
    while (b.length % 4) b += '=';
    const bin = atob(b);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  }

  // The query string and the hash both count; the hash wins on a conflict.
  const params = Object.assign(Object.create(null), parseHash(location.search.replace(/^\?/, '')), parseHash(location.hash));
  // A host that changes the iframe's hash asks for another view: start over.
  window.addEventListener('hashchange', () => location.reload());
  const controls = ['full', 'mini', 'none'].includes(params.controls) ? params.controls : 'full';
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
    el.open.href = 'index.html' + (keep.length ? '#' + keep.map((k) => k + '=' + encodeURIComponent(params[k])).join('&') : '');
  }

  // ---- theme and size ----------------------------------------------------------
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const fixedTheme = params.theme === 'light' || params.theme === 'dark' ? params.theme : null;
  if (fixedTheme) document.documentElement.dataset.theme = fixedTheme;
  const host = { width: 0, height: 0, dark: fixedTheme ? fixedTheme === 'dark' : scheme.matches, paused: false, game: -1 };
  scheme.addEventListener('change', (e) => { if (!fixedTheme) host.dark = e.matches; });
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
  const listeners = {};
  function emit(name, detail) {
    for (const fn of listeners[name] || []) {
      try { fn(detail); } catch (e) { console.error(e); }
    }
  }
  let M = null;
  let C = null; // the exports (core/binding.js)
  const view = { step: 0, steps: 0, playing: 0, busy: 0, progress: 0, mode: 0, game: -1, loaded: false };
  let resolveReady, rejectReady;
  // getters need defineProperties (Object.assign would copy their values once).
  const ds = { i18n };
  const getters = {
    step: () => view.step,
    steps: () => view.steps,
    game: () => (view.game >= 0 ? GAMES[view.game] : null),
    playing: () => !!view.playing,
    busy: () => !!view.busy,
    mode: () => view.mode,
    module: () => M,
    caption: () => caption(view.step),
    variation: () => variation.map(([i, l]) => [i, l]),
  };
  for (const [k, get] of Object.entries(getters)) Object.defineProperty(ds, k, { get, configurable: true, enumerable: true });
  Object.assign(ds, {
    embed: true,
    state: 'loading',
    ready: new Promise((res, rej) => { resolveReady = res; rejectReady = rej; }),
    load,
    seek(i, animate = true) { if (C && view.loaded) C.seek(clampStep(i), animate ? 1 : 0); },
    stepBy(d) { ds.seek(view.step + d); },
    play() { if (C && view.loaded) { if (view.step >= playTo()) C.seek(rangeFrom(), 0); C.play(1); } },
    pause() { if (C) C.play(0); },
    outputLine() { if (!C || !view.loaded) return null; const l = C.output_line(view.step); return l > 0 ? l : null; },
    on(name, fn) { (listeners[name] = listeners[name] || new Set()).add(fn); return ds; },
    off(name, fn) { if (listeners[name]) listeners[name].delete(fn); return ds; },
    branch, mainLine, variationInfo, output, playTo: (to) => playUntil(to),
    // the caption of step i (the engine's sentence about event i-1), as in the page
    captionAt(i) { return C && view.loaded ? caption(Math.max(0, Math.min(view.steps, Math.floor(Number(i) || 0)))) : ''; },
  });
  ds.ready.catch(() => {});
  window.deckscope = ds;

  // mahjong's DP view without a step: the first step with a decision (the deal
  // before it has no complete hand, so no distance: it showed a blank "d = – (0)")
  function firstDecision() {
    for (let i = 0; i < view.steps; i++) {
      const ev = parseJson(C.event_json(i));
      if (ev && ev.decision) return i;
    }
    return 0;
  }
  const clampStep = (i) => Math.max(0, Math.min(view.steps, Math.round(Number(i) || 0)));
  const rangeFrom = () => (opts.from !== null ? clampStep(opts.from) : 0);
  const playTo = () => (opts.to !== null ? Math.max(rangeFrom(), clampStep(opts.to)) : view.steps);
  // The scrubber, the keys and the buttons stay inside from..to.
  const clampRange = (i) => Math.max(rangeFrom(), Math.min(playTo(), Math.round(Number(i) || 0)));
  const seekUi = (i, animate) => ds.seek(clampRange(i), animate);
  const stepUi = (d) => seekUi(view.step + d, true);

  // ---- messages to and from the host page ------------------------------------
  const toHost = window.parent !== window ? window.parent : null;
  function post(event, extra) {
    const msg = Object.assign({ type: 'deckscope', event, step: view.step, steps: view.steps,
                                game: ds.game, playing: !!view.playing }, extra || {});
    emit(event, msg);
    // The view's state is not secret: any host may listen.
    if (toHost) toHost.postMessage(msg, '*');
  }
  // Whom the embed obeys: when framed, only the page that embeds it (its
  // parent); when opened on its own, only windows of its own origin (not an
  // opener or a popup of another site).
  const obeys = (e) => (toHost ? e.source === toHost : !!e.source && e.origin === location.origin);
  window.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || typeof m !== 'object' || m.type !== 'deckscope' || typeof m.cmd !== 'string') return;
    if (!obeys(e)) return;
    // In order: a seek sent right after a load applies to the new game.
    commands = commands.then(() => handleCommand(m)).catch((err) => post('error', errorFields(err, m.cmd)));
  });
  let commands = Promise.resolve();
  async function handleCommand(m) {
    await ds.ready;
    switch (m.cmd) {
      case 'load': await load(m); break;
      case 'seek': ds.seek(m.step, m.animate !== false); break;
      case 'play': ds.play(); break;
      case 'pause': ds.pause(); break;
      case 'speed': if (C) C.set_speed(Number(m.speed) || 1); break;
      case 'range':
        opts.from = intOr(m.from, null);
        opts.to = intOr(m.to, null);
        if (C && view.loaded) C.set_play_to(opts.to === null ? -1 : playTo());
        updateControls();
        break;
      case 'get': post('state', { outputLine: ds.outputLine() }); break;
      default: throw new Error('unknown command: ' + JSON.stringify(m.cmd.slice(0, 40)));
    }
  }
  function errorFields(err, cmd) {
    const f = { message: String((err && err.message) || err) };
    if (err && err.line) { f.line = err.line; f.col = err.col; }
    if (typeof cmd === 'string') f.cmd = cmd.slice(0, 40); // every command's error names it ('' too)
    return f;
  }

  // ---- loading a game --------------------------------------------------------------
  function setOverlay(text) {
    if (text === null) { stage.dataset.state = 'running'; return; }
    statusEl.textContent = text;
  }
  async function inputText(req, g) {
    if (typeof req.input === 'string') return req.input;
    if (req.sample !== undefined && req.sample !== null && req.sample !== '') {
      const n = intOr(req.sample, 1);
      const r = await fetch(`samples/${GAMES[g]}-${n}.in`).catch(() => null);
      if (r && r.ok) return r.text();
      // Sample 1 of every game ships with the site; without it (a partial
      // build with no samples/) seed 1 is shown instead of an error, as the
      // page does. Any other missing sample is an error.
      const text = n === 1 ? C.generate(g, 1) : '';
      if (!text) throw new Error(`no sample ${n} for ${GAMES[g]}`);
      return text;
    }
    if (req.seed !== undefined && req.seed !== null && req.seed !== '') {
      const s = Number(req.seed);
      const text = C.generate(g, s >= 0 ? Math.floor(s) : 1);
      if (!text) throw new Error('cannot generate an input from seed ' + req.seed);
      return text;
    }
    throw new Error('load needs input, sample or seed');
  }
  let loading = Promise.resolve();
  let busyWaiters = [];
  // load({game, input|sample|seed, step?, query?, qseed?}) -> {game, steps}
  function load(req) {
    const run = async () => {
      await ds.ready;
      // a game is an id or a whole number 0..3 (NaN, 0.5 are no game)
      const g = typeof req.game === 'number' ? (Number.isInteger(req.game) ? req.game : -1) : GAMES.indexOf(String(req.game));
      if (g < 0 || g >= GAMES.length) throw new Error('unknown game: ' + String(req.game).slice(0, 40));
      const text = await inputText(req, g);
      const len = M.lengthBytesUTF8(text);
      const ptr = M._malloc(len + 1);
      let rc;
      try {
        M.stringToUTF8(text, ptr, len + 1);
        rc = C.load(g, ptr, len);
      } finally {
        M._free(ptr);
      }
      if (rc !== 0) {
        const err = new Error(C.error());
        err.line = C.error_line();
        err.col = C.error_col();
        try { Object.assign(err, (({ code, args }) => ({ code, args }))(JSON.parse(C.error_json()))); } catch (e) { /* English only */ }
        throw err;
      }
      host.game = g;
      view.game = g;
      gen++;
      if (C.busy()) {
        setOverlay(i18n.t('busy'));
        stage.dataset.state = 'busy';
        await new Promise((res) => busyWaiters.push(res));
      }
      if (g === 3 && req.query !== undefined && req.query !== null && req.query !== '') {
        const q = intOr(req.query, 1) - 1;
        if (C.goudan_select(q, Number(req.qseed) >= 0 ? Math.floor(Number(req.qseed)) : 1) !== 0) {
          throw new Error('no query ' + req.query);
        }
      }
      if (req.try) {
        const e = engineTry(String(req.try));
        if (e) throw e;
      }
      variation = req.try ? String(req.try).split(',').filter(Boolean).map((x) => {
        const k = x.indexOf(':');
        return [Number(x.slice(0, k)), x.slice(k + 1)];
      }) : [];
      mainInfo = null;
      view.steps = C.steps();
      view.loaded = true;
      C.set_mode(opts.mode);
      C.set_play_to(opts.to === null ? -1 : playTo());
      const start = req.step !== undefined && req.step !== null && req.step !== '' ? clampStep(req.step)
        : opts.mode === 1 && opts.from === null && dsGames.get(GAMES[g])?.dp?.from === 'decision' ? firstDecision() : rangeFrom();
      C.seek(start, 0);
      view.step = C.step();
      setOverlay(null);
      updateControls();
      post('load', { outputLine: ds.outputLine() });
      return { game: GAMES[g], steps: view.steps };
    };
    const p = loading.then(run, run);
    loading = p.catch(() => {});
    return p;
  }

  // ---- variations: the engine's line with forced choices (docs/variations.md) ---------------
  // What play mode (play.js) needs of the page's API, as app.js has it: the
  // engine simulates the line (dsv_api_try), the embed keeps the list.
  let variation = [];
  let mainInfo = null; // the main line's {steps, outcome} while a variation is shown
  // The engine simulates the line of a --try spec: null, or the Error it refused it with.
  function engineTry(spec) {
    const n = M.lengthBytesUTF8(spec);
    const p = M._malloc(n + 1);
    let rc;
    try { M.stringToUTF8(spec, p, n + 1); rc = C.try(p, n); } finally { M._free(p); }
    if (rc === 0) return null;
    const j = parseJson(C.error_json()) || {};
    const e = new Error(C.error());
    e.code = j.code; e.args = j.args;
    return e;
  }
  function applyTry(list) {
    if (!C || !view.loaded) return Promise.reject(new Error('no game is loaded'));
    if (view.busy) return Promise.reject(new Error('the game is still being solved'));
    const main = variation.length ? mainInfo : { steps: view.steps, outcome: caption(view.steps) };
    const e = engineTry(list.map(([i, l]) => i + ':' + l).join(','));
    if (e) {
      post('error', errorFields(e, 'try'));
      return Promise.reject(e);
    }
    variation = list.map(([i, l]) => [i, String(l)]);
    mainInfo = list.length ? main : null;
    view.steps = C.steps();
    gen++;
    emit('variation', { variation: ds.variation, steps: view.steps });
    return Promise.resolve({ game: ds.game, steps: view.steps, variation: ds.variation });
  }
  // branch(i, label): at decision event i take label; earlier choices stay.
  function branch(i, label) {
    const k = Math.floor(Number(i));
    if (!(k >= 0) || label === undefined || label === null) return Promise.reject(new Error('branch(i, label)'));
    return applyTry(variation.filter(([j]) => j < k).concat([[k, String(label)]]))
      .then((r) => { C.seek(k + 1, 0); view.step = C.step(); updateControls(); return r; });
  }
  function mainLine() { return applyTry([]).then((r) => { updateControls(); return r; }); }
  function variationInfo() {
    const outcome = C && view.loaded && !view.busy && view.steps > 0 ? caption(view.steps) : '';
    return { variation: ds.variation, main: mainInfo, outcome, steps: view.steps };
  }
  // The judge output of the line shown.
  function output() {
    if (!C || !view.loaded) return '';
    const len = C.output_len(), p = C.output();
    return len > 0 ? new TextDecoder().decode(M.HEAPU8.subarray(p, p + len)) : '';
  }
  // Plays (animated, at the speed set) up to step `to`; resolves there (or
  // where playback stopped). The range of &to= is restored after.
  function playUntil(to) {
    if (!C || !view.loaded || view.busy) return Promise.resolve(view.step);
    const target = clampStep(to);
    if (C.step() >= target) { ds.seek(target, false); return Promise.resolve(C.step()); }
    return new Promise((resolve) => {
      const done = () => {
        if (C.playing() && C.step() < target) return;
        ds.off('step', done); ds.off('pause', done); ds.off('load', done); ds.off('variation', done);
        if (C.playing()) C.play(0);
        C.set_play_to(opts.to === null ? -1 : playTo());
        resolve(C.step());
      };
      ds.on('step', done); ds.on('pause', done); ds.on('load', done); ds.on('variation', done);
      C.set_play_to(target);
      C.play(1);
    });
  }
  // ---- the caption: the main page's narration line (narrate.js) -------------------------
  let gen = 0;
  const captions = new Map();
  const parseJson = (s) => { try { return s ? JSON.parse(s) : null; } catch (e) { return null; } };
  let narrateWarned = false;
  function narrateFailed(e) {
    if (narrateWarned) return;
    narrateWarned = true;
    console.warn('narrate.js: ' + (e && e.message ? e.message : e));
  }
  // The same sentence as the page's caption for this step and language.
  function caption(step) {
    if (!C || !view.loaded) return i18n.t('caption.startNone');
    if (view.busy) return i18n.t('goudan.solving');
    const key = gen + ':' + step + ':' + i18n.lang;
    let c = captions.get(key);
    if (c !== undefined) return c;
    c = computeCaption(step);
    if (captions.size > 256) captions.clear();
    captions.set(key, c);
    return c;
  }
  function computeCaption(step) {
    const lang = i18n.lang;
    if (step <= 0) {
      let c = i18n.t('caption.start', { steps: view.steps });
      // the engine's headline of the state at step 0 (<game>_headline)
      try {
        const h = C.headline(0);
        if (h) c = String(h).replace(/[.。!！:：\s]+$/, '') + (lang === 'zh' ? '。' : '. ') + c;
      } catch (e) { narrateFailed(e); }
      return c;
    }
    // the engine's sentence about the event, in the view's language
    let c;
    try { c = C.narrate(step - 1) || null; } catch (e) { c = null; }
    if (!c) {
      const ev = parseJson(C.event_json(step - 1));
      c = i18n.t('caption.fallback', { step, type: (ev && ev.type) || '?' });
    }
    return String(c);
  }
  let shownCaption = null;
  function updateCaption() {
    if (!showCaption) return;
    const c = view.loaded || view.busy ? caption(view.step) : '';
    if (c === shownCaption) return;
    shownCaption = c;
    el.caption.textContent = c;
    el.caption.title = c; // the whole sentence when the line is cut short
  }

  // ---- the timeline -------------------------------------------------------------------
  function updateControls() {
    const on = view.loaded && !view.busy;
    for (const b of [el.start, el.back, el.play, el.forward, el.end, el.scrub]) b.disabled = !on;
    el.scrub.min = String(view.loaded ? rangeFrom() : 0);
    el.scrub.max = String(view.loaded ? playTo() : 0);
    el.scrub.value = String(view.step);
    el.step.textContent = view.loaded ? `${view.step} / ${view.steps}` : '';
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
      el.play.firstElementChild.replaceChildren(svg);
    }
    updateCaption();
  }
  el.start.addEventListener('click', () => seekUi(rangeFrom(), false));
  el.end.addEventListener('click', () => seekUi(playTo(), false));
  el.back.addEventListener('click', () => stepUi(-1));
  el.forward.addEventListener('click', () => stepUi(1));
  el.play.addEventListener('click', () => (view.playing ? ds.pause() : ds.play()));
  el.scrub.addEventListener('input', () => seekUi(Number(el.scrub.value), false));
  el.speed.addEventListener('change', () => { if (C) C.set_speed(Number(el.speed.value)); });
  if (params.speed && Number(params.speed) > 0) {
    el.speed.value = [...el.speed.options].some((o) => o.value === String(Number(params.speed))) ? String(Number(params.speed)) : '1';
  }
  // Keyboard anywhere in the iframe (it only gets keys while it has focus):
  // the page's shortcuts, and no default scrolling.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'range'))) return;
    let done = true;
    switch (e.key) {
      case 'ArrowRight': stepUi(1); break;
      case 'ArrowLeft': stepUi(-1); break;
      case 'Home': seekUi(rangeFrom(), false); break;
      case 'End': seekUi(playTo(), false); break;
      case ' ': if (t && t.tagName === 'BUTTON') { done = false; break; } view.playing ? ds.pause() : ds.play(); break;
      case '+': case '=': if (C) C.set_speed(Math.min(8, C.speed() * 2)); break;
      case '-': case '_': if (C) C.set_speed(Math.max(0.25, C.speed() / 2)); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });
  // A click gives the canvas the keyboard, without scrolling anything.
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));

  let loopTimer = 0;
  function onView(step, steps, playing, busy, progress, mode) {
    const was = { step: view.step, playing: view.playing, busy: view.busy };
    Object.assign(view, { step, steps, playing, busy, progress, mode });
    if (!busy && busyWaiters.length) { const w = busyWaiters; busyWaiters = []; w.forEach((f) => f()); }
    if (busy) statusEl.textContent = i18n.t('busy') + ' ' + Math.round(progress * 100) + '%';
    if (!view.loaded) { if (busy !== was.busy) updateCaption(); return; }
    updateControls();
    if (step !== was.step) post('step', { outputLine: ds.outputLine() });
    if (playing !== was.playing) {
      post(playing ? 'play' : 'pause');
      if (!playing && opts.loop && step >= playTo()) {
        clearTimeout(loopTimer);
        loopTimer = setTimeout(() => { if (!view.playing) { C.seek(rangeFrom(), 0); C.play(1); } }, 700);
      }
    }
    if (C) { const s = C.speed(); if (String(s) !== el.speed.value) el.speed.value = String(s); }
  }

  // ---- start -----------------------------------------------------------------------------
  function fail(message) {
    ds.state = 'error';
    stage.dataset.state = 'error';
    statusEl.textContent = message;
    rejectReady(new Error(message));
    post('error', { message });
  }
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
        setOverlay(err.message);
        post('error', errorFields(err, 'load'));
      }
      return;
    }
    try {
      await load({ game, input: params.input ? fromBase64url(params.input) : undefined,
                   sample: hasInput ? params.sample : 1, seed: params.seed, step: params.step, query: params.query, qseed: params.qseed,
                   try: params.try });
      if (params.speed && Number(params.speed) > 0) C.set_speed(Number(params.speed));
      // &play=<seat>: play.js takes over the timeline up to the seat's decisions
      if (params.play && ds.playAs) {
        ds.playAs(params.play).catch((err) => { setOverlay(err.message); stage.dataset.state = 'error'; post('error', errorFields(err, 'play')); });
        return;
      }
      if (opts.autoplay) ds.play();
    } catch (err) {
      setOverlay((err.line ? `${err.line}:${err.col}: ` : '') + (i18n.errorText ? i18n.errorText(err) : err.message));
      post('error', errorFields(err, 'load'));
    }
  }
  function loadQuiz() {
    // quiz.js starts itself for &quiz=1 in the hash; ?quiz=1 is started here.
    import('./features/quiz.js').then(({ default: quiz }) => {
      ds.quiz = quiz;
      if (!/(^|[#&])quiz=1(&|$)/.test(location.hash) && quiz && quiz.start) {
        ds.ready.then(() => quiz.start(), () => {});
      }
    }, (e) => console.warn('deckscope embed: quiz.js is not available: ' + e.message));
  }

  // The module's functions (MODULARIZE fills the config object itself, so
  // this works from the first frame on, even before the promise settles).
  function bind(mod) {
    M = mod;
    C = dsv(mod);
    const rm = window.matchMedia('(prefers-reduced-motion: reduce)');
    C.set_reduced_motion(rm.matches ? 1 : 0);
    rm.addEventListener('change', (e) => C.set_reduced_motion(e.matches ? 1 : 0));
    C.set_lang(i18n.lang === 'zh' ? 1 : 0); // the words on the canvas
    i18n.onChange((l) => C.set_lang(l === 'zh' ? 1 : 0));
  }

  function boot() {
    i18n.apply(document);
    setOverlay(i18n.t('app.loading'));
    if (typeof window.createDeckscopeView !== 'function') { fail('deckscope-view.js did not load'); return; }
    const config = {
      canvas, dsHost: host, onView,
      onFrame: (n) => { if (!M) bind(config); onFrame(n); },
      onViewError: (m) => console.error(m),
      print: (s) => console.log(s), printErr: (s) => console.warn(s),
      onAbort: (what) => fail('aborted: ' + what),
    };
    window.createDeckscopeView(config).then((mod) => { if (!M) bind(mod); }).catch((e) => fail(String((e && e.message) || e)));
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else boot();
})();
