// app.js - the page around the canvas: loads deckscope-view (WebAssembly,
// SDL2), keeps Module.dsHost in sync with the page (canvas size, colour
// scheme, pause, game), and exposes window.deckscope:
//   deckscope.ready       Promise, resolves after the first drawn frame with
//                         {firstFrameMs} (ms since navigation start)
//   deckscope.frames      frames drawn so far;  deckscope.t  scene time (s)
//   deckscope.state       'loading' | 'running' | 'error'
//   deckscope.setGame(i)  -1..3;  deckscope.setPaused(bool)
'use strict';

(function () {
  const stage = document.getElementById('stage');
  const canvas = document.getElementById('canvas');
  const status = document.getElementById('status');
  const stateEl = document.getElementById('state');
  const ttffEl = document.getElementById('ttff');
  const sizeEl = document.getElementById('size');
  const gameEl = document.getElementById('game');
  const pauseEl = document.getElementById('pause');
  const dark = window.matchMedia('(prefers-color-scheme: dark)');

  // What the C side polls every frame (web/app/i_host.c).
  const host = { width: 0, height: 0, dark: dark.matches, paused: false, game: -1 };
  let resolveReady, rejectReady;
  const api = {
    ready: new Promise((res, rej) => { resolveReady = res; rejectReady = rej; }),
    frames: 0,
    t: 0,
    state: 'loading',
    firstFrameMs: null,
    error: null,
    setGame(i) { host.game = Number(i); gameEl.value = String(host.game); },
    setPaused(p) {
      host.paused = !!p;
      pauseEl.textContent = host.paused ? 'Resume' : 'Pause';
      pauseEl.setAttribute('aria-pressed', String(host.paused));
    },
  };
  api.ready.catch(() => {}); // failures are shown on the page
  window.deckscope = api;

  function setState(s, message) {
    api.state = s;
    stage.dataset.state = s;
    stateEl.textContent = s;
    if (message) status.textContent = message;
  }

  function fail(message) {
    if (api.state === 'error') return;
    api.error = message;
    setState('error', 'The visualizer could not start: ' + message);
    rejectReady(new Error(message));
  }
  window.deckscopeFail = fail;

  // The canvas gets a whole number of CSS pixels (the stage's content box,
  // rounded down), so SDL's backing store (size x devicePixelRatio) maps 1:1
  // to device pixels and stays sharp on HiDPI screens.
  function fit(width, height) {
    const w = Math.max(1, Math.floor(width));
    const h = Math.max(1, Math.floor(height));
    if (w === host.width && h === host.height) return;
    host.width = w;
    host.height = h;
    canvas.style.width = w + 'px';
    canvas.style.height = h + 'px';
  }
  new ResizeObserver((entries) => {
    const r = entries[entries.length - 1].contentRect;
    fit(r.width, r.height);
  }).observe(stage);
  fit(stage.clientWidth, stage.clientHeight);
  dark.addEventListener('change', (e) => { host.dark = e.matches; });
  gameEl.addEventListener('change', () => api.setGame(gameEl.value));
  pauseEl.addEventListener('click', () => api.setPaused(!host.paused));
  canvas.addEventListener('pointerdown', () => canvas.focus());

  function onFrame(n, t, pw, ph) {
    api.frames = n;
    api.t = t;
    if (n === 1) {
      api.firstFrameMs = performance.now();
      setState('running');
      ttffEl.textContent = Math.round(api.firstFrameMs) + ' ms';
      gameEl.disabled = false;
      pauseEl.disabled = false;
      resolveReady({ firstFrameMs: api.firstFrameMs });
    }
    const size = pw + '×' + ph + ' px';
    if (sizeEl.textContent !== size) sizeEl.textContent = size;
  }

  window.deckscopeStart = function () {
    if (typeof window.createDeckscopeView !== 'function') {
      fail('deckscope-view.js did not define createDeckscopeView');
      return;
    }
    status.textContent = 'Starting…';
    window.createDeckscopeView({
      canvas,
      dsHost: host,
      onFrame,
      onViewError: fail,
      print: (s) => console.log(s),
      printErr: (s) => console.warn(s),
      onAbort: (what) => fail('aborted: ' + what),
    }).catch((e) => fail(String(e && e.message || e)));
  };
})();
