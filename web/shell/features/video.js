// video.js - "Export video" in the toolbar slot <div id="teach-tools">: a
// WebM (VP9, else VP8) of a range of steps, for slides (docs/exports.md,
// docs/teaching.md "Lessons").
//
// The view steps through the range on the page's canvas, one tweened step
// every 0.9 s / speed; the canvas is copied into a 2D canvas of our own with
// a strip under it (the step's caption and the note at that step, its
// **bold** and `code` as the page shows them). Each frame of the video has
// its time on the content's timeline (frame k at k / fps s shows the step of
// that moment), is encoded with WebCodecs (VideoEncoder) and written into a
// WebM here, so the file lasts exactly videoSeconds: (to - from) x 0.9 s /
// speed plus a second held on the first and last step, on a busy machine
// too. A browser without WebCodecs records with MediaRecorder (about that
// long). No server, no library: what the browser has.
//
// window.deckscope.exportVideo({from, to, fps = 30, speed, caption = true,
//   onProgress, recorder: 'media' to prefer MediaRecorder}) -> Promise<Blob> of type video/webm; cancelVideo() stops it
// (the promise rejects with {cancelled: true}).
'use strict';
import lesson from './lesson.js';
import { feature } from '../core/viewer.js';
import { pageCanvas, canvas2d, captureSize, drawCapture } from './capture.js';

/**
 * exportVideo's options (the dialog's, the API's: docs/exports.md).
 * @typedef {{ from?: number, to?: number, fps?: number, speed?: number, caption?: boolean, recorder?: string,
 *             onProgress?: (fraction: number, step: number, to: number) => void }} VideoOptions
 */
/** @typedef {{ kind: string, text: string, x: number, w: number }} Piece a run of a strip's line, placed */
/** @typedef {[string, string][]} Runs a line of a note: [kind, text] runs (kind '', 'b' or 'code'; lesson.js's parseNote) */
/**
 * What both recorders get: the range, the frame rate, the canvas they record and its painter,
 * the progress report, the content's timeline (the step at ms) and its length in seconds.
 * @typedef {{ from: number, to: number, fps: number, comp: HTMLCanvasElement, paint: () => void, progress: () => void,
 *             stepAt: (ms: number) => number, seconds: number }} RecordArgs
 */
/** @typedef {{ cancel(): void }} Job the recording under way */
/** @typedef {{ key: boolean, ms: number, data: Uint8Array }} Chunk an encoded frame */

(function (start) {
  // The offline page (scripts/offline.mjs) runs its scripts inline while the
  // document is parsed, the site's are deferred: start once it is parsed
  // either way, after the modules before this one (teach.js, export.js,
  // quiz.js and play.js wait alike), so the tools keep the site's order.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})(function () {
  const f = feature(); // the page's API object and its words (core/viewer.js)
  if (!f || f.ds.embed) return;
  const { i18n, t, h } = f;
  /** @type {Deckscope} */
  const ds = f.ds;
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
      'video.plan': '{n} steps, {s} s of video.',
      'video.progress': 'Recording step {step} of {to}…',
      'video.done': 'Done: {size} KB, {s} s of video.',
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
      'video.plan': '{n} 步，视频 {s} 秒。',
      'video.progress': '正在录制第 {step} 步（到第 {to} 步）…',
      'video.done': '完成：{size} KB，视频 {s} 秒。',
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
  const SANS = 'system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';
  const MONO = 'ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace';
  // The font of a run of a note as the page shows it: plain, <strong>, <code>.
  /** @param {string} kind @param {number} px */
  const runFont = (kind, px) => (kind === 'b' ? `700 ${px}px ${SANS}` : kind === 'code' ? `${px}px ${MONO}` : `${px}px ${SANS}`);
  // Lines of [kind, text] runs (lesson.js's parseNote) cut to maxW: lines of
  // placed pieces {kind, text, x, w}. Words break at spaces, Chinese at any
  // character.
  const TOKEN = /\s+|[\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]+/g;
  /** @param {CanvasRenderingContext2D} g @param {Runs[]} lines @param {number} maxW @param {number} px @returns {Piece[][]} */
  function layoutRuns(g, lines, maxW, px) {
    /** @type {Piece[][]} */
    const out = [];
    for (const runs of lines) {
      /** @type {Piece[]} */
      let line = [];
      let x = 0;
      for (const [kind, text] of runs) {
        g.font = runFont(kind, px);
        for (const tok of String(text).match(TOKEN) || []) {
          const space = /^\s/.test(tok);
          if (space && !line.length) continue;
          const w = g.measureText(tok).width;
          if (x + w > maxW && line.length && !space) { out.push(line); line = []; x = 0; }
          const last = line[line.length - 1];
          if (last && last.kind === kind) { last.text += tok; last.w += w; } else line.push({ kind, text: tok, x, w });
          x += w;
        }
      }
      out.push(line);
    }
    return out;
  }
  /** @param {string} text @returns {Runs[]} the text's lines, each one plain run */
  const plainRuns = (text) => String(text).split('\n').map((l) => [['', l]]);
  /** @param {CanvasRenderingContext2D} g @param {number} w @param {number} fontPx */
  function stripLines(g, w, fontPx) {
    const cap = String(ds.caption || '');
    const n = (ds.notes || []).find((x) => x.step === ds.step);
    const L = lesson;
    /** @type {Runs[]} */
    const runs = !n ? [] : L && L.parseNote ? L.parseNote(n.text) : plainRuns(n.text);
    const capLines = layoutRuns(g, plainRuns(cap), w - fontPx * 1.5, fontPx).slice(0, 3);
    const noteLines = runs.length ? layoutRuns(g, runs, w - fontPx * 2.5, fontPx).slice(0, 4) : [];
    return { capLines, noteLines };
  }

  /** @type {Job | null} */
  let running = null;
  // WebCodecs (the exact length) or MediaRecorder with WebM
  const canRecord = () => (typeof VideoEncoder === 'function' && typeof VideoFrame === 'function') || !!mimeType();
  /** @param {VideoOptions} [opts] @returns {Promise<Blob>} */
  function exportVideo(opts = {}) {
    const type = mimeType();
    if (!canRecord()) return Promise.reject(new Error(t('video.unsupported')));
    if (running) return Promise.reject(new Error('a video is being recorded'));
    if (!ds.game || ds.busy) return Promise.reject(new Error('no game is loaded'));
    const steps = ds.steps;
    const from = Math.max(0, Math.min(steps, Math.floor(Number(opts.from ?? 0)) || 0));
    const to = Math.max(from, Math.min(steps, Math.floor(Number(opts.to ?? steps))));
    const fps = Number(opts.fps) === 60 ? 60 : 30;
    const caption = opts.caption !== false;
    if (opts.speed) ds.setSpeed(Number(opts.speed));
    const src = pageCanvas();
    if (!src) return Promise.reject(new Error('the page has no canvas'));
    const [w, hh] = captureSize(src, MAX_W);
    const fontPx = Math.max(12, Math.round(15 * Math.min(2, w / Math.max(1, src.clientWidth))));
    const lineH = Math.round(fontPx * 1.35);
    let stripH = caption ? lineH * 7 + Math.round(fontPx * 1.2) : 0;
    stripH += (hh + stripH) % 2; // encoders want even sizes
    /** @type {ReturnType<typeof canvas2d>} */
    let made;
    try { made = canvas2d(w, hh + stripH, { alpha: false }); } catch (e) { return Promise.reject(e); }
    const { canvas: comp, g } = made;
    const cs = getComputedStyle(document.documentElement);
    const bg = cs.getPropertyValue('--panel').trim() || '#fff';
    const fg = cs.getPropertyValue('--fg').trim() || '#000';
    const accent = cs.getPropertyValue('--accent').trim() || '#1f6fd1';
    const edge = cs.getPropertyValue('--edge').trim() || '#d5dae1';
    // a line of placed pieces, in each piece's font (code on a tinted box)
    /** @param {Piece[]} pieces @param {number} x0 @param {number} y */
    const drawLine = (pieces, x0, y) => {
      for (const p of pieces) {
        if (p.kind === 'code') {
          g.fillStyle = edge;
          g.fillRect(x0 + p.x - 1, y - fontPx * 0.05, p.w + 2, fontPx * 1.2);
        }
        g.fillStyle = fg;
        g.font = runFont(p.kind, fontPx);
        g.fillText(p.text, x0 + p.x, y);
      }
    };
    const paint = () => {
      g.fillStyle = bg;
      g.fillRect(0, 0, comp.width, comp.height);
      drawCapture(g, src, w, hh); // (false: a lost context, the strip only)
      if (!caption) return;
      const { capLines, noteLines } = stripLines(g, w, fontPx);
      g.textBaseline = 'top';
      let y = hh + Math.round(fontPx * 0.6);
      if (noteLines.length) {
        const boxH = noteLines.length * lineH + fontPx * 0.6;
        g.strokeStyle = accent; g.lineWidth = Math.max(2, fontPx / 6);
        g.strokeRect(fontPx * 0.5, y - fontPx * 0.2, w - fontPx, boxH);
        noteLines.forEach((l, k) => drawLine(l, fontPx, y + fontPx * 0.1 + k * lineH));
        y += boxH + fontPx * 0.4;
      }
      capLines.forEach((l, k) => drawLine(l, fontPx * 0.75, y + k * lineH));
    };
    const progress = () => {
      if (opts.onProgress && to > from) {
        try { opts.onProgress(Math.max(0, Math.min(1, (ds.step - from) / (to - from))), ds.step, to); } catch (e) { console.error(e); }
      }
    };
    // The content's timeline: a hold of HOLD_MS on `from`, then one step every
    // 0.9 s / speed, the last step held HOLD_MS more; videoSeconds is its length.
    const stepMs = (STEP_SECONDS * 1000) / (ds.speed || 1);
    /** @param {number} ms */
    const stepAt = (ms) => (ms < HOLD_MS ? from : Math.min(to, from + 1 + Math.floor((ms - HOLD_MS) / stepMs)));
    const seconds = ds.videoSeconds(from, to, ds.speed);
    const args = { from, to, fps, comp, paint, progress, stepAt, seconds };
    const codecs = typeof VideoEncoder === 'function' && typeof VideoFrame === 'function' && (opts.recorder !== 'media' || !type);
    const job = { cancel() {} };
    running = job;
    // (without WebCodecs, type is set: canRecord())
    return (codecs || !type ? recordFrames(args, job) : recordStream(type, args, job)).finally(() => { running = null; });
  }

  // WebCodecs: every frame of the video is drawn at its time on the content's
  // timeline (frame k at k / fps s shows the step of that moment) and given
  // that timestamp, and the WebM (webm() below) says the length: the file
  // lasts exactly videoSeconds, whatever the machine's load. The view is
  // drawn in real time, so a frame the page was too busy to draw repeats the
  // one before it (the video stutters; it does not get shorter).
  /** @param {number} w @param {number} h @param {number} fps @returns {Promise<{ config: VideoEncoderConfig, id: string } | null>} */
  async function pickCodec(w, h, fps) {
    for (const [codec, id] of [['vp09.00.10.08', 'V_VP9'], ['vp8', 'V_VP8']]) {
      const config = { codec, width: w, height: h, bitrate: 4e6, framerate: fps };
      try { if ((await VideoEncoder.isConfigSupported(config)).supported) return { config, id }; } catch (e) { /* next */ }
    }
    return null;
  }
  /** @param {RecordArgs} args @param {Job} job @returns {Promise<Blob>} */
  function recordFrames({ from, fps, comp, paint, progress, stepAt, seconds }, job) {
    return new Promise((resolve, reject) => {
      const total = Math.round(seconds * fps);
      /** @type {Chunk[]} */
      const chunks = [];
      /** @type {VideoEncoder | null} */
      let encoder = null;
      /** @type {{ config: VideoEncoderConfig, id: string } | null} */
      let picked = null;
      let done = false, k = 0, shown = from, t0 = -1;
      /** @param {unknown} e */
      const fail = (e) => {
        if (done) return;
        done = true;
        ds.off('frame', onFrame);
        if (encoder && encoder.state !== 'closed') encoder.close();
        reject(e);
      };
      job.cancel = () => { if (ds.playing) ds.pause(); fail(Object.assign(new Error(t('video.cancelled')), { cancelled: true })); };
      function onFrame() {
        if (done || !encoder || !picked) return;
        const enc = encoder, codecId = picked.id;
        const now = performance.now();
        if (t0 < 0) { if (ds.step !== from) return; t0 = now; }
        try {
          // the frames due by now; a frame of another step waits for the
          // view to draw that step (the next frame)
          while (k < total && (k * 1000) / fps <= now - t0) {
            const s = stepAt((k * 1000) / fps);
            if (s !== shown) { ds.seek(s, s === shown + 1); shown = s; return; }
            if (enc.encodeQueueSize > 30) return; // the encoder is behind: later
            paint();
            const f = new VideoFrame(comp, { timestamp: Math.round((k * 1e6) / fps), duration: Math.round(1e6 / fps) });
            enc.encode(f, { keyFrame: k % fps === 0 });
            f.close();
            k++;
          }
          progress();
        } catch (e) { fail(e); return; }
        if (k < total) return;
        ds.off('frame', onFrame);
        enc.flush().then(() => {
          if (done) return;
          done = true;
          enc.close();
          resolve(new Blob([webm(chunks, codecId, comp.width, comp.height, (total * 1000) / fps)], { type: 'video/webm' }));
        }, fail);
      }
      pickCodec(comp.width, comp.height, fps).then((p) => {
        if (done) return;
        if (!p) { fail(new Error(t('video.unsupported'))); return; }
        picked = p;
        encoder = new VideoEncoder({
          output: (chunk) => {
            const data = new Uint8Array(chunk.byteLength);
            chunk.copyTo(data);
            chunks.push({ key: chunk.type === 'key', ms: Math.round(chunk.timestamp / 1000), data });
          },
          error: (e) => fail(e),
        });
        encoder.configure(p.config);
        ds.pause();
        ds.seek(from, false);
        ds.on('frame', onFrame);
      }, fail);
    });
  }

  // A WebM (Matroska) file of VP8/VP9 frames: the EBML header, the segment's
  // Info (with the duration), one track, a cluster from each key frame, and
  // cues to the clusters (https://www.matroska.org/technical/elements.html).
  /** @param {Chunk[]} chunks @param {string} codecId @param {number} width @param {number} height @param {number} durationMs */
  function webm(chunks, codecId, width, height, durationMs) {
    const enc = new TextEncoder();
    /** @param {Uint8Array[]} parts */
    const cat = (parts) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) { out.set(p, at); at += p.length; }
      return out;
    };
    /** @param {number} id */
    const idBytes = (id) => { const b = []; for (let v = id; v > 0; v = Math.floor(v / 256)) b.unshift(v & 255); return b; };
    /** @param {number} v */
    const uintBytes = (v) => { const b = []; do { b.unshift(v & 255); v = Math.floor(v / 256); } while (v > 0); return b; };
    /** @param {number} n */
    const size = (n) => { // EBML variable-length size
      let len = 1;
      while (n >= 2 ** (7 * len) - 1) len++;
      const b = [];
      for (let i = 0, v = n; i < len; i++, v = Math.floor(v / 256)) b.unshift(v & 255);
      b[0] |= 1 << (8 - len);
      return b;
    };
    /** @param {number} id @param {Uint8Array | Uint8Array[]} body */
    const el = (id, body) => {
      const data = body instanceof Uint8Array ? body : Array.isArray(body) ? cat(body) : new Uint8Array(body);
      return cat([new Uint8Array(idBytes(id)), new Uint8Array(size(data.length)), data]);
    };
    /** @param {number} id @param {number} v */
    const uint = (id, v) => el(id, new Uint8Array(uintBytes(v)));
    /** @param {number} id @param {string} s */
    const str = (id, s) => el(id, enc.encode(s));
    /** @param {number} id @param {number} v */
    const float = (id, v) => { const b = new Uint8Array(8); new DataView(b.buffer).setFloat64(0, v); return el(id, b); };
    const header = el(0x1a45dfa3, [uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8),
      str(0x4282, 'webm'), uint(0x4287, 4), uint(0x4285, 2)]);
    const info = el(0x1549a966, [uint(0x2ad7b1, 1e6), str(0x4d80, 'deckscope'), str(0x5741, 'deckscope'), float(0x4489, durationMs)]);
    const tracks = el(0x1654ae6b, [el(0xae, [uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), str(0x86, codecId), uint(0x9c, 0),
      el(0xe0, [uint(0xb0, width), uint(0xba, height)])])]);
    /** @type {{ ms: number, blocks: Uint8Array[] }[]} */
    const clusters = [];
    /** @type {{ ms: number, blocks: Uint8Array[] } | null} */
    let cur = null;
    for (const c of chunks) {
      if (!cur || c.key || c.ms - cur.ms > 30000) { cur = { ms: c.ms, blocks: [] }; clusters.push(cur); }
      const rel = c.ms - cur.ms;
      cur.blocks.push(el(0xa3, [new Uint8Array([0x81, (rel >> 8) & 255, rel & 255, c.key ? 0x80 : 0]), c.data]));
    }
    let pos = info.length + tracks.length;
    /** @type {Uint8Array[]} */
    const cues = [];
    const parts = clusters.map((cl) => {
      const e = el(0x1f43b675, [uint(0xe7, cl.ms), ...cl.blocks]);
      cues.push(el(0xbb, [uint(0xb3, cl.ms), el(0xb7, [uint(0xf7, 1), uint(0xf1, pos)])]));
      pos += e.length;
      return e;
    });
    return cat([header, el(0x18538067, [info, tracks, ...parts, el(0x1c53bb6b, cues)])]);
  }

  // MediaRecorder (a browser without WebCodecs): the canvas recorded in real
  // time; the length is about videoSeconds (the recorder stamps frames by the
  // clock).
  /** @param {string} type @param {RecordArgs} args @param {Job} job @returns {Promise<Blob>} */
  function recordStream(type, { from, comp, fps, paint, progress, stepAt, seconds }, job) {
    return new Promise((resolve, reject) => {
      const stream = comp.captureStream(fps);
      const rec = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4e6 });
      /** @type {Blob[]} */
      const chunks = [];
      let raf = 0, cancelled = false, shown = from;
      const start = performance.now();
      const loop = () => {
        const s = stepAt(performance.now() - start);
        if (s !== shown) { ds.seek(s, s === shown + 1); shown = s; }
        paint();
        progress();
        if (performance.now() - start >= seconds * 1000) { if (rec.state !== 'inactive') rec.stop(); return; }
        raf = requestAnimationFrame(loop);
      };
      const cleanup = () => { cancelAnimationFrame(raf); for (const tr of stream.getTracks()) tr.stop(); };
      rec.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
      rec.onstop = () => {
        cleanup();
        if (cancelled) { reject(Object.assign(new Error(t('video.cancelled')), { cancelled: true })); return; }
        resolve(new Blob(chunks, { type: 'video/webm' }));
      };
      rec.onerror = (e) => {
        cleanup();
        // (a MediaRecorderErrorEvent: its error, a DOMException)
        const err = 'error' in e ? e.error : null;
        const msg = err && typeof err === 'object' && 'message' in err ? err.message : null;
        reject(new Error((msg && String(msg)) || 'MediaRecorder failed'));
      };
      job.cancel = () => { cancelled = true; if (ds.playing) ds.pause(); if (rec.state !== 'inactive') rec.stop(); };
      ds.pause();
      ds.seek(from, false);
      paint();
      rec.start(250);
      loop();
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
  /** @param {string} key @param {HTMLElement} input */
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
    plan.textContent = t('video.plan', { n: b - a, s: ds.videoSeconds(a, b, Number(speedSel.value)).toFixed(1) });
  }
  for (const e of [fromIn, toIn, speedSel]) e.addEventListener('input', updatePlan);
  /** @type {string | null} */
  let url = null;
  btn.addEventListener('click', () => {
    fromIn.max = toIn.max = String(ds.steps);
    fromIn.value = String(ds.step);
    toIn.value = String(Math.min(ds.steps, ds.step + 10));
    speedSel.value = [0.5, 1, 2, 4, 8].includes(ds.speed) ? String(ds.speed) : '1';
    status.textContent = canRecord() ? '' : t('video.unsupported');
    startBtn.disabled = !canRecord();
    updatePlan();
    if (typeof dialog.showModal === 'function') dialog.showModal(); else dialog.setAttribute('open', '');
  });
  dialog.addEventListener('close', cancelVideo);
  startBtn.addEventListener('click', async () => {
    const [a, b] = range();
    startBtn.disabled = true; cancelBtn.hidden = false; save.hidden = true; progress.hidden = false; progress.value = 0;
    try {
      const blob = await exportVideo({ from: a, to: b, fps: Number(fpsSel.value), speed: Number(speedSel.value), caption: capBox.checked,
        onProgress: (f, step, to) => { progress.value = f; status.textContent = t('video.progress', { step, to }); } });
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(blob);
      save.href = url;
      save.download = `${ds.game}-steps-${a}-${b}.webm`;
      save.hidden = false;
      status.textContent = t('video.done', { size: Math.round(blob.size / 1024), s: ds.videoSeconds(a, b, Number(speedSel.value)).toFixed(1) });
    } catch (err) {
      const e = /** @type {Error & { cancelled?: boolean }} */ (err);
      status.textContent = e.cancelled ? t('video.cancelled') : t('video.failed', { msg: e.message });
    } finally {
      startBtn.disabled = false; cancelBtn.hidden = true; progress.hidden = true;
    }
  });
});
