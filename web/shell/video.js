// video.js - "Export video" in the toolbar slot <div id="teach-tools">: a
// WebM (VP9, else VP8) of a range of steps, for slides (docs/exports.md,
// docs/teaching.md "Lessons").
//
// The view steps through the range on the page's canvas, one tweened step
// every 0.9 s / speed (timed by the page, so the length is exact); every
// animation frame the canvas is copied into a 2D canvas of our own with a
// strip under it (the step's caption and the note at that step, as the GIF
// export draws its caption strip), and that canvas is recorded with
// canvas.captureStream(fps) and MediaRecorder. No server, no library: what
// the browser has. The recording is real time: a range of n steps at speed s
// lasts about n x 0.9 s / s, plus a second held on the first and last step.
//
// window.deckscope.exportVideo({from, to, fps = 30, speed, caption = true,
//   onProgress}) -> Promise<Blob> of type video/webm; cancelVideo() stops it
// (the promise rejects with {cancelled: true}).
'use strict';

(function (start) {
  // The offline page (scripts/offline.mjs) runs its scripts inline while the
  // document is parsed, the site's are deferred: start once it is parsed
  // either way, after the modules before this one (teach.js, export.js,
  // quiz.js and play.js wait alike), so the tools keep the site's order.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})(function () {
  const ds = window.deckscope;
  if (!ds || !ds.on || !ds.i18n || ds.embed) return;
  const i18n = ds.i18n;
  const t = (k, v) => i18n.t(k, v);
  const h = i18n.el;
  const STEP_SECONDS = 0.9; // DSV_STEP_SECONDS (web/app/model/view.h)
  const HOLD_MS = 1000;
  const MAX_W = 1280;

  i18n.add({
    en: {
      'video.button': 'Export video',
      'video.title': 'Export a video (WebM)',
      'video.from': 'From step', 'video.to': 'to step', 'video.fps': 'Frames per second', 'video.speed': 'Speed',
      'video.caption': 'Caption and notes in the video',
      'video.start': 'Record', 'video.cancel': 'Cancel', 'video.close': 'Close',
      'video.plan': '{n} steps, about {s} s of video.',
      'video.progress': 'Recording step {step} of {to}…',
      'video.done': 'Done: {size} KB, {s} s.',
      'video.save': 'Save the video',
      'video.cancelled': 'Cancelled.',
      'video.unsupported': 'This browser cannot record video (MediaRecorder with WebM).',
      'video.failed': 'The video failed: {msg}',
    },
    zh: {
      'video.button': '导出视频',
      'video.title': '导出视频（WebM）',
      'video.from': '从第', 'video.to': '步到第', 'video.fps': '每秒帧数', 'video.speed': '速度',
      'video.caption': '视频中包含说明和注释',
      'video.start': '录制', 'video.cancel': '取消', 'video.close': '关闭',
      'video.plan': '{n} 步，视频约 {s} 秒。',
      'video.progress': '正在录制第 {step} 步（到第 {to} 步）…',
      'video.done': '完成：{size} KB，{s} 秒。',
      'video.save': '保存视频',
      'video.cancelled': '已取消。',
      'video.unsupported': '此浏览器无法录制视频（需要支持 WebM 的 MediaRecorder）。',
      'video.failed': '视频导出失败：{msg}',
    },
  });

  function mimeType() {
    if (typeof MediaRecorder !== 'function') return null;
    for (const m of ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm']) {
      if (MediaRecorder.isTypeSupported(m)) return m;
    }
    return null;
  }

  // ---- the strip under the picture: the caption and the note ------------------------------
  function wrap(g, text, maxW) {
    const out = [];
    for (const para of String(text).split('\n')) {
      // words; Chinese has none: characters then
      const parts = /\s/.test(para) ? para.split(/(\s+)/) : [...para];
      let line = '';
      for (const p of parts) {
        if (line && g.measureText(line + p).width > maxW) { out.push(line.trimEnd()); line = p.trimStart(); } else line += p;
      }
      out.push(line);
    }
    return out;
  }
  function stripLines(g, w, fontPx) {
    const cap = String(ds.caption || '');
    const n = (ds.notes || []).find((x) => x.step === ds.step);
    const L = window.deckscopeLesson;
    const note = n ? (L ? L.notePlain(n.text) : n.text) : '';
    g.font = `${fontPx}px system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`;
    const capLines = wrap(g, cap, w - fontPx * 1.5).slice(0, 3);
    g.font = `600 ${fontPx}px system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`;
    const noteLines = note ? wrap(g, note, w - fontPx * 2.5).slice(0, 4) : [];
    return { capLines, noteLines };
  }

  let running = null; // {cancel()}
  function exportVideo(opts = {}) {
    const type = mimeType();
    if (!type) return Promise.reject(new Error(t('video.unsupported')));
    if (running) return Promise.reject(new Error('a video is being recorded'));
    if (!ds.game || ds.busy) return Promise.reject(new Error('no game is loaded'));
    const steps = ds.steps;
    const from = Math.max(0, Math.min(steps, Math.floor(Number(opts.from ?? 0)) || 0));
    const to = Math.max(from, Math.min(steps, Math.floor(Number(opts.to ?? steps))));
    const fps = Number(opts.fps) === 60 ? 60 : 30;
    const caption = opts.caption !== false;
    if (opts.speed) ds.setSpeed(Number(opts.speed));
    const src = document.getElementById('canvas');
    const dpr = src.width / Math.max(1, src.clientWidth);
    let w = src.width, hh = src.height;
    if (w > MAX_W) { hh = Math.round(hh * MAX_W / w); w = MAX_W; }
    w -= w % 2; hh -= hh % 2;
    const fontPx = Math.max(12, Math.round(15 * Math.min(2, w / Math.max(1, src.clientWidth)) * (dpr > 0 ? 1 : 1)));
    const lineH = Math.round(fontPx * 1.35);
    const stripH = caption ? lineH * 7 + Math.round(fontPx * 1.2) : 0;
    const comp = document.createElement('canvas');
    comp.width = w; comp.height = hh + stripH;
    const g = comp.getContext('2d', { alpha: false });
    const cs = getComputedStyle(document.documentElement);
    const bg = cs.getPropertyValue('--panel').trim() || '#fff';
    const fg = cs.getPropertyValue('--fg').trim() || '#000';
    const accent = cs.getPropertyValue('--accent').trim() || '#1f6fd1';
    function paint() {
      g.fillStyle = bg;
      g.fillRect(0, 0, comp.width, comp.height);
      try { g.drawImage(src, 0, 0, w, hh); } catch (e) { /* a lost context: the strip only */ }
      if (!caption) return;
      const { capLines, noteLines } = stripLines(g, w, fontPx);
      let y = hh + Math.round(fontPx * 0.6);
      if (noteLines.length) {
        const boxH = noteLines.length * lineH + fontPx * 0.6;
        g.strokeStyle = accent; g.lineWidth = Math.max(2, fontPx / 6);
        g.strokeRect(fontPx * 0.5, y - fontPx * 0.2, w - fontPx, boxH);
        g.fillStyle = fg;
        g.font = `600 ${fontPx}px system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`;
        g.textBaseline = 'top';
        noteLines.forEach((l, k) => g.fillText(l, fontPx, y + fontPx * 0.1 + k * lineH));
        y += boxH + fontPx * 0.4;
      }
      g.fillStyle = fg;
      g.font = `${fontPx}px system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`;
      g.textBaseline = 'top';
      capLines.forEach((l, k) => g.fillText(l, fontPx * 0.75, y + k * lineH));
    }

    return new Promise((resolve, reject) => {
      const stream = comp.captureStream(fps);
      const rec = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4e6 });
      const chunks = [];
      let raf = 0, cancelled = false, finished = false;
      const loop = () => {
        paint();
        if (opts.onProgress && to > from) {
          try { opts.onProgress(Math.max(0, Math.min(1, (ds.step - from) / (to - from))), ds.step, to); } catch (e) { console.error(e); }
        }
        raf = requestAnimationFrame(loop);
      };
      const cleanup = () => {
        cancelAnimationFrame(raf);
        for (const tr of stream.getTracks()) tr.stop();
        running = null;
      };
      rec.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
      rec.onstop = () => {
        cleanup();
        if (cancelled) { const e = new Error(t('video.cancelled')); e.cancelled = true; reject(e); return; }
        resolve(new Blob(chunks, { type: 'video/webm' }));
      };
      rec.onerror = (e) => { cleanup(); reject(new Error((e.error && e.error.message) || 'MediaRecorder failed')); };
      running = {
        cancel() { cancelled = true; if (ds.playing) ds.pause(); if (rec.state !== 'inactive') rec.stop(); },
      };
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      ds.pause();
      ds.seek(from, false);
      paint();
      rec.start(250);
      const start = performance.now();
      loop();
      (async () => {
        // every moment is timed from the recorder's start (not by the view's
        // own playback, which slows down with slow frames, nor by chained
        // sleeps, whose overshoots add up on a busy machine): one step every
        // 0.9 s / speed after a hold, a hold at the end, so the video lasts
        // what videoSeconds says
        const until = async (ms) => { const wait = start + ms - performance.now(); if (wait > 0) await sleep(wait); };
        await until(HOLD_MS);
        if (cancelled) return;
        const stepMs = (STEP_SECONDS * 1000) / (ds.speed || 1);
        for (let s = from + 1; s <= to; s++) {
          ds.seek(s, true);
          await until(HOLD_MS + (s - from) * stepMs);
          if (cancelled) return;
        }
        await until(2 * HOLD_MS + (to - from) * stepMs);
        finished = true;
        if (!cancelled && rec.state !== 'inactive') rec.stop();
      })().catch((e) => { if (!finished && rec.state !== 'inactive') { cancelled = false; reject(e); cleanup(); } });
    });
  }
  const cancelVideo = () => { if (running) running.cancel(); };
  Object.defineProperty(ds, 'exportVideo', { value: exportVideo, configurable: true, writable: true });
  Object.defineProperty(ds, 'cancelVideo', { value: cancelVideo, configurable: true, writable: true });
  // The expected length in seconds of a range at a speed (the dialog's plan, the tests).
  ds.videoSeconds = (from, to, speed) => (Math.max(0, to - from) * STEP_SECONDS) / (speed || ds.speed || 1) + (2 * HOLD_MS) / 1000;

  // ---- the dialog ----------------------------------------------------------------------------
  const tools = document.getElementById('teach-tools');
  if (!tools) return;
  const btn = h('button', { type: 'button', id: 'video-open', 'aria-haspopup': 'dialog', i18n: 'video.button' });
  tools.appendChild(btn);
  const fromIn = h('input', { type: 'number', id: 'video-from', min: '0', value: '0' });
  const toIn = h('input', { type: 'number', id: 'video-to', min: '0' });
  const fpsSel = h('select', { id: 'video-fps' }, h('option', { value: '30' }, '30'), h('option', { value: '60' }, '60'));
  const speedSel = h('select', { id: 'video-speed' }, ...[0.5, 1, 2, 4, 8].map((s) => h('option', { value: String(s) }, s + '×')));
  const capBox = h('input', { type: 'checkbox', id: 'video-caption', checked: true });
  const plan = h('p', { class: 'hint', id: 'video-plan' });
  const progress = h('progress', { id: 'video-progress', max: '1', value: '0', hidden: true });
  const status = h('p', { class: 'teach-status', id: 'video-status', role: 'status', 'aria-live': 'polite' });
  const startBtn = h('button', { type: 'button', id: 'video-start', class: 'primary', i18n: 'video.start' });
  const cancelBtn = h('button', { type: 'button', id: 'video-cancel', i18n: 'video.cancel', hidden: true, onclick: cancelVideo });
  const save = h('a', { id: 'video-save', class: 'button', hidden: true, i18n: 'video.save' });
  const lbl = (key, input) => h('label', {}, h('span', { i18n: key }), ' ', input);
  const dialog = h('dialog', { id: 'video-dialog', class: 'teach-dialog', 'aria-labelledby': 'video-title' },
    h('h2', { id: 'video-title', i18n: 'video.title' }),
    h('div', { class: 'teach-row' }, lbl('video.from', fromIn), lbl('video.to', toIn)),
    h('div', { class: 'teach-row' }, lbl('video.fps', fpsSel), lbl('video.speed', speedSel), h('label', {}, capBox, ' ', h('span', { i18n: 'video.caption' }))),
    plan, progress, status,
    h('div', { class: 'teach-row' }, startBtn, cancelBtn, save),
    h('form', { method: 'dialog' }, h('button', { id: 'video-close', i18n: 'video.close' })));
  document.body.appendChild(dialog);
  const range = () => {
    const a = Math.max(0, Math.min(ds.steps, Math.floor(Number(fromIn.value)) || 0));
    const b = Math.max(a, Math.min(ds.steps, toIn.value === '' ? ds.steps : Math.floor(Number(toIn.value))));
    return [a, b];
  };
  function updatePlan() {
    const [a, b] = range();
    plan.textContent = t('video.plan', { n: b - a, s: Math.round(ds.videoSeconds(a, b, Number(speedSel.value))) });
  }
  for (const e of [fromIn, toIn, speedSel]) e.addEventListener('input', updatePlan);
  let url = null;
  btn.addEventListener('click', () => {
    fromIn.max = toIn.max = String(ds.steps);
    fromIn.value = String(ds.step);
    toIn.value = String(Math.min(ds.steps, ds.step + 10));
    speedSel.value = [0.5, 1, 2, 4, 8].includes(ds.speed) ? String(ds.speed) : '1';
    status.textContent = mimeType() ? '' : t('video.unsupported');
    startBtn.disabled = !mimeType();
    updatePlan();
    if (typeof dialog.showModal === 'function') dialog.showModal(); else dialog.setAttribute('open', '');
  });
  dialog.addEventListener('close', cancelVideo);
  startBtn.addEventListener('click', async () => {
    const [a, b] = range();
    startBtn.disabled = true; cancelBtn.hidden = false; save.hidden = true; progress.hidden = false; progress.value = 0;
    const t0 = performance.now();
    try {
      const blob = await exportVideo({ from: a, to: b, fps: Number(fpsSel.value), speed: Number(speedSel.value), caption: capBox.checked,
        onProgress: (f, step, to) => { progress.value = f; status.textContent = t('video.progress', { step, to }); } });
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(blob);
      save.href = url;
      save.download = `${ds.game}-steps-${a}-${b}.webm`;
      save.hidden = false;
      status.textContent = t('video.done', { size: Math.round(blob.size / 1024), s: ((performance.now() - t0) / 1000).toFixed(1) });
    } catch (e) {
      status.textContent = e.cancelled ? t('video.cancelled') : t('video.failed', { msg: e.message });
    } finally {
      startBtn.disabled = false; cancelBtn.hidden = true; progress.hidden = true;
    }
  });
});
